// Adversarial pass on OTLP retries: a collector that answers 429 with `Retry-After: 0` (or a
// negative or past value) every time must not be hammered. `--follow` has no limit on tries, so a
// wait of 0 ms each time was a tight loop: ~1,700 requests and stderr lines in 3 s.
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterEach, describe, expect, it} from 'vitest';
import {FIRST_BACKOFF_MS, SpanExporter} from '../../../src/store/otlp/exporter.js';
import {testOtlpConfig as config, testSpan} from '../../helpers/otlp-spans.js';

const servers: http.Server[] = [];

afterEach(async () => {
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

async function always429(retryAfter: string): Promise<string> {
	const server = http.createServer((req, res) => {
		req.resume();
		req.on('end', () => {
			res.writeHead(429, {'retry-after': retryAfter});
			res.end();
		});
	});
	servers.push(server);
	await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
	return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`;
}

describe('Retry-After that asks for no wait, again and again', () => {
	for (const value of ['0', '-5']) {
		it(`Retry-After: ${value} is honoured once; later tries of the batch back off`, async () => {
			const url = await always429(value);
			const waits: number[] = [];
			const exporter = new SpanExporter({
				config: config(url),
				context: {resource: [], scopeName: 'agentlog', scopeVersion: 'test'},
				maxAttempts: 4,
				onRetry: (_reason, wait) => waits.push(wait),
			});
			const result = await exporter.send([testSpan()]);
			expect(result.ok).toBe(false);
			expect(waits).toEqual([0, FIRST_BACKOFF_MS, 2 * FIRST_BACKOFF_MS]);
		});
	}
});
