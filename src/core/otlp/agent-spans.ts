// A session's history as OTLP spans, after the GenAI semantic conventions' agent spans
// (still in development upstream): one span per agent run, `invoke_agent <type>`, child of the
// agent that launched it or else of a span for the session; lifecycle steps and waits as span
// events; an interrupted run is an error. Pure: the clock is a parameter.
import {createHash} from 'node:crypto';
import type {EventLine} from '../record/event-line.js';
import type {AgentHistory} from '../history/fold.js';
import {firstPoints, pointsUpTo} from '../text/bounded.js';
import {str as jsonStr} from '../record/json.js';
import {agentSpanId, sessionSpanId, traceIdOf, workflowSpanId} from './ids.js';
import {costUsd, type CostSum} from '../cost/cost.js';
import {bool, double, fitsOtlp, int, msToNs, SPAN_KIND_INTERNAL, STATUS_ERROR, STATUS_UNSET, str, type Attribute, type Span, type SpanEvent} from './span.js';

/** Longest attribute text sent (code points); longer ones end in `…`. */
export const MAX_ATTRIBUTE_CHARS = 4096;
/** Span events sent per span (OpenTelemetry's default span limit); the rest are counted as dropped. */
export const MAX_SPAN_EVENTS = 128;
/** The name of the session's own span. */
export const SESSION_SPAN_NAME = 'claude_code.session';

/** Whether a run has ended as far as the log knows: stopped, failed, interrupted, stopped by the user, or stale (its stop never came). */
export function hasEnded(h: AgentHistory): boolean {
	return h.status === 'completed' || h.status === 'failed' || h.status === 'interrupted' || h.status === 'user-stopped' || h.status === 'stale';
}

export function text(key: string, value: string): Attribute {
	return str(key, pointsUpTo(value, MAX_ATTRIBUTE_CHARS) <= MAX_ATTRIBUTE_CHARS ? value : `${firstPoints(value, MAX_ATTRIBUTE_CHARS - 1)}…`);
}

/** Log times OTLP cannot carry (before 1970, after 2554: see MAX_OTLP_MS) met while making one span: taken as unknown, and the span says so. */
interface OutOfRange {
	count: number;
}

/** A log time in ms, or undefined when missing or unparsable, or when OTLP cannot carry it (counted in `out`). */
function timeOf(iso: string | undefined, out: OutOfRange): number | undefined {
	const parsed = iso === undefined ? Number.NaN : Date.parse(iso);
	if (Number.isNaN(parsed)) {
		return undefined;
	}
	if (!fitsOtlp(parsed)) {
		out.count += 1;
		return undefined;
	}
	return parsed;
}

function ms(iso: string | undefined, fallback: number, out: OutOfRange): number {
	return timeOf(iso, out) ?? fallback;
}

function event(at: string, name: string, attributes: Attribute[], out: OutOfRange): {ms: number; event: SpanEvent} | undefined {
	const t = timeOf(at, out);
	return t === undefined ? undefined : {ms: t, event: {timeNs: msToNs(t), name, attributes}};
}

/** A PermissionRequest or Notification line that asks the user: a `waiting` span event. */
function waitEvent(line: EventLine, out: OutOfRange): {ms: number; event: SpanEvent} | undefined {
	if (line.event !== 'PermissionRequest' && line.event !== 'Notification') {
		return undefined;
	}
	const waitingFor = jsonStr(line.data?.waitingFor);
	if (line.event === 'Notification' && waitingFor === undefined) {
		return undefined;
	}
	return event(line.at, 'waiting', waitingFor === undefined ? [] : [text('agentlog.waiting_for', waitingFor)], out);
}

/** At most MAX_SPAN_EVENTS, in time order; how many were left out. */
function bounded(events: ({ms: number; event: SpanEvent} | undefined)[]): {events: SpanEvent[]; dropped: number} {
	const kept = events.filter(e => e !== undefined).sort((a, b) => a.ms - b.ms);
	return {events: kept.slice(0, MAX_SPAN_EVENTS).map(e => e.event), dropped: Math.max(0, kept.length - MAX_SPAN_EVENTS)};
}

/** What a span says of a workflow agent's run: its id, name, phase and label, where known. */
function workflowAttributes(w: NonNullable<AgentHistory['workflow']>): Attribute[] {
	const out = [text('agentlog.workflow.run_id', w.runId)];
	if (w.name !== null) {
		out.push(text('agentlog.workflow.name', w.name));
	}
	if (w.phase !== null) {
		out.push(text('agentlog.workflow.phase', w.phase));
	}
	if (w.label !== null) {
		out.push(text('agentlog.workflow.label', w.label));
	}
	return out;
}

export interface AgentSpanOptions {
	/** The clock (ms): the end of a run still going. */
	readonly now: number;
}

/**
 * A cost as span attributes: `agentlog.cost_usd` (dollars at list prices, an estimate; left out
 * when nothing could be priced, never 0) and the responses it could not price.
 */
export function costAttributes(cost: CostSum): Attribute[] {
	const usd = costUsd(cost);
	return [
		...(usd === null ? [] : [double('agentlog.cost_usd', usd)]),
		...(cost.unpriced === 0 ? [] : [int('agentlog.cost_unpriced_responses', cost.unpriced)]),
	];
}

/**
 * The span of one agent run. `h.events` are its log lines (waits become span events; without
 * them only the lifecycle does). A run that has not ended (active, idle, resumed) ends `now` and
 * carries `agentlog.unfinished: true`; a stale one ends at its last sign of life (its transcript's
 * last line when later than its log's, as history's duration has it).
 */
export function agentSpan(h: AgentHistory, options: AgentSpanOptions): Span {
	const ended = hasEnded(h);
	const out: OutOfRange = {count: 0};
	const start = timeOf(h.startedAt, out);
	const stop =
		h.status === 'stale' ? timeOf(h.lastActivityAt ?? h.lastEventAt, out) : ended ? (timeOf(h.stoppedAt, out) ?? timeOf(h.lastEventAt, out)) : options.now;
	// A start not known (or out of OTLP's range) is taken as the end: the span stays where it was, poll after poll.
	const startMs = start ?? stop ?? options.now;
	const endMs = Math.max(startMs, stop ?? startMs);
	const attributes: Attribute[] = [
		str('gen_ai.operation.name', 'invoke_agent'),
		// The model provider of the tool the agent ran in: Claude Code's are Anthropic's, Codex CLI's
		// OpenAI's, Gemini CLI's Google's (`gcp.gemini`), Qwen Code's Qwen's (its default; it speaks the
		// OpenAI API to any model); opencode runs any provider's models, so it is not named for it.
		...(h.provider === 'opencode'
			? []
			: [
					str(
						'gen_ai.provider.name',
						h.provider === 'codex' ? 'openai' : h.provider === 'gemini' ? 'gcp.gemini' : h.provider === 'qwen' ? 'qwen' : 'anthropic',
					),
				]),
		str('agentlog.provider', h.provider),
		text('gen_ai.agent.id', h.agentId),
		text('gen_ai.conversation.id', h.sessionId),
		text('session.id', h.sessionId),
		str('agentlog.status', h.status),
		int('agentlog.resume_count', h.resumeCount),
		str('agentlog.source', h.source),
	];
	if (h.type !== '') {
		attributes.push(text('gen_ai.agent.name', h.type));
	}
	if (h.description !== undefined) {
		attributes.push(text('gen_ai.agent.description', h.description));
	}
	if (h.model !== undefined) {
		attributes.push(text('gen_ai.request.model', h.model));
	}
	if (h.usage !== undefined) {
		// The agent's tokens (core/transcript/agent-figures.ts). The semantic conventions count cached input in the input tokens; Claude Code's usage gives it apart.
		attributes.push(int('gen_ai.usage.input_tokens', h.usage.input + h.usage.cacheRead + h.usage.cacheCreation));
		attributes.push(int('gen_ai.usage.output_tokens', h.usage.output));
		attributes.push(int('gen_ai.usage.cache_read.input_tokens', h.usage.cacheRead));
		attributes.push(int('gen_ai.usage.cache_creation.input_tokens', h.usage.cacheCreation));
	}
	if (h.tokens !== undefined) {
		attributes.push(int('agentlog.total_tokens', h.tokens));
	}
	if (h.cost !== undefined) {
		attributes.push(...costAttributes(h.cost));
		attributes.push(str('agentlog.prices_as_of', h.cost.asOf));
	}
	if (h.lastRequestTokens !== undefined) {
		attributes.push(int('agentlog.last_request_tokens', h.lastRequestTokens));
	}
	if (h.toolCalls !== undefined) {
		attributes.push(int('agentlog.tool_call_count', h.toolCalls));
	}
	if (h.parentAgentId !== undefined) {
		attributes.push(text('agentlog.parent_agent_id', h.parentAgentId));
	}
	if (h.stopReason !== undefined) {
		attributes.push(text('agentlog.stop_reason', h.stopReason));
	}
	if (h.workflow !== undefined) {
		attributes.push(...workflowAttributes(h.workflow));
	}
	if (h.startUnknown) {
		attributes.push(bool('agentlog.start_unknown', true));
	}
	if (!ended) {
		attributes.push(bool('agentlog.unfinished', true));
	}
	if (h.git.start?.head !== undefined) {
		attributes.push(text('vcs.ref.head.revision', h.git.start.head));
	}
	if (h.git.start?.branch !== undefined) {
		attributes.push(text('vcs.ref.head.name', h.git.start.branch));
	}
	const steps = h.lifecycle
		.filter(step => step.kind !== 'spawned')
		.map(step => event(step.at, step.kind, step.reason === undefined ? [] : [text('agentlog.reason', step.reason)], out));
	const waits = h.events.filter(line => line.agentId === h.agentId).map(line => waitEvent(line, out));
	const {events, dropped} = bounded([...steps, ...waits]);
	if (out.count > 0) {
		attributes.push(bool('agentlog.time_out_of_range', true));
	}
	const interrupted = h.status === 'interrupted' || h.status === 'failed';
	return {
		traceId: traceIdOf(h.sessionId),
		spanId: agentSpanId(h.sessionId, h.agentId),
		// A workflow agent's parent is its run's span (workflow-spans.ts), under the session's.
		parentSpanId:
			h.parentAgentId !== undefined
				? agentSpanId(h.sessionId, h.parentAgentId)
				: h.workflow === undefined
					? sessionSpanId(h.sessionId)
					: workflowSpanId(h.sessionId, h.workflow.runId),
		name: `invoke_agent${h.type === '' ? '' : ` ${h.type}`}`,
		kind: SPAN_KIND_INTERNAL,
		startNs: msToNs(startMs),
		endNs: msToNs(endMs),
		attributes,
		events,
		droppedEvents: dropped,
		status: interrupted ? {code: STATUS_ERROR, message: `${h.status}${h.stopReason === undefined ? '' : `: ${h.stopReason}`}`} : {code: STATUS_UNSET},
	};
}

/** What a session's span needs: its lines without an agent (SessionStart, SessionEnd, the main session's waits) and its agents. */
export interface SessionFacts {
	readonly sessionId: string;
	/** Every line of the session's log (only those without an agent are read here). */
	readonly lines: readonly EventLine[];
	readonly agents: readonly AgentHistory[];
}

/** Whether the session has ended: its latest session line is a SessionEnd and none of its agents still runs. */
export function sessionEnded(facts: SessionFacts): boolean {
	let last: EventLine | undefined;
	for (const line of facts.lines) {
		if (line.agentId === undefined && (line.event === 'SessionStart' || line.event === 'SessionEnd') && (last === undefined || line.at >= last.at)) {
			last = line;
		}
	}
	return last?.event === 'SessionEnd' && facts.agents.every(hasEnded);
}

/**
 * The span of the session itself (`claude_code.session`): from its first line to its SessionEnd
 * (or, before one, its latest line; `now` while an agent runs, with `agentlog.unfinished`).
 */
export function sessionSpan(facts: SessionFacts, options: AgentSpanOptions): Span {
	let first = Number.POSITIVE_INFINITY;
	let last = Number.NEGATIVE_INFINITY;
	const marks: ({ms: number; event: SpanEvent} | undefined)[] = [];
	let endReason: string | undefined;
	const out: OutOfRange = {count: 0};
	for (const line of facts.lines) {
		const t = timeOf(line.at, out);
		if (t === undefined) {
			continue;
		}
		first = Math.min(first, t);
		last = Math.max(last, t);
		if (line.agentId !== undefined) {
			continue;
		}
		if (line.event === 'SessionStart') {
			const source = jsonStr(line.data?.source);
			marks.push(event(line.at, 'session_start', source === undefined ? [] : [text('agentlog.source', source)], out));
		} else if (line.event === 'SessionEnd') {
			endReason = jsonStr(line.data?.reason);
			marks.push(event(line.at, 'session_end', endReason === undefined ? [] : [text('agentlog.reason', endReason)], out));
		} else {
			marks.push(waitEvent(line, out));
		}
	}
	for (const h of facts.agents) {
		first = Math.min(first, ms(h.startedAt, first, out));
	}
	const running = !facts.agents.every(hasEnded);
	if (!Number.isFinite(first)) {
		first = options.now;
	}
	const end = running ? options.now : Number.isFinite(last) ? last : first;
	const attributes: Attribute[] = [
		text('session.id', facts.sessionId),
		text('gen_ai.conversation.id', facts.sessionId),
		int('agentlog.agent_count', facts.agents.length),
		bool('agentlog.session_ended', sessionEnded(facts)),
	];
	if (endReason !== undefined) {
		attributes.push(text('agentlog.end_reason', endReason));
	}
	if (running) {
		attributes.push(bool('agentlog.unfinished', true));
	}
	if (out.count > 0) {
		attributes.push(bool('agentlog.time_out_of_range', true));
	}
	const {events, dropped} = bounded(marks);
	return {
		traceId: traceIdOf(facts.sessionId),
		spanId: sessionSpanId(facts.sessionId),
		name: SESSION_SPAN_NAME,
		kind: SPAN_KIND_INTERNAL,
		startNs: msToNs(first),
		endNs: msToNs(Math.max(first, end)),
		attributes,
		events,
		droppedEvents: dropped,
		status: {code: STATUS_UNSET},
	};
}

/**
 * What a span says, as a short hash: the follow cursor sends a span again (same ids) only when
 * this changed — a run that was unfinished or stale and has ended, or facts that came after the
 * stop (the parent's call returns just after it).
 */
export function spanFingerprint(span: Span): string {
	const json = JSON.stringify(span, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
	return createHash('sha256').update(json).digest('hex').slice(0, 16);
}
