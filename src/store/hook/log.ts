// The hook's problem log, <activity>/.agentlog-hook.log: small and rotated, and never written
// through a symlink (a planted link would make the hook append to its target). Best effort: a log
// that cannot be written is skipped. Node built-ins only: the hook bundles this.
import {closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, renameSync, writeSync} from 'node:fs';
import {join} from 'node:path';
import {HOOK_LOG_NAME} from '../../core/paths.js';

/** Past this size the log is renamed to `.1` (replacing the older one) and started again. */
export const MAX_LOG_BYTES = 256 * 1024;

const APPEND = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT;
const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const NONBLOCK = constants.O_NONBLOCK ?? 0;

export function hookLog(dir: string, message: string, now = new Date()): void {
	try {
		mkdirSync(dir, {recursive: true});
		const file = join(dir, HOOK_LOG_NAME);
		try {
			const st = lstatSync(file);
			if (!st.isFile()) {
				return;
			}
			if (st.size > MAX_LOG_BYTES) {
				// rename never follows a link, at either name.
				renameSync(file, `${file}.1`);
			}
		} catch {
			// No log yet.
		}
		// O_NOFOLLOW: a link planted after the check still fails; O_NONBLOCK: a FIFO cannot block.
		const fd = openSync(file, APPEND | NOFOLLOW | NONBLOCK, 0o600);
		try {
			if (fstatSync(fd).isFile()) {
				writeSync(fd, `${now.toISOString()} ${message.slice(0, 2000)}\n`);
			}
		} finally {
			closeSync(fd);
		}
	} catch {
		// Logging is best effort; the hook must still exit 0.
	}
}
