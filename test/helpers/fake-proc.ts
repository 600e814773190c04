// A /proc of its own for the tests of the session's process: a folder per pid with its stat line.
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {tempDir} from './tmp.js';

/** A /proc of its own: each process's stat line. */
export function fakeProc(processes: ReadonlyArray<readonly [pid: number, comm: string, ppid: number, start?: number]>): string {
	const proc = tempDir('proc-');
	for (const [pid, comm, ppid, start = 5000 + pid] of processes) {
		mkdirSync(path.join(proc, String(pid)));
		writeFileSync(path.join(proc, String(pid), 'stat'), `${pid} (${comm}) S ${ppid} 1 1 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 ${start} 1 1 1\n`);
	}
	return proc;
}
