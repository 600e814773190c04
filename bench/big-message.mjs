// `agentlog watch` in a real pseudo-terminal on a session whose newest agent said a huge last
// message (2 KB, 2 MB, 20 MB of Markdown), next to one active agent so the 1 Hz clock runs. The
// first frame, the CPU time and peak memory of the first seconds, the CPU while it sits there,
// then the detail pane: time to its first text, key latency while it renders, memory after.
// The 2 KB run is the baseline: a huge message should cost about the same.
import {mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {cleanEnv, fmt, ratio} from './lib.mjs';
import {cpuTicks, record, rssMb, sleep, startInPty, TICKS} from './pty.mjs';

const SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';

/** Markdown paragraphs (with emphasis, code and a list now and then) up to `bytes`. */
export function bigMarkdown(bytes) {
	const parts = ['# Report\n\nThe report starts here, and after enough words to pass the preview of a card comes the **omega-marker**.\n'];
	let size = parts[0].length;
	for (let i = 0; size < bytes; i++) {
		const p =
			i % 7 === 3
				? `- item ${i} with \`code\`\n- another item ${i}\n`
				: `Paragraph ${i}: some *words* about the routes in \`src/routes/${i}.ts\` and **what** they do, long enough to wrap over a line or two of the pane.\n`;
		parts.push(p);
		size += p.length + 1;
	}
	return parts.join('\n');
}

function writeSession(activity, bytes) {
	const dir = path.join(activity, SESSION);
	mkdirSync(dir, {recursive: true});
	const started = Date.now();
	const write = (id, text) => {
		const tmp = path.join(dir, `.${id}.tmp`);
		writeFileSync(tmp, text);
		renameSync(tmp, path.join(dir, `${id}.json`));
	};
	// The clock ticks while an agent runs; it started first, so the big one is selected.
	write('runner', record('runner', 'Runner', 'active', {}, new Date(started - 60_000).toISOString()));
	const at = new Date(started - 1000).toISOString();
	write(
		'big',
		`${JSON.stringify({agentId: 'big', type: 'BigTalker', status: 'stopped', startedAt: at, updatedAt: at, stoppedAt: at, lastMessage: bigMarkdown(bytes)})}\n`,
	);
}

/** The peak resident memory of a process so far (VmHWM), MB. */
function peakRssMb(pid) {
	const line = readFileSync(`/proc/${pid}/status`, 'utf8')
		.split('\n')
		.find(l => l.startsWith('VmHWM:'));
	return Number(line.split(/\s+/)[1]) / 1024;
}

async function runOne(tmp, label, bytes) {
	const activity = path.join(tmp, label);
	writeSession(activity, bytes);
	const env = cleanEnv({AGENTLOG_DIR: activity, HOME: tmp, XDG_STATE_HOME: path.join(tmp, 'state')});
	const app = startInPty('', env, {columns: 100, rows: 30});
	try {
		const first = await app.waitFor('BigTalker', 0, 120_000);
		const pid = app.nodePid();
		// The first seconds: start-up, the first frame, a few clock ticks.
		await sleep(Math.max(0, 5000 - first));
		const startCpu = cpuTicks(pid) / TICKS;
		const startPeak = peakRssMb(pid);
		// Sitting there: only the clock (and the one active agent's duration) should cost anything.
		const t0 = cpuTicks(pid);
		await sleep(10_000);
		const idleCpu = ((cpuTicks(pid) - t0) / TICKS / 10) * 100;
		const listRss = rssMb(pid);

		// The detail pane: Enter, first text, then keys while it renders.
		const from = app.length;
		const c0 = cpuTicks(pid);
		const enterAt = app.elapsed();
		app.child.stdin.write('\r');
		const firstText = (await app.waitFor('omega-marker', from, 120_000)) - enterAt;
		const latencies = [];
		for (let k = 1; k <= 5; k++) {
			const mark = app.length;
			const t = performance.now();
			app.child.stdin.write('j');
			await app.waitFor(`lines ${k + 1}–`, mark, 120_000);
			latencies.push(performance.now() - t);
			await sleep(100);
		}
		await sleep(10_000);
		const detailCpu = (cpuTicks(pid) - c0) / TICKS;
		const detailRss = rssMb(pid);
		const peak = peakRssMb(pid);
		// The message goes away (its file is removed): what was kept for it should go too.
		app.child.stdin.write('\u001B');
		rmSync(path.join(activity, SESSION, 'big.json'));
		await sleep(8000);
		const goneRss = rssMb(pid);
		return {first, startCpu, startPeak, idleCpu, listRss, firstText, latencies, detailCpu, detailRss, peak, goneRss};
	} finally {
		await app.stop();
	}
}

const SIZES = [
	['2 KB', 2 * 1024],
	['2 MB', 2 * 1024 * 1024],
	['20 MB', 20 * 1024 * 1024],
];

export async function runBigMessageBench({sizes = SIZES} = {}) {
	const tmp = mkdtempSync(path.join(os.tmpdir(), 'agentlog-bench-big-'));
	const lines = ['watch: a huge last message (pty 100×30, one active agent so the clock ticks)'];
	let ok = true;
	try {
		const results = [];
		for (const [label, bytes] of sizes) {
			const r = await runOne(tmp, label.replace(/\s/g, ''), bytes);
			results.push([label, r]);
		}
		const base = results[0][1];
		for (const [label, r] of results) {
			const worst = Math.max(...r.latencies);
			lines.push(
				`  ${label.padEnd(5)} first frame ${fmt(r.first)} (${ratio(r.first, base.first)})` +
					` · first 5 s: CPU ${r.startCpu.toFixed(2)} s, peak RSS ${r.startPeak.toFixed(0)} MB (${ratio(r.startPeak, base.startPeak)})` +
					` · next 10 s: CPU ${r.idleCpu.toFixed(2)} % · RSS ${r.listRss.toFixed(0)} MB`,
				`        detail: first text ${fmt(r.firstText)} · key → frame median ${fmt([...r.latencies].sort((a, b) => a - b)[2])}, worst ${fmt(worst)}` +
					` · CPU over 10 s ${r.detailCpu.toFixed(2)} s · RSS after ${r.detailRss.toFixed(0)} MB, peak ${r.peak.toFixed(0)} MB` +
					` · 8 s after its file is removed ${r.goneRss.toFixed(0)} MB`,
			);
			const median = [...r.latencies].sort((a, b) => a - b)[2];
			ok &&= r.startPeak < 200 && r.startCpu < base.startCpu + 1 && r.idleCpu <= 3 && median <= 100 && r.peak < 250;
		}
		lines.push(
			'  targets: peak RSS < 200 MB and < 1 s more CPU than 2 KB at start; ≈ the 2 KB CPU after; keys answered within 100 ms',
			'  (the worst key is the first: it waits for the Markdown renderer to load, ~100 ms once, whatever the size)',
		);
	} finally {
		rmSync(tmp, {recursive: true, force: true});
	}
	return {lines, ok};
}
