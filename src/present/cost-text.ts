// Dollars in words: the one place every view formats a cost (detail pane, watch's run line, `ls`,
// `history`, `stats`, `report`). A cost is an estimate at list prices; an unknown one is `?`,
// never `$0.00`; one that left out responses it could not price is `≥` its sum. Pure.
import {costUsd, type AgentCost, type CostSum, type JsonCost} from '../core/cost/cost.js';
import type {Column} from './table.js';

/** `$0.0042`, `$0.42`, `$12.34`, `$1,234`, `$12.3k`, `$1.2M`. */
export function usdText(usd: number): string {
	if (usd === 0) {
		return '$0.00';
	}
	if (usd < 0.0001) {
		return '<$0.0001';
	}
	if (usd < 0.01) {
		return `$${(Math.round(usd * 1e4) / 1e4).toFixed(4)}`;
	}
	if (usd < 1000) {
		return `$${(Math.round(usd * 100) / 100).toFixed(2)}`;
	}
	if (usd < 10_000) {
		return `$${Math.round(usd).toLocaleString('en-US')}`;
	}
	if (usd < 1_000_000) {
		return `$${(usd / 1000).toFixed(1)}k`;
	}
	return `$${(usd / 1_000_000).toFixed(1)}M`;
}

/** A cost in a column: `$0.42`, `≥$0.42` when some responses could not be priced, `?` when none could (`usd` null). */
export function costText(usd: number | null, unpriced: number): string {
	return usd === null ? '?' : `${unpriced > 0 ? '≥' : ''}${usdText(usd)}`;
}

/** A cost in a column, '' when unknown (no transcript read). */
export function costCell(cost: CostSum | undefined): string {
	return cost === undefined ? '' : costText(costUsd(cost), cost.unpriced);
}

/**
 * The COST column of `ls` and `sessions --cost`, declared once: `ls` shows it only when a
 * transcript was priced (optional), `sessions` whenever `--cost` asks for it.
 */
export function costColumn<T>(cost: (row: T, index: number) => CostSum | undefined, optional: boolean): Column<T> {
	return {header: 'COST', cell: (row, i) => costCell(cost(row, i)), optional};
}

/** `costText` of a cost as JSON gives it (`history --json`'s, the table's source). */
export function jsonCostText(cost: JsonCost | null | undefined): string {
	if (cost === null || cost === undefined) {
		return '';
	}
	return costText(cost.usd, cost.unpricedResponses);
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What an estimate is, said once wherever a cost is explained. */
export function pricesNote(asOf: string): string {
	return `an estimate at list prices of ${asOf}; subscription plans pay differently`;
}

/** The detail pane's cost line: `$0.42 · an estimate at list prices of 2026-09-23; …`. */
export function costDetail(cost: AgentCost): string {
	const usd = costUsd(cost);
	const parts: string[] = [];
	if (usd === null) {
		parts.push(`? (${cost.unpriced === 1 ? 'its response is' : `its ${cost.unpriced} responses are`} of a model without a price)`);
	} else if (cost.unpriced > 0) {
		parts.push(`${costText(usd, cost.unpriced)} (partly priced: ${plural(cost.unpriced, 'response')} of a model without a price left out)`);
	} else {
		parts.push(usdText(usd));
	}
	parts.push(pricesNote(cost.asOf));
	return parts.join(' · ');
}

/** `45.2k of 200k tokens (23%)`: how full the last request's context was. */
export function contextText(tokens: number, window: number | undefined, compact: (n: number) => string): string {
	if (window === undefined) {
		return `${compact(tokens)} tokens (window unknown)`;
	}
	if (tokens > window) {
		return `${compact(tokens)} tokens: over the listed ${compact(window)} window (a larger-context mode)`;
	}
	return `${compact(tokens)} of ${compact(window)} tokens (${contextPercent(tokens, window)}%)`;
}

/** The share of the window, to a tenth of a percent (may pass 100: a window bigger than listed, such as a 1M-context beta). */
export function contextPercent(tokens: number, window: number): number {
	return Math.round((tokens / window) * 1000) / 10;
}
