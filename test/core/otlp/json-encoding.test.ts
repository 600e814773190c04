import {describe, expect, it} from 'vitest';
import {decodePartialSuccessJson, encodeTraceRequestJson} from '../../../src/core/otlp/json-encoding.js';
import {int, str, type ExportContext, type Span} from '../../../src/core/otlp/span.js';
import {decodeTraceRequestJson} from '../../helpers/otlp-receiver.js';
import {TEST_SPAN_ID, TEST_TRACE_ID, testSpan} from '../../helpers/otlp-spans.js';

const context: ExportContext = {resource: [str('service.name', 'agentlog')], scopeName: 'agentlog', scopeVersion: '0.1.0'};
const span = (attributes: Span['attributes']): Span => testSpan({attributes});

describe('encodeTraceRequestJson', () => {
	it('writes int64 values as decimal strings, never NaN or an exponent', () => {
		const text = encodeTraceRequestJson(context, [span([int('nan', Number.NaN), int('big', 1e21), int('neg', -7.5), int('safe', 2 ** 53 - 1)])]);
		expect(text).not.toMatch(/NaN|e\+/);
		const json = JSON.parse(text) as {resourceSpans: {scopeSpans: {spans: {attributes: {value: {intValue: string}}[]}[]}[]}[]};
		expect(json.resourceSpans[0]!.scopeSpans[0]!.spans[0]!.attributes.map(a => a.value.intValue)).toEqual([
			'0',
			'9223372036854775807',
			'-7',
			'9007199254740991',
		]);
	});

	it('is read by the official definitions with its hex ids', () => {
		const decoded = decodeTraceRequestJson(encodeTraceRequestJson(context, [span([str('k', 'ü👍')])]));
		expect(decoded.spans[0]).toMatchObject({traceId: TEST_TRACE_ID, spanId: TEST_SPAN_ID, attributes: {k: 'ü👍'}});
	});
});

describe('decodePartialSuccessJson', () => {
	it('reads a count written as a string or a number, and the message', () => {
		expect(decodePartialSuccessJson('{"partialSuccess":{"rejectedSpans":"4","errorMessage":"late"}}')).toEqual({rejectedSpans: 4, errorMessage: 'late'});
		expect(decodePartialSuccessJson('{"partialSuccess":{"rejectedSpans":2}}')).toEqual({rejectedSpans: 2, errorMessage: ''});
	});

	it('answers nothing for hostile or empty bodies', () => {
		for (const body of [
			'',
			'null',
			'[]',
			'"x"',
			'{"partialSuccess":null}',
			'{"partialSuccess":[]}',
			'{"partialSuccess":{}}',
			'{"partialSuccess":{"rejectedSpans":"many"}}',
			'{"partialSuccess":{"errorMessage":5}}',
		]) {
			expect(decodePartialSuccessJson(body)).toBeUndefined();
		}
	});

	it('keeps the message when the count is not a number', () => {
		expect(decodePartialSuccessJson('{"partialSuccess":{"rejectedSpans":"x","errorMessage":"m"}}')).toEqual({rejectedSpans: 0, errorMessage: 'm'});
	});
});
