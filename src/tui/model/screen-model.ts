// The whole screen as data: which body to draw and every line's words, cut to fit the pane.
// Components only draw this; the key reducer reads its page sizes from it.
import {head} from '../../core/text/bounded.js';
import type {Waiting} from '../../core/monitor/waiting.js';
import {bindingsOf, SESSION_PICKER_HELP, type KeyMode} from './keymap.js';
import {bodyHeight, bodyLayout, CARD_HEIGHT, listColumns, nameColumn, windowStart, type Size} from './layout.js';
import {
	agentName,
	durationText,
	headerText,
	mainWaitingText,
	cardMessage,
	doingOf,
	taskOf,
	shownStatus,
	statusLabel,
	statusNeedsWords,
	SYMBOLS,
	type Shown,
} from '../../present/present.js';
import {clip, fit} from '../../core/text/cut.js';
import {capIndent, indentRoom, treePrefixes} from '../../present/tree.js';
import type {SessionLifecycle} from '../../core/record/lifecycle.js';
import type {UiContext, UiModel} from './ui-state.js';
import type {MonitorItem, MonitorModel} from '../../core/monitor/model.js';
import {safeLine} from '../../core/text/safe-text.js';
import {wrapText} from '../../core/text/wrap.js';
import {arrangeRows, rowId, runsOfRows, type Row} from './workflow-rows.js';
import {runCountsText, runName, runSummary} from '../../present/workflow-text.js';
import type {WorkflowGroup} from '../../core/workflow/group.js';
import {detailLines, type RenderedMessage} from './detail-lines.js';
import {timelineBody, type TimelineBody} from './timeline-body.js';
import type {FilterState} from './list-view.js';
import {pickerLines, type SessionChoice} from './session-picker.js';
import {SORT_NAMES} from '../../core/monitor/order.js';
import {filterCountText} from '../../present/filter-fields.js';

export {wrapParagraphs, type RenderedMessage} from './detail-lines.js';
export type {TimelineLine} from './timeline-body.js';

export interface LineRow {
	readonly id: string;
	readonly shown: Shown;
	/** The tree's marks before the name (`│ └ `), already cut to the room it may take; '' at the top level. */
	readonly indent: string;
	readonly name: string;
	readonly duration: string;
	readonly message: string;
	readonly selected: boolean;
	readonly dim: boolean;
}

export interface CardRow extends Omit<LineRow, 'message'> {
	readonly label: string;
	readonly lines: readonly string[];
}

export type Body =
	| {readonly kind: 'message'; readonly lines: readonly string[]}
	| {readonly kind: 'list'; readonly rows: readonly LineRow[]; readonly columns: ReturnType<typeof listColumns>}
	| {readonly kind: 'strip'; readonly cards: readonly CardRow[]; readonly cardWidth: number}
	| {readonly kind: 'detail'; readonly lines: readonly string[]}
	| {readonly kind: 'help'; readonly lines: readonly string[]}
	| {readonly kind: 'sessions'; readonly lines: readonly string[]}
	| {readonly kind: 'collapsed'}
	| TimelineBody;

export interface ScreenModel {
	readonly width: number;
	readonly header: string;
	readonly note: string | undefined;
	readonly body: Body;
	readonly bodyHeight: number;
	/** Live screens keep the footer at the bottom; a snapshot is as tall as its content. */
	readonly fillHeight: boolean;
	readonly footer: string;
	/** Page sizes for the key reducer. */
	readonly context: UiContext;
}

export interface ScreenInput {
	readonly size: Size;
	readonly activity: string;
	readonly activityExists: boolean;
	/** Codex CLI's sessions folder, when its subagents are read beside. */
	readonly codexFolder?: string;
	readonly sessionId: string | undefined;
	readonly following: boolean;
	/** The machine(s) shown (`watch --host`). */
	readonly host?: string;
	/** The monitor model (monitor/model.ts): every agent's status and facts, already decided. */
	readonly view: MonitorModel;
	readonly warnings: number;
	readonly ui: UiModel;
	readonly now: number;
	/** False when stdin is not a terminal: the screen says keys are unavailable. */
	readonly keyboard: boolean;
	/** A one-off plain snapshot (stdout is not a terminal): no key hints. */
	readonly snapshot?: boolean;
	/** A line under the header (the demo's narration, replay's position bar). */
	readonly note?: string;
	/** Which keys the help lists (replay moves in time with Space and ← →). */
	readonly keyMode?: KeyMode;
	/** The main session waits for the user (the header says so). */
	readonly mainWaiting?: Waiting;
	/** Local time of an ISO timestamp. */
	readonly time: (iso: string) => string;
	/** The last message rendered as terminal Markdown lines, as far as it is; undefined before. */
	readonly markdown: (text: string, width: number) => RenderedMessage | undefined;
	/** What the session's event log says of each agent's lifecycle (the detail pane's section); absent: not read. */
	readonly lifecycle?: SessionLifecycle;
	/** The `/` filter, when one is typed or kept (`view` is already filtered: tui/model/list-view.ts). */
	readonly filter?: FilterState;
	/** What the session picker lists (key s), newest first. */
	readonly sessions?: readonly SessionChoice[];
	/** A line for the footer until the next key (what `p` did, or why it could not). */
	readonly notice?: string;
}

function waitingLines(input: ScreenInput): string[] {
	const tools = input.codexFolder === undefined ? 'Claude Code' : 'Claude Code or Codex CLI';
	if (input.sessionId !== undefined) {
		return ['No agents in this session yet.', '', `They appear here as ${tools} starts subagents.`];
	}
	return [
		'Waiting for the first subagent…',
		'',
		`Watching ${input.activity}${input.activityExists ? '' : ' (not created yet)'}`,
		...(input.codexFolder === undefined ? [] : [`and Codex CLI's rollouts in ${safeLine(input.codexFolder)} (no setup needed)`]),
		'Nothing showing up? Install the hook with: agentlog install-hook',
		'then restart running Claude Code sessions (or review /hooks).',
		'Or try it on built-in data: agentlog demo',
	];
}

function helpLines(mode: KeyMode): string[] {
	const bindings = bindingsOf(mode);
	const width = Math.max(...bindings.map(b => b.label.length), ...SYMBOLS.map(([mark]) => [...mark].length));
	const pad = (label: string) => label + ' '.repeat(Math.max(0, width - [...label].length));
	// A key that shares its line with the one before it (`+ -`) has no help of its own.
	return [
		'Keys',
		'',
		...bindings.filter(b => b.help !== '').map(b => `${pad(b.label)}  ${b.help}`),
		...(mode === 'live' ? SESSION_PICKER_HELP.map(([label, help]) => `${pad(label)}  ${help}`) : []),
		'',
		'Symbols',
		'',
		...SYMBOLS.map(([mark, meaning]) => `${pad(mark)}  ${meaning}`),
	];
}

/**
 * A shown line no longer than a pane could ever use, so drawing it costs the same however long it
 * is (a rendered code block keeps its lines whole: one may be megabytes). Lines may hold colour
 * codes, which count here; the terminal cuts the rest to the pane. Never ends inside a code.
 */
export function shortLine(line: string, width: number): string {
	const max = width * 8 + 256;
	if (line.length <= max) {
		return line;
	}
	let cut = head(line, max);
	const esc = cut.lastIndexOf('\u001B');
	// eslint-disable-next-line no-control-regex -- our own colour codes are what is looked for
	if (esc !== -1 && !/^\u001B\[[0-9;]*[A-Za-z]/u.test(cut.slice(esc))) {
		cut = cut.slice(0, esc);
	}
	return `${cut}\u001B[0m…`;
}

/** One part of the footer; when the pane is too narrow, the parts with the lowest `keep` go first. */
interface Hint {
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

function footerHints(input: ScreenInput, body: Body, context: UiContext, window: string, rendering?: string): Hint[] {
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

function bodyHints(input: ScreenInput, body: Body, context: UiContext, window: string, rendering: string | undefined, more: Hint, quit: Hint): Hint[] {
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

/**
 * A card's two lines. The same words give the same array (kept until other words come), so a
 * memoised card whose words did not change is not drawn again on a clock tick.
 */
let lastCardLines = new Map<string, readonly string[]>();
let nextCardLines = new Map<string, readonly string[]>();
function cardLines(task: string | undefined, doing: string, inner: number): readonly string[] {
	const key = `${inner}\u0000${task ?? ''}\u0000${doing}`;
	let lines = nextCardLines.get(key) ?? lastCardLines.get(key);
	if (lines === undefined) {
		lines = task ? [fit(task, inner), fit(doing, inner)] : wrapText(doing, inner, CARD_HEIGHT - 4);
	}
	nextCardLines.set(key, lines);
	return lines;
}

/** Ends one frame's card lines: only the last frame's are kept (no growth over time). */
function endCardFrame(): void {
	lastCardLines = nextCardLines;
	nextCardLines = new Map();
}

/** A run's glyph: active while an agent of it runs, else stopped. */
function runShown(group: WorkflowGroup): Shown {
	return group.state === 'running' ? 'active' : 'stopped';
}

export function buildScreen(input: ScreenInput): ScreenModel {
	const {view, ui, now} = input;
	// A note takes one line from the body.
	const size = input.note === undefined ? input.size : {...input.size, rows: input.size.rows - 1};
	const width = size.columns;
	const height = bodyHeight(size);
	const filterSuffix = input.filter === undefined ? '' : ` · ${input.filter.error === undefined ? filterCountText(input.filter) : 'filter incomplete'}`;
	const headerLine = headerText(
		{
			sessionId: input.sessionId,
			following: input.following,
			view,
			showGhosts: ui.showGhosts,
			warnings: input.warnings,
			...(input.mainWaiting === undefined ? {} : {mainWaiting: mainWaitingText(input.mainWaiting, input.now)}),
			...(input.host === undefined ? {} : {host: input.host}),
		},
		Math.max(1, width - [...filterSuffix].length),
	);
	const header = filterSuffix === '' ? headerLine : clip(`${headerLine}${filterSuffix}`, width);
	const rows = arrangeRows(view, ui.folded);
	const ids = rows.map(rowId);
	let body: Body;
	let page = height;
	let detailCount = 0;
	let window = '';
	let rendering: string | undefined;
	const selected = view.items.find(item => item.agent.agentId === ui.selectedId);

	const scrolled = (lines: readonly string[]) => {
		detailCount = lines.length;
		const start = Math.min(ui.detailScroll, Math.max(0, lines.length - height));
		return lines.slice(start, start + height).map(line => shortLine(line, width));
	};
	if (ui.focus === 'sessions') {
		const lines = pickerLines(
			{sessions: input.sessions ?? [], index: ui.pickerIndex, current: input.sessionId, following: input.following, now},
			width,
			height,
		);
		body = {kind: 'sessions', lines: lines.map(line => shortLine(line, width))};
	} else if (ui.focus === 'help') {
		body = {kind: 'help', lines: scrolled(helpLines(input.keyMode ?? 'live').map(line => clip(line, width)))};
	} else if (ui.collapsed) {
		body = {kind: 'collapsed'};
	} else if (ui.focus === 'detail' && selected) {
		const detail = detailLines(selected, input, width);
		body = {kind: 'detail', lines: scrolled(detail.lines)};
		rendering = detail.rendering;
	} else if (view.items.length === 0 && input.filter !== undefined && input.filter.total > 0) {
		body = {
			kind: 'message',
			lines: [`No agent of ${input.filter.total} matches /${safeLine(input.filter.text)}`, '', 'Backspace edits it · Esc clears it'].map(line =>
				fit(line, width),
			),
		};
	} else if (view.items.length === 0) {
		body = {kind: 'message', lines: waitingLines(input).map(line => fit(line, width))};
	} else if (ui.timeline && !input.snapshot) {
		const timeline = timelineBody(input, rows, ids, width, height);
		body = timeline.body;
		page = timeline.page;
		window = timeline.window;
	} else {
		// A snapshot is a list as long as its content, whatever the size.
		const layout = input.snapshot ? ({mode: 'list', height: rows.length, width} as const) : bodyLayout(size);
		const visible = layout.mode === 'strip' ? layout.cards : layout.height;
		page = visible;
		const index = ids.indexOf(ui.selectedId ?? '');
		const first = windowStart(index, ids.length, visible);
		const shown = rows.slice(first, first + visible);
		if (shown.length < rows.length) {
			window = `${first + 1}–${first + shown.length} of ${rows.length}`;
		}
		// A nested agent sits under its parent, a run's agents under the run, in a tree whose indent
		// is capped to keep room for names.
		const prefixes = treePrefixes(rows.map(row => (row.kind === 'run' ? 0 : row.item.depth + (row.inRun ? 1 : 0))));
		const indentOf = (index: number, room: number) => capIndent(prefixes[index] ?? '', indentRoom(room));
		const common = (item: MonitorItem, indent: string, room: number) => ({
			id: item.agent.agentId,
			shown: shownStatus(item),
			indent,
			name: agentName(item, room - indent.length),
			duration: durationText(item),
			selected: item.agent.agentId === ui.selectedId,
			dim: item.ghost,
		});
		const runCommon = (row: Extract<Row, {kind: 'run'}>) => ({
			id: rowId(row),
			shown: runShown(row.group),
			indent: '',
			name: runName(row.group, row.folded),
			duration: '',
			selected: rowId(row) === ui.selectedId,
			dim: false,
		});
		if (layout.mode === 'strip') {
			const inner = Math.max(1, layout.cardWidth - 4);
			body = {
				kind: 'strip',
				cardWidth: layout.cardWidth,
				cards: shown.map((row, i) => {
					if (row.kind === 'run') {
						return {...runCommon(row), label: runCountsText(row.group.counts), lines: cardLines(runSummary(row.group), '', inner)};
					}
					const {item} = row;
					const task = taskOf(item);
					const doing = doingOf(item);
					return {...common(item, indentOf(first + i, inner), inner), label: statusLabel(item, now), lines: cardLines(task, doing, inner)};
				}),
			};
		} else {
			// The longest name shown (with its tool's mark) asks for the room it needs in a wide pane.
			const longest = Math.max(0, ...shown.map(row => [...(row.kind === 'run' ? runName(row.group, row.folded) : agentName(row.item))].length));
			const name = nameColumn(width, longest);
			const indents = shown.map((_row, i) => indentOf(first + i, name));
			const columns = listColumns(width, Math.max(0, ...indents.map(indent => indent.length)), longest);
			body = {
				kind: 'list',
				columns,
				rows: shown.map((row, i) =>
					row.kind === 'run'
						? {...runCommon(row), message: runSummary(row.group)}
						: {
								...common(row.item, indents[i] ?? '', columns.type),
								message: [statusNeedsWords(row.item) ? statusLabel(row.item, now) : '', cardMessage(row.item, columns.message)].filter(Boolean).join(' · '),
							},
				),
			};
		}
	}
	if (body.kind === 'strip') {
		endCardFrame();
	}
	const runs = runsOfRows(rows);
	const context: UiContext = {
		ids,
		page,
		detailLines: detailCount,
		...(runs.size === 0 ? {} : {runs}),
		...(ui.focus === 'sessions' ? {sessions: input.sessions?.length ?? 0} : {}),
	};
	return {
		width,
		header,
		note: input.note === undefined ? undefined : fit(input.note, width),
		body,
		bodyHeight: height,
		fillHeight: !input.snapshot,
		footer: fitHints(footerHints(input, body, context, window, rendering), width),
		context,
	};
}
