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
	it('agrees with @pydantic/genai-prices on every model of its tables (Anthropic, OpenAI, Google, OpenRouter qwen/…), cache and long-context tiers included', () => {
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

	it("prices Gemini CLI's models at Google's list prices: cached input at the cache rate, the 200k tier by the whole prompt", () => {
		const M = 1_000_000;
		// gemini-2.5-pro: $1.25 in, $0.125 cached, $10 out (thinking is output); over 200k prompt tokens $2.50, $0.25, $15.
		expect(requestPrice('gemini-2.5-pro', {input: 100_000, output: 0, cacheRead: 0, cacheWrite: 0}, AT)).toBeCloseTo(0.125, 9);
		expect(requestPrice('gemini-2.5-pro', {input: 0, output: M, cacheRead: 0, cacheWrite: 0}, AT)).toBeCloseTo(10, 9);
		expect(requestPrice('gemini-2.5-pro', {input: 250_000, output: 0, cacheRead: 0, cacheWrite: 0}, AT)).toBeCloseTo(0.625, 9);
		expect(requestPrice('gemini-2.5-pro', {input: 100_000, output: 0, cacheRead: 100_000, cacheWrite: 0}, AT)).toBeCloseTo(0.125 + 0.0125, 9);
		expect(requestPrice('gemini-2.5-pro', {input: 100_000, output: 10_000, cacheRead: 150_000, cacheWrite: 0}, AT)).toBeCloseTo(0.25 + 0.0375 + 0.15, 9);
		expect(requestPrice('gemini-2.5-flash', {input: M, output: M, cacheRead: M, cacheWrite: 0}, AT)).toBeCloseTo(0.3 + 2.5 + 0.03, 9);
		expect(requestPrice('gemini-2.5-flash-lite', {input: M, output: M, cacheRead: M, cacheWrite: 0}, AT)).toBeCloseTo(0.1 + 0.4 + 0.01, 9);
		expect(requestPrice('gemini-3-pro-preview', {input: 100_000, output: M, cacheRead: 0, cacheWrite: 0}, AT)).toBeCloseTo(0.2 + 12, 9);
		expect(requestPrice('gemini-3-flash-preview', {input: M, output: M, cacheRead: 0, cacheWrite: 0}, AT)).toBeCloseTo(0.5 + 3, 9);
		expect(contextWindow('gemini-2.5-flash')).toBe(1_048_576);
		// A Claude model keeps Anthropic's price (Google's table also prices Claude on Vertex; it is left out).
		expect(pricedModel('claude-opus-4-6')).toBe(PRICE_TABLE.providers.find(p => p.id === 'anthropic')!.models.find(m => m.id === 'claude-opus-4-6'));
	});

	it("prices a Qwen model only by OpenRouter's id, at OpenRouter's price; the bare ids Qwen's own services write stay unpriced", () => {
		expect(requestPrice('qwen/qwen3-coder-plus', {input: 1_000_000, output: 1_000_000, cacheRead: 0, cacheWrite: 0}, AT)).toBeCloseTo(0.65 + 3.25, 9);
		for (const bare of ['qwen3-coder-plus', 'qwen3-coder-flash', 'coder-model', 'qwen3.5-plus', 'qwen3-coder-fixture']) {
			expect(requestPrice(bare, {input: 10, output: 10, cacheRead: 0, cacheWrite: 0}, AT), bare).toBeUndefined();
		}
		// Only OpenRouter's qwen/… models are in the table.
		expect(PRICE_TABLE.providers.find(p => p.id === 'openrouter')!.models.every(m => m.id.startsWith('qwen/'))).toBe(true);
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
