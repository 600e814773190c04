// An agent's lines counted while its session is folded: merged, the same tally `tallyLine` of each
// line would make, the SessionEnd lines it holds handed back, event names shared.
import {describe, expect, it} from 'vitest';
import {newLineTally, tallyLines} from '../../../src/core/history/stats.js';
import type {EventLine} from '../../../src/core/record/event-line.js';
import {AgentTally, EventNames} from '../../../src/store/history/agent-tally.js';

const line = (event: string, at: string, agentId = 'a1', sessionId = 's1'): EventLine => ({v: 1, at, event, sessionId, agentId});

describe('AgentTally', () => {
	it('merged, is what tallyLine of each of its own lines makes', () => {
		const own = [
			line('SubagentStart', '2026-11-20T10:00:05.000Z'),
			line('PostToolUse', '2026-11-20T10:00:01.000Z'),
			line('SubagentStop', '2026-11-20T10:00:09.000Z'),
			line('PostToolUse', 'not a time'),
			line('PostToolUse', '2026-11-20T10:00:03.000Z'),
		];
		const tally = new AgentTally(new EventNames());
		for (const l of own) tally.push(l);
		const into = newLineTally();
		expect(tally.mergeInto(into)).toEqual([]);
		expect(into).toEqual(tallyLines(own));
		expect(into.byEvent).toEqual(
			new Map([
				['SubagentStart', 1],
				['PostToolUse', 3],
				['SubagentStop', 1],
			]),
		);
		expect(into.first).toEqual({ms: Date.parse('2026-11-20T10:00:01.000Z'), at: '2026-11-20T10:00:01.000Z'});
		expect(into.last?.at).toBe('2026-11-20T10:00:09.000Z');
	});

	it('merging several agents adds up, keeping the earliest first and the latest last', () => {
		const names = new EventNames();
		const a = new AgentTally(names);
		const b = new AgentTally(names);
		const linesA = [line('SubagentStart', '2026-11-20T10:00:05.000Z', 'a'), line('SubagentStop', '2026-11-20T10:01:00.000Z', 'a')];
		const linesB = [line('SubagentStart', '2026-11-20T09:59:00.000Z', 'b', 's2'), line('SubagentStop', '2026-11-20T10:00:30.000Z', 'b', 's2')];
		linesA.forEach(l => a.push(l));
		linesB.forEach(l => b.push(l));
		const into = newLineTally();
		a.mergeInto(into);
		b.mergeInto(into);
		expect(into).toEqual(tallyLines([...linesA, ...linesB]));
		expect([...into.sessions].sort()).toEqual(['s1', 's2']);
	});

	it('holds the SessionEnd lines (no agent id) apart and hands them back, uncounted', () => {
		const tally = new AgentTally(new EventNames());
		const end: EventLine = {v: 1, at: '2026-11-20T11:00:00.000Z', event: 'SessionEnd', sessionId: 's1'};
		tally.push(end);
		const into = newLineTally();
		expect(tally.mergeInto(into)).toEqual([end]);
		expect(into).toEqual(newLineTally());
	});

	it('an agent with no lines adds nothing', () => {
		const into = newLineTally();
		new AgentTally(new EventNames()).mergeInto(into);
		expect(into).toEqual(newLineTally());
	});
});

describe('EventNames', () => {
	it('gives one copy of each name, up to 256 names; past that, the name as given', () => {
		const names = new EventNames();
		const first = names.of(['Subagent', 'Start'].join(''));
		expect(names.of(['Subagent', 'Start'].join(''))).toBe(first);
		for (let i = 0; i < 300; i++) names.of(`E${i}`);
		const late = `E${299}`;
		expect(names.of(late)).toBe(late);
		expect(names.of('E0')).toBe('E0');
	});
});
