// The footer: the keys and states that matter for what the screen shows, fitted to the pane's
// width (the least needed parts left out first, short forms where they keep a needed part). Pure.
import {fit} from '../../core/text/cut.js';
import {SORT_NAMES} from '../../core/monitor/order.js';
import type {MonitorModel} from '../../core/monitor/model.js';
import type {UiContext, UiModel} from './ui-state.js';
import type {FilterState} from './list-view.js';

/** What of the screen's input the footer reads. */
export interface FooterInput {
	readonly ui: UiModel;
	readonly view: Pick<MonitorModel, 'hiddenByCap'>;
	readonly keyboard: boolean;
	readonly snapshot?: boolean;
	readonly filter?: FilterState;
	readonly notice?: string;
}

/** One part of the footer; when the pane is too narrow, the parts with the lowest `keep` go first. */
export interface Hint {
	readonly text: string;
	readonly keep: number;
	/** What it says when the footer does not fit (before any part is left out). */
	readonly short?: string;
}

/** Parts kept at least this much are worth saying the others in their short form. */
const WORTH_SHORTENING = 5;

const joinHints = (hints: readonly Hint[]): string => hints.map(hint => hint.text).join(' · ');

/** The parts that fit in `width`, the least needed left out first. */
function keptHints(hints: readonly Hint[], width: number): Hint[] {
	const shown = hints.filter(hint => hint.text !== '');
	while (shown.length > 1 && [...joinHints(shown)].length > width) {
		const least = shown.reduce((low, hint) => (hint.keep < low.keep ? hint : low));
		shown.splice(shown.indexOf(least), 1);
	}
	return shown;
}

/**
 * The footer's parts in their order, at most `width` wide: the least needed go first (`g ghosts`
 * before `↑↓ move`), so "? keys" and "q quit" stay visible in any pane that has room for them;
 * parts with a short form say it when that keeps a needed part the long forms leave out; only
 * what is left is cut with `…`.
 */
export function fitHints(hints: readonly Hint[], width: number): string {
	const long = keptHints(hints, width);
	const short = keptHints(
		hints.map(hint => (hint.short === undefined ? hint : {...hint, text: hint.short})),
		width,
	);
	const needed = (kept: readonly Hint[]) => kept.filter(hint => hint.keep >= WORTH_SHORTENING).length;
	return fit(joinHints(needed(short) > needed(long) ? short : long), width);
}

/** The footer's parts for the screen drawn: its body, the pane's keys and what the list holds. */
export function footerHints(input: FooterInput, body: {readonly kind: string}, context: UiContext, window: string, rendering?: string): Hint[] {
	const {ui, view} = input;
	if (input.snapshot) {
		return [{text: view.hiddenByCap > 0 ? `+${view.hiddenByCap} older agents not shown (--max, or agentlog ls)` : '', keep: 1}];
	}
	const more = {text: view.hiddenByCap > 0 && !ui.showAll ? `+${view.hiddenByCap} older (a: all)` : '', keep: 8};
	const quit = {text: 'q quit', keep: 9};
	if (!input.keyboard) {
		return [more, {text: 'keys unavailable (stdin is not a terminal) · Ctrl+C quits', keep: 9}];
	}
	const {filter} = input;
	if (filter?.editing) {
		return [
			{text: `/${filter.text}▏`, keep: 10},
			// The reason only: the footer has no room for the list of fields (the help has it).
			{text: filter.error?.split(' (')[0] ?? '', keep: 9},
			{text: 'Enter keep', keep: 6},
			{text: 'Esc clear', keep: 7},
			{text: '↑↓ move', keep: 3},
		];
	}
	const notice = input.notice === undefined ? [] : [{text: input.notice, keep: 11}];
	// The kept filter and the order belong to the agents shown; over the help, a detail or the picker, Esc does something else.
	const over = body.kind === 'help' || body.kind === 'detail' || body.kind === 'sessions';
	const kept = filter === undefined || over ? [] : [{text: `/${filter.text} (Esc clears)`, short: `/${filter.text}`, keep: 9}];
	const order = ui.sort === 'started' || over ? [] : [{text: `order: ${SORT_NAMES[ui.sort]} (o)`, short: `o: ${SORT_NAMES[ui.sort]}`, keep: 8.5}];
	return [...notice, ...kept, ...order, ...bodyHints(input, body, context, window, rendering, more, quit)];
}

function bodyHints(
	input: FooterInput,
	body: {readonly kind: string},
	context: UiContext,
	window: string,
	rendering: string | undefined,
	more: Hint,
	quit: Hint,
): Hint[] {
	const {ui} = input;
	switch (body.kind) {
		case 'detail': {
			// The lines really shown: the body clamps a scroll left past the end (e.g. by a resize).
			const first = Math.min(ui.detailScroll, Math.max(0, context.detailLines - context.page));
			const last = Math.min(context.detailLines, first + context.page);
			return [
				{text: rendering ?? '', keep: 7},
				{text: '↑↓ scroll', keep: 5},
				{text: 'PgUp PgDn', keep: 2},
				{text: 'Esc back', keep: 8},
				quit,
				{text: `lines ${first + 1}–${last} of ${context.detailLines}`, keep: 3},
			];
		}
		case 'sessions':
			return [{text: 'Enter switch', keep: 8}, {text: 'f follow the newest', keep: 7}, {text: 'Esc close', keep: 8}, quit];
		case 'help':
			return [{text: 'Esc or ? closes this help', short: 'Esc close', keep: 8}, {text: context.detailLines > context.page ? '↑↓ scroll' : '', keep: 5}, quit];
		case 'collapsed':
			return [more, {text: 'c expand', keep: 6}, {text: '? keys', keep: 7}, quit];
		case 'timeline':
			return [
				{text: window, keep: 8},
				{text: '↑↓ move', keep: 4},
				{text: 'Enter open', keep: 5},
				{text: '+- zoom', keep: 6},
				{text: ui.zoom > 0 ? '<> time' : '', keep: 6},
				{text: 't list', keep: 7},
				{text: '? keys', keep: 3},
				quit,
			];
		default:
			return [
				{text: window, keep: 8},
				more,
				{text: '↑↓ move', keep: 5},
				{text: 'Enter open', keep: 6},
				{text: 't timeline', keep: 4},
				{text: 'c collapse', keep: 2},
				{text: context.runs === undefined ? '' : 'w fold', keep: 3},
				{text: 'g ghosts', keep: 0},
				{text: 'a all', keep: 1},
				{text: '? keys', keep: 7},
				quit,
			];
	}
}
