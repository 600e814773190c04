import {describe, expect, it} from 'vitest';
import type {ViewItem} from '../../src/core/monitor/view.js';
import type {AgentRecord} from '../../src/core/record/agent-record.js';
import {laneOf, lanesOf} from '../../src/present/timeline-lanes.js';

const at = (s: number) => new Date(Date.parse('2026-11-26T10:00:00Z') + s * 1000).toISOString();
const ms = (s: number) => Date.parse(at(s));

function item(agent: Partial<AgentRecord>, more: Partial<ViewItem> = {}): ViewItem {
	const record: AgentRecord = {agentId: 'a1', type: 'Explore', status: 'stopped', startedAt: at(0), updatedAt: at(10), ...agent};
	return {
		agent: record,
		displayStatus: record.status,
		stale: false,
		ghost: false,
		inferredStop: false,
		lastLife: ms(10),
		durationMs: undefined,
		depth: 0,
		...more,
	};
}

describe('laneOf', () => {
	it('a completed, a failed and an interrupted agent, from their records', () => {
		expect(laneOf(item({stoppedAt: at(5)}), [], ms(20))).toMatchObject({startMs: ms(0), stopMs: ms(5), status: 'completed', label: 'Explore'});
		expect(laneOf(item({stoppedAt: at(5), stopReason: 'stop-failure:rate_limit'}))?.status).toBe('failed');
		expect(laneOf(item({stoppedAt: at(5), interrupted: true, stopReason: 'session-end:other'}))?.status).toBe('interrupted');
	});

	it('an agent stopped by you, then resumed: the stop marked where it was, the rest before the resume', () => {
		expect(laneOf(item({stoppedAt: at(5), stopReason: 'user-stop'}))?.status).toBe('user-stopped');
		const lane = laneOf(
			item({stoppedAt: at(12), stopReason: 'subagent-stop'}),
			[
				{kind: 'spawned', at: at(0)},
				{kind: 'user-stopped', at: at(5), reason: 'user-stop'},
				{kind: 'resumed', at: at(8)},
				{kind: 'completed', at: at(12), reason: 'subagent-stop'},
			],
			ms(20),
		);
		expect(lane).toMatchObject({
			status: 'completed',
			rests: [{fromMs: ms(5), toMs: ms(8)}],
			marks: [
				{ms: ms(5), kind: 'user-stopped'},
				{ms: ms(8), kind: 'resumed'},
			],
		});
	});

	it('a running agent has no stop; a waiting one is marked where it began to wait', () => {
		const lane = laneOf(item({status: 'active'}, {displayStatus: 'waiting', waiting: {waitingFor: 'Bash: rm', since: ms(7)}}), [], ms(20));
		expect(lane?.stopMs).toBeUndefined();
		expect(lane).toMatchObject({status: 'waiting', marks: [{ms: ms(7), kind: 'waiting'}]});
	});

	it('from its log steps: idle stretches, the rest between a stop and a resume, and the later stop the log knows', () => {
		const lane = laneOf(
			item({stoppedAt: at(5)}),
			[
				{kind: 'spawned', at: at(0)},
				{kind: 'idle', at: at(2)},
				{kind: 'active', at: at(3)},
				{kind: 'completed', at: at(5), reason: 'subagent-stop'},
				{kind: 'resumed', at: at(8)},
				{kind: 'completed', at: at(12), reason: 'subagent-stop'},
			],
			ms(20),
		);
		expect(lane).toMatchObject({
			stopMs: ms(12),
			idle: [{fromMs: ms(2), toMs: ms(3)}],
			rests: [{fromMs: ms(5), toMs: ms(8)}],
			marks: [{ms: ms(8), kind: 'resumed'}],
		});
	});

	it('nests a child under its parent as the list does, and skips an agent whose start does not parse', () => {
		const lanes = lanesOf([item({}), item({agentId: 'a2', startedAt: 'garbage'}), item({agentId: 'a3', type: 'Plan'}, {depth: 1})], () => undefined, ms(20));
		expect(lanes.map(l => [l.id, l.label])).toEqual([
			['a1', 'Explore'],
			['a3', '└ Plan'],
		]);
	});
});
