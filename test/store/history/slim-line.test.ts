// A long text is held as its length and digest: the same text always gives the same stand-in (two
// copies of a line still repeat each other), and the stand-in is the one earlier builds made.
import {describe, expect, it} from 'vitest';
import {longTextStandIn, slimLine} from '../../../src/store/history/slim-line.js';
import type {EventLine} from '../../../src/core/record/event-line.js';

describe('slimLine', () => {
	it('gives the stand-ins earlier builds gave (cyrb53 with seeds 1 and 2)', () => {
		expect(longTextStandIn('')).toBe('\u00000:26c8wzs8fs1:kz98hrb9of');
		expect(longTextStandIn('x'.repeat(65))).toBe('\u000065:egykaumulv:2w60gbh7dn');
		expect(longTextStandIn('The report: 🚀 done, ünïcode'.repeat(5))).toBe('\u0000140:krxgwn9ymd:qbyvardgsf');
	});

	it('replaces only the long texts, and keeps a line without any as it is', () => {
		const line: EventLine = {
			v: 1,
			at: '2026-05-01T10:00:00.000Z',
			event: 'SubagentStop',
			sessionId: 's1',
			agentId: 'a1',
			data: {lastMessage: 'y'.repeat(100), prompt: 'short', status: 'z'.repeat(100)},
		};
		const slim = slimLine(line);
		expect(slim.data).toEqual({lastMessage: longTextStandIn('y'.repeat(100)), prompt: 'short', status: 'z'.repeat(100)});
		expect(line.data?.lastMessage).toBe('y'.repeat(100));
		const plain: EventLine = {...line, data: {prompt: 'short'}};
		expect(slimLine(plain)).toBe(plain);
	});
});
