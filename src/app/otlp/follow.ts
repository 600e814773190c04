// `agentlog export --otlp --follow`: keeps running (as a service on each machine) and sends each
// agent run's span once it has ended and settled (core/otlp/follow-plan.ts), and on quit the runs
// still going, marked unfinished. The cursor (store/otlp/cursor.ts) is saved after every batch the
// collector took, so a restart neither loses nor repeats a span; a collector that is down or busy
// is retried with backoff for as long as it takes, the spans waiting in the logs meanwhile.
//
// The logs are polled: each session's events.jsonl is stat-ed every POLL_MS and read again only
// when it changed, or, while the session has runs going or spans settling, every RECHECK_MS.
import {endpointLabel} from '../../core/otlp/config.js';
import {dueSpans, hasPending, unfinishedSpans, type PlannedSpan} from '../../core/otlp/follow-plan.js';
import type {Span} from '../../core/otlp/span.js';
import {safeLine} from '../../core/text/safe-text.js';
import {CliError} from '../../core/user-error.js';
import {listSessionDirs} from '../../store/activity/read-agents.js';
import {OtlpCursor} from '../../store/otlp/cursor.js';
import {MAX_BATCH_SPANS, SpanExporter} from '../../store/otlp/exporter.js';
import {logStamp, readSessionFacts} from '../../store/otlp/session-facts.js';
import {env} from '../env.js';
import {defaultTranscriptFacts} from '../../store/history/transcript-facts.js';
import {retryNote, type OtlpIo, type OtlpSetup} from './setup.js';

export const POLL_MS = 1000;
export const RECHECK_MS = 5000;
/** Tries per batch of unfinished runs on quit (the collector may be the reason for quitting). */
const QUIT_ATTEMPTS = 3;
/** The most time sending the unfinished runs may take on quit: a stop is prompt, whatever the collector does. */
export const QUIT_MS = 1000;

interface SessionWatch {
	/** size:mtime of its log when last read. */
	seen: string;
	pending: boolean;
	checkedAt: number;
}

/** Sends planned spans; each batch the collector took goes into the cursor, which is saved then. */
async function sendPlanned(exporter: SpanExporter, cursor: OtlpCursor, planned: readonly PlannedSpan[]) {
	const bySpan = new Map<Span, PlannedSpan>(planned.map(p => [p.span, p]));
	return exporter.send(
		planned.map(p => p.span),
		batch => {
			for (const span of batch) {
				const p = bySpan.get(span)!;
				cursor.record(p.sessionId, span.spanId, p.fingerprint);
			}
			try {
				cursor.save();
			} catch (error) {
				throw new CliError(`cannot save the cursor ${safeLine(cursor.path)}: ${error instanceof Error ? error.message : String(error)}`);
			}
		},
	);
}

/** What to follow: every session of the activity folder. */
export interface FollowRequest {
	readonly setup: OtlpSetup;
	readonly activity: string;
	readonly staleMs: number;
}

/** How --follow ended after a stop request (a collector that refused a batch is a CliError instead). */
export interface FollowEnd {
	/** False when the runs still going could not be sent on quit (and no second stop request ended that). */
	readonly ok: boolean;
}

export async function follow(request: FollowRequest, io: OtlpIo): Promise<FollowEnd> {
	const {activity, staleMs, setup} = request;
	const {config, context} = setup;
	const {write} = io;
	const label = endpointLabel(config.endpoint);
	const cursor = new OtlpCursor(env().otlpCursorFile(label), label);
	if (cursor.problem !== undefined) {
		write(
			`agentlog: the cursor ${safeLine(cursor.path)} could not be read (${safeLine(cursor.problem)}): starting over; spans already sent are sent again, with the same ids\n`,
		);
	}
	let stopping = false;
	let wake: (() => void) | undefined;
	const exporter = new SpanExporter({config, context, onRetry: retryNote(label, write)});
	let quitting: SpanExporter | undefined;
	// A stop request ends the request or wait under way at once (a second one, the sending on quit).
	const release = io.stops(() => {
		stopping = true;
		exporter.stop();
		quitting?.stop();
		wake?.();
	});
	write(
		`agentlog: sending each agent's span to ${safeLine(label)} when its run ends (cursor: ${safeLine(cursor.path)}). Ctrl+C stops; runs still going are then sent, marked unfinished.\n`,
	);
	const watches = new Map<string, SessionWatch>();
	let pruned = false;
	let failed = false;
	/** A stop request cut a batch before the collector answered. */
	let cut = 0;
	try {
		while (!stopping) {
			const now = Date.now();
			let due: PlannedSpan[] = [];
			const present = new Set<string>();
			/** Sends what is due (the first pass over a long history sends as it reads, a batch at a time). */
			const sendDue = async (all: boolean): Promise<void> => {
				const count = all ? due.length : due.length - (due.length % MAX_BATCH_SPANS);
				const batch = due.slice(0, count);
				due = due.slice(count);
				const before = exporter.tally.sent;
				const result = await sendPlanned(exporter, cursor, batch);
				const sent = exporter.tally.sent - before;
				if (sent > 0) {
					write(`agentlog: ${new Date().toISOString().slice(11, 19)} sent ${sent} ${sent === 1 ? 'span' : 'spans'}\n`);
				}
				if (!result.ok && result.stopped) {
					cut = result.unsent;
				} else if (!result.ok && !stopping) {
					// Refused (not a failure worth retrying): say so and stop, the cursor at the last batch taken.
					failed = true;
					throw new CliError(
						`the collector at ${safeLine(label)} refused the spans: ${safeLine(result.reason)}; ${result.unsent} not sent (the cursor keeps them for the next run)`,
					);
				}
			};
			for (const session of listSessionDirs(activity)) {
				present.add(session.id);
				const stamp = logStamp(activity, session.id);
				const watch = watches.get(session.id);
				if (watch !== undefined && watch.seen === stamp && !(watch.pending && now - watch.checkedAt >= RECHECK_MS)) {
					continue;
				}
				const {facts} = readSessionFacts(activity, session, now, staleMs, defaultTranscriptFacts(env().vars));
				const sent = (sessionId: string, spanId: string) => cursor.fingerprint(sessionId, spanId);
				due.push(...dueSpans(facts, sent, now));
				watches.set(session.id, {seen: stamp, pending: hasPending(facts, sent, now), checkedAt: now});
				if (due.length >= MAX_BATCH_SPANS) {
					await sendDue(false);
					if (stopping) {
						break;
					}
				}
			}
			const listed = !stopping;
			for (const id of watches.keys()) {
				if (!present.has(id)) {
					watches.delete(id);
				}
			}
			if (!pruned && listed) {
				// Sessions whose logs were pruned are forgotten (once: the folder list is complete now).
				cursor.keepOnly(present);
				pruned = true;
			}
			if (due.length > 0 && !stopping) {
				await sendDue(true);
			}
			if (stopping) {
				break;
			}
			await new Promise<void>(resolve => {
				const timer = setTimeout(resolve, POLL_MS);
				wake = () => {
					clearTimeout(timer);
					resolve();
				};
			});
		}
		if (cut > 0) {
			// The collector was not answering: the runs still going are not tried on quit (it would only delay the stop).
			write(
				`agentlog: stopped with ${cut} ${cut === 1 ? 'span' : 'spans'} not yet taken by the collector (a request or retry under way was ended): the cursor keeps every batch it took, so the next run sends the rest (the cut batch again, with the same ids)\n`,
			);
		} else if (!failed) {
			return await sendUnfinished({...request, label}, cursor, write, exporter => {
				quitting = exporter;
			});
		}
		return {ok: true};
	} finally {
		release();
	}
}

/** On quit: the runs still going, marked unfinished, tried a few times within QUIT_MS (a second stop request ends it). */
async function sendUnfinished(
	{activity, staleMs, setup: {config, context}, label}: FollowRequest & {readonly label: string},
	cursor: OtlpCursor,
	write: (text: string) => void,
	started: (exporter: SpanExporter) => void,
): Promise<FollowEnd> {
	const now = Date.now();
	const planned: PlannedSpan[] = [];
	for (const session of listSessionDirs(activity)) {
		planned.push(...unfinishedSpans(readSessionFacts(activity, session, now, staleMs, defaultTranscriptFacts(env().vars)).facts, now));
	}
	if (planned.length === 0) {
		write('agentlog: stopped; no run was going\n');
		return {ok: true};
	}
	const exporter = new SpanExporter({config, context, maxAttempts: QUIT_ATTEMPTS, batchBudgetMs: QUIT_MS, onRetry: retryNote(label, write)});
	started(exporter);
	const result = await sendPlanned(exporter, cursor, planned);
	if (result.ok) {
		write(
			`agentlog: stopped; sent ${planned.length} spans of runs still going, marked unfinished (their final spans follow when they end and this runs again)\n`,
		);
		return {ok: true};
	}
	write(
		`agentlog: stopped; the spans of ${result.unsent} runs still going were not sent (${safeLine(result.reason)}); their final spans are sent when they end and this runs again\n`,
	);
	return {ok: result.stopped};
}
