// The hand-written protobuf encoding, read back with the official OpenTelemetry definitions
// (protobufjs over test/fixtures/otlp-proto): the boundaries where a hand-written writer goes
// wrong (a length that needs a second byte, the buffer growing mid-message, 64-bit integers at
// their edges, strings measured in UTF-16 units but written in UTF-8), and the response reader fed
// truncated and hostile bytes.
import {describe, expect, it} from 'vitest';
import {decodePartialSuccess, encodeTraceRequest} from '../../../src/core/otlp/protobuf.js';
import {bool, double, int, str, type Attribute, type ExportContext, type Span} from '../../../src/core/otlp/span.js';
import {decodeTraceRequest, traceRequestType} from '../../helpers/otlp-receiver.js';
import {TEST_SPAN_ID, TEST_TRACE_ID, testSpan} from '../../helpers/otlp-spans.js';

const context: ExportContext = {resource: [str('service.name', 'agentlog')], scopeName: 'agentlog', scopeVersion: '0.1.0'};
const MS = 1_000_000n;

/** A span of two seconds from 2023-11-14T22:13:20Z. */
const span = (overrides: Partial<Span> = {}): Span => testSpan({startNs: 1_700_000_000_000n * MS, endNs: 1_700_000_002_000n * MS, ...overrides});

/** The raw ExportTraceServiceRequest as protobufjs reads it, 64-bit integers as decimal strings. */
function raw(body: Uint8Array): {resourceSpans: {scopeSpans: {spans: Record<string, unknown>[]}[]}[]} {
	const type = traceRequestType();
	return type.toObject(type.decode(body), {longs: String, bytes: String, defaults: true}) as never;
}

describe('encodeTraceRequest', () => {
	it('writes one resource, one scope and every span in order, ids as bytes', () => {
		const spans = [span({name: 'one'}), span({name: 'two', spanId: 'ffeeddccbbaa9988', parentSpanId: TEST_SPAN_ID})];
		const decoded = decodeTraceRequest(encodeTraceRequest(context, spans));
		expect(decoded.resource).toEqual({'service.name': 'agentlog'});
		expect(decoded.scope).toEqual({name: 'agentlog', version: '0.1.0'});
		expect(decoded.spans.map(s => [s.name, s.spanId, s.parentSpanId])).toEqual([
			['one', TEST_SPAN_ID, ''],
			['two', 'ffeeddccbbaa9988', TEST_SPAN_ID],
		]);
		expect(decoded.spans[0]).toMatchObject({
			traceId: TEST_TRACE_ID,
			kind: 1,
			startMs: 1_700_000_000_000,
			endMs: 1_700_000_002_000,
			flags: 1,
		});
	});

	it('writes an empty request when there are no spans', () => {
		const decoded = decodeTraceRequest(encodeTraceRequest(context, []));
		expect(decoded.spans).toEqual([]);
		expect(decoded.scope.name).toBe('agentlog');
	});

	it('writes strings of every length around the one-byte length prefix, in UTF-8', () => {
		// 42 UTF-16 units is the last length written with the fast path; 43 takes the other; 127 and
		// 128 UTF-8 bytes are the edge of a one-byte length.
		const values = [
			'',
			'x'.repeat(42),
			'x'.repeat(43),
			'é'.repeat(42),
			'👍'.repeat(21),
			'€'.repeat(42),
			'x'.repeat(127),
			'x'.repeat(128),
			'ü'.repeat(64),
			'x'.repeat(16_384),
		];
		const attributes = values.map((value, i) => str(`k${i}`, value));
		const decoded = decodeTraceRequest(encodeTraceRequest(context, [span({attributes})]));
		expect(Object.values(decoded.spans[0]!.attributes)).toEqual(values);
	});

	it('keeps lone surrogates from breaking the message (written as U+FFFD)', () => {
		const decoded = decodeTraceRequest(encodeTraceRequest(context, [span({name: 'a\uD800b', attributes: [str('k', '\uDC00'.repeat(50))]})]));
		expect(decoded.spans[0]!.name).toBe('a\uFFFDb');
		expect(decoded.spans[0]!.attributes.k).toBe('\uFFFD'.repeat(50));
	});

	it('grows past its first 64 KiB in the middle of nested messages', () => {
		const big = 'ü👍x'.repeat(30_000); // 210,000 UTF-8 bytes in one string
		const spans = Array.from({length: 50}, (_, i) =>
			span({spanId: i.toString(16).padStart(16, '0'), attributes: [str('i', String(i)), str('text', i % 10 === 0 ? big : 'x'.repeat(i * 37))]}),
		);
		const body = encodeTraceRequest(context, spans);
		expect(body.length).toBeGreaterThan(1_000_000);
		const decoded = decodeTraceRequest(body);
		expect(decoded.spans).toHaveLength(50);
		for (const [i, s] of decoded.spans.entries()) {
			expect(s.attributes.i).toBe(String(i));
			expect(s.attributes.text).toBe(i % 10 === 0 ? big : 'x'.repeat(i * 37));
		}
	});

	it('writes int attributes at the 32- and 64-bit edges, negatives as two’s complement', () => {
		const values = [0, 1, -1, 127, 128, 0x7fffffff, 0x80000000, 0xffffffff, 2 ** 53 - 1, -(2 ** 53 - 1), -(2 ** 31), 1.9, -1.9];
		const attributes = values.map((value, i) => int(`k${i}`, value));
		const spans = raw(encodeTraceRequest(context, [span({attributes})])).resourceSpans[0]!.scopeSpans[0]!.spans;
		const ints = (spans[0]!.attributes as {value: {intValue: string}}[]).map(a => a.value.intValue);
		expect(ints).toEqual([
			'0',
			'1',
			'-1',
			'127',
			'128',
			'2147483647',
			'2147483648',
			'4294967295',
			'9007199254740991',
			'-9007199254740991',
			'-2147483648',
			'1',
			'-1',
		]);
	});

	it('writes a non-finite int attribute as 0 instead of throwing', () => {
		const attributes = [int('nan', Number.NaN), int('inf', Number.POSITIVE_INFINITY), int('ninf', Number.NEGATIVE_INFINITY), str('after', 'ok')];
		const decoded = decodeTraceRequest(encodeTraceRequest(context, [span({attributes})]));
		expect(decoded.spans[0]!.attributes).toEqual({nan: 0, inf: 0, ninf: 0, after: 'ok'});
	});

	it('holds an int attribute past int64 at its edge instead of wrapping it', () => {
		const attributes = [int('big', 1e21), int('small', -1e21)];
		const spans = raw(encodeTraceRequest(context, [span({attributes})])).resourceSpans[0]!.scopeSpans[0]!.spans;
		expect((spans[0]!.attributes as {value: {intValue: string}}[]).map(a => a.value.intValue)).toEqual(['9223372036854775807', '-9223372036854775808']);
	});

	it('writes bool and double attributes, including the doubles JSON cannot carry', () => {
		const attributes: Attribute[] = [
			bool('t', true),
			bool('f', false),
			double('pi', Math.PI),
			double('neg', -0.5),
			double('tiny', Number.MIN_VALUE),
			double('inf', Number.POSITIVE_INFINITY),
		];
		const decoded = decodeTraceRequest(encodeTraceRequest(context, [span({attributes})]));
		expect(decoded.spans[0]!.attributes).toEqual({t: true, f: false, pi: Math.PI, neg: -0.5, tiny: Number.MIN_VALUE, inf: Number.POSITIVE_INFINITY});
		const nan = decodeTraceRequest(encodeTraceRequest(context, [span({attributes: [double('nan', Number.NaN)]})]));
		expect(nan.spans[0]!.attributes.nan).toBeNaN();
	});

	it('writes nanosecond times and counts across the whole 64-bit range', () => {
		const max = 2n ** 64n - 1n;
		const spans = raw(encodeTraceRequest(context, [span({startNs: 0n, endNs: max, events: [{timeNs: 1n, name: 'e', attributes: []}]})])).resourceSpans[0]!
			.scopeSpans[0]!.spans;
		expect(spans[0]).toMatchObject({startTimeUnixNano: '0', endTimeUnixNano: max.toString(), events: [{timeUnixNano: '1', name: 'e'}]});
	});

	it('writes events, dropped events and the status, leaving out what is zero', () => {
		const events = [
			{timeNs: 1_700_000_001_000n * MS, name: 'waiting', attributes: [str('for', 'Bash')]},
			{timeNs: 1_700_000_001_500n * MS, name: 'done', attributes: []},
		];
		const failed = decodeTraceRequest(encodeTraceRequest(context, [span({events, droppedEvents: 300, status: {code: 2, message: 'tool:failed'}})])).spans[0]!;
		expect(failed.events).toEqual([
			{name: 'waiting', timeMs: 1_700_000_001_000, attributes: {for: 'Bash'}},
			{name: 'done', timeMs: 1_700_000_001_500, attributes: {}},
		]);
		expect(failed.droppedEventsCount).toBe(300);
		expect(failed.status).toEqual({code: 2, message: 'tool:failed'});
		const ok = raw(encodeTraceRequest(context, [span()])).resourceSpans[0]!.scopeSpans[0]!.spans[0]!;
		expect(ok.droppedEventsCount).toBe(0);
		expect(ok.status).toEqual({message: '', code: 0});
	});

	it('is deterministic: the same spans give the same bytes', () => {
		const spans = [span({attributes: [str('a', 'x'.repeat(1000)), int('n', -7)]}), span({name: 'b'})];
		expect(Buffer.from(encodeTraceRequest(context, spans)).equals(Buffer.from(encodeTraceRequest(context, spans)))).toBe(true);
	});
});

describe('decodePartialSuccess', () => {
	/** A partial_success field holding `inner`. */
	const wrap = (inner: number[]): Uint8Array => Uint8Array.from([0x0a, inner.length, ...inner]);
	const message = (text: string): number[] => [0x12, text.length, ...Buffer.from(text)];

	it('reads the rejected count and the message', () => {
		expect(decodePartialSuccess(wrap([0x08, 0x05, ...message('quota')]))).toEqual({rejectedSpans: 5, errorMessage: 'quota'});
		expect(decodePartialSuccess(wrap(message('only a warning')))).toEqual({rejectedSpans: 0, errorMessage: 'only a warning'});
	});

	it('reads a count that takes several bytes, and a negative int64 as negative', () => {
		expect(decodePartialSuccess(wrap([0x08, 0xac, 0x02]))).toEqual({rejectedSpans: 300, errorMessage: ''});
		const minusOne = [0x08, ...Array<number>(9).fill(0xff), 0x01];
		expect(decodePartialSuccess(wrap(minusOne))).toEqual({rejectedSpans: -1, errorMessage: ''});
	});

	it('skips fields it does not know, of every wire type, before and inside partial_success', () => {
		const fixed64 = [0x11, 1, 2, 3, 4, 5, 6, 7, 8];
		const fixed32 = [0x1d, 1, 2, 3, 4];
		const unknownBytes = [0x22, 0x02, 0x61, 0x62];
		const unknownVarint = [0x28, 0x96, 0x01];
		const body = Uint8Array.from([...unknownVarint, ...unknownBytes, ...wrap([...fixed32, ...fixed64, 0x08, 0x02, ...message('x')])]);
		expect(decodePartialSuccess(body)).toEqual({rejectedSpans: 2, errorMessage: 'x'});
	});

	it('answers nothing for an empty, zero or missing partial_success', () => {
		expect(decodePartialSuccess(new Uint8Array())).toBeUndefined();
		expect(decodePartialSuccess(wrap([]))).toBeUndefined();
		expect(decodePartialSuccess(wrap([0x08, 0x00]))).toBeUndefined();
		expect(decodePartialSuccess(Uint8Array.from([0x10, 0x01]))).toBeUndefined();
		// partial_success written as a varint instead of a message is not one.
		expect(decodePartialSuccess(Uint8Array.from([0x08, 0x07]))).toBeUndefined();
	});

	it('stops at truncated or malformed bytes without throwing or reading past the end', () => {
		const hostile = [
			[0x0a], // a length missing
			[0x0a, 0x05, 0x08], // a length past the end
			[0x0a, 0x02, 0x08], // a varint cut off inside
			[0x0a, 0x03, 0x08, 0x80, 0x80], // a varint that never ends
			Array<number>(20).fill(0xff), // a tag that never ends
			[0x0b, 0x00], // a group start: a wire type it does not read
			[0x0f], // wire type 7
			[0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f, 0x08], // a length of 4 GiB
			[0x0a, 0x04, 0x12, 0x7f, 0x61, 0x62], // a message length past its parent
		];
		for (const bytes of hostile) {
			expect(() => decodePartialSuccess(Uint8Array.from(bytes))).not.toThrow();
			expect(decodePartialSuccess(Uint8Array.from(bytes))).toBeUndefined();
		}
	});

	it('reads only the first partial_success, and text as UTF-8 with bad bytes replaced', () => {
		const body = Uint8Array.from([...wrap([0x12, 0x03, 0x61, 0xff, 0x62]), ...wrap([0x08, 0x09])]);
		expect(decodePartialSuccess(body)).toEqual({rejectedSpans: 0, errorMessage: 'a\uFFFDb'});
	});
});
