// Whether opencode still runs with a database: some process of this user holds the file (or its
// write-ahead log) open, as opencode does while it runs, seen in /proc/<pid>/fd. opencode writes no
// end for a subagent it was stopped under (Ctrl-C), so this is what tells a cut child from a slow
// one. Linux only: elsewhere (no /proc) the answer is unknown and nothing changes. Bounded: at most
// MAX_PIDS processes and MAX_FDS descriptors each are looked at; other users' processes are not
// readable and are skipped (opencode runs as you).
import {readdirSync, readlinkSync, realpathSync} from 'node:fs';
import path from 'node:path';

const MAX_PIDS = 8192;
const MAX_FDS = 4096;

/**
 * True when a process holds `file` or `file-wal` open; false when /proc was read and none does;
 * undefined when it cannot be told (no /proc, the file gone).
 */
export function opencodeHeld(file: string, procRoot = '/proc'): boolean | undefined {
	let wanted: Set<string>;
	let pids: string[];
	try {
		const real = realpathSync(file);
		wanted = new Set([real, `${real}-wal`, file, `${file}-wal`]);
		pids = readdirSync(procRoot).filter(n => /^\d+$/u.test(n));
	} catch {
		return undefined;
	}
	if (pids.length === 0) {
		return undefined;
	}
	for (const pid of pids.slice(0, MAX_PIDS)) {
		if (pid === String(process.pid)) {
			continue;
		}
		const fdDir = path.join(procRoot, pid, 'fd');
		let fds: string[];
		try {
			fds = readdirSync(fdDir);
		} catch {
			continue;
		}
		for (const fd of fds.slice(0, MAX_FDS)) {
			try {
				if (wanted.has(readlinkSync(path.join(fdDir, fd)))) {
					return true;
				}
			} catch {
				// Closed while looked at.
			}
		}
	}
	return false;
}
