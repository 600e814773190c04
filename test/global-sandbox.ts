// One folder for the whole run, in the temp folder: every test file's sandbox (test/setup.ts) is
// made inside it, and it is removed when the run ends. A file whose tests are all skipped (no
// tmux, no sshd) runs no afterAll, so its sandbox would otherwise stay behind. The global setup of
// `npm test` (global-setup.ts) calls it after the build; `npm run test:unit` names it itself.
import {mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export default function setup(): () => void {
	// Set before any worker starts: the workers inherit it.
	const root = mkdtempSync(path.join(os.tmpdir(), 'agentlog-run-'));
	process.env.AGENTLOG_TEST_TMP_ROOT = root;
	return () => {
		rmSync(root, {recursive: true, force: true, maxRetries: 3});
	};
}
