// A Gemini CLI session file (`<home>/tmp/<projectId>/chats/session-*.jsonl`, or a subagent's
// `chats/<parentSessionId>/<agentId>.jsonl`) folded into what agentlog shows: who it is (the first
// line: `sessionId`, `kind`, `startTime`), its messages (`{id, timestamp, type, content, model,
// tokens, toolCalls}`; a message written again under the same id replaces the earlier copy, so
// each is counted once), `$set` updates (`summary`), `$rewindTo` (drops that message and what came
// after). Pure: lines in, a state out; a state takes more lines later, so a growing file is read once.
//
// The format is Gemini CLI's own (checked against 0.61.0, test/fixtures/gemini): every field is
// optional, an unknown line is skipped, and every string kept is made safe for a terminal and
// bounded as it is kept.
import {isObject, num, str, type Json} from '../record/json.js';
import {head} from '../text/bounded.js';
import {safeLine, safeText} from '../text/safe-text.js';
import {oneLine, toolSummary} from '../transcript/tool-summary.js';

/** Who the file is, from its first line. */
export interface GeminiMeta {
	readonly sessionId: string;
	readonly kind: 'main' | 'subagent';
	/** ISO. */
	readonly startTime?: string;
	/** The first workspace folder (a subagent's `directories[0]`). */
	readonly cwd?: string;
}

export interface GeminiTokens {
	readonly input: number;
	readonly output: number;
	readonly cached: number;
	readonly thoughts: number;
	readonly tool: number;
	readonly total: number;
}

export interface GeminiToolCall {
	readonly id: string;
	readonly name: string;
	/** One line: what the call was about. */
	readonly summary: string;
	/** ms */
	readonly at: number | undefined;
	/** `success`, `error`, `cancelled`, …; undefined while it runs (never seen: calls are written when they end). */
	readonly status: string | undefined;
	/** The result's first part, one line, cut short. */
	readonly result?: string;
	// invoke_agent only.
	/** The child's id (its file name). */
	readonly agentId?: string;
	/** `args.agent_name`. */
	readonly agentName?: string;
	/** `args.prompt`, safe text, bounded. */
	readonly prompt?: string;
	/** `Termination Reason: <reason>` of its result (`GOAL`, `TIMEOUT`, `MAX_TURNS`, `ABORTED`, `ERROR…`), or `ERROR` for `… failed.`. */
	readonly terminateReason?: string;
	/** `resultDisplay.state`: `completed`, `error`, `cancelled`. */
	readonly state?: string;
	/** What the child returned (`Result:` of its result text), safe text, bounded. */
	readonly report?: string;
	/** The error of a failed child (`Subagent '…' failed. Error: …`), one line. */
	readonly error?: string;
}

export interface GeminiMessage {
	readonly id: string;
	/** ms */
	readonly at: number | undefined;
	readonly type: string;
	/** Its text (content's text parts), safe, bounded; empty for tool results. */
	readonly text: string;
	readonly model?: string;
	readonly tokens?: GeminiTokens;
	readonly toolCalls: readonly GeminiToolCall[];
	/** A user message that only carries function responses. */
	readonly toolResponse: boolean;
}

export interface GeminiChat {
	readonly meta: GeminiMeta | undefined;
	/** Each message once, in the order first written; a later copy of an id replaces it in place. */
	readonly messages: readonly GeminiMessage[];
	/** `$set.summary`: a subagent's result (set when it completes). Safe text, bounded. */
	readonly summary: string | undefined;
	/** The newest time any line gave (ms). */
	readonly lastAt: number | undefined;
	readonly lines: number;
	readonly badLines: number;
}

export const EMPTY_CHAT: GeminiChat = {meta: undefined, messages: [], summary: undefined, lastAt: undefined, lines: 0, badLines: 0};

/** Messages kept per file (the oldest beyond this are dropped: their tokens are then no longer counted). */
export const MAX_GEMINI_MESSAGES = 20_000;
/** Tool calls kept per message. */
const MAX_CALLS_PER_MESSAGE = 200;
/** The longest text kept (a message's, a prompt, a report). */
export const GEMINI_TEXT_MAX = 64 * 1024;
const RESULT_LENGTH = 200;
const SUMMARY_LENGTH = 120;

const ID = /^[A-Za-z0-9][A-Za-z0-9._:#@-]{0,255}$/;
const safeId = (v: unknown): string | undefined => {
	const s = str(v);
	return s !== undefined && ID.test(s) ? s : undefined;
};
const text = (v: unknown, max = GEMINI_TEXT_MAX): string | undefined => {
	const s = str(v);
	return s === undefined ? undefined : head(safeText(head(s, max)), max);
};
const label = (v: unknown): string | undefined => {
	const s = str(v);
	return s === undefined || s.trim() === '' ? undefined : safeLine(head(s, 256));
};
const msOf = (v: unknown): number | undefined => {
	const s = str(v);
	if (s === undefined) {
		return undefined;
	}
	const ms = Date.parse(s);
	return Number.isNaN(ms) ? undefined : ms;
};
const count = (v: unknown): number => Math.max(0, Math.round(num(v)));

/** The text parts of a content (a string, or `[{text}]`), joined. */
function contentText(content: unknown): string {
	if (typeof content === 'string') {
		return content;
	}
	if (!Array.isArray(content)) {
		return '';
	}
	let out = '';
	for (const part of content) {
		if (isObject(part) && typeof part.text === 'string') {
			out += (out === '' ? '' : '\n') + part.text;
			if (out.length > GEMINI_TEXT_MAX) {
				break;
			}
		}
	}
	return out;
}

function tokensOf(v: unknown): GeminiTokens | undefined {
	if (!isObject(v)) {
		return undefined;
	}
	return {input: count(v.input), output: count(v.output), cached: count(v.cached), thoughts: count(v.thoughts), tool: count(v.tool), total: count(v.total)};
}

/** The first function response's output (or error) of a tool call's `result`. */
function resultText(result: unknown): {readonly text: string; readonly isError: boolean} | undefined {
	const parts = Array.isArray(result) ? result : [];
	for (const part of parts) {
		const response = isObject(part) && isObject(part.functionResponse) ? part.functionResponse.response : undefined;
		if (!isObject(response)) {
			continue;
		}
		if (typeof response.error === 'string') {
			return {text: head(response.error, GEMINI_TEXT_MAX), isError: true};
		}
		if (typeof response.output === 'string') {
			return {text: head(response.output, GEMINI_TEXT_MAX), isError: false};
		}
	}
	return undefined;
}

const FINISHED = /^Subagent '[^'\n]*' finished\.\nTermination Reason: ([^\n]*)\n(?:Result:\n)?([\s\S]*)$/u;
const FAILED = /^Subagent '[^'\n]*' failed\. Error: ([\s\S]*)$/u;

/** What an `invoke_agent` call says of its child. */
function invokeFields(args: Json, result: unknown, display: unknown): Partial<GeminiToolCall> {
	const out: {-readonly [K in keyof GeminiToolCall]?: GeminiToolCall[K]} = {};
	const name = label(args.agent_name);
	if (name !== undefined) {
		out.agentName = name;
	}
	const prompt = text(args.prompt);
	if (prompt !== undefined) {
		out.prompt = prompt;
	}
	if (isObject(display)) {
		const state = label(display.state);
		if (state !== undefined) {
			out.state = state;
		}
		const reason = label(display.terminateReason);
		if (reason !== undefined) {
			out.terminateReason = reason;
		}
	}
	const res = resultText(result);
	if (res !== undefined) {
		const finished = FINISHED.exec(res.text);
		const failed = finished === undefined || finished === null ? FAILED.exec(res.text) : null;
		if (finished !== null) {
			out.terminateReason ??= safeLine(head(finished[1]!.trim(), 64));
			out.report = text(finished[2]!.trim());
		} else if (failed !== null) {
			out.terminateReason ??= 'ERROR';
			out.error = oneLine(safeText(head(failed[1]!, 2000)), RESULT_LENGTH);
		} else if (res.isError) {
			out.error = oneLine(safeText(head(res.text, 2000)), RESULT_LENGTH);
		}
	}
	return out;
}

function toolCallOf(v: unknown): GeminiToolCall | undefined {
	if (!isObject(v)) {
		return undefined;
	}
	const id = safeId(v.id);
	const name = label(v.name);
	if (id === undefined || name === undefined) {
		return undefined;
	}
	const args = isObject(v.args) ? v.args : {};
	const res = resultText(v.result);
	const call: GeminiToolCall = {
		id,
		name,
		summary: oneLine(safeText(head(toolSummary(name, args), 4000)), SUMMARY_LENGTH),
		at: msOf(v.timestamp),
		status: label(v.status),
		...(res === undefined ? {} : {result: oneLine(safeText(head(res.text, 4000)), RESULT_LENGTH)}),
	};
	if (name !== 'invoke_agent') {
		return call;
	}
	const agentId = safeId(v.agentId);
	return {...call, ...(agentId === undefined ? {} : {agentId}), ...invokeFields(args, v.result, v.resultDisplay)};
}

function messageOf(o: Json, id: string): GeminiMessage {
	const type = label(o.type) ?? 'unknown';
	const calls: GeminiToolCall[] = [];
	if (Array.isArray(o.toolCalls)) {
		for (const c of o.toolCalls.slice(0, MAX_CALLS_PER_MESSAGE)) {
			const call = toolCallOf(c);
			if (call !== undefined) {
				calls.push(call);
			}
		}
	}
	const toolResponse = Array.isArray(o.content) && o.content.length > 0 && o.content.every(p => isObject(p) && p.functionResponse !== undefined);
	const model = label(o.model);
	const tokens = tokensOf(o.tokens);
	return {
		id,
		at: msOf(o.timestamp),
		type,
		text: text(contentText(o.content)) ?? '',
		...(model === undefined ? {} : {model}),
		...(tokens === undefined ? {} : {tokens}),
		toolCalls: calls,
		toolResponse,
	};
}

function metaOf(o: Json): GeminiMeta | undefined {
	const sessionId = safeId(o.sessionId);
	if (sessionId === undefined || (o.kind !== 'main' && o.kind !== 'subagent')) {
		return undefined;
	}
	const startTime = msOf(o.startTime) === undefined ? undefined : str(o.startTime);
	const cwd = Array.isArray(o.directories) ? label(o.directories[0]) : undefined;
	return {sessionId, kind: o.kind, ...(startTime === undefined ? {} : {startTime}), ...(cwd === undefined ? {} : {cwd})};
}

/** Folds more lines of one file into its state. */
export function foldGeminiChat(state: GeminiChat, lines: readonly string[]): GeminiChat {
	let {meta, summary, lastAt, lines: lineCount, badLines} = state;
	let messages: GeminiMessage[] | undefined;
	let index: Map<string, number> | undefined;
	const list = (): GeminiMessage[] => (messages ??= [...state.messages]);
	const indexOf = (): Map<string, number> => (index ??= new Map(list().map((m, i) => [m.id, i])));
	const seen = (ms: number | undefined): void => {
		if (ms !== undefined && (lastAt === undefined || ms > lastAt)) {
			lastAt = ms;
		}
	};
	for (const line of lines) {
		if (line.trim() === '') {
			continue;
		}
		lineCount += 1;
		let json: unknown;
		try {
			json = JSON.parse(line);
		} catch {
			badLines += 1;
			continue;
		}
		if (!isObject(json)) {
			badLines += 1;
			continue;
		}
		if (isObject(json.$set)) {
			const set = json.$set;
			if (typeof set.summary === 'string') {
				summary = text(set.summary);
			}
			seen(msOf(set.lastUpdated));
			continue;
		}
		if (json.$rewindTo !== undefined) {
			const at = indexOf().get(str(json.$rewindTo) ?? '');
			if (at !== undefined) {
				messages = list().slice(0, at);
				index = undefined;
			}
			continue;
		}
		if (meta === undefined && json.kind !== undefined) {
			meta = metaOf(json);
			seen(msOf(json.startTime));
			continue;
		}
		const id = safeId(json.id);
		if (id === undefined || typeof json.type !== 'string') {
			continue;
		}
		const message = messageOf(json, id);
		seen(message.at);
		const at = indexOf().get(id);
		if (at !== undefined) {
			list()[at] = message;
		} else {
			list().push(message);
			indexOf().set(id, list().length - 1);
			if (list().length > MAX_GEMINI_MESSAGES) {
				messages = list().slice(-MAX_GEMINI_MESSAGES);
				index = undefined;
			}
		}
	}
	return {meta, messages: messages ?? state.messages, summary, lastAt, lines: lineCount, badLines};
}

/** Every tool call of the file, in order. */
export function chatToolCalls(chat: GeminiChat): GeminiToolCall[] {
	return chat.messages.flatMap(m => m.toolCalls);
}
