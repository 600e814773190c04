import {describe, expect, it} from 'vitest';
import {writeJsonArray} from '../../src/cli/json-output.js';
import {safeJsonStringify} from '../../src/core/text/safe-text.js';

describe('writeJsonArray', () => {
	it('writes exactly what safeJsonStringify(items, 2) gives, in chunks', () => {
		const items = [
			{v: 1, at: '2026-11-20T10:00:00.000Z', data: {lastMessage: `a\nb\u009b\u202e${'x'.repeat(600_000)}`, list: [1, {deep: true}], empty: {}}},
			'text',
			3,
			null,
			[],
			{nested: {a: [{b: 'c'}]}},
			{big: 'y'.repeat(700_000)},
		];
		const parts: string[] = [];
		writeJsonArray(items, text => parts.push(text));
		expect(parts.length).toBeGreaterThan(1);
		expect(parts.join('')).toBe(`${safeJsonStringify(items, 2)}\n`);
		const empty: string[] = [];
		writeJsonArray([], text => empty.push(text));
		expect(empty.join('')).toBe(`${safeJsonStringify([], 2)}\n`);
	});
});
