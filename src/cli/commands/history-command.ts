// `agentlog history [session]`: every agent in the event logs, newest first; `--events` lists the
// log lines instead. registerHistoryCommands adds history, stats and chain.
import {Option, type Command} from 'commander';
import {page, pageOf, sortByStart, type HistoryJsonAgent} from '../../core/history/query.js';
import {heldHistory, heldJsonAgent, historyJsonValues, jsonHistoryFields, tableAgentOf, type HeldHistory} from '../../present/history-json.js';
import {historyPageText} from '../../present/history-text.js';
import {formatTable} from '../../present/table.js';
import {EVENT_HEADERS, eventRow} from '../../present/history-events.js';
import {registerChainCommand} from './chain-command.js';
import {planLines, readSelected} from '../../app/history/select.js';
import {writeJsonArray} from '../shared/json-output.js';
import {
	addFilterOptions,
	addHistoryReadOptions,
	emptyHistoryText,
	parseCount,
	selectionFrom,
	toStderr,
	type FilterOptions,
	type HistoryReadOptions,
	selectionWords,
} from '../shared/history-options.js';
import {registerStatsCommand} from './stats-command.js';
import {filterOption, type FilterExpression} from '../shared/filter-option.js';
import {matchesFilter} from '../../core/monitor/filter.js';
import {historyFilterFields} from '../../present/filter-fields.js';
import {CliError} from '../../core/user-error.js';
import {addHostOption, argvFor, type HostOptions} from '../shared/host-options.js';
import {notReadText} from '../../present/remote-notes.js';
import {hostLabel} from '../../core/remote/host-command.js';
import {MAX_HISTORY} from '../../core/remote/history-answer.js';
import {remoteHistory} from '../../app/remote/one-shot.js';
import {clockNow} from '../../app/env.js';

/** How many agents text `history` shows unless `--limit` says. */
export const DEFAULT_TEXT_LIMIT = 50;

interface HistoryOptions extends HistoryReadOptions, FilterOptions, HostOptions {
	readonly limit?: number;
	readonly offset: number;
	readonly asc?: boolean;
	readonly events?: boolean;
	readonly filter?: FilterExpression;
}

export async function runHistory(sessionArg: string | undefined, options: HistoryOptions): Promise<void> {
	if (typeof options.host === 'string') {
		await runRemoteHistory(options.host, sessionArg, options);
		return;
	}
	const selection = selectionFrom(sessionArg, options);
	const {activity, now, filter, sessionId} = selection;
	if (options.events && options.filter !== undefined) {
		throw new CliError('--filter picks agents, not log lines: with --events, use --agent, --type or --status (or drop --events)', 2);
	}
	if (options.events) {
		// Oldest first, always; written as the logs are read.
		const {lines} = planLines(selection, toStderr);
		if (options.json) {
			writeJsonArray(pageOf(lines(), options.offset, options.limit));
			return;
		}
		// A table needs its rows for its widths: the page's only, and nothing read past it.
		const end = options.limit === undefined || options.limit === 0 ? Number.POSITIVE_INFINITY : options.offset + options.limit;
		const rows: string[][] = [];
		let seen = 0;
		for (const line of lines()) {
			if (seen >= options.offset) {
				rows.push(eventRow(line, now));
			}
			seen += 1;
			if (seen >= end) {
				break;
			}
		}
		if (rows.length === 0) {
			process.stdout.write(seen === 0 ? emptyHistoryText(activity) : 'no events on this page\n');
			return;
		}
		process.stdout.write(formatTable(EVENT_HEADERS, rows, process.stdout.isTTY ? process.stdout.columns : undefined));
		return;
	}
	const sessionIds = new Map<string, string>();
	const same = (id: string): string => sessionIds.get(id) ?? (sessionIds.set(id, id), id);
	const expression = options.filter?.filter;
	const read = readSelected(selection, toStderr, {
		lines: 'none',
		keep: h => (expression === undefined || matchesFilter(expression, historyFilterFields(h)) ? heldHistory(h, same) : undefined),
	});
	// Each agent held as a JSON text of its values, parsed again only when printed.
	const agents = sortByStart(
		read.agents.filter((a): a is HeldHistory => a !== undefined),
		Boolean(options.asc),
	);
	if (options.json) {
		writeJsonArray(historyJsonValues(page(agents, options.offset, options.limit)));
		return;
	}
	if (agents.length === 0) {
		const anyFilter = Object.keys(filter).length > 0 || sessionId !== undefined || expression !== undefined;
		process.stdout.write(anyFilter ? 'no agents match\n' : emptyHistoryText(activity));
		return;
	}
	const limit = options.limit ?? DEFAULT_TEXT_LIMIT;
	const imported = agents.filter(a => a.imported).length;
	printHistoryTable(page(agents, options.offset, limit).map(heldJsonAgent), agents.length, imported, options, now);
}

/** The history table of a page of agents, then how many more there are and how many were imported. */
function printHistoryTable(shown: readonly HistoryJsonAgent[], total: number, imported: number, options: HistoryOptions, now: number): void {
	const width = process.stdout.isTTY ? process.stdout.columns : undefined;
	process.stdout.write(historyPageText(shown.map(tableAgentOf), {total, offset: options.offset, imported}, {asc: options.asc, now, width}));
}

/** The words that ask the host for the same selection (`history --json`, at most MAX_HISTORY agents): paging and --filter are done here. */
function remoteWords(sessionArg: string | undefined, options: HistoryOptions): string[] {
	return ['history', ...selectionWords(sessionArg, options), ...(options.asc ? ['--asc'] : []), '--limit', String(MAX_HISTORY), '--json'];
}

/** `history --host`: that machine's `history --json`, checked, printed with this machine's table. */
async function runRemoteHistory(target: string, sessionArg: string | undefined, options: HistoryOptions): Promise<void> {
	if (options.events) {
		throw new CliError('--events and --host cannot go together yet: run `agentlog history --events` on that machine', 2);
	}
	const label = hostLabel(target);
	const {items, skipped} = await remoteHistory(label, argvFor(target, remoteWords(sessionArg, options), options));
	// Asked for at most MAX_HISTORY: more is said below, not as not valid.
	process.stderr.write(notReadText(label, 'agent', skipped, 0, MAX_HISTORY));
	if (items.length >= MAX_HISTORY) {
		process.stderr.write(`agentlog: only the first ${MAX_HISTORY} agents of ${label} were read; --since, --until or a session narrows them\n`);
	}
	const expression = options.filter?.filter;
	const agents = expression === undefined ? items : items.filter(a => matchesFilter(expression, historyFilterFields(jsonHistoryFields(a))));
	if (options.json) {
		writeJsonArray(
			pageOf(
				agents.map(a => ({host: label, ...a})),
				options.offset,
				options.limit,
			),
		);
		return;
	}
	if (agents.length === 0) {
		process.stdout.write(items.length === 0 ? `no agents in the event log on ${label}\n` : 'no agents match\n');
		return;
	}
	const limit = options.limit ?? DEFAULT_TEXT_LIMIT;
	printHistoryTable(page(agents, options.offset, limit), agents.length, agents.filter(a => a.source === 'transcript').length, options, clockNow());
}

export function registerHistoryCommand(program: Command): void {
	const history = program
		.command('history')
		.description('every agent in the event log, newest first: start, session, type, description, status, duration, tokens, tool calls, commits')
		.argument('[session]', 'only this session: an id, a unique prefix of one, or a team name');
	addHostOption(
		addFilterOptions(addHistoryReadOptions(history, 'print a JSON array of agents (all of them unless --limit; see the README)'))
			.option('--limit <n>', `how many to show (text: ${DEFAULT_TEXT_LIMIT} by default; 0: all)`, parseCount)
			.addOption(new Option('--offset <n>', 'skip this many first').default(0).argParser(parseCount))
			.option('--asc', 'oldest first')
			.option('--events', 'list the log lines of the selected agents instead, oldest first (--json: the lines exactly)')
			.addOption(filterOption('agents')),
	).action((session: string | undefined, options: HistoryOptions) => runHistory(session, options));
}

/** history, stats and chain. */
export function registerHistoryCommands(program: Command): void {
	registerHistoryCommand(program);
	registerStatsCommand(program);
	registerChainCommand(program);
}
