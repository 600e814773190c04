// `watch` with nothing to show: an empty activity folder (0 agents, no session), open for 10
// minutes in a real pty. Its CPU % over the whole run and per minute, from /proc (target ≤ 0.5 %),
// and its RSS each minute (target: no growth). Beside it, in the same minutes: a baseline Node
// process that only keeps a 1 s timer (the floor this machine's noise gives an idle Node), and a
// diagnostic run of the same build preloaded with bench/heap-probe.mjs (node --expose-gc --import):
// the V8 heap used after a full GC each minute tells retention (it grows) from V8 sizing its heap.
// AGENTLOG_BENCH_IDLE_SECONDS shortens the run (600).
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {cleanEnv} from './lib.mjs';
import {cpuTicks, rssMb, sleep, startInPty, TICKS} from './pty.mjs';

const CPU_GOAL = 0.5;
const probe = path.join(path.dirname(fileURLToPath(import.meta.url)), 'heap-probe.mjs');

/** CPU % over each minute and the whole run, RSS at each minute, for the node process of `app`. */
async function sample(app, minutes, t0) {
	const pid = app.nodePid();
	const first = {ticks: cpuTicks(pid), at: Date.now()};
	const out = [{minute: 0, rss: rssMb(pid), cpu: undefined}];
	let last = first;
	for (let m = 1; m <= minutes; m++) {
		await sleep(Math.max(0, t0 + m * 60_000 - Date.now()));
		const now = {ticks: cpuTicks(pid), at: Date.now()};
		out.push({minute: m, rss: rssMb(pid), cpu: ((now.ticks - last.ticks) / TICKS / ((now.at - last.at) / 1000)) * 100});
		last = now;
	}
	return {samples: out, total: ((last.ticks - first.ticks) / TICKS / ((last.at - first.at) / 1000)) * 100};
}

export async function runIdleBench({seconds = Number(process.env.AGENTLOG_BENCH_IDLE_SECONDS ?? 600)} = {}) {
	const tmp = mkdtempSync(path.join(os.tmpdir(), 'agentlog-bench-idle-'));
	const minutes = Math.max(1, Math.round(seconds / 60));
	const apps = [];
	const lines = [];
	let ok = true;
	try {
		const activity = path.join(tmp, 'activity');
		mkdirSync(activity, {recursive: true});
		const heapLog = path.join(tmp, 'heap.jsonl');
		const env = extra =>
			cleanEnv({
				AGENTLOG_DIR: activity,
				HOME: tmp,
				CLAUDE_CONFIG_DIR: path.join(tmp, 'claude'),
				CODEX_HOME: path.join(tmp, 'codex'),
				XDG_STATE_HOME: path.join(tmp, 'state'),
				XDG_DATA_HOME: path.join(tmp, 'data'),
				...extra,
			});
		const floor = path.join(tmp, 'idle-floor.mjs');
		writeFileSync(floor, "setInterval(() => {}, 1000);\nprocess.stdout.write('idle floor ready\\n');\n");
		const runs = [
			{name: 'watch', app: startInPty('', env(), {columns: 120, rows: 30}), ready: 'Waiting for the first subagent'},
			{name: 'node, a 1 s timer', app: startInPty('', env(), {columns: 120, rows: 30, entry: floor}), ready: 'idle floor ready'},
			{
				name: 'watch + heap probe',
				app: startInPty('', env({AGENTLOG_BENCH_HEAP: heapLog, AGENTLOG_BENCH_HEAP_EVERY: '60000'}), {
					columns: 120,
					rows: 30,
					nodeArgs: `--expose-gc --import ${probe}`,
				}),
				ready: 'Waiting for the first subagent',
			},
		];
		apps.push(...runs.map(r => r.app));
		for (const run of runs) {
			await run.app.waitFor(run.ready, 0, 20_000);
		}
		await sleep(2000);
		const t0 = Date.now();
		const [watch, base] = await Promise.all([sample(runs[0].app, minutes, t0), sample(runs[1].app, minutes, t0)]);
		let heap = [];
		try {
			heap = readFileSync(heapLog, 'utf8')
				.trim()
				.split('\n')
				.map(l => JSON.parse(l));
		} catch {
			// No sample yet.
		}
		const rssGrowth = watch.samples.at(-1).rss - watch.samples[1].rss;
		const heapGrowth = heap.length > 1 ? heap.at(-1).heapUsedAfterGc - heap[1].heapUsedAfterGc : Number.NaN;
		lines.push(
			`idle: watch with 0 agents (an empty activity folder), ${minutes} min in a 120×30 pty, beside a Node process with a 1 s timer (the floor)`,
			`  CPU, whole run        watch ${watch.total.toFixed(2)} %   floor ${base.total.toFixed(2)} %   (target ≤ ${CPU_GOAL} %)`,
			`  CPU per minute        watch ${watch.samples
				.slice(1)
				.map(s => s.cpu.toFixed(2))
				.join(' / ')} %`,
			`                        floor ${base.samples
				.slice(1)
				.map(s => s.cpu.toFixed(2))
				.join(' / ')} %`,
			`  RSS each minute       watch ${watch.samples.map(s => s.rss.toFixed(1)).join(' · ')} MB   (minute 1 → ${minutes}: ${rssGrowth >= 0 ? '+' : ''}${rssGrowth.toFixed(1)} MB; target: no growth)`,
			`                        floor ${base.samples.map(s => s.rss.toFixed(1)).join(' · ')} MB`,
			`  V8 heap after a full GC (diagnostic run, each minute): ${heap.map(h => h.heapUsedAfterGc.toFixed(2)).join(' · ')} MB   (minute 1 → last: ${heapGrowth >= 0 ? '+' : ''}${heapGrowth.toFixed(2)} MB)`,
		);
		ok = watch.total <= CPU_GOAL && !(heapGrowth > 0.5) && rssGrowth <= 2;
	} finally {
		await Promise.all(apps.map(app => app.stop()));
		rmSync(tmp, {recursive: true, force: true});
	}
	return {lines, ok};
}
