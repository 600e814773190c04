// Which spans of a session `export --otlp` sends. Once: every agent of the selection and
// its session's span, a run still going marked unfinished. Following: a span when its run has
// ended (stopped, interrupted, or stale: its stop never came) and has settled — the parent's Agent
// call comes back just after a stop, with the description and totals — and only when it says
// something the cursor has not seen; on quit, the runs still going, marked unfinished. Pure.
import type {AgentHistory} from '../history/fold.js';
import {agentSpan, hasEnded, sessionEnded, sessionSpan, spanFingerprint, type SessionFacts} from './agent-spans.js';
import type {Span} from './span.js';
import {workflowSpans} from './workflow-spans.js';

/** How long after its end a span waits before it is sent while following (late facts of the same run arrive within it). */
export const SETTLE_MS = 5_000;

/**
 * A session without a SessionEnd (Claude Code killed, or still open but idle) gets its span once
 * nothing has happened in it for this long and none of its runs is going; sent again if it goes on.
 */
export const SESSION_QUIET_MS = 30 * 60_000;

/** A span to send, with what the cursor records for it once the collector took it. */
export interface PlannedSpan {
	readonly sessionId: string;
	readonly span: Span;
	readonly fingerprint: string;
}

/** What the cursor knows: the fingerprint a span had when it was sent, if it was. */
export type SentLookup = (sessionId: string, spanId: string) => string | undefined;

const planned = (sessionId: string, span: Span): PlannedSpan => ({sessionId, span, fingerprint: spanFingerprint(span)});

/** The spans of a one-time export: the given agents (a selection of the session's) and the session's span, when there are any. */
export function exportSpans(facts: SessionFacts, agents: readonly AgentHistory[], now: number): Span[] {
	if (agents.length === 0) {
		return [];
	}
	return [sessionSpan(facts, {now}), ...workflowSpans(facts, agents, {now}), ...agents.map(h => agentSpan(h, {now}))];
}

const endMs = (span: Span): number => Number(span.endNs / 1_000_000n);

/** While following: the spans of a session that have ended, settled, and say something new. */
export function dueSpans(facts: SessionFacts, sent: SentLookup, now: number): PlannedSpan[] {
	const out: PlannedSpan[] = [];
	const take = (span: Span): void => {
		if (now - endMs(span) < SETTLE_MS) {
			return;
		}
		const p = planned(facts.sessionId, span);
		if (sent(facts.sessionId, span.spanId) !== p.fingerprint) {
			out.push(p);
		}
	};
	for (const h of facts.agents) {
		if (hasEnded(h)) {
			take(agentSpan(h, {now}));
		}
	}
	for (const span of workflowSpans(facts, facts.agents, {now, ended: true})) {
		take(span);
	}
	if (facts.agents.length > 0 && (sessionEnded(facts) || quietSince(facts, now))) {
		take(sessionSpan(facts, {now}));
	}
	return out;
}

/** No run going and no line for SESSION_QUIET_MS. */
function quietSince(facts: SessionFacts, now: number): boolean {
	if (!facts.agents.every(hasEnded)) {
		return false;
	}
	let last = Number.NEGATIVE_INFINITY;
	for (const line of facts.lines) {
		const t = Date.parse(line.at);
		if (t > last) {
			last = t;
		}
	}
	return now - last >= SESSION_QUIET_MS;
}

/** Whether the session still has something to send later: a run going, or an end not yet settled. */
export function hasPending(facts: SessionFacts, sent: SentLookup, now: number): boolean {
	if (facts.agents.length === 0) {
		return false;
	}
	if (facts.agents.some(h => !hasEnded(h))) {
		return true;
	}
	// Something waits to settle, or the session's span waits for it to go quiet.
	return dueSpans(facts, sent, now + SESSION_QUIET_MS).length > 0;
}

/** On quit: the runs still going (and their session's span), marked unfinished. */
export function unfinishedSpans(facts: SessionFacts, now: number): PlannedSpan[] {
	const going = facts.agents.filter(h => !hasEnded(h));
	if (going.length === 0) {
		return [];
	}
	return [
		planned(facts.sessionId, sessionSpan(facts, {now})),
		...workflowSpans(facts, going, {now}).map(span => planned(facts.sessionId, span)),
		...going.map(h => planned(facts.sessionId, agentSpan(h, {now}))),
	];
}
