// A long Markdown message cut into pieces that can be rendered one at a time, so that the detail
// pane shows the start of a 20 MB message at once and keys are answered between pieces. Pieces
// end at a blank line outside a code fence when there is one near; what is past `DISPLAY_LIMIT`
// is not rendered at all (the full text stays available from `agentlog ls --json`).
import {detach, head} from '../../core/text/bounded.js';

/** About how long a piece is (UTF-16 units): rendered in a few tens of milliseconds. */
export const PIECE_SIZE = 32 * 1024;
/** How much of a message the detail pane renders at all. */
export const DISPLAY_LIMIT = 1024 * 1024;
/** How far past its size (times) a piece may run to end at a blank line (else a line end, else anywhere). */
const REACH_FACTOR = 4;

const FENCE = /^ {0,3}(`{3,}|~{3,})/gmu;

/** The code fence open at `end` (its marker), given the one open at `start`; reads only that span. */
function fenceAt(text: string, start: number, end: number, open: string | undefined): string | undefined {
	let fence = open;
	const span = text.slice(start, end);
	const midLine = start > 0 && text[start - 1] !== '\n';
	for (const m of span.matchAll(FENCE)) {
		if (m.index === 0 && midLine) {
			continue;
		}
		const marker = m[1] ?? '';
		if (fence === undefined) {
			fence = marker;
		} else if (marker[0] === fence[0] && marker.length >= fence.length) {
			fence = undefined;
		}
	}
	return fence;
}

/**
 * `text.indexOf(needle, from)` that reads no further than `to` (-1 when not found before it),
 * in growing windows: a paragraph end is usually near.
 */
function indexWithin(text: string, needle: string, from: number, to: number): number {
	for (let start = from, size = 1024; start < to; start += size - needle.length + 1, size *= 4) {
		const i = text.slice(start, Math.min(to, start + size)).indexOf(needle);
		if (i !== -1) {
			return start + i;
		}
	}
	return -1;
}

export interface PieceCursor {
	/** Where the next piece starts. */
	readonly at: number;
	/** The code fence open at `at`, when the last piece had to end inside one. */
	readonly fence: string | undefined;
}

export const FIRST_PIECE: PieceCursor = {at: 0, fence: undefined};

/** Where the rendered part of `text` ends: all of it, or DISPLAY_LIMIT units (`cut`). */
export function displayEnd(text: string, limit = DISPLAY_LIMIT): {readonly end: number; readonly cut: boolean} {
	if (text.length <= limit) {
		return {end: text.length, cut: false};
	}
	const last = text.charCodeAt(limit - 1);
	return {end: last >= 0xd8_00 && last <= 0xdb_ff ? limit - 1 : limit, cut: true};
}

/**
 * The piece of `text` starting at `cursor`, up to `end`, and the cursor after it; undefined when
 * there is nothing left. A piece that starts inside a fence is given the fence line again, so
 * it renders as code.
 */
export function nextPiece(
	text: string,
	cursor: PieceCursor,
	end: number,
	size = PIECE_SIZE,
): {readonly source: string; readonly next: PieceCursor} | undefined {
	const {at} = cursor;
	if (at >= end) {
		return undefined;
	}
	if (end - at <= size) {
		const body = text.slice(at, end);
		return {source: withFence(cursor.fence, body), next: {at: end, fence: fenceAt(text, at, end, cursor.fence)}};
	}
	const from = at + size;
	const reach = Math.min(end, from + REACH_FACTOR * size);
	// The first blank line past `from` that is not inside a code fence.
	let pos = from;
	let open = fenceAt(text, at, from, cursor.fence);
	const atFrom = open;
	for (let blank = indexWithin(text, '\n\n', pos, reach); blank !== -1; blank = indexWithin(text, '\n\n', pos, reach)) {
		open = fenceAt(text, pos, blank + 2, open);
		pos = blank + 2;
		if (open === undefined) {
			return {source: withFence(cursor.fence, text.slice(at, pos)), next: {at: pos, fence: undefined}};
		}
	}
	// None near: end at a line end, else anywhere (a surrogate pair is kept whole).
	const line = indexWithin(text, '\n', from, reach);
	const stop = Math.max(at + 1, line !== -1 ? line + 1 : head(text, from).length);
	return {source: withFence(cursor.fence, text.slice(at, stop)), next: {at: stop, fence: fenceAt(text, from, stop, atFrom)}};
}

/** A piece that starts inside a code fence is given the fence line again, so it renders as code. */
function withFence(fence: string | undefined, body: string): string {
	// A copy: the renderer keeps its last tokens, and a slice would keep the whole message.
	return detach(fence === undefined ? body : `${fence}\n${body}`);
}

/** About how many pieces are left from `cursor` (for "rendering 3/40…"). */
export function piecesLeft(cursor: PieceCursor, end: number, size = PIECE_SIZE): number {
	return Math.ceil(Math.max(0, end - cursor.at) / size);
}
