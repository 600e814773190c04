// Appending one line to a session's event log, <activity>/<sessionId>/events.jsonl (docs/design.md#the-event-log):
// one `write` on a descriptor opened with O_APPEND, so lines of concurrent hooks never interleave
// (a local Linux or macOS file system appends a single write whole). Never through a symlink, never
// to a FIFO or anything but a regular file. Node built-ins only: the hook bundles this.
import {closeSync, constants, fstatSync, ftruncateSync, lutimesSync, openSync, readSync, statSync, writeSync} from 'node:fs';
import {join} from 'node:path';
import {EVENT_LOG_LOCK_NAME, EVENT_LOG_NAME, NEWEST_SESSION_NAME} from '../../core/record/file-names.js';
import {acquireLock, releaseLock, type Lock} from './lock.js';

// Read and write: the last byte is read to see whether the log ends in a torn line.
const APPEND = constants.O_RDWR | constants.O_APPEND | constants.O_CREAT;
const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const NONBLOCK = constants.O_NONBLOCK ?? 0;

/** How long an appender waits for the log's lock (another holds it a fraction of a ms). */
export const LOG_LOCK_WAIT_MS = 1000;

/**
 * Appends `line` (one JSON line ending in `\n`) to `<sessionDir>/events.jsonl`. Returns a problem
 * to log, or undefined when the line is on disk whole. Never throws.
 *
 * A log that does not end in `\n` holds the torn end of a write (a hook killed mid-write, a full
 * disk): the line then starts with `\n`, in the same single write, so it is never glued onto the
 * torn part (which readers skip) and stays readable. The last byte is looked at, and the line
 * written, under the log's lock (`.+log.lock`): without it, another hook's write caught half done
 * (the kernel makes a write crossing a page visible page by page) looked torn, and the log gained a
 * blank line. Cheap: the size comes with the fstat already made, and only the last byte is read.
 */
export function appendEventLine(sessionDir: string, line: string): string | undefined {
	return appendLines(join(sessionDir, EVENT_LOG_NAME), line, join(sessionDir, EVENT_LOG_LOCK_NAME));
}

/**
 * Appends whole lines to a JSON-lines file as `appendEventLine` does (one write, after a torn end
 * on a line of its own), under `lockFile`, which every appender of `file` takes. A lock not had
 * within LOG_LOCK_WAIT_MS (its holder stuck, a folder that takes no new file) is gone without:
 * the line is recorded all the same.
 */
export function appendLines(file: string, line: string, lockFile: string): string | undefined {
	let lock: Lock | undefined;
	try {
		lock = acquireLock(lockFile, LOG_LOCK_WAIT_MS);
	} catch {
		lock = undefined;
	}
	try {
		return appendUnlocked(file, line);
	} finally {
		if (lock) {
			releaseLock(lock);
		}
	}
}

function appendUnlocked(file: string, line: string): string | undefined {
	let fd: number;
	try {
		// O_NOFOLLOW: a link at the name fails; O_NONBLOCK: a FIFO at the name cannot block the open.
		fd = openSync(file, APPEND | NOFOLLOW | NONBLOCK, 0o600);
	} catch (error) {
		return `event log ${file}: ${error instanceof Error ? error.message : String(error)}; the line is not recorded`;
	}
	try {
		const stats = fstatSync(fd);
		if (!stats.isFile()) {
			return `event log ${file} is not a regular file; the line is not recorded`;
		}
		const bytes = Buffer.from(endsTorn(fd, stats.size) ? `\n${line}` : line, 'utf8');
		const written = writeSync(fd, bytes);
		return written === bytes.length ? undefined : `event log ${file}: only ${written} of ${bytes.length} bytes written (disk full?)`;
	} catch (error) {
		return `event log ${file}: ${error instanceof Error ? error.message : String(error)}; the line is not recorded`;
	} finally {
		closeSync(fd);
	}
}

/** The file of `size` bytes is not empty and its last byte is not `\n`. A read error counts as whole. */
function endsTorn(fd: number, size: number): boolean {
	if (size === 0) {
		return false;
	}
	const last = Buffer.alloc(1);
	try {
		return readSync(fd, last, 0, 1, size - 1) === 1 && last[0] !== 0x0a;
	} catch {
		return false;
	}
}

const HINT = constants.O_RDWR | constants.O_CREAT;
/** The longest hint read back: a session id is at most 128 characters. */
const MAX_HINT_BYTES = 256;

/**
 * Marks the session of the event just recorded as the newest: its folder's time set to now (the
 * newest-session rule is the folder with the newest time; events that only append to the log
 * would otherwise leave it as it was), then `<activity>/.newest-session` made to name it. The
 * activity folder's time changes only when a session folder comes or goes, which is what readers
 * compare the hint's time with. `folderChanged`: this event already renamed a file into the
 * session's folder, which gave the folder the time of now; it is not set again.
 *
 * The hint is written only when it names another session, in place and cut to its new length
 * (never truncated to nothing first: ext4 then writes the file's blocks out at close, about
 * 0.3 ms on every event). When it already names this session it is left as it is, unless the
 * activity folder has changed since: then the same bytes are written again, for a new time.
 * Never through a link, never to a FIFO. A reader that catches it half written finds the new id
 * on its first line, or no usable id and looks at every folder instead. Best effort: returns a
 * problem, never throws.
 */
export function writeNewestSession(activity: string, sessionId: string, folderChanged = false): string | undefined {
	const file = join(activity, NEWEST_SESSION_NAME);
	if (!folderChanged) {
		try {
			const now = new Date();
			lutimesSync(join(activity, sessionId), now, now);
		} catch (error) {
			return `${sessionId}: ${error instanceof Error ? error.message : String(error)}`;
		}
	}
	let fd: number;
	try {
		fd = openSync(file, HINT | NOFOLLOW | NONBLOCK, 0o644);
	} catch (error) {
		return `${file}: ${error instanceof Error ? error.message : String(error)}`;
	}
	try {
		const stats = fstatSync(fd);
		if (!stats.isFile()) {
			return `${file} is not a regular file`;
		}
		const line = Buffer.from(`${sessionId}\n`, 'utf8');
		// The same bytes written again give it the kernel's time of now, as the folder's was set.
		if (holds(fd, stats.size, line) && stats.mtimeMs >= statSync(activity).mtimeMs) {
			return undefined;
		}
		writeSync(fd, line, 0, line.length, 0);
		if (stats.size > line.length) {
			ftruncateSync(fd, line.length);
		}
		return undefined;
	} catch (error) {
		return `${file}: ${error instanceof Error ? error.message : String(error)}`;
	} finally {
		closeSync(fd);
	}
}

/** The file of `size` bytes behind `fd` holds exactly `line`. */
function holds(fd: number, size: number, line: Buffer): boolean {
	if (size !== line.length || size > MAX_HINT_BYTES) {
		return false;
	}
	const held = Buffer.alloc(size);
	return readSync(fd, held, 0, size, 0) === size && held.equals(line);
}
