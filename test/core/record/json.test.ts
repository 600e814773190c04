// Reading values out of JSON of unknown shape, and the nesting bound on what is read from outside.
import {describe, expect, it} from 'vitest';
import {isObject, MAX_JSON_DEPTH, nestsAtMost, num, str} from '../../../src/core/record/json.js';

/** `depth` levels of arrays (or objects), built without recursion. */
function nested(depth: number, kind: 'array' | 'object'): unknown {
	let v: unknown = 1;
	for (let i = 0; i < depth; i++) {
		v = kind === 'array' ? [v] : {k: v};
	}
	return v;
}

describe('isObject, str, num', () => {
	it('isObject is a plain object, not null nor an array', () => {
		expect(isObject({})).toBe(true);
		expect(isObject([])).toBe(false);
		expect(isObject(null)).toBe(false);
		expect(isObject('x')).toBe(false);
	});

	it('str keeps strings only; num finite numbers only, else 0', () => {
		expect(str('')).toBe('');
		expect(str(1)).toBeUndefined();
		expect(num(-2.5)).toBe(-2.5);
		for (const v of [Number.NaN, Number.POSITIVE_INFINITY, '3', null, undefined, 10n]) {
			expect(num(v), String(v)).toBe(0);
		}
	});
});

describe('nestsAtMost', () => {
	it('counts every array and object level; scalars nest nothing', () => {
		expect(nestsAtMost(5, 0)).toBe(true);
		expect(nestsAtMost(null, 0)).toBe(true);
		expect(nestsAtMost({}, 1)).toBe(true);
		expect(nestsAtMost({}, 0)).toBe(false);
		expect(nestsAtMost(nested(3, 'array'), 3)).toBe(true);
		expect(nestsAtMost(nested(3, 'object'), 2)).toBe(false);
		expect(nestsAtMost({a: [1, {b: [2]}], c: 3}, 4)).toBe(true);
		expect(nestsAtMost({a: [1, {b: [2]}], c: 3}, 3)).toBe(false);
	});

	it('finds a deep branch beside shallow ones', () => {
		expect(nestsAtMost({shallow: 1, deep: nested(MAX_JSON_DEPTH, 'object')}, MAX_JSON_DEPTH)).toBe(false);
		expect(nestsAtMost([1, 2, nested(MAX_JSON_DEPTH - 1, 'array')], MAX_JSON_DEPTH)).toBe(true);
	});

	it('walks a hostile depth of 100,000 without running out of stack', () => {
		const text = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
		expect(nestsAtMost(JSON.parse(text), MAX_JSON_DEPTH)).toBe(false);
	});
});
