// `agentlog export --otlp [url]`: the history as OpenTelemetry traces sent to a collector over
// OTLP/HTTP: one trace per session, one span per agent run (core/otlp/agent-spans.ts).
// Once: the selection (the history filters apply), session by session, in batches, each retried
// with backoff a few times. With --follow (follow.ts): as runs end, until stopped.
import {matchesFilter} from '../../core/history/query.js';
import {endpointLabel} from '../../core/otlp/config.js';
import {exportSpans} from '../../core/otlp/follow-plan.js';
import type {Span} from '../../core/otlp/span.js';
import {safeLine} from '../../core/text/safe-text.js';
import {CliError} from '../../core/user-error.js';
import {logNotesText} from '../../present/log-notes.js';
import {listSessionDirs} from '../../store/activity/read-agents.js';
import {readHistories} from '../../store/history/histories.js';
import {SpanExporter, MAX_BATCH_SPANS} from '../../store/otlp/exporter.js';
import {readSessionFacts} from '../../store/otlp/session-facts.js';
import {defaultTranscriptFacts} from '../../store/history/transcript-facts.js';
import {env} from '../env.js';
import type {Selection} from '../history/select.js';
import {retryNote, type OtlpIo, type OtlpSetup, type StopReason} from './setup.js';

/** Tries per batch in a one-time export: waits of 0.5, 1, 2, 4 and 8 s between them. */
export const ONCE_ATTEMPTS = 6;
/** The most a one-time export spends on one batch, its tries and waits together (a slow or stuck collector, Retry-After). */
export const ONCE_BATCH_MS = 60_000;

/** What to send: the sessions and agents of the history the filters select. */
export interface OnceRequest extends Selection {
	readonly setup: OtlpSetup;
}

/** How a one-time export ended (a collector that refused a batch is a CliError instead). */
export type OnceEnd =
	/** Everything selected was sent; `rejected`: the collector said it rejected some of it. */
	| {readonly stopped?: undefined; readonly rejected: boolean}
	/** A stop request ended it; what was sent and not was said. */
	| {readonly stopped: StopReason};

/** `--agent <prefix>` made exact (history's rule: a prefix must name one agent), so each session can be filtered alone. */
function exactAgent(request: OnceRequest): string | undefined {
	const {activity, filter, now, staleMs, sessionId} = request;
	if (filter.agent === undefined) {
		return undefined;
	}
	const read = readHistories(activity, {vars: env().vars, now, staleMs, ...(sessionId === undefined ? {} : {sessionId}), filter: {agent: filter.agent}});
	if (read.agentError !== undefined) {
		throw new CliError(read.agentError, 2);
	}
	return read.agents[0]?.agentId ?? filter.agent;
}

export async function exportOnce(request: OnceRequest, io: OtlpIo): Promise<OnceEnd> {
	const {config, context} = request.setup;
	const agentId = exactAgent(request);
	const label = endpointLabel(config.endpoint);
	const exporter = new SpanExporter({config, context, maxAttempts: ONCE_ATTEMPTS, batchBudgetMs: ONCE_BATCH_MS, onRetry: retryNote(label, io.write)});
	let stoppedBy: StopReason | undefined;
	const release = io.stops(reason => {
		stoppedBy ??= reason;
		exporter.stop();
	});
	try {
		return await sendSelected(exporter, {...request, agentId, label}, io.write, () => stoppedBy);
	} finally {
		release();
	}
}

interface OnceRun extends OnceRequest {
	readonly agentId: string | undefined;
	readonly label: string;
}

async function sendSelected(exporter: SpanExporter, run: OnceRun, write: (text: string) => void, stoppedBy: () => StopReason | undefined): Promise<OnceEnd> {
	const {activity, now, filter, sessionId, agentId, staleMs, label} = run;
	const {config} = run.setup;
	const notes = {notes: [] as {file: string; reason: string}[], count: 0};
	let pending: Span[] = [];
	let agents = 0;
	let sessions = 0;
	/** A batch a stop cut before its answer: its spans and those after it in the same send. */
	let cut = 0;
	/** Sends whole batches of what is pending (`all`: the rest too); false when a stop request ended it. */
	const flush = async (all: boolean): Promise<boolean> => {
		const count = all ? pending.length : pending.length - (pending.length % MAX_BATCH_SPANS);
		const batch = pending.slice(0, count);
		pending = pending.slice(count);
		const result = await exporter.send(batch);
		if (!result.ok && result.stopped) {
			cut = result.unsent;
			return false;
		}
		if (!result.ok) {
			const {sent} = exporter.tally;
			throw new CliError(
				`the collector at ${safeLine(label)} (${config.endpointFrom}) did not take the spans: ${safeLine(result.reason)}. ${sent === 0 ? 'Nothing was sent' : `${sent} spans were sent before that, none after`}. Is an OpenTelemetry Collector listening there (OTLP/HTTP, usually port 4318)?`,
			);
		}
		return true;
	};
	/** Stopped: what was sent and what was not. */
	const interrupted = (reason: StopReason): OnceEnd => {
		const {sent, requests} = exporter.tally;
		const unsent = cut + pending.length;
		const rest =
			unsent === 0
				? ''
				: `; ${unsent} spans read so far were not${cut > 0 ? ' (the last request was cut before its answer: the collector may have taken it; exporting again sends the same ids)' : ''}`;
		write(`agentlog: stopped by ${reason}: sent ${sent} spans in ${requests} ${requests === 1 ? 'request' : 'requests'} to ${safeLine(label)}${rest}\n`);
		return {stopped: reason};
	};
	for (const session of listSessionDirs(activity)) {
		// A stop is handled here too, not only while a batch is in flight (reading is synchronous).
		await new Promise(resolve => setImmediate(resolve));
		const reason = stoppedBy();
		if (reason !== undefined) {
			return interrupted(reason);
		}
		if (sessionId !== undefined && session.id !== sessionId) {
			continue;
		}
		const read = readSessionFacts(activity, session, now, staleMs, defaultTranscriptFacts(env().vars));
		if (read.problem !== undefined) {
			notes.count += 1;
			notes.notes.push({file: session.label, reason: read.problem});
		}
		const picked = read.facts.agents.filter(h => (agentId === undefined || h.agentId === agentId) && matchesFilter(h, {...filter, agent: undefined}));
		const spans = exportSpans(read.facts, picked, now);
		if (spans.length === 0) {
			continue;
		}
		sessions += 1;
		agents += picked.length;
		pending.push(...spans);
		if (pending.length >= MAX_BATCH_SPANS && !(await flush(false))) {
			return interrupted(stoppedBy() ?? 'SIGTERM');
		}
	}
	if (!(await flush(true))) {
		return interrupted(stoppedBy() ?? 'SIGTERM');
	}
	const noted = logNotesText({notes: notes.notes.slice(0, 5), count: notes.count});
	if (noted !== '') {
		write(noted);
	}
	if (agents === 0) {
		write(`agentlog: nothing sent: no agent in the history under ${safeLine(activity)} matches\n`);
		return {rejected: false};
	}
	const {sent, requests, rejected, rejections} = exporter.tally;
	const what = `${agents} ${agents === 1 ? 'agent' : 'agents'} in ${sessions} ${sessions === 1 ? 'session' : 'sessions'}`;
	write(`agentlog: sent ${sent} spans (${what}) in ${requests} ${requests === 1 ? 'request' : 'requests'} to ${safeLine(label)}\n`);
	if (rejected > 0) {
		write(`agentlog: the collector rejected ${rejected} of them${rejections.length === 0 ? '' : `: ${rejections.map(safeLine).join('; ')}`}\n`);
		return {rejected: true};
	}
	return {rejected: false};
}
