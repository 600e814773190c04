// What a subagent is doing, from its transcript (`…/subagents/agent-<id>.jsonl`). Pure: lines
// in, a summary out. The line format is Claude Code's own and may change in any release
// (docs/claude-code-hooks.md#subagent-transcripts), so every field is optional here and an unknown line is skipped.
//
// Summaries are mergeable (`mergeSummaries(a, b)` = the summary of a's lines followed by b's),
// so a huge transcript can be shown from its tail first and its history filled in afterwards.
//
// A transcript holds whatever the model read and wrote, hostile pages included. Every string a
// summary keeps (tool names and summaries, results, text, files, model, ids) is made safe for a
// terminal as it is kept (`oneLine` does it for the cut text, `safeLine` for the rest): the
// lines themselves are never copied, which keeps a transcript of hundreds of MB cheap.
import {SYNTHETIC_MODEL} from './synthetic-model.js';
import {addCost, NO_COST, responseCost, type CostSum, type Pricer} from '../cost/cost.js';
import {addCount, countsOf} from '../record/name-counts.js';
import {isObject, num, str, type Json} from '../record/json.js';
import {head} from '../text/bounded.js';
import {safeLine, safeText} from '../text/safe-text.js';
import {editedFile, oneLine, shortPath, toolSummary} from './tool-summary.js';
import {hookStopOf, type HookStop} from './hook-stop.js';
import {mergeTurns, turnWithAssistant, turnWithEnd, turnWithUser, type TurnState} from './turn.js';
import {isQwenLine, qwenLineAsClaude} from './qwen-line.js';

export interface Usage {
	readonly input: number;
	readonly output: number;
	readonly cacheWrite: number;
	readonly cacheRead: number;
}

/** One response's usage and what it cost (see core/cost/cost.ts). */
export interface ResponseUsage extends Usage {
	readonly cost: CostSum;
}

/** The last request: its whole input (cached parts included) and its model's context window. */
export interface LastRequest {
	readonly input: number;
	readonly window: number | undefined;
}

export interface ToolCall {
	readonly id: string;
	readonly name: string;
	/** One line: what the call was about (`router\.(get|post)`, `src/app.ts`). */
	readonly summary: string;
	/** Milliseconds, when the line had a timestamp. */
	readonly at: number | undefined;
	/** The result, cut to 200 characters; undefined while it runs. */
	readonly result?: string;
	readonly isError?: boolean;
}

export interface TranscriptSummary {
	/** Tool calls in order (the newest MAX_TOOL_CALLS are kept; `toolCounts` counts all). */
	readonly toolCalls: readonly ToolCall[];
	readonly toolCounts: Readonly<Record<string, number>>;
	/** Files written or edited, in the order first touched. */
	readonly files: readonly string[];
	/**
	 * Usage of the most recent API messages, by message id: one response is written as several
	 * lines with the same usage, always next to each other. Older messages are added into
	 * `usageBefore`, so a long transcript keeps a small map.
	 */
	readonly usage: ReadonlyMap<string, ResponseUsage>;
	readonly usageBefore: Usage;
	/** What the responses added into `usageBefore` cost. */
	readonly costBefore: CostSum;
	/**
	 * What responses are priced with, given by whoever starts the fold (`emptySummary`); without
	 * one, a response with tokens is counted unpriced, never $0.
	 */
	readonly pricer: Pricer | undefined;
	/** The newest response of a model (not `<synthetic>`) with input: how full its context was. */
	readonly lastRequest: LastRequest | undefined;
	/** The first message ids of these lines: a response split across two summaries is counted once. */
	readonly firstMessages: ReadonlySet<string>;
	readonly model: string | undefined;
	/** Claude Code's version from the lines (`version`), the newest seen. */
	readonly version: string | undefined;
	/** What it is doing now: a tool call, `thinking…`, or the last line of text. */
	readonly activity: string | undefined;
	/** Parent agent id, when a line names one. */
	readonly parentAgentId: string | undefined;
	/** The newest line timestamp (ms). */
	readonly lastAt: number | undefined;
	/** Results whose tool call was not seen (yet): joined up by mergeSummaries. */
	readonly orphanResults: ReadonlyMap<string, {readonly result: string; readonly isError: boolean}>;
	readonly lines: number;
	readonly badLines: number;
	/** Tool results marked `is_error`. */
	readonly toolErrors: number;
	/** The first user message that is not a tool result (the agent's prompt): safe text, PROMPT_MAX units. */
	readonly prompt: string | undefined;
	/** An assistant line was seen: the agent did work of its own. */
	readonly hasWork: boolean;
	/** How the lines end: the last assistant message and what came after it (see turn.ts). */
	readonly turn: TurnState | undefined;
	/** A hook stopped the agent (`hook_stopped_continuation`) and it did no work after: how and when (hook-stop.ts). */
	readonly hookStop?: HookStop | undefined;
}

export const MAX_TOOL_CALLS = 2000;
/** The prompt kept from a transcript's first user message, in UTF-16 units. */
export const PROMPT_MAX = 2000;
export const RESULT_LENGTH = 200;
const SUMMARY_LENGTH = 120;

export {editedFile, oneLine, shortPath, toolSummary};
export {REPORT_MAX, turnOutcome, type TurnState} from './turn.js';

export const EMPTY_SUMMARY: TranscriptSummary = {
	toolCalls: [],
	toolCounts: {},
	files: [],
	usage: new Map(),
	usageBefore: {input: 0, output: 0, cacheWrite: 0, cacheRead: 0},
	costBefore: NO_COST,
	pricer: undefined,
	lastRequest: undefined,
	firstMessages: new Set(),
	model: undefined,
	version: undefined,
	activity: undefined,
	parentAgentId: undefined,
	lastAt: undefined,
	orphanResults: new Map(),
	lines: 0,
	badLines: 0,
	toolErrors: 0,
	prompt: undefined,
	hasWork: false,
	turn: undefined,
};

/** An empty summary whose responses are priced by `pricer`. */
export function emptySummary(pricer: Pricer | undefined): TranscriptSummary {
	return pricer === undefined ? EMPTY_SUMMARY : {...EMPTY_SUMMARY, pricer};
}

function resultText(content: unknown, toolUseResult: unknown): string {
	if (typeof content === 'string') {
		return content;
	}
	if (Array.isArray(content)) {
		return content
			.map(part => (isObject(part) ? (str(part.text) ?? (part.type === 'image' ? '[image]' : '')) : ''))
			.filter(Boolean)
			.join(' ');
	}
	if (isObject(toolUseResult)) {
		return str(toolUseResult.stdout) ?? '';
	}
	return '';
}

/** The text of a user message: a string, or its text parts joined; undefined for tool results only. */
function userText(content: unknown): string | undefined {
	if (typeof content === 'string') {
		return content;
	}
	if (!Array.isArray(content)) {
		return undefined;
	}
	const texts = content.flatMap(part => (isObject(part) && part.type === 'text' && typeof part.text === 'string' ? [part.text] : []));
	return texts.length === 0 ? undefined : texts.join('\n');
}

function lastTextLine(text: string): string | undefined {
	const lines = text
		.split('\n')
		.map(l => l.trim())
		.filter(Boolean);
	const last = lines.at(-1);
	return last === undefined ? undefined : oneLine(last.replace(/^#+\s*/u, ''), SUMMARY_LENGTH);
}

type Mutable = {-readonly [K in keyof TranscriptSummary]: TranscriptSummary[K]};

/** Message ids whose usage is kept apart before it is added into `usageBefore`. */
const RECENT_MESSAGES = 64;

function addUsage(a: Usage, b: Usage, sign = 1): Usage {
	return {
		input: a.input + sign * b.input,
		output: a.output + sign * b.output,
		cacheWrite: a.cacheWrite + sign * b.cacheWrite,
		cacheRead: a.cacheRead + sign * b.cacheRead,
	};
}

function setUsage(s: Mutable, id: string, usage: ResponseUsage): void {
	if (s.firstMessages.size < 4) {
		(s.firstMessages as Set<string>).add(id);
	}
	const map = s.usage as Map<string, ResponseUsage>;
	map.delete(id);
	map.set(id, usage);
	while (map.size > RECENT_MESSAGES) {
		const [oldest, u] = map.entries().next().value as [string, ResponseUsage];
		map.delete(oldest);
		s.usageBefore = addUsage(s.usageBefore, u);
		s.costBefore = addCost(s.costBefore, u.cost);
	}
}

function usageOf(u: Json): Usage {
	return {
		input: num(u.input_tokens),
		output: num(u.output_tokens),
		cacheWrite: num(u.cache_creation_input_tokens),
		cacheRead: num(u.cache_read_input_tokens),
	};
}

function addToolCall(s: Mutable, call: ToolCall): void {
	const calls = s.toolCalls as ToolCall[];
	calls.push(call);
	if (calls.length > MAX_TOOL_CALLS) {
		calls.splice(0, calls.length - MAX_TOOL_CALLS);
	}
	addCount(s.toolCounts, call.name);
}

function attachResult(s: Mutable, id: string, result: string, isError: boolean): boolean {
	const calls = s.toolCalls as ToolCall[];
	for (let i = calls.length - 1; i >= 0; i--) {
		const call = calls[i];
		if (call?.id === id) {
			calls[i] = {...call, result: oneLine(result, RESULT_LENGTH), isError};
			return true;
		}
	}
	return false;
}

function addFile(s: Mutable, file: string): void {
	if (!s.files.includes(file)) {
		(s.files as string[]).push(file);
	}
}

function safeOptional(text: string | undefined): string | undefined {
	return text === undefined ? undefined : safeLine(text);
}

/** Folds one parsed JSON line into a mutable summary. */
function foldLine(s: Mutable, line: Json, cwd: string | undefined): void {
	const at = Date.parse(str(line.timestamp) ?? '');
	const time = Number.isNaN(at) ? undefined : at;
	if (time !== undefined) {
		s.lastAt = Math.max(s.lastAt ?? 0, time);
	}
	s.version = str(line.version) ?? s.version;
	s.parentAgentId = safeOptional(str(line.parentAgentId)) ?? s.parentAgentId;
	const lineCwd = str(line.cwd) ?? cwd;
	const message = isObject(line.message) ? line.message : undefined;
	if (line.type === 'assistant' && message) {
		s.hasWork = true;
		const texts: string[] = [];
		const calls: Array<{id: string; name: string; input: unknown}> = [];
		// A message Claude Code made up itself (an API error's) names the model `<synthetic>`: no model.
		const model = str(message.model);
		s.model = (model === SYNTHETIC_MODEL ? undefined : safeOptional(model)) ?? s.model;
		const id = str(message.id);
		if (id && isObject(message.usage)) {
			const usage = usageOf(message.usage);
			const priced = model === SYNTHETIC_MODEL ? undefined : model;
			setUsage(s, id, {...usage, cost: responseCost(s.pricer, priced, usage, time)});
			const input = usage.input + usage.cacheRead + usage.cacheWrite;
			if (priced !== undefined && input > 0) {
				s.lastRequest = {input, window: s.pricer?.contextWindow(priced)};
			}
		}
		for (const block of Array.isArray(message.content) ? message.content : []) {
			if (!isObject(block)) {
				continue;
			}
			if (block.type === 'tool_use') {
				const name = safeLine(str(block.name) ?? 'tool');
				const summary = toolSummary(name, block.input, lineCwd);
				const callId = str(block.id) ?? `${s.lines}`;
				addToolCall(s, {id: callId, name, summary, at: time});
				calls.push({id: callId, name: str(block.name) ?? 'tool', input: block.input});
				const file = editedFile(name, block.input);
				if (file) {
					addFile(s, safeLine(shortPath(file, lineCwd)));
				}
				s.activity = summary;
			} else if (block.type === 'thinking' || block.type === 'redacted_thinking') {
				s.activity = 'thinking…';
			} else if (block.type === 'text') {
				s.activity = lastTextLine(str(block.text) ?? '') ?? s.activity;
				texts.push(str(block.text) ?? '');
			}
		}
		s.turn = turnWithAssistant(s.turn, {messageId: str(message.id), texts, stopReason: str(message.stop_reason), calls});
	} else if (line.type === 'user' && message) {
		const results: string[] = [];
		const text = userText(message.content);
		if (text !== undefined && line.isMeta !== true && s.prompt === undefined) {
			s.prompt = head(safeText(head(text, PROMPT_MAX)), PROMPT_MAX);
		}
		for (const block of Array.isArray(message.content) ? message.content : []) {
			if (isObject(block) && block.type === 'tool_result') {
				const id = str(block.tool_use_id) ?? '';
				results.push(id);
				const text = resultText(block.content, line.toolUseResult);
				const isError = block.is_error === true;
				if (isError) {
					s.toolErrors += 1;
				}
				if (!attachResult(s, id, text, isError)) {
					(s.orphanResults as Map<string, {result: string; isError: boolean}>).set(id, {result: oneLine(text, RESULT_LENGTH), isError});
				}
				// The result is back: the model is working on it.
				s.activity = 'thinking…';
			}
		}
		if (results.length > 0 || (text !== undefined && line.isMeta !== true)) {
			s.turn = turnWithUser(s.turn, results, text !== undefined && line.isMeta !== true);
		}
	}
	if (line.toolEndsTurn === true) {
		s.turn = turnWithEnd(s.turn);
	}
	if (line.type === 'assistant') {
		// Working again after a hook's stop: continued (SendMessage).
		s.hookStop = undefined;
	} else {
		s.hookStop = hookStopOf(line) ?? s.hookStop;
	}
}

function copy(s: TranscriptSummary): Mutable {
	return {
		...s,
		toolCalls: [...s.toolCalls],
		toolCounts: countsOf(s.toolCounts),
		files: [...s.files],
		usage: new Map(s.usage),
		firstMessages: new Set(s.firstMessages),
		orphanResults: new Map(s.orphanResults),
	};
}

/**
 * Folds complete JSONL lines (no trailing partial line) into a summary. A line that is not JSON
 * (a torn write, a rotated file) is counted in `badLines` and skipped.
 */
export function foldLines(summary: TranscriptSummary, lines: readonly string[], cwd?: string): TranscriptSummary {
	return fold(summary, lines, cwd, undefined).summary;
}

function fold(
	summary: TranscriptSummary,
	lines: readonly string[],
	cwd: string | undefined,
	until: number | undefined,
): {summary: TranscriptSummary; ended: boolean} {
	if (lines.length === 0) {
		return {summary, ended: false};
	}
	const s = copy(summary);
	for (const text of lines) {
		if (text.trim() === '') {
			continue;
		}
		let json: unknown;
		try {
			json = JSON.parse(text);
		} catch {
			s.lines += 1;
			s.badLines += 1;
			continue;
		}
		if (until !== undefined && isObject(json) && typeof json.timestamp === 'string' && Date.parse(json.timestamp) > until) {
			return {summary: s, ended: true};
		}
		s.lines += 1;
		if (isObject(json)) {
			// A Qwen Code line is read as the Claude Code line that says the same (qwen-line.ts).
			foldLine(s, isQwenLine(json) ? (qwenLineAsClaude(json) ?? {timestamp: json.timestamp}) : json, cwd);
		} else {
			s.badLines += 1;
		}
	}
	return {summary: s, ended: false};
}

/**
 * `foldLines` up to a moment (time travel): lines are folded until the first one stamped later
 * than `until` (ms); `ended` says it was met, so the caller reads no further (a transcript is
 * written in time order). A line without a timestamp is folded.
 */
export function foldLinesUntil(
	summary: TranscriptSummary,
	lines: readonly string[],
	until: number,
	cwd?: string,
): {summary: TranscriptSummary; ended: boolean} {
	return fold(summary, lines, cwd, until);
}

/** The summary of `a`'s lines followed by `b`'s. */
export function mergeSummaries(a: TranscriptSummary, b: TranscriptSummary): TranscriptSummary {
	const s = copy(a);
	for (const call of b.toolCalls) {
		addToolCall(s, call);
	}
	// Counts: b's toolCalls may be capped; take b's counts rather than re-counting its calls.
	const counts = countsOf(a.toolCounts);
	for (const [name, n] of Object.entries(b.toolCounts)) {
		addCount(counts, name, n);
	}
	s.toolCounts = counts;
	for (const [id, r] of b.orphanResults) {
		if (!attachResult(s, id, r.result, r.isError)) {
			(s.orphanResults as Map<string, {result: string; isError: boolean}>).set(id, r);
		}
	}
	for (const file of b.files) {
		addFile(s, file);
	}
	// A response whose lines straddle the two parts is in both: count b's copy only.
	for (const id of b.firstMessages) {
		(s.usage as Map<string, ResponseUsage>).delete(id);
	}
	s.usageBefore = addUsage(s.usageBefore, b.usageBefore);
	s.costBefore = addCost(s.costBefore, b.costBefore);
	for (const [id, u] of b.usage) {
		setUsage(s, id, u);
	}
	// The first message ids of the whole: a's, then b's while there is room (as one fold keeps them).
	const first = new Set(a.firstMessages);
	for (const id of b.firstMessages) {
		if (first.size < 4) {
			first.add(id);
		}
	}
	s.firstMessages = first;
	s.model = b.model ?? a.model;
	s.pricer = a.pricer ?? b.pricer;
	s.lastRequest = b.lastRequest ?? a.lastRequest;
	s.version = b.version ?? a.version;
	s.activity = b.activity ?? a.activity;
	s.parentAgentId = b.parentAgentId ?? a.parentAgentId;
	s.lastAt = Math.max(a.lastAt ?? 0, b.lastAt ?? 0) || undefined;
	s.lines = a.lines + b.lines;
	s.badLines = a.badLines + b.badLines;
	s.toolErrors = a.toolErrors + b.toolErrors;
	s.prompt = a.prompt ?? b.prompt;
	s.hasWork = a.hasWork || b.hasWork;
	s.turn = mergeTurns(a.turn, b.turn);
	s.hookStop = b.hookStop ?? (b.hasWork ? undefined : a.hookStop);
	return s;
}

/** Token totals, each API response counted once. */
export function tokenTotals(summary: TranscriptSummary): Usage {
	let total = summary.usageBefore;
	for (const u of summary.usage.values()) {
		total = addUsage(total, u);
	}
	return total;
}

/** What its responses cost, each priced once by its message id (see core/cost/cost.ts). */
export function costTotals(summary: TranscriptSummary): CostSum {
	let total = summary.costBefore;
	for (const u of summary.usage.values()) {
		total = addCost(total, u.cost);
	}
	return total;
}

/**
 * Before Claude Code 2.1.97 the per-block lines carried streaming placeholder usage (for example
 * `output_tokens: 3`), not the final numbers. True when the version says so or is unknown.
 */
export function usageMayBePlaceholder(version: string | undefined): boolean {
	const m = /^(\d+)\.(\d+)\.(\d+)/u.exec(version ?? '');
	if (!m) {
		return true;
	}
	const [major, minor, patch] = [Number(m[1]), Number(m[2]), Number(m[3])];
	return major < 2 || (major === 2 && (minor < 1 || (minor === 1 && patch < 97)));
}
