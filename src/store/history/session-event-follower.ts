// Follows one session's event log (<session>/events.jsonl, docs/design.md#the-event-log) for `watch`: each read
// parses only the bytes appended since the last one, whole lines only (a line still being written
// is read again once its newline is there), and keeps per agent only the small facts its
// lifecycle needs — no `lastMessage`, no prompt, no description, no cwd or git — so memory stays
// bounded however long the log grows. A log cut shorter or replaced (another inode) is read again
// from its start. Opened only through openRegularFile: a FIFO, folder or symlink named
// events.jsonl is a problem, never opened, waited on or followed.
import {closeSync, readSync} from 'node:fs';
import path from 'node:path';
import {displayEventLine} from '../../core/history/display-event-line.js';
import {readLogLine, type EventLine} from '../../core/record/event-line.js';
import {foldEvents} from '../../core/history/fold.js';
import {isSafeId} from '../../core/record/agent-record.js';
import {head} from '../../core/text/bounded.js';
import {EMPTY_SESSION_LIFECYCLE, type AgentLifecycle, type SessionLifecycle} from '../../core/record/lifecycle.js';
import {codeOf} from '../fs/errors.js';
import {openRegularFile} from '../fs/safe-file.js';
import {EVENT_LOG_CHUNK_BYTES, EVENT_LOG_NAME, MAX_EVENT_LINE_BYTES} from './event-log.js';

export interface SessionEventFollowerOptions {
	/** Bytes read at a time (default `EVENT_LOG_CHUNK_BYTES`). */
	readonly chunkBytes?: number;
	/** A longer line (bytes) is skipped, never held (default `MAX_EVENT_LINE_BYTES`). */
	readonly maxLineBytes?: number;
	/** Lines kept per agent; past it the earliest after its first are let go and counted (default 1,000). */
	readonly maxLinesPerAgent?: number;
}

/** Strings kept from a line (type, stop reason, tool status) are cut to this many characters. */
const KEPT_STRING_CHARS = 200;
/** SessionEnd and SessionStart lines kept (a session resumed and ended again many times). */
const MAX_SESSION_LINES = 200;
/** Agent ids kept from one SessionEnd's `interrupted` list. */
const MAX_INTERRUPTED_IDS = 1000;

const bounded = (value: unknown): string | undefined => (typeof value === 'string' ? head(value, KEPT_STRING_CHARS) : undefined);

/**
 * The part of a line the lifecycle needs (see `foldEvents`): the event, ids, type, state, and of
 * `data` only the tool call's `status`, SessionEnd's `reason` and `interrupted` ids, and
 * StopFailure's `error` (it says why the agent failed); made safe
 * for display (`displayEventLine`). Undefined for a line that changes no lifecycle (a PostToolUse
 * without a status).
 */
export function lifecycleFacts(line: EventLine): EventLine | undefined {
	const data = line.data;
	const status = bounded(data?.status);
	if (line.event === 'PostToolUse' && status === undefined) {
		return undefined;
	}
	const kept: Record<string, unknown> = {};
	if (status !== undefined) {
		kept.status = status;
	}
	const reason = bounded(data?.reason);
	if (reason !== undefined) {
		kept.reason = reason;
	}
	const error = bounded(data?.error);
	if (error !== undefined) {
		kept.error = error;
	}
	if (Array.isArray(data?.interrupted)) {
		kept.interrupted = (data.interrupted as unknown[]).filter(isSafeId).slice(0, MAX_INTERRUPTED_IDS);
	}
	const type = bounded(line.type);
	const small: EventLine = {
		v: line.v,
		at: line.at,
		event: head(line.event, KEPT_STRING_CHARS),
		sessionId: line.sessionId,
		...(line.agentId === undefined ? {} : {agentId: line.agentId}),
		...(type === undefined ? {} : {type}),
		...(line.state === undefined ? {} : {state: line.state}),
		...(Object.keys(kept).length === 0 ? {} : {data: kept}),
	};
	return displayEventLine(small);
}

/** The agent ids a SessionEnd line names (already kept as safe ids). */
function namedIds(line: EventLine): string[] {
	const list = line.data?.interrupted;
	return Array.isArray(list) ? list.filter(isSafeId) : [];
}

export class SessionEventFollower {
	readonly file: string;
	private readonly chunkBytes: number;
	private readonly maxLine: number;
	private readonly maxPerAgent: number;
	/** Bytes of the log read and parsed (always at the start of a line, or past a skipped one). */
	private offset = 0;
	private ino: number | undefined;
	/** Inside a line over the bound: the bytes up to its newline are dropped. */
	private skipping = false;
	private readonly lines = new Map<string, EventLine[]>();
	private readonly dropped = new Map<string, number>();
	private sessionLines: EventLine[] = [];
	private skipped = 0;
	private problem: string | undefined;
	private agents = new Map<string, AgentLifecycle>();
	private snapshot: SessionLifecycle = EMPTY_SESSION_LIFECYCLE;

	constructor(
		readonly sessionDir: string,
		options: SessionEventFollowerOptions = {},
	) {
		this.file = path.join(sessionDir, EVENT_LOG_NAME);
		this.chunkBytes = Math.max(1, options.chunkBytes ?? EVENT_LOG_CHUNK_BYTES);
		this.maxLine = options.maxLineBytes ?? MAX_EVENT_LINE_BYTES;
		this.maxPerAgent = Math.max(2, options.maxLinesPerAgent ?? 1000);
	}

	/** What the log says so far: each agent's lifecycle steps (display-safe), lines skipped, a problem. The same object until a read changes it. */
	getSnapshot = (): SessionLifecycle => this.snapshot;

	/** Bytes read so far (for tests and the bench). */
	get bytesRead(): number {
		return this.offset;
	}

	/** Lines held now, over every agent (for tests: memory stays bounded). */
	get linesHeld(): number {
		let n = this.sessionLines.length;
		for (const list of this.lines.values()) {
			n += list.length;
		}
		return n;
	}

	/** Reads what was appended since the last read. Never throws, never blocks. True when the snapshot changed. */
	read(): boolean {
		const opened = openRegularFile(this.file);
		if (!opened.ok) {
			const problem = opened.reason === 'missing' ? undefined : `${EVENT_LOG_NAME} ${opened.message}`;
			if (this.offset === 0 && this.ino === undefined && problem === this.problem) {
				return false;
			}
			this.reset();
			this.problem = problem;
			return this.publish(new Set(), true);
		}
		const {fd, stats} = opened;
		const touched = new Set<string>();
		const skippedBefore = this.skipped;
		const problemBefore = this.problem;
		let all = false;
		try {
			if (this.ino !== stats.ino || stats.size < this.offset) {
				// A new log (replaced, or cut shorter): start over.
				all = this.ino !== undefined || this.offset > 0 || this.problem !== undefined;
				this.reset();
				this.ino = stats.ino;
			}
			if (stats.size > this.offset) {
				all = this.readFrom(fd, stats.size, touched) || all;
			}
		} catch (error) {
			this.problem = `${EVENT_LOG_NAME} cannot be read: ${codeOf(error) ?? String(error)}`;
			all = true;
		} finally {
			closeSync(fd);
		}
		return this.publish(touched, all || this.skipped !== skippedBefore || this.problem !== problemBefore);
	}

	private reset(): void {
		this.offset = 0;
		this.ino = undefined;
		this.skipping = false;
		this.lines.clear();
		this.dropped.clear();
		this.sessionLines = [];
		this.skipped = 0;
		this.problem = undefined;
		this.agents = new Map();
	}

	/** Reads from `offset` up to `size`, complete lines only. True when a SessionEnd came (every agent may change). */
	private readFrom(fd: number, size: number, touched: Set<string>): boolean {
		let sessionEnd = false;
		const buf = Buffer.allocUnsafe(Math.min(this.chunkBytes, size - this.offset));
		let position = this.offset;
		let carry: Buffer[] = [];
		let carryBytes = 0;
		const take = (bytes: Buffer): void => {
			const text = bytes.toString('utf8');
			// An event glued after a torn line (an older hook) is kept; the torn part is skipped.
			const parsed = readLogLine(text);
			if (!parsed.ok) {
				if (text.trim() !== '') {
					this.skipped += 1;
				}
				return;
			}
			if (parsed.torn) {
				this.skipped += 1;
			}
			sessionEnd = this.keep(parsed.value, touched) || sessionEnd;
		};
		while (position < size) {
			const n = readSync(fd, buf, 0, Math.min(buf.length, size - position), position);
			if (n === 0) {
				break;
			}
			const data = buf.subarray(0, n);
			let start = 0;
			for (let nl = data.indexOf(0x0a); nl >= 0; nl = data.indexOf(0x0a, start)) {
				if (this.skipping) {
					this.skipping = false;
				} else if (carryBytes + nl - start > this.maxLine) {
					this.skipped += 1;
				} else {
					take(carryBytes === 0 ? data.subarray(start, nl) : Buffer.concat([...carry, data.subarray(start, nl)]));
				}
				carry = [];
				carryBytes = 0;
				start = nl + 1;
				// Consumed: up to and with this newline.
				this.offset = position + start;
			}
			if (start < n && !this.skipping) {
				if (carryBytes + n - start > this.maxLine) {
					// A line over the bound: skipped to its newline, never held.
					this.skipped += 1;
					this.skipping = true;
					carry = [];
					carryBytes = 0;
				} else {
					carry.push(Buffer.from(data.subarray(start, n)));
					carryBytes += n - start;
				}
			}
			position += n;
			if (this.skipping) {
				// Nothing of a skipped line is read twice.
				this.offset = position;
			}
		}
		// A last line without its newline is being written: it is read again, whole, next time.
		return sessionEnd;
	}

	/** Keeps a line's lifecycle facts. True for a SessionEnd or SessionStart (it may change any agent's lifecycle). */
	private keep(line: EventLine, touched: Set<string>): boolean {
		const facts = lifecycleFacts(line);
		if (facts === undefined) {
			return false;
		}
		if (line.agentId === undefined) {
			// A SessionStart orders a start after a SessionEnd (a resume, however soon): kept beside them.
			if (line.event !== 'SessionEnd' && line.event !== 'SessionStart') {
				return false;
			}
			this.sessionLines.push(facts);
			if (this.sessionLines.length > MAX_SESSION_LINES) {
				this.sessionLines.shift();
			}
			for (const id of namedIds(facts)) {
				if (!this.lines.has(id)) {
					this.lines.set(id, []);
				}
			}
			return true;
		}
		let list = this.lines.get(line.agentId);
		if (list === undefined) {
			list = [];
			this.lines.set(line.agentId, list);
		}
		list.push(facts);
		if (list.length > this.maxPerAgent) {
			// Keep its first line (the spawn) and the latest; count what goes.
			const cut = list.length - this.maxPerAgent;
			list.splice(1, cut);
			this.dropped.set(line.agentId, (this.dropped.get(line.agentId) ?? 0) + cut);
		}
		touched.add(line.agentId);
		return false;
	}

	/** Folds the agents whose lines changed (every agent after a SessionEnd) and makes a new snapshot when anything did. */
	private publish(touched: ReadonlySet<string>, all: boolean): boolean {
		const ids = all ? [...this.lines.keys()] : [...touched];
		if (ids.length === 0 && !all) {
			return false;
		}
		const agents = all ? new Map<string, AgentLifecycle>() : new Map(this.agents);
		for (const id of ids) {
			const history = foldEvents([...(this.lines.get(id) ?? []), ...this.sessionLines], {now: 0}).find(h => h.agentId === id);
			if (history === undefined || history.lifecycle.length === 0) {
				agents.delete(id);
			} else {
				agents.set(id, {steps: history.lifecycle, dropped: this.dropped.get(id) ?? 0});
			}
		}
		this.agents = agents;
		this.snapshot = {agents, skipped: this.skipped, ...(this.problem === undefined ? {} : {problem: this.problem})};
		return true;
	}
}
