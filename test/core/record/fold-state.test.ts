// One agent's state while the event log is folded: a new state, its steps (copied while few,
// pushed to past that), and the git states a start and a stop keep.
import {describe, expect, it} from 'vitest';
import {addStep, idle, newState, start, stop, type State} from '../../../src/core/record/fold-state.js';
import type {EventLine} from '../../../src/core/record/event-line.js';

const T0 = Date.parse('2026-11-20T10:00:00.000Z');
const iso = (s: number) => new Date(T0 + s * 1000).toISOString();
const line = (s: number, git?: EventLine['git']): EventLine => ({
	v: 1,
	at: iso(s),
	event: 'X',
	sessionId: 's1',
	agentId: 'a1',
	...(git === undefined ? {} : {git}),
});
const ms = (s: number) => T0 + s * 1000;

function fresh(): State {
	const events: EventLine[] = [];
	return newState('a1', 's1', iso(0), ms(0), 3, events);
}

describe('newState', () => {
	it('is an agent with nothing seen but its first line’s time', () => {
		const s = fresh();
		expect(s).toMatchObject({
			agentId: 'a1',
			sessionId: 's1',
			seq: 3,
			phase: 'none',
			type: '',
			startUnknown: false,
			resumeCount: 0,
			firstAt: iso(0),
			lastAt: iso(0),
			lastMs: ms(0),
			lifecycle: [],
			onlyImported: true,
		});
		expect(s.gitStart).toBeUndefined();
		expect(s.provider).toBeUndefined();
	});
});

describe('addStep', () => {
	it('copies the list while it is short, then pushes to the one list', () => {
		const s = fresh();
		const seen: Array<readonly unknown[]> = [];
		for (let i = 0; i < 12; i++) {
			addStep(s, {kind: 'active', at: iso(i)});
			seen.push(s.lifecycle);
		}
		expect(s.lifecycle.map(step => step.at)).toEqual(Array.from({length: 12}, (_, i) => iso(i)));
		// Each of the first 8 is a new array of exactly its length: one held elsewhere never grows.
		expect(new Set(seen.slice(0, 8)).size).toBe(8);
		for (let i = 0; i < 7; i++) {
			expect(seen[i]).toHaveLength(i + 1);
		}
		// From the 8th on, the same array is pushed to.
		expect(seen[8]).toBe(seen[7]);
		expect(seen[11]).toBe(seen[7]);
	});
});

describe('start, idle, stop', () => {
	it('a first start keeps its git state; a stop keeps its own', () => {
		const s = fresh();
		start(s, line(1, {head: 'aaa', branch: 'main'}), ms(1));
		expect(s.phase).toBe('active');
		expect(s.gitStart).toEqual({head: 'aaa', branch: 'main'});
		stop(s, line(5, {head: 'bbb'}), ms(5), 'completed', 'subagent-stop');
		expect(s).toMatchObject({phase: 'stopped', stoppedAt: iso(5), stopReason: 'subagent-stop', gitStop: {head: 'bbb'}});
		expect(s.lifecycle.map(step => step.kind)).toEqual(['spawned', 'completed']);
	});

	it('a resume forgets the stop’s git state and keeps the first start’s', () => {
		const s = fresh();
		start(s, line(1, {head: 'aaa'}), ms(1));
		stop(s, line(5, {head: 'bbb'}), ms(5), 'completed', 'done');
		start(s, line(60, {head: 'ccc'}), ms(60));
		expect(s.phase).toBe('active');
		expect(s.resumeCount).toBe(1);
		expect(s.gitStop).toBeUndefined();
		expect(s.gitStart).toEqual({head: 'aaa'});
	});

	it('a repeated stop keeps the first stop’s git state', () => {
		const s = fresh();
		start(s, line(1), ms(1));
		stop(s, line(5, {head: 'first'}), ms(5), 'completed', 'done');
		stop(s, line(6, {head: 'second'}), ms(6), 'completed', 'done');
		expect(s.gitStop).toEqual({head: 'first'});
		expect(s.stoppedAt).toBe(iso(5));
	});

	it('a start from before the stop, written after it, only dates a start never seen (and its git state)', () => {
		const s = fresh();
		idle(s, line(2), ms(2));
		expect(s.startUnknown).toBe(true);
		stop(s, line(5, {head: 'stop'}), ms(5), 'completed', 'done');
		start(s, line(4, {head: 'early'}), ms(4));
		expect(s.phase).toBe('stopped');
		expect(s.resumeCount).toBe(0);
		expect(s.startedAt).toBe(iso(4));
		expect(s.gitStart).toEqual({head: 'early'});
		expect(s.gitStop).toEqual({head: 'stop'});
	});

	it('an idle after a stop, past the race window, is a resume: the stop’s git state goes', () => {
		const s = fresh();
		start(s, line(1), ms(1));
		stop(s, line(5, {head: 'stop'}), ms(5), 'completed', 'done');
		idle(s, line(3600), ms(3600));
		expect(s.phase).toBe('idle');
		expect(s.resumeCount).toBe(1);
		expect(s.gitStop).toBeUndefined();
	});
});
