// A long Markdown message cut into pieces that can be rendered one at a time, so that the detail
// pane shows the start of a 20 MB message at once and keys are answered between pieces. Pieces
// end at a blank line outside a code fence when there is one near; what is past `DISPLAY_LIMIT`
// is not rendered at all (the full text stays available from `agentlog ls --json`).
import {head} from './bounded.js';

/** About how long a piece is (UTF-16 units): rendered in a few tens of milliseconds. */
export const PIECE_SIZE = 32 * 1024;
/** How much of a message the detail pane renders at all. */
export const DISPLAY_LIMIT = 1024 * 1024;
/** How far past PIECE_SIZE a piece may run to end at a blank line (else a line end, else anywhere). */
const REACH = 4 * PIECE_SIZE;

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

/** `text.indexOf(needle, from)` that reads no further than `to` (-1 when not found before it). */
function indexWithin(text: string, needle: string, from: number, to: number): number {
	const i = text.slice(from, to).indexOf(needle);
	return i === -1 ? -1 : from + i;
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
	const end = head(text, limit).length;
	return {end, cut: end < text.length};
}

/**
 * The piece of `text` starting at `cursor`, up to `end`, and the cursor after it; undefined when
 * there is nothing left. A piece that starts inside a fence is given the fence line again, so
 * it renders as code.
 */
export function nextPiece(text: string, cursor: PieceCursor, end: number, size = PIECE_SIZE): {readonly source: string; readonly next: PieceCursor} | undefined {
	const {at} = cursor;
	if (at >= end) {
		return undefined;
	}
	let stop = end;
	if (end - at > size) {
		const from = at + size;
		const reach = Math.min(end, from + REACH);
		stop = -1;
		// The first blank line past `from` that is not inside a code fence.
		let pos = from;
		let open = fenceAt(text, at, from, cursor.fence);
		for (let blank = indexWithin(text, '\n\n', pos, reach); blank !== -1; blank = indexWithin(text, '\n\n', pos, reach)) {
			open = fenceAt(text, pos, blank + 2, open);
			pos = blank + 2;
			if (open === undefined) {
				stop = pos;
				break;
			}
		}
		if (stop === -1) {
			const line = indexWithin(text, '\n', from, reach);
			stop = line !== -1 ? line + 1 : head(text, from).length;
		}
		stop = Math.max(at + 1, Math.min(stop, end));
	}
	const body = text.slice(at, stop);
	const source = cursor.fence === undefined ? body : `${cursor.fence}\n${body}`;
	return {source, next: {at: stop, fence: fenceAt(text, at, stop, cursor.fence)}};
}

/** About how many pieces are left from `cursor` (for "rendering 3/40…"). */
export function piecesLeft(cursor: PieceCursor, end: number, size = PIECE_SIZE): number {
	return Math.ceil(Math.max(0, end - cursor.at) / size);
}
