// `timeline --json`'s shape: a lane's times as ISO strings, null for a stop or an idle end not come
// yet, its marks in order, and nothing of the lane's drawing (rests) in it.
import {describe, expect, it} from 'vitest';
import {timelineJson} from '../../src/present/timeline-json.js';
import type {Lane} from '../../src/present/timeline.js';

const T = Date.parse('2026-11-29T10:00:00.000Z');

describe('timelineJson', () => {
	it('gives each lane with ISO times, and null where it has not stopped', () => {
		const lanes: Lane[] = [
			{
				id: 'a1',
				label: 'scout (Explore)',
				startMs: T,
				stopMs: T + 90_000,
				status: 'user-stopped',
				rests: [{fromMs: T + 10_000, toMs: T + 20_000}],
				marks: [
					{ms: T + 30_000, kind: 'waiting'},
					{ms: T + 90_000, kind: 'user-stopped'},
				],
			},
			{id: 'a2', label: 'mate', startMs: T + 5_000, status: 'idle', idle: [{fromMs: T + 6_000, toMs: T + 7_000}, {fromMs: T + 8_000}]},
		];
		expect(timelineJson(lanes)).toEqual([
			{
				agentId: 'a1',
				label: 'scout (Explore)',
				status: 'user-stopped',
				startedAt: '2026-11-29T10:00:00.000Z',
				stoppedAt: '2026-11-29T10:01:30.000Z',
				idle: [],
				marks: [
					{kind: 'waiting', at: '2026-11-29T10:00:30.000Z'},
					{kind: 'user-stopped', at: '2026-11-29T10:01:30.000Z'},
				],
			},
			{
				agentId: 'a2',
				label: 'mate',
				status: 'idle',
				startedAt: '2026-11-29T10:00:05.000Z',
				stoppedAt: null,
				idle: [
					{from: '2026-11-29T10:00:06.000Z', to: '2026-11-29T10:00:07.000Z'},
					{from: '2026-11-29T10:00:08.000Z', to: null},
				],
				marks: [],
			},
		]);
	});

	it('gives an empty list for no lanes', () => {
		expect(timelineJson([])).toEqual([]);
	});
});
