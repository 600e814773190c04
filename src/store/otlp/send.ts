// Sending OTLP/HTTP requests to a collector (https://opentelemetry.io/docs/specs/otlp/#otlphttp):
// one POST per batch, with the export's headers, gzip when asked, a time limit; the answer sorted
// into sent (with any partial success), worth retrying (no connection, 429, 502, 503, 504: the
// codes OTLP calls retryable, honouring Retry-After), too large (413: the caller splits the
// batch) or refused (anything else: retrying would not help).
import http from 'node:http';
import https from 'node:https';
import {gzipSync} from 'node:zlib';
import type {OtlpConfig} from '../../core/otlp/config.js';
import {decodePartialSuccessJson} from '../../core/otlp/json.js';
import {decodePartialSuccess, type PartialSuccess} from '../../core/otlp/protobuf.js';

export type SendOutcome =
	| {readonly kind: 'sent'; readonly partial?: PartialSuccess}
	| {readonly kind: 'retry'; readonly reason: string; readonly retryAfterMs?: number}
	| {readonly kind: 'too-large'; readonly reason: string}
	| {readonly kind: 'refused'; readonly reason: string};

/** The most of a response body read (a partial success message, or an error text to quote). */
const MAX_RESPONSE_BYTES = 64 * 1024;
/** The longest wait a Retry-After may ask for. */
const MAX_RETRY_AFTER_MS = 5 * 60_000;

const RETRYABLE = new Set([429, 502, 503, 504]);

function retryAfterMs(header: string | string[] | undefined): number | undefined {
	const value = Array.isArray(header) ? header[0] : header;
	if (value === undefined || value.trim() === '') {
		return undefined;
	}
	const seconds = Number(value);
	const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - Date.now();
	return Number.isFinite(ms) ? Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms)) : undefined;
}

/** A response body's start on one line (it is quoted in messages, which make it safe to print: safeLine). */
function quote(body: Buffer): string {
	const text = body.toString('utf8').replace(/\s+/g, ' ').trim();
	return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/** POSTs one encoded request. Never throws: a failure is an outcome. */
export function postTraces(config: OtlpConfig, body: Uint8Array): Promise<SendOutcome> {
	const payload = config.gzip ? gzipSync(body) : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
	const url = new URL(config.endpoint);
	const client = url.protocol === 'https:' ? https : http;
	const headers: Record<string, string> = {
		...config.headers,
		'content-type': config.protocol === 'http/json' ? 'application/json' : 'application/x-protobuf',
		'content-length': String(payload.length),
		'user-agent': 'agentlog',
		...(config.gzip ? {'content-encoding': 'gzip'} : {}),
	};
	return new Promise(resolve => {
		let settled = false;
		const done = (outcome: SendOutcome): void => {
			if (!settled) {
				settled = true;
				resolve(outcome);
			}
		};
		const request = client.request(url, {method: 'POST', headers, timeout: config.timeoutMs}, response => {
			const chunks: Buffer[] = [];
			let size = 0;
			response.on('data', (chunk: Buffer) => {
				if (size < MAX_RESPONSE_BYTES) {
					chunks.push(chunk);
					size += chunk.length;
				}
			});
			response.on('error', error => done({kind: 'retry', reason: error.message}));
			response.on('end', () => {
				const status = response.statusCode ?? 0;
				const text = Buffer.concat(chunks).subarray(0, MAX_RESPONSE_BYTES);
				if (status >= 200 && status < 300) {
					const partial = config.protocol === 'http/json' ? decodePartialSuccessJson(text.toString('utf8')) : decodePartialSuccess(text);
					done(partial === undefined ? {kind: 'sent'} : {kind: 'sent', partial});
					return;
				}
				const said = quote(text);
				const reason = `HTTP ${status}${said === '' ? '' : `: ${said}`}`;
				if (RETRYABLE.has(status)) {
					const after = retryAfterMs(response.headers['retry-after']);
					done(after === undefined ? {kind: 'retry', reason} : {kind: 'retry', reason, retryAfterMs: after});
				} else if (status === 413) {
					done({kind: 'too-large', reason});
				} else {
					done({kind: 'refused', reason});
				}
			});
		});
		request.on('timeout', () => {
			request.destroy(new Error(`no answer within ${config.timeoutMs} ms`));
		});
		request.on('error', error => {
			const code = (error as NodeJS.ErrnoException).code;
			done({kind: 'retry', reason: code !== undefined && !error.message.includes(code) ? `${code}: ${error.message}` : error.message});
		});
		request.end(payload);
	});
}
