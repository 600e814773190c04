// `npm run bench waiting`: how soon watch shows an agent waiting after its PermissionRequest (issue
// 14: within 250 ms), in a real pty: the hook runs (the installed form), then the time from its
// exit to "◆ 1 waiting" on screen; a SubagentStart of the same agent clears it between rounds.
import {spawnSync} from 'node:child_process';
import {chmodSync, copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {cleanEnv, fmt, summary} from './lib.mjs';
import {startInPty} from './pty.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const SESSION = '6a1b2c3d-0000-4d21-9c55-0e8d1a6b2f47';

export async function runWaitingBench({rounds = 15} = {}) {
	const tmp = mkdtempSync(path.join(os.tmpdir(), 'agentlog-bench-waiting-'));
	try {
		const launcher = path.join(tmp, 'agent-spy.sh');
		writeFileSync(launcher, readFileSync(path.join(root, 'hooks/agent-spy.sh'), 'utf8').replace('@AGENTLOG_NODE@', process.execPath));
		chmodSync(launcher, 0o755);
		for (const name of ['agent-spy.cjs', 'agent-prune.cjs']) {
			copyFileSync(path.join(root, 'hooks', name), path.join(tmp, name));
		}
		const activity = path.join(tmp, 'activity');
		const env = cleanEnv({AGENTLOG_DIR: activity, HOME: tmp, XDG_STATE_HOME: path.join(tmp, 'state')});
		const hook = (event, extra) =>
			spawnSync(launcher, [], {
				env,
				input: JSON.stringify({session_id: SESSION, cwd: tmp, hook_event_name: event, agent_id: 'a1', agent_type: 'Explore', ...extra}),
			});
		hook('SubagentStart', {});
		const app = startInPty('', env, {columns: 100, rows: 24});
		await app.waitFor('● 1 active');
		const latency = [];
		for (let i = 0; i < rounds; i++) {
			const from = app.length;
			hook('PermissionRequest', {tool_name: 'Bash', tool_input: {command: `npm publish --tag r${i}`}});
			const done = app.elapsed();
			const shown = await app.waitFor(`r${i}`, from);
			latency.push(shown - done);
			const back = app.length;
			hook('SubagentStart', {});
			await app.waitFor('● 1 active', back);
		}
		await app.stop();
		const l = summary(latency);
		return {
			lines: [
				'waiting: from the PermissionRequest hook exiting to the agent shown waiting, in a pty',
				`  latency  median ${fmt(l.median)}  p95 ${fmt(l.p95)}   (target ≤ 250 ms)`,
			],
			ok: l.p95 <= 250,
		};
	} finally {
		rmSync(tmp, {recursive: true, force: true});
	}
}
