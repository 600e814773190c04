// Sessions under the activity folder, for `sessions`, `ls` and resolving a session argument.
// A session's last activity is its folder's mtime (the one rule: core/monitor/sessions.ts).
import path from 'node:path';
import {latestSession, summarizeSession, type SessionInfo} from '../../core/monitor/sessions.js';
import {listSessionDirs, readSessionDir} from './read-agents.js';

/** A session with its folder's name made safe to show (`label`; `id` is the name as it is). */
export interface SessionListing extends SessionInfo {
	readonly label: string;
	/** Agent files that could not be read (invalid, not regular files, too large). */
	readonly warnings: number;
}

/** Every session with its counts (reads every agent file once), newest first. */
export function readSessionInfos(activity: string, now: number, staleMs: number, dedup: boolean): SessionListing[] {
	return listSessionDirs(activity).map(dir => {
		const {agents, invalid} = readSessionDir(path.join(activity, dir.id));
		return {id: dir.id, label: dir.label, lastActivity: dir.mtimeMs, counts: summarizeSession(agents, now, staleMs, dedup), warnings: invalid.length};
	});
}

/** Sessions from folder names and mtimes only, without opening an agent file (fast), newest first. */
export function sessionDirInfos(activity: string): SessionListing[] {
	return listSessionDirs(activity).map(dir => ({id: dir.id, label: dir.label, lastActivity: dir.mtimeMs, counts: {active: 0, idle: 0, stopped: 0, stale: 0}, warnings: 0}));
}

/** The newest session's id (the one rule), or undefined when there is none; opens no agent file. */
export function newestSessionId(activity: string): string | undefined {
	return latestSession(sessionDirInfos(activity))?.id;
}
