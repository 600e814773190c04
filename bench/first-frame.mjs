// `npm run bench first-frame`: `agentlog watch` on an empty folder in a real pty, time to the first
// frame and memory then, vs `node -e 0` in the same run (a quicker figure than the whole watch bench).
import {mkdirSync, mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {cleanEnv, fmt, ratio, summary, timeRun} from './lib.mjs';
import {rssMb, startInPty} from './pty.mjs';

export async function runFirstFrameBench({rounds = 15} = {}) {
	const tmp = mkdtempSync(path.join(os.tmpdir(), 'agentlog-bench-first-'));
	try {
		const empty = path.join(tmp, 'empty');
		mkdirSync(empty);
		const env = cleanEnv({AGENTLOG_DIR: empty, HOME: tmp, XDG_STATE_HOME: path.join(tmp, 'state')});
		const base = [];
		const first = [];
		const rss = [];
		for (let i = 0; i < rounds; i++) {
			base.push(timeRun(process.execPath, ['-e', '0'], {env}));
			const app = startInPty('', env);
			first.push(await app.waitFor('Waiting for the first subagent'));
			rss.push(rssMb(app.nodePid()));
			await app.stop();
		}
		const b = summary(base);
		const f = summary(first);
		const lines = [
			'first-frame: watch in a pty (empty folder)',
			`  node -e 0            median ${fmt(b.median)}`,
			`  first frame          median ${fmt(f.median)}  p95 ${fmt(f.p95)}   (${ratio(f.median, b.median)} node -e 0; target ≤ 250 ms)`,
			`  RSS at first frame   median ${summary(rss).median.toFixed(0)} MB`,
		];
		return {lines, ok: f.median <= 250};
	} finally {
		rmSync(tmp, {recursive: true, force: true});
	}
}
