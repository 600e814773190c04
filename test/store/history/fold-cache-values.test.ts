// A kept session fold's values read back: what the fold made comes back the same (the same JSON,
// key for key); anything else a cache file could hold (unsafe ids, times not ISO, counts not
// whole, sums that do not add up) is refused.
import {describe, expect, it} from 'vitest';
import type {AgentHistory} from '../../../src/core/history/fold.js';
import {newLineTally, tallyLines} from '../../../src/core/history/stats.js';
import {parseAgent, parseTallyRow, parseWorkflows, tallyRow} from '../../../src/store/history/fold-cache-values.js';
import {histories, line, NOW, S, at} from '../../helpers/history-fixture.js';

const kept = (h: AgentHistory): unknown => JSON.parse(JSON.stringify({...h, events: []}));

describe('parseAgent', () => {
	it('every agent the fold makes reads back as it was, in the same key order', () => {
		const all = histories();
		expect(all.length).toBeGreaterThan(3);
		for (const h of all) {
			const back = parseAgent(kept(h), S);
			expect(back, h.agentId).toEqual({...h, events: []});
			expect(JSON.stringify(back)).toBe(JSON.stringify({...h, events: []}));
		}
	});

	it('refuses a value the fold never makes', () => {
		const good = kept(histories()[0]!) as Record<string, unknown>;
		expect(parseAgent(good, S)).toBeDefined();
		const bad: Array<[string, Record<string, unknown>]> = [
			['unsafe id', {agentId: '../x'}],
			['another session', {sessionId: 'other'}],
			['unknown status', {status: 'exploded'}],
			['not ISO', {startedAt: 'yesterday'}],
			['startUnknown false', {startUnknown: false}],
			['negative duration', {durationMs: -1}],
			['fractional count', {resumeCount: 1.5}],
			['tokens as text', {tokens: '12'}],
			['no git object', {git: null}],
			['empty git state', {git: {start: {}}}],
			['git head a number', {git: {stop: {head: 5}}}],
			['unknown source', {source: 'guess'}],
			['unknown provider', {provider: 'cursor'}],
			['bad step kind', {lifecycle: [{kind: 'exploded', at: NOW}]}],
			['step time not ISO', {lifecycle: [{kind: 'spawned', at: '1'}]}],
			['step reason a number', {lifecycle: [{kind: 'completed', at: at(1), reason: 7}]}],
			['lifecycle not a list', {lifecycle: {}}],
			['oversized text', {description: 'x'.repeat(8 * 1024 * 1024 + 1)}],
		];
		for (const [why, change] of bad) {
			expect(parseAgent({...good, ...change}, S), why).toBeUndefined();
		}
		expect(parseAgent(null, S)).toBeUndefined();
		expect(parseAgent([good], S)).toBeUndefined();
	});
});

describe('tallyRow and parseTallyRow', () => {
	it('a tally reads back as it was', () => {
		const t = tallyLines([
			line({event: 'SubagentStart', at: at(10), agentId: 'a'}),
			line({event: 'SubagentStop', at: at(5), agentId: 'a'}),
			line({event: 'SubagentStart', at: at(1), agentId: 'b'}),
		]);
		const row = tallyRow(t);
		expect(row).toEqual([3, 'SubagentStart', 2, 'SubagentStop', 1, Date.parse(at(10)), at(10), Date.parse(at(1)), at(1)]);
		expect(parseTallyRow(JSON.parse(JSON.stringify(row)), S)).toEqual(t);
	});

	it('an empty tally: no session, no first or last', () => {
		expect(tallyRow(newLineTally())).toEqual([0, null, null, null, null]);
		expect(parseTallyRow([0, null, null, null, null], S)).toEqual(newLineTally());
	});

	it('refuses rows that do not add up or are out of shape', () => {
		const first = [Date.parse(at(10)), at(10), Date.parse(at(1)), at(1)];
		for (const row of [
			[2, 'A', 1, ...first],
			[1, 'A', 1, 'A', 0, ...first],
			[2, 'A', 1, 'A', 1, ...first],
			[1, 'A', 1.5, ...first],
			[1, 'A', 1, Date.parse(at(10)) + 1, at(10), Date.parse(at(1)), at(1)],
			[1, 'A', 1, null, at(10), null, null],
			[1, 'A', 1, null, null, null],
			[-1, null, null, null, null],
			'row',
		]) {
			expect(parseTallyRow(row, S), JSON.stringify(row)).toBeUndefined();
		}
	});
});

describe('parseWorkflows', () => {
	it('reads what `seen` gives, with or without a folder', () => {
		expect(parseWorkflows({folder: '/p/s', paths: [['a1', '/p/s/subagents/workflows/wf_1/agent-a1.jsonl']]})).toEqual({
			folder: '/p/s',
			paths: [['a1', '/p/s/subagents/workflows/wf_1/agent-a1.jsonl']],
		});
		expect(parseWorkflows({folder: null, paths: []})).toEqual({paths: []});
	});

	it('refuses unsafe ids, pairs out of shape, a missing folder key', () => {
		for (const v of [
			{folder: null, paths: [['../a', 'p']]},
			{folder: null, paths: [['a', 'p', 'x']]},
			{folder: null, paths: [['a', 5]]},
			{paths: []},
			{folder: 3, paths: []},
			null,
		]) {
			expect(parseWorkflows(v), JSON.stringify(v)).toBeUndefined();
		}
	});
});
