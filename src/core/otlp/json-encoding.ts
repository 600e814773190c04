// OTLP/HTTP's JSON encoding (`application/json`, OTEL_EXPORTER_OTLP_PROTOCOL=http/json) of the
// same request as protobuf.ts: the protobuf JSON mapping with OTLP's exceptions (trace and span
// ids as hex, not base64; enums as numbers; 64-bit integers as decimal strings). Pure.
import {isObject} from '../record/json.js';
import type {PartialSuccess} from './protobuf.js';
import {int64, type Attribute, type AttributeValue, type ExportContext, type Span} from './span.js';

function anyValue(value: AttributeValue): Record<string, unknown> {
	switch (value.kind) {
		case 'string': {
			return {stringValue: value.value};
		}
		case 'bool': {
			return {boolValue: value.value};
		}
		case 'int': {
			return {intValue: int64(value.value).toString()};
		}
		case 'double': {
			return {doubleValue: value.value};
		}
	}
}

const keyValues = (attributes: readonly Attribute[]) => attributes.map(a => ({key: a.key, value: anyValue(a.value)}));

function spanJson(s: Span): Record<string, unknown> {
	return {
		traceId: s.traceId,
		spanId: s.spanId,
		...(s.parentSpanId === undefined ? {} : {parentSpanId: s.parentSpanId}),
		flags: 1,
		name: s.name,
		kind: s.kind,
		startTimeUnixNano: s.startNs.toString(),
		endTimeUnixNano: s.endNs.toString(),
		attributes: keyValues(s.attributes),
		events: s.events.map(e => ({timeUnixNano: e.timeNs.toString(), name: e.name, attributes: keyValues(e.attributes)})),
		...(s.droppedEvents > 0 ? {droppedEventsCount: s.droppedEvents} : {}),
		status: {...(s.status.message === undefined ? {} : {message: s.status.message}), ...(s.status.code === 0 ? {} : {code: s.status.code})},
	};
}

/** The request as OTLP/JSON text. */
export function encodeTraceRequestJson(context: ExportContext, spans: readonly Span[]): string {
	return JSON.stringify({
		resourceSpans: [
			{
				resource: {attributes: keyValues(context.resource)},
				scopeSpans: [{scope: {name: context.scopeName, version: context.scopeVersion}, spans: spans.map(spanJson)}],
			},
		],
	});
}

/** `partialSuccess` of a JSON response body, when it says something was rejected. */
export function decodePartialSuccessJson(body: string): PartialSuccess | undefined {
	let json: unknown;
	try {
		json = JSON.parse(body);
	} catch {
		return undefined;
	}
	const partial = isObject(json) && isObject(json.partialSuccess) ? json.partialSuccess : undefined;
	if (partial === undefined) {
		return undefined;
	}
	const rejectedSpans = Number(partial.rejectedSpans ?? 0);
	const errorMessage = typeof partial.errorMessage === 'string' ? partial.errorMessage : '';
	return (Number.isFinite(rejectedSpans) && rejectedSpans !== 0) || errorMessage !== ''
		? {rejectedSpans: Number.isFinite(rejectedSpans) ? rejectedSpans : 0, errorMessage}
		: undefined;
}
