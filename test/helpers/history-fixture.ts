// Four agents of one session folded from their event lines, at a fixed clock: what the history's
// query tests and its JSON shape's tests read.
import type {EventLine} from '../../src/core/record/event-line.js';
import {foldEvents, type AgentHistory} from '../../src/core/history/fold.js';

export const NOW = Date.parse('2026-03-01T12:00:00Z');
export const S = 'sess-1';
export const at = (minutesAgo: number): string => new Date(NOW - minutesAgo * 60_000).toISOString();
export const line = (fields: Partial<EventLine> & Pick<EventLine, 'event' | 'at'>): EventLine => ({v: 1, sessionId: S, ...fields});

export function histories(): AgentHistory[] {
	return foldEvents(
		[
			line({event: 'SubagentStart', at: at(120), agentId: 'aa11', type: 'Explore', git: {head: 'abcdef0123', branch: 'main'}}),
			line({event: 'SubagentStop', at: at(110), agentId: 'aa11', type: 'Explore', git: {head: '1234567890'}}),
			line({event: 'SubagentStart', at: at(60), agentId: 'aa22', type: 'explore'}),
			line({event: 'SubagentStart', at: at(30), agentId: 'bb33', type: 'Plan'}),
			line({event: 'SessionEnd', at: at(20), data: {reason: 'other'}}),
			line({event: 'SubagentStart', at: at(1), agentId: 'cc44', type: 'worker'}),
		],
		{now: NOW},
	);
}
