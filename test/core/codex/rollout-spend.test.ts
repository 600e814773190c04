// A Codex thread's requests counted and priced one by one: a token_count that moved the running
// total is one request, its own usage split the way OpenAI bills it, kept in its turn's segment.
import {describe, expect, it} from 'vitest';
import {EMPTY_THREAD, type CodexThread, type Mutable} from '../../../src/core/codex/codex-thread.js';
import {countRequest, segmentOf, type MutableSpend} from '../../../src/core/codex/rollout-spend.js';
import type {PriceUsage, Pricer} from '../../../src/core/cost/cost.js';
import {MAX_SEGMENTS} from '../../../src/core/transcript/tally.js';

/** Prices `gpt-x` only, with round rates, and records what it was asked. */
function fakePricer(): Pricer & {readonly asked: Array<{model: string; usage: PriceUsage; atMs: number}>} {
	const asked: Array<{model: string; usage: PriceUsage; atMs: number}> = [];
	return {
		asOf: '2026-11-01',
		key: 'fake',
		asked,
		price(model, usage, atMs) {
			asked.push({model, usage, atMs});
			return model === 'gpt-x' ? usage.input + 10 * usage.output + 0.5 * usage.cacheRead + 2 * usage.cacheWrite : undefined;
		},
		contextWindow: () => undefined,
	};
}

function thread(pricer?: Pricer, model = 'gpt-x'): Mutable<CodexThread> {
	return {...EMPTY_THREAD, model, ...(pricer === undefined ? {} : {spend: {pricer, segments: [], turnEnded: false}})};
}

const total = (input: number, cachedInput: number, output: number) => ({input, cachedInput, output});

describe('countRequest', () => {
	it('prices a request’s own last_token_usage, cached input apart from input', () => {
		const pricer = fakePricer();
		const s = thread(pricer);
		s.usage = total(1000, 400, 50);
		countRequest(
			s,
			{last_token_usage: {input_tokens: 1000, cached_input_tokens: 400, output_tokens: 50, total_tokens: 1050}, model_context_window: 258_400},
			undefined,
			5000,
		);
		expect(s.lastRequest).toEqual({tokens: 1050, input: 1000, window: 258_400});
		expect(pricer.asked).toEqual([{model: 'gpt-x', usage: {input: 600, output: 50, cacheRead: 400, cacheWrite: 0}, atMs: 5000}]);
		const segments = (s.spend as MutableSpend).segments;
		expect(segments).toHaveLength(1);
		expect(segments[0]).toEqual({
			at: 5000,
			tokens: {input: 600, output: 50, cacheRead: 400, cacheCreation: 0},
			cost: {usd: 600 + 500 + 200, priced: 1, unpriced: 0},
			responses: 1,
			toolCalls: 0,
		});
	});

	it('a total that did not move is the same request reported again: not counted', () => {
		const pricer = fakePricer();
		const s = thread(pricer);
		s.usage = total(10, 0, 5);
		countRequest(s, {}, total(10, 0, 5), 1);
		expect(pricer.asked).toHaveLength(0);
		expect(s.lastRequest).toBeUndefined();
	});

	it('without last_token_usage, the request is what the total grew by', () => {
		const s = thread(fakePricer());
		s.usage = total(300, 100, 30);
		countRequest(s, {}, total(100, 50, 10), undefined);
		expect(s.lastRequest).toEqual({tokens: 220, input: 200});
		expect((s.spend as MutableSpend).segments[0]?.tokens).toEqual({input: 150, output: 20, cacheRead: 50, cacheCreation: 0});
		expect((s.spend as MutableSpend).segments[0]?.at).toBeNull();
	});

	it('hostile counts: negative or odd values are none, cached never above input, a bad window left out', () => {
		const pricer = fakePricer();
		const s = thread(pricer);
		s.usage = total(1, 1, 1);
		countRequest(
			s,
			{
				last_token_usage: {input_tokens: 100, cached_input_tokens: 500, cache_write_input_tokens: 7, output_tokens: -4, total_tokens: 'x'},
				model_context_window: -1,
			},
			undefined,
			1,
		);
		expect(pricer.asked[0]?.usage).toEqual({input: 0, output: 0, cacheRead: 100, cacheWrite: 0});
		expect(s.lastRequest).toEqual({tokens: 100, input: 100});
	});

	it('an unknown model is counted unpriced, never as $0 priced; no spend means nothing priced', () => {
		const s = thread(fakePricer(), 'mystery');
		s.usage = total(10, 0, 1);
		countRequest(s, {}, undefined, 1);
		expect((s.spend as MutableSpend).segments[0]?.cost).toEqual({usd: 0, priced: 0, unpriced: 1});
		const plain = thread(undefined);
		plain.usage = total(10, 0, 1);
		countRequest(plain, {}, undefined, 1);
		expect(plain.lastRequest).toEqual({tokens: 11, input: 10});
		expect(plain.spend).toBeUndefined();
	});
});

describe('segmentOf', () => {
	it('opens a segment for the first request and after each turn’s end, dated by its first time', () => {
		const spend: MutableSpend = {pricer: fakePricer(), segments: [], turnEnded: false};
		const first = segmentOf(spend, undefined);
		expect(first.at).toBeNull();
		expect(segmentOf(spend, 7)).toBe(first);
		expect(first.at).toBe(7);
		expect(segmentOf(spend, 9).at).toBe(7);
		spend.turnEnded = true;
		const second = segmentOf(spend, 20);
		expect(second).not.toBe(first);
		expect(spend.segments).toHaveLength(2);
		expect(spend.turnEnded).toBe(false);
	});

	it('past MAX_SEGMENTS later turns are added into the last', () => {
		const spend: MutableSpend = {pricer: fakePricer(), segments: [], turnEnded: false};
		for (let i = 0; i < MAX_SEGMENTS + 10; i++) {
			spend.turnEnded = true;
			segmentOf(spend, i).responses += 1;
		}
		expect(spend.segments).toHaveLength(MAX_SEGMENTS);
		expect(spend.segments.at(-1)?.responses).toBe(11);
		expect(spend.segments.at(-1)?.at).toBe(MAX_SEGMENTS - 1);
	});
});
