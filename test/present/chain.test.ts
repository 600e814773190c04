import {describe, expect, it} from 'vitest';
import type {EventLine} from '../../src/core/record/event-line.js';
import {foldEvents} from '../../src/core/history/fold.js';
import {agentChain} from '../../src/core/history/lineage.js';
import {chainJson, formatChainText} from '../../src/present/chain.js';
import {ALL_HOSTILE, RAW_CONTROL} from '../helpers/hostile.js';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const at = (s: number): string => new Date(NOW - 3_600_000 + s * 1000).toISOString();
const start = (agentId: string, s: number, parentAgentId?: string): EventLine => ({
	v: 1,
	at: at(s),
	event: 'SubagentStart',
	sessionId: 'sess',
	agentId,
	type: 'worker',
	...(parentAgentId === undefined ? {} : {data: {parentAgentId}}),
});
const stop = (agentId: string, s: number): EventLine => ({v: 1, at: at(s), event: 'SubagentStop', sessionId: 'sess', agentId, type: 'worker'});

describe('agentChain', () => {
	// root → mid → leaf1, leaf2 (→ deep); other is unrelated.
	const agents = foldEvents(
		[
			start('root', 0),
			start('mid', 10, 'root'),
			start('leaf2', 30, 'mid'),
			start('leaf1', 20, 'mid'),
			start('deep', 40, 'leaf2'),
			start('other', 50),
			stop('deep', 60),
			stop('leaf1', 70),
		],
		{now: NOW, staleMs: 2 * 3_600_000},
	);

	it('ancestors outermost first, descendants depth first, oldest child first', () => {
		const chain = agentChain(agents, 'mid')!;
		expect(chain.ancestors.map(h => h.agentId)).toEqual(['root']);
		expect(chain.descendants.map(d => [d.history.agentId, d.depth])).toEqual([
			['leaf1', 1],
			['leaf2', 1],
			['deep', 2],
		]);
		const deep = agentChain(agents, 'deep')!;
		expect(deep.ancestors.map(h => h.agentId)).toEqual(['root', 'mid', 'leaf2']);
		expect(deep.descendants).toEqual([]);
		expect(agentChain(agents, 'nobody')).toBeUndefined();
	});

	it('stops at a cycle and names a parent the history does not hold', () => {
		const cyclic = foldEvents([start('a', 0, 'b'), start('b', 1, 'a'), start('c', 2, 'b'), start('d', 3, 'gone')], {now: NOW});
		const chain = agentChain(cyclic, 'a')!;
		expect(chain.ancestors.map(h => h.agentId)).toEqual(['b']);
		expect(chain.descendants).toEqual([]);
		const fromB = agentChain(cyclic, 'b')!;
		expect(fromB.ancestors.map(h => h.agentId)).toEqual(['a']);
		expect(fromB.descendants.map(d => d.history.agentId)).toEqual(['c']);
		expect(agentChain(cyclic, 'd')!.missingParent).toBe('gone');
	});

	it('chain --json: each agent as in history --json with its events, oldest first', () => {
		const json = chainJson(agentChain(agents, 'leaf1')!);
		expect(json.agent).toMatchObject({agentId: 'leaf1', status: 'completed', parentAgentId: 'mid'});
		expect(json.agent.events.map(e => e.event)).toEqual(['SubagentStart', 'SubagentStop']);
		expect(json.ancestors.map(a => a.agentId)).toEqual(['root', 'mid']);
		expect(json.descendants).toEqual([]);
	});

	it('text: a tree with the agent marked and each lifecycle; hostile text made safe', () => {
		const text = formatChainText(agentChain(agents, 'mid')!, NOW, 'UTC');
		expect(text.split('\n').slice(0, 5)).toEqual([
			'session sess · main session',
			'  worker · ● active · 1h 00m · root',
			'      spawned 11:00:00',
			'    ▶ worker · ● active · 59m 50s · mid',
			'        spawned 11:00:10',
		]);
		expect(text).toContain('      worker · ○ completed · 50s · leaf1\n          spawned 11:00:20 → completed 11:01:10 (subagent-stop)');
		expect(text).toContain('        worker · ○ completed · 20s · deep');
		const hostile = foldEvents([{...start('h', 0), type: ALL_HOSTILE, data: {parentAgentId: 'p'}}], {now: NOW});
		expect(formatChainText(agentChain(hostile, 'h')!, NOW)).not.toMatch(RAW_CONTROL);
	});
});
