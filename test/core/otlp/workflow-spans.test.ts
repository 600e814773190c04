// A workflow run's span in the OTLP export: its agents' spans nest under it, it under the session's.
import {describe, expect, it} from 'vitest';
import type {EventLine} from '../../../src/core/record/event-line.js';
import {foldEvents, type AgentHistory} from '../../../src/core/history/fold.js';
import {agentSpan} from '../../../src/core/otlp/agent-spans.js';
import {dueSpans, exportSpans, SETTLE_MS, unfinishedSpans} from '../../../src/core/otlp/follow-plan.js';
import {agentSpanId, sessionSpanId, workflowSpanId} from '../../../src/core/otlp/ids.js';
import {workflowSpans} from '../../../src/core/otlp/workflow-spans.js';

const S = 'sess-1';
const T0 = Date.parse('2026-11-20T10:00:00.000Z');
const line = (seconds: number, event: string, agentId: string, state: EventLine['state'], data?: EventLine['data']): EventLine => ({
	v: 1,
	at: new Date(T0 + seconds * 1000).toISOString(),
	event,
	sessionId: S,
	agentId,
	type: 'workflow-subagent',
	state,
	...(data === undefined ? {} : {data}),
});
const tag = (label: string) => ({runId: 'wf_ab12-3', name: 'checks', phase: 'Check', label});

function session(now: number, stopped = true): {agents: AgentHistory[]; facts: {sessionId: string; lines: EventLine[]; agents: AgentHistory[]}} {
	const lines = [
		line(0, 'SubagentStart', 'w1', 'active'),
		line(1, 'SubagentStart', 'w2', 'active'),
		line(2, 'StopFailure', 'w2', 'stopped', {lastMessage: 'API Error: 400'}),
		line(3, 'SubagentStart', 'p1', 'active'),
		...(stopped ? [line(10, 'SubagentStop', 'w1', 'stopped')] : []),
	];
	const folded = foldEvents(lines, {now});
	const agents = folded.map(h => (h.agentId === 'p1' ? {...h, type: 'Explore'} : {...h, workflow: tag(h.agentId)}));
	return {agents, facts: {sessionId: S, lines: [], agents}};
}

describe('workflow spans', () => {
	it('one span per run, parent of its agents’ spans, child of the session’s; an error when an agent failed', () => {
		const now = T0 + 60_000;
		const {agents, facts} = session(now);
		const spans = exportSpans(facts, agents, now);
		const run = spans.find(s => s.spanId === workflowSpanId(S, 'wf_ab12-3'))!;
		expect(run).toMatchObject({name: 'workflow checks', parentSpanId: sessionSpanId(S)});
		expect(run.status.code).toBe(2);
		expect(run.startNs).toBe(BigInt(T0) * 1_000_000n);
		expect(run.endNs).toBe(BigInt(T0 + 10_000) * 1_000_000n);
		const attrs = Object.fromEntries(run.attributes.map(a => [a.key, a.value.value]));
		expect(attrs).toMatchObject({
			'agentlog.workflow.name': 'checks',
			'agentlog.workflow.done': 1,
			'agentlog.workflow.failed': 1,
			'agentlog.workflow.phases': 'Check',
		});
		expect(spans.find(s => s.spanId === agentSpanId(S, 'w1'))?.parentSpanId).toBe(run.spanId);
		expect(spans.find(s => s.spanId === agentSpanId(S, 'p1'))?.parentSpanId).toBe(sessionSpanId(S));
		const w2 = agentSpan(
			agents.find(h => h.agentId === 'w2')!,
			{now},
		);
		expect(Object.fromEntries(w2.attributes.map(a => [a.key, a.value.value]))).toMatchObject({
			'agentlog.workflow.run_id': 'wf_ab12-3',
			'agentlog.workflow.label': 'w2',
		});
		// A failed agent has ended: its span (and so its run's) is not "unfinished".
		expect(w2.attributes.some(a => a.key === 'agentlog.unfinished')).toBe(false);
		expect(w2.status.code).toBe(2);
	});

	it('following: the run’s span is sent once all its agents ended and settled; on quit, a run still going is sent unfinished', () => {
		const early = T0 + 5_000;
		const going = session(early, false);
		expect(workflowSpans(going.facts, going.agents, {now: early, ended: true})).toEqual([]);
		const quit = unfinishedSpans(going.facts, early).map(p => p.span);
		const run = quit.find(s => s.spanId === workflowSpanId(S, 'wf_ab12-3'))!;
		expect(run.attributes.some(a => a.key === 'agentlog.unfinished')).toBe(true);
		const later = T0 + 10_000 + SETTLE_MS;
		const done = session(later);
		expect(dueSpans(done.facts, () => undefined, later).some(p => p.span.spanId === workflowSpanId(S, 'wf_ab12-3'))).toBe(true);
	});
});
