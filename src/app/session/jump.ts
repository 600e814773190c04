// watch's `p`: switch tmux to the pane where an agent's session runs. The hook recorded the
// session's process (store/hook/session-process.ts); the pane is the one whose process tree holds
// it (core/monitor/session-process.ts paneOf), found in `tmux list-panes -a`. Every way it can fail
// is said in words the footer shows.
import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {paneOf} from '../../core/monitor/session-process.js';
import type {AgentRecord} from '../../core/record/agent-record.js';
import {shortId} from '../../core/text/format.js';
import {safeLine} from '../../core/text/safe-text.js';
import {readProcStat, readSessionProcess, type ProcOptions} from '../../store/hook/session-process.js';

/** Runs tmux with these arguments: its stdout, or why it failed. */
export type TmuxRunner = (args: readonly string[]) => {readonly ok: true; readonly stdout: string} | {readonly ok: false; readonly error: string};

export interface JumpOptions extends ProcOptions {
	/** `$TMUX`: set inside a tmux client's pane. */
	readonly tmuxEnv: string | undefined;
	readonly tmux: TmuxRunner;
	/** The session watched (an agent's record may not name its own). */
	readonly sessionId: string | undefined;
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
	if (options.proc === undefined && process.platform !== 'linux') {
		return 'p: finding the pane needs Linux (/proc): no process is recorded here';
	}
	const recorded = readSessionProcess(path.join(activity, sessionId));
	if (recorded === undefined) {
		return `p: session ${label} has no recorded process (an older hook: agentlog install-hook)`;
	}
	const now = readProcStat(recorded.pid, options);
	if (now === undefined || now.start !== recorded.start) {
		return `p: session ${label}'s ${safeLine(recorded.comm) || 'process'} (pid ${recorded.pid}) is gone`;
	}
	const panes = options.tmux(['list-panes', '-a', '-F', '#{pane_id} #{pane_pid}']);
	if (!panes.ok) {
		return `p: tmux list-panes failed: ${safeLine(panes.error)}`;
	}
	const pane = paneOf(recorded.pid, panes.stdout, pid => readProcStat(pid, options)?.ppid);
	if (pane === undefined) {
		return `p: no pane of this tmux server holds session ${label}'s ${safeLine(recorded.comm)} (pid ${recorded.pid})`;
	}
	for (const command of ['select-window', 'select-pane', 'switch-client']) {
		const done = options.tmux([command, '-t', pane]);
		if (!done.ok) {
			return `p: tmux ${command} -t ${pane} failed: ${safeLine(done.error)}`;
		}
	}
	return `p: switched to pane ${pane} (session ${label}, ${safeLine(recorded.comm)} pid ${recorded.pid})`;
}
