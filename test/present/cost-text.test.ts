import {describe, expect, it} from 'vitest';
import {compactNumber} from '../../src/core/text/format.js';
import {contextPercent, contextText, costCell, costDetail, costText, jsonCostText, usdText} from '../../src/present/cost-text.js';

describe('dollars in words', () => {
	it('cents to four places, dollars to two, thousands and millions short', () => {
		expect([0, 0.00004, 0.0042, 0.00105, 0.0099, 0.01, 0.125, 1.234, 12.3, 999.994, 1234.5, 12_345, 2_345_678].map(usdText)).toEqual([
			'$0.00',
			'<$0.0001',
			'$0.0042',
			'$0.0011',
			'$0.0099',
			'$0.01',
			'$0.13',
			'$1.23',
			'$12.30',
			'$999.99',
			'$1,235',
			'$12.3k',
			'$2.3M',
		]);
	});

	it('unknown is `?` (never $0.00), partly priced is at least the sum, not read is nothing', () => {
		expect(costText(null, 2)).toBe('?');
		expect(costText(0.5, 1)).toBe('≥$0.50');
		expect(costText(0, 0)).toBe('$0.00');
		expect(costCell(undefined)).toBe('');
		expect(costCell({usd: 0, priced: 0, unpriced: 3})).toBe('?');
		expect(jsonCostText(null)).toBe('');
		expect(jsonCostText({usd: 1.5, pricesAsOf: '2026-09-23', estimated: true, unpricedResponses: 0})).toBe('$1.50');
		expect(costDetail({usd: 0, priced: 0, unpriced: 2, asOf: '2026-09-23'})).toBe(
			'? (its 2 responses are of a model without a price) · an estimate at list prices of 2026-09-23; subscription plans pay differently',
		);
	});

	it('context used: of the window, unknown window, over a listed window', () => {
		expect(contextText(45_200, 200_000, compactNumber)).toBe('45k of 200k tokens (22.6%)');
		expect(contextText(45_200, undefined, compactNumber)).toBe('45k tokens (window unknown)');
		expect(contextText(450_000, 200_000, compactNumber)).toBe('450k tokens: over the listed 200k window (a larger-context mode)');
		expect(contextPercent(1, 3)).toBe(33.3);
	});
});
