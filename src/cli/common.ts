// What the reading commands (watch, ls, sessions) share: options, folders, session resolution.
import os from 'node:os';
import {InvalidArgumentError, Option, type Command} from 'commander';
import {DURATION_FORM, parseDuration} from '../core/text/format.js';
import {activityDir, claudeDir} from '../core/paths.js';
import {resolveSession} from '../core/monitor/sessions.js';
import {closestWord} from '../core/text/suggest.js';
import {DEFAULT_STALE_MS} from '../core/monitor/stale.js';
import {DEFAULT_MAX} from '../core/monitor/view.js';
import {readSessionInfos, sessionDirInfos} from '../store/activity/sessions.js';
import {readTeams} from '../store/activity/teams.js';
import {COMMAND_NAMES} from './command-names.js';
import {CliError} from './errors.js';

export interface ReadOptions {
	readonly dir?: string;
	readonly stale: number;
	readonly dedup: boolean;
}

export function parseStale(value: string): number {
	const parsed = parseDuration(value);
	if (!parsed.ok) {
		throw new InvalidArgumentError(parsed.error);
	}
	return parsed.value;
}

export function parseMax(value: string): number {
	if (!/^\d+$/.test(value.trim()) || Number(value) < 1) {
		throw new InvalidArgumentError('expected a whole number of at least 1, e.g. 8');
	}
	return Number(value);
}

/** --dir, --stale and --no-dedup, as every reading command takes them. */
export function addReadOptions(command: Command): Command {
	return command
		.option('--dir <path>', 'the activity folder (default: $AGENTLOG_DIR, else <claude>/agent-activity)')
		.addOption(
			new Option('--stale <duration>', `mark an active agent stale after this long without a sign of life; ${DURATION_FORM}`)
				.default(DEFAULT_STALE_MS, '5m')
				.argParser(parseStale),
		)
		.option('--no-dedup', 'show team-shutdown ghosts as ordinary agents');
}

export function maxOption(): Option {
	return new Option('--max <n>', 'how many of the newest agents to show (a key shows all)').default(DEFAULT_MAX).argParser(parseMax);
}

export function home(): string {
	return process.env.HOME || os.homedir();
}

export function activityFor(options: {readonly dir?: string}): string {
	return activityDir(process.env, home(), options.dir);
}

/**
 * A session argument → a session id: exact id, team name, `session-<8>` or a unique prefix.
 * Ambiguous or unknown: exit 1 with the closest or most recent sessions, and, when the word
 * looks like a mistyped command (`agentlog wach`: watch is the default command, so the word
 * arrives here as a session), the command it was probably meant to be.
 */
export function resolveSessionArg(arg: string, activity: string, options: ReadOptions, commands: readonly string[] = COMMAND_NAMES): string {
	const teams = readTeams(claudeDir(process.env, home()));
	const quick = resolveSession(arg, sessionDirInfos(activity), teams);
	if (quick.ok) {
		return quick.sessionId;
	}
	// Read the sessions' files only now, so the message can give their counts.
	const full = resolveSession(arg, readSessionInfos(activity, Date.now(), options.stale, options.dedup), teams);
	if (full.ok) {
		return full.sessionId;
	}
	const command = closestWord(arg, commands);
	const hint = command ? `\nDid you mean the command \`agentlog ${command}\`? (\`agentlog --help\` lists the commands)` : '';
	throw new CliError(`${full.message}\n(sessions are read from ${activity}; \`agentlog sessions\` lists them)${hint}`);
}
