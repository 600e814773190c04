// Running the CLI in a real pseudo-terminal (util-linux `script`) for the benchmarks, and
// reading its CPU time and memory from /proc.
import {spawn} from 'node:child_process';
import {mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const cli = path.join(root, 'bin', 'agentlog.js');
export const TICKS = 100; // USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s on Linux

export function record(agentId, type, status = 'active', extra = {}, startedAt = new Date().toISOString()) {
	return `${JSON.stringify({agentId, type, status, startedAt, updatedAt: startedAt, ...extra, ...(status === 'stopped' ? {stoppedAt: startedAt, lastMessage: 'Done.'} : {})}, null, 2)}\n`;
}

export function writeAgent(dir, agentId, type, status, extra = {}) {
	mkdirSync(dir, {recursive: true});
	const tmp = path.join(dir, `.${agentId}.tmp`);
	writeFileSync(tmp, record(agentId, type, status, extra));
	renameSync(tmp, path.join(dir, `${agentId}.json`));
}

/** What the key-frame probe writes after the frame of the app's `n`th read of stdin, up to the in-process time. */
export const keyFrameMark = n => `\u001B]7777;key=${n};ms=`;

/** bench/key-frame-probe.mjs, to preload into the CLI (`nodeArgs: --import <it>`): it marks the frame each key made. */
export const keyFrameProbe = path.join(root, 'bench', 'key-frame-probe.mjs');

/** Starts the CLI (or another build of it: `entry`) in a pty; resolves helpers to wait for screen text and to read the node pid. */
export function startInPty(args, env, {columns = 100, rows = 30, nodeArgs = '', entry = cli} = {}) {
	const t0 = process.hrtime.bigint();
	const command = `stty cols ${columns} rows ${rows}; exec ${process.execPath} ${nodeArgs} ${entry} ${args}`;
	const child = spawn('script', ['-q', '-f', '-e', '-c', command, '/dev/null'], {env: {...env, TERM: 'xterm-256color'}, stdio: ['pipe', 'pipe', 'pipe']});
	let out = '';
	let pressed = 0;
	const waiters = [];
	child.stdout.on('data', d => {
		out += d.toString('utf8');
		for (const w of [...waiters]) {
			if (out.includes(w.text, w.from)) {
				waiters.splice(waiters.indexOf(w), 1);
				w.resolve(Number(process.hrtime.bigint() - t0) / 1e6);
			}
		}
	});
	return {
		child,
		/** ms since start when `text` first appears after position `from` of the output. */
		waitFor(text, from = 0, timeoutMs = 10_000) {
			if (out.includes(text, from)) {
				return Promise.resolve(Number(process.hrtime.bigint() - t0) / 1e6);
			}
			return new Promise((resolve, reject) => {
				const timer = setTimeout(() => reject(new Error(`no "${text}" within ${timeoutMs} ms`)), timeoutMs);
				waiters.push({text, from, resolve: v => (clearTimeout(timer), resolve(v))});
			});
		},
		/** Writes `key` as one read for the app; returns how many were written so (for keyFrameMark). */
		press(key) {
			child.stdin.write(key);
			return ++pressed;
		},
		/** The in-process ms the key-frame probe wrote for the `n`th read, once its mark is in the output (after `from`). */
		async probeMs(n, from = 0) {
			const mark = keyFrameMark(n);
			const at = out.indexOf(mark, from);
			// The mark's end may come in the next chunk.
			await this.waitFor('\u0007', at);
			return Number.parseFloat(out.slice(at + mark.length, out.indexOf('\u0007', at)));
		},
		/** ms since start. */
		elapsed() {
			return Number(process.hrtime.bigint() - t0) / 1e6;
		},
		get length() {
			return out.length;
		},
		/** Everything the CLI wrote so far. */
		get output() {
			return out;
		},
		nodePid() {
			// script → sh? → node: find the node process below script.
			const find = pid => {
				for (const p of readdirSync('/proc').filter(n => /^\d+$/.test(n))) {
					try {
						const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
						const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
						if (ppid === pid) {
							return readFileSync(`/proc/${p}/comm`, 'utf8').trim() === 'node' ? Number(p) : find(Number(p));
						}
					} catch {
						// The process ended while it was being looked at.
					}
				}
				return undefined;
			};
			return find(child.pid);
		},
		async stop() {
			child.stdin.write('q');
			await new Promise(resolve => {
				const timer = setTimeout(() => (child.kill('SIGKILL'), resolve()), 3000);
				child.on('exit', () => (clearTimeout(timer), resolve()));
			});
		},
	};
}

export function cpuTicks(pid) {
	const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
	const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
	return Number(fields[11]) + Number(fields[12]);
}

export function rssMb(pid) {
	const line = readFileSync(`/proc/${pid}/status`, 'utf8')
		.split('\n')
		.find(l => l.startsWith('VmRSS:'));
	return Number(line.split(/\s+/)[1]) / 1024;
}

export const sleep = ms => new Promise(resolve => setTimeout(resolve, ms));
