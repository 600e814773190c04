// `agentlog export --otlp` of 10,000 agents (the history bench's generated logs: 500 sessions,
// 101,000 events) to a local OTLP/HTTP receiver in this process (127.0.0.1): wall time, CPU,
// peak RSS (the child's own process.resourceUsage() at exit), requests and bytes sent; beside
// `history --json` over the same logs (the same read and fold, printed instead of sent) and
// `node -e 0`. And --follow: the time from a fresh start to the last of the 10,500 spans taken.
import {spawn} from 'node:child_process';
import http from 'node:http';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {generate} from './history.mjs';
import {cleanEnv, fmt, ratio, summary} from './lib.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const cli = path.join(root, 'bin', 'agentlog.js');

function receiver() {
	const stats = {requests: 0, bytes: 0};
	const server = http.createServer((req, res) => {
		let size = 0;
		req.on('data', chunk => (size += chunk.length));
		req.on('end', () => {
			stats.requests += 1;
			stats.bytes += size;
			res.writeHead(200, {'content-type': 'application/x-protobuf'});
			res.end();
		});
	});
	return new Promise(resolve => server.listen(0, '127.0.0.1', () => resolve({server, stats, url: `http://127.0.0.1:${server.address().port}/v1/traces`})));
}

/** Runs node with the RSS probe, asynchronously (the receiver answers in this process). */
function run(args, env, probe, {until} = {}) {
	return new Promise((resolve, reject) => {
		const t0 = process.hrtime.bigint();
		const child = spawn(process.execPath, ['--import', probe, ...args], {env, stdio: ['ignore', 'ignore', 'pipe']});
		let stderr = '';
		let reached;
		child.stderr.on('data', d => {
			stderr += d;
			if (until && reached === undefined && until(stderr)) {
				reached = Number(process.hrtime.bigint() - t0) / 1e6;
				child.kill('SIGINT');
			}
		});
		child.on('error', reject);
		child.on('close', status => {
			const ms = Number(process.hrtime.bigint() - t0) / 1e6;
			if (status !== 0) {
				reject(new Error(`${args.join(' ')} exited ${status}: ${stderr}`));
				return;
			}
			const found = /agentlog-bench-rss (\d+) (\d+)/.exec(stderr);
			resolve({ms: reached ?? ms, rssMb: found ? Number(found[1]) / 1024 : Number.NaN, cpuMs: found ? Number(found[2]) / 1000 : Number.NaN, stderr});
		});
	});
}

export async function runOtlpBench({rounds = 3} = {}) {
	const tmp = mkdtempSync(path.join(os.tmpdir(), 'agentlog-bench-otlp-'));
	const lines = [];
	const {server, stats, url} = await receiver();
	try {
		const activity = path.join(tmp, 'activity');
		const now = Date.parse('2026-03-01T12:00:00Z');
		const {agents, events} = generate(activity, now);
		const probe = path.join(tmp, 'rss-probe.mjs');
		writeFileSync(
			probe,
			"process.on('exit', () => { const u = process.resourceUsage(); process.stderr.write(`agentlog-bench-rss ${u.maxRSS} ${u.userCPUTime + u.systemCPUTime}\\n`); });\n",
		);
		const env = cleanEnv({
			HOME: tmp,
			CLAUDE_CONFIG_DIR: path.join(tmp, '.claude'),
			AGENTLOG_DIR: activity,
			XDG_STATE_HOME: path.join(tmp, 'state'),
			AGENTLOG_NOW: new Date(now).toISOString(),
		});
		lines.push(
			`export --otlp: ${agents.toLocaleString('en')} agents / ${events.toLocaleString('en')} events in 500 sessions, to a receiver on 127.0.0.1 (medians of ${rounds})`,
		);
		const figures = {};
		for (const [name, args] of [
			['node -e 0', ['-e', '0']],
			['history --json', [cli, 'history', '--json']],
			['export --otlp', [cli, 'export', '--otlp', url]],
		]) {
			const samples = [];
			const cpu = [];
			let rss = 0;
			const before = {...stats};
			for (let i = 0; i < rounds; i++) {
				const m = await run(args, env, probe);
				samples.push(m.ms);
				cpu.push(m.cpuMs);
				rss = Math.max(rss, m.rssMb);
			}
			figures[name] = {
				ms: summary(samples).median,
				cpu: summary(cpu).median,
				rss,
				requests: (stats.requests - before.requests) / rounds,
				bytes: (stats.bytes - before.bytes) / rounds,
			};
		}
		const base = figures['node -e 0'].ms;
		for (const [name, f] of Object.entries(figures)) {
			const sent = f.requests > 0 ? `  ${f.requests} requests, ${(f.bytes / 1024 / 1024).toFixed(1)} MB sent` : '';
			lines.push(
				`  ${name.padEnd(16)} ${fmt(f.ms).padStart(10)} (${ratio(f.ms, base)})  CPU ${fmt(f.cpu).padStart(10)}  max RSS ${f.rss.toFixed(0)} MB${sent}`,
			);
		}
		// --follow from a fresh cursor: until the last span is taken (then stopped with SIGINT).
		const followEnv = {...env, XDG_STATE_HOME: path.join(tmp, 'follow-state')};
		delete followEnv.AGENTLOG_NOW;
		const before = {...stats};
		const total = agents + 500;
		const follow = await run([cli, 'export', '--otlp', url, '--follow'], followEnv, probe, {
			until: () => stats.requests - before.requests >= Math.ceil(total / 512),
		});
		lines.push(
			`  export --otlp --follow, first pass over the same logs: ${fmt(follow.ms)} to the last span taken, ${stats.requests - before.requests} requests, max RSS ${follow.rssMb.toFixed(0)} MB`,
		);
		const o = figures['export --otlp'];
		return {lines, ok: o.ms <= 2 * figures['history --json'].ms && o.rss <= 200};
	} finally {
		server.close();
		rmSync(tmp, {recursive: true, force: true});
	}
}
