// What the past keeps of a subagent's transcript: a few numbers, not its lines. Tokens are what
// every view of agentlog means by tokens: input, output, cache read and cache write summed over
// the agent's API responses, each response counted once by its message id (one response is
// written as several lines, one per content block, each with the same usage). The sums are kept
// per segment: a segment ends with a response that ended the turn (`stop_reason: end_turn`), where
// a hook stopped the agent (`hook_stopped_continuation`), or at a user prompt (a resumed agent gets its new task as a user message, which Claude Code marks
// `isMeta`), so a reader that knows when each run started can give each run its own figures
// (`runFigures`). Each response is priced as it is counted (its model, its time, its own tokens:
// core/cost/cost.ts), by the pricer the fold is given. Pure: lines in, a tally out; every string
// kept is made safe here.
import {SYNTHETIC_MODEL} from './synthetic-model.js';
import {addCost, NO_COST, responseCost, type CostSum, type Pricer} from '../cost/cost.js';
import {isObject, num, str, type Json} from '../record/json.js';
import {head} from '../text/bounded.js';
import {safeLine} from '../text/safe-text.js';
import {isQwenLine, qwenLineAsClaude} from './qwen-line.js';

/** Token counts in the four parts Claude Code's usage gives. */
export interface TokenCounts {
	readonly input: number;
	readonly output: number;
	readonly cacheRead: number;
	readonly cacheCreation: number;
}

export const NO_TOKENS: TokenCounts = {input: 0, output: 0, cacheRead: 0, cacheCreation: 0};

/** The one number a view shows for tokens: the four parts summed. */
export function tokenSum(t: TokenCounts): number {
	return t.input + t.output + t.cacheRead + t.cacheCreation;
}

export function addTokens(a: TokenCounts, b: TokenCounts, sign = 1): TokenCounts {
	return {
		input: a.input + sign * b.input,
		output: a.output + sign * b.output,
		cacheRead: a.cacheRead + sign * b.cacheRead,
		cacheCreation: a.cacheCreation + sign * b.cacheCreation,
	};
}

/** The responses from one user prompt to the next. */
export interface TallySegment {
	/** The time of its first response (ms), or null when its lines had none. */
	readonly at: number | null;
	readonly tokens: TokenCounts;
	/** What its responses cost. */
	readonly cost: CostSum;
	readonly responses: number;
	readonly toolCalls: number;
}

export interface TranscriptTally {
	/** In file order; at most MAX_SEGMENTS (later ones are added into the last). */
	readonly segments: readonly TallySegment[];
	/** The model of its last response (safe text), when one named it. */
	readonly model?: string;
	/** Its newest line time (ms): its last sign of life. */
	readonly lastAt?: number;
	/** Lines that were not JSON. */
	readonly badLines: number;
	/** The day of the prices its costs were made with; absent when it was folded without prices. */
	readonly pricesAsOf?: string;
}

/** Segments kept per transcript: a resumed agent has one per run, an ordinary one a single. */
export const MAX_SEGMENTS = 64;
/** Message ids remembered for deduplication: a response's lines are written together. */
const RECENT_IDS = 64;
/** A model name is short. */
export const MODEL_MAX = 200;

/** The whole transcript's figures: its segments summed. */
export function tallyTotals(t: TranscriptTally): {
	readonly tokens: TokenCounts;
	readonly cost: CostSum;
	readonly responses: number;
	readonly toolCalls: number;
} {
	let tokens = NO_TOKENS;
	let cost = NO_COST;
	let responses = 0;
	let toolCalls = 0;
	for (const s of t.segments) {
		tokens = addTokens(tokens, s.tokens);
		cost = addCost(cost, s.cost);
		responses += s.responses;
		toolCalls += s.toolCalls;
	}
	return {tokens, cost, responses, toolCalls};
}

type MutableSegment = {-readonly [K in keyof TallySegment]: TallySegment[K]};

function usageOf(u: Json): TokenCounts {
	return {
		input: num(u.input_tokens),
		output: num(u.output_tokens),
		cacheRead: num(u.cache_read_input_tokens),
		cacheCreation: num(u.cache_creation_input_tokens),
	};
}

/** A user message's own text (not only tool results): a prompt. */
function isPrompt(message: Json, line: Json): boolean {
	if (line.isMeta === true) {
		return false;
	}
	const content = message.content;
	if (typeof content === 'string') {
		return true;
	}
	return Array.isArray(content) && content.some(part => isObject(part) && part.type === 'text' && typeof part.text === 'string');
}

const TIMESTAMP = '"timestamp":"';
/** The attachment Claude Code writes when a hook stopped the agent (docs/claude-code-hooks.md#hook-output-claude-code-acts-on). */
const HOOK_STOPPED = '"type":"hook_stopped_continuation"';

/** The `timestamp` of a line not otherwise read (its last one: the line's own comes after its content). */
function timestampOf(text: string): number | undefined {
	const at = text.lastIndexOf(TIMESTAMP);
	if (at < 0) {
		return undefined;
	}
	const start = at + TIMESTAMP.length;
	const end = text.indexOf('"', start);
	const ms = end < 0 || end - start > 40 ? Number.NaN : Date.parse(text.slice(start, end));
	return Number.isNaN(ms) ? undefined : ms;
}

/**
 * Builds a tally line by line. Only lines that can be a response or a prompt are parsed (they hold
 * `"assistant"` or `"user"`); of the others (request shapes and blobs of many KB, attachments)
 * only the time is read.
 */
export class TallyFold {
	private readonly segments: MutableSegment[] = [];
	private current: MutableSegment | undefined;
	/** Recent message ids: the segment that counted each, and the usage counted and its cost. */
	private readonly seen = new Map<string, {readonly segment: MutableSegment; readonly tokens: TokenCounts; readonly cost: CostSum}>();
	private model: string | undefined;
	private lastAt: number | undefined;
	private badLines = 0;
	/** The last response's id, and whether it ended the turn. */
	private lastId: string | undefined;
	private ended = false;

	/** `pricer`: what each response is priced with; without one, a response with tokens is counted unpriced. */
	constructor(private readonly pricer?: Pricer) {}

	/** One line of the transcript (without its newline). */
	add(text: string): void {
		if (text.trim() === '') {
			return;
		}
		if (!text.includes('"assistant"') && !text.includes('"user"')) {
			this.time(timestampOf(text));
			if (text.includes(HOOK_STOPPED)) {
				// A hook ended the run here (`continue: false`, agentlog's stop for the user or another
				// tool's): no end of turn comes, and what follows is another run's (a resume).
				this.current = undefined;
				this.ended = false;
			}
			return;
		}
		let parsed: unknown;
		try {
			parsed = JSON.parse(text);
		} catch {
			this.badLines += 1;
			return;
		}
		if (!isObject(parsed)) {
			this.badLines += 1;
			return;
		}
		// Qwen Code's record is read as the Claude Code line that says the same (qwen-line.ts).
		const line = isQwenLine(parsed) ? (qwenLineAsClaude(parsed) ?? {timestamp: parsed.timestamp}) : parsed;
		const at = Date.parse(str(line.timestamp) ?? '');
		this.time(Number.isNaN(at) ? undefined : at);
		const message = isObject(line.message) ? line.message : undefined;
		if (message === undefined) {
			return;
		}
		if (line.type === 'user') {
			if (isPrompt(message, line) && this.current !== undefined && (this.current.responses > 0 || this.current.toolCalls > 0)) {
				this.current = undefined;
			}
			return;
		}
		if (line.type !== 'assistant') {
			return;
		}
		const id = str(message.id);
		if (this.ended && id !== this.lastId) {
			// The turn ended with the response before: this one begins another run.
			this.current = undefined;
		}
		const segment = this.segment(Number.isNaN(at) ? undefined : at);
		this.ended = id === this.lastId ? this.ended || message.stop_reason === 'end_turn' : message.stop_reason === 'end_turn';
		this.lastId = id;
		const model = str(message.model);
		// A message Claude Code made up itself (an API error's) names the model `<synthetic>`: no model.
		const real = model === SYNTHETIC_MODEL ? undefined : model;
		if (real !== undefined) {
			this.model = head(safeLine(head(real, MODEL_MAX)), MODEL_MAX);
		}
		if (id !== undefined && isObject(message.usage)) {
			const tokens = usageOf(message.usage);
			const cost = responseCost(this.pricer, real, {...tokens, cacheWrite: tokens.cacheCreation}, Number.isNaN(at) ? undefined : at);
			this.count(id, tokens, cost, segment);
		}
		for (const block of Array.isArray(message.content) ? message.content : []) {
			if (isObject(block) && block.type === 'tool_use') {
				segment.toolCalls += 1;
			}
		}
	}

	/** Complete lines as one decoded chunk (lines joined by `\n`). */
	addLines(lines: readonly string[]): void {
		for (const line of lines) {
			this.add(line);
		}
	}

	result(): TranscriptTally {
		return {
			segments: this.segments.map(s => ({...s})),
			...(this.model === undefined ? {} : {model: this.model}),
			...(this.lastAt === undefined ? {} : {lastAt: this.lastAt}),
			badLines: this.badLines,
			...(this.pricer === undefined ? {} : {pricesAsOf: this.pricer.asOf}),
		};
	}

	private time(ms: number | undefined): void {
		if (ms !== undefined && (this.lastAt === undefined || ms > this.lastAt)) {
			this.lastAt = ms;
		}
	}

	private segment(at: number | undefined): MutableSegment {
		if (this.current === undefined) {
			if (this.segments.length < MAX_SEGMENTS) {
				this.current = {at: null, tokens: NO_TOKENS, cost: NO_COST, responses: 0, toolCalls: 0};
				this.segments.push(this.current);
			} else {
				this.current = this.segments.at(-1)!;
			}
		}
		if (this.current.at === null && at !== undefined) {
			this.current.at = at;
		}
		return this.current;
	}

	/** A response's usage: counted once per message id (its latest lines' usage replaces what its earlier ones said). */
	private count(id: string, tokens: TokenCounts, cost: CostSum, segment: MutableSegment): void {
		const before = this.seen.get(id);
		if (before !== undefined) {
			before.segment.tokens = addTokens(addTokens(before.segment.tokens, before.tokens, -1), tokens);
			before.segment.cost = addCost(addCost(before.segment.cost, before.cost, -1), cost);
			this.seen.delete(id);
			this.seen.set(id, {segment: before.segment, tokens, cost});
			return;
		}
		segment.tokens = addTokens(segment.tokens, tokens);
		segment.cost = addCost(segment.cost, cost);
		segment.responses += 1;
		this.seen.set(id, {segment, tokens, cost});
		if (this.seen.size > RECENT_IDS) {
			this.seen.delete(this.seen.keys().next().value!);
		}
	}
}

/** The tally of some lines (a whole transcript), priced by `pricer`. */
export function tallyLines(lines: readonly string[], pricer?: Pricer): TranscriptTally {
	const fold = new TallyFold(pricer);
	fold.addLines(lines);
	return fold.result();
}

/** One run's figures. */
export interface RunFigures {
	/** When the run started (ISO, as the lifecycle says). */
	readonly startedAt: string;
	readonly tokens: number;
	readonly usage: TokenCounts;
	readonly toolCalls: number;
}

/**
 * Each run's figures: a segment belongs to the last run that started at or before its first
 * response (one before every start, to the first run). `starts` in time order (ISO); none: one run.
 */
export function runFigures(tally: TranscriptTally, starts: readonly string[]): RunFigures[] {
	if (starts.length === 0) {
		return [];
	}
	const ms = starts.map(at => Date.parse(at));
	const runs = starts.map(() => ({usage: NO_TOKENS, toolCalls: 0}));
	for (const s of tally.segments) {
		let i = 0;
		if (s.at !== null) {
			for (let k = ms.length - 1; k >= 0; k--) {
				if (ms[k]! <= s.at) {
					i = k;
					break;
				}
			}
		}
		const run = runs[i]!;
		run.usage = addTokens(run.usage, s.tokens);
		run.toolCalls += s.toolCalls;
	}
	return runs.map((run, i) => ({startedAt: starts[i]!, tokens: tokenSum(run.usage), usage: run.usage, toolCalls: run.toolCalls}));
}

/** A tally as read back from a cache (any JSON): undefined unless it has the shape `TallyFold` gives. */
export function parseTally(value: unknown): TranscriptTally | undefined {
	if (!isObject(value) || !Array.isArray(value.segments) || value.segments.length > MAX_SEGMENTS) {
		return undefined;
	}
	const count = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
	const segments: TallySegment[] = [];
	for (const s of value.segments as unknown[]) {
		if (!isObject(s) || !isObject(s.tokens) || !count(s.responses) || !count(s.toolCalls) || !(s.at === null || typeof s.at === 'number')) {
			return undefined;
		}
		const t = s.tokens;
		if (!count(t.input) || !count(t.output) || !count(t.cacheRead) || !count(t.cacheCreation)) {
			return undefined;
		}
		const c = s.cost;
		if (!isObject(c) || typeof c.usd !== 'number' || !Number.isFinite(c.usd) || !count(c.priced) || !count(c.unpriced)) {
			return undefined;
		}
		segments.push({
			at: s.at,
			tokens: {input: t.input, output: t.output, cacheRead: t.cacheRead, cacheCreation: t.cacheCreation},
			cost: {usd: Math.max(0, c.usd), priced: c.priced, unpriced: c.unpriced},
			responses: s.responses,
			toolCalls: s.toolCalls,
		});
	}
	const model = typeof value.model === 'string' ? head(safeLine(head(value.model, MODEL_MAX)), MODEL_MAX) : undefined;
	return {
		segments,
		...(model === undefined ? {} : {model}),
		...(typeof value.lastAt === 'number' && Number.isFinite(value.lastAt) ? {lastAt: value.lastAt} : {}),
		badLines: count(value.badLines) ? value.badLines : 0,
		...(typeof value.pricesAsOf === 'string' && /^\d{4}-\d{2}-\d{2}$/u.test(value.pricesAsOf) ? {pricesAsOf: value.pricesAsOf} : {}),
	};
}
