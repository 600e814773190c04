// The whole screen as data: which body to draw and every line's words, cut to fit the pane.
// Components only draw this; the key reducer reads its page sizes from it.
import type {Waiting} from '../../core/monitor/waiting.js';
import {stoppingText} from '../../present/stop-text.js';
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
	type Shown,
} from '../../present/present.js';
import {clip, fit} from '../../core/text/cut.js';
import {capIndent, indentRoom, treePrefixes} from '../../present/tree.js';
import type {SessionLifecycle} from '../../core/record/lifecycle.js';
import type {UiContext, UiModel} from './ui-state.js';
import type {MonitorItem, MonitorModel} from '../../core/monitor/model.js';
import {safeLine} from '../../core/text/safe-text.js';
import {wrapText} from '../../core/text/wrap.js';
import {arrangeRows, rowId, rowIds, runsOfRows, type Row} from './workflow-rows.js';
import {runCountsText, runName, runSummary} from '../../present/workflow-text.js';
import type {WorkflowGroup} from '../../core/workflow/group.js';
import {detailLines, type RenderedMessage} from './detail-lines.js';
import {timelineBody, type TimelineBody} from './timeline-body.js';
import type {FilterState} from './list-view.js';
import {pickerLines, type SessionChoice} from './session-picker.js';
import {fitHints, footerHints} from './footer.js';
import {filterCountText} from '../../present/filter-fields.js';
import {helpLines, shortLine, waitingLines} from './screen-texts.js';
import type {KeyMode} from './keymap.js';

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
	/** Agents whose stop the user asked for (x), by id: since when (ms). Their row says `stopping…` until they stop. */
	readonly stopping?: ReadonlyMap<string, number>;
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
	// x's stop asked for and not carried out yet: `stopping… 3s`; once its record says so, `stopped by you`.
	const stoppingSince = (item: MonitorItem): number | undefined =>
		item.agent.status === 'stopped' || item.stale || item.inferredStop ? undefined : input.stopping?.get(item.agent.agentId);
	const isStopping = (item: MonitorItem): boolean => stoppingSince(item) !== undefined;
	const labelOf = (item: MonitorItem): string => {
		const since = stoppingSince(item);
		return since === undefined ? statusLabel(item, now) : stoppingText(since, now);
	};
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
	const ids = rowIds(rows);
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
					return {...common(item, indentOf(first + i, inner), inner), label: labelOf(item), lines: cardLines(task, doing, inner)};
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
								message: [statusNeedsWords(row.item) || isStopping(row.item) ? labelOf(row.item) : '', cardMessage(row.item, columns.message)]
									.filter(Boolean)
									.join(' · '),
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
