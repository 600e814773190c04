// Runs before every test file. No test may touch the real ~/.claude or ~/.local/state, so HOME
// and every folder agentlog resolves point into a fresh temporary folder per test file; so does
// TMPDIR, for what the tests' child processes make there. The folder goes when the file's tests
// are done: a run leaves nothing in the temp folder.
import {mkdirSync, mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll} from 'vitest';

// The run's folder (test/global-sandbox.ts), else the temp folder as the run found it: a worker
// that runs several files keeps each one's sandbox there, not inside the sandbox of the file
// before (gone by then).
process.env.AGENTLOG_TEST_TMP_ROOT ??= os.tmpdir();
const sandbox = mkdtempSync(path.join(process.env.AGENTLOG_TEST_TMP_ROOT, 'agentlog-test-'));
/** Removing a file's sandbox (some tests leave 20,000 files) may take long on a loaded machine. */
const SANDBOX_REMOVAL_MS = 120_000;
afterAll(() => {
	rmSync(sandbox, {recursive: true, force: true, maxRetries: 3});
}, SANDBOX_REMOVAL_MS);
mkdirSync(path.join(sandbox, 'tmp'));
process.env.TMPDIR = path.join(sandbox, 'tmp');
process.env.HOME = path.join(sandbox, 'home');
process.env.CLAUDE_CONFIG_DIR = path.join(sandbox, 'home', '.claude');
process.env.AGENTLOG_DIR = path.join(sandbox, 'home', '.claude', 'agent-activity');
process.env.XDG_STATE_HOME = path.join(sandbox, 'home', '.local', 'state');
// Nor the user's own prices file ($XDG_CONFIG_HOME/agentlog/prices.json).
process.env.XDG_CONFIG_HOME = path.join(sandbox, 'home', '.config');
// Nor the real Codex folder: its rollouts would show as sessions.
process.env.CODEX_HOME = path.join(sandbox, 'home', '.codex');
// Nor the real opencode database ($XDG_DATA_HOME/opencode/opencode.db).
process.env.XDG_DATA_HOME = path.join(sandbox, 'home', '.local', 'share');
process.env.AGENTLOG_TEST_SANDBOX = sandbox;
// Ink prints only the last frame when CI is set; tests want it to render as in a terminal. Tests
// that must know they run in CI (a missing tmux fails there) read AGENTLOG_TEST_CI.
if (process.env.CI && process.env.CI !== 'false' && process.env.CI !== '0') {
	process.env.AGENTLOG_TEST_CI = '1';
}
delete process.env.CI;
process.env.FORCE_COLOR = '0';
delete process.env.NODE_EXTRA_CA_CERTS;
