// What `history`, `stats` and `chain` share: the options (--dir, --stale, --json, the filters),
// the filter they give, the session argument, and the notes about unreadable lines on stderr.
import {InvalidArgumentError, Option, type Command} from 'commander';
import type {AgentHistory, HistoryStatus} from '../../core/history/fold.js';
import {parseStatuses, parseTimeBound, type HistoryFilter} from '../../core/history/query.js';
import {DEFAULT_STALE_MS} from '../../core/monitor/stale.js';
import {DURATION_FORM} from '../../core/text/format.js';
import {logNotesText} from '../../present/log-notes.js';
import type {EventLine} from '../../core/record/event-line.js';
import {readHistories, type HistoriesRead, type LogNotes} from '../../store/history/histories.js';
import {planSelectedLines, selectedLines, type LinePlan} from '../../store/history/selected-lines.js';
import {parseStale} from './read-options.js';
import {resolveSessionArg} from '../../app/session/resolve.js';
import {CliError} from '../../core/user-error.js';
import {COMMAND_NAMES} from './command-names.js';

export interface HistoryReadOptions {
	readonly dir?: string;
	readonly stale: number;
	readonly json?: boolean;
}

export interface FilterOptions {
	readonly provider?: 'claude' | 'codex';
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
		.option('--status <list>', 'only these statuses, comma-separated: completed, failed, interrupted, resumed, active, idle, stale', statusOption)
		.option('--since <when>', 'only agents started since then: a duration before now (2h, 7d) or an ISO time', timeBoundOption)
		.option('--until <when>', 'only agents started until then: a duration before now (2h, 7d) or an ISO time', timeBoundOption)
		.addOption(new Option('--provider <tool>', "only agents of this tool: claude (Claude Code) or codex (OpenAI's Codex CLI)").choices(['claude', 'codex']));
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

/** Lines skipped and logs not read, on stderr, made safe: the first few, then how many more. */
export function printNotes(notes: LogNotes): void {
	const text = logNotesText(notes);
	if (text !== '') {
		process.stderr.write(text);
	}
}

export function emptyHistoryText(activity: string): string {
	return `no agents in the history under ${activity} yet; the hook records them from now on (agentlog install-hook)\n`;
}

/** The histories the filters select (readHistories), problems printed; a prefix naming several agents is a usage error. `keep`: what is held of each agent. */
export function readSelected<T = AgentHistory>(
	activity: string,
	now: number,
	options: HistoryReadOptions,
	filter: HistoryFilter,
	sessionId: string | undefined,
	events: boolean,
	keep?: (h: AgentHistory) => T,
): HistoriesRead<T> {
	const read = readHistories<T>(activity, {
		now,
		staleMs: options.stale,
		...(sessionId === undefined ? {} : {sessionId}),
		filter,
		lines: events ? 'full' : 'none',
		...(keep === undefined ? {} : {keep}),
	});
	printNotes(read.notes);
	if (read.agentError !== undefined) {
		throw new CliError(read.agentError, 2);
	}
	return read;
}

/** The first read of the lines the filters select (`planSelectedLines`), problems printed; a prefix naming several agents is a usage error. */
export function planLines(
	activity: string,
	now: number,
	options: HistoryReadOptions,
	filter: HistoryFilter,
	sessionId: string | undefined,
): {readonly plan: LinePlan; readonly lines: () => Generator<EventLine, void, undefined>} {
	const lineOptions = {now, staleMs: options.stale, ...(sessionId === undefined ? {} : {sessionId}), filter};
	const plan = planSelectedLines(activity, lineOptions);
	printNotes(plan.notes);
	if (plan.agentError !== undefined) {
		throw new CliError(plan.agentError, 2);
	}
	return {plan, lines: () => selectedLines(activity, plan, lineOptions)};
}
