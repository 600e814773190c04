// The one result type of the pure functions.
import {describe, expect, it} from 'vitest';
import {fail, ok, type Result} from '../../src/core/result.js';

describe('ok and fail', () => {
	it('make the two shapes a caller tells apart by ok', () => {
		expect(ok(3)).toEqual({ok: true, value: 3});
		expect(fail('no')).toEqual({ok: false, error: 'no'});
		const r: Result<number> = Math.random() > 2 ? ok(1) : fail('bad');
		expect(r.ok ? r.value : r.error).toBe('bad');
	});

	it('keep undefined and falsy values as values', () => {
		expect(ok(undefined)).toEqual({ok: true, value: undefined});
		expect(ok(0)).toHaveProperty('value', 0);
		expect(fail({code: 2})).toEqual({ok: false, error: {code: 2}});
	});
});
