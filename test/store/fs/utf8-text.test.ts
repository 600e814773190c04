// utf8Text: the same text as Buffer's toString('utf8'), through its native utf8Slice, or toString
// itself in a Node without it.
import {describe, expect, it} from 'vitest';
import {utf8Text} from '../../../src/store/fs/utf8-text.js';

const samples = [
	Buffer.alloc(0),
	Buffer.from('{"session_id":"3f2c9a10","hook_event_name":"SubagentStop"}\n'),
	Buffer.from('é → 漢字 🙂 ✓'),
	// Invalid UTF-8: a lone continuation byte, a truncated sequence, an overlong form.
	Buffer.from([0x61, 0x80, 0x62, 0xe2, 0x82, 0x63, 0xc0, 0xaf]),
	// A character cut at the end.
	Buffer.from('ab🙂').subarray(0, 4),
];

describe('utf8Text', () => {
	it('gives what toString gives, whole and by range', () => {
		for (const buf of samples) {
			expect(utf8Text(buf)).toBe(buf.toString('utf8'));
			for (let start = 0; start <= buf.length; start++) {
				for (let end = start; end <= buf.length; end++) {
					expect(utf8Text(buf, start, end)).toBe(buf.toString('utf8', start, end));
				}
			}
		}
	});

	it('goes through utf8Slice when there is one, and through toString when there is none', () => {
		const buf = Buffer.from('hook');
		Object.defineProperty(buf, 'utf8Slice', {value: () => 'native'});
		expect(utf8Text(buf)).toBe('native');
		// A Node without utf8Slice: only toString is there.
		const calls: unknown[][] = [];
		const without = {length: 6, toString: (...args: unknown[]) => (calls.push(args), 'hook é')} as unknown as Buffer;
		expect(utf8Text(without, 0, 6)).toBe('hook é');
		expect(calls).toEqual([['utf8', 0, 6]]);
	});
});
