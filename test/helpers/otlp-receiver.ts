// A local OTLP/HTTP receiver for the tests (127.0.0.1 only): takes POST /v1/traces, decodes each
// body with the official OTLP protobuf definitions (test/fixtures/otlp-proto, via protobufjs) —
// never with agentlog's own types — and answers as a script says (e.g. 503 twice, then 200).
import http from 'node:http';
import {afterEach} from 'vitest';
import type {AddressInfo} from 'node:net';
import path from 'node:path';
import {gunzipSync} from 'node:zlib';
import protobuf from 'protobufjs';

const protoRoot = path.resolve(import.meta.dirname, '..', 'fixtures', 'otlp-proto');

let requestType: protobuf.Type | undefined;

/** ExportTraceServiceRequest, loaded from the official .proto files. */
export function traceRequestType(): protobuf.Type {
	if (requestType === undefined) {
		const root = new protobuf.Root();
		root.resolvePath = (_origin, target) => path.join(protoRoot, target);
		root.loadSync('opentelemetry/proto/collector/trace/v1/trace_service.proto', {keepCase: false});
		requestType = root.lookupType('opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest');
	}
	return requestType;
}

export interface DecodedAttribute {
	readonly key: string;
	readonly value: string | number | boolean;
}

export interface DecodedSpan {
	readonly traceId: string;
	readonly spanId: string;
	readonly parentSpanId: string;
	readonly name: string;
	readonly kind: number;
	readonly startMs: number;
	readonly endMs: number;
	readonly attributes: Record<string, string | number | boolean>;
	readonly events: {name: string; timeMs: number; attributes: Record<string, string | number | boolean>}[];
	readonly droppedEventsCount: number;
	readonly status: {code: number; message: string};
	readonly flags: number;
}

export interface DecodedRequest {
	readonly resource: Record<string, string | number | boolean>;
	readonly scope: {name: string; version: string};
	readonly spans: DecodedSpan[];
}

type Plain = Record<string, unknown>;

function attributes(list: unknown): Record<string, string | number | boolean> {
	const out: Record<string, string | number | boolean> = {};
	for (const kv of (list as Plain[] | undefined) ?? []) {
		const value = (kv.value ?? {}) as Plain;
		const v = value.stringValue ?? value.boolValue ?? value.intValue ?? value.doubleValue;
		out[kv.key as string] = typeof v === 'string' && 'intValue' in value ? Number(v) : (v as string | number | boolean);
	}
	return out;
}

const hex = (b64: unknown): string => (typeof b64 === 'string' ? Buffer.from(b64, 'base64').toString('hex') : '');
const nsToMs = (ns: unknown): number => Number(BigInt(typeof ns === 'string' || typeof ns === 'number' ? ns : 0) / 1_000_000n);

/**
 * An OTLP/JSON body read through the official definitions: its hex ids turned into the protobuf
 * JSON mapping's base64 (OTLP/JSON's one difference that matters here), made a message with
 * `fromObject` (which takes 64-bit integers as decimal strings, as the mapping writes them) and
 * decoded back. `fromObject` leaves out a field it does not know: a test compares the result with
 * the protobuf request's to catch that.
 */
export function decodeTraceRequestJson(text: string): DecodedRequest {
	const type = traceRequestType();
	const json = JSON.parse(text) as {resourceSpans?: {scopeSpans?: {spans?: Record<string, unknown>[]}[]}[]};
	for (const rs of json.resourceSpans ?? []) {
		for (const ss of rs.scopeSpans ?? []) {
			for (const span of ss.spans ?? []) {
				for (const key of ['traceId', 'spanId', 'parentSpanId']) {
					if (typeof span[key] === 'string') {
						span[key] = Buffer.from(span[key], 'hex').toString('base64');
					}
				}
			}
		}
	}
	return decodeTraceRequest(type.encode(type.fromObject(json)).finish());
}

/** A protobuf body decoded with the official definitions, as plain values. */
export function decodeTraceRequest(body: Uint8Array): DecodedRequest {
	const type = traceRequestType();
	const message = type.decode(body);
	const plain = type.toObject(message, {longs: String, bytes: String, enums: Number, defaults: true});
	const resourceSpans = plain.resourceSpans as Plain[];
	if (resourceSpans.length !== 1) {
		throw new Error(`expected one ResourceSpans, got ${resourceSpans.length}`);
	}
	const rs = resourceSpans[0]!;
	const scopeSpans = rs.scopeSpans as Plain[];
	const scope = (scopeSpans[0]?.scope ?? {}) as Plain;
	const spans = scopeSpans.flatMap(ss =>
		(ss.spans as Plain[]).map(s => ({
			traceId: hex(s.traceId),
			spanId: hex(s.spanId),
			parentSpanId: hex(s.parentSpanId),
			name: s.name as string,
			kind: s.kind as number,
			startMs: nsToMs(s.startTimeUnixNano),
			endMs: nsToMs(s.endTimeUnixNano),
			attributes: attributes(s.attributes),
			events: ((s.events as Plain[]) ?? []).map(e => ({name: e.name as string, timeMs: nsToMs(e.timeUnixNano), attributes: attributes(e.attributes)})),
			droppedEventsCount: s.droppedEventsCount as number,
			status: {code: ((s.status as Plain | undefined)?.code as number) ?? 0, message: ((s.status as Plain | undefined)?.message as string) ?? ''},
			flags: s.flags as number,
		})),
	);
	return {resource: attributes((rs.resource as Plain | undefined)?.attributes), scope: {name: scope.name as string, version: scope.version as string}, spans};
}

/** What the receiver answers to the n-th request (0-based): a status, and optionally headers and a body. */
export type Answer = (n: number) => {status: number; headers?: Record<string, string>; body?: Uint8Array | string; hang?: boolean};

export interface Received {
	readonly n: number;
	readonly path: string;
	readonly headers: http.IncomingHttpHeaders;
	readonly body: Buffer;
	readonly status: number;
}

export interface Receiver {
	readonly url: string;
	readonly received: Received[];
	/** The spans of the requests answered 2xx, in order. */
	accepted(): DecodedSpan[];
	close(): Promise<void>;
}

/** Listens on 127.0.0.1 (`port`: a given one, to stand in for a collector that restarted; else any free one). */
export async function startReceiver(answer: Answer = () => ({status: 200}), port = 0): Promise<Receiver> {
	const received: Received[] = [];
	const hanging: http.ServerResponse[] = [];
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			const n = received.length;
			const raw = Buffer.concat(chunks);
			const body = req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
			const a = answer(n);
			received.push({n, path: req.url ?? '', headers: req.headers, body, status: a.hang ? 0 : a.status});
			if (a.hang) {
				hanging.push(res);
				return;
			}
			res.writeHead(a.status, {'content-type': 'application/x-protobuf', ...a.headers});
			res.end(a.body ?? '');
		});
	});
	await new Promise<void>(resolve => server.listen(port, '127.0.0.1', resolve));
	const address = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${address.port}/v1/traces`,
		received,
		accepted: () =>
			received
				.filter(r => r.status >= 200 && r.status < 300)
				.flatMap(r => (r.headers['content-type'] === 'application/json' ? decodeTraceRequestJson(r.body.toString('utf8')) : decodeTraceRequest(r.body)).spans),
		close: () =>
			new Promise<void>(resolve => {
				for (const res of hanging) {
					res.destroy();
				}
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}

/** A receiver per call, each closed after its test. */
export function receiversClosedAfterEach(): (...args: Parameters<typeof startReceiver>) => Promise<Receiver> {
	let open: Receiver[] = [];
	afterEach(async () => {
		await Promise.all(open.map(r => r.close()));
		open = [];
	});
	return async (...args) => {
		const r = await startReceiver(...args);
		open.push(r);
		return r;
	};
}
