// The timeline and the report on a session with a 200-agent workflow (bench/claude-gen.mjs):
// - in `watch`, in a real 250×60 pty: a key → its frame, in the timeline (t, then + and - zooming,
//   < > moving in time, j k moving the selection) against the list's own (j k), many samples in
//   two rounds (target: the timeline's frames ≤ 50 ms at p95); a key's frame is the one the
//   key-frame probe marks (bench/key-frame-probe.mjs), never a clock tick's frame before it;
//   AGENTLOG_BENCH_BASELINE=<another build's bin/agentlog.js> measures that build too, its rounds
//   alternating with this build's; AGENTLOG_BENCH_KEY_SAMPLES=<n> keys of each kind (40);
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
import {cpuTicks, keyFrameMark, keyFrameProbe, sleep, startInPty, TICKS} from './pty.mjs';
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
 * ms from writing `key` to the frame it made (the one the key-frame probe marks: bench/key-frame-probe.mjs),
 * `samples` times; `out.inProcess`: ms from the app's read of the key to that frame's write;
 * `out.cpuMs`: the watch process's own CPU time per key over them (clock ticks between keys included).
 */
async function keyFrames(app, keys, samples) {
	const out = [];
	out.inProcess = [];
	const pid = app.nodePid();
	const ticks = pid === undefined ? undefined : cpuTicks(pid);
	for (let i = 0; i < samples; i++) {
		const from = app.length;
		const t0 = process.hrtime.bigint();
		const n = app.press(keys[i % keys.length]);
		await app.waitFor(keyFrameMark(n), from, 5000);
		out.push(Number(process.hrtime.bigint() - t0) / 1e6);
		out.inProcess.push(await app.probeMs(n, from));
		await sleep(60);
	}
	out.cpuMs = ticks === undefined ? Number.NaN : ((cpuTicks(pid) - ticks) * (1000 / TICKS)) / samples;
	return out;
}

/** One watch of the session by the build at `entry` (undefined: this one): each kind of key's frames. */
async function keyLatency(s, env, entry, samples) {
	const app = startInPty('', env, {...TERMINAL, nodeArgs: `--import ${keyFrameProbe}`, ...(entry === undefined ? {} : {entry})});
	try {
		await app.waitFor(`session ${s.sessionId.slice(0, 8)}`, 0, 15_000);
		app.press('a');
		await sleep(800);
		// The list's own frames: the selection moving.
		const list = await keyFrames(app, ['j', 'k'], samples);
		const toTimeline = await keyFrames(app, ['t', 't'], 10);
		const n = app.press('t');
		await app.waitFor(keyFrameMark(n), 0, 5000);
		await sleep(300);
		const zoom = await keyFrames(app, ['+', '+', '-', '-'], samples);
		app.press('+');
		await sleep(200);
		const pan = await keyFrames(app, ['<', '>'], samples);
		const moveInTimeline = await keyFrames(app, ['j', 'k'], samples);
		return {list, toTimeline, zoom, pan, moveInTimeline};
	} finally {
		await app.stop();
	}
}

const KINDS = ['list', 'toTimeline', 'zoom', 'pan', 'moveInTimeline'];

/** Samples of each kind of key, for this build and (AGENTLOG_BENCH_BASELINE) another, in alternating rounds. */
export async function keyLatencies(s, env, samples, rounds) {
	const builds = [{name: 'this build', entry: undefined}];
	if (process.env.AGENTLOG_BENCH_BASELINE) {
		builds.unshift({name: 'baseline', entry: process.env.AGENTLOG_BENCH_BASELINE});
	}
	for (const build of builds) {
		build.kinds = Object.fromEntries(KINDS.map(kind => [kind, Object.assign([], {inProcess: [], cpu: []})]));
	}
	for (let round = 0; round < rounds; round++) {
		for (const build of builds) {
			const got = await keyLatency(s, env, build.entry, Math.ceil(samples / rounds));
			for (const kind of KINDS) {
				build.kinds[kind].push(...got[kind]);
				build.kinds[kind].inProcess.push(...got[kind].inProcess);
				build.kinds[kind].cpu.push(got[kind].cpuMs);
			}
		}
	}
	return builds;
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

export async function runTimelineBench({samples = Number(process.env.AGENTLOG_BENCH_KEY_SAMPLES ?? 40), keyRounds = 2, runs = 7} = {}) {
	const tmp = mkdtempSync(path.join(os.tmpdir(), 'agentlog-bench-timeline-'));
	const lines = [];
	let ok = true;
	try {
		const s = writeWorkflowSession(path.join(tmp, 'big'), 200, Date.now());
		mkdirSync(path.join(tmp, 'state'), {recursive: true});
		const env = cleanEnv({AGENTLOG_DIR: s.activity, CLAUDE_CONFIG_DIR: s.claude, HOME: tmp, XDG_STATE_HOME: path.join(tmp, 'state')});
		const builds = await keyLatencies(s, env, samples, keyRounds);
		const cpu = xs => summary(xs.filter(x => !Number.isNaN(x))).median;
		const figures = (k, label, baseline) => {
			const sm = summary(k);
			const ip = summary(k.inProcess);
			const vs = baseline === undefined ? '' : `   (p95 ${ratio(sm.p95, summary(baseline).p95)} the baseline's)`;
			return `  ${label.padEnd(23)} median ${fmt(sm.median)}  p95 ${fmt(sm.p95)}   in the app ${fmt(ip.median)} / ${fmt(ip.p95)}   CPU per key ${fmt(cpu(k.cpu))}${vs}`;
		};
		lines.push(
			`timeline: watch on a session with a ${s.agents - 20}-agent workflow (${s.agents} agents, all shown), ${TERMINAL.columns}×${TERMINAL.rows} pty, a key → its frame (median, p95; in the app: read → frame written, median / p95)`,
		);
		const base = builds.length > 1 ? builds[0].kinds : undefined;
		for (const build of builds) {
			const k = build.kinds;
			if (builds.length > 1) {
				lines.push(`  ${build.name}${build.entry ? ` (${build.entry})` : ''}`);
			}
			const theBase = build === builds[0] ? undefined : base;
			lines.push(
				figures(k.list, 'list, j k', theBase?.list),
				figures(k.toTimeline, 't (list ↔ timeline)', theBase?.toTimeline),
				figures(k.zoom, 'timeline, + -', theBase?.zoom),
				figures(k.pan, 'timeline, < >', theBase?.pan),
				figures(k.moveInTimeline, 'timeline, j k', theBase?.moveInTimeline),
			);
		}
		const mine = builds.at(-1).kinds;
		const z = summary(mine.zoom);
		const p = summary(mine.pan);
		const m = summary(mine.moveInTimeline);
		lines.push(`  target: the timeline's keys ≤ ${KEY_GOAL_MS} ms at p95`);
		ok &&= z.p95 <= KEY_GOAL_MS && p.p95 <= KEY_GOAL_MS && m.p95 <= KEY_GOAL_MS;

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
