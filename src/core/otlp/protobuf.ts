// OTLP/HTTP's binary encoding (`application/x-protobuf`) of an ExportTraceServiceRequest, written
// by hand for the few message types the export sends (field numbers from the official
// opentelemetry/proto/{collector/trace,trace,common,resource}/v1/*.proto; the tests decode the
// bytes with those files), and the reading of its response's partial_success. Pure.
import {int64, type Attribute, type AttributeValue, type ExportContext, type Span, type SpanEvent} from './span.js';

const VARINT = 0;
const FIXED64 = 1;
const LENGTH = 2;
const FIXED32 = 5;

const utf8 = new TextEncoder();

function varintSize(n: number): number {
	let size = 1;
	while (n > 0x7f) {
		n = Math.floor(n / 128);
		size++;
	}
	return size;
}

/**
 * A growable byte buffer with protobuf's primitive writes. A nested message is written in place
 * and its length put in front of it afterwards (the bytes moved by the length's size), so the
 * whole request is one buffer.
 */
class Writer {
	private buf = new Uint8Array(64 * 1024);
	private len = 0;

	private room(n: number): void {
		if (this.len + n > this.buf.length) {
			const next = new Uint8Array(Math.max(this.buf.length * 2, this.len + n));
			next.set(this.buf.subarray(0, this.len));
			this.buf = next;
		}
	}

	byte(b: number): void {
		this.room(1);
		this.buf[this.len++] = b;
	}

	/** An unsigned varint (a negative int64 is written as its 64-bit two's complement, as protobuf does). */
	varint(value: number | bigint): void {
		let v = typeof value === 'bigint' ? BigInt.asUintN(64, value) : value >= 0 && value <= 0x7fffffff ? value : BigInt.asUintN(64, BigInt(Math.trunc(value)));
		if (typeof v === 'number') {
			while (v > 0x7f) {
				this.byte((v & 0x7f) | 0x80);
				v >>>= 7;
			}
			this.byte(v);
			return;
		}
		while (v > 0x7fn) {
			this.byte(Number(v & 0x7fn) | 0x80);
			v >>= 7n;
		}
		this.byte(Number(v));
	}

	tag(field: number, wire: number): void {
		this.varint((field << 3) | wire);
	}

	raw(bytes: Uint8Array): void {
		this.room(bytes.length);
		this.buf.set(bytes, this.len);
		this.len += bytes.length;
	}

	fixed64(field: number, value: bigint): void {
		this.tag(field, FIXED64);
		this.room(8);
		new DataView(this.buf.buffer, this.buf.byteOffset).setBigUint64(this.len, BigInt.asUintN(64, value), true);
		this.len += 8;
	}

	fixed32(field: number, value: number): void {
		this.tag(field, FIXED32);
		this.room(4);
		new DataView(this.buf.buffer, this.buf.byteOffset).setUint32(this.len, value >>> 0, true);
		this.len += 4;
	}

	double(field: number, value: number): void {
		this.tag(field, FIXED64);
		this.room(8);
		new DataView(this.buf.buffer, this.buf.byteOffset).setFloat64(this.len, value, true);
		this.len += 8;
	}

	uint(field: number, value: number | bigint): void {
		this.tag(field, VARINT);
		this.varint(value);
	}

	bytes(field: number, value: Uint8Array): void {
		this.tag(field, LENGTH);
		this.varint(value.length);
		this.raw(value);
	}

	string(field: number, value: string): void {
		this.tag(field, LENGTH);
		// At most 3 UTF-8 bytes per UTF-16 unit: encoded straight into the buffer.
		this.room(value.length * 3 + 10);
		if (value.length * 3 < 0x80) {
			// Its length fits one byte.
			const {written} = utf8.encodeInto(value, this.buf.subarray(this.len + 1));
			this.buf[this.len] = written;
			this.len += 1 + written;
			return;
		}
		this.lengthDelimited(() => {
			const {written} = utf8.encodeInto(value, this.buf.subarray(this.len));
			this.len += written;
		});
	}

	message(field: number, write: (w: Writer) => void): void {
		this.tag(field, LENGTH);
		this.lengthDelimited(() => write(this));
	}

	/** Writes what `write` writes, preceded by its length. */
	private lengthDelimited(write: () => void): void {
		const start = this.len;
		write();
		const size = this.len - start;
		const prefix = varintSize(size);
		this.room(prefix);
		this.buf.copyWithin(start + prefix, start, this.len);
		const end = this.len + prefix;
		this.len = start;
		this.varint(size);
		this.len = end;
	}

	done(): Uint8Array {
		return this.buf.subarray(0, this.len);
	}
}

function hexBytes(hex: string): Uint8Array {
	const out = new Uint8Array(hex.length / 2);
	for (let i = 0; i < out.length; i++) {
		out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
	}
	return out;
}

/** common.v1.AnyValue: string_value 1, bool_value 2, int_value 3, double_value 4. */
function anyValue(w: Writer, value: AttributeValue): void {
	switch (value.kind) {
		case 'string': {
			w.string(1, value.value);
			break;
		}
		case 'bool': {
			w.uint(2, value.value ? 1 : 0);
			break;
		}
		case 'int': {
			w.uint(3, int64(value.value));
			break;
		}
		case 'double': {
			w.double(4, value.value);
			break;
		}
	}
}

/** common.v1.KeyValue: key 1, value 2. */
function keyValues(w: Writer, field: number, attributes: readonly Attribute[]): void {
	for (const a of attributes) {
		w.message(field, kv => {
			kv.string(1, a.key);
			kv.message(2, v => anyValue(v, a.value));
		});
	}
}

/** trace.v1.Span.Event: time_unix_nano 1, name 2, attributes 3. */
function spanEvent(w: Writer, e: SpanEvent): void {
	w.fixed64(1, e.timeNs);
	w.string(2, e.name);
	keyValues(w, 3, e.attributes);
}

/**
 * trace.v1.Span: trace_id 1, span_id 2, parent_span_id 4, name 5, kind 6, start 7, end 8,
 * attributes 9, events 11, dropped_events_count 12, status 15 (message 2, code 3), flags 16.
 */
function span(w: Writer, s: Span): void {
	w.bytes(1, hexBytes(s.traceId));
	w.bytes(2, hexBytes(s.spanId));
	if (s.parentSpanId !== undefined) {
		w.bytes(4, hexBytes(s.parentSpanId));
	}
	w.string(5, s.name);
	w.uint(6, s.kind);
	w.fixed64(7, s.startNs);
	w.fixed64(8, s.endNs);
	keyValues(w, 9, s.attributes);
	for (const e of s.events) {
		w.message(11, inner => spanEvent(inner, e));
	}
	if (s.droppedEvents > 0) {
		w.uint(12, s.droppedEvents);
	}
	w.message(15, status => {
		if (s.status.message !== undefined) {
			status.string(2, s.status.message);
		}
		if (s.status.code !== 0) {
			status.uint(3, s.status.code);
		}
	});
	// W3C trace flags: sampled (every span agentlog sends is one to keep).
	w.fixed32(16, 1);
}

/**
 * collector.trace.v1.ExportTraceServiceRequest { resource_spans 1 { resource 1 { attributes 1 },
 * scope_spans 2 { scope 1 { name 1, version 2 }, spans 2 } } }: one resource, one scope.
 */
export function encodeTraceRequest(context: ExportContext, spans: readonly Span[]): Uint8Array {
	const w = new Writer();
	w.message(1, rs => {
		rs.message(1, resource => keyValues(resource, 1, context.resource));
		rs.message(2, ss => {
			ss.message(1, scope => {
				scope.string(1, context.scopeName);
				scope.string(2, context.scopeVersion);
			});
			for (const s of spans) {
				ss.message(2, inner => span(inner, s));
			}
		});
	});
	return w.done();
}

/** What a collector said it did not take (ExportTracePartialSuccess), when it said anything. */
export interface PartialSuccess {
	readonly rejectedSpans: number;
	readonly errorMessage: string;
}

/** Reads one varint at `pos`; [value, next position], or undefined past the end. */
function readVarint(bytes: Uint8Array, pos: number): [bigint, number] | undefined {
	let value = 0n;
	for (let shift = 0n; pos < bytes.length && shift < 70n; shift += 7n) {
		const b = bytes[pos++]!;
		value |= BigInt(b & 0x7f) << shift;
		if ((b & 0x80) === 0) {
			return [value, pos];
		}
	}
	return undefined;
}

/** The fields of one message: [field, wire type, varint value or length-delimited bytes]; stops at anything malformed. */
function* fields(bytes: Uint8Array): Generator<{field: number; value: bigint | Uint8Array}> {
	let pos = 0;
	while (pos < bytes.length) {
		const tag = readVarint(bytes, pos);
		if (!tag) {
			return;
		}
		pos = tag[1];
		const field = Number(tag[0] >> 3n);
		const wire = Number(tag[0] & 7n);
		if (wire === VARINT) {
			const v = readVarint(bytes, pos);
			if (!v) {
				return;
			}
			pos = v[1];
			yield {field, value: v[0]};
		} else if (wire === LENGTH) {
			const n = readVarint(bytes, pos);
			if (!n || n[1] + Number(n[0]) > bytes.length) {
				return;
			}
			pos = n[1] + Number(n[0]);
			yield {field, value: bytes.subarray(n[1], pos)};
		} else if (wire === FIXED64 || wire === FIXED32) {
			pos += wire === FIXED64 ? 8 : 4;
		} else {
			return;
		}
	}
}

/** ExportTraceServiceResponse { partial_success 1 { rejected_spans 1, error_message 2 } } of a protobuf body. */
export function decodePartialSuccess(body: Uint8Array): PartialSuccess | undefined {
	for (const top of fields(body)) {
		if (top.field !== 1 || !(top.value instanceof Uint8Array)) {
			continue;
		}
		let rejectedSpans = 0;
		let errorMessage = '';
		for (const f of fields(top.value)) {
			if (f.field === 1 && typeof f.value === 'bigint') {
				rejectedSpans = Number(BigInt.asIntN(64, f.value));
			} else if (f.field === 2 && f.value instanceof Uint8Array) {
				errorMessage = new TextDecoder().decode(f.value);
			}
		}
		return rejectedSpans === 0 && errorMessage === '' ? undefined : {rejectedSpans, errorMessage};
	}
	return undefined;
}
