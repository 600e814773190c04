// A stop by a hook, as an agent's transcript tells it: Claude Code writes an `attachment` line
// `{type: "hook_stopped_continuation", message: <the hook's stopReason>, hookName, toolUseID,
// hookEvent}` when a hook answered `continue: false` (2.1.328). No SubagentStop comes for such an
// agent, so this line is what tells afterwards that it was stopped, and by whom: agentlog's own
// message says the user stopped it from agentlog; any other message is another tool's hook. Pure.
import {isObject, str, type Json} from '../record/json.js';
import {head} from '../text/bounded.js';
import {safeLine} from '../text/safe-text.js';
import {HOOK_STOP_PREFIX, USER_STOP_MESSAGE, USER_STOP_REASON} from '../record/limits.js';

/** How much of another hook's message is kept. */
export const HOOK_STOP_MESSAGE_CHARS = 200;

export interface HookStop {
	/** The line's time (ms), when it had one. */
	readonly at: number | undefined;
	/** True when agentlog's hook stopped it for the user. */
	readonly byUser: boolean;
	/** The hook's message: one safe line, bounded. */
	readonly message: string;
}

/** The stop a transcript line records, or undefined for any other line. */
export function hookStopOf(line: Json): HookStop | undefined {
	if (line.type !== 'attachment' || !isObject(line.attachment) || line.attachment.type !== 'hook_stopped_continuation') {
		return undefined;
	}
	const message = str(line.attachment.message) ?? '';
	const at = Date.parse(str(line.timestamp) ?? '');
	return {
		at: Number.isNaN(at) ? undefined : at,
		byUser: message === USER_STOP_MESSAGE,
		message: head(safeLine(head(message, HOOK_STOP_MESSAGE_CHARS * 2)), HOOK_STOP_MESSAGE_CHARS),
	};
}

/** The stop reason of a hook's stop: `user-stop` for agentlog's, else `hook-stop:<message>`. */
export function hookStopReason(stop: Pick<HookStop, 'byUser' | 'message'>): string {
	return stop.byUser ? USER_STOP_REASON : `${HOOK_STOP_PREFIX}${stop.message || 'no reason given'}`;
}
