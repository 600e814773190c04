import {describe, expect, it} from 'vitest';
import {MinHeap} from '../../src/core/min-heap.js';

describe('MinHeap', () => {
	it('gives items back smallest first, ties in the order `before` says', () => {
		const heap = new MinHeap<{n: number; seq: number}>((a, b) => a.n < b.n || (a.n === b.n && a.seq < b.seq));
		const input = [5, 3, 9, 3, 1, 8, 1, 7, 2, 6].map((n, seq) => ({n, seq}));
		for (const item of input) {
			heap.push(item);
		}
		expect(heap.size).toBe(10);
		expect(heap.peek()).toEqual({n: 1, seq: 4});
		const out: Array<{n: number; seq: number}> = [];
		for (let item = heap.pop(); item !== undefined; item = heap.pop()) {
			out.push(item);
		}
		expect(out).toEqual([...input].sort((a, b) => a.n - b.n || a.seq - b.seq));
		expect(heap.size).toBe(0);
		expect(heap.pop()).toBeUndefined();
	});

	it('sorts 1,000 random numbers', () => {
		const heap = new MinHeap<number>((a, b) => a < b);
		const numbers = Array.from({length: 1000}, (_, i) => (i * 7919) % 1009);
		numbers.forEach(n => heap.push(n));
		const out = numbers.map(() => heap.pop()!);
		expect(out).toEqual([...numbers].sort((a, b) => a - b));
	});
});
