// Cutting text to a width, in one place: every cut counts code points (an emoji is never split)
// and reads only a bounded start of a text (bounded.ts), so a 20 MB message costs what a short
// one does. Pure.
import {firstPoints, foldedHead, pointsUpTo} from './bounded.js';

/**
 * Whitespace (newlines included) collapsed to single spaces and trimmed; then, when longer than
 * `max` code points, the first `max` code points + `…`. Counts code points, so a surrogate pair
 * (emoji) is never split. Decision: trailing spaces before the `…` are dropped (`hello…`, not
 * `hello …`); `max` below 1 leaves only the `…` for a non-empty text.
 */
export function truncate(text: string, max: number): string {
	const keep = Math.max(0, Math.floor(max));
	// Only the start of a huge text is read (see bounded.ts).
	const {flat, more} = foldedHead(text, keep);
	if (!more && pointsUpTo(flat, keep) <= keep) {
		return flat;
	}
	return `${firstPoints(flat, keep).trimEnd()}…`;
}

/** `text` (whitespace folded) in at most `width` characters, ending in `…` when cut. */
export function fit(text: string, width: number): string {
	const {flat, more} = foldedHead(text, width);
	return !more && pointsUpTo(flat, width) <= width ? flat : truncate(more ? `${flat} …` : flat, Math.max(0, width - 1));
}

/** A preformatted line (aligned columns) cut to `width`, its spacing kept. */
export function clip(line: string, width: number): string {
	return pointsUpTo(line, width) <= width ? line : `${firstPoints(line, Math.max(0, width - 1))}…`;
}
