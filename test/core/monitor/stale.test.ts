import {describe, expect, it} from 'vitest';
import {agentDuration} from '../../../src/core/monitor/duration.js';
import {DEFAULT_STALE_MS, displayState, lastSignOfLife} from '../../../src/core/monitor/stale.js';
import {agent, ms} from '../../helpers/agent-fixtures.js';

const FIVE_MIN = 5 * 60;

describe('displayState', () => {
	const running = agent('a', {start: 0, updated: 60});

	it('defaults to 5 minutes', () => {
		expect(DEFAULT_STALE_MS).toBe(300_000);
		expect(displayState(running, ms(60 + FIVE_MIN)).stale).toBe(true);
		expect(displayState(running, ms(60 + FIVE_MIN - 1)).stale).toBe(false);
	});

	it('keeps an active agent active after 4:59 of silence', () => {
		const state = displayState(running, ms(60 + 4 * 60 + 59), DEFAULT_STALE_MS);
		expect(state).toEqual({displayStatus: 'active', stale: false, lastLife: ms(60), silentMs: 299_000});
	});

	it('shows an active agent as stopped and stale after 5:00 of silence', () => {
		const state = displayState(running, ms(60 + FIVE_MIN), DEFAULT_STALE_MS);
		expect(state).toEqual({displayStatus: 'stopped', stale: true, lastLife: ms(60), silentMs: 300_000});
	});

	it('honours another stale threshold', () => {
		expect(displayState(running, ms(60 + 89), 90_000).stale).toBe(false);
		expect(displayState(running, ms(60 + 90), 90_000).stale).toBe(true);
	});

	it('never makes an idle agent stale', () => {
		const idle = agent('t', {start: 0, updated: 10, status: 'idle'});
		const state = displayState(idle, ms(10 + 3600), DEFAULT_STALE_MS);
		expect(state.displayStatus).toBe('idle');
		expect(state.stale).toBe(false);
		expect(state.silentMs).toBe(3_600_000);
	});

	it('never makes a stopped agent stale', () => {
		const stopped = agent('s', {start: 0, stop: 10});
		expect(displayState(stopped, ms(10_000))).toMatchObject({displayStatus: 'stopped', stale: false});
	});

	it('counts a newer extra sign of life (transcript mtime) as life', () => {
		const state = displayState(running, ms(60 + FIVE_MIN), DEFAULT_STALE_MS, ms(200));
		expect(state).toEqual({displayStatus: 'active', stale: false, lastLife: ms(200), silentMs: 160_000});
	});

	it('ignores an extra sign of life older than the file', () => {
		expect(displayState(running, ms(60 + FIVE_MIN), DEFAULT_STALE_MS, ms(30)).stale).toBe(true);
	});

	it('treats a sign of life in the future as no silence', () => {
		expect(displayState(running, ms(0), DEFAULT_STALE_MS).silentMs).toBe(0);
	});

	it('uses startedAt when updatedAt is unreadable', () => {
		const a = agent('a', {start: 0, extra: {updatedAt: 'bad'}});
		expect(lastSignOfLife(a)).toBe(ms(0));
		expect(displayState(a, ms(FIVE_MIN)).stale).toBe(true);
	});

	it('is never stale when no time can be read', () => {
		const a = agent('a', {extra: {startedAt: 'x', updatedAt: 'y'}});
		expect(lastSignOfLife(a)).toBeUndefined();
		expect(displayState(a, ms(10_000))).toEqual({displayStatus: 'active', stale: false, lastLife: ms(10_000), silentMs: 0});
	});
});

describe('duration of a stale agent', () => {
	it('runs to its last sign of life, not 0 s and not now', () => {
		const a = agent('a', {start: 0, updated: 130});
		const state = displayState(a, ms(130 + 600), DEFAULT_STALE_MS);
		expect(state.stale).toBe(true);
		expect(agentDuration(a, ms(130 + 600), state)).toBe(130_000);
	});

	it('runs to the extra sign of life when that is the latest', () => {
		const a = agent('a', {start: 0, updated: 130});
		const state = displayState(a, ms(2000), DEFAULT_STALE_MS, ms(400));
		expect(state.stale).toBe(true);
		expect(agentDuration(a, ms(2000), state)).toBe(400_000);
	});
});
