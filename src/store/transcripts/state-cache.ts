// What the one-shot read of a session's transcripts reached (one-shot.ts), kept between runs
// (`<state>/agentlog/transcript-states/<session>.json`): per agent, the summary its transcript
// folds to, what its `.meta.json` said and what its parent's transcript says of it, each keyed by
// the file it came from (real path, device, inode, size, write time), and the whole file by the
// format and the prices (which files may be opened is still checked on every run). A run reads
// again only the transcripts, sidecars and parent transcripts that changed; `ls`, `report`,
// `timeline`, `sessions --cost` and the piped snapshot of `watch` go through it; time travel and
// live following never do.
//
// Best effort: missing, corrupt, hostile or unwritable, the transcripts are read again and the
// answer is the same (tested). Every value read back is checked as its fold would have made it
// (strings safe for a terminal and bounded, counts whole, arrays bounded); an agent whose row is
// not is read again. The file is bounded: rows past MAX_STATE_CACHE_BYTES are left out (read again
// next time), and a larger file is not read. Files not written for FORGET_MS are swept.
import {mkdirSync, readdirSync, statSync, type Stats} from 'node:fs';
import path from 'node:path';
import type {CostSum} from '../../core/cost/cost.js';
import {isSafeId} from '../../core/record/agent-record.js';
import {countsOf} from '../../core/record/name-counts.js';
import {isObject} from '../../core/record/json.js';
import type {AgentMeta, TaskResult} from '../../core/transcript/agent-activity.js';
import {parseMeta} from '../../core/transcript/meta.js';
import {DESCRIPTION_MAX, TASK_REPORT_MAX, type ParentFacts} from '../../core/transcript/parent-index.js';
import {
	MAX_TOOL_CALLS,
	PROMPT_MAX,
	REPORT_MAX,
	type ResponseUsage,
	type ToolCall,
	type TranscriptSummary,
	type TurnState,
} from '../../core/transcript/summary.js';
import type {Pricer} from '../../core/cost/cost.js';
import {safeLine, safeText} from '../../core/text/safe-text.js';
import {writeAtomic} from '../fs/atomic-write.js';
import {removeFile} from '../fs/errors.js';
import {readRegularText} from '../fs/safe-file.js';

const VERSION = 1;
/** A few KB per agent; a session of thousands of agents stays far below. A larger file is not ours. */
export const MAX_STATE_CACHE_BYTES = 64 * 1024 * 1024;
/** A session's file not written for this long is removed when another is written. */
const FORGET_MS = 14 * 24 * 60 * 60 * 1000;
/** Ids and other raw strings of a transcript line: longer ones are not kept (read again instead). */
const MAX_RAW = 64 * 1024;
/** One-line strings the fold keeps (tool names and summaries, files, model): longer are not kept. */
const MAX_LINE = 64 * 1024;
/** Results of calls not seen, message ids of a turn: bounded as a transcript's are in practice. */
const MAX_ITEMS = 100_000;
/** The usage map keeps the newest 64 responses (summary.ts), the first-message set 4. */
const MAX_USAGE = 64;
const MAX_FIRST_MESSAGES = 4;
const MAX_ANSWERED = 64;

/** Which file, and which version of it. */
export interface FileStamp {
	readonly path: string;
	readonly dev: number;
	readonly ino: number;
	readonly size: number;
	readonly mtimeMs: number;
}

export function stampOfStats(file: string, st: Stats): FileStamp {
	return {path: file, dev: st.dev, ino: st.ino, size: st.size, mtimeMs: st.mtimeMs};
}

/** The stamp of a regular file now; undefined when it is not one. */
export function stampOf(file: string): FileStamp | undefined {
	try {
		const st = statSync(file);
		return st.isFile() ? stampOfStats(file, st) : undefined;
	} catch {
		return undefined;
	}
}

export const sameStamp = (a: FileStamp | undefined, b: FileStamp | undefined): boolean =>
	a !== undefined && b !== undefined && a.path === b.path && a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs;

/** What one agent's one-shot read reached, and from which files. */
export interface KeptState {
	/** The record's transcript path and working folder the summary was folded with. */
	readonly named: string;
	readonly cwd: string | undefined;
	readonly transcript: FileStamp;
	/** The summary of the whole file (its `pricer` is the loader's). */
	readonly summary: TranscriptSummary;
	/** The `.meta.json` read, and what it gave (undefined: not a sidecar); absent when none was read. */
	readonly meta?: {readonly file: FileStamp; readonly meta: AgentMeta | undefined};
	/** The parent transcript scanned, the `.meta.json` tool_use id it was asked with, and what it says of the agent. */
	readonly parent?: {readonly file: FileStamp; readonly toolUseId: string | undefined; readonly facts: ParentFacts};
}

// ---- writing: arrays of values, not objects of named fields (smaller, parsed faster) ----

const orNull = <T>(v: T | undefined): T | null => (v === undefined ? null : v);
const stampRow = (s: FileStamp): unknown[] => [s.path, s.dev, s.ino, s.size, s.mtimeMs];
const costRow = (c: CostSum): unknown[] => [c.usd, c.priced, c.unpriced];

function turnRow(t: TurnState): unknown[] {
	return [
		t.message,
		orNull(t.messageId),
		t.text,
		orNull(t.stopReason),
		t.pending,
		orNull(t.structuredId),
		orNull(t.structured),
		t.toolEndsTurn,
		t.resumed,
		t.answered,
		t.answeredMore,
		t.fromStart,
	];
}

function summaryRow(s: TranscriptSummary): unknown[] {
	return [
		s.toolCalls.map(c => [c.id, c.name, c.summary, orNull(c.at), orNull(c.result), orNull(c.isError)]),
		Object.entries(s.toolCounts),
		s.files,
		[...s.usage].map(([id, u]) => [id, u.input, u.output, u.cacheWrite, u.cacheRead, ...costRow(u.cost)]),
		[s.usageBefore.input, s.usageBefore.output, s.usageBefore.cacheWrite, s.usageBefore.cacheRead],
		costRow(s.costBefore),
		s.lastRequest === undefined ? null : [s.lastRequest.input, orNull(s.lastRequest.window)],
		[...s.firstMessages],
		orNull(s.model),
		orNull(s.version),
		orNull(s.activity),
		orNull(s.parentAgentId),
		orNull(s.lastAt),
		[...s.orphanResults].map(([id, r]) => [id, r.result, r.isError]),
		s.lines,
		s.badLines,
		s.toolErrors,
		orNull(s.prompt),
		s.hasWork,
		s.turn === undefined ? null : turnRow(s.turn),
	];
}

function taskResultRow(r: TaskResult): unknown[] {
	return [orNull(r.status), orNull(r.totalTokens), orNull(r.totalToolUseCount), orNull(r.totalDurationMs), orNull(r.report)];
}

function keptRow(agentId: string, k: KeptState): unknown[] {
	return [
		agentId,
		k.named,
		orNull(k.cwd),
		stampRow(k.transcript),
		summaryRow(k.summary),
		k.meta === undefined ? null : [stampRow(k.meta.file), orNull(k.meta.meta)],
		k.parent === undefined
			? null
			: [
					stampRow(k.parent.file),
					orNull(k.parent.toolUseId),
					orNull(k.parent.facts.description),
					k.parent.facts.taskResult === undefined ? null : taskResultRow(k.parent.facts.taskResult),
					orNull(k.parent.facts.subagentType),
				],
	];
}

// ---- reading back: every value checked; `Bad` thrown on the first that is not what a fold makes ----

class Bad extends Error {}

function bad(): never {
	throw new Bad();
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const isFinite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function count(v: unknown): number {
	return isCount(v) ? v : bad();
}
function finite(v: unknown): number {
	return isFinite(v) ? v : bad();
}
function bool(v: unknown): boolean {
	return typeof v === 'boolean' ? v : bad();
}
function array(v: unknown, max: number): unknown[] {
	return Array.isArray(v) && v.length <= max ? (v as unknown[]) : bad();
}
/** A raw string of a line (an id, a stop reason, a version): bounded. */
function raw(v: unknown): string {
	return typeof v === 'string' && v.length <= MAX_RAW ? v : bad();
}
/**
 * Every character `safeLine` could change, and more (whole ranges around the invisible ones): a
 * string with none of them is left as it is, with no new string made for the comparison.
 */
// eslint-disable-next-line no-control-regex
const MAYBE_UNSAFE = /[\u0000-\u001F\u007F-\u009F\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/u;

/** A one-line string made safe as the fold makes it: bounded, and `safeLine` leaves it as it is. */
function line(v: unknown, max = MAX_LINE): string {
	return typeof v === 'string' && v.length <= max && (!MAYBE_UNSAFE.test(v) || safeLine(v) === v) ? v : bad();
}
/** A text made safe as the fold makes it (newlines and tabs kept). */
function text(v: unknown, max: number): string {
	return typeof v === 'string' && v.length <= max && (!MAYBE_UNSAFE.test(v) || safeText(v) === v) ? v : bad();
}
function optional<T>(v: unknown, read: (x: unknown) => T): T | undefined {
	return v === null ? undefined : read(v);
}

function parseStamp(v: unknown): FileStamp {
	const row = array(v, 5);
	const [file, dev, ino, size, mtimeMs] = row;
	return typeof file === 'string' && path.isAbsolute(file) && row.length === 5
		? {path: file, dev: count(dev), ino: count(ino), size: count(size), mtimeMs: finite(mtimeMs)}
		: bad();
}

function parseCost(v: unknown): CostSum {
	const [usd, priced, unpriced] = array(v, 3);
	const dollars = finite(usd);
	return dollars >= 0 ? {usd: dollars, priced: count(priced), unpriced: count(unpriced)} : bad();
}

function parseToolCall(v: unknown): ToolCall {
	const [id, name, summary, at, result, isError] = array(v, 6);
	const call = {id: raw(id), name: line(name), summary: line(summary), at: optional(at, finite)};
	if (result === null) {
		return isError === null ? call : bad();
	}
	return {...call, result: line(result), isError: bool(isError)};
}

function parseTurn(v: unknown): TurnState {
	const row = array(v, 12);
	if (row.length !== 12) {
		bad();
	}
	const ids = (x: unknown, max: number): string[] => array(x, max).map(raw);
	return {
		message: bool(row[0]),
		messageId: optional(row[1], raw),
		text: text(row[2], REPORT_MAX),
		stopReason: optional(row[3], raw),
		pending: ids(row[4], MAX_ITEMS),
		structuredId: optional(row[5], raw),
		structured: optional(row[6], x => text(x, REPORT_MAX)),
		toolEndsTurn: bool(row[7]),
		resumed: bool(row[8]),
		answered: ids(row[9], MAX_ANSWERED),
		answeredMore: bool(row[10]),
		fromStart: bool(row[11]),
	};
}

function parseSummary(v: unknown, pricer: Pricer): TranscriptSummary {
	const row = array(v, 20);
	if (row.length !== 20) {
		bad();
	}
	const toolCounts = countsOf();
	for (const pair of array(row[1], MAX_ITEMS)) {
		const [name, n] = array(pair, 2);
		const key = line(name);
		if (Object.hasOwn(toolCounts, key) || !isCount(n) || n === 0) {
			bad();
		}
		toolCounts[key] = n;
	}
	const usage = new Map<string, ResponseUsage>();
	for (const u of array(row[3], MAX_USAGE)) {
		const [id, input, output, cacheWrite, cacheRead, ...cost] = array(u, 8);
		usage.set(raw(id), {input: finite(input), output: finite(output), cacheWrite: finite(cacheWrite), cacheRead: finite(cacheRead), cost: parseCost(cost)});
	}
	const [input, output, cacheWrite, cacheRead] = array(row[4], 4);
	const lastRequest = optional(row[6], x => {
		const [tokens, window] = array(x, 2);
		return {input: finite(tokens), window: optional(window, finite)};
	});
	const orphanResults = new Map<string, {readonly result: string; readonly isError: boolean}>();
	for (const o of array(row[13], MAX_ITEMS)) {
		const [id, result, isError] = array(o, 3);
		orphanResults.set(raw(id), {result: line(result), isError: bool(isError)});
	}
	return {
		toolCalls: array(row[0], MAX_TOOL_CALLS).map(parseToolCall),
		toolCounts,
		files: array(row[2], MAX_ITEMS).map(f => line(f)),
		usage,
		usageBefore: {input: finite(input), output: finite(output), cacheWrite: finite(cacheWrite), cacheRead: finite(cacheRead)},
		costBefore: parseCost(row[5]),
		pricer,
		lastRequest,
		firstMessages: new Set(array(row[7], MAX_FIRST_MESSAGES).map(raw)),
		model: optional(row[8], x => line(x)),
		version: optional(row[9], raw),
		activity: optional(row[10], x => line(x)),
		parentAgentId: optional(row[11], x => line(x)),
		lastAt: optional(row[12], finite),
		orphanResults,
		lines: count(row[14]),
		badLines: count(row[15]),
		toolErrors: count(row[16]),
		prompt: optional(row[17], x => text(x, PROMPT_MAX)),
		hasWork: bool(row[18]),
		turn: optional(row[19], parseTurn),
	};
}

function parseParent(v: unknown): KeptState['parent'] {
	const [file, toolUseId, description, taskResult, subagentType] = array(v, 5);
	const result = optional(taskResult, x => {
		const [status, totalTokens, totalToolUseCount, totalDurationMs, report] = array(x, 5);
		return {
			status: optional(status, s => line(s)),
			totalTokens: optional(totalTokens, finite),
			totalToolUseCount: optional(totalToolUseCount, finite),
			totalDurationMs: optional(totalDurationMs, finite),
			report: optional(report, r => text(r, TASK_REPORT_MAX)),
		};
	});
	const type = optional(subagentType, s => line(s, DESCRIPTION_MAX));
	return {
		file: parseStamp(file),
		toolUseId: optional(toolUseId, raw),
		facts: {description: optional(description, s => line(s, DESCRIPTION_MAX)), taskResult: result, ...(type === undefined ? {} : {subagentType: type})},
	};
}

function parseKept(v: unknown, pricer: Pricer): KeptState {
	const [, named, cwd, transcript, summary, meta, parent] = array(v, 7);
	const keptMeta = optional(meta, m => {
		const [file, value] = array(m, 2);
		// The sidecar's own checks, again: every string made safe and bounded, every key typed.
		return {file: parseStamp(file), meta: value === null ? undefined : (parseMeta(value) ?? bad())};
	});
	const keptParent = optional(parent, parseParent);
	return {
		named: raw(named),
		cwd: optional(cwd, raw),
		transcript: parseStamp(transcript),
		summary: parseSummary(summary, pricer),
		...(keptMeta === undefined ? {} : {meta: keptMeta}),
		...(keptParent === undefined ? {} : {parent: keptParent}),
	};
}

/** A session's file in the cache folder; undefined for an id that is not safe. */
function fileOf(dir: string, sessionId: string): string | undefined {
	return isSafeId(sessionId) ? path.join(dir, `${sessionId}.json`) : undefined;
}

/** The kept states of one session's agents. */
export class TranscriptStateCache {
	private readonly file: string | undefined;
	private rows: Map<string, unknown> | undefined;

	constructor(
		private readonly dir: string,
		private readonly sessionId: string,
		private readonly pricer: Pricer,
	) {
		this.file = fileOf(dir, sessionId);
	}

	private load(): Map<string, unknown> {
		if (this.rows !== undefined) {
			return this.rows;
		}
		this.rows = new Map();
		const read = this.file === undefined ? undefined : readRegularText(this.file, {maxBytes: MAX_STATE_CACHE_BYTES});
		if (!read?.ok) {
			return this.rows;
		}
		try {
			const json: unknown = JSON.parse(read.text);
			if (!isObject(json) || json.v !== VERSION || json.prices !== this.pricer.key || !Array.isArray(json.agents)) {
				return this.rows;
			}
			for (const row of json.agents as unknown[]) {
				const agentId: unknown = Array.isArray(row) ? (row as unknown[])[0] : undefined;
				if (typeof agentId === 'string' && isSafeId(agentId) && !this.rows.has(agentId)) {
					this.rows.set(agentId, row);
				}
			}
		} catch {
			// A corrupt file is no cache.
		}
		return this.rows;
	}

	/** The agent's kept state, checked; undefined when there is none or it is not valid. */
	get(agentId: string): KeptState | undefined {
		const row = this.load().get(agentId);
		if (row === undefined) {
			return undefined;
		}
		try {
			return parseKept(row, this.pricer);
		} catch {
			return undefined;
		}
	}

	/** Keeps these states (and only these: the agents read now), best effort; then sweeps old files. */
	save(states: ReadonlyMap<string, KeptState>): void {
		if (this.file === undefined) {
			return;
		}
		const start = JSON.stringify({v: VERSION, prices: this.pricer.key, session: this.sessionId}).slice(0, -1);
		let bytes = start.length + 20;
		const rows: string[] = [];
		for (const [agentId, kept] of states) {
			if (!isSafeId(agentId)) {
				continue;
			}
			const row = JSON.stringify(keptRow(agentId, kept));
			const size = Buffer.byteLength(row) + 1;
			if (bytes + size <= MAX_STATE_CACHE_BYTES) {
				rows.push(row);
				bytes += size;
			}
		}
		try {
			mkdirSync(this.dir, {recursive: true, mode: 0o700});
			writeAtomic(this.file, `${start},"agents":[${rows.join(',')}]}`);
		} catch {
			// Best effort: the next run reads the transcripts again.
			return;
		}
		sweepOld(this.dir, this.file);
	}
}

/** Removes the session files of the folder not written for FORGET_MS (sessions no longer looked at). */
function sweepOld(dir: string, keep: string): void {
	let names: string[];
	try {
		names = readdirSync(dir);
	} catch {
		return;
	}
	const now = Date.now();
	for (const name of names) {
		const file = path.join(dir, name);
		if (!name.endsWith('.json') || file === keep) {
			continue;
		}
		try {
			if (now - statSync(file).mtimeMs > FORGET_MS) {
				removeFile(file);
			}
		} catch {
			// Best effort: a file left is only a cache.
		}
	}
}
