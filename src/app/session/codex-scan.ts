// Where the reading commands meet Codex: `--codex-home`, the scan of the rollouts (with
// its cache), and the newest session of either kind. No npm package (status's small bundle uses it).
import {statSync} from 'node:fs';
import path from 'node:path';
import {sessionLabel} from '../../store/activity/read-agents.js';
import {newestSessionId, type SessionListing} from '../../store/activity/session-listing.js';
import {scanCodexSessions, type CodexScan, type CodexSession} from '../../store/codex/codex-sessions.js';
import type {RolloutFile} from '../../store/codex/rollouts.js';
import {env, clockNow} from '../env.js';
import {LIVE_DAYS, LISTED_DAYS} from './windows.js';
import {newestOpencodeSession} from './opencode-scan.js';
import {listGemini, type GeminiOptions} from './gemini-scan.js';

export interface CodexOptions extends GeminiOptions {
	/** `--codex-home <dir>`: else $CODEX_HOME, else ~/.codex. */
	readonly codexHome?: string;
	/** The live scan, made once by a command that asks twice (status: the newest session, then its counts). */
	readonly liveScan?: CodexScan;
}

export {LIVE_DAYS, LISTED_DAYS} from './windows.js';

export function codexHomeFor(options: CodexOptions): string {
	return env().codexHome(options.codexHome);
}

/** The Codex sessions with a subagent of the last LISTED_DAYS (live: LIVE_DAYS). Nothing when there is no Codex folder. */
export function scanCodex(options: CodexOptions, live = false): CodexScan {
	if (live && options.liveScan !== undefined) {
		return options.liveScan;
	}
	return scanCodexSessions({
		codexHome: codexHomeFor(options),
		cacheFile: env().codexCacheFile(live),
		// The clock agentlog reads everywhere (AGENTLOG_NOW pins it for tests and replays of old data).
		sinceMs: clockNow() - (live ? LIVE_DAYS : LISTED_DAYS) * 86_400_000,
	});
}

export function codexSessionOf(scan: CodexScan, sessionId: string): CodexSession | undefined {
	return scan.sessions.find(s => s.sessionId === sessionId);
}

/**
 * The rollouts of a Codex session named on the command line that is older than the live window
 * (found among the listing's): `watch` reads them as it reads the live ones. Undefined when the
 * session is in the live window, or is not a Codex session.
 */
export function olderCodexSessionFiles(sessionId: string, options: CodexOptions): RolloutFile[] | undefined {
	if (codexSessionOf(scanCodex(options, true), sessionId) !== undefined) {
		return undefined;
	}
	return codexSessionOf(scanCodex(options), sessionId)?.threads.map(t => ({path: t.path, size: t.read.size, mtimeMs: t.read.mtimeMs, ino: t.read.ino}));
}

/** The Codex sessions as the session argument's resolution reads them (id, label, time; no counts). */
export function codexSessionInfos(scan: CodexScan): SessionListing[] {
	return scan.sessions.map(s => ({
		id: s.sessionId,
		label: sessionLabel(s.sessionId),
		lastActivity: s.lastActivity,
		counts: {waiting: 0, active: 0, idle: 0, stopped: 0, stale: 0},
		warnings: 0,
		provider: 'codex' as const,
	}));
}

/**
 * The newest session of any kind: the newest session folder (store/activity/session-listing.ts's
 * rule), the Codex session whose rollouts were written last, or the opencode session whose
 * subagents moved last, whichever is latest.
 */
export function newestAnySession(activity: string, options: CodexOptions): string | undefined {
	const claude = newestSessionId(activity);
	let claudeTime = 0;
	if (claude !== undefined) {
		try {
			claudeTime = statSync(path.join(activity, claude)).mtimeMs;
		} catch {
			claudeTime = 0;
		}
	}
	// The live window (the last days' rollouts) first; only when it has none and no session folder
	// is newer than that window could an older Codex session be the newest (status runs this often).
	const liveFrom = clockNow() - LIVE_DAYS * 86_400_000;
	const codex = scanCodex(options, true).sessions[0] ?? (claudeTime < liveFrom ? scanCodex(options).sessions[0] : undefined);
	// Gemini CLI's newest session with a subagent, and opencode's, when their files moved later still.
	const gemini = listGemini(options).sessions[0];
	const opencode = newestOpencodeSession();
	let newest = claude === undefined ? undefined : {id: claude, time: claudeTime};
	for (const other of [
		codex === undefined ? undefined : {id: codex.sessionId, time: codex.lastActivity},
		gemini === undefined ? undefined : {id: gemini.sessionId, time: gemini.lastActivity},
		opencode === undefined ? undefined : {id: opencode.rootId, time: opencode.updatedMs},
	]) {
		if (other !== undefined && (newest === undefined || other.time > newest.time)) {
			newest = other;
		}
	}
	return newest?.id;
}
