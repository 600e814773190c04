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

describe('writeJsonArray from an iterable', () => {
	it('writes the same text and asks for each item only when the text before it is out', () => {
		const made: number[] = [];
		const writes: number[] = [];
		function* items(): Generator<unknown> {
			for (let i = 0; i < 8; i++) {
				made.push(i);
				yield {i, text: 'z'.repeat(400_000)};
			}
		}
		const parts: string[] = [];
		writeJsonArray(items(), text => {
			parts.push(text);
			writes.push(made.length);
		});
		const all = Array.from({length: 8}, (_, i) => ({i, text: 'z'.repeat(400_000)}));
		expect(parts.join('')).toBe(`${safeJsonStringify(all, 2)}\n`);
		// About a megabyte a write: never more than three items made and not yet written.
		expect(writes.length).toBeGreaterThan(2);
		writes.forEach((n, k) => expect(n - (k === 0 ? 0 : writes[k - 1]!)).toBeLessThanOrEqual(3));
	});
});
