// watch's `p`: switch tmux to the pane where an agent's session runs. The hook recorded the pane
// its environment named (`$TMUX_PANE`) and, on Linux, the session's process
// (store/hook/session-process.ts); without a recorded pane, the pane is the one whose process tree
// holds the process (core/monitor/session-process-rules.ts paneOf), found in `tmux list-panes -a`. Every
// way it can fail is said in words the footer shows.
import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {paneOf, tmuxSocketOf, type SessionProcess, type TmuxPlace} from '../../core/monitor/session-process-rules.js';
import type {AgentRecord} from '../../core/record/agent-record.js';
import {shortId} from '../../core/text/format.js';
import {safeLine} from '../../core/text/safe-text.js';
import {readProcStat, readSessionFile, type ProcOptions} from '../../store/hook/session-process.js';

/** Runs tmux with these arguments: its stdout, or why it failed. */
export type TmuxRunner = (args: readonly string[]) => {readonly ok: true; readonly stdout: string} | {readonly ok: false; readonly error: string};

export interface JumpOptions extends ProcOptions {
	/** `$TMUX`: set inside a tmux client's pane. */
	readonly tmuxEnv: string | undefined;
	readonly tmux: TmuxRunner;
	/** The session watched (an agent's record may not name its own). */
	readonly sessionId: string | undefined;
	/** The platform (tests; default: this one): /proc is there only on Linux, unless `proc` names a folder. */
	readonly platform?: NodeJS.Platform;
}

/** tmux from PATH, two seconds at most. */
export const runTmux: TmuxRunner = args => {
	const run = spawnSync('tmux', args, {encoding: 'utf8', timeout: 2000, stdio: ['ignore', 'pipe', 'pipe']});
	if (run.error !== undefined) {
		return {ok: false, error: run.error.message};
	}
	return run.status === 0 ? {ok: true, stdout: run.stdout} : {ok: false, error: run.stderr.trim() || `exit ${run.status}`};
};

/** Switches tmux to the pane of the agent's session; says what it did, or why it could not. */
export function jumpToAgent(activity: string, agent: AgentRecord, options: JumpOptions): string {
	const sessionId = agent.sessionId ?? options.sessionId;
	if (sessionId === undefined) {
		return 'p: this agent names no session';
	}
	const label = shortId(safeLine(sessionId));
	if (options.tmuxEnv === undefined || options.tmuxEnv === '') {
		return 'p: not inside tmux ($TMUX is not set): run watch in a tmux pane to jump';
	}
	const hasProc = options.proc !== undefined || (options.platform ?? process.platform) === 'linux';
	const recorded = readSessionFile(path.join(activity, sessionId));
	if (recorded?.tmux !== undefined) {
		return jumpToRecordedPane(recorded.tmux, hasProc ? recorded.process : undefined, label, options);
	}
	if (!hasProc) {
		return `p: session ${label} recorded no tmux pane, and finding it without one needs Linux (/proc)`;
	}
	const session = recorded?.process;
	if (session === undefined) {
		return `p: session ${label} has no recorded process (an older hook: agentlog install-hook)`;
	}
	const gone = goneText(session, label, options);
	if (gone !== undefined) {
		return gone;
	}
	const panes = options.tmux(['list-panes', '-a', '-F', '#{pane_id} #{pane_pid}']);
	if (!panes.ok) {
		return `p: tmux list-panes failed: ${safeLine(panes.error)}`;
	}
	const pane = paneOf(session.pid, panes.stdout, pid => readProcStat(pid, options)?.ppid);
	if (pane === undefined) {
		return `p: no pane of this tmux server holds session ${label}'s ${safeLine(session.comm)} (pid ${session.pid})`;
	}
	return switchTo(pane, `session ${label}, ${safeLine(session.comm)} pid ${session.pid}`, options);
}

/** Why the recorded process cannot be the session's any more (gone, or its pid used again); undefined while it runs. */
function goneText(recorded: SessionProcess, label: string, options: ProcOptions): string | undefined {
	const now = readProcStat(recorded.pid, options);
	return now === undefined || now.start !== recorded.start
		? `p: session ${label}'s ${safeLine(recorded.comm) || 'process'} (pid ${recorded.pid}) is gone`
		: undefined;
}

/**
 * The pane the session's environment named (`$TMUX_PANE`, recorded by the hook): on watch's own
 * tmux server only, while it exists, and, where /proc tells, while the session's process runs.
 */
function jumpToRecordedPane(place: TmuxPlace, session: SessionProcess | undefined, label: string, options: JumpOptions): string {
	if (tmuxSocketOf(options.tmuxEnv) !== place.socket) {
		return `p: session ${label} runs in another tmux server (${place.socket})`;
	}
	if (session !== undefined) {
		const gone = goneText(session, label, options);
		if (gone !== undefined) {
			return gone;
		}
	}
	const panes = options.tmux(['list-panes', '-a', '-F', '#{pane_id}']);
	if (!panes.ok) {
		return `p: tmux list-panes failed: ${safeLine(panes.error)}`;
	}
	if (!panes.stdout.split('\n').some(line => line.trim() === place.pane)) {
		return `p: pane ${place.pane} of session ${label} is gone`;
	}
	return switchTo(place.pane, session === undefined ? `session ${label}` : `session ${label}, ${safeLine(session.comm)} pid ${session.pid}`, options);
}

function switchTo(pane: string, what: string, options: JumpOptions): string {
	for (const command of ['select-window', 'select-pane', 'switch-client']) {
		const done = options.tmux([command, '-t', pane]);
		if (!done.ok) {
			return `p: tmux ${command} -t ${pane} failed: ${safeLine(done.error)}`;
		}
	}
	return `p: switched to pane ${pane} (${what})`;
}
