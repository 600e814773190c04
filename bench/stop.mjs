// The user's stop (`agentlog stop`, `x` in watch), as Claude Code runs the hook for it:
//  1. A tool call with `install-hook --control` on and nothing pending: the launcher run as Claude
//     Code runs it (`sh agent-spy.sh --control`, the PreToolUse payload on stdin). Without an
//     agentlog hook the call costs nothing of this, so its whole wall time is what it adds. Target:
//     ≤ 5 ms at p95. Beside it `sh -c :`, the floor of any command hook.
//  2. The run that carries a stop out (a PreToolUse of a covered agent: stop file read and
//     checked, the agent file and the event log written, the deny answer printed) against
//     `node -e 0` of the same round. Target: median ≤ 1.3×.
// Both with the built hook (hooks/agent-spy.cjs) and the launcher, installed in a temp folder.
import {chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {cleanEnv, fmt, ratio, summary, timeRun} from './lib.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const IDLE_P95_MS = 5;
const TARGET = 1.3;

function stopFile(sessionId, agentId, nowMs) {
	return `${JSON.stringify({
		v: 1,
		kind: 'agentlog-stop',
		sessionId,
		requests: [{id: 'bench1', agents: [agentId], runs: [], requestedAt: new Date(nowMs).toISOString(), expiresAt: new Date(nowMs + 60_000).toISOString()}],
	})}\n`;
}

export function runStopBench({rounds = 40} = {}) {
	const tmp = mkdtempSync(path.join(os.tmpdir(), 'agentlog-bench-stop-'));
	try {
		const launcher = path.join(tmp, 'agent-spy.sh');
		writeFileSync(launcher, readFileSync(path.join(root, 'hooks/agent-spy.sh'), 'utf8').replace('@AGENTLOG_NODE@', process.execPath));
		chmodSync(launcher, 0o755);
		for (const name of ['agent-spy.cjs', 'agent-prune.cjs']) {
			copyFileSync(path.join(root, 'hooks', name), path.join(tmp, name));
		}
		const activity = path.join(tmp, 'activity');
		mkdirSync(activity, {recursive: true});
		const env = cleanEnv({AGENTLOG_DIR: activity, HOME: tmp});
		const payload = (sessionId, agentId) =>
			JSON.stringify({
				session_id: sessionId,
				transcript_path: path.join(tmp, 'projects', `${sessionId}.jsonl`),
				cwd: tmp,
				hook_event_name: 'PreToolUse',
				agent_id: agentId,
				agent_type: 'general-purpose',
				tool_name: 'Bash',
				tool_input: {command: 'ls -la'},
				tool_use_id: 'toolu_bench',
			});
		// Warm-up: the code cache and the file system.
		timeRun('sh', [launcher, '--control'], {input: payload('s0', 'a0'), env});
		const idle = [];
		const floor = [];
		for (let i = 0; i < rounds * 5; i++) {
			floor.push(timeRun('sh', ['-c', ':'], {env}));
			idle.push(timeRun('sh', [launcher, '--control'], {input: payload(`s${i}`, 'a1'), env}));
		}
		const carry = [];
		const node = [];
		for (let i = 0; i < rounds; i++) {
			const sessionId = `stop-${i}`;
			const now = Date.now();
			mkdirSync(path.join(activity, sessionId), {recursive: true});
			writeFileSync(
				path.join(activity, sessionId, 'a1.json'),
				JSON.stringify({
					agentId: 'a1',
					type: 'general-purpose',
					status: 'active',
					startedAt: new Date(now - 5000).toISOString(),
					updatedAt: new Date(now - 1000).toISOString(),
				}),
			);
			mkdirSync(path.join(activity, '.stop-requests'), {recursive: true, mode: 0o700});
			writeFileSync(path.join(activity, '.stop-requests', `${sessionId}.json`), stopFile(sessionId, 'a1', now), {mode: 0o600});
			writeFileSync(path.join(activity, '.stop-pending'), '', {mode: 0o600});
			node.push(timeRun(process.execPath, ['-e', '0'], {env}));
			carry.push(timeRun('sh', [launcher, '--control'], {input: payload(sessionId, 'a1'), env}));
		}
		// On a shared machine any process start has a long tail (`sh -c :` too): the pairs tell what the launcher adds.
		const added = summary(idle.map((ms, i) => ms - floor[i]));
		const idleS = summary(idle);
		const floorS = summary(floor);
		const carryS = summary(carry);
		const nodeS = summary(node);
		const idleOk = idleS.p95 <= IDLE_P95_MS || added.p95 <= IDLE_P95_MS;
		const carryOk = carryS.median <= TARGET * nodeS.median;
		return {
			ok: idleOk && carryOk,
			lines: [
				`idle tool call (--control, nothing pending): median ${fmt(idleS.median)}, p95 ${fmt(idleS.p95)}; over \`sh -c :\` of the same round (median ${fmt(floorS.median)}, p95 ${fmt(floorS.p95)}): median ${fmt(added.median)}, p95 ${fmt(added.p95)} (target ≤ ${IDLE_P95_MS} ms at p95: ${idleOk ? 'met' : 'MISSED'})`,
				`stop carried out: median ${fmt(carryS.median)} vs node -e 0 ${fmt(nodeS.median)} = ${ratio(carryS.median, nodeS.median)} (target ≤ ${TARGET}×: ${carryOk ? 'met' : 'MISSED'})`,
			],
		};
	} finally {
		rmSync(tmp, {recursive: true, force: true});
	}
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	const result = runStopBench({rounds: Number(process.env.AGENTLOG_BENCH_ROUNDS) || 40});
	console.log(result.lines.join('\n'));
	process.exitCode = result.ok ? 0 : 1;
}
