// `npm run bench replay`: `agentlog replay <session>` vs `agentlog watch <session>` on the same
// session (20 agents, a 400-line event log, agent files as the hook leaves them), each in a real
// pty: time to the first frame and RSS then, interleaved, beside `node -e 0`. Replay reads and
// folds the log before its first frame; watch reads the agent files.
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {cleanEnv, fmt, ratio, summary, timeRun} from './lib.mjs';
import {rssMb, startInPty, writeAgent} from './pty.mjs';

const SESSION = '5e55b0b0-7b4e-4d21-9c55-0e8d1a6b2f47';

function makeSession(activity) {
	const dir = path.join(activity, SESSION);
	mkdirSync(dir, {recursive: true});
	const t0 = Date.now() - 3_600_000;
	const lines = [];
	for (let i = 0; i < 20; i++) {
		const agentId = `a${String(i).padStart(16, '0')}`;
		const type = ['Explore', 'Plan', 'general-purpose'][i % 3];
		const at = s => new Date(t0 + i * 60_000 + s * 1000).toISOString();
		lines.push({v: 1, at: at(0), event: 'SubagentStart', sessionId: SESSION, agentId, type, state: 'active', cwd: '/home/dev/acme'});
		for (let k = 1; k < 19; k++) {
			lines.push({v: 1, at: at(k), event: 'TeammateIdle', sessionId: SESSION, agentId, type, state: 'idle', data: {teammateName: agentId}});
		}
		lines.push({
			v: 1,
			at: at(30),
			event: 'SubagentStop',
			sessionId: SESSION,
			agentId,
			type,
			state: 'stopped',
			data: {lastMessage: `## Done ${i}\n\n${'Found things. '.repeat(40)}`},
		});
		writeAgent(dir, agentId, type, 'stopped');
	}
	writeFileSync(path.join(dir, 'events.jsonl'), lines.map(l => `${JSON.stringify(l)}\n`).join(''));
}

export async function runReplayBench({rounds = 10} = {}) {
	const tmp = mkdtempSync(path.join(os.tmpdir(), 'agentlog-bench-replay-'));
	try {
		const activity = path.join(tmp, 'activity');
		makeSession(activity);
		const env = cleanEnv({AGENTLOG_DIR: activity, HOME: tmp, XDG_STATE_HOME: path.join(tmp, 'state')});
		const base = [];
		const times = {watch: [], replay: []};
		const rss = {watch: [], replay: []};
		for (let i = 0; i < rounds; i++) {
			base.push(timeRun(process.execPath, ['-e', '0'], {env}));
			for (const name of i % 2 === 0 ? ['watch', 'replay'] : ['replay', 'watch']) {
				const app = startInPty(`${name} ${SESSION}`, env);
				times[name].push(await app.waitFor('agentlog · session'));
				rss[name].push(rssMb(app.nodePid()));
				await app.stop();
			}
		}
		const b = summary(base);
		const w = summary(times.watch);
		const r = summary(times.replay);
		return {
			lines: [
				'replay: first frame in a pty, one session of 20 agents and 400 log lines',
				`  node -e 0              median ${fmt(b.median)}`,
				`  watch <session>        median ${fmt(w.median)}  p95 ${fmt(w.p95)}   RSS ${summary(rss.watch).median.toFixed(0)} MB`,
				`  replay <session>       median ${fmt(r.median)}  p95 ${fmt(r.p95)}   RSS ${summary(rss.replay).median.toFixed(0)} MB   (${ratio(r.median, w.median)} watch; target ≤ 1.5×)`,
			],
			ok: r.median <= 1.5 * w.median,
		};
	} finally {
		rmSync(tmp, {recursive: true, force: true});
	}
}
