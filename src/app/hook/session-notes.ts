// The small notes a run leaves beside an event, each failure a line of the hook's log and never
// a throw: the event's git commit, the newest session, the session's process and latest start,
// the main session's wait, the lines of the event log.
import {join} from 'node:path';
import {formatEventLine, type GitState} from '../../core/record/event-line.js';
import {hookEventLine, type HookLineInput} from '../../core/hook/hook-line.js';
import {MAIN_WAITING_NAME} from '../../core/record/file-names.js';
import {readGitState} from '../../store/history/git-state.js';
import {appendEventLine, writeNewestSession} from '../../store/hook/event-append.js';
import {checkSessionFolder} from '../../store/hook/session.js';
import {readSessionFile, recordSessionProcess} from '../../store/hook/session-process.js';
import {writeAtomic} from '../../store/fs/atomic-write.js';
import {removeIfPresent} from '../../store/fs/errors.js';

type Log = (message: string) => void;

/** The git commit of the event's working folder; nothing outside a repository or on any error. */
export function gitOf(cwd: string | undefined, log: Log): GitState | undefined {
	if (!cwd) {
		return undefined;
	}
	try {
		return readGitState(cwd);
	} catch (error) {
		log(`git state of ${cwd}: ${error instanceof Error ? error.message : String(error)}`);
		return undefined;
	}
}

/**
 * The session of the event just recorded is the newest (store/activity/session-listing.ts
 * newestSessionId reads it). `folderChanged`: a file was renamed into its folder by this event.
 */
export function noteNewest(dir: string, sessionId: string, log: Log, folderChanged = false): void {
	const problem = writeNewestSession(dir, sessionId, folderChanged);
	if (problem) {
		log(problem);
	}
}

/** The event's line appended to the session's event log. */
export function appendLine(sessionDir: string, input: HookLineInput, log: Log): void {
	appendRaw(sessionDir, formatEventLine(hookEventLine(input)), log);
}

/** Lines already formatted appended to the session's event log. */
export function appendRaw(sessionDir: string, lines: string, log: Log): void {
	const problem = appendEventLine(sessionDir, lines);
	if (problem) {
		log(problem);
	}
}

/** The main session waits for the user, or no longer: `.main-waiting.json` written or removed. Never through a link (writeAtomic renames over it). */
export function setMainWaiting(
	sessionDir: string,
	waiting: {readonly since: string; readonly waitingFor: string; readonly transcriptPath?: string} | undefined,
): void {
	const file = join(sessionDir, MAIN_WAITING_NAME);
	if (waiting === undefined) {
		removeIfPresent(file);
		return;
	}
	writeAtomic(file, `${JSON.stringify(waiting)}\n`);
}

/** Whether the session already has a folder (it had agents): events of the session alone write only then. */
export function sessionFolderExists(sessionDir: string, log: Log): boolean {
	const folder = checkSessionFolder(sessionDir, false);
	if (!folder.ok) {
		log(`skipped: ${folder.problem}`);
		return false;
	}
	return folder.exists;
}

/** The session's Claude Code (or Codex) process, for watch's `p` (store/hook/session-process.ts): once, or `again` on a SessionStart (at `startAt`). */
export function noteProcess(sessionDir: string, ppid: number, again: boolean, log: Log, startAt?: string): void {
	try {
		recordSessionProcess(sessionDir, again, ppid, startAt === undefined ? {} : {sessionStartAt: startAt});
	} catch (error) {
		log(`the session's process was not recorded: ${error instanceof Error ? error.message : String(error)}`);
	}
}

/** The session's latest SessionStart as the session file keeps it; undefined when none is known. */
export function sessionStartOf(sessionDir: string, log: Log): string | undefined {
	try {
		return readSessionFile(sessionDir)?.sessionStartAt;
	} catch (error) {
		log(`the session's start was not read: ${error instanceof Error ? error.message : String(error)}`);
		return undefined;
	}
}
