// Which session a reading command reads, by one rule (docs/commands.md#which-session): the session
// argument resolved (resolve.ts: an exact id, a team name, `session-<8>`, a unique prefix), else
// the newest session of those the command can read: any tool's (codex-scan.ts newestAnySession),
// or, for the commands that replay agentlog's event log, the newest session folder in the
// activity folder (the only sessions with a log).
import {newestSessionId} from '../../store/activity/session-listing.js';
import {newestAnySession} from './codex-scan.js';
import {resolveSessionArg, type SessionRules} from './resolve.js';

/** The sessions a command can read: every tool's, or those with an event log (replay, watch --at). */
export type SessionKinds = 'any' | 'logged';

/**
 * The session id the argument names (exit 1 or 2 with the closest sessions when it names none:
 * `commands` are the command names a mistyped word is checked against), else the newest session
 * of `kinds`; undefined when there is none.
 */
export function pickSession(
	arg: string | undefined,
	activity: string,
	options: SessionRules,
	commands: readonly string[],
	kinds: SessionKinds = 'any',
): string | undefined {
	if (arg !== undefined) {
		return resolveSessionArg(arg, activity, options, commands);
	}
	return kinds === 'any' ? newestAnySession(activity, options) : newestSessionId(activity);
}
