import {describe, expect, it} from 'vitest';
import {ghostFacts} from '../../../src/core/monitor/ghosts.js';
import {onePerAgent} from '../../../src/core/monitor/one-per-agent.js';
import {countSession} from '../../../src/core/monitor/session-counts.js';
import {buildView} from '../../../src/core/monitor/view.js';
import {agent, ms} from '../../helpers/agent-fixtures.js';

describe('onePerAgent', () => {
	it('gives the same array when every id is unique', () => {
		const items = [
			{id: 'a', t: 1},
			{id: 'b', t: 2},
		];
		expect(
			onePerAgent(
				items,
				i => i.id,
				i => i.t,
			),
		).toBe(items);
	});

	it('keeps the newest of each id, in the given order, the first on a tie', () => {
		const items = [
			{id: 'a', t: 1, n: 1},
			{id: 'b', t: 5, n: 2},
			{id: 'a', t: 3, n: 3},
			{id: 'b', t: 5, n: 4},
			{id: 'c', t: undefined, n: 5},
			{id: 'c', t: 0, n: 6},
		];
		expect(
			onePerAgent(
				items,
				i => i.id,
				i => i.t,
			).map(i => i.n),
		).toEqual([2, 3, 6]);
	});
});

describe('two files naming the same agent', () => {
	// A copied file: the same agentId in two files, an old stopped copy and the newer active record.
	const agents = [
		agent('x1', {type: 'Explore', start: 0, stop: 60}),
		agent('x1', {type: 'Explore', start: 0, updated: 3590}),
		agent('y1', {start: 10, stop: 20}),
	];
	const options = {now: ms(3600), staleMs: 300_000, dedup: true, showGhosts: false, showAll: true};

	it('are listed and counted once by the monitor, as the newest record', () => {
		const view = buildView(agents, options);
		expect(view.items.map(i => i.agent.agentId)).toEqual(['y1', 'x1']);
		expect(view.items.find(i => i.agent.agentId === 'x1')?.displayStatus).toBe('active');
		expect(view.counts).toEqual({waiting: 0, active: 1, idle: 0, stopped: 1, stale: 0});
	});

	it('are counted the same by sessions', () => {
		expect(countSession(agents.map(ghostFacts), options)).toEqual(buildView(agents, options).counts);
	});
});
