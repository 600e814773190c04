// The words of `agentlog stats`: the totals and the table of groups, from the figures
// core/history/stats.ts computes. Pure.
import {formatTable} from './table.js';
import {formatDuration, formatLocalTime} from '../core/text/format.js';
import {safeLine} from '../core/text/safe-text.js';
import {HISTORY_STATUSES} from '../core/history/fold.js';
import {BY_KEY, type HistoryStats, type StatsDimension} from '../core/history/stats.js';
import {costText, jsonCostText, pricesNote} from './cost-text.js';
import {historyStatusWord} from './history-text.js';

/** `2.5%` of a share (0 when there is nothing to share). */
export function percentText(part: number, whole: number): string {
	if (whole === 0) {
		return '0%';
	}
	const pct = (100 * part) / whole;
	return `${pct >= 10 || pct === 0 ? pct.toFixed(0) : pct.toFixed(1)}%`;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
const ms = (value: number | null): string => (value === null ? '-' : formatDuration(value));
const num = (value: number | null): string => (value === null ? '-' : String(value));

/** `stats` as text: the totals, the interruption rate, statuses, events, then the table of the chosen groups (every key from the log made safe). */
export function formatStatsText(stats: HistoryStats, by: StatsDimension, now: number, width?: number, timeZone?: string): string {
	const out: string[] = [];
	const range =
		stats.firstEventAt === null || stats.lastEventAt === null
			? ''
			: ` · ${formatLocalTime(safeLine(stats.firstEventAt), now, timeZone)} → ${formatLocalTime(safeLine(stats.lastEventAt), now, timeZone)}`;
	out.push(`${plural(stats.agents, 'agent')} · ${plural(stats.events, 'event')} · ${plural(stats.sessions, 'session')}${range}`);
	const interrupted = stats.byStatus.interrupted;
	out.push(`interrupted: ${interrupted} of ${stats.agents} (${percentText(interrupted, stats.agents)})`);
	// `stopped by you` only when the user stopped one: most histories never have any.
	const shown = HISTORY_STATUSES.filter(s => s !== 'user-stopped' || stats.byStatus[s] > 0);
	out.push(`status: ${shown.map(s => `${historyStatusWord(s)} ${stats.byStatus[s]}`).join(' · ')}`);
	if (stats.cost !== null) {
		out.push(`cost: ${jsonCostText(stats.cost)} (${pricesNote(stats.cost.pricesAsOf)})`);
	}
	const events = Object.entries(stats.byEvent);
	if (events.length > 0) {
		out.push(`events: ${events.map(([event, n]) => `${safeLine(event)} ${n}`).join(' · ')}`);
	}
	const groups = by === 'type' ? stats.byType : (stats[BY_KEY[by]] ?? {});
	const rows = Object.entries(groups).map(([key, g]) => [
		safeLine(key),
		String(g.agents),
		ms(g.p50Ms),
		ms(g.p95Ms),
		ms(g.maxMs),
		num(g.tokens),
		g.costUsd === null && g.unpricedResponses === 0 ? '-' : costText(g.costUsd, g.unpricedResponses),
		num(g.toolCalls),
		`${g.interrupted} (${percentText(g.interrupted, g.agents)})`,
	]);
	const text = `${out.join('\n')}\n`;
	if (rows.length === 0) {
		return text;
	}
	return `${text}\n${formatTable([by.toUpperCase(), 'AGENTS', 'P50', 'P95', 'MAX', 'TOKENS', 'COST', 'TOOLS', 'INTERRUPTED'], rows, width)}`;
}
