// What a Codex thread's model requests took and cost: each `token_count` that moved the running
// total is one request, priced with the model of its turn and kept in its turn's segment (as a
// Claude transcript's tally is kept per run: core/transcript/tally.ts). Pure.
import {addCost, NO_COST, responseCost, type PriceUsage, type Pricer} from '../cost/cost.js';
import {isObject, num, type Json} from '../record/json.js';
import {addTokens, MAX_SEGMENTS, NO_TOKENS, type TallySegment} from '../transcript/tally.js';
import type {CodexThread, Mutable} from './codex-thread.js';

type MutableSegment = {-readonly [K in keyof TallySegment]: TallySegment[K]};
export interface MutableSpend {
	pricer: Pricer;
	segments: MutableSegment[];
	turnEnded: boolean;
}

/** Tokens as a count: a negative or odd value is none. */
const tokens = (v: unknown): number => Math.max(0, num(v));

/**
 * One request's usage as OpenAI bills it: `input_tokens` holds the cached input (and cache writes)
 * too, so the input priced at the input rate is the rest; `output_tokens` holds the reasoning.
 */
function requestUsage(u: Json): PriceUsage {
	const input = tokens(u.input_tokens);
	const cacheRead = Math.min(tokens(u.cached_input_tokens), input);
	const cacheWrite = Math.min(tokens(u.cache_write_input_tokens), input - cacheRead);
	return {input: input - cacheRead - cacheWrite, output: tokens(u.output_tokens), cacheRead, cacheWrite};
}

/** The segment of the turn a request or call at `ms` belongs to. */
export function segmentOf(spend: MutableSpend, ms: number | undefined): MutableSegment {
	const segments = spend.segments;
	if (segments.length === 0 || (spend.turnEnded && segments.length < MAX_SEGMENTS)) {
		segments.push({at: null, tokens: NO_TOKENS, cost: NO_COST, responses: 0, toolCalls: 0});
	}
	spend.turnEnded = false;
	const segment = segments.at(-1)!;
	if (segment.at === null && ms !== undefined) {
		segment.at = ms;
	}
	return segment;
}

/**
 * A `token_count` whose running total moved: a new request (Codex reports one request more than
 * once, the same total each time). Its own usage is its `last_token_usage`, else what the total
 * grew by; it is priced with the model of its turn.
 */
export function countRequest(s: Mutable<CodexThread>, info: Json, before: CodexThread['usage'], ms: number | undefined): void {
	const now = s.usage!;
	if (before !== undefined && before.input === now.input && before.cachedInput === now.cachedInput && before.output === now.output) {
		return;
	}
	const last: Json = isObject(info.last_token_usage)
		? info.last_token_usage
		: {
				input_tokens: now.input - (before?.input ?? 0),
				cached_input_tokens: now.cachedInput - (before?.cachedInput ?? 0),
				output_tokens: now.output - (before?.output ?? 0),
			};
	const usage = requestUsage(last);
	const whole = usage.input + usage.cacheRead + usage.cacheWrite;
	const window = info.model_context_window;
	s.lastRequest = {
		tokens: tokens(last.total_tokens) || whole + usage.output,
		input: whole,
		...(typeof window === 'number' && Number.isSafeInteger(window) && window > 0 ? {window} : {}),
	};
	const spend = s.spend as MutableSpend | undefined;
	if (spend === undefined) {
		return;
	}
	const segment = segmentOf(spend, ms);
	segment.tokens = addTokens(segment.tokens, {input: usage.input, output: usage.output, cacheRead: usage.cacheRead, cacheCreation: usage.cacheWrite});
	segment.cost = addCost(segment.cost, responseCost(spend.pricer, s.model, usage, ms));
	segment.responses += 1;
}
