// The waiting rule: an agent the hook saw ask for permission (or for input) waits for
// the user until its next sign of work — a transcript line stamped after the request, a later hook
// event (the hook then clears the fields), or its stop. Waiting agents are never stale. Pure.
import type {AgentRecord} from '../record/agent-record.js';
import {parseTime} from '../text/format.js';

export interface Waiting {
	/** What it waits for (`Bash: npm publish`). */
	readonly waitingFor: string;
	/** Since when (ms). */
	readonly since: number;
}

/**
 * Whether `agent` waits for the user: its record says since when, it is still active or idle, and
 * its transcript's newest line (`transcriptLastAt`, ms; the line's own time, not the file's, which
 * can be written after the request) is not later than the request.
 */
export function waitingOf(agent: Pick<AgentRecord, 'status' | 'waitingFor' | 'waitingSince'>, transcriptLastAt: number | undefined): Waiting | undefined {
	if (agent.status === 'stopped' || agent.waitingSince === undefined) {
		return undefined;
	}
	const since = parseTime(agent.waitingSince);
	if (since === undefined) {
		return undefined;
	}
	if (transcriptLastAt !== undefined && transcriptLastAt > since) {
		return undefined;
	}
	return {waitingFor: agent.waitingFor ?? 'input', since};
}

/** What `.main-waiting.json` says (display-safe): the main session asked the user something. */
export interface MainAsk {
	/** ISO. */
	readonly since: string;
	readonly waitingFor: string;
	/** The session's main transcript, where its next line shows it working again. */
	readonly transcriptPath?: string;
}

/** The main session waits while its request stands and its transcript has no line stamped after it. */
export function mainWaitingOf(ask: MainAsk | undefined, transcriptLastAt: number | undefined): Waiting | undefined {
	if (ask === undefined) {
		return undefined;
	}
	return waitingOf({status: 'active', waitingFor: ask.waitingFor, waitingSince: ask.since}, transcriptLastAt);
}
