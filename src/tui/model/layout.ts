// Layout maths: how the screen is cut for a pane of `columns` × `rows`. The whole frame stays at
// most `rows - 1` lines tall (Ink clears the whole screen every frame otherwise) and never wider
// than `columns`. Short wide panes get a horizontal strip of cards; the rest a vertical list.

export const MIN_COLUMNS = 40;
/**
 * The fewest rows laid out for: header, one body line and footer within `rows - 1`. Never more
 * than the pane has above that: a frame taller than the pane scrolls its header away and makes
 * Ink clear the whole screen at every frame.
 */
export const MIN_ROWS = 4;

/** Lines used by the header and the footer (key hints). */
export const HEADER_LINES = 1;
export const FOOTER_LINES = 1;

export const CARD_MIN_WIDTH = 28;
/** Border (2) + type line + duration line + two message lines. */
export const CARD_HEIGHT = 6;

export interface Size {
	readonly columns: number;
	readonly rows: number;
}

/** Terminal size with fallbacks (a pipe has no size) and the floor agentlog lays out for. */
export function paneSize(columns: number | undefined, rows: number | undefined): Size {
	return {
		columns: Math.max(MIN_COLUMNS, columns && columns > 0 ? columns : 80),
		rows: Math.max(MIN_ROWS, rows && rows > 0 ? rows : 24),
	};
}

export type BodyLayout =
	| {readonly mode: 'list'; readonly height: number; readonly width: number}
	| {readonly mode: 'strip'; readonly height: number; readonly width: number; readonly cardWidth: number; readonly cards: number};

/** Lines left for the body once the header and footer are drawn, within `rows - 1`. */
export function bodyHeight(size: Size): number {
	return Math.max(1, size.rows - 1 - HEADER_LINES - FOOTER_LINES);
}

/**
 * A strip when the pane is wide enough for three cards and too short for a useful list
 * (fewer than 12 body lines); otherwise a list, one line per agent.
 */
export function bodyLayout(size: Size): BodyLayout {
	const height = bodyHeight(size);
	const width = size.columns;
	const fit = Math.floor(width / CARD_MIN_WIDTH);
	if (fit >= 3 && height < 12 && height >= CARD_HEIGHT) {
		const cards = fit;
		return {mode: 'strip', height: CARD_HEIGHT, width, cardWidth: Math.floor(width / cards), cards};
	}
	return {mode: 'list', height, width};
}

/** How many items fit in the body, in the chosen layout. */
export function visibleCount(layout: BodyLayout): number {
	return layout.mode === 'strip' ? layout.cards : layout.height;
}

/**
 * The first item shown so that `selected` is visible, keeping it near the middle; stateless,
 * so the window never drifts when the list changes under it.
 */
export function windowStart(selected: number, count: number, visible: number): number {
	if (count <= visible || selected < 0) {
		return 0;
	}
	const centred = selected - Math.floor(visible / 2);
	return Math.max(0, Math.min(count - visible, centred));
}

/** The name column's width before any tree indent: about a fifth of a wide pane, at most 28 characters. */
export function nameColumn(width: number, longest = 0): number {
	const base = width >= 70 ? Math.min(28, Math.floor(width / 4.5)) : width >= 50 ? 14 : 10;
	// A wide pane gives the names shown the room they need, up to about a third of it.
	return width >= 100 ? Math.max(base, Math.min(longest, Math.floor(width / 3))) : base;
}

/**
 * Column widths of one list line: glyph, type, duration, then the message takes the rest. `indent`
 * is the widest tree indent shown (already capped): the type column grows by it, so a nested
 * agent's name has the room a top-level one has, and the message gives it up.
 */
export function listColumns(width: number, indent = 0, longest = 0): {readonly type: number; readonly duration: number; readonly message: number} {
	const type = nameColumn(width, longest) + Math.max(0, indent);
	// "ran 12m 5s" (a stale agent's) fits where there is room; a narrow pane keeps it for the message.
	const duration = width >= 50 ? 10 : 8;
	// "▸ ● " prefix (4) + type + " " + duration + " " + message.
	const message = Math.max(0, width - 4 - type - 1 - duration - 1);
	return {type, duration, message};
}
