// What the filter matches an agent on: a watch item's words (its status as shown and as its
// lifecycle says), a history agent's, and a view kept to what matched, with its count.
import {describe, expect, it} from 'vitest';
import {parseFilter, type Filter} from '../../src/core/monitor/filter.js';
import {buildMonitorModel} from '../../src/core/monitor/model.js';
import {filterCountText, filterView, historyFilterFields, itemFilterFields} from '../../src/present/filter-fields.js';
import {agent, ms} from '../helpers/agent-fixtures.js';

const options = {staleMs: 300_000, dedup: true, showGhosts: false, showAll: true};
const model = (agents: Parameters<typeof buildMonitorModel>[0]['agents'], now = ms(100)) => buildMonitorModel({agents, transcripts: new Map(), now, options});
const filter = (text: string): Filter => {
	const r = parseFilter(text);
	if (!r.ok) throw new Error(r.error);
	return r.value;
};

describe('itemFilterFields', () => {
	it('an active agent: its words, no empty ones', () => {
		const [item] = model([agent('a1', {type: 'Explore', start: 90, extra: {description: 'Find routes', teammateName: 'scout', host: 'box'}})]).items;
		expect(itemFilterFields(item!)).toEqual({
			name: ['scout'],
			type: ['Explore'],
			description: ['Find routes', 'Find routes'],
			status: ['active'],
			workflow: [],
			label: [],
			id: ['a1'],
			host: ['box'],
		});
	});

	it('a failed, an interrupted and a user-stopped agent are stopped and their lifecycle word', () => {
		const items = model([
			agent('f', {start: 0, stop: 10, extra: {stopReason: 'stop-failure:rate limit'}}),
			agent('i', {start: 0, stop: 10, extra: {interrupted: true}}),
			agent('u', {start: 0, stop: 10, extra: {stopReason: 'user-stop'}}),
		]).items;
		const status = (id: string) => itemFilterFields(items.find(i => i.agent.agentId === id)!).status;
		expect(status('f')).toEqual(['stopped', 'failed']);
		expect(status('i')).toEqual(['stopped', 'interrupted']);
		expect(status('u')).toEqual(['stopped']);
	});

	it('a resumed agent is active and resumed; a silent one is stale and stopped', () => {
		const [resumed] = model([agent('r', {start: 90, extra: {resumeCount: 2}})]).items;
		expect(itemFilterFields(resumed!).status).toEqual(['active', 'resumed']);
		const [stale] = model([agent('s', {start: 0})], ms(10_000)).items;
		expect(itemFilterFields(stale!).status).toEqual(['stale', 'stopped']);
	});
});

describe('historyFilterFields', () => {
	it('every stop is also `stopped`; a running one is its status alone', () => {
		const h = {
			agentId: 'h1',
			type: 'Plan',
			description: 'Plan it',
			name: undefined,
			status: 'failed' as const,
			workflow: {runId: 'r', name: 'deploy', phase: 'build', label: 'step 1'},
		};
		expect(historyFilterFields(h as never)).toEqual({
			name: [],
			type: ['Plan'],
			description: ['Plan it'],
			status: ['failed', 'stopped'],
			workflow: ['deploy', 'build'],
			label: ['step 1'],
			id: ['h1'],
			host: [],
		});
		expect(historyFilterFields({...h, status: 'active', workflow: undefined} as never).status).toEqual(['active']);
		expect(historyFilterFields({...h, status: 'stale'} as never).status).toEqual(['stale']);
	});
});

describe('filterView', () => {
	const view = model([agent('a', {type: 'Explore', start: 90}), agent('b', {type: 'Plan', start: 80}), agent('c', {type: 'Explore', start: 0, stop: 5})]);

	it('an empty filter keeps the view as it is', () => {
		const r = filterView(view, filter(''));
		expect(r.view).toBe(view);
		expect(filterCountText(r)).toBe('3 of 3');
	});

	it('keeps what matches, every term holding', () => {
		const r = filterView(view, filter('type:explore -status:stopped'));
		expect(r.view.items.map(i => i.agent.agentId)).toEqual(['a']);
		expect(r.view.hiddenByCap).toBe(0);
		expect(filterCountText(r)).toBe('1 of 3');
		expect(filterCountText(filterView(view, filter('nothing-matches')))).toBe('0 of 3');
	});
});
