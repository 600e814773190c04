// SessionStart and SessionEnd: events of the whole session. Session events of a session with no
// folder (no agent yet) make no folder: its SessionStart waits in one bounded file of the
// activity folder (session-starts.ts) and goes first into its log when an agent runs. SessionEnd
// marks the session's running agents interrupted.
import {dirname, join} from 'node:path';
import {interruptOnSessionEnd} from '../../core/hook/apply-event.js';
import type {HookEvent} from '../../core/hook/hook-event.js';
import {hookEventLine} from '../../core/hook/hook-line.js';
import {formatEventLine} from '../../core/record/event-line.js';
import {writeAtomic} from '../../store/fs/atomic-write.js';
import {acquireLock, releaseLock} from '../../store/hook/lock.js';
import {dropNotifyState} from '../../store/hook/notify-state.js';
import {agentLockFile, listAgentFiles, readAgentFile} from '../../store/hook/session.js';
import {notePendingStart} from '../../store/hook/session-starts.js';
import {AGENT_LOCK_WAIT_MS, type HookRun} from './hook-context.js';
import {appendLine, gitOf, noteNewest, noteProcess, sessionFolderExists, setMainWaiting} from './session-notes.js';

export function recordSessionEvent(run: HookRun, sessionDir: string, event: HookEvent, now: string): void {
	const {log, ppid, notify} = run.input;
	if (!sessionFolderExists(sessionDir, log)) {
		if (event.event === 'SessionStart') {
			const problem = notePendingStart(dirname(sessionDir), formatEventLine(hookEventLine({event, at: now, git: gitOf(event.cwd, log)})));
			if (problem) {
				log(problem);
			}
		}
		return;
	}
	if (event.event === 'SessionStart') {
		// A resumed session may run in another process: record it again, with the time it started
		// (a start after a SessionEnd is a resume once the session came back: apply-event.ts).
		noteProcess(sessionDir, ppid, true, log, now);
	}
	const git = gitOf(event.cwd, log);
	const interrupted: string[] = [];
	// A new start or the end of the session: the main session no longer waits.
	setMainWaiting(sessionDir, undefined);
	if (event.event === 'SessionStart' && !notify.on) {
		dropNotifyState(sessionDir);
	}
	if (event.event === 'SessionEnd') {
		for (const name of listAgentFiles(sessionDir)) {
			const agentId = name.slice(0, -'.json'.length);
			const file = join(sessionDir, name);
			// A file is replaced whole, so a read without the lock is a state it had: an agent that
			// had stopped by then needs nothing (no lock file made and removed for it).
			const seen = readAgentFile(file).record;
			if (!seen || !interruptOnSessionEnd(seen, event.reason, now)) {
				continue;
			}
			const lock = acquireLock(agentLockFile(sessionDir, agentId), AGENT_LOCK_WAIT_MS);
			try {
				const existing = readAgentFile(file).record;
				const next = existing && interruptOnSessionEnd(existing, event.reason, now);
				if (next) {
					writeAtomic(file, `${JSON.stringify(next, null, 2)}\n`);
					interrupted.push(agentId);
				}
			} finally {
				if (lock) {
					releaseLock(lock);
				}
			}
		}
	}
	appendLine(sessionDir, {event, at: now, interrupted, git}, log);
	noteNewest(dirname(sessionDir), event.sessionId, log);
}
