// Lines from a byte stream, bounded: an over-long line is skipped as it comes, never held whole.
import {describe, expect, it} from 'vitest';
import {LineSplitter} from '../../../src/store/remote/line-splitter.js';

describe('LineSplitter', () => {
	it('joins lines split across chunks, and UTF-8 split mid-character', () => {
		const s = new LineSplitter(100);
		const bytes = Buffer.from('{"a":"é"}\n{"b":1}\n');
		expect(s.push(bytes.subarray(0, 7))).toEqual([]);
		expect(s.push(bytes.subarray(7))).toEqual(['{"a":"é"}', '{"b":1}']);
	});

	it('skips a line longer than the cap without keeping it, then reads on', () => {
		const s = new LineSplitter(10);
		expect(s.push(Buffer.from('ok\n0123456789abc'))).toEqual(['ok']);
		for (let i = 0; i < 1000; i++) {
			expect(s.push(Buffer.from('x'.repeat(1000)))).toEqual([]);
		}
		expect((s as unknown as {part: string}).part).toBe('');
		expect(s.push(Buffer.from('yyy\nnext\n'))).toEqual(['next']);
		expect(s.push(Buffer.from(`${'z'.repeat(11)}\nlast\n`))).toEqual(['last']);
		expect(s.tooLong).toBe(2);
	});
});
