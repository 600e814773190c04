import {describe, expect, it} from 'vitest';
import {fitsOtlp, int64, MAX_OTLP_MS, msToNs} from '../../../src/core/otlp/span.js';

describe('int64', () => {
	it('truncates toward zero', () => {
		expect([0, 1.9, -1.9, -0, 2 ** 53 - 1].map(int64)).toEqual([0n, 1n, -1n, 0n, 2n ** 53n - 1n]);
	});

	it('holds values past the range at its edges', () => {
		expect(int64(2 ** 63)).toBe(2n ** 63n - 1n);
		expect(int64(1e300)).toBe(2n ** 63n - 1n);
		expect(int64(-(2 ** 63))).toBe(-(2n ** 63n));
		expect(int64(-1e300)).toBe(-(2n ** 63n));
	});

	it('makes NaN and the infinities 0', () => {
		expect([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY].map(int64)).toEqual([0n, 0n, 0n]);
	});
});

describe('times', () => {
	it('fits only finite, non-negative times up to the limit', () => {
		expect([0, MAX_OTLP_MS].map(fitsOtlp)).toEqual([true, true]);
		expect([-1, MAX_OTLP_MS + 1, Number.NaN, Number.POSITIVE_INFINITY].map(fitsOtlp)).toEqual([false, false, false, false]);
	});

	it('turns milliseconds into nanoseconds without wrapping', () => {
		expect(msToNs(1_700_000_000_123)).toBe(1_700_000_000_123_000_000n);
		expect(msToNs(MAX_OTLP_MS)).toBe(BigInt(MAX_OTLP_MS) * 1_000_000n);
		expect([-5, Number.NaN, 1e300].map(msToNs)).toEqual([0n, 0n, BigInt(MAX_OTLP_MS) * 1_000_000n]);
	});
});
