// The rows of the transcript-facts cache file (transcript-facts.ts): what one transcript's entry
// holds, written as an array of values and read back with every value checked as the
// transcript's own fold would have made it. Pure.
import type {KeptMeta} from '../../core/history/with-transcript.js';
import {isObject} from '../../core/record/json.js';
import {head} from '../../core/text/bounded.js';
import {safeLine} from '../../core/text/safe-text.js';
import {META_STRING_MAX} from '../../core/transcript/meta.js';
import {MAX_SEGMENTS, MODEL_MAX, type TallySegment, type TranscriptTally} from '../../core/transcript/tally.js';

/** One transcript as it was read: where (as the log named it, and its real path), which file, and what it said. */
export interface Entry {
	/** The path the log (or Claude Code's layout) names: a later query that names it too needs one stat to know the file unchanged. */
	readonly named: string | undefined;
	readonly path: string;
	readonly ino: number;
	readonly size: number;
	readonly mtimeMs: number;
	readonly tally: TranscriptTally | undefined;
	readonly meta: KeptMeta | undefined;
}

const KEPT_META_KEYS = ['description', 'model', 'name', 'agentType', 'parentAgentId'] as const;

/**
 * The `.meta.json` strings the past keeps, exact (cut as `parseMeta` cuts them, not made safe):
 * history's JSON keeps every value as it was, and its text output makes it safe where it prints.
 */
export function keptMeta(value: unknown): KeptMeta | undefined {
	if (!isObject(value)) {
		return undefined;
	}
	const out: Record<string, string> = {};
	for (const key of KEPT_META_KEYS) {
		const v = value[key];
		if (typeof v === 'string' && v !== '') {
			out[key] = head(v, META_STRING_MAX);
		}
	}
	return Object.keys(out).length === 0 ? undefined : out;
}

// The cache file: `{v, prices, session, agents: [row…]}`, each row an array of values, not an
// object of named fields (a third the text, parsed several times faster: it is read on every query):
//   [agentId, path, named (0: the same as path; null: none), ino, size, mtimeMs, tally | null, meta | null]
//   tally: [model | null, lastAt | null, badLines, pricesAsOf | null, …segments, SEGMENT_FIELDS numbers each:
//           at (or null), input, output, cacheRead, cacheCreation, usd, priced, unpriced, responses, toolCalls]
//   meta:  KEPT_META_KEYS' values in order, null when absent
// Every value is checked as it is read, as the transcript's own fold would have made it.
const SEGMENT_FIELDS = 10;
const TALLY_HEAD = 4;

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const PRICES_DAY = /^\d{4}-\d{2}-\d{2}$/u;

function tallyRow(t: TranscriptTally): unknown[] {
	const row: unknown[] = [t.model ?? null, t.lastAt ?? null, t.badLines, t.pricesAsOf ?? null];
	for (const s of t.segments) {
		row.push(
			s.at,
			s.tokens.input,
			s.tokens.output,
			s.tokens.cacheRead,
			s.tokens.cacheCreation,
			s.cost.usd,
			s.cost.priced,
			s.cost.unpriced,
			s.responses,
			s.toolCalls,
		);
	}
	return row;
}

/** A tally row read back: undefined when any value is not what a fold makes (as `parseTally` checks). */
function parseTallyRow(row: unknown): TranscriptTally | undefined {
	if (!Array.isArray(row) || row.length < TALLY_HEAD || (row.length - TALLY_HEAD) % SEGMENT_FIELDS !== 0) {
		return undefined;
	}
	const n = (row.length - TALLY_HEAD) / SEGMENT_FIELDS;
	if (n > MAX_SEGMENTS) {
		return undefined;
	}
	const segments: TallySegment[] = [];
	for (let i = TALLY_HEAD; i < row.length; i += SEGMENT_FIELDS) {
		const at: unknown = row[i];
		const input: unknown = row[i + 1];
		const output: unknown = row[i + 2];
		const cacheRead: unknown = row[i + 3];
		const cacheCreation: unknown = row[i + 4];
		const usd: unknown = row[i + 5];
		const priced: unknown = row[i + 6];
		const unpriced: unknown = row[i + 7];
		const responses: unknown = row[i + 8];
		const toolCalls: unknown = row[i + 9];
		if (
			!(at === null || typeof at === 'number') ||
			!isCount(input) ||
			!isCount(output) ||
			!isCount(cacheRead) ||
			!isCount(cacheCreation) ||
			typeof usd !== 'number' ||
			!Number.isFinite(usd) ||
			!isCount(priced) ||
			!isCount(unpriced) ||
			!isCount(responses) ||
			!isCount(toolCalls)
		) {
			return undefined;
		}
		segments.push({at, tokens: {input, output, cacheRead, cacheCreation}, cost: {usd: Math.max(0, usd), priced, unpriced}, responses, toolCalls});
	}
	const model: unknown = row[0];
	const lastAt: unknown = row[1];
	const badLines: unknown = row[2];
	const pricesAsOf: unknown = row[3];
	const safeModel = typeof model === 'string' ? head(safeLine(head(model, MODEL_MAX)), MODEL_MAX) : undefined;
	return {
		segments,
		...(safeModel === undefined ? {} : {model: safeModel}),
		...(typeof lastAt === 'number' && Number.isFinite(lastAt) ? {lastAt} : {}),
		badLines: isCount(badLines) ? badLines : 0,
		...(typeof pricesAsOf === 'string' && PRICES_DAY.test(pricesAsOf) ? {pricesAsOf} : {}),
	};
}

export function entryRow(agentId: string, e: Entry): unknown[] {
	return [
		agentId,
		e.path,
		e.named === undefined ? null : e.named === e.path ? 0 : e.named,
		e.ino,
		e.size,
		e.mtimeMs,
		e.tally === undefined ? null : tallyRow(e.tally),
		e.meta === undefined ? null : KEPT_META_KEYS.map(key => e.meta?.[key] ?? null),
	];
}

/** A row's `meta` read back, each string checked again (`.meta.json`'s own checks). */
function parseMetaRow(row: unknown): KeptMeta | undefined {
	if (!Array.isArray(row)) {
		return undefined;
	}
	const fields: Record<string, unknown> = {};
	for (let i = 0; i < KEPT_META_KEYS.length; i++) {
		if (row[i] !== null) {
			fields[KEPT_META_KEYS[i]!] = row[i];
		}
	}
	return keptMeta(fields);
}

/** A row read back as its entry (its agent id is `row[0]`); undefined when it is not one. */
export function parseRow(row: unknown): Entry | undefined {
	if (!Array.isArray(row) || row.length !== 8) {
		return undefined;
	}
	const file: unknown = row[1];
	const named: unknown = row[2];
	const ino: unknown = row[3];
	const size: unknown = row[4];
	const mtimeMs: unknown = row[5];
	if (typeof file !== 'string' || typeof ino !== 'number' || typeof size !== 'number' || typeof mtimeMs !== 'number') {
		return undefined;
	}
	if (!(named === null || named === 0 || typeof named === 'string')) {
		return undefined;
	}
	const tally = row[6] === null ? undefined : parseTallyRow(row[6]);
	if (row[6] !== null && tally === undefined) {
		return undefined;
	}
	// One shape for every entry: absent fields are undefined, never missing keys.
	return {named: named === null ? undefined : named === 0 ? file : named, path: file, ino, size, mtimeMs, tally, meta: parseMetaRow(row[7])};
}
