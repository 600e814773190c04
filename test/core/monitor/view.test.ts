import {describe, expect, it} from 'vitest';
import type {AgentRecord} from '../../../src/core/record/agent-record.js';
import {buildView, compareByRecentStart, DEFAULT_MAX, type ViewOptions} from '../../../src/core/monitor/view.js';
import {agent, ms} from '../../helpers/agent-fixtures.js';

const base: ViewOptions = {now: ms(1000), staleMs: 300_000, dedup: true, showGhosts: false, showAll: false};

const ids = (agents: readonly {readonly agent: AgentRecord}[]): string[] => agents.map(item => item.agent.agentId);

/** `n` workers of distinct types, started 10 s apart, all still running at `now`. */
function many(n: number): AgentRecord[] {
	return Array.from({length: n}, (_, i) => agent(`a${i}`, {type: `t${i}`, start: 900 + i * 10, updated: 990}));
}

describe('buildView ordering', () => {
	it('puts the most recently started first', () => {
		const view = buildView([agent('old', {type: 'x', start: 0}), agent('new', {type: 'y', start: 50})], base);
		expect(ids(view.items)).toEqual(['new', 'old']);
	});

	it('orders equal starts by agentId', () => {
		const agents = [agent('b', {type: 'x', start: 5}), agent('c', {type: 'y', start: 5}), agent('a', {type: 'z', start: 5})];
		expect(ids(buildView(agents, base).items)).toEqual(['a', 'b', 'c']);
		expect(ids(buildView([...agents].reverse(), base).items)).toEqual(['a', 'b', 'c']);
	});

	it('sorts an unreadable start last', () => {
		const bad = agent('bad', {extra: {startedAt: '?'}});
		expect([bad, agent('ok')].sort(compareByRecentStart).map(a => a.agentId)).toEqual(['ok', 'bad']);
	});
});

describe('buildView cap', () => {
	it('shows the 8 most recently started by default and says how many are hidden', () => {
		const view = buildView(many(11), base);
		expect(DEFAULT_MAX).toBe(8);
		expect(ids(view.items)).toEqual(['a10', 'a9', 'a8', 'a7', 'a6', 'a5', 'a4', 'a3']);
		expect(view.hiddenByCap).toBe(3);
	});

	it('honours max and showAll', () => {
		expect(ids(buildView(many(5), {...base, max: 2}).items)).toEqual(['a4', 'a3']);
		const all = buildView(many(11), {...base, max: 2, showAll: true});
		expect(all.items).toHaveLength(11);
		expect(all.hiddenByCap).toBe(0);
	});

	it('treats a cap below 1 as 1', () => {
		expect(buildView(many(3), {...base, max: 0}).items).toHaveLength(1);
	});

	it('counts statuses over every non-ghost agent, not only the capped ones', () => {
		const view = buildView(many(11), {...base, max: 2});
		expect(view.counts).toEqual({waiting: 0, active: 11, idle: 0, stopped: 0, stale: 0});
	});
});

describe('buildView rules', () => {
	const shutdown = [
		agent('worker', {start: 0, stop: 100}),
		agent('recap', {start: 103, stop: 104}),
		agent('approval', {start: 106, stop: 107}),
		agent('tester', {type: 'tester', start: 50, updated: 990}),
	];

	it('never takes an agent for a ghost once its transcript showed work, after its facts are let go', () => {
		const worked = new Set(['recap', 'approval']);
		const view = buildView(shutdown, {...base, worked});
		expect(view.ghostCount).toBe(0);
		expect(ids(view.items)).toEqual(['approval', 'recap', 'tester', 'worker']);
		expect(buildView(shutdown, base).ghostCount).toBe(2);
	});

	it('hides ghosts and counts them', () => {
		const view = buildView(shutdown, base);
		expect(ids(view.items)).toEqual(['tester', 'worker']);
		expect(view.ghostCount).toBe(2);
		expect(view.counts).toEqual({waiting: 0, active: 1, idle: 0, stopped: 1, stale: 0});
	});

	it('shows ghosts flagged when asked, still out of the counts', () => {
		const view = buildView(shutdown, {...base, showGhosts: true});
		expect(view.items.map(i => [i.agent.agentId, i.ghost])).toEqual([
			['approval', true],
			['recap', true],
			['tester', false],
			['worker', false],
		]);
		expect(view.ghostCount).toBe(2);
		expect(view.counts.stopped).toBe(1);
	});

	it('lets shown ghosts take cap slots', () => {
		const view = buildView(shutdown, {...base, showGhosts: true, max: 2});
		expect(ids(view.items)).toEqual(['approval', 'recap']);
		expect(view.hiddenByCap).toBe(2);
	});

	it('makes nobody a ghost without dedup', () => {
		const view = buildView(shutdown, {...base, dedup: false});
		expect(view.items).toHaveLength(4);
		expect(view.ghostCount).toBe(0);
		expect(view.items.every(i => !i.ghost)).toBe(true);
		expect(view.counts.stopped).toBe(3);
	});

	it('shows a silent agent as stopped and stale, counted in both', () => {
		const agents = [agent('quiet', {type: 'x', start: 0, updated: 600}), agent('busy', {type: 'y', start: 0, updated: 990})];
		const view = buildView(agents, base);
		const quiet = view.items.find(i => i.agent.agentId === 'quiet');
		expect(quiet).toMatchObject({displayStatus: 'stopped', stale: true, lastLife: ms(600), durationMs: 600_000});
		expect(view.counts).toEqual({waiting: 0, active: 1, idle: 0, stopped: 1, stale: 1});
	});

	it('uses extra signs of life by agent id', () => {
		const agents = [agent('quiet', {start: 0, updated: 600})];
		const view = buildView(agents, {...base, extraLife: new Map([['quiet', ms(950)]])});
		expect(view.items[0]).toMatchObject({displayStatus: 'active', stale: false, lastLife: ms(950), durationMs: 1_000_000});
	});

	it('gives durations, undefined when the start is unknown', () => {
		const agents = [agent('done', {type: 'x', start: 0, stop: 65}), agent('unseen', {type: 'y', start: 70, stop: 70, extra: {startUnknown: true}})];
		const view = buildView(agents, base);
		expect(view.items.map(i => i.durationMs)).toEqual([undefined, 65_000]);
	});

	it('counts idle agents', () => {
		const view = buildView([agent('t', {start: 0, updated: 10, status: 'idle'})], base);
		expect(view.counts).toEqual({waiting: 0, active: 0, idle: 1, stopped: 0, stale: 0});
		expect(view.items[0]?.durationMs).toBe(10_000);
	});
});
