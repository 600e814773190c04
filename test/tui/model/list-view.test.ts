// What the list and the timeline show of a view: the `/` filter over every agent, the order of
// key o, and the filter's state for the `/` line (its counts, or why it cannot be used yet).
import {describe, expect, it} from 'vitest';
import {buildMonitorModel} from '../../../src/core/monitor/model.js';
import {filterWantsAll, listView} from '../../../src/tui/model/list-view.js';
import {agent, ms} from '../../helpers/agent-fixtures.js';

const options = {staleMs: 300_000, dedup: true, showGhosts: false, showAll: true};
const view = buildMonitorModel({
	agents: [agent('old', {type: 'Explore', start: 0, stop: 50}), agent('mid', {type: 'Plan', start: 20, stop: 30}), agent('new', {type: 'Explore', start: 40})],
	transcripts: new Map(),
	now: ms(60),
	options,
});
const ids = (v: {view: {items: readonly {agent: {agentId: string}}[]}}) => v.view.items.map(i => i.agent.agentId);

describe('filterWantsAll', () => {
	it('is true for any filter but blanks', () => {
		expect(filterWantsAll('')).toBe(false);
		expect(filterWantsAll('  \t')).toBe(false);
		expect(filterWantsAll('x')).toBe(true);
	});
});

describe('listView', () => {
	it('no filter, started order: the view itself, no filter state', () => {
		const r = listView(view, {filter: '', sort: 'started', editing: false});
		expect(r.view).toBe(view);
		expect(r).not.toHaveProperty('filter');
		expect(ids(r)).toEqual(['new', 'mid', 'old']);
	});

	it('an open empty `/` line: every agent, counted', () => {
		expect(listView(view, {filter: '', sort: 'started', editing: true}).filter).toEqual({text: '', editing: true, matched: 3, total: 3});
	});

	it('filters and counts what matched', () => {
		const r = listView(view, {filter: 'type:explore', sort: 'started', editing: false});
		expect(ids(r)).toEqual(['new', 'old']);
		expect(r.filter).toEqual({text: 'type:explore', editing: false, matched: 2, total: 3});
	});

	it('sorts by duration, the longest first', () => {
		expect(ids(listView(view, {filter: '', sort: 'duration', editing: false}))).toEqual(['old', 'new', 'mid']);
	});

	it('an expression that cannot be used leaves the list unfiltered and says why', () => {
		const r = listView(view, {filter: 'bogus:x', sort: 'started', editing: false});
		expect(ids(r)).toEqual(['new', 'mid', 'old']);
		expect(r.filter?.error).toMatch(/bogus/);
		expect(r.filter?.matched).toBe(3);
	});

	it('an unclosed quote is an error when done, a filter so far while typing', () => {
		expect(listView(view, {filter: 'type:"expl', sort: 'started', editing: false}).filter?.error).toBeDefined();
		const typing = listView(view, {filter: 'type:"expl', sort: 'started', editing: true});
		expect(typing.filter?.error).toBeUndefined();
		expect(ids(typing)).toEqual(['new', 'old']);
	});
});
