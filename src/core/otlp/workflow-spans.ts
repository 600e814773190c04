// A workflow run as an OTLP span: `workflow <name>`, child of the session's span and parent of its
// agents' spans (agent-spans.ts), from its first agent's start to its last agent's end; how many
// of its agents are done, failed, running or cut off; an error when one failed. Pure.
import type {AgentHistory, HistoryStatus} from '../history/fold.js';
import {groupWorkflows, type MemberState, type WorkflowGroup} from '../workflow/group.js';
import {agentSpan, costAttributes, hasEnded, text, type AgentSpanOptions, type SessionFacts} from './agent-spans.js';
import {sessionSpanId, traceIdOf, workflowSpanId} from './ids.js';
import {bool, int, SPAN_KIND_INTERNAL, STATUS_ERROR, STATUS_UNSET, str, type Attribute, type Span} from './span.js';

/** Where an agent of the history stands in its run (stale: its stop never came, so cut off). */
function historyMemberState(status: HistoryStatus): MemberState {
	switch (status) {
		case 'completed':
			return 'done';
		case 'failed':
			return 'failed';
		case 'user-stopped':
			return 'stopped';
		case 'interrupted':
		case 'stale':
			return 'interrupted';
		default:
			return 'running';
	}
}

/** The runs of some agents of the history. */
export function historyWorkflowGroups(agents: readonly AgentHistory[]): WorkflowGroup[] {
	return groupWorkflows(
		agents.flatMap(h =>
			h.workflow === undefined ? [] : [{agentId: h.agentId, workflow: h.workflow, state: historyMemberState(h.status), tokens: h.tokens, cost: h.cost}],
		),
	);
}

/** The span of one run of a session: `group` is the run over all the session's agents of it. */
export function workflowSpan(sessionId: string, group: WorkflowGroup, members: readonly AgentHistory[], options: AgentSpanOptions): Span {
	const spans = members.map(h => agentSpan(h, options));
	const startNs = spans.reduce((min, s) => (s.startNs < min ? s.startNs : min), spans[0]?.startNs ?? 0n);
	const endNs = spans.reduce((max, s) => (s.endNs > max ? s.endNs : max), startNs);
	const {counts} = group;
	const attributes: Attribute[] = [
		str('gen_ai.operation.name', 'invoke_workflow'),
		text('session.id', sessionId),
		text('gen_ai.conversation.id', sessionId),
		text('agentlog.workflow.run_id', group.runId),
		int('agentlog.workflow.agent_count', group.agentIds.length),
		int('agentlog.workflow.done', counts.done),
		int('agentlog.workflow.failed', counts.failed),
		int('agentlog.workflow.running', counts.running),
		int('agentlog.workflow.interrupted', counts.interrupted),
		...(counts.stopped > 0 ? [int('agentlog.workflow.stopped_by_user', counts.stopped)] : []),
	];
	if (group.name !== null) {
		attributes.push(text('agentlog.workflow.name', group.name));
	}
	if (group.phases.length > 0) {
		attributes.push(text('agentlog.workflow.phases', group.phases.join(', ')));
	}
	if (group.tokens !== null) {
		attributes.push(int('agentlog.total_tokens', group.tokens));
	}
	if (group.cost !== null) {
		attributes.push(...costAttributes(group.cost));
	}
	if (!members.every(hasEnded)) {
		attributes.push(bool('agentlog.unfinished', true));
	}
	return {
		traceId: traceIdOf(sessionId),
		spanId: workflowSpanId(sessionId, group.runId),
		parentSpanId: sessionSpanId(sessionId),
		name: `workflow ${group.name ?? group.runId}`,
		kind: SPAN_KIND_INTERNAL,
		startNs,
		endNs,
		attributes,
		events: [],
		droppedEvents: 0,
		status: counts.failed > 0 ? {code: STATUS_ERROR, message: `${counts.failed} of ${group.agentIds.length} agents failed`} : {code: STATUS_UNSET},
	};
}

/**
 * The spans of the runs `agents` (some of the session's) belong to, each over all the session's
 * agents of it; `ended`: only the runs whose agents have all ended.
 */
export function workflowSpans(facts: SessionFacts, agents: readonly AgentHistory[], options: AgentSpanOptions & {readonly ended?: boolean}): Span[] {
	const wanted = new Set(agents.flatMap(h => (h.workflow === undefined ? [] : [h.workflow.runId])));
	if (wanted.size === 0) {
		return [];
	}
	const out: Span[] = [];
	for (const group of historyWorkflowGroups(facts.agents)) {
		if (!wanted.has(group.runId)) {
			continue;
		}
		const members = facts.agents.filter(h => h.workflow?.runId === group.runId);
		if (options.ended === true && !members.every(hasEnded)) {
			continue;
		}
		out.push(workflowSpan(facts.sessionId, group, members, options));
	}
	return out;
}
