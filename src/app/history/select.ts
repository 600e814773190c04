// The agents or lines of the history the filters select, for history, stats and export: read with
// store/history, what could not be read said through `warn`, an --agent prefix naming several
// agents a usage error.
import type {AgentHistory} from '../../core/history/fold.js';
import type {HistoryFilter} from '../../core/history/query.js';
import type {LineTally} from '../../core/history/stats.js';
import type {EventLine} from '../../core/record/event-line.js';
import {CliError} from '../../core/user-error.js';
import {logNotesText, type LogNotesShown} from '../../present/log-notes.js';
import {readHistories, type HistoriesRead, type KeepLines} from '../../store/history/histories.js';
import {planSelectedLines, selectedLines, type LinePlan} from '../../store/history/selected-lines.js';
import {env} from '../env.js';

/** What the options and the session argument select. */
export interface Selection {
	readonly activity: string;
	readonly now: number;
	readonly staleMs: number;
	readonly filter: HistoryFilter;
	/** Only this session (an exact folder id). */
	readonly sessionId: string | undefined;
}

export interface SelectOptions<T> {
	/** Keep the selected lines too (default none). */
	readonly lines?: KeepLines;
	/** The selected lines are counted into this, never held (stats). */
	readonly tally?: LineTally;
	/** What is held of each agent. */
	readonly keep?: (h: AgentHistory) => T;
}

const lineOptions = ({now, staleMs, sessionId, filter}: Selection) => ({
	vars: env().vars,
	now,
	staleMs,
	...(sessionId === undefined ? {} : {sessionId}),
	filter,
});

function said(notes: LogNotesShown, warn: (text: string) => void): void {
	const text = logNotesText(notes);
	if (text !== '') {
		warn(text);
	}
}

/** The histories the selection picks (readHistories), its notes said. */
export function readSelected<T = AgentHistory>(selection: Selection, warn: (text: string) => void, options: SelectOptions<T> = {}): HistoriesRead<T> {
	const read = readHistories<T>(selection.activity, {...lineOptions(selection), ...options});
	said(read.notes, warn);
	if (read.agentError !== undefined) {
		throw new CliError(read.agentError, 2);
	}
	return read;
}

/** The first read of the lines the selection picks (`planSelectedLines`), its notes said; `lines` reads them, oldest first. */
export function planLines(
	selection: Selection,
	warn: (text: string) => void,
): {readonly plan: LinePlan; readonly lines: () => Generator<EventLine, void, undefined>} {
	const options = lineOptions(selection);
	const plan = planSelectedLines(selection.activity, options);
	said(plan.notes, warn);
	if (plan.agentError !== undefined) {
		throw new CliError(plan.agentError, 2);
	}
	return {plan, lines: () => selectedLines(selection.activity, plan, options)};
}
