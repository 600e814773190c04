import {describe, expect, it} from 'vitest';
import {buildMonitorModel} from '../../src/core/monitor/model.js';
import {parseFilter} from '../../src/core/monitor/filter.js';
import {lsHeading, lsOutput, remoteLsJson} from '../../src/present/ls-text.js';
import {agent, ms} from '../helpers/agent-fixtures.js';

const options = {staleMs: 300_000, dedup: true, showGhosts: false, showAll: true};
const now = ms(3600);

function model() {
	const agents = [agent('run', {type: 'Explore', start: 3500}), agent('done', {type: 'Plan', start: 0, stop: 100})];
	return buildMonitorModel({agents, transcripts: new Map(), now, options});
}

describe('lsOutput', () => {
	it('the heading, then the table; no COST column when no transcript was priced', () => {
		const text = lsOutput(model(), new Map(), now, 'session abc', {});
		const lines = text.split('\n');
		expect(lines[0]).toBe('session abc');
		expect(lines[1]).toMatch(/^STATUS\s+TYPE\s+DURATION\s+STARTED\s+ID\s+SUMMARY$/u);
		expect(text).toMatch(/● active\s+Explore/u);
		expect(text).toMatch(/○ stopped\s+Plan/u);
		expect(text.endsWith('\n')).toBe(true);
	});

	it('--filter: says how many matched, and `no agents match` when none', () => {
		const filter = (text: string) => {
			const parsed = parseFilter(text);
			if (!parsed.ok) {
				throw new Error(parsed.error);
			}
			return {text, filter: parsed.value};
		};
		expect(lsOutput(model(), new Map(), now, 'h', {filter: filter('type:Plan')})).toMatch(/^h\n1 of 2 agents match type:Plan\nSTATUS/u);
		expect(lsOutput(model(), new Map(), now, 'h', {filter: filter('type:Nothing')})).toBe('h\n0 of 2 agents match type:Nothing\nno agents match\n');
	});

	it('--json: each record as on disk (the raw one when given), then the model fields', () => {
		const m = model();
		const first = m.items[0]!;
		const raw = new Map([[first.agent, {...first.agent, cwd: 'exact \u001b text'}]]);
		const json = lsOutput(m, raw, now, 'ignored', {json: true});
		expect(json).not.toContain('\u001b');
		const parsed = JSON.parse(json) as {agentId: string; cwd?: string; displayStatus: string}[];
		expect(parsed.map(a => a.agentId)).toEqual(m.items.map(item => item.agent.agentId));
		expect(parsed[0]!.cwd).toBe('exact \u001b text');
	});

	it('no agents: says so', () => {
		const empty = buildMonitorModel({agents: [], transcripts: new Map(), now, options});
		expect(lsOutput(empty, new Map(), now, 'h', {})).toBe('h\nno agents\n');
	});
});

describe('lsHeading', () => {
	it('names the session, the moment, the host and the main session waiting', () => {
		const {items} = model();
		expect(lsHeading(items, {session: 'abc', now})).toBe('session abc');
		expect(lsHeading(items, {session: undefined, host: 'box', now})).toBe('the newest session on box');
		expect(lsHeading(items, {session: 'abc', at: {ms: now, wall: now}, now})).toMatch(/^session abc at \S+/u);
	});
});

describe('remoteLsJson', () => {
	it('each agent names its host; a filter keeps what it keeps in the model', () => {
		const m = model();
		const agents = m.items.map(item => ({agentId: item.agent.agentId, type: item.agent.type}));
		expect(JSON.parse(remoteLsJson('box', agents, m, undefined))).toEqual(agents.map(a => ({host: 'box', ...a})));
		const parsed = parseFilter('type:Plan');
		expect(parsed.ok).toBe(true);
		const kept = JSON.parse(remoteLsJson('box', agents, m, parsed.ok ? parsed.value : undefined)) as {agentId: string}[];
		expect(kept.map(a => a.agentId)).toEqual(['done']);
	});
});
