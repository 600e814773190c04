// Reading the event log <activity>/<sessionId>/events.jsonl (docs/design.md#the-event-log). Read-only: readers
// never write, never crash, never wait. The file is opened only if it is a regular file
// (`openRegularFile`: a FIFO, folder or symlink is a problem, never opened, waited on or
// followed), read up to its size when opened (a hook appending meanwhile is not chased) in
// chunks, keeping complete lines only: memory is one chunk plus the longest line, and a line over
// the bound is skipped without being held.
//
// The lines are exact (for `--json` / `--events`); `displayEventLine` (core/history) is the one
// place their text is made safe for a terminal.
import {closeSync, readSync} from 'node:fs';
import path from 'node:path';
import {readLogLine, TORN_LINE, type EventLine, type SkippedLine} from '../../core/record/event-line.js';
import {addImportLine, newImportState, type SessionImportState} from '../../core/history/imported.js';
import {withoutRepeats} from '../../core/history/repeats.js';
import {listSessionDirs, type SessionDirInfo} from '../activity/read-agents.js';
import {codeOf} from '../fs/errors.js';
import {EVENT_LOG_NAME} from '../../core/record/file-names.js';
import {openRegularFile} from '../fs/safe-file.js';
import {LONG_TEXT_KEYS, slimLine} from './slim-line.js';
import {readFull} from '../fs/read-full.js';

/** The log's name inside a session folder. */
export {EVENT_LOG_NAME} from '../../core/record/file-names.js';

/** Bytes read at a time. */
export const EVENT_LOG_CHUNK_BYTES = 1024 * 1024;

/**
 * A line longer than this (bytes, without its newline) is skipped, not held. The hook's longest
 * line: a `lastMessage` of `CUT_MESSAGE_CHARS` (1 Mi characters) that may take up to 6 bytes
 * each once escaped as JSON, plus a prompt and other bounded strings.
 */
export const MAX_EVENT_LINE_BYTES = 8 * 1024 * 1024;

export interface EventLogOptions {
	/** Bytes read at a time (default `EVENT_LOG_CHUNK_BYTES`). */
	readonly chunkBytes?: number;
	/** Longest line kept, in bytes (default `MAX_EVENT_LINE_BYTES`). */
	readonly maxLineBytes?: number;
	/**
	 * The session the folder is (its name): a line naming another session is skipped and counted
	 * as skipped. Its agents would otherwise be counted under two sessions (the hook writes a
	 * session's lines only to its own folder, so such a line is damage or a copy).
	 */
	readonly sessionId?: string;
}

export interface SessionEvents {
	/** The lines that parse, in file order, exactly as written (not display-safe: see `displayEventLine`), a line recorded twice once (`withoutRepeats`). */
	readonly lines: EventLine[];
	/** Lines that could not be read (garbage, a cut last line, a line over the bound), with their 1-based numbers. */
	readonly skipped: SkippedLine[];
	/** Why the log could not be read (or not to its end): it is a folder, a FIFO, a symlink, a read error. A missing log is no problem. */
	readonly problem?: string;
}

/** One item of a log read line by line: a line that parses, or one skipped. */
export type LogItem =
	| {
			readonly line: EventLine;
			readonly skipped?: undefined;
			/** Its size as read. */
			readonly bytes: number;
			/** Where its physical line starts in the file (bytes): `readLineAt` reads it again. */
			readonly offset: number;
	  }
	| {readonly line?: undefined; readonly skipped: SkippedLine};

/** What a read line by line ends with: why the log could not be read (or not to its end). */
export interface LogEnd {
	readonly problem?: string;
}

/**
 * `<sessionDir>/events.jsonl` line by line, in file order, in chunks: memory is one chunk plus
 * the longest line (`maxLineBytes`), whatever the log's size — a line over it is skipped without
 * being held. A missing file yields nothing. Never throws. A last line without its newline is
 * kept when it is a whole line (a log written by another tool); else it is the cut end of a write
 * and is skipped. An event glued after a torn line (`readLogLine`) is read, the torn part skipped.
 * Lines are yielded as they are, repeats included (see `withoutRepeats`).
 */
export function* eventLogItems(sessionDir: string, options: EventLogOptions = {}): Generator<LogItem, LogEnd, undefined> {
	const file = path.join(sessionDir, EVENT_LOG_NAME);
	const opened = openRegularFile(file);
	if (!opened.ok) {
		return opened.reason === 'missing' ? {} : {problem: `${EVENT_LOG_NAME} ${opened.message}`};
	}
	const {fd, stats} = opened;
	const chunkBytes = Math.max(1, options.chunkBytes ?? EVENT_LOG_CHUNK_BYTES);
	const maxLine = options.maxLineBytes ?? MAX_EVENT_LINE_BYTES;
	const overLong = `line over ${maxLine} bytes`;
	const folder = options.sessionId;

	// The line being read: its number, the bytes of it read so far (in pieces), or skipping it.
	let lineNumber = 1;
	let carry: Buffer[] = [];
	let carryBytes = 0;
	let skipping = false;
	// What one physical line gives: up to two items (a torn part, the event after it).
	const out: LogItem[] = [];

	// Where the line being read starts in the file.
	let lineStart = 0;
	const take = (text: string, cut: boolean, bytes: number): void => {
		if (text.trim() === '') {
			return;
		}
		const read = readLogLine(text);
		if (!read.ok) {
			out.push({skipped: {lineNumber, error: cut ? `cut: no newline at the end (${read.error})` : read.error}});
			return;
		}
		if (read.torn) {
			out.push({skipped: {lineNumber, error: TORN_LINE}});
		}
		if (folder !== undefined && read.value.sessionId !== folder) {
			out.push({skipped: {lineNumber, error: `names another session (${read.value.sessionId}) than its folder`}});
		} else {
			out.push({line: read.value, bytes, offset: lineStart});
		}
	};
	const carried = (): string => (carry.length === 1 ? carry[0]! : Buffer.concat(carry, carryBytes)).toString('utf8');
	const startSkipping = (): void => {
		out.push({skipped: {lineNumber, error: overLong}});
		carry = [];
		carryBytes = 0;
		skipping = true;
	};

	try {
		const buf = Buffer.allocUnsafe(Math.min(chunkBytes, Math.max(1, stats.size)));
		let position = 0;
		while (position < stats.size) {
			const n = readSync(fd, buf, 0, Math.min(buf.length, stats.size - position), position);
			if (n === 0) {
				break;
			}
			const chunkStart = position;
			position += n;
			const data = n === buf.length ? buf : buf.subarray(0, n);
			let start = 0;
			for (let nl = data.indexOf(0x0a); nl >= 0; nl = data.indexOf(0x0a, start)) {
				if (skipping) {
					skipping = false;
				} else if (carryBytes > 0) {
					if (carryBytes + nl - start > maxLine) {
						out.push({skipped: {lineNumber, error: overLong}});
					} else {
						carry.push(data.subarray(start, nl));
						carryBytes += nl - start;
						take(carried(), false, carryBytes);
					}
					carry = [];
					carryBytes = 0;
				} else if (nl - start > maxLine) {
					out.push({skipped: {lineNumber, error: overLong}});
				} else {
					take(data.toString('utf8', start, nl), false, nl - start);
				}
				lineNumber++;
				start = nl + 1;
				lineStart = chunkStart + start;
				// Yielded before the next line is read: `data` is not read into while the caller runs.
				while (out.length > 0) {
					yield out.shift()!;
				}
			}
			if (start < n && !skipping) {
				if (carryBytes + n - start > maxLine) {
					startSkipping();
				} else {
					// A copy: `buf` is read into again.
					carry.push(Buffer.from(data.subarray(start, n)));
					carryBytes += n - start;
				}
			}
			while (out.length > 0) {
				yield out.shift()!;
			}
		}
		if (carryBytes > 0) {
			take(carried(), true, carryBytes);
			while (out.length > 0) {
				yield out.shift()!;
			}
		}
		return {};
	} catch (error) {
		return {problem: `${EVENT_LOG_NAME} cannot be read: ${codeOf(error) ?? String(error)}`};
	} finally {
		closeSync(fd);
	}
}

/**
 * The events of one session: `<sessionDir>/events.jsonl` read in chunks (`eventLogItems`), held
 * whole. A missing file is an empty result. Never throws. For a log of any size, read it line by
 * line with `eventLogItems` instead.
 */
export function readSessionEvents(sessionDir: string, options: EventLogOptions = {}): SessionEvents {
	const lines: EventLine[] = [];
	const skipped: SkippedLine[] = [];
	const items = eventLogItems(sessionDir, options);
	let next = items.next();
	for (; !next.done; next = items.next()) {
		if (next.value.line === undefined) {
			skipped.push(next.value.skipped);
		} else {
			lines.push(next.value.line);
		}
	}
	const {problem} = next.value;
	// A line the other copy of the hook also wrote (the plugin's and install-hook's) is read once.
	const kept = withoutRepeats(lines);
	return problem === undefined ? {lines: kept, skipped} : {lines: kept, skipped, problem};
}

export interface SessionEventsRead extends SessionEvents {
	/** The session folder (its `id` is the exact name, `label` the safe one to show). */
	readonly session: SessionDirInfo;
}

export interface AllEventsOptions extends EventLogOptions {
	/** Only the sessions this accepts are read (e.g. one session, by `id`). */
	readonly filter?: (session: SessionDirInfo) => boolean;
}

/**
 * The events of every session folder under `activity`, one session at a time, newest folder
 * first (`listSessionDirs`): a caller folds or counts each session and lets it go, so it never
 * holds every session's text at once. Sessions without a log yield empty lines. Never throws.
 */
export function* readAllEvents(activity: string, options: AllEventsOptions = {}): Generator<SessionEventsRead, void, undefined> {
	for (const session of listSessionDirs(activity)) {
		if (options.filter && !options.filter(session)) {
			continue;
		}
		yield {session, ...readSessionEvents(path.join(activity, session.id), {...options, sessionId: session.id})};
	}
}

/**
 * The line that starts at `offset` and is `bytes` long in `<sessionDir>/events.jsonl`, read again
 * (a log is only appended to: a line read once is there unchanged). Undefined when it cannot be
 * read or no longer parses (the log was replaced). `fd`: the log, already open.
 */
export function readLineAt(fd: number, offset: number, bytes: number): EventLine | undefined {
	try {
		const buf = Buffer.allocUnsafe(bytes);
		if (readFull(fd, buf, offset) < bytes) {
			return undefined;
		}
		const read = readLogLine(buf.toString('utf8'));
		return read.ok ? read.value : undefined;
	} catch {
		return undefined;
	}
}

/**
 * A session's import state (`agentlog import`: which agents the hook names, which transcript
 * versions were imported), its log read line by line: memory is the state, not the lines.
 */
export function readImportState(sessionDir: string, sessionId: string): SessionImportState {
	const state = newImportState();
	for (const item of eventLogItems(sessionDir, {sessionId})) {
		if (item.line !== undefined) {
			addImportLine(state, item.line);
		}
	}
	return state;
}

/** A session's lines held without their long texts, and how to read a text back (`readSessionLines`). */
export interface SessionLines extends SessionEvents {
	/** A text of a line (`lastMessage`, `prompt`, `report`) as held: itself, or read back whole from the log; a stand-in that cannot be read back gives ''. */
	readonly text: (held: string) => string;
}

/** A held long text: where its line is in the log, and which field (after a character no text starts with). */
const TEXT_REF_MARK = '\u0001';
const TEXT_REF = /^(\d+):(\d+):(\w+)$/;

/**
 * The lines of one session held for a whole-session view (`replay`, `watch --at`, `ls --at`):
 * read line by line, each held without its long texts (`slimLine`: a few hundred bytes a line,
 * whatever its report), a line recorded twice once (`withoutRepeats`, exact: the stand-ins carry
 * a digest). `text` reads a text back from its line in the log when it is shown.
 */
export function readSessionLines(sessionDir: string, options: EventLogOptions = {}): SessionLines {
	const lines: EventLine[] = [];
	const skipped: SkippedLine[] = [];
	const where = new Map<EventLine, {readonly offset: number; readonly bytes: number}>();
	const items = eventLogItems(sessionDir, options);
	let next = items.next();
	for (; !next.done; next = items.next()) {
		const item = next.value;
		if (item.line === undefined) {
			skipped.push(item.skipped);
			continue;
		}
		const slim = slimLine(item.line);
		if (slim !== item.line) {
			where.set(slim, {offset: item.offset, bytes: item.bytes});
		}
		lines.push(slim);
	}
	const {problem} = next.value;
	// Repeats dropped while the stand-ins are digests; then each says where its text is (and only
	// those are read back: a message that merely looks like one is itself).
	const refs = new Set<unknown>();
	const kept = withoutRepeats(lines).map(line => {
		const at = where.get(line);
		if (at === undefined || line.data === undefined) {
			return line;
		}
		const data = {...line.data};
		for (const key of LONG_TEXT_KEYS) {
			const value = data[key];
			if (typeof value === 'string' && value.startsWith('\u0000')) {
				data[key] = `${TEXT_REF_MARK}${at.offset}:${at.bytes}:${key}`;
				refs.add(data[key]);
			}
		}
		return {...line, data};
	});
	const file = path.join(sessionDir, EVENT_LOG_NAME);
	const text = (held: string): string => {
		const ref = refs.has(held) ? TEXT_REF.exec(held.slice(1)) : null;
		if (ref === null) {
			return held;
		}
		const opened = openRegularFile(file);
		if (!opened.ok) {
			return '';
		}
		try {
			const value = readLineAt(opened.fd, Number(ref[1]), Number(ref[2]))?.data?.[ref[3]!];
			return typeof value === 'string' ? value : '';
		} finally {
			closeSync(opened.fd);
		}
	};
	return problem === undefined ? {lines: kept, skipped, text} : {lines: kept, skipped, problem, text};
}
