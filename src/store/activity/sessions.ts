// Sessions under the activity folder, for `sessions`, `ls` and resolving a session argument.
import path from 'node:path';
import type {SessionInfo} from '../../core/monitor/sessions.js';
import {summarizeSession} from '../../core/monitor/sessions.js';
import {listSessionDirs, readSessionDir} from './read-agents.js';

/** A session with its folder's name made safe to show (`label`; `id` is the name as it is). */
export interface SessionListing extends SessionInfo {
	readonly label: string;
	/** Agent files that could not be read (invalid, not regular files, too large). */
	readonly warnings: number;
}

/**
 * Every session with its counts and last activity (reads every agent file once). `lastActivity`
 * is the newest agent timestamp, or the folder's mtime when no file is readable.
 */
export function readSessionInfos(activity: string, now: number, staleMs: number, dedup: boolean): SessionListing[] {
	return listSessionDirs(activity)
		.map(dir => {
			const {agents, invalid} = readSessionDir(path.join(activity, dir.id));
			const summary = summarizeSession(agents, now, staleMs, dedup);
			return {id: dir.id, label: dir.label, lastActivity: summary.lastActivity || dir.mtimeMs, counts: summary.counts, warnings: invalid.length};
		})
		.sort((a, b) => b.lastActivity - a.lastActivity || a.id.localeCompare(b.id));
}

/** Sessions from folder names and mtimes only, without opening an agent file (fast). */
export function sessionDirInfos(activity: string): SessionListing[] {
	return listSessionDirs(activity).map(dir => ({id: dir.id, label: dir.label, lastActivity: dir.mtimeMs, counts: {active: 0, idle: 0, stopped: 0}, warnings: 0}));
}
