import {describe, expect, it} from 'vitest';
import {buildMonitorModel} from '../../../src/core/monitor/model.js';
import {nextSortKey, sortItems, SORT_KEYS} from '../../../src/core/monitor/order.js';
import {compareByRecentStart, sortByRecentStart} from '../../../src/core/monitor/view.js';
import {agent, ms} from '../../helpers/agent-fixtures.js';

const options = {staleMs: 300_000, dedup: false, showGhosts: false, showAll: true};

// Started newest first: c (at 50), b (at 20, stopped failing), a (at 0, running long).
const agents = [
	agent('a', {start: 0, updated: 100}),
	agent('b', {start: 20, stop: 45, extra: {stopReason: 'stop-failure:overloaded'}}),
	agent('c', {start: 50, stop: 60}),
	agent('a-child', {start: 10, stop: 90, extra: {parentAgentId: 'a'}}),
	agent('a-child2', {start: 11, updated: 95, extra: {parentAgentId: 'a'}}),
];
const items = buildMonitorModel({agents, transcripts: new Map(), now: ms(120), options}).items;
const ids = (key: Parameters<typeof sortItems>[1]) => sortItems(items, key).map(item => item.agent.agentId);

describe('sortItems', () => {
	it('keeps the view order for started (the default)', () => {
		expect(sortItems(items, 'started')).toBe(items);
		expect(ids('started')).toEqual(['c', 'b', 'a', 'a-child2', 'a-child']);
	});

	it('sorts by last activity, duration, status, each among siblings: children stay under their parent', () => {
		expect(ids('activity')).toEqual(['a', 'a-child2', 'a-child', 'c', 'b']);
		expect(ids('duration')).toEqual(['a', 'a-child2', 'a-child', 'b', 'c']);
		// Failed before running before stopped.
		expect(ids('status')).toEqual(['b', 'a', 'a-child2', 'a-child', 'c']);
	});

	it('puts the unknown last: no cost is known here, so the order is the view order', () => {
		expect(ids('cost')).toEqual(ids('started'));
	});

	it('cycles through every key back to started', () => {
		let key = nextSortKey('started');
		const seen = ['started'];
		while (key !== 'started') {
			seen.push(key);
			key = nextSortKey(key);
		}
		expect(seen).toEqual([...SORT_KEYS]);
	});
});

describe('sortByRecentStart', () => {
	it('orders as compareByRecentStart does: newest start first, ties by id, an unreadable start last', () => {
		const records = [
			agent('m', {start: 5}),
			agent('z', {start: 30}),
			{...agent('bad', {start: 1}), startedAt: 'not a time'},
			agent('b', {start: 30}),
			agent('a', {start: 30}),
			{...agent('none', {start: 2}), startedAt: ''},
			agent('old', {start: 0}),
		];
		const sorted = sortByRecentStart(records);
		expect(sorted.map(r => r.agentId)).toEqual(['a', 'b', 'z', 'm', 'old', 'bad', 'none']);
		expect(sorted).toEqual([...records].sort(compareByRecentStart));
		expect(records[0]!.agentId).toBe('m');
	});
});
