// `stats --json` from another machine, decoded field by field: what is not a count is dropped or
// zero, keys are made safe and bounded, groups are bounded, `__proto__` is a key like any other.
import {describe, expect, it} from 'vitest';
import {decodeStats, MAX_GROUPS} from '../../../src/core/remote/stats-answer.js';
import {HOSTILE, RAW_CONTROL} from '../../helpers/hostile.js';

const group = {agents: 2, p50Ms: 1000, p95Ms: 2000, maxMs: 3000, tokens: 500, costUsd: 0.25, unpricedResponses: 1, toolCalls: 7, interrupted: 1};
const good = {
	agents: 3,
	events: 10,
	sessions: 2,
	firstEventAt: '2026-11-20T10:00:00.000Z',
	lastEventAt: '2026-11-20T11:00:00.000Z',
	byStatus: {completed: 2, interrupted: 1},
	byEvent: {SubagentStart: 3, SubagentStop: 3},
	cost: {usd: 1.5, pricesAsOf: '2026-11-01', unpricedResponses: 0},
	byType: {Explore: group},
};

describe('decodeStats', () => {
	it('reads an answer as stats would print it', () => {
		expect(decodeStats(good)).toEqual({
			agents: 3,
			events: 10,
			sessions: 2,
			firstEventAt: '2026-11-20T10:00:00.000Z',
			lastEventAt: '2026-11-20T11:00:00.000Z',
			byStatus: {completed: 2, failed: 0, interrupted: 1, 'user-stopped': 0, resumed: 0, active: 0, idle: 0, stale: 0},
			byEvent: {SubagentStart: 3, SubagentStop: 3},
			cost: {usd: 1.5, pricesAsOf: '2026-11-01', estimated: true, unpricedResponses: 0},
			byType: {Explore: group},
		});
	});

	it('is no answer without whole counts of agents, events and sessions', () => {
		for (const bad of [null, [], 'x', {...good, agents: -1}, {...good, events: 1.5}, {...good, sessions: '2'}, {agents: 1, events: 1}]) {
			expect(decodeStats(bad), JSON.stringify(bad)).toBeUndefined();
		}
	});

	it('the optional tables are kept only when sent', () => {
		const s = decodeStats({...good, byDay: {'2026-11-20': group}, byModel: 'junk'});
		expect(s?.byDay).toEqual({'2026-11-20': group});
		expect(s?.byModel).toEqual({});
		expect(s).not.toHaveProperty('bySession');
	});

	it('hostile values become null or zero; a group without agents is dropped', () => {
		const s = decodeStats({
			...good,
			firstEventAt: 'not a time',
			lastEventAt: `2026-11-20T10:00:00.000Z${'x'.repeat(40)}`,
			byStatus: {completed: -3, failed: 'many'},
			byEvent: {A: 1.5, B: 2},
			cost: {usd: 1, pricesAsOf: 'yesterday'},
			byType: {
				weird: {agents: 1, p50Ms: -1, costUsd: 1e12, unpricedResponses: 'x', toolCalls: Number.NaN, interrupted: null},
				noAgents: {tokens: 5},
				notObject: 7,
			},
		});
		expect(s?.firstEventAt).toBeNull();
		expect(s?.lastEventAt).toBeNull();
		expect(s?.byStatus.completed).toBe(0);
		expect(s?.byStatus.failed).toBe(0);
		expect(s?.byEvent).toEqual({B: 2});
		expect(s?.cost).toBeNull();
		expect(s?.byType).toEqual({
			weird: {agents: 1, p50Ms: null, p95Ms: null, maxMs: null, tokens: null, costUsd: null, unpricedResponses: 0, toolCalls: null, interrupted: 0},
		});
	});

	it('keys are one safe line of at most 200; two that become one keep the first', () => {
		const s = decodeStats({
			...good,
			byType: {[`evil${HOSTILE.title}`]: group, ['k'.repeat(500)]: group, 'a\nb': {...group, agents: 1}, 'a b': {...group, agents: 9}},
		});
		const keys = Object.keys(s!.byType);
		expect(keys).toHaveLength(3);
		for (const key of keys) {
			expect(key).not.toMatch(RAW_CONTROL);
		}
		expect(keys).toContain('k'.repeat(200));
		expect(s?.byType['a b']?.agents).toBe(1);
	});

	it('__proto__ is an own key, never the prototype', () => {
		const s = decodeStats(JSON.parse(JSON.stringify(good).replace('"Explore"', '"__proto__"')));
		expect(Object.keys(s!.byType)).toEqual(['__proto__']);
		expect(Object.getPrototypeOf(s!.byType)).toBe(Object.prototype);
		expect(Object.getOwnPropertyDescriptor(s!.byType, '__proto__')?.value).toEqual(group);
	});

	it('keeps at most MAX_GROUPS groups and 200 event names', () => {
		const many = Object.fromEntries(Array.from({length: MAX_GROUPS + 100}, (_, i) => [`t${i}`, group]));
		const events = Object.fromEntries(Array.from({length: 300}, (_, i) => [`E${i}`, 1]));
		const s = decodeStats({...good, byType: many, byEvent: events});
		expect(Object.keys(s!.byType)).toHaveLength(MAX_GROUPS);
		expect(Object.keys(s!.byEvent)).toHaveLength(200);
	});
});
