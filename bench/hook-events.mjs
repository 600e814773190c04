// Hook cost per event, event by event, with the real Claude Code 2.1.328 payloads of
// test/fixtures/claude (workflow, background, foreground): a session's first SessionStart (its
// folder not made yet), PostToolUse of a background Agent call, SubagentStart, StopFailure of a
// workflow agent that died on an API error, SubagentStop, PostToolUse of a foreground call, and
// SessionEnd, each as a whole process (the installed launcher agent-spy.sh → agent-spy.cjs,
// payload on stdin) right after a `node -e 0` of the same round. A new session per round; cwd is
// this repository (its git state is read); transcript paths point at a copy of the fixtures'
// files. Target: each event's median ≤ 1.2× `node -e 0`'s. Beside it, CPU time (user + system,
// the child's own accounting: steadier than wall time when the machine is shared): the bundled
// script and `node -e 0`, both with the same small exit probe preloaded (--require).
// AGENTLOG_BENCH_HOOK and AGENTLOG_BENCH_LAUNCHER: another build's agent-spy.cjs and agent-spy.sh.
// AGENTLOG_BENCH_NOTIFY=1 runs the hook with notifications on (--notify, as install-hook --notify
// writes it): the notify state read and written, and the session's agents read on a stop.
import {chmodSync, copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {spawnSync} from 'node:child_process';
import {cleanEnv, fmt, ratio, summary, timeRun} from './lib.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const fixtures = path.join(root, 'test', 'fixtures', 'claude');
const TARGET = 1.2;

/** The recorded payloads of a fixture scenario, and its root as recorded. */
function payloads(scenario) {
	const manifest = JSON.parse(readFileSync(path.join(fixtures, 'manifest.json'), 'utf8'));
	const recordedRoot = manifest.scenarios[scenario].root;
	const list = readFileSync(path.join(fixtures, scenario, 'hook-payloads.jsonl'), 'utf8')
		.split('\n')
		.filter(Boolean)
		.map(line => JSON.parse(line));
	return {recordedRoot, list};
}

function pick(list, event, test = () => true) {
	const found = list.find(p => p.hook_event_name === event && test(p));
	if (!found) {
		throw new Error(`no ${event} payload in the fixtures`);
	}
	return found;
}

export function runHookEventsBench({rounds = 30} = {}) {
	const tmp = mkdtempSync(path.join(os.tmpdir(), 'agentlog-bench-hook-events-'));
	try {
		const launcher = path.join(tmp, 'agent-spy.sh');
		writeFileSync(
			launcher,
			readFileSync(process.env.AGENTLOG_BENCH_LAUNCHER || path.join(root, 'hooks/agent-spy.sh'), 'utf8').replace('@AGENTLOG_NODE@', process.execPath),
		);
		chmodSync(launcher, 0o755);
		copyFileSync(process.env.AGENTLOG_BENCH_HOOK || path.join(root, 'hooks/agent-spy.cjs'), path.join(tmp, 'agent-spy.cjs'));
		copyFileSync(path.join(root, 'hooks/agent-prune.cjs'), path.join(tmp, 'agent-prune.cjs'));
		const sources = {};
		for (const scenario of ['workflow', 'background', 'foreground']) {
			const {recordedRoot, list} = payloads(scenario);
			// The scenario's transcripts and .meta.json, where the rewritten paths point.
			const copy = path.join(tmp, 'fixtures', scenario);
			cpSync(path.join(fixtures, scenario, 'claude'), path.join(copy, 'claude'), {recursive: true});
			sources[scenario] = {recordedRoot, copy, list};
		}
		const {workflow: wf, background: bg, foreground: fg} = sources;
		const isAgentCall = status => p => p.tool_name === 'Agent' && p.tool_response?.status === status;
		const steps = [
			["SessionStart (the session's first)", wf, pick(wf.list, 'SessionStart')],
			['PostToolUse Agent (background)', bg, pick(bg.list, 'PostToolUse', isAgentCall('async_launched'))],
			['SubagentStart', bg, pick(bg.list, 'SubagentStart')],
			['SubagentStart (workflow agent)', wf, pick(wf.list, 'SubagentStart', p => p.agent_id === pick(wf.list, 'StopFailure').agent_id)],
			['StopFailure (workflow agent)', wf, pick(wf.list, 'StopFailure')],
			['SubagentStop', bg, pick(bg.list, 'SubagentStop')],
			['PostToolUse Agent (foreground, completed)', fg, pick(fg.list, 'PostToolUse', isAgentCall('completed'))],
			['SessionEnd', wf, pick(wf.list, 'SessionEnd')],
		];
		const env = cleanEnv({AGENTLOG_DIR: path.join(tmp, 'activity'), HOME: tmp, CLAUDE_CONFIG_DIR: path.join(tmp, 'claude')});
		const input = (source, payload, sessionId) => {
			// Paths into the copy; the round's session; this repository as the working folder.
			const text = JSON.stringify(payload).replaceAll(source.recordedRoot, source.copy);
			return JSON.stringify({...JSON.parse(text), session_id: sessionId, cwd: root});
		};
		// Preloaded with --require: an --import preload runs the main script through the ESM loader,
		// which made the hook cost ~20 % more CPU than without it (node -e 0 did not change).
		const probe = path.join(tmp, 'probe.cjs');
		writeFileSync(
			probe,
			"process.on('exit', () => { const u = process.resourceUsage(); process.stderr.write(`agentlog-bench-cpu ${u.userCPUTime + u.systemCPUTime}\\n`); });\n",
		);
		// A folder of their own: the CPU runs see the same states as the launcher runs, and the log shows each event once.
		const cpuEnv = {...env, AGENTLOG_DIR: path.join(tmp, 'activity-cpu')};
		const hookArgs = process.env.AGENTLOG_BENCH_NOTIFY ? ['--notify'] : [];
		const script = path.join(tmp, 'agent-spy.cjs');
		/** CPU ms of `node --require probe …args`, from the child's own resourceUsage at exit. */
		const cpuOf = (args, stdin) => {
			const r = spawnSync(process.execPath, ['--require', probe, ...args], {env: cpuEnv, input: stdin, encoding: 'utf8'});
			const found = /agentlog-bench-cpu (\d+)/.exec(r.stderr);
			if (r.status !== 0 || !found) {
				throw new Error(`node ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
			}
			return Number(found[1]) / 1000;
		};
		const base = [];
		const baseCpu = [];
		const byStep = steps.map(() => []);
		const ratios = steps.map(() => []);
		const cpuByStep = steps.map(() => []);
		// Round 0 is a warm-up: the activity folder, the daily-retention stamp and the code cache are made.
		for (let i = -1; i < rounds; i++) {
			const sessionId = `${String(i + 1).padStart(8, '0')}-6b0c-4f1e-9d2a-5c3b7e8f9a10`;
			steps.forEach(([, source, payload], k) => {
				const stdin = input(source, payload, sessionId);
				const b = timeRun(process.execPath, ['-e', '0'], {env});
				const h = timeRun(launcher, hookArgs, {env, input: stdin});
				const bc = cpuOf(['-e', '0'], '');
				const hc = cpuOf([script, ...hookArgs], stdin);
				if (i >= 0) {
					base.push(b);
					byStep[k].push(h);
					ratios[k].push(h / b);
					baseCpu.push(bc);
					cpuByStep[k].push(hc);
				}
			});
		}
		const log = readFileSync(path.join(tmp, 'activity', `${String(rounds).padStart(8, '0')}-6b0c-4f1e-9d2a-5c3b7e8f9a10`, 'events.jsonl'), 'utf8')
			.split('\n')
			.filter(Boolean)
			.map(line => JSON.parse(line).event);
		const b = summary(base).median;
		const bc = summary(baseCpu).median;
		const all = byStep.flat();
		const lines = [
			`hook per event${hookArgs.length > 0 ? ' with --notify' : ''}, real 2.1.328 payloads (${rounds} sessions × ${steps.length} events, each after a node -e 0)`,
			`  node -e 0                                  median ${fmt(b)}   CPU ${fmt(bc)}`,
		];
		let ok = true;
		steps.forEach(([name], k) => {
			const m = summary(byStep[k]).median;
			ok &&= m / b <= TARGET;
			lines.push(
				`  ${name.padEnd(42)} median ${fmt(m)}  p95 ${fmt(summary(byStep[k]).p95)}  ${ratio(m, b)} (pairwise ${summary(ratios[k]).median.toFixed(2)}×; target ≤ ${TARGET.toFixed(2)}×)   CPU ${fmt(summary(cpuByStep[k]).median)} ${ratio(summary(cpuByStep[k]).median, bc)}`,
			);
		});
		lines.push(
			`  all events                                 median ${fmt(summary(all).median)}  ${ratio(summary(all).median, b)}   CPU ${ratio(summary(cpuByStep.flat()).median, bc)}`,
			`  a session's log as written: ${log.join(', ')}`,
		);
		return {lines, ok};
	} finally {
		rmSync(tmp, {recursive: true, force: true});
	}
}
