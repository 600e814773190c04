// `agentlog export --otlp [url]`: the history as OpenTelemetry traces sent to a collector over
// OTLP/HTTP: one trace per session, one span per agent run (core/otlp/agent-spans.ts).
// Once: the selection (the history filters apply), session by session, in batches, each retried
// with backoff a few times. With --follow (otlp-follow.ts): as runs end, until stopped.
import os from 'node:os';
import type {HistoryFilter} from '../../core/history/query.js';
import {matchesFilter} from '../../core/history/query.js';
import {endpointLabel, otlpConfig, type OtlpConfig} from '../../core/otlp/config.js';
import {exportSpans} from '../../core/otlp/follow-plan.js';
import type {ExportContext, Span} from '../../core/otlp/span.js';
import {safeLine} from '../../core/text/safe-text.js';
import {listSessionDirs} from '../../store/activity/read-agents.js';
import {readHistories} from '../../store/history/histories.js';
import {SpanExporter, MAX_BATCH_SPANS} from '../../store/otlp/exporter.js';
import {MAX_RETRY_AFTER_MS} from '../../store/otlp/send.js';
import {readSessionFacts} from '../../store/otlp/session-facts.js';
import {activityFor, clockNow} from '../../app/env.js';
import {CliError} from '../../core/user-error.js';
import type {FilterOptions, HistoryReadOptions} from '../shared/history-options.js';
import {filterFrom, printNotes, sessionFrom} from '../shared/history-options.js';
import {VERSION} from '../../app/version.js';

export interface OtlpOptions extends HistoryReadOptions, FilterOptions {
	/** `--otlp` alone (true) or with its URL. */
	readonly otlp: true | string;
	readonly follow?: boolean;
}

/** Tries per batch in a one-time export: waits of 0.5, 1, 2, 4 and 8 s between them. */
export const ONCE_ATTEMPTS = 6;
/** The most a one-time export spends on one batch, its tries and waits together (a slow or stuck collector, Retry-After). */
export const ONCE_BATCH_MS = 60_000;

/** The exit code of a one-time export a signal stopped: 128 + the signal's number, as a shell reports it. */
export const SIGNAL_EXIT: Readonly<Record<'SIGINT' | 'SIGTERM', number>> = {SIGINT: 130, SIGTERM: 143};

/** Calls `stop` on Ctrl+C and SIGTERM (instead of dying mid-request) until the returned function is called. */
export function onStopSignals(stop: (signal: 'SIGINT' | 'SIGTERM') => void): () => void {
	const interrupt = (): void => stop('SIGINT');
	const terminate = (): void => stop('SIGTERM');
	process.on('SIGINT', interrupt);
	process.on('SIGTERM', terminate);
	return () => {
		process.off('SIGINT', interrupt);
		process.off('SIGTERM', terminate);
	};
}

/** The export's settings from the option and the environment; a wrong one is a usage error. */
export function otlpSetup(otlp: true | string): {readonly config: OtlpConfig; readonly context: ExportContext} {
	const config = otlpConfig(otlp === true ? undefined : otlp, process.env, os.hostname());
	if (!config.ok) {
		throw new CliError(config.error, 2);
	}
	return {config: config.value, context: {resource: config.value.resource, scopeName: 'agentlog', scopeVersion: VERSION}};
}

const waitText = (ms: number): string => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`);

export function retryNote(label: string): (reason: string, waitMs: number, attempt: number, askedMs?: number) => void {
	return (reason, waitMs, _attempt, askedMs) => {
		const capped = askedMs === undefined ? '' : ` (it asked for ${waitText(askedMs)} with Retry-After; agentlog waits ${waitText(MAX_RETRY_AFTER_MS)} at most)`;
		process.stderr.write(`agentlog: ${safeLine(label)}: ${safeLine(reason)}; trying again in ${waitText(waitMs)}${capped}\n`);
	};
}

/** `--agent <prefix>` made exact (history's rule: a prefix must name one agent), so each session can be filtered alone. */
function exactAgent(activity: string, filter: HistoryFilter, now: number, options: HistoryReadOptions, sessionId: string | undefined): string | undefined {
	if (filter.agent === undefined) {
		return undefined;
	}
	const read = readHistories(activity, {now, staleMs: options.stale, ...(sessionId === undefined ? {} : {sessionId}), filter: {agent: filter.agent}});
	if (read.agentError !== undefined) {
		throw new CliError(read.agentError, 2);
	}
	return read.agents[0]?.agentId ?? filter.agent;
}

export async function runOtlpExport(sessionArg: string | undefined, options: OtlpOptions): Promise<void> {
	const {config, context} = otlpSetup(options.otlp);
	const activity = activityFor(options);
	const now = clockNow();
	const filter = filterFrom(options, now);
	const sessionId = sessionFrom(sessionArg, activity, options);
	const agentId = exactAgent(activity, filter, now, options, sessionId);
	const label = endpointLabel(config.endpoint);
	const exporter = new SpanExporter({config, context, maxAttempts: ONCE_ATTEMPTS, batchBudgetMs: ONCE_BATCH_MS, onRetry: retryNote(label)});
	let stoppedBy: 'SIGINT' | 'SIGTERM' | undefined;
	const release = onStopSignals(signal => {
		stoppedBy ??= signal;
		exporter.stop();
	});
	try {
		await exportOnce(exporter, {activity, now, filter, sessionId, agentId, options, label, config}, () => stoppedBy);
	} finally {
		release();
	}
}

interface OnceRun {
	readonly activity: string;
	readonly now: number;
	readonly filter: HistoryFilter;
	readonly sessionId: string | undefined;
	readonly agentId: string | undefined;
	readonly options: OtlpOptions;
	readonly label: string;
	readonly config: OtlpConfig;
}

async function exportOnce(exporter: SpanExporter, run: OnceRun, stoppedBy: () => 'SIGINT' | 'SIGTERM' | undefined): Promise<void> {
	const {activity, now, filter, sessionId, agentId, options, label, config} = run;
	const notes = {notes: [] as {file: string; reason: string}[], count: 0};
	let pending: Span[] = [];
	let agents = 0;
	let sessions = 0;
	/** A batch a signal cut before its answer: its spans and those after it in the same send. */
	let cut = 0;
	/** Sends whole batches of what is pending (`all`: the rest too); false when a signal stopped it. */
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
	/** Stopped by a signal: what was sent, what was not, and the shell's exit code for that signal. */
	const interrupted = (signal: 'SIGINT' | 'SIGTERM'): void => {
		const {sent, requests} = exporter.tally;
		const unsent = cut + pending.length;
		const rest =
			unsent === 0
				? ''
				: `; ${unsent} spans read so far were not${cut > 0 ? ' (the last request was cut before its answer: the collector may have taken it; exporting again sends the same ids)' : ''}`;
		process.stderr.write(
			`agentlog: stopped by ${signal}: sent ${sent} spans in ${requests} ${requests === 1 ? 'request' : 'requests'} to ${safeLine(label)}${rest}\n`,
		);
		process.exitCode = SIGNAL_EXIT[signal];
	};
	for (const session of listSessionDirs(activity)) {
		// A signal is handled here too, not only while a batch is in flight (reading is synchronous).
		await new Promise(resolve => setImmediate(resolve));
		const signal = stoppedBy();
		if (signal !== undefined) {
			interrupted(signal);
			return;
		}
		if (sessionId !== undefined && session.id !== sessionId) {
			continue;
		}
		const read = readSessionFacts(activity, session, now, options.stale);
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
			interrupted(stoppedBy() ?? 'SIGTERM');
			return;
		}
	}
	if (!(await flush(true))) {
		interrupted(stoppedBy() ?? 'SIGTERM');
		return;
	}
	printNotes({notes: notes.notes.slice(0, 5), count: notes.count});
	if (agents === 0) {
		process.stderr.write(`agentlog: nothing sent: no agent in the history under ${safeLine(activity)} matches\n`);
		return;
	}
	const {sent, requests, rejected, rejections} = exporter.tally;
	const what = `${agents} ${agents === 1 ? 'agent' : 'agents'} in ${sessions} ${sessions === 1 ? 'session' : 'sessions'}`;
	process.stderr.write(`agentlog: sent ${sent} spans (${what}) in ${requests} ${requests === 1 ? 'request' : 'requests'} to ${safeLine(label)}\n`);
	if (rejected > 0) {
		process.stderr.write(`agentlog: the collector rejected ${rejected} of them${rejections.length === 0 ? '' : `: ${rejections.map(safeLine).join('; ')}`}\n`);
		process.exitCode = 1;
	}
}
