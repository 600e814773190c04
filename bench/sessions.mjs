// `sessions --json` over 1,000 sessions × 20 agent files vs over one session, as a ratio (target
// ≤ 2×), the CLI as built: with its session cache filled (nothing changed since the last run), with
// one agent file changed (as the hook writes: a rename), and without a cache (every file read).
import {mkdtempSync, rmSync, utimesSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {cleanEnv, fmt, ratio, summary, timeRun} from './lib.mjs';
import {writeAgent} from './pty.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const cli = path.join(root, 'bin', 'agentlog.js');

function writeSessions(activity, sessions, agents) {
	const back = (Date.now() - 60_000) / 1000;
	for (let s = 0; s < sessions; s++) {
		const dir = path.join(activity, `${String(s).padStart(8, '0')}-7b4e-4d21-9c55-0e8d1a6b2f47`);
		for (let a = 0; a < agents; a++) {
			writeAgent(dir, `a${a}`, `T${a % 4}`, a % 3 === 0 ? 'active' : 'stopped');
			utimesSync(path.join(dir, `a${a}.json`), back, back);
		}
		utimesSync(dir, back, back);
	}
}

export async function runSessionsBench({rounds = 10} = {}) {
	const tmp = mkdtempSync(path.join(os.tmpdir(), 'agentlog-bench-sessions-'));
	const lines = [];
	try {
		const one = path.join(tmp, 'one');
		const big = path.join(tmp, 'big');
		writeSessions(one, 1, 20);
		writeSessions(big, 1000, 20);
		const envFor = (activity, state) => cleanEnv({AGENTLOG_DIR: activity, HOME: tmp, XDG_STATE_HOME: path.join(tmp, state)});
		const sessions = (activity, state) => timeRun(process.execPath, [cli, 'sessions', '--json'], {env: envFor(activity, state)});
		const base = [];
		const cliOne = [];
		const cliBig = [];
		const changed = [];
		const cold = [];
		// Fill the caches once.
		sessions(one, 'state-one');
		sessions(big, 'state-big');
		for (let i = 0; i < rounds; i++) {
			base.push(timeRun(process.execPath, ['-e', '0'], {env: envFor(one, 'state-one')}));
			cliOne.push(sessions(one, 'state-one'));
			cliBig.push(sessions(big, 'state-big'));
			// One agent file of one session changed (as the hook writes: a rename).
			const dir = path.join(big, `${String(i).padStart(8, '0')}-7b4e-4d21-9c55-0e8d1a6b2f47`);
			writeAgent(dir, 'a1', 'T1', 'idle');
			changed.push(sessions(big, 'state-big'));
			// No cache yet: every file read (and the cache written).
			cold.push(sessions(big, `state-cold-${i}`));
		}
		const [b, c1, cb, cc, c0] = [base, cliOne, cliBig, changed, cold].map(s => summary(s).median);
		lines.push(
			'sessions --json: 1,000 sessions × 20 agents vs one session (the CLI as built)',
			`  node -e 0                                  median ${fmt(b)}`,
			`  one session ${fmt(c1)}   1,000 × 20, cache filled ${fmt(cb)}   (${ratio(cb, c1)}; target ≤ 2×)`,
			`  1,000 × 20, one file changed               ${fmt(cc)}   (${ratio(cc, c1)})`,
			`  1,000 × 20, no cache (every file read)      ${fmt(c0)}   (${ratio(c0, c1)})`,
		);
		return {lines, ok: cb / c1 <= 2};
	} finally {
		rmSync(tmp, {recursive: true, force: true});
	}
}
