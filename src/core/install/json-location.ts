// Parsing JSON with a useful error location (file line and column). Pure, no IO.
//
// JSON.parse says where it broke only in its message, and not always: Node 20 writes
// `Expected double-quoted property name in JSON at position 8` for some errors but
// `Unexpected token ']', "[1,]" is not valid JSON` (no position) for others, and
// `Unexpected end of JSON input` for a truncated text. The position is taken from the message
// when it is there; otherwise a small validating scanner finds the offset itself.

export interface TextLocation {
	/** 1-based line. */
	readonly line: number;
	/** 1-based column, in UTF-16 code units. */
	readonly column: number;
}

export type JsonParseResult =
	| {readonly ok: true; readonly value: unknown}
	| {readonly ok: false; readonly reason: string; readonly offset: number; readonly line: number; readonly column: number};

/** The line and column of `offset` (0-based index into `text`). */
export function lineColumn(text: string, offset: number): TextLocation {
	const at = Math.max(0, Math.min(offset, text.length));
	let line = 1;
	let lineStart = 0;
	for (let i = text.indexOf('\n'); i !== -1 && i < at; i = text.indexOf('\n', i + 1)) {
		line++;
		lineStart = i + 1;
	}
	return {line, column: at - lineStart + 1};
}

export function parseJsonWithLocation(text: string): JsonParseResult {
	if (text.charCodeAt(0) === 0xfe_ff) {
		return {
			ok: false,
			reason: 'the file starts with a byte-order mark (BOM), which JSON does not allow; save it as UTF-8 without BOM',
			offset: 0,
			line: 1,
			column: 1,
		};
	}
	try {
		return {ok: true, value: JSON.parse(text) as unknown};
	} catch (error) {
		const message = error instanceof Error ? error.message : String(error);
		let offset = Math.max(0, positionFromMessage(message) ?? jsonErrorOffset(text));
		const atEnd = offset >= text.length || /unexpected end of json input/i.test(message);
		if (atEnd) {
			// Point just after the last thing written: where a truncated file stops.
			offset = text.trimEnd().length;
		}
		const reason = atEnd ? 'unexpected end of file (is it cut short?)' : describe(message);
		return {ok: false, reason, offset, ...lineColumn(text, offset)};
	}
}

/** `... in JSON at position 42` (also Node 18's `Unexpected token } in JSON at position 42`). */
export function positionFromMessage(message: string): number | undefined {
	const match = /\bat position (\d+)/.exec(message);
	return match ? Number(match[1]) : undefined;
}

/** JSON.parse's message without the position and without its echo of the text. */
function describe(message: string): string {
	return message
		.replace(/ in JSON at position \d+.*$/s, '')
		.replace(/, .* is not valid JSON$/s, '')
		.replace(/ after JSON at position \d+.*$/s, ' after the end of the JSON value');
}

/** Thrown to stop the scan at the first invalid character (caught in this file only). */
class Stop extends Error {
	constructor(readonly at: number) {
		super(`invalid JSON at ${at}`);
	}
}

/**
 * The offset of the first character that makes `text` invalid JSON; `text.length` when the text
 * ends too early; -1 when it is valid.
 */
export function jsonErrorOffset(text: string): number {
	const n = text.length;
	let i = 0;
	const fail = (at: number): never => {
		throw new Stop(Math.min(at, n));
	};
	const skipSpace = (): void => {
		while (i < n && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) {
			i++;
		}
	};
	const expect = (ch: string): void => {
		if (text[i] !== ch) {
			fail(i);
		}
		i++;
	};
	const literal = (word: string): void => {
		for (const ch of word) {
			expect(ch);
		}
	};
	const digits = (): void => {
		if (!/[0-9]/.test(text[i] ?? '')) {
			fail(i);
		}
		while (/[0-9]/.test(text[i] ?? '')) {
			i++;
		}
	};
	const number = (): void => {
		if (text[i] === '-') {
			i++;
		}
		if (text[i] === '0') {
			i++;
		} else {
			digits();
		}
		if (text[i] === '.') {
			i++;
			digits();
		}
		if (text[i] === 'e' || text[i] === 'E') {
			i++;
			if (text[i] === '+' || text[i] === '-') {
				i++;
			}
			digits();
		}
	};
	const string = (): void => {
		expect('"');
		for (;;) {
			if (i >= n) {
				fail(n);
			}
			const code = text.charCodeAt(i);
			if (code === 0x22) {
				i++;
				return;
			}
			if (code < 0x20) {
				fail(i);
			}
			if (code !== 0x5c) {
				i++;
				continue;
			}
			const escape = text[i + 1];
			if (escape === undefined) {
				fail(n);
			} else if ('"\\/bfnrt'.includes(escape)) {
				i += 2;
			} else if (escape === 'u') {
				for (let k = 2; k < 6; k++) {
					if (!/[0-9a-fA-F]/.test(text[i + k] ?? '')) {
						fail(i + k);
					}
				}
				i += 6;
			} else {
				fail(i + 1);
			}
		}
	};
	const value = (): void => {
		skipSpace();
		const ch = text[i];
		if (ch === undefined) {
			fail(n);
		} else if (ch === '{') {
			i++;
			skipSpace();
			if (text[i] === '}') {
				i++;
				return;
			}
			for (;;) {
				skipSpace();
				string();
				skipSpace();
				expect(':');
				value();
				skipSpace();
				if (text[i] === ',') {
					i++;
					continue;
				}
				expect('}');
				return;
			}
		} else if (ch === '[') {
			i++;
			skipSpace();
			if (text[i] === ']') {
				i++;
				return;
			}
			for (;;) {
				value();
				skipSpace();
				if (text[i] === ',') {
					i++;
					continue;
				}
				expect(']');
				return;
			}
		} else if (ch === '"') {
			string();
		} else if (ch === 't') {
			literal('true');
		} else if (ch === 'f') {
			literal('false');
		} else if (ch === 'n') {
			literal('null');
		} else if (ch === '-' || (ch >= '0' && ch <= '9')) {
			number();
		} else {
			fail(i);
		}
	};
	try {
		value();
		skipSpace();
		if (i < n) {
			fail(i);
		}
		return -1;
	} catch (error) {
		if (error instanceof Stop) {
			return error.at;
		}
		throw error;
	}
}
