// The OTLP trace data agentlog sends, before encoding (protobuf.ts, json.ts): the parts of the
// OTLP trace model (opentelemetry/proto/trace/v1/trace.proto) that the export uses. Times are
// nanoseconds since the epoch (bigint: they do not fit a double).
import type {SpanId, TraceId} from './ids.js';

export type AttributeValue =
	| {readonly kind: 'string'; readonly value: string}
	| {readonly kind: 'int'; readonly value: number}
	| {readonly kind: 'bool'; readonly value: boolean}
	| {readonly kind: 'double'; readonly value: number};

export interface Attribute {
	readonly key: string;
	readonly value: AttributeValue;
}

export interface SpanEvent {
	readonly timeNs: bigint;
	readonly name: string;
	readonly attributes: readonly Attribute[];
}

/** Span.SpanKind: agentlog's spans are INTERNAL (in-process work of Claude Code). */
export const SPAN_KIND_INTERNAL = 1;

/** Status.StatusCode. */
export const STATUS_UNSET = 0;
export const STATUS_ERROR = 2;

export interface Span {
	readonly traceId: TraceId;
	readonly spanId: SpanId;
	readonly parentSpanId?: SpanId;
	readonly name: string;
	readonly kind: number;
	readonly startNs: bigint;
	readonly endNs: bigint;
	readonly attributes: readonly Attribute[];
	readonly events: readonly SpanEvent[];
	/** Span events left out (over the limit): dropped_events_count. */
	readonly droppedEvents: number;
	readonly status: {readonly code: number; readonly message?: string};
}

/** What is sent with every batch: the resource (service.name, host.name, …) and the scope (agentlog and its version). */
export interface ExportContext {
	readonly resource: readonly Attribute[];
	readonly scopeName: string;
	readonly scopeVersion: string;
}

export const str = (key: string, value: string): Attribute => ({key, value: {kind: 'string', value}});
export const int = (key: string, value: number): Attribute => ({key, value: {kind: 'int', value}});
export const bool = (key: string, value: boolean): Attribute => ({key, value: {kind: 'bool', value}});
export const double = (key: string, value: number): Attribute => ({key, value: {kind: 'double', value}});

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

/** An int attribute's value as OTLP's int64: truncated, held within its range, NaN and ±Infinity as 0 (both encodings agree). */
export function int64(value: number): bigint {
	if (!Number.isFinite(value)) {
		return 0n;
	}
	const n = BigInt(Math.trunc(value));
	return n > INT64_MAX ? INT64_MAX : n < INT64_MIN ? INT64_MIN : n;
}

/**
 * The last millisecond OTLP's times (unsigned 64-bit nanoseconds since the epoch) can hold:
 * 2554-07-21T23:34:33.709Z. Nothing before 1970 fits either.
 */
export const MAX_OTLP_MS = 18_446_744_073_709;

/** Whether a time (ms since the epoch) fits OTLP's unsigned 64-bit nanoseconds. */
export function fitsOtlp(ms: number): boolean {
	return Number.isFinite(ms) && ms >= 0 && ms <= MAX_OTLP_MS;
}

/**
 * Milliseconds since the epoch as nanoseconds, held within what OTLP can carry (callers treat a
 * log time that does not fit as unknown first; this only keeps a wrong one from wrapping).
 */
export function msToNs(ms: number): bigint {
	const held = Number.isFinite(ms) ? Math.min(MAX_OTLP_MS, Math.max(0, Math.round(ms))) : 0;
	return BigInt(held) * 1_000_000n;
}
