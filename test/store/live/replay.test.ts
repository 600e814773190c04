// The replay source: the agents at the moment from the log alone, the moment as the clock, and
// the controls; played with a fake wall clock.
import {describe, expect, it} from 'vitest';
import type {EventLine} from '../../../src/core/record/event-line.js';
import {momentOf} from '../../../src/core/history/moment-from-log.js';
import {Replay} from '../../../src/store/live/replay.js';

const S = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';
const t0 = Date.parse('2026-11-20T10:00:00Z');
const line = (s: number, event: string, extra: Partial<EventLine> = {}): EventLine => ({
	v: 1,
	at: new Date(t0 + s * 1000).toISOString(),
	event,
	sessionId: S,
	...extra,
});
const LOG: EventLine[] = [
	line(0, 'SubagentStart', {agentId: 'a1', type: 'Explore', state: 'active'}),
	line(2, 'SubagentStart', {agentId: 'a2', type: 'Plan', state: 'active'}),
	line(4, 'SubagentStop', {agentId: 'a1', type: 'Explore', state: 'stopped', data: {lastMessage: 'Done \u001b]0;x\u0007'}}),
	line(3600, 'SubagentStop', {agentId: 'a2', type: 'Plan', state: 'stopped'}),
];

function replay(playing: boolean, start?: number) {
	let wall = 1_000_000;
	const r = new Replay({activity: '/a', sessionId: S, lines: LOG, playing, start, tickMs: 1_000_000, wallNow: () => wall});
	return {r, advance: (ms: number) => ((wall += ms), r.tick())};
}

const statuses = (r: Replay) => [...r.getSnapshot().set.agents.values()].map(a => `${a.agentId}:${a.status}`);

describe('Replay', () => {
	it('plays at the recorded pace with the hour-long gap shortened, and ends paused at the end in the state of the whole log', () => {
		const {r, advance} = replay(true);
		expect(r.now()).toBe(t0);
		expect(statuses(r)).toEqual(['a1:active']);
		advance(2500);
		expect(r.now()).toBe(t0 + 2500);
		expect(statuses(r)).toEqual(['a1:active', 'a2:active']);
		advance(2000);
		expect(statuses(r)).toEqual(['a1:stopped', 'a2:active']);
		// 4 s + a 5 s gap: the end.
		advance(6000);
		expect(r.now()).toBe(t0 + 3_600_000);
		expect(r.position()).toMatchObject({playing: false, index: 4, total: 4, fraction: 1});
		const end = momentOf(LOG, t0 + 3_600_000).records.map(a => `${a.agentId}:${a.status}`);
		expect(statuses(r)).toEqual(end);
		r.close();
	});

	it('steps, pauses, changes speed, and plays again from the start when at the end; text is made safe', () => {
		const {r, advance} = replay(false, t0 + 3_600_000);
		expect(r.position()).toMatchObject({playing: false, index: 4});
		r.control('prev');
		expect(r.now()).toBe(t0 + 4000);
		r.control('prev');
		expect(r.now()).toBe(t0 + 2000);
		r.control('next');
		expect(r.now()).toBe(t0 + 4000);
		expect(r.getSnapshot().set.agents.get('a1')?.lastMessage).toBe('Done ␛]0;x␇');
		r.control('faster');
		r.control('faster');
		expect(r.position().speed).toBe(5);
		r.control('toggle');
		expect(r.position().playing).toBe(true);
		advance(200);
		expect(r.now()).toBe(t0 + 5000);
		r.control('toggle');
		expect(r.position().playing).toBe(false);
		r.control('slower');
		expect(r.position().speed).toBe(2);
		r.close();
		const atEnd = replay(false, t0 + 3_600_000);
		atEnd.r.control('toggle');
		expect(atEnd.r.now()).toBe(t0);
		expect(atEnd.r.position().playing).toBe(true);
		atEnd.r.close();
	});

	it('tells its listeners on every move, and the snapshot keeps the same agents between events', () => {
		const {r, advance} = replay(true);
		let told = 0;
		const stop = r.subscribe(() => (told += 1));
		const before = r.getSnapshot();
		advance(500);
		expect(told).toBeGreaterThan(0);
		expect(r.getSnapshot()).not.toBe(before);
		expect(r.getSnapshot().set).toBe(before.set);
		stop();
		r.close();
	});
});
