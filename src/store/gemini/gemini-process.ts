// Whether Gemini CLI still runs a session: Gemini writes no end for a subagent it was killed under
// (a closed terminal, SIGKILL), and holds none of its files open between writes (each record is an
// append that opens and closes the file), so what tells a cut child from a slow model call is the
// process itself. Gemini CLI runs in its project's folder (the folder its `tmp/<projectId>` is
// named for, written in `.project_root`), so: does a process of this user run Gemini CLI (an
// argument names `gemini`, as `node …/gemini-cli/bundle/gemini.js` or `node /usr/bin/gemini`) with
// that folder as its working folder, started before the child did? Seen in /proc; Linux only:
// elsewhere (no /proc) the answer is unknown and nothing changes. Bounded: at most MAX_PIDS
// processes, 4 KiB of each command line; other users' processes are not readable and are skipped
// (Gemini CLI runs as you).
import {closeSync, openSync, readdirSync, readlinkSync, readSync, realpathSync} from 'node:fs';
import path from 'node:path';
import {readRegularText} from '../fs/safe-file.js';

const MAX_PIDS = 8192;
const CMDLINE_BYTES = 4096;
/** /proc's start times are in clock ticks since boot; Linux gives user space 100 a second. */
const TICKS_PER_SECOND = 100;
/** A process counts as the child's runner when it started before the child, give or take this. */
const START_SLACK_MS = 2000;

/** `<gemini>/tmp/<projectId>/.project_root`: the folder Gemini CLI ran in for the session whose chats are in `chatsDir`. */
export function geminiProjectRoot(chatsDir: string): string | undefined {
	const r = readRegularText(path.join(path.dirname(chatsDir), '.project_root'), {maxBytes: 4096});
	if (!r.ok || r.truncated) {
		return undefined;
	}
	const root = r.text.trim();
	return path.isAbsolute(root) && !root.includes('\0') ? root : undefined;
}

function readSmall(file: string, max: number): string | undefined {
	let fd: number | undefined;
	try {
		fd = openSync(file, 'r');
		const buf = Buffer.alloc(max);
		const n = readSync(fd, buf, 0, max, null);
		return buf.subarray(0, n).toString('utf8');
	} catch {
		return undefined;
	} finally {
		if (fd !== undefined) {
			closeSync(fd);
		}
	}
}

/** An argument that names Gemini CLI: `gemini`, `gemini.js`, or a path through its package. */
function runsGemini(cmdline: string): boolean {
	return cmdline
		.split('\0')
		.slice(0, 4)
		.some(arg => /^gemini(?:\.[cm]?js)?$/u.test(path.basename(arg)) || arg.includes('/@google/gemini-cli/'));
}

/** When the machine booted (ms), from /proc/stat's `btime`. */
function bootMs(procRoot: string): number | undefined {
	const stat = readSmall(path.join(procRoot, 'stat'), 64 * 1024);
	const m = stat === undefined ? null : /^btime (\d+)$/mu.exec(stat);
	return m === null ? undefined : Number(m[1]) * 1000;
}

/** When a process started (ms), from /proc/<pid>/stat's 22nd field; undefined when it cannot be read. */
function startMs(procRoot: string, pid: string, boot: number | undefined): number | undefined {
	if (boot === undefined) {
		return undefined;
	}
	const stat = readSmall(path.join(procRoot, pid, 'stat'), 4096);
	const after = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
	// Fields from the third (state) on: the start time is the 22nd, index 19 here.
	const ticks = Number(after?.[19]);
	return Number.isFinite(ticks) ? boot + (ticks / TICKS_PER_SECOND) * 1000 : undefined;
}

/** A process running Gemini CLI: its working folder and when it started (ms; undefined when unreadable). */
export interface GeminiProcess {
	readonly cwd: string;
	readonly startMs: number | undefined;
}

/** The processes of this user that run Gemini CLI; undefined when it cannot be told (no /proc). */
export function geminiProcesses(procRoot = '/proc'): readonly GeminiProcess[] | undefined {
	let pids: string[];
	try {
		pids = readdirSync(procRoot).filter(n => /^\d+$/u.test(n));
	} catch {
		return undefined;
	}
	if (pids.length === 0) {
		return undefined;
	}
	const out: GeminiProcess[] = [];
	let boot: number | undefined | null = null;
	for (const pid of pids.slice(0, MAX_PIDS)) {
		if (pid === String(process.pid)) {
			continue;
		}
		const cmdline = readSmall(path.join(procRoot, pid, 'cmdline'), CMDLINE_BYTES);
		if (cmdline === undefined || !runsGemini(cmdline)) {
			continue;
		}
		let cwd: string;
		try {
			cwd = readlinkSync(path.join(procRoot, pid, 'cwd'));
		} catch {
			continue;
		}
		if (boot === null) {
			boot = bootMs(procRoot);
		}
		out.push({cwd, startMs: startMs(procRoot, pid, boot)});
	}
	return out;
}

/** Whether one of `processes` runs in `root` and started before `childStartMs` (give or take START_SLACK_MS; an unknown start counts as before). */
export function runsIn(processes: readonly GeminiProcess[], root: string, childStartMs: number): boolean {
	const wanted = new Set([root]);
	try {
		wanted.add(realpathSync(root));
	} catch {
		// The folder is gone: no process runs in it under that name but a deleted one.
	}
	return processes.some(p => wanted.has(p.cwd) && (p.startMs === undefined || p.startMs <= childStartMs + START_SLACK_MS));
}

/**
 * True when a process of this user runs Gemini CLI in `root` and started before `childStartMs`
 * (give or take START_SLACK_MS; a start time it cannot read counts as before); false when /proc
 * was read and none does; undefined when it cannot be told (no /proc).
 */
export function geminiRunsIn(root: string, childStartMs: number, procRoot = '/proc'): boolean | undefined {
	const processes = geminiProcesses(procRoot);
	return processes === undefined ? undefined : runsIn(processes, root, childStartMs);
}

/** How long one look at /proc is kept: at most one walk this often, however many sessions ask. */
const PROCESSES_EVERY_MS = 2000;
let remembered: {readonly at: number; readonly processes: readonly GeminiProcess[] | undefined} | undefined;

/** geminiRunsIn, from one walk of /proc kept for PROCESSES_EVERY_MS (every session asks the same walk). */
export function geminiRunning(root: string, childStartMs: number): boolean | undefined {
	const now = Date.now();
	if (remembered === undefined || now - remembered.at >= PROCESSES_EVERY_MS || now < remembered.at) {
		remembered = {at: now, processes: geminiProcesses()};
	}
	return remembered.processes === undefined ? undefined : runsIn(remembered.processes, root, childStartMs);
}
