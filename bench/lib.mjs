// Small helpers shared by the benchmarks: timing child processes and summarising samples.
import {spawnSync} from 'node:child_process';
import {writeFileSync} from 'node:fs';

export function timeRun(cmd, args, {input = '', env = process.env} = {}) {
	const t0 = process.hrtime.bigint();
	const r = spawnSync(cmd, args, {input, env});
	const ms = Number(process.hrtime.bigint() - t0) / 1e6;
	if (r.status !== 0) {
		throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
	}
	return ms;
}

export function quantile(samples, q) {
	const s = [...samples].sort((a, b) => a - b);
	return s[Math.min(s.length - 1, Math.floor(q * s.length))];
}

export function summary(samples) {
	return {median: quantile(samples, 0.5), p95: quantile(samples, 0.95)};
}

export const fmt = ms => `${ms.toFixed(1)} ms`;
export const ratio = (a, b) => `${(a / b).toFixed(2)}×`;

/** Env without NODE_EXTRA_CA_CERTS/NODE_OPTIONS, which slow every Node start (the floor). */
export function cleanEnv(extra = {}) {
	const env = {...process.env, ...extra};
	delete env.NODE_EXTRA_CA_CERTS;
	delete env.NODE_OPTIONS;
	return env;
}

/** Writes a module that, preloaded with --import, prints the process's peak RSS and CPU time to stderr at exit. */
export function writeRssProbe(file) {
	writeFileSync(
		file,
		"process.on('exit', () => { const u = process.resourceUsage(); process.stderr.write(`agentlog-bench-rss ${u.maxRSS} ${u.userCPUTime + u.systemCPUTime}\\n`); });\n",
	);
	return file;
}

/** Runs node with `args` and the probe preloaded: {ms, rssMb, cpuMs} (peak RSS and CPU from the child's own process.resourceUsage at exit). */
export function measureNode(args, env, probe) {
	const t0 = process.hrtime.bigint();
	const r = spawnSync(process.execPath, ['--import', probe, ...args], {
		env,
		stdio: ['ignore', 'ignore', 'pipe'],
		encoding: 'utf8',
		maxBuffer: 64 * 1024 * 1024,
	});
	const ms = Number(process.hrtime.bigint() - t0) / 1e6;
	if (r.status !== 0) {
		throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
	}
	const found = /agentlog-bench-rss (\d+) (\d+)/.exec(r.stderr);
	return {ms, rssMb: found ? Number(found[1]) / 1024 : Number.NaN, cpuMs: found ? Number(found[2]) / 1000 : Number.NaN};
}
