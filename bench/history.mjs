// `agentlog history` and `stats` over a generated history of 10,000 agents / 100,000 events in
// 500 sessions (event logs written as the hook writes them), timed as whole processes beside
// `node -e 0`, with each process's CPU time (user + system: steadier than wall time on a shared
// machine) and peak RSS, both from the child's own process.resourceUsage() at exit. Goals: ≤ 1 s
// each, ≤ 150 MB RSS.
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {spawnSync} from 'node:child_process';
import {cleanEnv, fmt, ratio, summary} from './lib.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const cli = path.join(root, 'bin', 'agentlog.js');
const SESSIONS = 500;
const AGENTS_PER_SESSION = 20;
const TYPES = ['Explore', 'Plan', 'general-purpose', 'worker', 'reviewer', 'tester'];
const MODELS = ['haiku', 'sonnet', 'opus'];
const TIME_GOAL_MS = 1000;
const RSS_GOAL_MB = 150;

/** One line as the hook writes it (the same field order as formatEventLine). */
function line(fields) {
	const {v = 1, at, event, sessionId, agentId, type, state, data, cwd, git} = fields;
	return `${JSON.stringify({v, at, event, sessionId, agentId, type, state, data, cwd, git})}\n`;
}

/** 10 lines per agent (start, launch, idle/active, stop, result, a repeated stop), some interrupted, some resumed, some long reports; a SessionStart and a SessionEnd per session. */
export function generate(activity, now) {
	let events = 0;
	let agents = 0;
	const report = `## Findings\n\n${'The module is clean; nothing to fix. '.repeat(80)}`;
	for (let s = 0; s < SESSIONS; s++) {
		const sessionId = `${s.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`;
		const dir = path.join(activity, sessionId);
		mkdirSync(dir, {recursive: true});
		const t0 = now - (SESSIONS - s) * 3_600_000;
		const iso = ms => new Date(ms).toISOString();
		const cwd = '/home/u/shop';
		let text = line({at: iso(t0), event: 'SessionStart', sessionId, data: {source: s % 7 === 0 ? 'resume' : 'startup', model: 'sonnet'}, cwd});
		events++;
		for (let a = 0; a < AGENTS_PER_SESSION; a++) {
			const n = s * AGENTS_PER_SESSION + a;
			const agentId = `a${n.toString(16).padStart(16, '0')}`;
			const type = TYPES[n % TYPES.length];
			const start = t0 + 1000 + a * 60_000;
			const git = {head: (n * 2654435761).toString(16).padStart(40, '0').slice(0, 40), branch: 'main'};
			const interrupted = n % 10 === 3;
			const resumed = n % 10 === 5;
			const base = {sessionId, agentId, type, cwd, git};
			const lines = [
				{...base, at: iso(start), event: 'SubagentStart', state: 'active'},
				{
					...base,
					at: iso(start + 5),
					event: 'PostToolUse',
					data: {
						toolUseId: `toolu_${n}`,
						description: `Review module ${n}`,
						prompt: `Review module ${n} for bugs and report. `.repeat(10),
						subagentType: type,
						model: MODELS[n % MODELS.length],
						runInBackground: true,
						status: 'async_launched',
					},
				},
				{...base, at: iso(start + 10_000), event: 'TeammateIdle', state: 'idle', data: {teammateName: `mate-${a}`, teamName: 'team'}},
				{...base, at: iso(start + 12_000), event: 'SubagentStart', state: 'active'},
				{...base, at: iso(start + 20_000), event: 'TeammateIdle', state: 'idle', data: {teammateName: `mate-${a}`, teamName: 'team'}},
				{...base, at: iso(start + 22_000), event: 'SubagentStart', state: 'active'},
			];
			if (interrupted) {
				lines.push(
					{...base, at: iso(start + 25_000), event: 'TeammateIdle', state: 'idle', data: {teammateName: `mate-${a}`}},
					{...base, at: iso(start + 26_000), event: 'SubagentStart', state: 'active'},
					{...base, at: iso(start + 27_000), event: 'TeammateIdle', state: 'idle', data: {teammateName: `mate-${a}`}},
					{...base, at: iso(start + 28_000), event: 'SubagentStart', state: 'active'},
				);
			} else {
				const lastMessage = n % 10 === 1 ? report : `Done with module ${n}.`;
				const stop = {
					...base,
					at: iso(start + 30_000 + (n % 50) * 1000),
					event: 'SubagentStop',
					state: 'stopped',
					data: {lastMessage, agentTranscriptPath: `/t/${agentId}.jsonl`},
				};
				lines.push(stop, {
					...base,
					at: iso(start + 31_000 + (n % 50) * 1000),
					event: 'PostToolUse',
					data: {toolUseId: `toolu_${n}`, status: 'completed', totalTokens: 1000 + n, totalToolUseCount: n % 30, totalDurationMs: 30_000},
				});
				if (resumed) {
					lines.push(
						{...base, at: iso(start + 40_000 + (n % 50) * 1000), event: 'SubagentStart', state: 'active'},
						{...base, at: iso(start + 50_000 + (n % 50) * 1000), event: 'SubagentStop', state: 'stopped', data: {lastMessage: 'Done again.'}},
					);
				} else {
					lines.push({...stop, at: iso(start + 32_000 + (n % 50) * 1000)}, {...stop, at: iso(start + 33_000 + (n % 50) * 1000)});
				}
			}
			text += lines.map(line).join('');
			events += lines.length;
			agents++;
		}
		text += line({at: iso(t0 + 3_000_000), event: 'SessionEnd', sessionId, data: {reason: 'prompt_input_exit'}, cwd});
		events++;
		writeFileSync(path.join(dir, 'events.jsonl'), text);
	}
	return {agents, events};
}

/** Runs a command, returns {ms, rssMb} (peak RSS from the child's own process.resourceUsage at exit). */
function measure(args, env, probe) {
	const t0 = process.hrtime.bigint();
	const r = spawnSync(process.execPath, ['--import', probe, ...args], {env, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8'});
	const ms = Number(process.hrtime.bigint() - t0) / 1e6;
	if (r.status !== 0) {
		throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
	}
	const found = /agentlog-bench-rss (\d+) (\d+)/.exec(r.stderr);
	return {ms, rssMb: found ? Number(found[1]) / 1024 : Number.NaN, cpuMs: found ? Number(found[2]) / 1000 : Number.NaN};
}

export async function runHistoryBench({rounds = 3} = {}) {
	const tmp = mkdtempSync(path.join(os.tmpdir(), 'agentlog-bench-history-'));
	const lines = [];
	let ok = true;
	try {
		const activity = path.join(tmp, 'activity');
		const now = Date.parse('2026-03-01T12:00:00Z');
		const t0 = Date.now();
		const {agents, events} = generate(activity, now);
		const probe = path.join(tmp, 'rss-probe.mjs');
		writeFileSync(
			probe,
			"process.on('exit', () => { const u = process.resourceUsage(); process.stderr.write(`agentlog-bench-rss ${u.maxRSS} ${u.userCPUTime + u.systemCPUTime}\\n`); });\n",
		);
		const env = cleanEnv({HOME: tmp, CLAUDE_CONFIG_DIR: path.join(tmp, '.claude'), AGENTLOG_DIR: activity, AGENTLOG_NOW: new Date(now).toISOString()});
		const runs = [
			['node -e 0', ['-e', '0']],
			['history --json', [cli, 'history', '--json']],
			['history (text)', [cli, 'history']],
			['stats --json', [cli, 'stats', '--json']],
			['history --events --json', [cli, 'history', '--events', '--json']],
		];
		lines.push(
			`history over ${agents.toLocaleString('en')} agents / ${events.toLocaleString('en')} events in ${SESSIONS} sessions (generated in ${Date.now() - t0} ms)`,
		);
		let floor;
		for (const [name, args] of runs) {
			const samples = [];
			const cpu = [];
			let rss = 0;
			for (let i = 0; i < rounds; i++) {
				const m = measure(args, env, probe);
				samples.push(m.ms);
				cpu.push(m.cpuMs);
				rss = Math.max(rss, m.rssMb);
			}
			const median = summary(samples).median;
			floor ??= median;
			const goal = name.startsWith('node') || name.includes('--events') ? '' : `   (goal ≤ ${TIME_GOAL_MS} ms, ≤ ${RSS_GOAL_MB} MB)`;
			if (goal && (median > TIME_GOAL_MS || rss > RSS_GOAL_MB)) {
				ok = false;
			}
			lines.push(
				`  ${name.padEnd(24)} median ${fmt(median).padStart(10)}  ${ratio(median, floor).padStart(7)}  CPU ${fmt(summary(cpu).median).padStart(10)}  max RSS ${rss.toFixed(0)} MB${goal}`,
			);
		}
	} finally {
		rmSync(tmp, {recursive: true, force: true});
	}
	return {lines, ok};
}
