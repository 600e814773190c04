import {describe, expect, it} from 'vitest';
import {isoTime} from '../../../src/core/hook/iso-time.js';

describe('isoTime', () => {
	it('gives exactly what toISOString gives, at the edges of days, months, leap years and the range', () => {
		const edges = [
			0,
			-1,
			1,
			86_399_999,
			86_400_000,
			Date.UTC(2000, 1, 29, 23, 59, 59, 999),
			Date.UTC(1900, 1, 28),
			Date.UTC(1900, 2, 1),
			Date.UTC(2100, 1, 28, 12),
			Date.UTC(2024, 11, 31, 23, 59, 59, 999),
			Date.UTC(2025, 0, 1),
			Date.UTC(1600, 1, 29),
			-62_167_219_200_000,
			253_402_300_799_999,
			1_795_488_165_846,
		];
		for (const ms of edges) {
			expect(isoTime(ms)).toBe(new Date(ms).toISOString());
		}
	});

	it('agrees with toISOString on 100,000 times spread over the years 0000 to 9999', () => {
		let seed = 42;
		const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
		for (let i = 0; i < 100_000; i++) {
			const ms = Math.floor(-62_167_219_200_000 + random() * (253_402_300_799_999 + 62_167_219_200_000));
			expect(isoTime(ms)).toBe(new Date(ms).toISOString());
		}
	});

	it('falls back to toISOString outside four-digit years and for fractions', () => {
		for (const ms of [-62_167_219_200_001, 253_402_300_800_000, 1.5, 8.64e15]) {
			expect(isoTime(ms)).toBe(new Date(ms).toISOString());
		}
	});
});
