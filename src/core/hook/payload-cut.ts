// A hook payload that was over the stdin limit, so that only its first part was kept: it cannot be
// parsed as JSON, yet a SubagentStop must not be lost for it (the agent would show as running
// for good). This reads what it can from the kept part: the top-level string fields that are
// complete, and the start of last_assistant_message when the cut fell inside it.
import {parseHookPayload} from './hook-payload.js';
import {type HookEvent, type Outcome} from './hook-event.js';
import {CUT_MESSAGE_CHARS} from '../record/limits.js';

/** Added to the end of a cut message, so that a reader sees it is not the whole message. */
export const CUT_MESSAGE_NOTE = '\n\n[… message cut by agentlog: the hook payload was over its size limit]';

const MESSAGE_KEY = 'last_assistant_message';
const MAX_KEY_CHARS = 256;

/** Index of the `"` closing the JSON string whose contents start at `from`, or -1 if cut. */
function stringEnd(text: string, from: number): number {
	let i = from;
	for (;;) {
		const q = text.indexOf('"', i);
		if (q < 0) {
			return -1;
		}
		let backslashes = 0;
		while (q - 1 - backslashes >= from && text.charCodeAt(q - 1 - backslashes) === 0x5c) {
			backslashes++;
		}
		if (backslashes % 2 === 0) {
			return q;
		}
		i = q + 1;
	}
}

/** Index just past the nested object or array that starts at `from`, or -1 if cut. */
function nestedEnd(text: string, from: number): number {
	let depth = 0;
	for (let i = from; i < text.length; i++) {
		const c = text[i];
		if (c === '"') {
			const end = stringEnd(text, i + 1);
			if (end < 0) {
				return -1;
			}
			i = end;
		} else if (c === '{' || c === '[') {
			depth++;
		} else if (c === '}' || c === ']') {
			depth--;
			if (depth === 0) {
				return i + 1;
			}
		}
	}
	return -1;
}

function skipSpace(text: string, i: number): number {
	while (i < text.length && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) {
		i++;
	}
	return i;
}

/** Decodes the start of a JSON string's contents that has no end: drops a half escape at the cut. */
function decodeCutString(raw: string): string | undefined {
	let body = raw.slice(0, CUT_MESSAGE_CHARS * 6);
	// A cut inside an escape: `\`, `\u`, `\u1`, `\u12`, `\u123`.
	const halfEscape = /\\(u[0-9a-fA-F]{0,3})?$/.exec(body);
	if (halfEscape) {
		let backslashes = 0;
		while (backslashes < halfEscape.index && body[halfEscape.index - 1 - backslashes] === '\\') {
			backslashes++;
		}
		// An even run before it means this backslash starts an escape (it is not itself escaped).
		if (backslashes % 2 === 0) {
			body = body.slice(0, halfEscape.index);
		}
	}
	let text: string;
	try {
		text = JSON.parse(`"${body}"`) as string;
	} catch {
		return undefined;
	}
	text = text.slice(0, CUT_MESSAGE_CHARS);
	// Never end on half a surrogate pair.
	const last = text.charCodeAt(text.length - 1);
	return last >= 0xd800 && last <= 0xdbff ? text.slice(0, -1) : text;
}

/**
 * The top-level fields of the JSON object whose first part is `prefix` that can be read: every
 * complete string, number, boolean or null value, and a cut `last_assistant_message` (its start,
 * with `CUT_MESSAGE_NOTE`). Reading stops at the cut. Linear in the prefix's length.
 */
export function readCutPayload(prefix: string): {readonly fields: Record<string, unknown>; readonly messageCut: boolean} {
	const fields: Record<string, unknown> = {};
	let i = skipSpace(prefix, 0);
	if (prefix[i] !== '{') {
		return {fields, messageCut: false};
	}
	i++;
	for (;;) {
		i = skipSpace(prefix, i);
		if (prefix[i] !== '"') {
			break;
		}
		const keyEnd = stringEnd(prefix, i + 1);
		if (keyEnd < 0 || keyEnd - i > MAX_KEY_CHARS) {
			break;
		}
		let key: string;
		try {
			key = JSON.parse(prefix.slice(i, keyEnd + 1)) as string;
		} catch {
			break;
		}
		i = skipSpace(prefix, keyEnd + 1);
		if (prefix[i] !== ':') {
			break;
		}
		i = skipSpace(prefix, i + 1);
		const c = prefix[i];
		if (c === '"') {
			const end = stringEnd(prefix, i + 1);
			if (end < 0) {
				if (key === MESSAGE_KEY) {
					const start = decodeCutString(prefix.slice(i + 1));
					if (start !== undefined) {
						fields[key] = start + CUT_MESSAGE_NOTE;
						return {fields, messageCut: true};
					}
				}
				break;
			}
			try {
				fields[key] = JSON.parse(prefix.slice(i, end + 1));
			} catch {
				break;
			}
			i = end + 1;
		} else if (c === '{' || c === '[') {
			const end = nestedEnd(prefix, i);
			if (end < 0) {
				break;
			}
			i = end;
		} else {
			const m = /^(?:true|false|null|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)(?=[\s,}])/.exec(prefix.slice(i, i + 64));
			if (!m) {
				break;
			}
			fields[key] = JSON.parse(m[0]);
			i += m[0].length;
		}
		i = skipSpace(prefix, i);
		if (prefix[i] !== ',') {
			break;
		}
		i++;
	}
	return {fields, messageCut: false};
}

/**
 * A hook event from the first part of a payload that was over the stdin limit. Skipped when the
 * fields it needs (event, session, agent) are not in that part.
 */
export function parseCutHookPayload(prefix: string): Outcome<HookEvent> {
	const {fields, messageCut} = readCutPayload(prefix);
	const parsed = parseHookPayload(fields);
	if (!parsed.ok) {
		return {ok: false, error: `payload over the size limit, and its first part does not say enough: ${parsed.error}`};
	}
	if (fields[MESSAGE_KEY] === undefined && parsed.value.event === 'SubagentStop') {
		// The message came after the cut, or something else was too large: say so rather than show none.
		return {ok: true, value: {...parsed.value, lastMessage: CUT_MESSAGE_NOTE.trim(), lastMessageCut: true}};
	}
	return {ok: true, value: messageCut ? {...parsed.value, lastMessageCut: true} : parsed.value};
}
