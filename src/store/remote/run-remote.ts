// A one-shot `agentlog <command> --json` on another machine (ls, sessions, status --host): run
// through ssh, its output read up to a bound and parsed; what it says is checked by the caller
// (core/remote/decode.ts) as hostile input like any other.
import {spawn} from 'node:child_process';
import {safeLine} from '../../core/text/safe-text.js';
import type {Result} from '../../core/result.js';

/** The most a one-shot answer may be (bytes). */
export const MAX_ANSWER = 16 << 20;

export interface RemoteRun {
	readonly label: string;
	readonly argv: readonly string[];
	readonly timeoutMs?: number;
	/** Aborting it ends the command (the screen that asked has closed). */
	readonly signal?: AbortSignal;
}

/** The parsed JSON the command printed, or what went wrong and what to do. */
export function runRemoteJson(run: RemoteRun): Promise<Result<unknown>> {
	const [command, ...args] = run.argv;
	return new Promise(resolve => {
		const child = spawn(command!, args, {stdio: ['ignore', 'pipe', 'pipe'], ...(run.signal === undefined ? {} : {signal: run.signal})});
		const chunks: Buffer[] = [];
		let size = 0;
		let stderr = '';
		let failure: string | undefined;
		const timer = setTimeout(() => {
			failure = `${run.label} did not answer in ${Math.round((run.timeoutMs ?? 30_000) / 1000)}s`;
			child.kill('SIGTERM');
		}, run.timeoutMs ?? 30_000);
		child.stdout.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size > MAX_ANSWER) {
				failure ??= `${run.label} answered with more than ${MAX_ANSWER >> 20} MB`;
				child.kill('SIGTERM');
				return;
			}
			chunks.push(chunk);
		});
		child.stderr.on('data', (chunk: Buffer) => {
			stderr = (stderr + chunk.toString('utf8')).slice(-2048);
		});
		child.on('error', error => {
			failure ??= `cannot run ${command ?? ''}: ${error.message} (is it on the PATH? --ssh-command names another)`;
		});
		child.on('close', code => {
			clearTimeout(timer);
			const last = safeLine(stderr.trim().split('\n').pop() ?? '');
			if (failure !== undefined) {
				resolve({ok: false, error: failure});
			} else if (code === 127 || /command not found|agentlog: not found/u.test(stderr)) {
				resolve({ok: false, error: `agentlog is not installed on ${run.label} (or not on the PATH ssh gives): run \`npm i -g agentlog\` there`});
			} else if (code !== 0) {
				resolve({ok: false, error: `${run.label}: \`${run.argv.join(' ')}\` exited with ${String(code)}${last === '' ? '' : `: ${last}`}`});
			} else {
				try {
					resolve({ok: true, value: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown});
				} catch {
					resolve({ok: false, error: `${run.label} did not answer with JSON: is its agentlog this one (npm i -g agentlog)?`});
				}
			}
		});
	});
}
