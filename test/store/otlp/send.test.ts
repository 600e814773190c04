// The network bounds of the OTLP export, against loopback collectors (127.0.0.1, a free port) that
// misbehave: one that trickles its answer a byte at a time, one that never answers, one that asks
// to wait 100,000 s, one whose answer never ends. Each request ends within its time limit, a stop
// ends it at once, and a batch's tries end within their budget.
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterEach, describe, expect, it} from 'vitest';
import {SpanExporter} from '../../../src/store/otlp/exporter.js';
import {MAX_RETRY_AFTER_MS, postTraces, retryAfter} from '../../../src/store/otlp/send.js';
import {testOtlpConfig as config, testSpan} from '../../helpers/otlp-spans.js';

interface Collector {
	readonly url: string;
	/** Requests received. */
	requests: number;
	/** Connections the client closed before the answer was over. */
	cut: number;
}

const servers: http.Server[] = [];
const timers: NodeJS.Timeout[] = [];

afterEach(async () => {
	for (const t of timers.splice(0)) {
		clearInterval(t);
	}
	await Promise.all(
		servers.splice(0).map(
			s =>
				new Promise<void>(resolve => {
					s.closeAllConnections();
					s.close(() => resolve());
				}),
		),
	);
});

/** A collector that answers each request (after reading it whole) as `answer` does. */
async function collector(answer: (res: http.ServerResponse, c: Collector) => void): Promise<Collector> {
	const c: Collector = {url: '', requests: 0, cut: 0};
	const server = http.createServer((req, res) => {
		req.resume();
		req.on('end', () => {
			c.requests += 1;
			res.on('close', () => {
				if (!res.writableFinished) {
					c.cut += 1;
				}
			});
			answer(res, c);
		});
	});
	servers.push(server);
	await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
	return Object.assign(c, {url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`});
}

/** Answers 200 and then a body a byte every `everyMs`, forever: never idle, never done. */
const trickle =
	(everyMs: number) =>
	(res: http.ServerResponse): void => {
		res.writeHead(200, {'content-type': 'application/x-protobuf'});
		res.flushHeaders();
		timers.push(setInterval(() => res.write('x'), everyMs));
	};

const timed = async <T>(work: Promise<T>): Promise<{value: T; ms: number}> => {
	const start = Date.now();
	const value = await work;
	return {value, ms: Date.now() - start};
};

describe('postTraces: one time limit for the whole request', () => {
	it('a collector that trickles its answer a byte at a time (never idle) is cut at the time limit, its connection closed', async () => {
		const c = await collector(trickle(50));
		const {value, ms} = await timed(postTraces(config(c.url, 400), new Uint8Array(10)));
		expect(value).toEqual({kind: 'retry', reason: 'no complete answer within 400 ms'});
		expect(ms).toBeGreaterThanOrEqual(350);
		expect(ms).toBeLessThan(2500);
		await expect.poll(() => c.cut).toBe(1);
	});

	it('a collector that never answers is cut at the time limit', async () => {
		const c = await collector(() => {});
		const {value, ms} = await timed(postTraces(config(c.url, 300), new Uint8Array(10)));
		expect(value).toEqual({kind: 'retry', reason: 'no complete answer within 300 ms'});
		expect(ms).toBeLessThan(2500);
		expect(c.requests).toBe(1);
	});

	it('a stop (the signal) ends a request under way at once, whatever the time limit', async () => {
		const c = await collector(trickle(50));
		const abort = new AbortController();
		setTimeout(() => abort.abort(), 100);
		const {value, ms} = await timed(postTraces(config(c.url, 60_000), new Uint8Array(10), {signal: abort.signal}));
		expect(value).toEqual({kind: 'stopped'});
		expect(ms).toBeLessThan(1000);
		await expect.poll(() => c.cut).toBe(1);
	});

	it('an answer that never ends is read only to 64 KiB: the rest is neither read nor awaited', async () => {
		const c = await collector(res => {
			res.writeHead(500, {'content-type': 'text/plain'});
			const chunk = Buffer.alloc(16 * 1024, 'e');
			// Written as fast as the connection takes it, for as long as it is open.
			const pump = (): void => {
				while (!res.destroyed && res.write(chunk)) {
					/* keep writing */
				}
				if (!res.destroyed) {
					res.once('drain', pump);
				}
			};
			pump();
		});
		const {value, ms} = await timed(postTraces(config(c.url, 60_000), new Uint8Array(10)));
		expect(value.kind).toBe('refused');
		expect(value.kind === 'refused' && value.reason).toMatch(/^HTTP 500: e{199}…$/);
		expect(ms).toBeLessThan(2000);
		await expect.poll(() => c.cut).toBe(1);
	});
});

describe('Retry-After', () => {
	it('is capped at 30 s, keeping what was asked for the message', () => {
		expect(MAX_RETRY_AFTER_MS).toBe(30_000);
		expect(retryAfter('100000')).toEqual({ms: 30_000, askedMs: 100_000_000});
		expect(retryAfter('2')).toEqual({ms: 2000, askedMs: 2000});
		const now = Date.parse('2026-01-01T00:00:00Z');
		expect(retryAfter('Thu, 01 Jan 2026 00:00:10 GMT', now)).toEqual({ms: 10_000, askedMs: 10_000});
		expect(retryAfter('Fri, 01 Jan 2027 00:00:00 GMT', now)?.ms).toBe(30_000);
		expect(retryAfter('-5')).toEqual({ms: 0, askedMs: 0});
		expect(retryAfter('soon')).toBeUndefined();
		expect(retryAfter(undefined)).toBeUndefined();
	});

	it('a 429 asking for 100,000 s waits 30 s at most, and a stop ends that wait at once', async () => {
		const c = await collector(res => {
			res.writeHead(429, {'retry-after': '100000'});
			res.end('slow down');
		});
		const waits: {wait: number; asked?: number}[] = [];
		const exporter = new SpanExporter({
			config: config(c.url, 5000),
			context: {resource: [], scopeName: 'agentlog', scopeVersion: 'test'},
			onRetry: (_reason, wait, _attempt, asked) => {
				waits.push({wait, asked});
				setTimeout(() => exporter.stop(), 50);
			},
		});
		const {value, ms} = await timed(exporter.send([testSpan()]));
		expect(waits).toEqual([{wait: 30_000, asked: 100_000_000}]);
		expect(value).toEqual({ok: false, reason: 'stopped', unsent: 1, stopped: true});
		expect(ms).toBeLessThan(2000);
		expect(c.requests).toBe(1);
	});

	it("a batch's tries end within its time budget: a wait that would pass it is not begun", async () => {
		const c = await collector(res => {
			res.writeHead(429, {'retry-after': '100000'});
			res.end();
		});
		const exporter = new SpanExporter({
			config: config(c.url, 5000),
			context: {resource: [], scopeName: 'agentlog', scopeVersion: 'test'},
			batchBudgetMs: 2000,
		});
		const {value, ms} = await timed(exporter.send([testSpan()]));
		expect(value).toEqual({ok: false, reason: 'HTTP 429 (gave up after 0 s of tries)', unsent: 1, stopped: false});
		expect(ms).toBeLessThan(1500);
	});

	it("the budget also cuts a request: a collector that never answers costs the batch's budget, not tries × the time limit", async () => {
		const c = await collector(() => {});
		const exporter = new SpanExporter({
			config: config(c.url, 60_000),
			context: {resource: [], scopeName: 'agentlog', scopeVersion: 'test'},
			maxAttempts: 6,
			batchBudgetMs: 700,
		});
		const {value, ms} = await timed(exporter.send([testSpan()]));
		expect(value.ok).toBe(false);
		expect(!value.ok && value.reason).toMatch(/^no complete answer within \d+ ms/);
		expect(ms).toBeGreaterThanOrEqual(650);
		expect(ms).toBeLessThan(2000);
	});
});
