// The stop requests on disk: `<activity>/.stop-requests/<sessionId>.json` (core/stop/stop-request.ts)
// and the flag `<activity>/.stop-pending` the hook's launcher looks at before it starts Node.
// Written only by agentlog (`agentlog stop`, `x` in watch); the hook reads them and removes a
// file whose requests are all carried out or expired, and the flag when no file is left.
//
// A request can stop agents, so the hook takes one only when nobody else could have written it:
// the folder and the file owned by this user, neither writable by group or others, the file a
// regular file (never through a symlink, never a FIFO) of sane size, whole and valid. Anything
// else stops nothing and is logged. Node built-ins only: the hook bundles this.
import {closeSync, fchmodSync, lstatSync, mkdirSync, readdirSync, renameSync, type Stats} from 'node:fs';
import {join} from 'node:path';
import {isSafeId} from '../../core/record/agent-record.js';
import {fail, ok, type Result} from '../../core/result.js';
import {formatStopFile, MAX_STOP_FILE_BYTES, parseStopFile, type StopFile} from '../../core/stop/stop-request.js';
import {writeNewFile} from '../fs/atomic-write.js';
import {codeOf, removeIfPresent} from '../fs/errors.js';
import {openRegularFile} from '../fs/safe-file.js';
import {readFull} from '../fs/read-full.js';

/** The folder of the requests, inside the activity folder. */
export const STOP_DIR_NAME = '.stop-requests';
/** The flag the launcher tests (hooks/agent-spy.sh): present while any request may be pending. */
export const STOP_FLAG_NAME = '.stop-pending';

export function stopDir(activity: string): string {
	return join(activity, STOP_DIR_NAME);
}

export function stopFlag(activity: string): string {
	return join(activity, STOP_FLAG_NAME);
}

export function stopFilePath(activity: string, sessionId: string): string {
	return join(stopDir(activity), `${sessionId}.json`);
}

/** This process's user id (undefined where there is none: Windows). */
function uid(): number | undefined {
	return typeof process.getuid === 'function' ? process.getuid() : undefined;
}

/** Why a file or folder is not one only this user could have written; undefined when it is. */
export function notOwnedProblem(st: Stats, what: string, user = uid()): string | undefined {
	if (user !== undefined && st.uid !== user) {
		return `${what} is owned by user ${st.uid}, not by this user (${user})`;
	}
	if ((st.mode & 0o022) !== 0) {
		return `${what} is writable by group or others (mode ${(st.mode & 0o777).toString(8)})`;
	}
	return undefined;
}

/** What reading a session's stop file found: nothing (the usual case), a valid file, or why it was refused. */
export type StopFileRead = {readonly kind: 'none'} | {readonly kind: 'file'; readonly file: StopFile} | {readonly kind: 'refused'; readonly problem: string};

/** Reads the session's stop file under the rules above. */
export function readStopFile(activity: string, sessionId: string): StopFileRead {
	if (!isSafeId(sessionId)) {
		return {kind: 'refused', problem: `unsafe session id ${JSON.stringify(sessionId)}`};
	}
	const dir = stopDir(activity);
	let dirStat: Stats | undefined;
	try {
		dirStat = lstatSync(dir, {throwIfNoEntry: false});
	} catch (error) {
		return {kind: 'refused', problem: `${dir}: ${codeOf(error) ?? String(error)}`};
	}
	if (dirStat === undefined) {
		return {kind: 'none'};
	}
	if (!dirStat.isDirectory()) {
		return {kind: 'refused', problem: `${dir} is not a folder (a symlink?)`};
	}
	const dirProblem = notOwnedProblem(dirStat, dir);
	if (dirProblem !== undefined) {
		return {kind: 'refused', problem: dirProblem};
	}
	const file = stopFilePath(activity, sessionId);
	const opened = openRegularFile(file);
	if (!opened.ok) {
		return opened.reason === 'missing' ? {kind: 'none'} : {kind: 'refused', problem: `${file} ${opened.message}`};
	}
	try {
		const problem = notOwnedProblem(opened.stats, file);
		if (problem !== undefined) {
			return {kind: 'refused', problem};
		}
		if (opened.stats.size > MAX_STOP_FILE_BYTES) {
			return {kind: 'refused', problem: `${file} is ${opened.stats.size} bytes, over ${MAX_STOP_FILE_BYTES}`};
		}
		const data = Buffer.allocUnsafe(opened.stats.size);
		const got = readFull(opened.fd, data, 0);
		const parsed = parseStopFile(data.subarray(0, got).toString('utf8'), sessionId);
		return parsed.ok ? {kind: 'file', file: parsed.value} : {kind: 'refused', problem: `${file}: ${parsed.error}`};
	} catch (error) {
		return {kind: 'refused', problem: `${file}: ${codeOf(error) ?? String(error)}`};
	} finally {
		closeSync(opened.fd);
	}
}

/** Makes the requests folder (mode 0700), or checks the one there is. */
function ensureStopDir(activity: string): Result<string> {
	const dir = stopDir(activity);
	try {
		mkdirSync(activity, {recursive: true, mode: 0o700});
		mkdirSync(dir, {mode: 0o700});
	} catch (error) {
		if (codeOf(error) !== 'EEXIST') {
			return fail(`cannot make ${dir}: ${codeOf(error) ?? String(error)}`);
		}
	}
	const st = lstatSync(dir, {throwIfNoEntry: false});
	if (st === undefined || !st.isDirectory()) {
		return fail(`${dir} is not a folder (a symlink?): remove it and try again`);
	}
	const problem = notOwnedProblem(st, dir);
	return problem === undefined ? ok(dir) : fail(`${problem}: the hook would ignore requests in it; remove it and try again`);
}

/** Writes `text` to `file` whole (temp file, mode 0600 whatever the umask, then rename). */
function writePrivate(file: string, text: string): void {
	const tmp = `${file}.${process.pid}.${Date.now().toString(36)}.tmp`;
	writeNewFile(tmp, text, 0o600);
	try {
		// The umask may have left group bits even of 0600; the mode is set exactly.
		setMode(tmp);
		renameSync(tmp, file);
	} catch (error) {
		removeIfPresent(tmp);
		throw error;
	}
}

function setMode(file: string): void {
	const opened = openRegularFile(file);
	if (!opened.ok) {
		throw new Error(`${file} ${opened.message}`);
	}
	try {
		fchmodSync(opened.fd, 0o600);
	} finally {
		closeSync(opened.fd);
	}
}

/**
 * Writes the session's stop file (none left when it has no request) and sets or clears the flag.
 * The file is written before the flag: the launcher never sees the flag without the file.
 */
export function writeStopFile(activity: string, file: StopFile): Result<string> {
	const dir = ensureStopDir(activity);
	if (!dir.ok) {
		return dir;
	}
	const path = stopFilePath(activity, file.sessionId);
	try {
		if (file.requests.length === 0) {
			removeIfPresent(path);
			clearFlagIfIdle(activity);
		} else {
			writePrivate(path, formatStopFile(file));
			writePrivate(stopFlag(activity), '');
		}
	} catch (error) {
		return fail(`cannot write ${path}: ${error instanceof Error ? error.message : String(error)}`);
	}
	return ok(path);
}

/** The sessions that have a stop file. */
export function sessionsWithRequests(activity: string): string[] {
	try {
		return readdirSync(stopDir(activity))
			.filter(name => name.endsWith('.json') && !name.startsWith('.'))
			.map(name => name.slice(0, -'.json'.length))
			.filter(isSafeId);
	} catch {
		return [];
	}
}

/**
 * Removes the flag when no session has a stop file: an idle tool call then costs no Node start.
 * A request written meanwhile (its file comes before its flag) is seen by the second look, and
 * the flag is put back.
 */
export function clearFlagIfIdle(activity: string): void {
	if (sessionsWithRequests(activity).length > 0) {
		return;
	}
	removeIfPresent(stopFlag(activity));
	if (sessionsWithRequests(activity).length > 0) {
		try {
			writePrivate(stopFlag(activity), '');
		} catch {
			// The next request's write sets it.
		}
	}
}

/** Removes the session's stop file (all its requests carried out or expired), then the flag when it was the last. */
export function removeStopFile(activity: string, sessionId: string): void {
	removeIfPresent(stopFilePath(activity, sessionId));
	clearFlagIfIdle(activity);
}
