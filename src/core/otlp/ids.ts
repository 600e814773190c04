// Trace and span ids of the OTLP export, derived from agentlog's ids so that exporting twice, or
// from two machines, gives the same ids: one trace per Claude Code session, one span
// per agent, one span for the session itself. Pure (a hash is no I/O).
import {createHash} from 'node:crypto';

/** 32 lowercase hex digits: a trace id. */
export type TraceId = string;
/** 16 lowercase hex digits: a span id. */
export type SpanId = string;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ALL_ZERO = /^0+$/;

/** Digests already made (an export asks for each id several times: as a span, as a parent, per span for the trace); emptied when full. */
const memo = new Map<string, string>();
const MEMO_MAX = 50_000;

function digest(kind: string, ...parts: readonly string[]): string {
	// NUL cannot occur in a session or agent id the hook accepts: the parts never run together.
	const input = `agentlog/${kind}\0${parts.join('\0')}`;
	let hex = memo.get(input);
	if (hex === undefined) {
		hex = createHash('sha256').update(input).digest('hex');
		if (memo.size >= MEMO_MAX) {
			memo.clear();
		}
		memo.set(input, hex);
	}
	return hex;
}

/**
 * The trace of a session: a session id that is a UUID (Claude Code's form) is the trace id itself,
 * so a backend finds the trace by the session id; any other id is hashed. Never all zero (invalid
 * in OTLP).
 */
export function traceIdOf(sessionId: string): TraceId {
	if (UUID.test(sessionId)) {
		const hex = sessionId.replaceAll('-', '').toLowerCase();
		if (!ALL_ZERO.test(hex)) {
			return hex;
		}
	}
	return nonZero(digest('trace', sessionId).slice(0, 32));
}

/** The span of an agent of a session. */
export function agentSpanId(sessionId: string, agentId: string): SpanId {
	return nonZero(digest('agent', sessionId, agentId).slice(0, 16));
}

/** The span of a workflow run of a session: the parent of its agents. */
export function workflowSpanId(sessionId: string, runId: string): SpanId {
	return nonZero(digest('workflow', sessionId, runId).slice(0, 16));
}

/** The span of the session itself: the parent of the agents the main session launched. */
export function sessionSpanId(sessionId: string): SpanId {
	return nonZero(digest('session', sessionId).slice(0, 16));
}

/** A hash prefix of all zeros (1 in 2^64) would be an invalid id: its last digit is made 1. */
function nonZero(hex: string): string {
	return ALL_ZERO.test(hex) ? `${hex.slice(0, -1)}1` : hex;
}
