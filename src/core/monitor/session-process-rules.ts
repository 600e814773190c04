// Which process runs a session: its hook's parent chain read from Linux's /proc/<pid>/stat, the
// first process above the shells that ran the hook (Claude Code runs a command hook through a
// shell; agent-spy.sh is one more), recorded once in `<session>/.session-process.json` (again, with
// the time, on each SessionStart) with the tmux pane its environment names, if any; and the tmux
// pane whose process tree holds it. Pure: the reading is store/hook/session-process.ts's.

/** What /proc/<pid>/stat says of a process. */
export interface ProcStat {
	readonly pid: number;
	/** The executable's name as the kernel keeps it (15 characters at most). */
	readonly comm: string;
	readonly ppid: number;
	/** When it started, in clock ticks after boot: a pid used again by another process starts later. */
	readonly start: number;
}

/** `<session>/.session-process.json`: the session's Claude Code (or Codex) process. */
export interface SessionProcess {
	readonly pid: number;
	readonly start: number;
	readonly comm: string;
}

/** /proc/<pid>/stat's line → its fields; undefined for anything else. `comm` may hold spaces and `)`: the last `)` ends it. */
export function parseProcStat(text: string): ProcStat | undefined {
	const open = text.indexOf('(');
	const close = text.lastIndexOf(')');
	if (open < 1 || close < open) {
		return undefined;
	}
	const pid = Number(text.slice(0, open).trim());
	// After the comm: state (field 3), ppid (4) … starttime (22).
	// One space between fields, as the kernel writes them (a pattern here cost the hook ~0.4 ms a line).
	const rest = text
		.slice(close + 1)
		.trim()
		.split(' ');
	const ppid = Number(rest[1]);
	const start = Number(rest[19]);
	if (!Number.isSafeInteger(pid) || pid <= 0 || !Number.isSafeInteger(ppid) || ppid < 0 || !Number.isSafeInteger(start) || start < 0) {
		return undefined;
	}
	return {pid, comm: text.slice(open + 1, close), ppid, start};
}

/** The shells (and launchers) a hook command runs through; `agent-spy.sh` run by its `#!` line is named so. */
const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh', 'ash', 'busybox', 'fish', 'env', 'timeout', 'agent-spy.sh']);

/** A shell or launcher a hook command runs through, not the session's own process. */
export function isHookShell(comm: string): boolean {
	return SHELLS.has(comm);
}

/** How far up the hook looks: hook → agent-spy.sh → the hook runner's shell → Claude Code, with room to spare. */
export const MAX_CHAIN = 8;

/**
 * The session's process among the hook's ancestors (nearest first, starting with its parent): the
 * first that is not a shell (`claude`, or `node` for Claude Code run by Node; `codex`).
 */
export function sessionProcessOf(chain: readonly ProcStat[]): SessionProcess | undefined {
	const proc = chain.find(p => !isHookShell(p.comm));
	return proc === undefined || proc.pid <= 1 ? undefined : {pid: proc.pid, start: proc.start, comm: proc.comm};
}

/**
 * The tmux pane Claude Code runs in, as its environment says (`$TMUX_PANE`, and the server's socket
 * from `$TMUX`), which the hook inherits: `p` finds the pane by it where there is no /proc.
 */
export interface TmuxPlace {
	/** `%<digits>`. */
	readonly pane: string;
	/** The tmux server's socket: an absolute path of safe characters. */
	readonly socket: string;
}

/** A pane id as tmux writes it. */
const PANE_ID = /^%\d{1,9}$/u;
/** A socket path that is safe to hand to tmux and to show: absolute, short, no `..`, no spaces or controls. */
const SOCKET_PATH = /^\/[\w.@+=:,~/-]{1,254}$/u;
/** `$TMUX` is `<socket>,<server pid>,<session index>`. */
const TMUX_TAIL = /,\d{1,10},\d{1,10}$/u;

/** The server's socket `$TMUX` names; undefined when it is not `<socket>,<pid>,<index>` with a safe socket. */
export function tmuxSocketOf(tmux: string | undefined): string | undefined {
	if (tmux === undefined || tmux.length > 300) {
		return undefined;
	}
	const tail = TMUX_TAIL.exec(tmux);
	const socket = tail === null ? undefined : tmux.slice(0, tail.index);
	return socket !== undefined && SOCKET_PATH.test(socket) && !socket.split('/').includes('..') ? socket : undefined;
}

/** The pane and socket of `$TMUX_PANE` and `$TMUX` (hostile input: checked); undefined unless both are well formed. */
export function tmuxPlaceOf(tmux: string | undefined, pane: string | undefined): TmuxPlace | undefined {
	const socket = tmuxSocketOf(tmux);
	return socket !== undefined && pane !== undefined && PANE_ID.test(pane) ? {pane, socket} : undefined;
}

/**
 * `<session>/.session-process.json` as a whole: the session's process (when /proc told it), its
 * tmux pane (when its environment said one), and when the session last started (`sessionStartAt`,
 * ISO: the hook's time of its latest SessionStart).
 */
export interface SessionFile {
	readonly process?: SessionProcess;
	readonly tmux?: TmuxPlace;
	readonly sessionStartAt?: string;
}

/** The fields of a session file to write: each part given, flat (`pid`, `start`, `comm`, `tmuxPane`, `tmuxSocket`, `sessionStartAt`). */
export function sessionFileJson(file: SessionFile): string {
	return `${JSON.stringify({
		...file.process,
		...(file.tmux === undefined ? {} : {tmuxPane: file.tmux.pane, tmuxSocket: file.tmux.socket}),
		...(file.sessionStartAt === undefined ? {} : {sessionStartAt: file.sessionStartAt}),
	})}\n`;
}

/** An ISO time as the hook writes it (`2026-11-26T09:06:22.449Z`): anything else is not one. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/u;

/** A session file, checked part by part: a part that is not well formed is left out; undefined when the text is no JSON object. */
export function parseSessionFile(text: string): SessionFile | undefined {
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch {
		return undefined;
	}
	if (typeof json !== 'object' || json === null || Array.isArray(json)) {
		return undefined;
	}
	const {pid, start, comm, sessionStartAt, tmuxPane, tmuxSocket} = json as Record<string, unknown>;
	const process =
		typeof pid === 'number' && Number.isSafeInteger(pid) && pid > 1 && typeof start === 'number' && Number.isSafeInteger(start) && start >= 0
			? {pid, start, comm: typeof comm === 'string' ? comm.slice(0, 64) : ''}
			: undefined;
	const startAt = typeof sessionStartAt === 'string' && ISO_TIME.test(sessionStartAt) && !Number.isNaN(Date.parse(sessionStartAt)) ? sessionStartAt : undefined;
	const socket = typeof tmuxSocket === 'string' && SOCKET_PATH.test(tmuxSocket) && !tmuxSocket.split('/').includes('..') ? tmuxSocket : undefined;
	const tmux = socket !== undefined && typeof tmuxPane === 'string' && PANE_ID.test(tmuxPane) ? {pane: tmuxPane, socket} : undefined;
	return {
		...(process === undefined ? {} : {process}),
		...(tmux === undefined ? {} : {tmux}),
		...(startAt === undefined ? {} : {sessionStartAt: startAt}),
	};
}

/** A recorded session process, checked: undefined when the text is not one. */
export function parseSessionProcess(text: string): SessionProcess | undefined {
	return parseSessionFile(text)?.process;
}

/**
 * The tmux pane whose process tree holds `pid`: walking up from it (`parentOf`), the first process
 * that is some pane's own process (`#{pane_pid}`). `panes` is `tmux list-panes -a -F '#{pane_id} #{pane_pid}'`.
 */
export function paneOf(pid: number, panesText: string, parentOf: (pid: number) => number | undefined): string | undefined {
	const panes = new Map<number, string>();
	for (const line of panesText.split('\n')) {
		const match = /^(%\d+) (\d+)$/u.exec(line.trim());
		if (match) {
			panes.set(Number(match[2]), match[1]!);
		}
	}
	let current: number | undefined = pid;
	for (let step = 0; current !== undefined && current > 1 && step < 64; step++) {
		const pane = panes.get(current);
		if (pane !== undefined) {
			return pane;
		}
		current = parentOf(current);
	}
	return undefined;
}
