// Spans to a collector in batches: at most MAX_BATCH_SPANS spans and MAX_BATCH_BYTES bytes a
// request (a batch the collector finds too large is halved), each retried with backoff while the
// collector is down or busy (within a number of tries and a time budget, when given), and `onSent`
// called with each batch it took, before the next one is sent (the follow cursor is saved there).
// Nothing is dropped: a batch is either taken, or the export stops at it and says how many spans
// were not sent. `stop()` ends a request or a wait at once (SIGINT, SIGTERM).
import type {OtlpConfig} from '../../core/otlp/config.js';
import {encodeTraceRequestJson} from '../../core/otlp/json-encoding.js';
import {encodeTraceRequest} from '../../core/otlp/protobuf.js';
import type {ExportContext, Span} from '../../core/otlp/span.js';
import {postTraces, type SendOutcome} from './send.js';

export const MAX_BATCH_SPANS = 512;
export const MAX_BATCH_BYTES = 4 * 1024 * 1024;
/** The first wait before a retry; it doubles up to MAX_BACKOFF_MS. */
export const FIRST_BACKOFF_MS = 500;
export const MAX_BACKOFF_MS = 30_000;

const backoff = (attempt: number): number => Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (attempt - 1));

/**
 * The wait before try `attempt + 1`: the backoff, or the collector's Retry-After (already capped
 * at 30 s). A Retry-After shorter than the backoff is taken on the first retry only; after that the
 * previous try's backoff is the least wait, so a collector answering `Retry-After: 0` every time
 * (or a negative or past one) is not sent a request after request in a tight loop (`--follow`
 * tries without end).
 */
function retryWait(attempt: number, retryAfterMs: number | undefined): number {
	if (retryAfterMs === undefined) {
		return backoff(attempt);
	}
	return attempt === 1 ? retryAfterMs : Math.max(retryAfterMs, backoff(attempt - 1));
}

export interface ExportTally {
	/** Spans the collector took (partially rejected ones included: it answered for them). */
	sent: number;
	requests: number;
	/** Spans the collector said it rejected (partial success). */
	rejected: number;
	/** Messages of partial successes (the first few). */
	readonly rejections: string[];
}

export interface ExporterOptions {
	readonly config: OtlpConfig;
	readonly context: ExportContext;
	/** Tries per batch before giving up (default: no limit, until `stop`). */
	readonly maxAttempts?: number;
	/**
	 * The most time a batch may take, its tries and waits together, from its first try (default: no
	 * limit). A request is cut at what is left of it; a wait that would pass it is not begun.
	 */
	readonly batchBudgetMs?: number;
	/** Said before each wait (`askedMs`: a Retry-After longer than the wait it was capped to). */
	readonly onRetry?: (reason: string, waitMs: number, attempt: number, askedMs?: number) => void;
}

export type BatchResult =
	| {readonly ok: true}
	/** `stopped`: `stop()` ended it (the batch's answer, if one was coming, is unknown). */
	| {readonly ok: false; readonly reason: string; readonly unsent: number; readonly stopped: boolean};

type Attempted = {readonly ok: true} | {readonly ok: false; readonly reason: string; readonly sentOfBatch?: number; readonly stopped?: boolean};

export class SpanExporter {
	readonly tally: ExportTally = {sent: 0, requests: 0, rejected: 0, rejections: []};
	private readonly abort = new AbortController();
	private wake: (() => void) | undefined;

	constructor(private readonly options: ExporterOptions) {}

	/** Ends the request or wait under way now; nothing more is sent. */
	stop(): void {
		this.abort.abort();
		this.wake?.();
	}

	get stopped(): boolean {
		return this.abort.signal.aborted;
	}

	private encode(spans: readonly Span[]): Uint8Array {
		const {config, context} = this.options;
		return config.protocol === 'http/json' ? new TextEncoder().encode(encodeTraceRequestJson(context, spans)) : encodeTraceRequest(context, spans);
	}

	private sleep(ms: number): Promise<void> {
		return new Promise(resolve => {
			const timer = setTimeout(resolve, ms);
			this.wake = () => {
				clearTimeout(timer);
				resolve();
			};
		});
	}

	/**
	 * Sends `spans` in batches, in order; `onSent(batch)` after each batch the collector took.
	 * Stops at the first batch that cannot be sent (refused, or out of tries or time, or stopped).
	 */
	async send(spans: readonly Span[], onSent: (batch: readonly Span[]) => void = () => {}): Promise<BatchResult> {
		for (let i = 0; i < spans.length; i += MAX_BATCH_SPANS) {
			const result = await this.sendBatch(spans.slice(i, i + MAX_BATCH_SPANS), onSent);
			if (!result.ok) {
				return {ok: false, reason: result.reason, unsent: spans.length - i - (result.sentOfBatch ?? 0), stopped: result.stopped === true};
			}
		}
		return {ok: true};
	}

	private async sendBatch(batch: readonly Span[], onSent: (batch: readonly Span[]) => void): Promise<Attempted> {
		const body = this.encode(batch);
		if (body.length > MAX_BATCH_BYTES && batch.length > 1) {
			return this.halves(batch, onSent);
		}
		const {config, batchBudgetMs, maxAttempts = Number.POSITIVE_INFINITY} = this.options;
		const began = Date.now();
		const left = (): number => (batchBudgetMs === undefined ? Number.POSITIVE_INFINITY : batchBudgetMs - (Date.now() - began));
		for (let attempt = 1; ; attempt++) {
			if (this.stopped) {
				return {ok: false, reason: 'stopped', stopped: true};
			}
			const outcome: SendOutcome = await postTraces(config, body, {timeoutMs: Math.min(config.timeoutMs, left()), signal: this.abort.signal});
			if (outcome.kind === 'stopped') {
				return {ok: false, reason: 'stopped', stopped: true};
			}
			this.tally.requests += 1;
			if (outcome.kind === 'sent') {
				this.tally.sent += batch.length;
				if (outcome.partial !== undefined) {
					this.tally.rejected += outcome.partial.rejectedSpans;
					if (this.tally.rejections.length < 5 && outcome.partial.errorMessage !== '') {
						this.tally.rejections.push(outcome.partial.errorMessage);
					}
				}
				onSent(batch);
				return {ok: true};
			}
			if (outcome.kind === 'too-large' && batch.length > 1) {
				return this.halves(batch, onSent);
			}
			if (outcome.kind !== 'retry') {
				return {ok: false, reason: outcome.reason};
			}
			if (attempt >= maxAttempts) {
				return {ok: false, reason: outcome.reason};
			}
			if (this.stopped) {
				return {ok: false, reason: 'stopped', stopped: true};
			}
			const wait = retryWait(attempt, outcome.retryAfterMs);
			if (wait >= left()) {
				return {ok: false, reason: `${outcome.reason} (gave up after ${Math.round((Date.now() - began) / 1000)} s of tries)`};
			}
			this.options.onRetry?.(
				outcome.reason,
				wait,
				attempt,
				outcome.retryAfterAskedMs !== undefined && outcome.retryAfterAskedMs > wait ? outcome.retryAfterAskedMs : undefined,
			);
			await this.sleep(wait);
		}
	}

	private async halves(batch: readonly Span[], onSent: (batch: readonly Span[]) => void): Promise<Attempted> {
		const middle = Math.ceil(batch.length / 2);
		const first = await this.sendBatch(batch.slice(0, middle), onSent);
		if (!first.ok) {
			return first;
		}
		const second = await this.sendBatch(batch.slice(middle), onSent);
		return second.ok ? second : {...second, sentOfBatch: middle + (second.sentOfBatch ?? 0)};
	}
}
