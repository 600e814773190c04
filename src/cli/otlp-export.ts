// `agentlog export --otlp [url]`: the history as OpenTelemetry traces sent to a collector over
// OTLP/HTTP (issue 15): one trace per session, one span per agent run (core/otlp/agent-spans.ts).
// Once: the selection (the history filters apply), session by session, in batches, each retried
// with backoff a few times. With --follow (otlp-follow.ts): as runs end, until stopped.
import os from 'node:os';
import type {HistoryFilter} from '../core/history/query.js';
import {matchesFilter} from '../core/history/query.js';
import {endpointLabel, otlpConfig, type OtlpConfig} from '../core/otlp/config.js';
import {exportSpans} from '../core/otlp/follow-plan.js';
import type {ExportContext, Span} from '../core/otlp/span.js';
import {safeLine} from '../core/text/safe-text.js';
import {listSessionDirs} from '../store/activity/read-agents.js';
import {readHistories} from '../store/history/histories.js';
import {SpanExporter, MAX_BATCH_SPANS} from '../store/otlp/exporter.js';
import {readSessionFacts} from '../store/otlp/session-facts.js';
import {activityFor, clockNow} from './common.js';
import {CliError} from './errors.js';
import type {FilterOptions, HistoryReadOptions} from './history-options.js';
import {filterFrom, printNotes, sessionFrom} from './history-options.js';
import {VERSION} from './version.js';

export interface OtlpOptions extends HistoryReadOptions, FilterOptions {
	/** `--otlp` alone (true) or with its URL. */
	readonly otlp: true | string;
	readonly follow?: boolean;
}

/** Tries per batch in a one-time export: waits of 0.5, 1, 2, 4 and 8 s between them. */
export const ONCE_ATTEMPTS = 6;

/** The export's settings from the option and the environment; a wrong one is a usage error. */
export function otlpSetup(otlp: true | string): {readonly config: OtlpConfig; readonly context: ExportContext} {
	const config = otlpConfig(otlp === true ? undefined : otlp, process.env, os.hostname());
	if (!config.ok) {
		throw new CliError(config.error, 2);
	}
	return {config: config.value, context: {resource: config.value.resource, scopeName: 'agentlog', scopeVersion: VERSION}};
}

export function retryNote(label: string): (reason: string, waitMs: number) => void {
	return (reason, waitMs) => {
		process.stderr.write(`agentlog: ${label}: ${safeLine(reason)}; trying again in ${waitMs < 1000 ? `${waitMs} ms` : `${Math.round(waitMs / 1000)} s`}\n`);
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
	const exporter = new SpanExporter({config, context, maxAttempts: ONCE_ATTEMPTS, onRetry: retryNote(label)});
	const notes = {notes: [] as {file: string; reason: string}[], count: 0};
	let pending: Span[] = [];
	let agents = 0;
	let sessions = 0;
	/** Sends whole batches of what is pending (`all`: the rest too). */
	const flush = async (all: boolean): Promise<void> => {
		const count = all ? pending.length : pending.length - (pending.length % MAX_BATCH_SPANS);
		const batch = pending.slice(0, count);
		pending = pending.slice(count);
		const result = await exporter.send(batch);
		if (!result.ok) {
			const {sent} = exporter.tally;
			throw new CliError(
				`the collector at ${safeLine(label)} (${config.endpointFrom}) did not take the spans: ${safeLine(result.reason)}. ${sent === 0 ? 'Nothing was sent' : `${sent} spans were sent before that, none after`}. Is an OpenTelemetry Collector listening there (OTLP/HTTP, usually port 4318)?`,
			);
		}
	};
	for (const session of listSessionDirs(activity)) {
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
		if (pending.length >= MAX_BATCH_SPANS) {
			await flush(false);
		}
	}
	await flush(true);
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
