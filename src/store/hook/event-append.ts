// Appending one line to a session's event log, <activity>/<sessionId>/events.jsonl (DESIGN.md §10):
// one `write` on a descriptor opened with O_APPEND, so lines of concurrent hooks never interleave
// (a local Linux or macOS file system appends a single write whole). Never through a symlink, never
// to a FIFO or anything but a regular file. Node built-ins only: the hook bundles this.
import {closeSync, constants, fstatSync, openSync, writeSync} from 'node:fs';
import {join} from 'node:path';
import {EVENT_LOG_NAME} from '../../core/record/file-names.js';

const APPEND = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT;
const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const NONBLOCK = constants.O_NONBLOCK ?? 0;

/**
 * Appends `line` (one JSON line ending in `\n`) to `<sessionDir>/events.jsonl`. Returns a problem
 * to log, or undefined when the line is on disk whole. Never throws.
 */
export function appendEventLine(sessionDir: string, line: string): string | undefined {
	const file = join(sessionDir, EVENT_LOG_NAME);
	let fd: number;
	try {
		// O_NOFOLLOW: a link at the name fails; O_NONBLOCK: a FIFO at the name cannot block the open.
		fd = openSync(file, APPEND | NOFOLLOW | NONBLOCK, 0o600);
	} catch (error) {
		return `event log ${file}: ${error instanceof Error ? error.message : String(error)}; the line is not recorded`;
	}
	try {
		if (!fstatSync(fd).isFile()) {
			return `event log ${file} is not a regular file; the line is not recorded`;
		}
		const bytes = Buffer.from(line, 'utf8');
		const written = writeSync(fd, bytes);
		return written === bytes.length ? undefined : `event log ${file}: only ${written} of ${bytes.length} bytes written (disk full?)`;
	} catch (error) {
		return `event log ${file}: ${error instanceof Error ? error.message : String(error)}; the line is not recorded`;
	} finally {
		closeSync(fd);
	}
}
