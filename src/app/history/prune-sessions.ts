// `agentlog prune`'s use case: the retention (the option, else AGENTLOG_RETENTION, else 30 days;
// a bad variable refused, as prune removes files), and the sessions removed (store/history/prune.ts),
// a tool's folder in the way or an unreadable activity folder said as a user error.
import {RETENTION_ENV, retentionFrom} from '../../core/history/retention.js';
import {toolFolderFix} from '../../core/history/ownership.js';
import {safeLine} from '../../core/text/safe-text.js';
import {CliError} from '../../core/user-error.js';
import {codeOf} from '../../store/fs/errors.js';
import {pruneSessions, toolHomesFrom, ToolFolderError, type PruneResult} from '../../store/history/prune.js';
import {env} from '../env.js';

export interface PruneRequest {
	readonly activity: string;
	/** --older-than, when given. */
	readonly olderThan: number | undefined;
	readonly now: number;
	readonly dryRun: boolean;
	readonly staleMs: number;
}

/** --older-than, else AGENTLOG_RETENTION, else 30 days. An invalid AGENTLOG_RETENTION is refused: prune removes files, it does not guess. */
function retentionMs(olderThanMs: number | undefined, vars: NodeJS.ProcessEnv): number {
	if (olderThanMs !== undefined) {
		return olderThanMs;
	}
	const retention = retentionFrom(vars);
	if (retention.warning !== undefined) {
		throw new CliError(`${RETENTION_ENV} is not a retention: ${retention.warning.replace(/; using the default, 30d$/, '')}\n(fix it, or give --older-than)`, 2);
	}
	return retention.ms;
}

/** The sessions removed (or, with dryRun, that would be), and the retention that decided it. */
export function pruneHistory(request: PruneRequest): {readonly olderThanMs: number; readonly result: PruneResult} {
	const {activity, now, dryRun, staleMs} = request;
	const olderThanMs = retentionMs(request.olderThan, env().vars);
	const homes = toolHomesFrom(env().vars, env().home);
	try {
		return {olderThanMs, result: pruneSessions(activity, {now, olderThanMs, dryRun, staleMs, homes})};
	} catch (error) {
		if (error instanceof ToolFolderError) {
			throw new CliError(`${safeLine(error.message)}; nothing was removed.\n(${safeLine(toolFolderFix(homes))})`);
		}
		// The activity folder itself cannot be listed: a file at its name, no permission.
		const code = codeOf(error);
		if (code === undefined) {
			throw error;
		}
		throw new CliError(`the activity folder ${safeLine(activity)} cannot be read: ${code}${code === 'ENOTDIR' ? ' (not a folder)' : ''}`);
	}
}
