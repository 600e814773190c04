// One other machine's `agentlog stream`, read through a command (`ssh <target> agentlog stream`):
// spawned, read line by line (bounded, decoded as hostile input), and run again with exponential
// backoff when it ends. A host that drops keeps its last known agents and is marked
// disconnected; one that sends no hello in time is marked not responding; one without agentlog
// (exit 127, "command not found") or with another protocol is told what to install.
import {spawn, type ChildProcess} from 'node:child_process';
import {decodeLine, MAX_LINE} from '../../core/remote/decode.js';
import {applyLine, EMPTY_HOST_STATE, type HostState} from '../../core/remote/host-state.js';
import {PROTOCOL_VERSION} from '../../core/remote/protocol.js';
import {safeLine} from '../../core/text/safe-text.js';
import {LineSplitter} from './line-splitter.js';

export type HostPhase = 'connecting' | 'connected' | 'disconnected' | 'not-responding' | 'missing' | 'incompatible' | 'failed';

export interface HostStatus {
	readonly phase: HostPhase;
	/** What went wrong and what to do, one safe line; undefined while all is well. */
	readonly message: string | undefined;
	/** When the next attempt starts (ms), while waiting for one. */
	readonly retryAt: number | undefined;
	/** Lines that were not valid stream lines (too long, not JSON, failed the checks). */
	readonly badLines: number;
}

export interface RemoteHostOptions {
	/** How the host is called on screen. */
	readonly label: string;
	/** The command and its arguments (ssh …, or this machine's own agentlog). */
	readonly argv: readonly string[];
	/** What this agentlog's version is (named in the message for an incompatible host). */
	readonly version: string;
	/** How long to wait for the hello line (ms). */
	readonly helloMs?: number;
	/** The first retry's wait and the cap (ms). */
	readonly backoffMs?: number;
	readonly backoffCapMs?: number;
	readonly now?: () => number;
	/** The variables ssh runs with (the Env's). */
	readonly env: NodeJS.ProcessEnv;
}

/** Lines before the hello that are let pass (a login script that prints something). */
const NOISE_BEFORE_HELLO = 20;
const STDERR_KEPT = 2048;

export class RemoteHost {
	state: HostState = EMPTY_HOST_STATE;
	status: HostStatus = {phase: 'connecting', message: undefined, retryAt: undefined, badLines: 0};
	private child: ChildProcess | undefined;
	private timer: NodeJS.Timeout | undefined;
	private helloTimer: NodeJS.Timeout | undefined;
	private backoff: number;
	private closed = false;
	private readonly listeners = new Set<() => void>();
	private readonly now: () => number;

	constructor(private readonly options: RemoteHostOptions) {
		this.backoff = options.backoffMs ?? 1000;
		this.now = options.now ?? Date.now;
	}

	get label(): string {
		return this.options.label;
	}

	subscribe(listener: () => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	private emit(): void {
		for (const listener of this.listeners) {
			listener();
		}
	}

	private setStatus(phase: HostPhase, message: string | undefined, retryAt?: number): void {
		this.status = {phase, message: message === undefined ? undefined : safeLine(message), retryAt, badLines: this.status.badLines};
		this.emit();
	}

	start(): void {
		if (this.closed) {
			return;
		}
		const [command, ...args] = this.options.argv;
		let hello = false;
		let noise = 0;
		let stderr = '';
		let verdict: {phase: HostPhase; message: string} | undefined;
		const splitter = new LineSplitter(MAX_LINE);
		const child = spawn(command!, args, {stdio: ['pipe', 'pipe', 'pipe'], env: this.options.env});
		this.child = child;
		this.setStatus(this.status.phase === 'connecting' ? 'connecting' : this.status.phase, this.status.message);
		const stop = (phase: HostPhase, message: string): void => {
			verdict ??= {phase, message};
			child.kill('SIGTERM');
		};
		this.helloTimer = setTimeout(
			() =>
				stop('not-responding', `not responding: no answer in ${Math.round((this.options.helloMs ?? 10_000) / 1000)}s from \`${this.options.argv.join(' ')}\``),
			this.options.helloMs ?? 10_000,
		);
		const bad = (): void => {
			this.status = {...this.status, badLines: this.status.badLines + 1};
		};
		child.stdout.on('data', (chunk: Buffer) => {
			const before = splitter.tooLong;
			const lines = splitter.push(chunk);
			for (let i = before; i < splitter.tooLong; i++) {
				bad();
			}
			let changed = false;
			for (const raw of lines) {
				const decoded = decodeLine(raw);
				if (!decoded.ok) {
					if (!hello && ++noise > NOISE_BEFORE_HELLO) {
						stop('failed', "did not answer with agentlog's stream: is `agentlog` on its PATH this agentlog?");
						return;
					}
					bad();
					continue;
				}
				const {line, skipped, overLimit} = decoded.value;
				for (let i = 0; i < skipped; i++) {
					bad();
				}
				if (line.type === 'hello') {
					clearTimeout(this.helloTimer);
					if (line.protocol !== PROTOCOL_VERSION) {
						stop(
							'incompatible',
							`runs agentlog ${line.agentlog} (stream protocol ${line.protocol}), this one reads ${PROTOCOL_VERSION}: run \`npm i -g agentlog@${this.options.version}\` there`,
						);
						return;
					}
					hello = true;
					this.setStatus('connected', undefined);
					continue;
				}
				if (!hello) {
					continue;
				}
				const next = applyLine(this.state, line, overLimit);
				if (next !== this.state) {
					this.state = next;
					changed = true;
				}
				if (line.type === 'snapshot') {
					// A good connection: the next drop starts the backoff again from the start.
					this.backoff = this.options.backoffMs ?? 1000;
				}
			}
			if (changed) {
				this.emit();
			}
		});
		child.stderr.on('data', (chunk: Buffer) => {
			stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEPT);
		});
		child.stdin.on('error', () => undefined);
		child.on('error', error => {
			verdict ??= {phase: 'failed', message: `cannot run ${this.options.argv[0] ?? ''}: ${error.message} (is it on the PATH? --ssh-command names another)`};
		});
		child.on('close', code => {
			clearTimeout(this.helloTimer);
			this.child = undefined;
			if (this.closed) {
				return;
			}
			const missing = code === 127 || /command not found|agentlog: not found|No such file or directory/u.test(stderr);
			const last = stderr.trim().split('\n').pop() ?? '';
			const result =
				verdict ??
				(missing && !hello
					? {phase: 'missing' as const, message: 'no agentlog there: run `npm i -g agentlog` on it (or put it on the PATH ssh gives)'}
					: {
							phase: hello ? ('disconnected' as const) : ('failed' as const),
							message: `${hello ? 'connection lost' : `exited with ${String(code)}`}${last === '' ? '' : `: ${last}`}`,
						});
			// Nothing to gain from asking again soon: agentlog must be installed there first.
			const wait = result.phase === 'missing' || result.phase === 'incompatible' ? (this.options.backoffCapMs ?? 30_000) : this.backoff;
			this.backoff = Math.min(this.backoff * 2, this.options.backoffCapMs ?? 30_000);
			this.setStatus(result.phase, result.message, this.now() + wait);
			this.timer = setTimeout(() => {
				this.timer = undefined;
				this.start();
			}, wait);
		});
	}

	close(): void {
		this.closed = true;
		clearTimeout(this.timer);
		clearTimeout(this.helloTimer);
		const child = this.child;
		if (child !== undefined) {
			// Closing its stdin ends `agentlog stream` there (ssh passes the EOF); the signal ends ssh.
			child.stdin?.end();
			child.kill('SIGTERM');
		}
	}
}
