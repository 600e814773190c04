// What `history`, `stats` and `chain` share: the options (--dir, --stale, --json, the filters),
// the filter they give, the session argument, what they select, and the notes about unreadable
// lines on stderr.
import {InvalidArgumentError, Option, type Command} from 'commander';
import type {HistoryStatus} from '../../core/history/fold.js';
import {parseStatuses, parseTimeBound, type HistoryFilter} from '../../core/history/query.js';
import {DEFAULT_STALE_MS} from '../../core/monitor/stale.js';
import {DURATION_FORM} from '../../core/text/format.js';
import {logNotesText} from '../../present/log-notes.js';
import type {LogNotes} from '../../store/history/read-notes.js';
import {activityFor, clockNow} from '../../app/env.js';
import type {Selection} from '../../app/history/select.js';
import {parseStale} from './read-options.js';
import {resolveSessionArg} from '../../app/session/resolve.js';
import {CliError} from '../../core/user-error.js';
import {COMMAND_NAMES} from './command-names.js';
import {PROVIDER_MARK, type Provider} from '../../core/record/provider.js';

export interface HistoryReadOptions {
	readonly dir?: string;
	readonly stale: number;
	readonly json?: boolean;
}

export interface FilterOptions {
	readonly provider?: Provider;
	readonly agent?: string;
	readonly type?: string;
	readonly status?: ReadonlySet<HistoryStatus>;
	readonly since?: string;
	readonly until?: string;
}

export function parseCount(value: string): number {
	if (!/^\d+$/.test(value.trim())) {
		throw new InvalidArgumentError('expected a whole number, e.g. 20 (0: no limit)');
	}
	return Number(value);
}

function statusOption(value: string): ReadonlySet<HistoryStatus> {
	const parsed = parseStatuses(value);
	if (!parsed.ok) {
		throw new InvalidArgumentError(parsed.error);
	}
	return parsed.value;
}

/** --dir, --stale (as the other reading commands) and --json (unless no help text is given for it: export has none). */
export function addHistoryReadOptions(command: Command, json?: string): Command {
	command
		.option('--dir <path>', 'the activity folder (default: $AGENTLOG_DIR, else <claude>/agent-activity)')
		.addOption(
			new Option('--stale <duration>', `an active agent silent this long is stale; ${DURATION_FORM}`).default(DEFAULT_STALE_MS, '5m').argParser(parseStale),
		);
	return json === undefined ? command : command.option('--json', json);
}

/** --since / --until checked as they are parsed, so a bad one reads like every other option error; its time is taken later, from the command's clock. */
function timeBoundOption(text: string): string {
	const parsed = parseTimeBound(text, Date.now());
	if (!parsed.ok) {
		throw new InvalidArgumentError(parsed.error);
	}
	return text;
}

/** The filters of history and stats. */
export function addFilterOptions(command: Command): Command {
	return command
		.option('--agent <id>', 'only this agent (an id or a unique prefix of one)')
		.option('--type <type>', 'only agents of this type (case-insensitive)')
		.option('--status <list>', 'only these statuses, comma-separated: completed, failed, interrupted, user-stopped, resumed, active, idle, stale', statusOption)
		.option('--since <when>', 'only agents started since then: a duration before now (2h, 7d) or an ISO time', timeBoundOption)
		.option('--until <when>', 'only agents started until then: a duration before now (2h, 7d) or an ISO time', timeBoundOption)
		.addOption(
			new Option(
				'--provider <tool>',
				"only agents of this tool: claude (Claude Code), codex (OpenAI's Codex CLI), gemini (Google's Gemini CLI), qwen (Qwen Code) or opencode",
			).choices(Object.keys(PROVIDER_MARK)),
		);
}

/** The filter the options give; a bad --since / --until is a usage error. */
export function filterFrom(options: FilterOptions, now: number): HistoryFilter {
	const bound = (name: string, text: string | undefined): number | undefined => {
		if (text === undefined) {
			return undefined;
		}
		const parsed = parseTimeBound(text, now);
		if (!parsed.ok) {
			throw new CliError(`option '--${name} <when>' argument: ${parsed.error}`, 2);
		}
		return parsed.value;
	};
	const sinceMs = bound('since', options.since);
	const untilMs = bound('until', options.until);
	return {
		...(options.agent === undefined ? {} : {agent: options.agent}),
		...(options.type === undefined ? {} : {type: options.type}),
		...(options.status === undefined ? {} : {statuses: options.status}),
		...(options.provider === undefined ? {} : {provider: options.provider}),
		...(sinceMs === undefined ? {} : {sinceMs}),
		...(untilMs === undefined ? {} : {untilMs}),
	};
}

/** The session argument → an exact session folder id (or none: every session). */
export function sessionFrom(sessionArg: string | undefined, activity: string, options: HistoryReadOptions): string | undefined {
	return sessionArg === undefined ? undefined : resolveSessionArg(sessionArg, activity, {...options, dedup: true}, COMMAND_NAMES);
}

/** What the options and the session argument select: the activity folder, the clock, the filter and the session. */
export function selectionFrom(sessionArg: string | undefined, options: HistoryReadOptions & FilterOptions): Selection {
	const activity = activityFor(options);
	const now = clockNow();
	const filter = filterFrom(options, now);
	const sessionId = sessionFrom(sessionArg, activity, options);
	return {activity, now, staleMs: options.stale, filter, sessionId};
}

/** Where warnings go: stderr. */
export const toStderr = (text: string): void => void process.stderr.write(text);

/** Lines skipped and logs not read, on stderr, made safe: the first few, then how many more. */
export function printNotes(notes: LogNotes): void {
	const text = logNotesText(notes);
	if (text !== '') {
		toStderr(text);
	}
}

export function emptyHistoryText(activity: string): string {
	return `no agents in the history under ${activity} yet; the hook records them from now on (agentlog install-hook)\n`;
}

/** The words that make `history` or `stats` on another machine select what these options select here. */
export function selectionWords(sessionArg: string | undefined, options: HistoryReadOptions & FilterOptions): string[] {
	const pass = (name: string, value: string | undefined): string[] => (value === undefined ? [] : [`--${name}`, value]);
	return [
		...(sessionArg === undefined ? [] : [sessionArg]),
		...pass('dir', options.dir),
		'--stale',
		`${options.stale}ms`,
		...pass('agent', options.agent),
		...pass('type', options.type),
		...pass('status', options.status === undefined ? undefined : [...options.status].join(',')),
		...pass('since', options.since),
		...pass('until', options.until),
		...pass('provider', options.provider),
	];
}
