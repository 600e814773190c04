// The clock's cost: `agentlog watch` in a real pty with 8 active agents whose
// transcripts never change, so all that happens is the 1 s clock tick. CPU % per 30 s window and
// RSS at the start, 30, 60 and 90 s. A second, diagnostic run of the same build is preloaded with
// bench/heap-probe.mjs (node --expose-gc --import): the V8 heap used after a full GC tells real
// retention (it grows with every tick) from V8 sizing its heap (RSS settles, the heap is flat); a
// third run holds V8's young generation at 1 MB (--max-semi-space-size=1) to show how much of the
// RSS growth is the young generation growing to its 16 MB semi-spaces.
//
// AGENTLOG_BENCH_BASELINE=<path to another build's bin/agentlog.js> measures that build too, at
// the same time, so a before/after comparison shares the machine's noise (AGENTLOG_BENCH_ENTRY
// replaces this build).
import {appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {cleanEnv} from './lib.mjs';
import {cpuTicks, rssMb, sleep, startInPty, TICKS, writeAgent} from './pty.mjs';

const SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';
const probe = path.join(path.dirname(fileURLToPath(import.meta.url)), 'heap-probe.mjs');

/** A subagent transcript that stopped moving: its prompt, one tool call and its result. */
function transcript(agentId, i) {
	const at = new Date().toISOString();
	const base = {isSidechain: true, sessionId: SESSION, version: '2.1.240', agentId, cwd: '/home/dev/acme', timestamp: at};
	const lines = [
		{...base, type: 'user', message: {role: 'user', content: `Find every caller of handler${i} and say which ones skip validation`}},
		{
			...base,
			type: 'assistant',
			message: {
				model: 'claude-sonnet-4-5',
				id: `msg_${agentId}`,
				role: 'assistant',
				content: [{type: 'tool_use', id: `toolu_${agentId}`, name: 'Grep', input: {pattern: `handler${i}\\(`}}],
				usage: {input_tokens: 12, output_tokens: 80, cache_creation_input_tokens: 0, cache_read_input_tokens: 4000},
			},
		},
		{...base, type: 'user', message: {role: 'user', content: [{type: 'tool_result', tool_use_id: `toolu_${agentId}`, content: 'src/a.ts:12\nsrc/b.ts:40'}]}},
	];
	return lines.map(l => `${JSON.stringify(l)}\n`).join('');
}

/** Samples a running app at `marks` seconds after `t0`: CPU % over each window, RSS at each mark. */
async function sampleRun(app, marks) {
	const pid = app.nodePid();
	const start = {ticks: cpuTicks(pid), rss: rssMb(pid), at: Date.now()};
	const out = [{at: 0, rss: start.rss, cpu: undefined}];
	let last = start;
	for (const mark of marks) {
		await sleep(Math.max(0, start.at + mark * 1000 - Date.now()));
		const now = {ticks: cpuTicks(pid), rss: rssMb(pid), at: Date.now()};
		out.push({at: mark, rss: now.rss, cpu: ((now.ticks - last.ticks) / TICKS / ((now.at - last.at) / 1000)) * 100});
		last = now;
	}
	const total = ((last.ticks - start.ticks) / TICKS / ((last.at - start.at) / 1000)) * 100;
	return {samples: out, total};
}

export async function runClockBench({seconds = Number(process.env.AGENTLOG_BENCH_CLOCK_SECONDS ?? 90)} = {}) {
	const tmp = mkdtempSync(path.join(os.tmpdir(), 'agentlog-bench-clock-'));
	const lines = [];
	let ok = true;
	const apps = [];
	try {
		const claude = path.join(tmp, 'claude');
		const subagents = path.join(claude, 'projects', '-home-dev-acme', SESSION, 'subagents');
		mkdirSync(subagents, {recursive: true});
		const activity = path.join(tmp, 'activity');
		for (let i = 0; i < 8; i++) {
			const agentId = `a${i}0c9d8e7f6a5b4c3d2`;
			const file = path.join(subagents, `agent-${agentId}.jsonl`);
			appendFileSync(file, transcript(agentId, i));
			writeAgent(path.join(activity, SESSION), agentId, `Busy${i}`, 'active', {transcriptPath: file, cwd: '/home/dev/acme'});
		}
		const env = extra => cleanEnv({AGENTLOG_DIR: activity, HOME: tmp, CLAUDE_CONFIG_DIR: claude, XDG_STATE_HOME: path.join(tmp, 'state'), ...extra});
		const marks = [30, 60, 90, 120, 150, 180].filter(m => m <= seconds);
		const builds = [['this build', process.env.AGENTLOG_BENCH_ENTRY]];
		if (process.env.AGENTLOG_BENCH_BASELINE) {
			builds.unshift(['baseline', process.env.AGENTLOG_BENCH_BASELINE]);
		}
		// Every run at once (the same noise for all): each build plain, and with the heap probe.
		const runs = builds.flatMap(([name, entry]) => [
			{name, entry, heap: undefined},
			{name, entry, heap: path.join(tmp, `heap-${name.replace(/\W/g, '')}.jsonl`)},
		]);
		// The same build with V8's young generation held at 1 MB (semi-spaces grow from 1 to 16 MB by
		// themselves): when RSS then stays flat, its growth was V8 sizing its heap, not retention.
		runs.push({name: 'this build', label: 'semi ≤1MB', entry: process.env.AGENTLOG_BENCH_ENTRY, heap: undefined, nodeArgs: '--max-semi-space-size=1'});
		for (const run of runs) {
			const extra = run.heap === undefined ? {} : {AGENTLOG_BENCH_HEAP: run.heap, AGENTLOG_BENCH_HEAP_EVERY: '10000'};
			const nodeArgs = run.heap === undefined ? (run.nodeArgs ?? '') : `--expose-gc --import ${probe}`;
			run.app = startInPty('', env(extra), {columns: 120, rows: 30, nodeArgs, ...(run.entry ? {entry: run.entry} : {})});
			apps.push(run.app);
		}
		for (const run of runs) {
			await run.app.waitFor('Busy7', 0, 20_000);
		}
		await sleep(1000);
		const results = await Promise.all(runs.map(run => sampleRun(run.app, marks)));
		lines.push(`clock: 8 active agents, transcripts silent, ${seconds} s in a pty (only the 1 s clock moves)`);
		for (const [i, run] of runs.entries()) {
			const {samples, total} = results[i];
			if (run.heap === undefined) {
				lines.push(
					`  ${(run.label ?? run.name).padEnd(10)} CPU ${total.toFixed(2)} %  (${samples
						.slice(1)
						.map(s => `${s.cpu.toFixed(2)}`)
						.join(' / ')} per 30 s; target ≤ 1.5 %)`,
					`  ${''.padEnd(10)} RSS ${samples.map(s => `${s.at} s ${s.rss.toFixed(0)}`).join(' · ')} MB  (target: flat)`,
				);
				if (run.name === 'this build' && run.label === undefined) {
					ok &&= total <= 1.5;
				}
			} else {
				let heap = [];
				try {
					heap = readFileSync(run.heap, 'utf8')
						.trim()
						.split('\n')
						.map(l => JSON.parse(l));
				} catch {
					// No sample yet.
				}
				const near = ms => heap.reduce((best, h) => (best === undefined || Math.abs(h.t - ms) < Math.abs(best.t - ms) ? h : best), undefined);
				const pick = process.env.AGENTLOG_BENCH_HEAP_ALL ? heap : [...new Set([0, ...marks].map(m => near(m * 1000)).filter(Boolean))];
				lines.push(
					`  ${run.name.padEnd(10)} diagnostic run (--expose-gc, a full GC every 10 s): V8 heap used after GC, RSS, young generation`,
					...pick.map(
						h =>
							`  ${''.padEnd(10)} ${String(Math.round(h.t / 1000)).padStart(3)} s  heap ${h.heapUsedAfterGc.toFixed(1)} MB  RSS ${h.rssAfterGc.toFixed(0)} MB  new space ${h.spaces.new_space} MB`,
					),
				);
			}
		}
	} finally {
		await Promise.all(apps.map(app => app.stop()));
		rmSync(tmp, {recursive: true, force: true});
	}
	return {lines, ok};
}
