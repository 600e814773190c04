// Whether a subagent's transcript shows it finished its turn, and its final report. Pure.
//
// A turn ends when the last assistant message says `stop_reason: end_turn` with no tool call of
// its own waiting for a result and no user line after it; a workflow agent ends instead with a
// `StructuredOutput` call followed by a line with `toolEndsTurn: true` (docs/claude-code-hooks.md#subagent-transcripts).
// One API response is written as several lines, one per content block, with the same message
// id: they are joined into one message here.
//
// The state is mergeable like the rest of a summary: a part of a transcript with no assistant
// line keeps what it saw (results, new user messages, `toolEndsTurn`) so it can be applied to the
// message the earlier part ended with, and a part whose first line continues a message is joined
// to it.
import {CUT_MESSAGE_CHARS} from '../record/limits.js';
import {head} from '../text/bounded.js';
import {safeText} from '../text/safe-text.js';

/** A final report kept from a transcript: at most as much as a stop's message (1 MiB of text). */
export const REPORT_MAX = CUT_MESSAGE_CHARS;
/** Tool results remembered by a part without assistant lines (more: the turn went on). */
const ANSWERED_MAX = 64;

export interface TurnState {
	/** False: these lines held no assistant line, only what came after an earlier part's last message. */
	readonly message: boolean;
	readonly messageId: string | undefined;
	/** The message's text blocks joined, safe text, at most REPORT_MAX units. */
	readonly text: string;
	readonly stopReason: string | undefined;
	/** The message's tool calls still waiting for their result. */
	readonly pending: readonly string[];
	/** The id and input (pretty JSON, safe, bounded) of a `StructuredOutput` call in the message. */
	readonly structuredId: string | undefined;
	readonly structured: string | undefined;
	/** A line with `toolEndsTurn: true` came after the message. */
	readonly toolEndsTurn: boolean;
	/** A user message, or a result of a call other than `StructuredOutput`, came after it. */
	readonly resumed: boolean;
	/** For `message: false`: results seen (bounded; `answeredMore` past the bound), and a user message. */
	readonly answered: readonly string[];
	readonly answeredMore: boolean;
	/** No assistant or user line came before this message in these lines. */
	readonly fromStart: boolean;
}

export interface AssistantPart {
	readonly messageId: string | undefined;
	readonly texts: readonly string[];
	readonly stopReason: string | undefined;
	readonly calls: ReadonlyArray<{readonly id: string; readonly name: string; readonly input: unknown}>;
}

function joinText(a: string, b: string): string {
	if (a === '') {
		return b;
	}
	if (b === '' || a.length >= REPORT_MAX) {
		return a;
	}
	return head(`${a}\n\n${b}`, REPORT_MAX);
}

/** A StructuredOutput input as readable text: pretty JSON (a string stays a string), bounded. */
export function structuredText(input: unknown): string {
	let text: string;
	if (typeof input === 'string') {
		text = input;
	} else {
		try {
			text = JSON.stringify(input, undefined, 2) ?? '';
		} catch {
			text = '';
		}
	}
	return head(safeText(head(text, REPORT_MAX)), REPORT_MAX);
}

function emptyTurn(message: boolean, fromStart: boolean): TurnState {
	return {
		message,
		messageId: undefined,
		text: '',
		stopReason: undefined,
		pending: [],
		structuredId: undefined,
		structured: undefined,
		toolEndsTurn: false,
		resumed: false,
		answered: [],
		answeredMore: false,
		fromStart,
	};
}

/** Adds one assistant line's blocks: to the same message when its id matches, else as a new one. */
export function turnWithAssistant(turn: TurnState | undefined, part: AssistantPart): TurnState {
	const same = turn?.message === true && part.messageId !== undefined && turn.messageId === part.messageId && !turn.resumed;
	let next: TurnState = same && turn ? turn : {...emptyTurn(true, turn === undefined), messageId: part.messageId};
	let text = next.text;
	for (const t of part.texts) {
		text = joinText(text, head(safeText(head(t, REPORT_MAX)), REPORT_MAX));
	}
	const pending = [...next.pending];
	let {structuredId, structured} = next;
	for (const call of part.calls) {
		pending.push(call.id);
		if (call.name === 'StructuredOutput') {
			structuredId = call.id;
			structured = structuredText(call.input);
		}
	}
	next = {...next, text, pending, structuredId, structured, stopReason: part.stopReason ?? next.stopReason};
	return next;
}

/** A user line: the results it carries (tool_use ids) and whether it is a new message of its own. */
export function turnWithUser(turn: TurnState | undefined, results: readonly string[], userMessage: boolean): TurnState {
	const t = turn ?? emptyTurn(false, true);
	if (!t.message) {
		const answered = [...t.answered, ...results];
		return {
			...t,
			answered: answered.slice(0, ANSWERED_MAX),
			answeredMore: t.answeredMore || answered.length > ANSWERED_MAX,
			resumed: t.resumed || userMessage,
		};
	}
	const pending = t.pending.filter(id => !results.includes(id));
	const resumed = t.resumed || userMessage || results.some(id => id !== t.structuredId);
	return {...t, pending, resumed};
}

/** A line with `toolEndsTurn: true`. */
export function turnWithEnd(turn: TurnState | undefined): TurnState {
	return {...(turn ?? emptyTurn(false, true)), toolEndsTurn: true};
}

/** The turn state of `a`'s lines followed by `b`'s. */
export function mergeTurns(a: TurnState | undefined, b: TurnState | undefined): TurnState | undefined {
	if (!b) {
		return a;
	}
	if (!a) {
		return b;
	}
	if (!b.message) {
		// b only holds what came after a's last message.
		let t = turnWithUser(a, b.answered, b.resumed);
		if (b.answeredMore) {
			t = t.message ? {...t, resumed: true} : {...t, answeredMore: true};
		}
		return b.toolEndsTurn ? turnWithEnd(t) : t;
	}
	if (!b.fromStart) {
		return b;
	}
	if (a.message && !a.resumed && b.messageId !== undefined && a.messageId === b.messageId) {
		// One message whose lines straddle the two parts.
		return {
			...b,
			text: joinText(a.text, b.text),
			pending: [...a.pending, ...b.pending],
			structuredId: b.structuredId ?? a.structuredId,
			structured: b.structured ?? a.structured,
			stopReason: b.stopReason ?? a.stopReason,
			fromStart: a.fromStart,
		};
	}
	return {...b, fromStart: false};
}

/** The end of the turn, when the lines show one: `{endedTurn, finalReport}`. */
export function turnOutcome(turn: TurnState | undefined): {readonly endedTurn: boolean; readonly finalReport: string | undefined} {
	if (!turn?.message) {
		return {endedTurn: false, finalReport: undefined};
	}
	if (turn.structured !== undefined && turn.toolEndsTurn) {
		return {endedTurn: true, finalReport: turn.structured === '' ? undefined : turn.structured};
	}
	if (turn.stopReason === 'end_turn' && turn.pending.length === 0 && !turn.resumed) {
		const text = turn.text.trim() === '' ? undefined : turn.text;
		return {endedTurn: true, finalReport: text};
	}
	return {endedTurn: false, finalReport: undefined};
}
