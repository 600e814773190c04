import {calcPrice} from '@pydantic/genai-prices';
import {describe, expect, it} from 'vitest';
import {contextWindow, PRICE_TABLE, pricedModel, requestPrice} from '../../../src/core/cost/price.js';
import {priceData} from '../../../scripts/prices/price-data.mjs';

const AT = Date.parse('2026-11-26T12:00:00Z');

const USAGES = [
	{input: 1000, output: 100, cacheRead: 0, cacheWrite: 0},
	{input: 7, output: 68, cacheRead: 702, cacheWrite: 943},
	{input: 12, output: 2000, cacheRead: 150_000, cacheWrite: 20_000},
	// Over the 200k long-context tier start: the whole request at the tier's prices.
	{input: 5000, output: 3000, cacheRead: 190_000, cacheWrite: 10_000},
	{input: 0, output: 0, cacheRead: 0, cacheWrite: 0},
];

describe('requestPrice', () => {
	it('agrees with @pydantic/genai-prices on every Anthropic and OpenAI model, cache and long-context tiers included', () => {
		let compared = 0;
		for (const provider of PRICE_TABLE.providers) {
			for (const model of provider.models) {
				for (const usage of USAGES) {
					const theirs = calcPrice(
						{
							input_tokens: usage.input + usage.cacheRead + usage.cacheWrite,
							output_tokens: usage.output,
							cache_read_tokens: usage.cacheRead,
							cache_write_tokens: usage.cacheWrite,
						},
						model.id,
						{providerId: provider.id, timestamp: new Date(AT)},
					);
					const ours = requestPrice(model.id, usage, AT);
					if (theirs === null) {
						continue;
					}
					if (pricedModel(model.id)?.id !== model.id) {
						// A model id another model's match also takes (the package searches its own way): priced as that one.
						continue;
					}
					if (ours === undefined) {
						// Not priced rather than $0: a model with no price for text tokens (audio, images).
						const prices = JSON.stringify(model.prices);
						expect(prices.includes('input_mtok') && prices.includes('output_mtok'), model.id).toBe(false);
						continue;
					}
					expect(ours, `${provider.id} ${model.id} ${JSON.stringify(usage)}`).toBeCloseTo(theirs.total_price, 9);
					compared++;
				}
			}
		}
		expect(compared).toBeGreaterThan(300);
	});

	it('prices Claude Code 2.1.328 requests by the model ids it writes', () => {
		expect(requestPrice('claude-sonnet-4-5-20250929', {input: 1_000_000, output: 0, cacheRead: 0, cacheWrite: 0}, AT)).toBeCloseTo(6, 9);
		expect(requestPrice('claude-opus-4-5', {input: 0, output: 1_000_000, cacheRead: 0, cacheWrite: 0}, AT)).toBeCloseTo(25, 9);
		expect(requestPrice('claude-haiku-4-5', {input: 0, output: 0, cacheRead: 1_000_000, cacheWrite: 0}, AT)).toBeCloseTo(0.1, 9);
	});

	it('has no price for a model it does not know, nor for <synthetic>: never $0', () => {
		expect(requestPrice('my-local-llama', {input: 10, output: 10, cacheRead: 0, cacheWrite: 0}, AT)).toBeUndefined();
		expect(requestPrice('<synthetic>', {input: 10, output: 10, cacheRead: 0, cacheWrite: 0}, AT)).toBeUndefined();
		expect(contextWindow('claude-sonnet-4-5')).toBe(200_000);
	});

	it('the committed table is what the installed package gives (run scripts/prices/make-price-data.mjs after an update)', async () => {
		const {version, date} = PRICE_TABLE;
		expect(JSON.parse(JSON.stringify(await priceData(version, date)))).toEqual(JSON.parse(JSON.stringify(PRICE_TABLE)));
	});
});
