// Where the reading commands meet Gemini CLI: `--gemini-home`, the scan of its session files (kept in
// memory for the run: a command that asks twice reads once, and again only what was appended), the
// Gemini sessions as the session argument and the listing read them. No npm package (status's
// small bundle uses it).
import {sessionLabel} from '../../store/activity/read-agents.js';
import type {SessionListing} from '../../store/activity/session-listing.js';
import {listGeminiSessions, type GeminiListing, type GeminiRead} from '../../store/gemini/gemini-files.js';
import {geminiSessionOf, scanGeminiSessions, type GeminiScan, type GeminiSession} from '../../store/gemini/gemini-sessions.js';
import {geminiRunning} from '../../store/gemini/gemini-process.js';
import {env, clockNow} from '../env.js';

export interface GeminiOptions {
	/** `--gemini-home <dir>`: Gemini CLI's folder; else $GEMINI_CLI_HOME/.gemini, else ~/.gemini. */
	readonly geminiHome?: string;
}

/** How far back `sessions`, `ls` and a session argument look: the sessions written in the last 30 days (as Codex's). */
export const GEMINI_LISTED_DAYS = 30;

export function geminiHomeFor(options: GeminiOptions): string {
	return env().geminiHome(options.geminiHome);
}

const memories = new Map<string, Map<string, GeminiRead>>();

/** The Gemini sessions with a subagent written in the last GEMINI_LISTED_DAYS. Nothing when there is no Gemini folder. */
export function scanGemini(options: GeminiOptions): GeminiScan {
	const home = geminiHomeFor(options);
	let memory = memories.get(home);
	if (memory === undefined) {
		memory = new Map();
		memories.set(home, memory);
	}
	return scanGeminiSessions({geminiHome: home, sinceMs: clockNow() - GEMINI_LISTED_DAYS * 86_400_000, memory, running: geminiRunning});
}

/** The same sessions listed, their files not read: enough for the session argument and the newest-session rule. */
export function listGemini(options: GeminiOptions): GeminiListing {
	return listGeminiSessions(geminiHomeFor(options), {sinceMs: clockNow() - GEMINI_LISTED_DAYS * 86_400_000});
}

export function geminiSessionFor(options: GeminiOptions, sessionId: string): GeminiSession | undefined {
	return geminiSessionOf(scanGemini(options), sessionId);
}

/** The Gemini sessions as the session argument's resolution reads them (id, label, time; no counts). */
export function geminiSessionInfos(scan: GeminiScan | GeminiListing): SessionListing[] {
	return scan.sessions.map(s => ({
		id: s.sessionId,
		label: sessionLabel(s.sessionId),
		lastActivity: s.lastActivity,
		counts: {waiting: 0, active: 0, idle: 0, stopped: 0, stale: 0},
		warnings: 0,
		provider: 'gemini' as const,
	}));
}
