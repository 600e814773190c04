// The options the reading commands (watch, ls, sessions, status, replay) share. Reading and
// resolving a session is app/session's.
import {InvalidArgumentError, Option, type Command} from 'commander';
import {DURATION_FORM, parseDuration} from '../../core/text/format.js';
import {DEFAULT_STALE_MS} from '../../core/monitor/stale.js';
import {DEFAULT_MAX} from '../../core/monitor/view.js';
import type {SessionRules} from '../../app/session/resolve.js';

// The rules (--stale, --no-dedup) as the monitor takes them: renamed once, there.
export {ruleOptions} from '../../app/session/resolve.js';

// The environment (clock, home, activity folder) lives in env.ts, which has no npm imports (status's small bundle reads it).
export {activityFor, clockNow, home} from '../../app/env.js';

export interface ReadOptions extends SessionRules {
	readonly dir?: string;
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
		.option('--no-dedup', 'show team-shutdown ghosts as ordinary agents')
		.option('--codex-home <dir>', "OpenAI Codex CLI's folder, whose rollouts show its subagents too (default: $CODEX_HOME, else ~/.codex)")
		.option('--gemini-home <dir>', "Gemini CLI's folder, whose session files show its subagents too (default: $GEMINI_CLI_HOME/.gemini, else ~/.gemini)");
}

export function maxOption(): Option {
	return new Option('--max <n>', 'how many of the newest agents to show (a key shows all)').default(DEFAULT_MAX).argParser(parseMax);
}
