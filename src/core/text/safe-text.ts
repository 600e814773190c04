// Text from outside (agent files, transcripts, meta files, team configs, folder names, hook
// payloads) is written by a model that may have read a hostile page. It is made safe once, where
// it enters, before any layout or Markdown: nothing in it can reach the terminal as a control.
// Pure.

/** Shown instead of ESC so an escape sequence stays visible as text. */
export const ESC_GLYPH = '␛';

/**
 * C0 controls except tab and newline, DEL, and C1 controls (U+0080–U+009F, which terminals can
 * read as ESC-sequences: U+009B is CSI, U+009D is OSC).
 */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/**
 * Bidirectional controls (embeddings, overrides, isolates, marks) and zero-width or invisible
 * characters that allow visual spoofing. U+200D (zero-width joiner) is kept: emoji sequences
 * need it and it cannot reorder or hide text on its own.
 */
const INVISIBLE = /[\u061C\u200B\u200C\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u180E]/g;

/** The visible form of one control character: ␛ for ESC, otherwise Unicode's control pictures or `\xNN`. */
function visibleControl(ch: string): string {
	const code = ch.charCodeAt(0);
	if (code === 0x1b) {
		return ESC_GLYPH;
	}
	if (code === 0x0d) {
		// A lone carriage return would move the cursor to the line start: keep the text, drop the CR.
		return '';
	}
	if (code < 0x20) {
		return String.fromCharCode(0x2400 + code);
	}
	if (code === 0x7f) {
		return '␡';
	}
	return `\\x${code.toString(16).padStart(2, '0')}`;
}

/** Strings up to this long are looked over by `isPlain`, longer ones by the patterns. */
const SCAN_MAX = 256;

/**
 * True when `text` holds nothing `CONTROLS` or `INVISIBLE` match (nor, with `oneLine`, a newline
 * or tab). For short strings: the hook runs in a new process on every event, where each pattern
 * is compiled on its first use (~0.05 ms apiece), for the few short strings it checks.
 */
function isPlain(text: string, oneLine: boolean): boolean {
	for (let i = 0; i < text.length; i++) {
		const c = text.charCodeAt(i);
		if (c < 0x20) {
			if (oneLine || (c !== 0x09 && c !== 0x0a)) {
				return false;
			}
		} else if (c >= 0x7f && c <= 0x9f) {
			return false;
		} else if (c >= 0x061c && isInvisible(c)) {
			return false;
		}
	}
	return true;
}

/** The characters of `INVISIBLE`. */
function isInvisible(c: number): boolean {
	return (
		c === 0x061c ||
		c === 0x180e ||
		c === 0xfeff ||
		(c >= 0x200b && c <= 0x200f && c !== 0x200d) ||
		(c >= 0x202a && c <= 0x202e) ||
		(c >= 0x2060 && c <= 0x2064) ||
		(c >= 0x2066 && c <= 0x2069)
	);
}

/**
 * Makes one string from outside safe for a terminal: controls other than newline and tab become
 * visible glyphs, bidi controls and zero-width characters are removed. Idempotent.
 */
export function safeText(text: string): string {
	if (text.length <= SCAN_MAX && isPlain(text, false)) {
		return text;
	}
	// Fast path: most text has nothing to change, and strings can be megabytes long.
	CONTROLS.lastIndex = 0;
	INVISIBLE.lastIndex = 0;
	if (!CONTROLS.test(text) && !INVISIBLE.test(text)) {
		return text;
	}
	CONTROLS.lastIndex = 0;
	INVISIBLE.lastIndex = 0;
	return text.replace(CONTROLS, visibleControl).replace(INVISIBLE, '');
}

/**
 * Like `safeText`, but the bidi controls and invisible characters are shown as `\u202E`-style
 * escapes instead of removed: for text a person reviews to see what a file holds (install-hook's
 * diff of a settings file), where a character that was silently dropped would hide what is there.
 */
export function visibleText(text: string): string {
	INVISIBLE.lastIndex = 0;
	const shown = INVISIBLE.test(text) ? text.replace(INVISIBLE, ch => `\\u${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`) : text;
	return safeText(shown);
}

/** A single-line safe string (names, ids, types): newlines and tabs become spaces too. */
export function safeLine(text: string): string {
	if (text.length <= SCAN_MAX && isPlain(text, true)) {
		return text;
	}
	return safeText(text).replace(/[\n\t]/g, ' ');
}

/**
 * Applies `safeText` to every string inside a parsed JSON value (keys included), returning a new
 * value; other values are kept as they are. Used where a whole record enters.
 */
export function safeJson<T>(value: T): T {
	return safeValue(value, 0) as T;
}

function safeValue(value: unknown, depth: number): unknown {
	if (typeof value === 'string') {
		return safeText(value);
	}
	if (depth > 64 || typeof value !== 'object' || value === null) {
		return value;
	}
	if (Array.isArray(value)) {
		let changed = false;
		const out = value.map(v => {
			const s = safeValue(v, depth + 1);
			changed ||= s !== v;
			return s;
		});
		return changed ? out : value;
	}
	let changed = false;
	const out: Record<string, unknown> = {};
	for (const [k, v] of Object.entries(value)) {
		const sk = safeText(k);
		const sv = safeValue(v, depth + 1);
		changed ||= sk !== k || sv !== v;
		out[sk] = sv;
	}
	return changed ? out : value;
}

/**
 * JSON text for `--json` output: exact, but with C1 controls and bidi/invisible characters
 * written as `\uXXXX` escapes, so the output is safe to print to a terminal and still parses to
 * the same value. (JSON.stringify already escapes C0 controls.)
 */
export function safeJsonStringify(value: unknown, indent?: number): string {
	return JSON.stringify(value, null, indent).replace(
		/[\u007F-\u009F\u061C\u200B-\u200F\u2028\u2029\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u180E]/g,
		ch => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
	);
}
