// `agentlog watch` in a real pseudo-terminal (util-linux `script`): first frame, file-rename →
// frame latency, start-up and memory on an empty folder vs 1,000 sessions × 20 files, and CPU
// over 30 s idle and with 8 active agents. Baselines are measured in the same run.
import {mkdirSync, mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {cleanEnv, fmt, ratio, summary, timeRun} from './lib.mjs';
import {cpuTicks, rssMb, sleep, startInPty, TICKS, writeAgent} from './pty.mjs';

export async function runWatchBench({cpuSeconds = 30, rounds = 10} = {}) {
	const tmp = mkdtempSync(path.join(os.tmpdir(), 'agentlog-bench-watch-'));
	const lines = [];
	let ok = true;
	try {
		const envFor = activity => cleanEnv({AGENTLOG_DIR: activity, HOME: tmp, XDG_STATE_HOME: path.join(tmp, 'state')});

		// 1. First frame (empty folder, waiting screen) vs `node -e 0`.
		const empty = path.join(tmp, 'empty');
		mkdirSync(empty);
		const base = [];
		const first = [];
		const emptyRss = [];
		for (let i = 0; i < rounds; i++) {
			base.push(timeRun(process.execPath, ['-e', '0'], {env: envFor(empty)}));
			const app = startInPty('', envFor(empty));
			first.push(await app.waitFor('Waiting for the first subagent'));
			emptyRss.push(rssMb(app.nodePid()));
			await app.stop();
		}
		const b = summary(base);
		const f = summary(first);
		lines.push(
			'watch: first frame in a pty (empty folder)',
			`  node -e 0            median ${fmt(b.median)}`,
			`  first frame          median ${fmt(f.median)}  p95 ${fmt(f.p95)}   (${ratio(f.median, b.median)} node -e 0; target ≤ 250 ms)`,
		);
		ok &&= f.median <= 250;

		// 2. Start-up and memory: 1,000 sessions × 20 files.
		const big = path.join(tmp, 'big');
		for (let s = 0; s < 1000; s++) {
			const dir = path.join(big, `s${String(s).padStart(4, '0')}-0000-4000-8000-000000000000`);
			for (let a = 0; a < 20; a++) {
				writeAgent(dir, `a${a}`, 'Explore', a % 3 === 0 ? 'active' : 'stopped');
			}
		}
		// The same session alone: what 999 more sessions cost is the difference (an empty folder
		// draws a waiting screen instead of 20 agents, so it is shown for reference only).
		const one = path.join(tmp, 'one');
		for (let a = 0; a < 20; a++) {
			writeAgent(path.join(one, 's0999-0000-4000-8000-000000000000'), `a${a}`, 'Explore', a % 3 === 0 ? 'active' : 'stopped');
		}
		const bigFirst = [];
		const bigRss = [];
		const oneFirst = [];
		const oneRss = [];
		for (let i = 0; i < rounds; i++) {
			for (const [folder, first, rss] of [
				[big, bigFirst, bigRss],
				[one, oneFirst, oneRss],
			]) {
				const app = startInPty('', envFor(folder));
				first.push(await app.waitFor('Explore'));
				rss.push(rssMb(app.nodePid()));
				await app.stop();
			}
		}
		const bf = summary(bigFirst);
		const of = summary(oneFirst);
		const er = summary(emptyRss).median;
		const br = summary(bigRss).median;
		const or = summary(oneRss).median;
		lines.push(
			'watch: 1,000 sessions × 20 files vs the same session alone (and an empty folder, for reference)',
			`  first frame          median ${fmt(bf.median)} vs ${fmt(of.median)}   (${ratio(bf.median, of.median)}; target ≤ 1.20×; empty folder ${fmt(f.median)})`,
			`  RSS after first frame ${br.toFixed(0)} MB vs ${or.toFixed(0)} MB   (${ratio(br, or)}; target ≤ 1.20×; empty folder ${er.toFixed(0)} MB)`,
		);
		ok &&= bf.median / of.median <= 1.2 && br / or <= 1.2;

		// 3. File rename → frame latency, one session with a few agents, 30 new agents one by one.
		const live = path.join(tmp, 'live');
		const session = path.join(live, '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47');
		writeAgent(session, 'seed', 'Explore', 'stopped');
		const app = startInPty('', envFor(live));
		await app.waitFor('Explore');
		await sleep(300);
		const latency = [];
		for (let i = 0; i < 30; i++) {
			const from = app.length;
			const type = `Agent${String(i).padStart(2, '0')}x`;
			const t0 = process.hrtime.bigint();
			writeAgent(session, `n${i}`, type, 'stopped');
			await app.waitFor(type, from);
			latency.push(Number(process.hrtime.bigint() - t0) / 1e6);
			await sleep(150);
		}
		const l = summary(latency);
		lines.push(`watch: file rename → frame   median ${fmt(l.median)}  p95 ${fmt(l.p95)}   (target p95 ≤ 75 ms)`);
		ok &&= l.p95 <= 75;

		// 4. CPU over cpuSeconds: no active agent (all stopped), then 8 active agents.
		const pid = app.nodePid();
		const t0 = cpuTicks(pid);
		await sleep(cpuSeconds * 1000);
		const idleCpu = ((cpuTicks(pid) - t0) / TICKS / cpuSeconds) * 100;
		await app.stop();

		const busy = path.join(tmp, 'busy');
		const busySession = path.join(busy, '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47');
		for (let i = 0; i < 8; i++) {
			writeAgent(busySession, `b${i}`, `Busy${i}`, 'active');
		}
		const busyApp = startInPty('', envFor(busy));
		await busyApp.waitFor('Busy7');
		await sleep(500);
		const busyPid = busyApp.nodePid();
		const t1 = cpuTicks(busyPid);
		await sleep(cpuSeconds * 1000);
		const busyCpu = ((cpuTicks(busyPid) - t1) / TICKS / cpuSeconds) * 100;
		await busyApp.stop();
		lines.push(
			`watch: CPU over ${cpuSeconds} s`,
			`  no active agent      ${idleCpu.toFixed(2)} %   (target ≈ 0 %: the clock runs only while an agent is active)`,
			`  8 active agents      ${busyCpu.toFixed(2)} %   (target ≤ 3 %)`,
		);
		ok &&= idleCpu <= 0.5 && busyCpu <= 3;
	} finally {
		rmSync(tmp, {recursive: true, force: true});
	}
	return {lines, ok};
}
