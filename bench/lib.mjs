// Small helpers shared by the benchmarks: timing child processes and summarising samples.
import {spawnSync} from 'node:child_process';

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
