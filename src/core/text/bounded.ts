// Reading only the start of a text that may be huge (a 20 MB last message, a hostile file): a
// line, a card or a preview needs a few hundred characters, so the work of each frame must not
// grow with the text. Counting code points or folding whitespace over megabytes on every clock
// tick pinned a core; these helpers look at a bounded prefix only.

/** How far a one-line or few-line view ever looks into a text (UTF-16 units) when whitespace is ordinary. */
export const SCAN_LIMIT = 1 << 20;

/**
 * A copy of `part` (a slice of a larger text) that does not keep that text alive. V8 makes a
 * slice a view into its parent: one kept preview of a 20 MB message would keep all 20 MB.
 * Joining it to another string and slicing that makes V8 copy it (measured: a kept 50-character
 * slice of 200 MB held 200 MB of heap; this copy, 3 MB in all).
 */
export function detach(part: string): string {
	return ` ${part}`.slice(1);
}

/**
 * The first `max` UTF-16 units of `text`, never ending in half a surrogate pair; a copy when cut,
 * so keeping it does not keep `text`.
 */
export function head(text: string, max: number): string {
	if (text.length <= max) {
		return text;
	}
	const end = Math.max(0, Math.floor(max));
	const last = text.charCodeAt(end - 1);
	return detach(text.slice(0, last >= 0xd8_00 && last <= 0xdb_ff ? end - 1 : end));
}

/** Code points of `text`, counted up to `limit` (more is reported as `limit + 1`). */
export function pointsUpTo(text: string, limit: number): number {
	let n = 0;
	for (let i = 0; i < text.length && n <= limit; i++) {
		if (!(isLow(text.charCodeAt(i)) && i > 0 && isHigh(text.charCodeAt(i - 1)))) {
			n += 1;
		}
	}
	return n;
}

function isLow(c: number): boolean {
	return c >= 0xdc_00 && c <= 0xdf_ff;
}

function isHigh(c: number): boolean {
	return c >= 0xd8_00 && c <= 0xdb_ff;
}

/** The first `n` code points of `text` (a surrogate pair is never split). */
export function firstPoints(text: string, n: number): string {
	let points = 0;
	let i = 0;
	while (i < text.length && points < n) {
		i += isHigh(text.charCodeAt(i)) && i + 1 < text.length ? 2 : 1;
		points += 1;
	}
	return text.slice(0, i);
}

/** Whether `text` has anything but whitespace from `start` on; past SCAN_LIMIT units, it is taken to. */
function hasTextFrom(text: string, start: number): boolean {
	for (let from = start, size = 64; from < text.length; from += size, size *= 4) {
		if (from - start >= SCAN_LIMIT) {
			return true;
		}
		if (/\S/u.test(text.slice(from, from + size))) {
			return true;
		}
	}
	return false;
}

const fold = (text: string) => text.replace(/\s+/gu, ' ');

/**
 * `text` with whitespace folded to single spaces and trimmed, read only as far as needed to hold
 * more than `points` code points; `more` says there is text (not only whitespace) after `flat`.
 * Reads at most SCAN_LIMIT units of a text made mostly of whitespace.
 */
export function foldedHead(text: string, points: number): {readonly flat: string; readonly more: boolean} {
	let limit = Math.max(64, Math.ceil(points + 1) * 2 + 64);
	for (;;) {
		if (text.length <= limit) {
			return {flat: fold(text).trim(), more: false};
		}
		const flat = fold(head(text, limit)).trimStart();
		if (pointsUpTo(flat.trimEnd(), points) > points || limit >= SCAN_LIMIT) {
			return {flat: flat.trimEnd(), more: hasTextFrom(text, limit)};
		}
		limit = Math.min(SCAN_LIMIT, limit * 4);
	}
}

/** JavaScript's `\s`: white space and line terminators. */
function isSpace(c: number): boolean {
	return (
		(c >= 0x09 && c <= 0x0d) ||
		c === 0x20 ||
		c === 0xa0 ||
		c === 0x1680 ||
		(c >= 0x2000 && c <= 0x200a) ||
		c === 0x2028 ||
		c === 0x2029 ||
		c === 0x202f ||
		c === 0x205f ||
		c === 0x3000 ||
		c === 0xfeff
	);
}

/**
 * The first `max` UTF-16 units of `text` with each run of white space made one space and none at
 * the start or end before the cut: `text.replace(/\s+/g, ' ').trim().slice(0, max)`, looking at
 * no more of `text` than it keeps (and its white space). No pattern: the hook runs this in a new
 * process, where a pattern is compiled on its first use.
 */
export function foldedPrefix(text: string, max: number): string {
	let out = '';
	let space = false;
	for (let i = 0; i < text.length && out.length < max; i++) {
		const c = text.charCodeAt(i);
		if (isSpace(c)) {
			space = out.length > 0;
		} else {
			if (space) {
				out += ' ';
				space = false;
				if (out.length >= max) {
					break;
				}
			}
			out += text[i];
		}
	}
	return out;
}
