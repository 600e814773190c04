import {describe, expect, it} from 'vitest';
import {LIST_PRICES} from '../../../src/core/cost/price.js';
import {parseUserPrices, withUserPrices} from '../../../src/core/cost/user-prices.js';

const AT = Date.parse('2026-11-26T12:00:00Z');
const ONE_MILLION_IN = {input: 1_000_000, output: 0, cacheRead: 0, cacheWrite: 0};

function pricerOf(json: unknown) {
	const parsed = parseUserPrices(JSON.stringify(json));
	if (!parsed.ok) {
		throw new Error(parsed.error);
	}
	return withUserPrices(LIST_PRICES, parsed.value, 'k');
}

describe("the user's prices", () => {
	it('adds a model the table lacks and replaces a listed one, by id or its start (the longest wins)', () => {
		const pricer = pricerOf({
			models: {
				'my-local-llama': {input: 0, output: 0},
				'claude-sonnet-4-5': {input: 2, output: 10, cacheRead: 0.2, contextWindow: 1_000_000},
				'Claude-Sonnet': {input: 9, output: 9},
			},
		});
		expect(pricer.price('my-local-llama-3', ONE_MILLION_IN, AT)).toBe(0);
		expect(pricer.price('claude-sonnet-4-5-20250929', ONE_MILLION_IN, AT)).toBe(2);
		expect(pricer.price('claude-sonnet-4-5-20250929', {input: 0, output: 0, cacheRead: 1_000_000, cacheWrite: 1_000_000}, AT)).toBeCloseTo(0.2 + 2, 12);
		expect(pricer.price('claude-sonnet-3-7', ONE_MILLION_IN, AT)).toBe(9);
		expect(pricer.contextWindow('claude-sonnet-4-5-20250929')).toBe(1_000_000);
		// Others keep their list prices; the date and the key say what was used.
		expect(pricer.price('claude-haiku-4-5', ONE_MILLION_IN, AT)).toBe(LIST_PRICES.price('claude-haiku-4-5', ONE_MILLION_IN, AT));
		expect(pricer.asOf).toBe(LIST_PRICES.asOf);
		expect(pricer.key).not.toBe(LIST_PRICES.key);
	});

	it('takes a long-context tier', () => {
		const pricer = pricerOf({models: {big: {input: {base: 1, tiers: [{start: 100, price: 2}]}, output: 0}}});
		expect(pricer.price('big', {input: 100, output: 0, cacheRead: 0, cacheWrite: 0}, AT)).toBeCloseTo(100 / 1e6, 12);
		expect(pricer.price('big', {input: 50, output: 0, cacheRead: 51, cacheWrite: 0}, AT)).toBeCloseTo((50 * 2 + 51 * 2) / 1e6, 12);
	});

	it('refuses a wrong file as a whole, saying why in one line', () => {
		const bad: [string, RegExp][] = [
			['{', /not JSON/u],
			['[]', /"models"/u],
			['{"models": {}, "extra": 1}', /"models"/u],
			['{"models": {"x": {"input": 1}}}', /needs both input and output/u],
			['{"models": {"x": {"input": -1, "output": 1}}}', /models\."x"\.input is not a price/u],
			['{"models": {"x": {"input": 1, "output": 1, "cache_read": 1}}}', /has "cache_read": the fields are/u],
			['{"models": {"x": {"input": 1, "output": 1, "toString": 1}}}', /has "toString"/u],
			['{"models": {"x": {"input": 1, "output": 1, "contextWindow": 1.5}}}', /contextWindow/u],
			['{"models": {"x": {"input": {"base": 1, "tiers": [{"start": "a", "price": 1}]}, "output": 1}}}', /tier/u],
			['{"models": {"": {"input": 1, "output": 1}}}', /empty/u],
			['{"models": {"x": {"input": 1e9, "output": 1}}}', /not a price/u],
		];
		for (const [text, why] of bad) {
			const parsed = parseUserPrices(text);
			expect(parsed.ok, text).toBe(false);
			if (!parsed.ok) {
				expect(parsed.error, text).toMatch(why);
				expect(parsed.error, text).not.toContain('\n');
			}
		}
		const many = Object.fromEntries(Array.from({length: 501}, (_, i) => [`m${i}`, {input: 1, output: 1}]));
		expect(parseUserPrices(JSON.stringify({models: many})).ok).toBe(false);
	});

	it('an empty list changes nothing', () => {
		const parsed = parseUserPrices('{"models": {}}');
		expect(parsed.ok && withUserPrices(LIST_PRICES, parsed.value, 'k')).toBe(LIST_PRICES);
	});
});
