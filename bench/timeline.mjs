// The timeline and the report on a session with a 200-agent workflow (bench/claude-gen.mjs):
// - in `watch`, in a real 250×60 pty: a key → the next frame, in the timeline (t, then + and -
//   zooming, < > moving in time) against the list's own (j k moving the selection), many samples
//   (targets: the timeline's frame ≤ 50 ms at p95, and no slower than the list's);
// - the timeline's compute alone: the frame's model (buildScreen) for that session at 250×60, as a
//   key makes it, in a process of its own without Ink (bench/timeline-compute-entry.ts, bundled
//   here with esbuild), against the list's and an empty loop's (target ≤ 16 ms);
// - `agentlog report` on the same session, whole process, against `node -e 0` (target ≤ 300 ms),
//   warm and cold (see reportRuns); `node bench/run.mjs report` runs this part alone.
import {spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {cleanEnv, fmt, measureNode, ratio, summary, writeRssProbe} from './lib.mjs';
import {cpuTicks, sleep, startInPty, TICKS} from './pty.mjs';
import {writeWorkflowSession} from './workflow-watch.mjs';

const KEY_GOAL_MS = 50;
const COMPUTE_GOAL_MS = 16;
const REPORT_GOAL_MS = 300;
const TERMINAL = {columns: 250, rows: 60};
const cli = path.resolve(import.meta.dirname, '..', 'bin', 'agentlog.js');

/** The frame model's compute, per frame (ms): the list, the timeline zoomed (+ -) and panned (< >), and nothing. */
async function computeFrames(tmp, env, sessionId) {
	const {build} = await import('esbuild');
	const outfile = path.join(tmp, 'timeline-compute.mjs');
	await build({
		entryPoints: [path.resolve(import.meta.dirname, 'timeline-compute-entry.ts')],
		bundle: true,
		platform: 'node',
		format: 'esm',
		target: 'node20',
		outfile,
		logLevel: 'warning',
		define: {'process.env.NODE_ENV': '"production"'},
		banner: {js: "import {createRequire as __benchRequire} from 'node:module'; const require = __benchRequire(import.meta.url);"},
	});
	const r = spawnSync(process.execPath, [outfile], {
		env: {...env, BENCH_SESSION: sessionId, BENCH_COLUMNS: String(TERMINAL.columns), BENCH_ROWS: String(TERMINAL.rows)},
		encoding: 'utf8',
	});
	if (r.status !== 0) {
		throw new Error(`timeline compute exited ${r.status}: ${r.stderr}`);
	}
	return JSON.parse(r.stdout);
}

/**
 * ms from writing `key` to the next frame that shows `marker`, `samples` times; `out.cpuMs`: the
 * watch process's own CPU time per key over them (clock ticks between keys included).
 */
async function keyFrames(app, keys, marker, samples) {
	const out = [];
	const pid = app.nodePid();
	const ticks = pid === undefined ? undefined : cpuTicks(pid);
	for (let i = 0; i < samples; i++) {
		const key = keys[i % keys.length];
		const from = app.length;
		const t0 = process.hrtime.bigint();
		app.child.stdin.write(key);
		await app.waitFor(marker, from, 5000);
		out.push(Number(process.hrtime.bigint() - t0) / 1e6);
		await sleep(60);
	}
	out.cpuMs = ticks === undefined ? Number.NaN : ((cpuTicks(pid) - ticks) * (1000 / TICKS)) / samples;
	return out;
}

/**
 * `agentlog report` on the session, whole process, against `node -e 0`: warm (the transcript
 * states kept by an earlier run), cold (their cache removed first: every transcript read) and,
 * with AGENTLOG_BENCH_BASELINE=<another build's bin/agentlog.js>, that build, in the same rounds.
 */
function reportRuns(env, s, runs) {
	const states = path.join(env.XDG_STATE_HOME, 'agentlog', 'transcript-states');
	const baseline = process.env.AGENTLOG_BENCH_BASELINE;
	// Each run's own CPU time too (from the child's resourceUsage): steadier than the wall time on a loaded machine.
	const probe = writeRssProbe(path.join(path.dirname(env.XDG_STATE_HOME), 'report-probe.mjs'));
	const samples = {floor: [], warm: [], cold: [], baseline: []};
	const measure = args => measureNode(args, env, probe);
	const report = bin => measure([bin, 'report', s.sessionId]);
	report(cli);
	if (baseline) {
		report(baseline);
	}
	for (let i = 0; i < runs; i++) {
		samples.floor.push(measure(['-e', '0']));
		samples.warm.push(report(cli));
		rmSync(states, {recursive: true, force: true});
		samples.cold.push(report(cli));
		if (baseline) {
			samples.baseline.push(report(baseline));
		}
	}
	const f = summary(samples.floor.map(x => x.ms));
	const fc = summary(samples.floor.map(x => x.cpuMs));
	const line = (name, xs) => {
		const r = summary(xs.map(x => x.ms));
		const c = summary(xs.map(x => x.cpuMs));
		return `  ${name.padEnd(24)}median ${fmt(r.median)}  p95 ${fmt(r.p95)}   (${ratio(r.median, f.median)} of node -e 0)   CPU median ${fmt(c.median)} (${ratio(c.median, fc.median)})`;
	};
	const w = summary(samples.warm.map(x => x.ms));
	return {
		lines: [
			`report: agentlog report on the same session (${s.agents} agents), whole process; node -e 0: median ${fmt(f.median)}, CPU ${fmt(fc.median)}; target ≤ ${REPORT_GOAL_MS} ms warm`,
			line('warm (states kept)', samples.warm),
			line('cold (states read)', samples.cold),
			...(baseline ? [line('baseline build', samples.baseline)] : []),
		],
		ok: w.median <= REPORT_GOAL_MS,
	};
}

/** The report part alone (`node bench/run.mjs report`): the session written, `agentlog report` timed. */
export async function runReportBench({runs = 9} = {}) {
	const tmp = mkdtempSync(path.join(os.tmpdir(), 'agentlog-bench-report-'));
	try {
		const s = writeWorkflowSession(path.join(tmp, 'big'), 200, Date.now());
		mkdirSync(path.join(tmp, 'state'), {recursive: true});
		const env = cleanEnv({AGENTLOG_DIR: s.activity, CLAUDE_CONFIG_DIR: s.claude, HOME: tmp, XDG_STATE_HOME: path.join(tmp, 'state')});
		return reportRuns(env, s, runs);
	} finally {
		rmSync(tmp, {recursive: true, force: true});
	}
}

export async function runTimelineBench({samples = 40, runs = 7} = {}) {
	const tmp = mkdtempSync(path.join(os.tmpdir(), 'agentlog-bench-timeline-'));
	const lines = [];
	let ok = true;
	try {
		const s = writeWorkflowSession(path.join(tmp, 'big'), 200, Date.now());
		mkdirSync(path.join(tmp, 'state'), {recursive: true});
		const env = cleanEnv({AGENTLOG_DIR: s.activity, CLAUDE_CONFIG_DIR: s.claude, HOME: tmp, XDG_STATE_HOME: path.join(tmp, 'state')});
		const app = startInPty('', env, TERMINAL);
		await app.waitFor(`session ${s.sessionId.slice(0, 8)}`, 0, 15_000);
		app.child.stdin.write('a');
		await sleep(800);
		// The list's own frames: the selection moving.
		const list = await keyFrames(app, ['j', 'k'], 'Enter open', samples);
		const toTimeline = await keyFrames(app, ['t', 't'], '? keys', 10);
		app.child.stdin.write('t');
		await app.waitFor('at once', app.length - 1, 5000);
		await sleep(300);
		const zoom = await keyFrames(app, ['+', '+', '-', '-'], 'at once', samples);
		app.child.stdin.write('+');
		await sleep(200);
		const pan = await keyFrames(app, ['<', '>'], 'at once', samples);
		const moveInTimeline = await keyFrames(app, ['j', 'k'], 'at once', samples);
		await app.stop();
		const l = summary(list);
		const z = summary(zoom);
		const p = summary(pan);
		const m = summary(moveInTimeline);
		const tt = summary(toTimeline);
		lines.push(
			`timeline: watch on a session with a ${s.agents - 20}-agent workflow (${s.agents} agents, all shown), ${TERMINAL.columns}×${TERMINAL.rows} pty, a key → its frame`,
			`  list, j k (baseline)    median ${fmt(l.median)}  p95 ${fmt(l.p95)}   CPU per key ${fmt(list.cpuMs)}`,
			`  t (list ↔ timeline)     median ${fmt(tt.median)}  p95 ${fmt(tt.p95)}`,
			`  timeline, + -           median ${fmt(z.median)}  p95 ${fmt(z.p95)}   (${ratio(z.p95, l.p95)} of the list's p95; target ≤ ${KEY_GOAL_MS} ms)   CPU per key ${fmt(zoom.cpuMs)}`,
			`  timeline, < >           median ${fmt(p.median)}  p95 ${fmt(p.p95)}   (${ratio(p.p95, l.p95)})   CPU per key ${fmt(pan.cpuMs)}`,
			`  timeline, j k           median ${fmt(m.median)}  p95 ${fmt(m.p95)}   (${ratio(m.p95, l.p95)})`,
		);
		ok &&= z.p95 <= KEY_GOAL_MS && p.p95 <= KEY_GOAL_MS;

		// The compute alone, no Ink.
		const c = await computeFrames(tmp, env, s.sessionId);
		const cl = summary(c.list);
		const cz = summary(c.zoom);
		const cp = summary(c.pan);
		const cn = summary(c.nothing);
		lines.push(
			`timeline compute: the frame's model alone (buildScreen, no Ink), ${c.agents} agents, ${TERMINAL.columns}×${TERMINAL.rows}, ${c.list.length} frames each`,
			`  nothing (the loop)      median ${c.nothing.length ? cn.median.toFixed(3) : '-'} ms  p95 ${cn.p95.toFixed(3)} ms`,
			`  list                    median ${fmt(cl.median)}  p95 ${fmt(cl.p95)}`,
			`  timeline, zoom 0–3      median ${fmt(cz.median)}  p95 ${fmt(cz.p95)}   (target ≤ ${COMPUTE_GOAL_MS} ms)`,
			`  timeline, zoomed, panned median ${fmt(cp.median)}  p95 ${fmt(cp.p95)}`,
		);
		ok &&= cz.median <= COMPUTE_GOAL_MS && cp.median <= COMPUTE_GOAL_MS;

		const report = reportRuns(env, s, runs);
		lines.push(...report.lines);
		ok &&= report.ok;
	} finally {
		rmSync(tmp, {recursive: true, force: true});
	}
	return {lines, ok};
}
