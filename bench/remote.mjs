// `npm run bench remote`: `watch --host` over a fake ssh (a shell script that runs this build's
// `agentlog stream` against another folder: the pipe, no network). A change on the "remote" →
// the local frame; `stream` idle CPU vs `watch` idle CPU on the same folder; 8 hosts × 20 agents
// first frame vs one local session plus the ssh start. Baselines are measured in the same run.
import {spawn} from 'node:child_process';
import {chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {cleanEnv, fmt, ratio, summary} from './lib.mjs';
import {cpuTicks, sleep, startInPty, TICKS, writeAgent} from './pty.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const cli = path.join(root, 'bin', 'agentlog.js');
const SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';

/** A fake `ssh` in `bin`: `ssh <target> agentlog stream` runs this build against <hosts>/<target>. */
function fakeSsh(bin, hosts) {
	mkdirSync(bin, {recursive: true});
	const file = path.join(bin, 'ssh');
	// The target is the next-to-last argument; the command the last (`agentlog stream …`).
	writeFileSync(
		file,
		`#!/bin/sh\nfor a; do prev="$target"; target="$cmd"; cmd="$a"; done\nset -- $cmd\nshift\nexport AGENTLOG_DIR="${hosts}/$target" HOME="${hosts}/$target.home"\nexec "${process.execPath}" "${cli}" "$@"\n`,
	);
	chmodSync(file, 0o755);
}

/** Time from spawn to the stream's first snapshot line (ms): what one host's start costs. */
function streamStart(env, target) {
	return new Promise((resolve, reject) => {
		const t0 = process.hrtime.bigint();
		const child = spawn('ssh', [target, 'agentlog stream'], {env, stdio: ['pipe', 'pipe', 'inherit']});
		let out = '';
		child.stdout.on('data', d => {
			out += d.toString('utf8');
			if (out.includes('"type":"snapshot"')) {
				resolve(Number(process.hrtime.bigint() - t0) / 1e6);
				child.stdin.end();
			}
		});
		child.on('error', reject);
	});
}

export async function runRemoteBench({cpuSeconds = 20, rounds = 7} = {}) {
	const tmp = mkdtempSync(path.join(os.tmpdir(), 'agentlog-bench-remote-'));
	const lines = [];
	let ok = true;
	try {
		const hosts = path.join(tmp, 'hosts');
		const bin = path.join(tmp, 'bin');
		fakeSsh(bin, hosts);
		const env = cleanEnv({HOME: tmp, XDG_STATE_HOME: path.join(tmp, 'state'), AGENTLOG_DIR: path.join(tmp, 'local'), PATH: `${bin}:${process.env.PATH}`});

		// 1. A change on the remote → the local frame, 30 new agents one by one; the same for a local watch.
		const latencyOf = async (args, folder) => {
			writeAgent(folder, 'seed', 'Explore', 'stopped');
			const app = startInPty(args, env);
			await app.waitFor('Explore');
			await sleep(500);
			const samples = [];
			for (let i = 0; i < 30; i++) {
				const from = app.length;
				const type = `Agent${String(i).padStart(2, '0')}x`;
				const t0 = process.hrtime.bigint();
				writeAgent(folder, `n${i}`, type, 'stopped');
				await app.waitFor(type, from);
				samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
				await sleep(150);
			}
			return {app, samples: summary(samples)};
		};
		const remote = await latencyOf('watch --host devbox', path.join(hosts, 'devbox', SESSION));
		const remotePid = remote.app.nodePid();
		await remote.app.stop();
		const local = await latencyOf('watch', path.join(tmp, 'local', SESSION));
		lines.push(
			'remote: a change on the remote → the local frame (fake ssh pipe)',
			`  local watch          median ${fmt(local.samples.median)}  p95 ${fmt(local.samples.p95)}`,
			`  watch --host         median ${fmt(remote.samples.median)}  p95 ${fmt(remote.samples.p95)}   (${ratio(remote.samples.p95, local.samples.p95)} local; target p95 ≤ 150 ms)`,
		);
		ok &&= remote.samples.p95 <= 150 && remotePid !== undefined;

		// 2. Idle CPU: `stream` vs `watch` on the same folder (all agents stopped), cpuSeconds each.
		const idleFolder = path.join(hosts, 'idle', SESSION);
		for (let i = 0; i < 20; i++) {
			writeAgent(idleFolder, `i${i}`, `Idle${i}`, 'stopped');
		}
		const idleEnv = {...env, AGENTLOG_DIR: path.join(hosts, 'idle')};
		const stream = spawn(process.execPath, [cli, 'stream'], {env: idleEnv, stdio: ['pipe', 'pipe', 'inherit']});
		stream.stdout.resume();
		await sleep(1500);
		const s0 = cpuTicks(stream.pid);
		await sleep(cpuSeconds * 1000);
		const streamCpu = ((cpuTicks(stream.pid) - s0) / TICKS / cpuSeconds) * 100;
		stream.stdin.end();
		const watch = startInPty('watch', idleEnv);
		await watch.waitFor('○ 20 stopped');
		await sleep(1000);
		const watchPid = watch.nodePid();
		const w0 = cpuTicks(watchPid);
		await sleep(cpuSeconds * 1000);
		const watchCpu = ((cpuTicks(watchPid) - w0) / TICKS / cpuSeconds) * 100;
		await watch.stop();
		lines.push(
			`remote: idle CPU over ${cpuSeconds} s (20 stopped agents)`,
			`  watch                ${watchCpu.toFixed(2)} %`,
			`  stream               ${streamCpu.toFixed(2)} %   (target: what watch costs, ≈ 0 %)`,
		);
		ok &&= streamCpu <= Math.max(0.5, watchCpu * 1.5);

		// 3. First frame: 8 hosts × 20 agents vs one local session of 20 (+ one host's ssh start).
		const names = Array.from({length: 8}, (_, i) => `h${i + 1}`);
		for (const name of names) {
			for (let a = 0; a < 20; a++) {
				writeAgent(path.join(hosts, name, SESSION), `a${a}`, 'Explore', 'active');
			}
		}
		const one = path.join(tmp, 'one', SESSION);
		for (let a = 0; a < 20; a++) {
			writeAgent(one, `a${a}`, 'Explore', 'active');
		}
		const eight = [];
		const single = [];
		const start = [];
		const parallel = [];
		for (let i = 0; i < rounds; i++) {
			const app = startInPty(names.map(n => `--host ${n}`).join(' '), env);
			eight.push(await app.waitFor('● 160 active', 0, 20_000));
			await app.stop();
			const localApp = startInPty('watch', {...env, AGENTLOG_DIR: path.join(tmp, 'one')});
			single.push(await localApp.waitFor('● 20 active'));
			await localApp.stop();
			start.push(await streamStart(env, 'h1'));
			// The 8 fake remotes start on this machine's cores (a real one starts on its own): their time alone.
			const p0 = process.hrtime.bigint();
			await Promise.all(names.map(name => streamStart(env, name)));
			parallel.push(Number(process.hrtime.bigint() - p0) / 1e6);
		}
		const e = summary(eight);
		const o = summary(single);
		const st = summary(start);
		const par = summary(parallel);
		lines.push(
			'remote: first frame, 8 hosts × 20 agents vs one local session of 20 (+ one host ssh start)',
			`  local session        median ${fmt(o.median)}`,
			`  ssh + stream start   median ${fmt(st.median)}   (fake ssh: a shell, then this build's stream)`,
			`  8 fake remotes alone median ${fmt(par.median)}   (8 streams starting at once on this machine's cores)`,
			`  8 hosts              median ${fmt(e.median)}  p95 ${fmt(e.p95)}   (${ratio(e.median, o.median + st.median)} local + ssh start; target ≤ 1.5×; ${ratio(e.median, o.median + par.median)} local + the 8 remotes' own start)`,
		);
		ok &&= e.median <= 1.5 * (o.median + st.median);
	} finally {
		rmSync(tmp, {recursive: true, force: true});
	}
	return {lines, ok};
}
