// The session's process, read from Linux's /proc and kept in `<session>/.session-process.json`
// with the tmux pane its environment names (`$TMUX_PANE`, `$TMUX`): the hook records it once
// (core/monitor/session-process-rules.ts says which ancestor it is); watch's `p` reads it back. Node
// built-ins only: the hook bundles this. Elsewhere than Linux only the pane is recorded (macOS
// has no /proc, and running `ps` would cost the hook tens of milliseconds).
import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {
	isHookShell,
	MAX_CHAIN,
	parseProcStat,
	parseSessionFile,
	sessionFileJson,
	sessionProcessOf,
	tmuxPlaceOf,
	type ProcStat,
	type SessionFile,
	type SessionProcess,
} from '../../core/monitor/session-process-rules.js';
import {SESSION_PROCESS_NAME} from '../../core/record/file-names.js';
import {writeAtomic} from '../fs/atomic-write.js';
import {readRegularText} from '../fs/safe-file.js';

/** Where /proc is (tests give a folder of their own). */
export interface ProcOptions {
	readonly proc?: string;
}

/** /proc/<pid>/stat, parsed; undefined when the process is gone or there is no /proc. */
export function readProcStat(pid: number, options: ProcOptions = {}): ProcStat | undefined {
	try {
		return parseProcStat(readFileSync(join(options.proc ?? '/proc', String(pid), 'stat'), 'utf8'));
	} catch {
		return undefined;
	}
}

export interface RecordOptions extends ProcOptions {
	/** A SessionStart's time (ISO): written with the process, whatever /proc says. */
	readonly sessionStartAt?: string;
	/** Where `$TMUX` and `$TMUX_PANE` are read (default: this process's environment, which Claude Code's hooks inherit). */
	readonly env?: Readonly<Record<string, string | undefined>>;
}

/** The session's process among the hook's ancestors, from `from` up; undefined without /proc. */
function findSessionProcess(from: number, options: ProcOptions): SessionProcess | undefined {
	if ((options.proc === undefined && process.platform !== 'linux') || from <= 1) {
		return undefined;
	}
	const chain: ProcStat[] = [];
	for (let pid = from; pid > 1 && chain.length < MAX_CHAIN;) {
		const stat = readProcStat(pid, options);
		if (stat === undefined) {
			break;
		}
		chain.push(stat);
		if (!isHookShell(stat.comm)) {
			// The session's process: what runs above it is never needed.
			break;
		}
		pid = stat.ppid;
	}
	return sessionProcessOf(chain);
}

/**
 * Records the session's process and tmux pane when they are not recorded yet (`again`: a
 * SessionStart, where a resumed session may run in a new process; its time goes with it,
 * `sessionStartAt`). Costs one existsSync when it is recorded (none where there is neither /proc
 * nor `$TMUX_PANE`); else a few /proc reads and one small write.
 */
export function recordSessionProcess(sessionDir: string, again: boolean, from: number = process.ppid, options: RecordOptions = {}): void {
	const env = options.env ?? process.env;
	const inTmux = env.TMUX_PANE !== undefined;
	if (options.sessionStartAt === undefined && !inTmux && ((options.proc === undefined && process.platform !== 'linux') || from <= 1)) {
		return;
	}
	const file = join(sessionDir, SESSION_PROCESS_NAME);
	if (!again && existsSync(file)) {
		return;
	}
	const found = findSessionProcess(from, options);
	const tmux = inTmux ? tmuxPlaceOf(env.TMUX, env.TMUX_PANE) : undefined;
	if (found !== undefined || tmux !== undefined || options.sessionStartAt !== undefined) {
		writeAtomic(
			file,
			sessionFileJson({
				...(found === undefined ? {} : {process: found}),
				...(tmux === undefined ? {} : {tmux}),
				...(options.sessionStartAt === undefined ? {} : {sessionStartAt: options.sessionStartAt}),
			}),
		);
	}
}

/** The session file (its recorded process, its latest start), if any. */
export function readSessionFile(sessionDir: string): SessionFile | undefined {
	const read = readRegularText(join(sessionDir, SESSION_PROCESS_NAME), {maxBytes: 4096});
	return read.ok ? parseSessionFile(read.text) : undefined;
}

/** The recorded process of a session, if any. */
export function readSessionProcess(sessionDir: string): SessionProcess | undefined {
	return readSessionFile(sessionDir)?.process;
}
