// A rollout's first line (`session_meta`) carries the thread's whole system prompt,
// `base_instructions`: tens of KB, sometimes hundreds, that agentlog never shows. It is cut out of
// the line's text before the line is parsed, so a thousand rollouts do not cost a thousand parses
// (and strings) of it. Pure text work on valid JSON; on anything it does not understand the line is
// left as it was, and the JSON parser decides.

/** Keys whose values are dropped unread, when a line is long enough for it to matter. */
const UNREAD_KEYS = ['base_instructions'] as const;
/** Shorter lines are parsed whole: cutting would not pay. */
const CUT_FROM = 4096;

/** True when the `"` at `at` is a real quote: preceded by an even number of backslashes. */
function unescaped(s: string, at: number): boolean {
	let n = 0;
	for (let i = at - 1; i >= 0 && s.charCodeAt(i) === 0x5c; i--) {
		n += 1;
	}
	return n % 2 === 0;
}

/** The index just past the string whose opening quote is at `at`; -1 when it never closes. */
function stringEnd(s: string, at: number): number {
	let i = at;
	for (;;) {
		i = s.indexOf('"', i + 1);
		if (i < 0) {
			return -1;
		}
		if (unescaped(s, i)) {
			return i + 1;
		}
	}
}

const WHITESPACE = /[ \t\r\n]*/y;
const STRUCTURE = /["{}[\]]/g;
const SCALAR_END = /[,}\]\s]/g;

function skipWhitespace(s: string, at: number): number {
	WHITESPACE.lastIndex = at;
	WHITESPACE.test(s);
	return WHITESPACE.lastIndex;
}

/** The index just past the JSON value that starts at `at`; -1 when it is not one that ends. */
export function valueEnd(s: string, at: number): number {
	const c = s[at];
	if (c === '"') {
		return stringEnd(s, at);
	}
	if (c === '{' || c === '[') {
		let depth = 0;
		let i = at;
		for (;;) {
			STRUCTURE.lastIndex = i;
			const found = STRUCTURE.exec(s);
			if (found === null) {
				return -1;
			}
			i = found.index;
			const ch = found[0];
			if (ch === '"') {
				i = stringEnd(s, i);
				if (i < 0) {
					return -1;
				}
				continue;
			}
			depth += ch === '{' || ch === '[' ? 1 : -1;
			i += 1;
			if (depth === 0) {
				return i;
			}
		}
	}
	if (c === undefined) {
		return -1;
	}
	SCALAR_END.lastIndex = at;
	const found = SCALAR_END.exec(s);
	return found === null ? s.length : found.index;
}

/** `line` without `"key": value` (and one comma beside it); the line itself when the key is not there as a key. */
function withoutKey(line: string, key: string): string {
	const needle = `"${key}"`;
	let from = 0;
	for (;;) {
		const start = line.indexOf(needle, from);
		if (start < 0) {
			return line;
		}
		from = start + needle.length;
		// Inside a string the quotes would be escaped; a real quote followed by the name and a colon is a key.
		if (!unescaped(line, start)) {
			continue;
		}
		const colon = skipWhitespace(line, from);
		if (line[colon] !== ':') {
			continue;
		}
		const end = valueEnd(line, skipWhitespace(line, colon + 1));
		if (end < 0) {
			return line;
		}
		const after = skipWhitespace(line, end);
		if (line[after] === ',') {
			return line.slice(0, start) + line.slice(after + 1);
		}
		let before = start - 1;
		while (before >= 0 && /\s/.test(line[before]!)) {
			before -= 1;
		}
		return line[before] === ',' ? line.slice(0, before) + line.slice(end) : line.slice(0, start) + line.slice(end);
	}
}

/** A rollout line as it will be parsed: a long line without the values agentlog never reads. */
export function withoutUnreadFields(line: string): string {
	if (line.length < CUT_FROM) {
		return line;
	}
	let out = line;
	for (const key of UNREAD_KEYS) {
		out = withoutKey(out, key);
	}
	return out;
}
