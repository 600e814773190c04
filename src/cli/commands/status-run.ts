// `agentlog status [session]`: one session's counts as one short line for a status bar. No npm
// package is reached from here (status-main.ts bundles it alone, to start about as fast as
// `node -e 0`); the commander command (status-command.ts) runs the same code.
//
// The counts are `sessions`'s for that session: its agent files read once, the transcripts of the
// agents whose transcripts can change a count (session-counts.ts transcriptCandidates) read under
// `<claude>/projects/`, and summarizeSession's rules (countSession), as readSessionInfos does for
// a session it has no cache for. The session cache is not used (one session's files are few); the
// transcripts' count facts are (count-facts.ts): only what was appended since the last run is read.
import {fstatSync, statSync} from 'node:fs';
import path from 'node:path';
import {isSessionDirName} from '../../core/record/file-names.js';
import {resolveSession, summarizeSession} from '../../core/monitor/sessions.js';
import {transcriptCandidates, agentCountFacts} from '../../core/monitor/session-counts.js';
import type {StatusCounts} from '../../core/monitor/view.js';
import {NO_COUNTS, statusJson, statusLine, type StatusFormat} from '../../present/status-line.js';
import {safeJsonStringify} from '../../core/text/safe-text.js';
import {readSessionDir} from '../../store/activity/read-agents.js';
import {sessionDirInfos} from '../../store/activity/session-listing.js';
import {codexSessionCounts} from '../../store/codex/codex-listings.js';
import type {CodexSession} from '../../store/codex/codex-sessions.js';
import {codexSessionInfos, codexSessionOf, newestAnySession, scanCodex, type CodexOptions} from '../../app/session/codex-scan.js';
import {readMainWaiting} from '../../store/activity/main-waiting.js';
import {readTeams} from '../../store/activity/teams.js';
import {TranscriptRoots} from '../../store/transcripts/transcript-paths.js';
import {readCountFacts} from '../../store/transcripts/count-facts.js';
import {env, clockNow} from '../../app/env.js';
import type {Provider} from '../../core/record/provider.js';

export interface StatusOptions extends CodexOptions {
	readonly dir?: string;
	readonly stale: number;
	readonly dedup: boolean;
	readonly format: StatusFormat;
}

/** `name` is one of the session folders listSessionDirs gives (a folder name it reads, not a path). */
function isSessionFolder(activity: string, name: string): boolean {
	if (name === '' || !isSessionDirName(name) || name.includes('/') || name.includes(path.sep) || name.includes('\0')) {
		return false;
	}
	try {
		return statSync(path.join(activity, name), {throwIfNoEntry: false})?.isDirectory() === true;
	} catch {
		return false;
	}
}

/**
 * The session a session argument names, found without opening an agent file (exact id, team
 * name, `session-<8>`, a unique prefix: resolveSession's rules); undefined when the argument
 * needs more (ambiguous or unknown: the full resolution, with its message, is the main CLI's).
 * No argument: the newest session (newestSessionId), `{sessionId: undefined}` when there is none.
 */
export function quickStatusSession(arg: string | undefined, activity: string, codex: CodexOptions = {}): {readonly sessionId: string | undefined} | undefined {
	if (arg === undefined) {
		// The newest session of either kind (Claude Code's folders, Codex's rollouts).
		return {sessionId: newestAnySession(activity, codex)};
	}
	if (isSessionFolder(activity, arg.trim())) {
		// resolveSession's first rule (an exact id among the session folders), without listing them all.
		return {sessionId: arg.trim()};
	}
	const folders = sessionDirInfos(activity);
	const ids = new Set(folders.map(f => f.id));
	const codexSessions = codexSessionInfos(scanCodex(codex)).filter(c => !ids.has(c.id));
	const resolved = resolveSession(arg, [...folders, ...codexSessions], readTeams(env().claude));
	return resolved.ok ? {sessionId: resolved.sessionId} : undefined;
}

/** Whether a session's main session waits for the user, as `sessions --json` says it (mainWaiting). */
export function statusMainWaiting(activity: string, sessionId: string | undefined): boolean {
	return sessionId !== undefined && readMainWaiting(path.join(activity, sessionId), new TranscriptRoots(env().claude)) !== undefined;
}

/** One session's counts by display status, as `sessions --json` gives them, and whose session it is. */
export function statusCounts(
	activity: string,
	sessionId: string | undefined,
	options: Pick<StatusOptions, 'stale' | 'dedup' | 'codexHome'>,
	now: number,
): {readonly counts: StatusCounts; readonly provider: Provider} {
	if (sessionId === undefined) {
		return {counts: NO_COUNTS, provider: 'claude'};
	}
	const folder = readSessionDir(path.join(activity, sessionId));
	// The live window first (cheap, shared with the newest-session rule); a session named that is
	// not in it and is not Claude Code's (no folder, or the hook's Codex records) in the listing's.
	const older = (): CodexSession | undefined =>
		folder.agents.length === 0 || folder.agents.some(a => a.provider === 'codex') ? codexSessionOf(scanCodex(options), sessionId) : undefined;
	const codexSession = codexSessionOf(scanCodex(options, true), sessionId) ?? older();
	if (codexSession !== undefined) {
		// A Codex session: counted as `sessions` counts it.
		return {counts: codexSessionCounts(activity, codexSession, {now, staleMs: options.stale, dedup: options.dedup}, folder.agents), provider: 'codex'};
	}
	const {agents} = folder;
	const wanted = new Set(transcriptCandidates(agents.map(agentCountFacts), options.dedup));
	const targets = agents.flatMap(agent =>
		wanted.has(agent.agentId) && agent.transcriptPath ? [{agentId: agent.agentId, transcriptPath: agent.transcriptPath, cwd: agent.cwd}] : [],
	);
	// Only what the counts read, and only what was appended since the last run (a status bar runs this every few seconds).
	const transcripts = targets.length === 0 ? undefined : readCountFacts(targets, {claudeDir: env().claude, cacheFile: env().countFactsCacheFile});
	return {counts: summarizeSession(agents, {now, staleMs: options.stale, dedup: options.dedup}, transcripts), provider: 'claude'};
}

/**
 * Whether `plain` is coloured: on a terminal, unless NO_COLOR (https://no-color.org) says not;
 * FORCE_COLOR forces it either way (as chalk reads it for the other commands).
 */
export function plainColour(env: NodeJS.ProcessEnv, isTTY: boolean): boolean {
	const force = env.FORCE_COLOR;
	if (force !== undefined && force !== '') {
		return force !== '0' && force !== 'false';
	}
	if (env.NO_COLOR) {
		return false;
	}
	return isTTY && env.TERM !== 'dumb';
}

/** What `status` prints: the line and a newline, nothing when nothing runs (plain, tmux), always a JSON line (json). */
export function statusOutput(
	sessionId: string | undefined,
	counts: StatusCounts,
	mainWaiting: boolean,
	format: StatusFormat,
	colour: boolean,
	provider: Provider = 'claude',
): string {
	if (format === 'json') {
		// The folder's name exactly; C1 and bidi characters written as \u escapes.
		return `${safeJsonStringify(statusJson(sessionId, counts, mainWaiting, provider))}\n`;
	}
	const line = statusLine(counts, format === 'tmux' ? 'tmux' : colour ? 'ansi' : 'none', mainWaiting);
	return line === '' ? '' : `${line}\n`;
}

/**
 * Whether stdout is a terminal, without node:tty (which loads node:net and the stream modules:
 * ~2 ms, a fifth of what a status run adds to `node -e 0`): a character device other than
 * /dev/null. Other character devices (/dev/zero, a serial line) count as terminals; colour sent
 * there is harmless. tmux's status bar reads a pipe, which is never coloured here.
 */
export function stdoutIsTerminal(): boolean {
	try {
		const out = fstatSync(1);
		if (!out.isCharacterDevice()) {
			return false;
		}
		const devNull = statSync('/dev/null', {throwIfNoEntry: false});
		return devNull === undefined || out.rdev !== devNull.rdev;
	} catch {
		return false;
	}
}

/** What `status` prints for a session already resolved (its files read now). */
export function statusText(activity: string, sessionId: string | undefined, options: StatusOptions): string {
	const {counts, provider} = statusCounts(activity, sessionId, options, clockNow());
	return statusOutput(sessionId, counts, statusMainWaiting(activity, sessionId), options.format, plainColour(process.env, stdoutIsTerminal()), provider);
}
