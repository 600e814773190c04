// What `history` and `chain` print about an agent, as plain strings (the status with its glyph,
// the commits, one table row). Every string from the log is made safe here (safeLine) before it
// is shown. Pure: the clock is a parameter.
import {GLYPH, USER_STOPPED_WORDS, type Shown} from './present.js';
import {formatDuration, formatLocalTime} from '../core/text/format.js';
import {fit} from '../core/text/cut.js';
import {safeLine} from '../core/text/safe-text.js';
import type {GitState} from '../core/record/event-line.js';
import type {AgentHistory, HistoryStatus} from '../core/history/fold.js';
import type {HistoryTableAgent} from './history-json.js';
import {jsonCostText} from './cost-text.js';
import {importedNote} from './history-events.js';
import {formatTable} from './table.js';

/** The monitor's glyph for each history status (the glyph set of watch: the word says the rest). */
const GLYPH_OF: Readonly<Record<HistoryStatus, Shown>> = {
	completed: 'stopped',
	failed: 'stopped',
	interrupted: 'stopped',
	'user-stopped': 'stopped',
	resumed: 'active',
	active: 'active',
	idle: 'idle',
	stale: 'stale',
};

/** A history status in words: its name, but `stopped by you` for an agent the user stopped from agentlog. */
export function historyStatusWord(status: HistoryStatus): string {
	return status === 'user-stopped' ? USER_STOPPED_WORDS : status;
}

/** `○ completed`, `● resumed ×2`, `○ stopped by you`. */
export function historyStatusText(h: Pick<AgentHistory, 'status' | 'resumeCount'>): string {
	const resumed = h.status === 'resumed' && h.resumeCount > 1 ? ` ×${h.resumeCount}` : '';
	return `${GLYPH[GLYPH_OF[h.status]]} ${historyStatusWord(h.status)}${resumed}`;
}

/** How many characters of a commit are shown. */
export const SHORT_SHA = 7;

const shortHead = (git: GitState | undefined): string | undefined => (git?.head === undefined ? undefined : safeLine(git.head).slice(0, SHORT_SHA));

/** `abc1234→def5678`, one sha when both are the same or only one is known, '' when none. */
export function gitText(git: AgentHistory['git']): string {
	const start = shortHead(git.start);
	const stop = shortHead(git.stop);
	if (start !== undefined && stop !== undefined && start !== stop) {
		return `${start}→${stop}`;
	}
	return start ?? (stop === undefined ? '' : `→${stop}`);
}

export function durationOf(h: Pick<AgentHistory, 'durationMs'>): string {
	return h.durationMs === undefined ? '?' : formatDuration(h.durationMs);
}

/** The type column: `scout (general-purpose)` for a named agent, else its type (`?` when unknown). */
export function typeWithName(h: Pick<AgentHistory, 'type' | 'name'>): string {
	const type = safeLine(h.type);
	const name = h.name === undefined ? '' : safeLine(h.name);
	return name !== '' && name !== type ? (type === '' ? name : `${name} (${type})`) : type || '?';
}

/** The widest a description is in the history table (characters). */
export const DESCRIPTION_COLUMN = 40;

export const HISTORY_HEADERS: readonly string[] = ['STARTED', 'SESSION', 'TYPE', 'DESCRIPTION', 'STATUS', 'DURATION', 'TOKENS', 'COST', 'TOOLS', 'GIT'];

/** One row of the `history` table, every string from the log made safe. */
export function historyRow(h: HistoryTableAgent, now: number, timeZone?: string): string[] {
	return [
		formatLocalTime(safeLine(h.startedAt), now, timeZone),
		safeLine(h.sessionId).slice(0, 8),
		typeWithName(h),
		h.description === undefined ? '' : fit(safeLine(h.description), DESCRIPTION_COLUMN),
		historyStatusText(h),
		durationOf(h),
		h.tokens === undefined ? '' : String(h.tokens),
		jsonCostText(h.costJson),
		h.toolCalls === undefined ? '' : String(h.toolCalls),
		gitText(h.git),
	];
}

/** The history table of a page of agents, then how many more there are (`asc`: newer, else older) and how many were imported. */
export function historyPageText(
	shown: readonly HistoryTableAgent[],
	counts: {readonly total: number; readonly offset: number; readonly imported: number},
	options: {readonly asc?: boolean | undefined; readonly now: number; readonly width?: number | undefined},
): string {
	const table = formatTable(
		HISTORY_HEADERS,
		shown.map(a => historyRow(a, options.now)),
		options.width,
	);
	const rest = counts.total - counts.offset - shown.length;
	const more = rest > 0 ? `… ${rest} ${options.asc ? 'newer' : 'older'}; --limit 0 shows all\n` : '';
	return `${table}${more}${counts.imported > 0 ? `${importedNote(counts.imported, counts.total)}\n` : ''}`;
}
