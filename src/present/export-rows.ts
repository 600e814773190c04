// `agentlog export`: the rows of the history as JSON Lines or CSV, one row
// per agent or, with `--events`, one per log line. Pure: the command streams these rows out.
//
// JSONL rows are the `history --json` / `history --events --json` values exactly, one per line,
// through safeJsonStringify (C1 and bidi characters as \uXXXX: still the same value). CSV follows
// RFC 4180 with `\n` line ends: a field with a comma, quote, CR or LF (or a `;` or tab, where
// other spreadsheet locales split) is quoted and its quotes doubled; numbers plain; null and
// absent are empty. A text cell that starts with `=`, `+`, `-`, `@`, tab or CR gets a leading `'`
// and is quoted, so a spreadsheet opens it as text, never as a formula (OWASP, "CSV Injection");
// otherwise values are exact. When the CSV goes to a terminal,
// `terminal: true` also passes text cells through safeText.
import {safeJsonStringify, safeText} from '../core/text/safe-text.js';
import type {EventLine} from '../core/record/event-line.js';
import type {AgentHistory} from '../core/history/fold.js';
import {sortHistories, sortLines, type HistoryJsonAgent} from '../core/history/query.js';
import {historyJsonAgent} from './history-json.js';

export const EXPORT_FORMATS = ['jsonl', 'csv'] as const;

export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** One CSV cell before it is written: text, a number, a boolean, or nothing. */
export type Cell = string | number | boolean | null | undefined;

/**
 * The agent CSV columns, in order: the `history --json` fields with the same names, `git`
 * and `workflow` flattened to four columns each, `cost` to its dollars (empty: unknown, or no
 * response could be priced), the responses it left out and the prices' day (`usage` and `runs` are
 * in the JSONL rows only).
 */
export const AGENT_COLUMNS = [
	'agentId',
	'sessionId',
	'type',
	'name',
	'description',
	'status',
	'startedAt',
	'stoppedAt',
	'durationMs',
	'resumeCount',
	'stopReason',
	'tokens',
	'costUsd',
	'costUnpricedResponses',
	'pricesAsOf',
	'lastRequestTokens',
	'toolCalls',
	'model',
	'gitStartHead',
	'gitStartBranch',
	'gitStopHead',
	'gitStopBranch',
	'parentAgentId',
	'lastActivityAt',
	'source',
	'provider',
	'workflowRunId',
	'workflowName',
	'workflowPhase',
	'workflowLabel',
] as const;

/** The event CSV columns, in order: the log line's fields, `git` flattened, `data` as JSON text. */
export const EVENT_COLUMNS = ['v', 'at', 'event', 'sessionId', 'agentId', 'type', 'state', 'cwd', 'gitHead', 'gitBranch', 'data'] as const;

/** The cells of one agent, in `AGENT_COLUMNS` order. */
export function agentCells(h: AgentHistory): Cell[] {
	return jsonAgentCells(historyJsonAgent(h));
}

/** The cells of one agent from its `history --json` value. */
export function jsonAgentCells(a: HistoryJsonAgent): Cell[] {
	return [
		a.agentId,
		a.sessionId,
		a.type,
		a.name,
		a.description,
		a.status,
		a.startedAt,
		a.stoppedAt,
		a.durationMs,
		a.resumeCount,
		a.stopReason,
		a.tokens,
		a.cost?.usd,
		a.cost?.unpricedResponses,
		a.cost?.pricesAsOf,
		a.lastRequestTokens,
		a.toolCalls,
		a.model,
		a.git.start?.head,
		a.git.start?.branch,
		a.git.stop?.head,
		a.git.stop?.branch,
		a.parentAgentId,
		a.lastActivityAt,
		a.source,
		a.provider,
		a.workflow?.runId,
		a.workflow?.name,
		a.workflow?.phase,
		a.workflow?.label,
	];
}

/** The cells of one log line, in `EVENT_COLUMNS` order (`data` as compact JSON text). */
export function eventCells(line: EventLine): Cell[] {
	return [
		line.v,
		line.at,
		line.event,
		line.sessionId,
		line.agentId,
		line.type,
		line.state,
		line.cwd,
		line.git?.head,
		line.git?.branch,
		line.data === undefined ? undefined : JSON.stringify(line.data),
	];
}

/** The first characters that make a spreadsheet read a cell as a formula (OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * RFC 4180's comma, quote, CR and LF, and `;` and tab: a spreadsheet whose list separator is `;`
 * (many locales) or a TSV import would split an unquoted `x;=cmd` there and read `=cmd` as a
 * formula; quoted, the cell stays one text cell.
 */
const NEEDS_QUOTES = /[",;\t\r\n]/;

export interface CsvOptions {
	/** The CSV goes to a terminal: text cells through safeText too. */
	readonly terminal?: boolean;
}

/** One CSV field: RFC 4180 quoting, the formula guard on text, numbers plain, nothing empty. */
export function csvField(cell: Cell, options: CsvOptions = {}): string {
	if (cell === null || cell === undefined) {
		return '';
	}
	if (typeof cell === 'number' || typeof cell === 'boolean') {
		return String(cell);
	}
	let text = options.terminal ? safeText(cell) : cell;
	const guarded = FORMULA_START.test(text);
	if (guarded) {
		text = `'${text}`;
	}
	return guarded || NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record with its `\n`. */
export function csvRow(cells: readonly Cell[], options: CsvOptions = {}): string {
	return `${cells.map(c => csvField(c, options)).join(',')}\n`;
}

/** The header record of the agent or event CSV. */
export function csvHeader(events: boolean): string {
	return `${(events ? EVENT_COLUMNS : AGENT_COLUMNS).join(',')}\n`;
}

/** One JSONL row of an agent: its `history --json` value on one line. */
export function agentJsonl(h: AgentHistory): string {
	return `${safeJsonStringify(historyJsonAgent(h))}\n`;
}

/** One JSONL row of a log line: the line as `history --events --json` gives it, on one line. */
export function eventJsonl(line: EventLine): string {
	return `${safeJsonStringify(line)}\n`;
}

/** The text of one row in a format. */
export function agentRow(h: AgentHistory, format: ExportFormat, options: CsvOptions = {}): string {
	return jsonAgentRow(historyJsonAgent(h), format, options);
}

/** The text of one agent's row from its `history --json` value. */
export function jsonAgentRow(a: HistoryJsonAgent, format: ExportFormat, options: CsvOptions = {}): string {
	return format === 'csv' ? csvRow(jsonAgentCells(a), options) : `${safeJsonStringify(a)}\n`;
}

export function eventRow(line: EventLine, format: ExportFormat, options: CsvOptions = {}): string {
	return format === 'csv' ? csvRow(eventCells(line), options) : eventJsonl(line);
}

/** The export's order of agents: oldest start first (ties by session, then agent id). Sorts in place. */
export function exportAgentOrder(agents: AgentHistory[]): AgentHistory[] {
	return sortHistories(agents, true);
}

/** The export's order of lines: oldest `at` first, equal times in the order read. */
export function exportEventOrder(lines: EventLine[]): EventLine[] {
	return sortLines(lines);
}
