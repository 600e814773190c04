// The bounds, windows and reasons the hook and every reader of its records agree on: shared
// formats, so they live with the records, not with the hook that writes them. Pure.
import {foldedPrefix} from '../text/bounded.js';

/**
 * The stop reason of an agent that died on an error (Claude Code's StopFailure: an API error):
 * `stop-failure:<error>`. It stops the agent as failed, at the time it failed.
 */
export const STOP_FAILURE_PREFIX = 'stop-failure:';

/** A stop reason that says the agent failed. */
export function isFailure(reason: string | undefined): boolean {
	return reason?.startsWith(STOP_FAILURE_PREFIX) === true;
}

/**
 * The stop reason of an agent the user stopped from agentlog (`agentlog stop`, `x` in watch): the
 * hook denied its next tool call with `continue: false`. Claude Code sends no SubagentStop then, so
 * the hook's own line is the stop. Its own lifecycle state: never `interrupted` or `failed`.
 */
export const USER_STOP_REASON = 'user-stop';

/**
 * The event of the log line the hook writes when it carries out the user's stop: Claude Code sends
 * no SubagentStop for an agent a hook stopped, so this line is its stop.
 */
export const USER_STOP_EVENT = 'UserStop';

/**
 * What the hook answers the stopped agent (`permissionDecisionReason` and `stopReason`): the agent
 * and its parent read it (`PreToolUse:Bash hook error: <this>`), and the agent's transcript keeps it
 * in its `hook_stopped_continuation`, which is how a stop by agentlog is told from another hook's.
 */
export const USER_STOP_MESSAGE = 'Stopped by the user from agentlog (agentlog stop): this agent must end now; do not retry or continue its task.';

/** A stop reason that says the user stopped the agent from agentlog. */
export function isUserStop(reason: string | undefined): boolean {
	return reason === USER_STOP_REASON;
}

/**
 * The stop reason of an agent another tool's hook stopped (`continue: false`, seen in its
 * transcript's `hook_stopped_continuation`): `hook-stop:<the hook's stopReason>`.
 */
export const HOOK_STOP_PREFIX = 'hook-stop:';

/** How much of a failure's error goes into its stop reason. */
export const FAILURE_ERROR_CHARS = 200;

/** The stop reason of a StopFailure: its error, one short line (`unknown` when it gave none). */
export function failureReason(error: unknown): string {
	const text = typeof error === 'string' ? foldedPrefix(error, FAILURE_ERROR_CHARS) : '';
	return `${STOP_FAILURE_PREFIX}${text || 'unknown'}`;
}

/** How much of a cut message is kept (characters). */
export const CUT_MESSAGE_CHARS = 1024 * 1024;

/**
 * How long after a stop a line can still be one from before it. The hook knows only its own start
 * time as the event time, and hook processes started at one moment reach the file in any order:
 * on a busy machine a start fired just before a stop can begin a few hundred ms after it. Such a
 * start finds the agent recorded by its stop with its start unknown, and only supplies the start.
 * Any other start after a stop is a resume, however soon: SendMessage resumes a finished agent
 * 0.35-1 s after its stop (Claude Code 2.1.328). An idle this soon after a stop is from before it.
 */
export const RESUME_AFTER_STOP_MS = 1500;
