// The starts of sessions that have no folder yet (file-names.ts SESSION_STARTS_NAME). A session
// folder is made only when an agent runs, so that the many sessions that never run one leave
// nothing behind; their SessionStart (its `source`, `model`, cwd and git) waits here, in one
// bounded file of the activity folder, and the session's first agent event copies it into the
// new folder's log. Never through a symlink, never to a FIFO. Node built-ins only: the hook
// bundles this.
import {lstatSync, mkdirSync, renameSync} from 'node:fs';
import {join} from 'node:path';
import {SESSION_STARTS_LOCK_NAME, SESSION_STARTS_NAME} from '../../core/record/file-names.js';
import {isObject} from '../../core/record/json.js';
import {readRegularText} from '../fs/safe-file.js';
import {appendLines} from './event-append.js';

/** Past this size the file is renamed to `.1` and started again: the starts of the last few hundred sessions are kept. */
export const MAX_STARTS_BYTES = 64 * 1024;

/** A session has at most this many starts waiting (a start, then compactions, before any agent). */
const MAX_STARTS_PER_SESSION = 16;

/** Keeps the SessionStart line of a session with no folder. Returns a problem to log, or undefined. Never throws. */
export function notePendingStart(activity: string, line: string): string | undefined {
	const file = join(activity, SESSION_STARTS_NAME);
	try {
		const st = lstatSync(file, {throwIfNoEntry: false});
		if (st === undefined) {
			// Only then can the activity folder be missing: no mkdir at every SessionStart (the call's
			// first use costs a new process ~0.1 ms).
			mkdirSync(activity, {recursive: true});
		} else if (st.isFile() && st.size > MAX_STARTS_BYTES) {
			// rename never follows a link, at either name.
			renameSync(file, `${file}.1`);
		}
	} catch (error) {
		return `session start: ${file}: ${error instanceof Error ? error.message : String(error)}; not kept`;
	}
	return appendLines(file, line, join(activity, SESSION_STARTS_LOCK_NAME));
}

/**
 * The SessionStart lines kept for `sessionId`, oldest first, each ending in `\n`, exactly as they
 * were written (readers drop a line repeated whole, should two hooks copy them at once).
 */
export function pendingStarts(activity: string, sessionId: string): string[] {
	const found: string[] = [];
	const key = `"sessionId":${JSON.stringify(sessionId)}`;
	for (const name of [`${SESSION_STARTS_NAME}.1`, SESSION_STARTS_NAME]) {
		const read = readRegularText(join(activity, name), {maxBytes: 2 * MAX_STARTS_BYTES, overflow: 'truncate'});
		if (!read.ok) {
			continue;
		}
		for (const line of read.text.split('\n')) {
			if (!line.includes(key)) {
				continue;
			}
			let json: unknown;
			try {
				json = JSON.parse(line);
			} catch {
				continue;
			}
			if (isObject(json) && json.event === 'SessionStart' && json.sessionId === sessionId) {
				found.push(`${line}\n`);
			}
		}
	}
	return found.slice(-MAX_STARTS_PER_SESSION);
}
