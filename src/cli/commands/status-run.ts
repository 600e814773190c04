// `agentlog status [session]`: one session's counts as one short line for a status bar. No npm
// package is reached from here (status-main.ts bundles it alone, to start about as fast as
// `node -e 0`); the commander command (status-command.ts) runs the same code.
//
// The counts are `sessions`'s for that session: its agent files read once, the transcripts of the
// agents whose transcripts can change a count (session-counts.ts transcriptCandidates) read under
// `<claude>/projects/`, and summarizeSession's rules (countSession), as readSessionInfos does for
// a session it has no cache for. The session cache is not used (one session's files are few); the
// transcripts' count facts are (count-facts.ts): only what was appended since the last run is read.
import {fstatSync, statSync} from 'node:fs';
import type {StatusCounts} from '../../core/monitor/view.js';
import {statusJson, statusLine, type StatusFormat} from '../../present/status-line.js';
import {safeJsonStringify} from '../../core/text/safe-text.js';
import {clockNow} from '../../app/env.js';
import type {Provider} from '../../core/record/provider.js';
import type {SessionRules} from '../../app/session/resolve.js';
import {statusCounts, statusMainWaiting} from '../../app/session/counts.js';

export interface StatusOptions extends SessionRules {
	readonly dir?: string;
	readonly format: StatusFormat;
}

/**
 * Whether `plain` is coloured: on a terminal, unless NO_COLOR (https://no-color.org) says not;
 * FORCE_COLOR forces it either way (as chalk reads it for the other commands).
 */
export function plainColour(env: NodeJS.ProcessEnv, isTTY: boolean): boolean {
	const force = env.FORCE_COLOR;
	if (force !== undefined && force !== '') {
		return force !== '0' && force !== 'false';
	}
	if (env.NO_COLOR) {
		return false;
	}
	return isTTY && env.TERM !== 'dumb';
}

/** What `status` prints: the line and a newline, nothing when nothing runs (plain, tmux), always a JSON line (json). */
export function statusOutput(
	sessionId: string | undefined,
	counts: StatusCounts,
	mainWaiting: boolean,
	format: StatusFormat,
	colour: boolean,
	provider: Provider = 'claude',
): string {
	if (format === 'json') {
		// The folder's name exactly; C1 and bidi characters written as \u escapes.
		return `${safeJsonStringify(statusJson(sessionId, counts, mainWaiting, provider))}\n`;
	}
	const line = statusLine(counts, format === 'tmux' ? 'tmux' : colour ? 'ansi' : 'none', mainWaiting);
	return line === '' ? '' : `${line}\n`;
}

/**
 * Whether stdout is a terminal, without node:tty (which loads node:net and the stream modules:
 * ~2 ms, a fifth of what a status run adds to `node -e 0`): a character device other than
 * /dev/null. Other character devices (/dev/zero, a serial line) count as terminals; colour sent
 * there is harmless. tmux's status bar reads a pipe, which is never coloured here.
 */
export function stdoutIsTerminal(): boolean {
	try {
		const out = fstatSync(1);
		if (!out.isCharacterDevice()) {
			return false;
		}
		const devNull = statSync('/dev/null', {throwIfNoEntry: false});
		return devNull === undefined || out.rdev !== devNull.rdev;
	} catch {
		return false;
	}
}

/** What `status` prints for a session already resolved (its files read now). */
export function statusText(activity: string, sessionId: string | undefined, options: StatusOptions): string {
	const {counts, provider} = statusCounts(activity, sessionId, options, clockNow());
	return statusOutput(sessionId, counts, statusMainWaiting(activity, sessionId), options.format, plainColour(process.env, stdoutIsTerminal()), provider);
}
