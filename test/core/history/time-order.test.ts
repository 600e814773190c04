import {describe, expect, it} from 'vitest';
import {TimeOrder, UNBOUNDED} from '../../../src/core/history/time-order.js';

function run(times: readonly number[], bounds = {windowMs: 100, maxLines: 1000, maxBytes: 1e9}, bytes = 0): {out: number[]; maxHeld: number} {
	const out: number[] = [];
	let maxHeld = 0;
	const order = new TimeOrder<number>(i => out.push(i), bounds);
	times.forEach((ms, i) => {
		order.push(i, ms, bytes);
		maxHeld = Math.max(maxHeld, order.held);
	});
	order.flush();
	return {out, maxHeld};
}

const stableSort = (times: readonly number[]): number[] =>
	times
		.map((ms, i) => ({ms, i}))
		.sort((a, b) => a.ms - b.ms || a.i - b.i)
		.map(t => t.i);

describe('TimeOrder', () => {
	it('gives the stable sort by time when lines are out of order by less than the window, holding only the window', () => {
		// 5,000 lines 10 ms apart, each pair swapped by a few ms, some equal times.
		const times = Array.from({length: 5000}, (_, i) => i * 10 + (i % 2 === 0 ? 7 : -3));
		times[100] = times[101]!;
		const {out, maxHeld} = run(times);
		expect(out).toEqual(stableSort(times));
		expect(maxHeld).toBeLessThanOrEqual(13);
	});

	it('never holds more than maxLines or maxBytes', () => {
		const times = Array.from({length: 1000}, () => 5);
		expect(run(times, {windowMs: 1e9, maxLines: 50, maxBytes: 1e9}).maxHeld).toBe(50);
		expect(run(times, {windowMs: 1e9, maxLines: 1e9, maxBytes: 1000}, 100).maxHeld).toBe(10);
		// Equal times still come out in file order.
		expect(run(times, {windowMs: 1e9, maxLines: 50, maxBytes: 1e9}).out).toEqual(times.map((_, i) => i));
	});

	it('lets a line later than the window out in its turn, behind newer ones', () => {
		expect(run([0, 50, 500, 10, 600]).out).toEqual([0, 1, 3, 2, 4]);
	});

	it('unbounded, holds everything until flush and gives the stable sort', () => {
		const times = [5, 1, 5, 0, 1e9, 3];
		const {out, maxHeld} = run(times, UNBOUNDED);
		expect(out).toEqual(stableSort(times));
		expect(maxHeld).toBe(times.length);
	});
});
