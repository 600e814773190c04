// The timeline: one row per agent, a bar from its start to its stop (or to now), on a time axis
// that fits the width given, with a line of how many agents ran at each moment. Drawn the same by
// `watch` (key t) and `agentlog timeline`. Pure: lanes, a window of time and a width in; lines of
// cells out. Every mark is a glyph as well as a colour, so it reads with NO_COLOR.
import {clip} from '../core/text/cut.js';
import {axisLine, columnSpan, zoomedWindow, type TimeWindow} from './timeline-axis.js';

export {columnSpan, zoomedWindow, ZOOMS, type TimeWindow} from './timeline-axis.js';

/** How a lane's run ended, or that it still runs. */
export type LaneStatus = 'active' | 'idle' | 'waiting' | 'stale' | 'completed' | 'failed' | 'interrupted' | 'user-stopped';

/** A moment marked on a bar. */
export type MarkKind = 'idle' | 'waiting' | 'resumed' | 'failed' | 'interrupted' | 'user-stopped';

export interface Lane {
	readonly id: string;
	/** Display-safe, one line: what the list calls the agent (`└ scout (general-purpose)`). */
	readonly label: string;
	readonly startMs: number;
	/** Absent while it runs: the bar grows to now. */
	readonly stopMs?: number;
	readonly status: LaneStatus;
	/** Stretches between a stop and a resume, when it did not run. */
	readonly rests?: readonly {readonly fromMs: number; readonly toMs: number}[];
	/** Idle stretches (a teammate between tasks): from, to (absent: still idle). */
	readonly idle?: readonly {readonly fromMs: number; readonly toMs?: number}[];
	readonly marks?: readonly {readonly ms: number; readonly kind: MarkKind}[];
}

/** What a cell of a bar shows; the renderer colours by it. */
export type CellKind = 'empty' | 'run' | 'done' | 'idle' | 'now' | MarkKind;

export const CELL_GLYPH: Readonly<Record<CellKind, string>> = {
	empty: ' ',
	run: '━',
	done: '─',
	idle: '┄',
	now: '▶',
	waiting: '◆',
	resumed: '↻',
	failed: '✗',
	interrupted: '╳',
	'user-stopped': '■',
};

export const CELL_COLOR: Readonly<Record<CellKind, string | undefined>> = {
	empty: undefined,
	run: 'green',
	done: 'gray',
	idle: 'yellow',
	now: 'green',
	waiting: 'magenta',
	resumed: 'cyan',
	failed: 'red',
	interrupted: 'red',
	'user-stopped': 'yellow',
};

/** What each glyph means, for the help screen and the legend line. */
export const TIMELINE_SYMBOLS: ReadonlyArray<readonly [string, string]> = [
	[`${CELL_GLYPH.run}${CELL_GLYPH.now}`, 'running (to now)'],
	[CELL_GLYPH.done, 'ran, finished'],
	[CELL_GLYPH.idle, 'idle'],
	[CELL_GLYPH.waiting, 'waited for you'],
	[CELL_GLYPH.failed, 'failed'],
	[CELL_GLYPH.interrupted, 'interrupted'],
	[CELL_GLYPH['user-stopped'], 'stopped by you'],
	[CELL_GLYPH.resumed, 'resumed'],
];

/** A stretch of cells of one kind (the renderer draws each in one colour). */
export interface Run {
	readonly kind: CellKind;
	readonly text: string;
}

export interface TimelineRow {
	readonly id: string;
	/** The label, fitted to the label column. */
	readonly label: string;
	readonly bar: readonly Run[];
}

export interface TimelinePicture {
	/** The axis: times at ticks over the bars. */
	readonly axis: string;
	readonly rows: readonly TimelineRow[];
	/** How many agents ran in each column: a spark line under the bars, and its peak. */
	readonly concurrency: string;
	readonly peak: number;
	/** The column of now in the bars (undefined when now is outside the window). */
	readonly nowColumn: number | undefined;
	/** The width of the label column (the bars start after it and one space). */
	readonly labelWidth: number;
	readonly msPerColumn: number;
}

/** The whole span of the lanes, to now for running ones; a minute when there is nothing. */
export function fullWindow(lanes: readonly Lane[], nowMs: number): TimeWindow {
	if (lanes.length === 0) {
		return {fromMs: nowMs - 60_000, toMs: nowMs};
	}
	let from = Number.POSITIVE_INFINITY;
	let to = Number.NEGATIVE_INFINITY;
	for (const lane of lanes) {
		from = Math.min(from, lane.startMs);
		to = Math.max(to, lane.stopMs ?? nowMs);
	}
	return {fromMs: from, toMs: Math.max(to, from + 1000)};
}

/**
 * The whole window of a timeline drawn live (watch), for a zoom level: while something runs, its
 * end is rounded up to a step of about an eighth of what that zoom shows (a power of two of ms),
 * so that it moves only when now reaches it. A clock tick then changes the bars that grow, the
 * now marks and the line of how many ran at once, not every bar and the axis.
 */
export function liveWindow(lanes: readonly Lane[], nowMs: number, zoom = 0): TimeWindow {
	const full = fullWindow(lanes, nowMs);
	if (!lanes.some(lane => lane.stopMs === undefined)) {
		return full;
	}
	const span = full.toMs - full.fromMs;
	const shown = zoomedWindow(full, zoom, 0);
	const step = 2 ** Math.ceil(Math.log2(Math.max(1000, (shown.toMs - shown.fromMs) / 8)));
	return {fromMs: full.fromMs, toMs: full.fromMs + (Math.floor(span / step) + 1) * step};
}

const SPARK = ' ▁▂▃▄▅▆▇█';

/** Cut to `width` code points (`…` at the cut) and padded to it; leading spaces (nesting) kept. */
function padTo(text: string, width: number): string {
	const points = [...text];
	const cut = points.length <= width ? text : `${points.slice(0, Math.max(0, width - 1)).join('')}…`;
	return cut + ' '.repeat(Math.max(0, width - [...cut].length));
}

function column(ms: number, window: TimeWindow, perColumn: number): number {
	return Math.floor((ms - window.fromMs) / perColumn);
}

/** `lane`'s cells in `cells` (all of them written: `columns` long). */
function drawBar(cells: CellKind[], lane: Lane, window: TimeWindow, columns: number, perColumn: number, nowMs: number): void {
	cells.fill('empty', 0, columns);
	const running = lane.stopMs === undefined;
	const end = lane.stopMs ?? nowMs;
	const body: CellKind = running ? 'run' : 'done';
	if (end < window.fromMs || lane.startMs > window.toMs) {
		return;
	}
	const first = Math.max(0, column(lane.startMs, window, perColumn));
	const last = Math.min(columns - 1, column(end, window, perColumn));
	for (let c = first; c <= last; c++) {
		cells[c] = body;
	}
	for (const span of lane.rests ?? []) {
		// Only the columns wholly inside the rest: a short rest never hides a run.
		const a = Math.max(first, column(span.fromMs, window, perColumn) + 1);
		const b = Math.min(last, column(span.toMs, window, perColumn) - 1);
		for (let c = a; c <= b; c++) {
			cells[c] = 'empty';
		}
	}
	for (const span of lane.idle ?? []) {
		const a = Math.max(first, column(span.fromMs, window, perColumn));
		const b = Math.min(last, column(span.toMs ?? end, window, perColumn));
		for (let c = a; c <= b; c++) {
			cells[c] = 'idle';
		}
	}
	const put = (ms: number, kind: CellKind) => {
		// The window's end falls on the last column.
		const c = ms === window.toMs ? columns - 1 : column(ms, window, perColumn);
		if (c >= 0 && c < columns) {
			cells[c] = kind;
		}
	};
	for (const mark of lane.marks ?? []) {
		put(mark.ms, mark.kind);
	}
	if (running && lane.status !== 'stale' && nowMs <= window.toMs) {
		put(nowMs, lane.status === 'idle' ? 'idle' : lane.status === 'waiting' ? 'waiting' : 'now');
	} else if (lane.status === 'failed' || lane.status === 'interrupted' || lane.status === 'user-stopped') {
		put(end, lane.status);
	}
}

function barOf(lane: Lane, window: TimeWindow, columns: number, perColumn: number, nowMs: number): CellKind[] {
	const cells = new Array<CellKind>(columns);
	drawBar(cells, lane, window, columns, perColumn, nowMs);
	return cells;
}

function runsOf(cells: readonly CellKind[]): Run[] {
	const runs: Run[] = [];
	let from = 0;
	for (let c = 1; c <= cells.length; c++) {
		const kind = cells[from]!;
		if (c === cells.length || cells[c] !== kind) {
			runs.push({kind, text: CELL_GLYPH[kind].repeat(c - from)});
			from = c;
		}
	}
	return runs;
}

export interface DrawOptions {
	/** The whole width, labels and bars. */
	readonly width: number;
	readonly nowMs: number;
	readonly window: TimeWindow;
	/** Minutes east of UTC for the axis labels (the caller's local time). */
	readonly utcOffsetMin?: number;
	/** The lanes the "at once" line counts (default: those drawn): all of them when only some rows fit. */
	readonly counted?: readonly Lane[];
}

/** The label column: as wide as the longest label, at most a third of the width, at least 6. */
export function labelWidthFor(lanes: readonly Lane[], width: number): number {
	const longest = lanes.reduce((n, lane) => Math.max(n, [...lane.label].length), 4);
	return Math.max(6, Math.min(longest, Math.floor(width / 3), 40));
}

/** The picture: an axis, a row per lane, and how many ran at once. */
export function drawTimeline(lanes: readonly Lane[], options: DrawOptions): TimelinePicture {
	const labelWidth = labelWidthFor(lanes, options.width);
	const columns = Math.max(4, options.width - labelWidth - 1);
	const {window, nowMs} = options;
	const perColumn = Math.max(1, window.toMs - window.fromMs) / columns;
	const counts = new Array<number>(columns).fill(0);
	const count = (cells: readonly CellKind[]) => {
		for (let c = 0; c < columns; c++) {
			const kind = cells[c];
			if (kind !== 'empty' && kind !== 'idle') {
				counts[c]! += 1;
			}
		}
	};
	const rows = lanes.map(lane => {
		const cells = barOf(lane, window, columns, perColumn, nowMs);
		if (options.counted === undefined) {
			count(cells);
		}
		return {id: lane.id, label: padTo(lane.label, labelWidth), bar: runsOf(cells)};
	});
	// The counted lanes are drawn into one scratch row: only their counts are kept.
	const scratch = new Array<CellKind>(columns);
	for (const lane of options.counted ?? []) {
		drawBar(scratch, lane, window, columns, perColumn, nowMs);
		count(scratch);
	}
	const peak = Math.max(0, ...counts);
	const concurrency = counts.map(n => (n === 0 ? ' ' : SPARK[Math.max(1, Math.round((n / peak) * (SPARK.length - 1)))]!)).join('');
	const nowColumn = nowMs >= window.fromMs && nowMs <= window.toMs ? Math.min(columns - 1, column(nowMs, window, perColumn)) : undefined;
	return {
		axis: `${' '.repeat(labelWidth + 1)}${axisLine(window, columns, options.utcOffsetMin ?? 0)}`,
		rows,
		concurrency,
		peak,
		nowColumn,
		labelWidth,
		msPerColumn: perColumn,
	};
}

/** The picture as plain lines (`agentlog timeline` piped, and the tests): axis, rows, then the concurrency line. */
export function timelineText(picture: TimelinePicture, width: number): string[] {
	const lines = [clip(picture.axis, width)];
	for (const row of picture.rows) {
		lines.push(clip(`${row.label} ${row.bar.map(r => r.text).join('')}`, width));
	}
	const at = 'at once';
	lines.push(clip(`${padTo(at, picture.labelWidth)} ${picture.concurrency}`, width));
	lines.push(clip(`${' '.repeat(picture.labelWidth + 1)}peak ${picture.peak} · ${columnSpan(picture.msPerColumn)} per column`, width));
	return lines;
}
