import {describe, expect, it} from 'vitest';
import {historyStats, localDay, percentile, tallyLines, type StatsAgent} from '../../../src/core/history/stats.js';
import {formatStatsText} from '../../../src/present/stats-text.js';
import {ALL_HOSTILE, RAW_CONTROL} from '../../helpers/hostile.js';

const NOW = Date.parse('2026-03-01T12:00:00Z');

const agent = (fields: Partial<StatsAgent>): StatsAgent => ({
	sessionId: 's1',
	type: 'Explore',
	status: 'completed',
	startedAt: '2026-03-01T10:00:00.000Z',
	...fields,
});

describe('percentile (nearest rank)', () => {
	it('p50 and p95 of 1..20, one value, none', () => {
		const values = Array.from({length: 20}, (_, i) => i + 1);
		expect(percentile(values, 50)).toBe(10);
		expect(percentile(values, 95)).toBe(19);
		expect(percentile(values, 100)).toBe(20);
		expect(percentile([7], 95)).toBe(7);
		expect(percentile([], 50)).toBeNull();
	});
});

describe('localDay', () => {
	it('is the date in the zone the offset gives', () => {
		expect(localDay('2026-03-01T23:30:00Z')).toBe('2026-03-01');
		expect(localDay('2026-03-01T23:30:00Z', () => 60)).toBe('2026-03-02');
		expect(localDay('2026-03-01T00:30:00Z', () => -300)).toBe('2026-02-28');
		expect(localDay('nope')).toBe('(unknown)');
	});
});

describe('historyStats', () => {
	const agents = [
		agent({durationMs: 1000, tokens: 10, toolCalls: 2, model: 'haiku', cost: {usd: 0.5, priced: 3, unpriced: 0, asOf: '2026-09-23'}}),
		// A model without a price: its responses are left out of the sums, and said to be.
		agent({durationMs: 3000, tokens: 5, status: 'interrupted', sessionId: 's2', cost: {usd: 0, priced: 0, unpriced: 2, asOf: '2026-09-23'}}),
		agent({durationMs: 2000, type: 'Plan', startedAt: '2026-02-28T09:00:00.000Z', model: 'opus'}),
		agent({type: '', status: 'active'}),
	];
	const lines = [
		{event: 'SubagentStart', at: '2026-03-01T10:00:00.000Z', sessionId: 's1'},
		{event: 'SessionStart', at: '2026-02-28T08:00:00.000Z', sessionId: 's3'},
		{event: 'SubagentStart', at: '2026-03-01T11:00:00.000Z', sessionId: 's2'},
	];

	it('gives the object of the issue: totals, by status, by event, by type', () => {
		expect(historyStats(agents, tallyLines(lines))).toEqual({
			agents: 4,
			events: 3,
			sessions: 3,
			firstEventAt: '2026-02-28T08:00:00.000Z',
			lastEventAt: '2026-03-01T11:00:00.000Z',
			byStatus: {completed: 2, failed: 0, interrupted: 1, resumed: 0, active: 1, idle: 0, stale: 0, 'user-stopped': 0},
			byEvent: {SessionStart: 1, SubagentStart: 2},
			cost: {usd: 0.5, pricesAsOf: '2026-09-23', estimated: true, unpricedResponses: 2},
			byType: {
				'(unknown)': {agents: 1, p50Ms: null, p95Ms: null, maxMs: null, tokens: null, costUsd: null, unpricedResponses: 0, toolCalls: null, interrupted: 0},
				Explore: {agents: 2, p50Ms: 1000, p95Ms: 3000, maxMs: 3000, tokens: 15, costUsd: 0.5, unpricedResponses: 2, toolCalls: 2, interrupted: 1},
				Plan: {agents: 1, p50Ms: 2000, p95Ms: 2000, maxMs: 2000, tokens: null, costUsd: null, unpricedResponses: 0, toolCalls: null, interrupted: 0},
			},
		});
	});

	it('a group or event named like an Object.prototype member (__proto__, constructor) is counted like any other: the totals add up', () => {
		const odd = [
			agent({type: '__proto__', durationMs: 1000, tokens: 7}),
			agent({type: 'constructor', sessionId: '__proto__', model: '__proto__'}),
			agent({type: 'Explore', sessionId: 'toString'}),
		];
		const oddLines = tallyLines([
			{event: '__proto__', at: '2026-03-01T10:00:00.000Z', sessionId: 's1'},
			{event: 'constructor', at: '2026-03-01T10:00:01.000Z', sessionId: 's1'},
		]);
		const sum = (groups: Record<string, {agents: number}> | undefined) => Object.values(groups ?? {}).reduce((n, g) => n + g.agents, 0);
		const stats = historyStats(odd, oddLines, {by: 'session'});
		expect(Object.keys(stats.byType).sort()).toEqual(['Explore', '__proto__', 'constructor']);
		expect(stats.byType['__proto__']).toMatchObject({agents: 1, tokens: 7, maxMs: 1000});
		expect(sum(stats.byType)).toBe(stats.agents);
		expect(Object.keys(stats.bySession!).sort()).toEqual(['__proto__', 's1', 'toString']);
		expect(sum(stats.bySession)).toBe(stats.agents);
		expect(sum(historyStats(odd, oddLines, {by: 'model'}).byModel)).toBe(stats.agents);
		expect(stats.byEvent['__proto__']).toBe(1);
		expect(stats.byEvent['constructor']).toBe(1);
		expect(Object.keys(stats.byEvent).sort()).toEqual(['__proto__', 'constructor']);
		// The JSON says it too, and the text table lists the group.
		expect((JSON.parse(JSON.stringify(stats)) as {byType: Record<string, {agents: number}>}).byType['__proto__']!.agents).toBe(1);
		expect(formatStatsText(stats, 'type', NOW, 120)).toMatch(/^__proto__ +1 /m);
	});

	it('--by session, day and model add the same per-group object keyed by that dimension', () => {
		expect(Object.keys(historyStats(agents, tallyLines(lines), {by: 'session'}).bySession!)).toEqual(['s1', 's2']);
		expect(historyStats(agents, tallyLines(lines), {by: 'day'}).byDay).toMatchObject({'2026-02-28': {agents: 1}, '2026-03-01': {agents: 3, interrupted: 1}});
		expect(historyStats(agents, tallyLines(lines), {by: 'model'}).byModel).toMatchObject({
			// Only unpriced responses: no dollars, never $0.
			'(unknown)': {agents: 2, tokens: 5, costUsd: null, unpricedResponses: 2},
			haiku: {tokens: 10, costUsd: 0.5},
			opus: {agents: 1},
		});
		expect(historyStats(agents, tallyLines(lines), {by: 'type'})).not.toHaveProperty('byDay');
	});

	it('text: the interruption rate, and hostile keys made safe', () => {
		const stats = historyStats([...agents, agent({type: ALL_HOSTILE})], tallyLines([{event: ALL_HOSTILE, at: '2026-03-01T10:00:00.000Z', sessionId: 's1'}]));
		const text = formatStatsText(stats, 'type', NOW);
		expect(text).toContain('interrupted: 1 of 5 (20%)');
		expect(text).toMatch(/Explore\s+2\s+1s\s+3s\s+3s\s+15\s+≥\$0\.50\s+2\s+1 \(50%\)/);
		expect(text).toMatch(/^Plan\s+1\s+2s\s+2s\s+2s\s+-\s+-\s+-\s+0 \(0%\)/mu);
		expect(text).toContain('cost: ≥$0.50 (an estimate at list prices of 2026-09-23; subscription plans pay differently)');
		expect(text).not.toMatch(RAW_CONTROL);
	});
});
