// Event logs for the OTLP tests, written line by line as the hook writes them (docs/design.md#the-event-log), the
// built CLI run as a child process (asynchronously: the receiver answers in this process), and stop
// requests for the use cases run in the test's own process.
import {spawn, type ChildProcess} from 'node:child_process';
import {appendFileSync, mkdirSync} from 'node:fs';
import path from 'node:path';
import type {StopReason, StopRequests} from '../../src/app/otlp/setup.js';
import {tempDir} from './tmp.js';

const root = path.resolve(import.meta.dirname, '..', '..');
export const CLI = path.join(root, 'bin', 'agentlog.js');

export interface Home {
	readonly home: string;
	readonly activity: string;
	readonly state: string;
}

export function newHome(): Home {
	const home = tempDir('otlp-');
	const activity = path.join(home, '.claude', 'agent-activity');
	mkdirSync(activity, {recursive: true});
	return {home, activity, state: path.join(home, 'state')};
}

export function cliEnv(h: Home, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {
		PATH: process.env.PATH,
		HOME: h.home,
		CLAUDE_CONFIG_DIR: path.join(h.home, '.claude'),
		AGENTLOG_DIR: h.activity,
		XDG_STATE_HOME: h.state,
		...extra,
	};
	return env;
}

export interface LineSpec {
	readonly at: number;
	readonly event: string;
	readonly agentId?: string;
	readonly type?: string;
	readonly state?: string;
	readonly data?: Record<string, unknown>;
}

/** Appends lines to a session's log (the session folder made when missing). */
export function writeLines(h: Home, sessionId: string, lines: readonly LineSpec[]): void {
	const dir = path.join(h.activity, sessionId);
	mkdirSync(dir, {recursive: true});
	const text = lines
		.map(l =>
			JSON.stringify({
				v: 1,
				at: new Date(l.at).toISOString(),
				event: l.event,
				sessionId,
				...(l.agentId === undefined ? {} : {agentId: l.agentId, type: l.type ?? 'Explore', state: l.state ?? 'active'}),
				...(l.data === undefined ? {} : {data: l.data}),
				cwd: '/home/dev/shop',
				git: {head: '3f2c9a107b4e4d219c550e8d1a6b2f4712345678', branch: 'main'},
			}),
		)
		.join('\n');
	appendFileSync(path.join(dir, 'events.jsonl'), `${text}\n`);
}

/** One agent's start and stop (and its parent's call with the given facts, just after the stop). */
export function ranAgent(agentId: string, type: string, start: number, stop: number, call: Record<string, unknown> = {}): LineSpec[] {
	return [
		{at: start, event: 'SubagentStart', agentId, type},
		{at: stop, event: 'SubagentStop', agentId, type, state: 'stopped', data: {lastMessage: 'Done.'}},
		{at: stop + 100, event: 'PostToolUse', agentId, type, state: 'stopped', data: {status: 'completed', ...call}},
	];
}

export interface Run {
	readonly status: number | null;
	readonly signal: NodeJS.Signals | null;
	readonly stdout: string;
	readonly stderr: string;
}

export interface Running {
	readonly child: ChildProcess;
	readonly done: Promise<Run>;
	stderr(): string;
}

export function startCli(args: readonly string[], env: NodeJS.ProcessEnv): Running {
	const child = spawn(process.execPath, [CLI, ...args], {env, stdio: ['ignore', 'pipe', 'pipe']});
	let stdout = '';
	let stderr = '';
	child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
	child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
	const done = new Promise<Run>((resolve, reject) => {
		child.on('error', reject);
		child.on('close', (status, signal) => resolve({status, signal, stdout, stderr}));
	});
	return {child, done, stderr: () => stderr};
}

export function runCli(args: readonly string[], env: NodeJS.ProcessEnv): Promise<Run> {
	return startCli(args, env).done;
}

/** Waits (polling, not sleeping a guess) until `check` holds, or fails after `ms` with `what`. */
export async function until(check: () => boolean, what: () => string, ms = 15_000): Promise<void> {
	const end = Date.now() + ms;
	while (!check()) {
		if (Date.now() > end) {
			throw new Error(`timed out waiting: ${what()}`);
		}
		await new Promise(resolve => setTimeout(resolve, 25));
	}
}

/** Stop requests a test sends itself (the CLI's are Ctrl+C and SIGTERM). */
export function stopRequests(): {readonly stops: StopRequests; readonly request: (reason: StopReason) => void} {
	const listeners = new Set<(reason: StopReason) => void>();
	return {
		stops: stop => {
			listeners.add(stop);
			return () => listeners.delete(stop);
		},
		request: reason => {
			for (const stop of listeners) {
				stop(reason);
			}
		},
	};
}
