// Replay's clock: the recorded pace with long gaps shortened, stepping, speeds.
import {describe, expect, it} from 'vitest';
import {eventIndexAt, logTimeAt, MAX_GAP_MS, nextSpeed, playedAt, playLength, stepFrom, timelineOf} from '../../../src/core/history/replay-clock.js';

const t0 = Date.parse('2026-11-20T10:00:00Z');
// Events at 0 s, 2 s, 2 s (a repeat), 1 h, 1 h + 1 s.
const times = [t0, t0 + 2000, t0 + 2000, t0 + 3_600_000, t0 + 3_601_000];

describe('timeline', () => {
	const t = timelineOf(times);

	it('plays gaps as recorded up to 5 s, longer ones as 5 s; repeats are one event', () => {
		expect(t.times).toHaveLength(4);
		expect(t.played).toEqual([0, 2000, 2000 + MAX_GAP_MS, 2000 + MAX_GAP_MS + 1000]);
		expect(playLength(t)).toBe(8000);
	});

	it('maps log time to play time and back; inside a long gap the clock runs at pace, then jumps', () => {
		expect(playedAt(t, t0 + 1000)).toBe(1000);
		expect(logTimeAt(t, 1000)).toBe(t0 + 1000);
		expect(logTimeAt(t, 2000 + 3000)).toBe(t0 + 2000 + 3000);
		expect(logTimeAt(t, 2000 + MAX_GAP_MS)).toBe(t0 + 3_600_000);
		expect(playedAt(t, t0 + 3_000_000)).toBe(2000 + MAX_GAP_MS);
		expect(logTimeAt(t, 99_999)).toBe(t0 + 3_601_000);
		expect(logTimeAt(t, -5)).toBe(t0);
		for (const played of [0, 500, 2000, 4000, 7000, 8000]) {
			expect(playedAt(t, logTimeAt(t, played))).toBe(played);
		}
	});

	it('steps to the previous and next event, and stays at the ends', () => {
		expect(eventIndexAt(t, t0 - 1)).toBe(-1);
		expect(stepFrom(t, t0, 1)).toBe(t0 + 2000);
		expect(stepFrom(t, t0 + 2000, -1)).toBe(t0);
		expect(stepFrom(t, t0 + 2500, -1)).toBe(t0);
		expect(stepFrom(t, t0 + 2500, 1)).toBe(t0 + 3_600_000);
		expect(stepFrom(t, t0, -1)).toBe(t0);
		expect(stepFrom(t, t0 + 3_601_000, 1)).toBe(t0 + 3_601_000);
	});

	it('steps through the speeds and stops at the ends of the ladder', () => {
		expect(nextSpeed(1, 1)).toBe(2);
		expect(nextSpeed(1, -1)).toBe(0.5);
		expect(nextSpeed(3, 1)).toBe(5);
		expect(nextSpeed(100, 1)).toBe(100);
		expect(nextSpeed(0.25, -1)).toBe(0.25);
	});
});
