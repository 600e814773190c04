import {describe, expect, it} from 'vitest';
import {addCost, costUsd, jsonCost, NO_COST, responseCost, sumCosts} from '../../../src/core/cost/cost.js';
import {LIST_PRICES, requestPrice} from '../../../src/core/cost/price.js';
import {costTotals, emptySummary, foldLines, mergeSummaries, tokenTotals} from '../../../src/core/transcript/summary.js';
import {tallyLines, tallyTotals} from '../../../src/core/transcript/tally.js';
import {SYNTHETIC_MODEL} from '../../../src/core/transcript/synthetic-model.js';
import {isoAt, textLine, toolUseLine, T0} from '../../helpers/transcript-lines.js';

const SONNET = 'claude-sonnet-4-5-20250929';

const usage = (input: number, output: number, read: number, write: number) => ({
	input_tokens: input,
	output_tokens: output,
	cache_read_input_tokens: read,
	cache_creation_input_tokens: write,
});

/** Four responses: a small one written as two lines, a long-context one, `<synthetic>` with tokens and without. */
const LINES = [
	toolUseLine('t1', 'Grep', {pattern: 'x'}, {messageId: 'm1', model: SONNET, usage: usage(1000, 40, 0, 0), seconds: 1}),
	toolUseLine('t2', 'Read', {file_path: 'a'}, {messageId: 'm1', model: SONNET, usage: usage(1000, 100, 0, 0), seconds: 1}),
	// 5,000 + 190,000 + 10,000 = 205,000 input tokens: over the 200k tier, priced wholly at it.
	textLine('Long.', {messageId: 'm2', model: SONNET, usage: usage(5000, 3000, 190_000, 10_000), seconds: 2}),
	textLine('API Error', {messageId: 'm3', model: SYNTHETIC_MODEL, usage: usage(10, 0, 0, 0), seconds: 3}),
	textLine('API Error', {messageId: 'm4', model: SYNTHETIC_MODEL, usage: usage(0, 0, 0, 0), seconds: 4}),
];

// Sonnet 4.5 at list prices: $3 in / $15 out per million; over 200k input, $6 / $22.50, cache read $0.60, cache write $7.50.
const SMALL = (1000 * 3 + 100 * 15) / 1e6;
const LONG = (5000 * 6 + 3000 * 22.5 + 190_000 * 0.6 + 10_000 * 7.5) / 1e6;

describe('the cost of an agent: each response priced on its own', () => {
	it('prices a long-context request at its tier and the others at base, each response once by message id', () => {
		expect(requestPrice(SONNET, {input: 1000, output: 100, cacheRead: 0, cacheWrite: 0}, T0)).toBeCloseTo(SMALL, 12);
		expect(requestPrice(SONNET, {input: 5000, output: 3000, cacheRead: 190_000, cacheWrite: 10_000}, T0)).toBeCloseTo(LONG, 12);
		const tally = tallyTotals(tallyLines(LINES, LIST_PRICES));
		const summary = foldLines(emptySummary(LIST_PRICES), LINES);
		for (const cost of [tally.cost, costTotals(summary)]) {
			expect(cost.usd).toBeCloseTo(SMALL + LONG, 12);
			// m1 and m2 priced; m3 (`<synthetic>` with tokens) unpriced; m4 had no tokens: nothing to price.
			expect([cost.priced, cost.unpriced]).toEqual([2, 1]);
		}
		// Priced from summed tokens instead, the small request would wrongly take the tier too.
		const t = tokenTotals(summary);
		expect(requestPrice(SONNET, t, T0)).not.toBeCloseTo(SMALL + LONG, 4);
	});

	it('the monitor fold keeps costs over many responses (older ones summed) and across a split read, once each', () => {
		const many = Array.from({length: 150}, (_, i) => textLine(`r${i}`, {messageId: `m${i}`, model: SONNET, usage: usage(1000, 100, 0, 0), seconds: i}));
		const whole = foldLines(emptySummary(LIST_PRICES), many);
		expect(whole.usage.size).toBeLessThan(150);
		expect(costTotals(whole).usd).toBeCloseTo(150 * SMALL, 10);
		expect(costTotals(whole).priced).toBe(150);
		// A response whose lines straddle the tail read and the history read: counted in one only.
		const split = [...many, toolUseLine('t', 'Bash', {command: 'ls'}, {messageId: 'mx', model: SONNET, usage: usage(1000, 100, 0, 0), seconds: 200})];
		const head = foldLines(emptySummary(LIST_PRICES), split);
		const tail = foldLines(emptySummary(LIST_PRICES), [textLine('end', {messageId: 'mx', model: SONNET, usage: usage(1000, 100, 0, 0), seconds: 200})]);
		const merged = mergeSummaries(head, tail);
		expect(costTotals(merged).priced).toBe(151);
		expect(costTotals(merged).usd).toBeCloseTo(151 * SMALL, 10);
		expect(
			tallyTotals(tallyLines([...split, textLine('end', {messageId: 'mx', model: SONNET, usage: usage(1000, 100, 0, 0), seconds: 200})], LIST_PRICES)).cost.usd,
		).toBeCloseTo(151 * SMALL, 10);
	});

	it('without prices, a response with tokens is unpriced: usd null, never $0', () => {
		const cost = costTotals(foldLines(emptySummary(undefined), LINES));
		expect(cost).toEqual({usd: 0, priced: 0, unpriced: 3});
		expect(costUsd(cost)).toBeNull();
		expect(jsonCost({...cost, asOf: '2026-09-23'})).toEqual({usd: null, pricesAsOf: '2026-09-23', estimated: true, unpricedResponses: 3});
		expect(jsonCost(undefined)).toBeNull();
		// Nothing to price is $0: an agent whose only response was Claude Code's tokenless error message.
		expect(costUsd(responseCost(LIST_PRICES, undefined, {input: 0, output: 0, cacheRead: 0, cacheWrite: 0}, 0))).toBe(0);
	});

	it('the last request: its whole input against its model window; `<synthetic>` is no request', () => {
		const summary = foldLines(emptySummary(LIST_PRICES), LINES);
		expect(summary.lastRequest).toEqual({input: 205_000, window: 200_000});
	});

	it('prices by each response time and model: a response without a time takes the newest prices', () => {
		const at = responseCost(LIST_PRICES, SONNET, {input: 1000, output: 100, cacheRead: 0, cacheWrite: 0}, Date.parse(isoAt(0)));
		const untimed = responseCost(LIST_PRICES, SONNET, {input: 1000, output: 100, cacheRead: 0, cacheWrite: 0}, undefined);
		expect(at.usd).toBeCloseTo(untimed.usd, 12);
		expect(responseCost(LIST_PRICES, 'my-local-llama', {input: 1, output: 1, cacheRead: 0, cacheWrite: 0}, 0)).toEqual({usd: 0, priced: 0, unpriced: 1});
	});

	it('sums agents: unknown ones left out, partly priced ones counted', () => {
		const a = {usd: 0.5, priced: 2, unpriced: 0, asOf: '2026-09-23'};
		const b = {usd: 0, priced: 0, unpriced: 1, asOf: '2026-09-23'};
		expect(sumCosts([a, undefined, b])).toEqual({usd: 0.5, priced: 2, unpriced: 1, asOf: '2026-09-23'});
		expect(sumCosts([undefined])).toBeUndefined();
		expect(addCost(NO_COST, a)).toEqual({usd: 0.5, priced: 2, unpriced: 0});
		expect(costUsd({usd: 0.1 + 0.2, priced: 2, unpriced: 0})).toBe(0.3);
	});
});
