// Sending OTLP/HTTP requests to a collector (https://opentelemetry.io/docs/specs/otlp/#otlphttp):
// one POST per batch, with the export's headers, gzip when asked, one time limit for the whole
// exchange, and a signal that ends it at once; the answer (its first 64 KiB at most) sorted
// into sent (with any partial success), worth retrying (no connection, 429, 502, 503, 504: the
// codes OTLP calls retryable, honouring Retry-After up to 30 s), too large (413: the caller splits the
// batch) or refused (anything else: retrying would not help).
import http from 'node:http';
import https from 'node:https';
import {gzipSync} from 'node:zlib';
import type {OtlpConfig} from '../../core/otlp/config.js';
import {decodePartialSuccessJson} from '../../core/otlp/json-encoding.js';
import {decodePartialSuccess, type PartialSuccess} from '../../core/otlp/protobuf.js';

export type SendOutcome =
	| {readonly kind: 'sent'; readonly partial?: PartialSuccess}
	| {readonly kind: 'retry'; readonly reason: string; readonly retryAfterMs?: number; readonly retryAfterAskedMs?: number}
	| {readonly kind: 'too-large'; readonly reason: string}
	| {readonly kind: 'refused'; readonly reason: string}
	/** The caller's signal ended the request (the process is quitting): the collector's answer, if any, is unknown. */
	| {readonly kind: 'stopped'};

/** The most of a response body read (a partial success message, or an error text to quote); the rest is not awaited. */
export const MAX_RESPONSE_BYTES = 64 * 1024;
/**
 * The longest wait a Retry-After may ask for: the backoff's own longest wait, so that neither a
 * one-time export's minute of tries per batch nor a stop waits on a collector's say-so.
 */
export const MAX_RETRY_AFTER_MS = 30_000;

const RETRYABLE = new Set([429, 502, 503, 504]);

/** A Retry-After (seconds or an HTTP date) as a wait capped at MAX_RETRY_AFTER_MS, and what it asked for when more. */
export function retryAfter(header: string | string[] | undefined, now = Date.now()): {ms: number; askedMs: number} | undefined {
	const value = Array.isArray(header) ? header[0] : header;
	if (value === undefined || value.trim() === '') {
		return undefined;
	}
	const seconds = Number(value);
	const asked = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - now;
	if (!Number.isFinite(asked)) {
		return undefined;
	}
	const askedMs = Math.max(0, Math.round(asked));
	return {ms: Math.min(MAX_RETRY_AFTER_MS, askedMs), askedMs};
}

/** A response body's start on one line (it is quoted in messages, which make it safe to print: safeLine). */
function quote(body: Buffer): string {
	const text = body.toString('utf8').replace(/\s+/g, ' ').trim();
	return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

export interface PostOptions {
	/** The whole request's time limit (connect, send, the whole answer); default the config's OTLP timeout. */
	readonly timeoutMs?: number;
	/** Ends the request at once (its socket destroyed): the outcome is `stopped`. */
	readonly signal?: AbortSignal;
}

/**
 * POSTs one encoded request. Never throws: a failure is an outcome. One timer bounds the whole
 * exchange (a socket idle timeout would not: a collector trickling a byte a second never idles),
 * and at its end the request and its socket are destroyed.
 */
export function postTraces(config: OtlpConfig, body: Uint8Array, options: PostOptions = {}): Promise<SendOutcome> {
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
	// setTimeout takes at most 2^31-1 ms (more fires at once).
	const timeoutMs = Math.min(2_147_483_647, Math.max(1, Math.round(options.timeoutMs ?? config.timeoutMs)));
	const {signal} = options;
	return new Promise(resolve => {
		let settled = false;
		let request: http.ClientRequest | undefined;
		/** Settles once. */
		const done = (outcome: SendOutcome): void => {
			if (settled) {
				return;
			}
			settled = true;
			clearTimeout(timer);
			signal?.removeEventListener('abort', onAbort);
			resolve(outcome);
		};
		/** Settles, and ends the request with its socket: nothing more is sent, read or awaited. */
		const cut = (outcome: SendOutcome): void => {
			done(outcome);
			request?.destroy();
		};
		const onAbort = (): void => cut({kind: 'stopped'});
		const timer = setTimeout(() => cut({kind: 'retry', reason: `no complete answer within ${timeoutMs} ms`}), timeoutMs);
		if (signal?.aborted) {
			done({kind: 'stopped'});
			return;
		}
		signal?.addEventListener('abort', onAbort, {once: true});
		const answered = (response: http.IncomingMessage): void => {
			const chunks: Buffer[] = [];
			let size = 0;
			const finish = (): void => {
				const status = response.statusCode ?? 0;
				const text = Buffer.concat(chunks);
				if (status >= 200 && status < 300) {
					const partial = config.protocol === 'http/json' ? decodePartialSuccessJson(text.toString('utf8')) : decodePartialSuccess(text);
					done(partial === undefined ? {kind: 'sent'} : {kind: 'sent', partial});
					return;
				}
				const said = quote(text);
				const reason = `HTTP ${status}${said === '' ? '' : `: ${said}`}`;
				if (RETRYABLE.has(status)) {
					const after = retryAfter(response.headers['retry-after']);
					done(after === undefined ? {kind: 'retry', reason} : {kind: 'retry', reason, retryAfterMs: after.ms, retryAfterAskedMs: after.askedMs});
				} else if (status === 413) {
					done({kind: 'too-large', reason});
				} else {
					done({kind: 'refused', reason});
				}
			};
			response.on('data', (chunk: Buffer) => {
				if (settled) {
					return;
				}
				const room = MAX_RESPONSE_BYTES - size;
				chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
				size += Math.min(room, chunk.length);
				if (size >= MAX_RESPONSE_BYTES) {
					// Enough to decide and to quote: the rest is neither read nor waited for.
					finish();
					request?.destroy();
				}
			});
			response.on('error', error => done({kind: 'retry', reason: error.message}));
			response.on('close', () => {
				if (!response.complete) {
					done({kind: 'retry', reason: 'the collector closed the connection mid-answer'});
				}
			});
			response.on('end', finish);
		};
		try {
			request = client.request(url, {method: 'POST', headers}, answered);
		} catch (error) {
			// A header Node refuses (config.ts checks them first; this is the net under it).
			done({kind: 'refused', reason: error instanceof Error ? error.message : String(error)});
			return;
		}
		request.on('error', error => {
			const code = (error as NodeJS.ErrnoException).code;
			done({kind: 'retry', reason: code !== undefined && !error.message.includes(code) ? `${code}: ${error.message}` : error.message});
		});
		request.end(payload);
	});
}
