// A Gemini CLI subagent as agentlog's one agent shape: the record the monitor model reads (as if a
// hook had written it, with `provider: "gemini"`) and what its "transcript" says (its own session
// file, as the model's TranscriptFacts). The child's file gives its start, messages, tokens, tool
// calls and (when it completes) its summary; the parent's `invoke_agent` call, written only when the
// child ends, gives its name, task and Gemini's own end reason. Below this, nothing in the model is
// Gemini-specific. Pure.
import {addCost, NO_COST, responseCost, type CostSum, type Pricer} from '../cost/cost.js';
import type {TranscriptFacts} from '../monitor/inferred-stop.js';
import type {AgentRecord} from '../record/agent-record.js';
import {isSafeId} from '../record/agent-record.js';
import {failureReason} from '../record/limits.js';
import {isObject} from '../record/json.js';
import {head} from '../text/bounded.js';
import {EMPTY_SUMMARY, type ResponseUsage, type ToolCall} from '../transcript/summary.js';
import {MODEL_MAX, type TranscriptTally} from '../transcript/tally.js';
import {chatToolCalls, GEMINI_TEXT_MAX, type GeminiChat, type GeminiTokens, type GeminiToolCall} from './chat.js';

/** The type of a child whose parent has not yet written its `invoke_agent` call (it is written when the child ends). */
export const UNNAMED_TYPE = 'subagent';
/** The stop reason of a child that called `complete_task` before its parent's call was written. */
export const COMPLETE_TASK_REASON = 'complete-task';
/** Gemini's own end reason (`Termination Reason:`), kept as the stop reason: `termination:MAX_TURNS`. */
export const TERMINATION_PREFIX = 'termination:';
/** The stop reason of a child that had not ended when Gemini CLI no longer ran its session (killed, closed). */
export const GEMINI_GONE = 'session-end:gemini-exited';

/** The parent's `invoke_agent` call that ran this child (by the child's id), when written. */
export function invokeCallOf(parent: GeminiChat | undefined, agentId: string): GeminiToolCall | undefined {
	if (parent === undefined) {
		return undefined;
	}
	for (let i = parent.messages.length - 1; i >= 0; i--) {
		for (const call of parent.messages[i]!.toolCalls) {
			if (call.name === 'invoke_agent' && call.agentId === agentId) {
				return call;
			}
		}
	}
	return undefined;
}

/** The child's own `complete_task` call that was accepted. */
function completed(child: GeminiChat): GeminiToolCall | undefined {
	for (let i = child.messages.length - 1; i >= 0; i--) {
		const call = child.messages[i]!.toolCalls.find(c => c.name === 'complete_task' && c.status === 'success');
		if (call !== undefined) {
			return call;
		}
	}
	return undefined;
}

/** The child's summary as a report: the built-in agents' `{"response": "…"}` JSON unwrapped, else as written. */
function summaryReport(summary: string | undefined): string | undefined {
	if (summary === undefined || summary.trim() === '') {
		return undefined;
	}
	if (summary.trimStart().startsWith('{')) {
		try {
			const json: unknown = JSON.parse(summary);
			if (isObject(json) && typeof json.response === 'string' && Object.keys(json).length === 1) {
				return head(json.response, GEMINI_TEXT_MAX);
			}
		} catch {
			// Not JSON after all: as written.
		}
	}
	return summary;
}

/** Its first user message: its task as the child was given it. */
function firstTask(child: GeminiChat): string | undefined {
	const first = child.messages.find(m => m.type === 'user' && !m.toolResponse && m.text !== '');
	return first === undefined ? undefined : head(first.text, 2000);
}

export type GeminiPhase = 'active' | 'stopped' | 'interrupted' | 'failed';

export interface GeminiEnd {
	readonly phase: GeminiPhase;
	readonly stopReason?: string;
	/** ms */
	readonly at?: number;
}

/**
 * How the child stands: from the parent's call when written, else from its own `complete_task`.
 * `gone`: Gemini CLI no longer runs the session (the store looked); a child that had not ended
 * then was cut off, and is interrupted at its last sign of life.
 */
export function geminiEnd(child: GeminiChat, call: GeminiToolCall | undefined, gone = false): GeminiEnd {
	if (call !== undefined) {
		const reason = call.terminateReason;
		const at = call.at ?? child.lastAt;
		if (call.error !== undefined || call.state === 'error' || reason?.startsWith('ERROR') === true) {
			return {phase: 'failed', stopReason: failureReason(call.error ?? reason ?? 'error'), ...(at === undefined ? {} : {at})};
		}
		if (reason === 'ABORTED' || call.state === 'cancelled' || call.status === 'cancelled') {
			return {phase: 'interrupted', stopReason: `${TERMINATION_PREFIX}ABORTED`, ...(at === undefined ? {} : {at})};
		}
		return {phase: 'stopped', stopReason: `${TERMINATION_PREFIX}${reason ?? 'GOAL'}`, ...(at === undefined ? {} : {at})};
	}
	const done = completed(child);
	if (done !== undefined) {
		const at = done.at ?? child.lastAt;
		return {phase: 'stopped', stopReason: COMPLETE_TASK_REASON, ...(at === undefined ? {} : {at})};
	}
	if (gone) {
		return {phase: 'interrupted', stopReason: GEMINI_GONE, ...(child.lastAt === undefined ? {} : {at: child.lastAt})};
	}
	return {phase: 'active'};
}

/**
 * When a child that has not ended (no parent call, no `complete_task`) started (ms), else undefined:
 * the store then asks whether Gemini CLI still runs its session.
 */
export function unendedSince(child: GeminiChat, parent: GeminiChat | undefined): number | undefined {
	const meta = child.meta;
	if (meta?.kind !== 'subagent' || geminiEnd(child, invokeCallOf(parent, meta.sessionId)).phase !== 'active') {
		return undefined;
	}
	const start = meta.startTime === undefined ? Number.NaN : Date.parse(meta.startTime);
	return Number.isFinite(start) ? start : (child.messages[0]?.at ?? child.lastAt ?? 0);
}

const iso = (ms: number | undefined): string | undefined => (ms === undefined ? undefined : new Date(ms).toISOString());

/** The model of its newest `gemini` message. */
function lastModel(chat: GeminiChat): string | undefined {
	for (let i = chat.messages.length - 1; i >= 0; i--) {
		const model = chat.messages[i]!.model;
		if (model !== undefined) {
			return model;
		}
	}
	return undefined;
}

/** Its newest `gemini` message with tokens: its last request. */
function lastTokens(chat: GeminiChat) {
	for (let i = chat.messages.length - 1; i >= 0; i--) {
		const tokens = chat.messages[i]!.tokens;
		if (tokens !== undefined) {
			return tokens;
		}
	}
	return undefined;
}

/**
 * The record of a subagent file (undefined for a main session's, or one whose first line was not
 * read). `sessionId`: the main session (the folder it sits in); `parent`: the main session's file
 * read, when found; `gone`: Gemini CLI no longer runs the session (see geminiEnd).
 */
export function geminiRecord(child: GeminiChat, file: string, sessionId: string, parent: GeminiChat | undefined, gone = false): AgentRecord | undefined {
	const meta = child.meta;
	if (meta === undefined || meta.kind !== 'subagent' || !isSafeId(meta.sessionId)) {
		return undefined;
	}
	const call = invokeCallOf(parent, meta.sessionId);
	const end = geminiEnd(child, call, gone);
	const startedAt = meta.startTime ?? iso(child.messages[0]?.at) ?? iso(child.lastAt) ?? new Date(0).toISOString();
	const stopped = end.phase !== 'active';
	const report = summaryReport(call?.report ?? child.summary);
	const description = call?.prompt ?? firstTask(child);
	const model = lastModel(child);
	const last = lastTokens(child);
	const calls = chatToolCalls(child).length;
	const stoppedAt = stopped ? iso(end.at) : undefined;
	return {
		agentId: meta.sessionId,
		type: call?.agentName ?? UNNAMED_TYPE,
		status: stopped ? 'stopped' : 'active',
		startedAt,
		updatedAt: iso(child.lastAt) ?? startedAt,
		...(stoppedAt === undefined ? {} : {stoppedAt}),
		...(report === undefined ? {} : {lastMessage: report}),
		sessionId,
		...(meta.cwd === undefined ? {} : {cwd: meta.cwd}),
		transcriptPath: file,
		...(end.phase === 'interrupted' ? {interrupted: true} : {}),
		...(end.stopReason === undefined ? {} : {stopReason: end.stopReason}),
		...(description === undefined ? {} : {description}),
		...(model === undefined ? {} : {model}),
		// As a Claude Agent result's totalTokens: the last request's (its own are in its facts).
		...(last === undefined ? {} : {totalTokens: last.total}),
		...(calls === 0 ? {} : {totalToolUseCount: calls}),
		provider: 'gemini',
	};
}

/**
 * One request's tokens Claude's way, as Google bills them: input is the prompt (`input`, which
 * includes its cached part) without that cached part, plus the tool-use prompt (`tool`, outside
 * `input`); cache read is the cached part (billed at the cache rate); output is the answer with
 * the thinking (`thoughts`, billed as output). `input + output + thoughts + tool = total`.
 */
export function requestUsage(tokens: GeminiTokens) {
	const cacheRead = Math.min(tokens.cached, tokens.input);
	return {input: tokens.input - cacheRead + tokens.tool, output: tokens.output + tokens.thoughts, cacheRead, cacheWrite: 0};
}

/** Its requests summed (each message once: the file's last copy of each id), priced when a pricer knows the model. */
export function geminiUsage(chat: GeminiChat, pricer?: Pricer): ResponseUsage | undefined {
	let input = 0;
	let output = 0;
	let cacheRead = 0;
	let cost: CostSum = NO_COST;
	let any = false;
	for (const m of chat.messages) {
		if (m.tokens === undefined) {
			continue;
		}
		any = true;
		const u = requestUsage(m.tokens);
		input += u.input;
		output += u.output;
		cacheRead += u.cacheRead;
		cost = addCost(cost, responseCost(pricer, m.model, u, m.at));
	}
	return any ? {input, output, cacheRead, cacheWrite: 0, cost} : undefined;
}

const hasWork = (chat: GeminiChat): boolean => chat.messages.some(m => m.type === 'gemini');

/** What its file says of the agent, as the monitor model reads a transcript's facts. */
export function geminiFacts(
	child: GeminiChat,
	parent: GeminiChat | undefined,
	options: {readonly mtimeMs?: number; readonly pricer?: Pricer; readonly gone?: boolean} = {},
): TranscriptFacts {
	const agentId = child.meta?.sessionId ?? '';
	const call = invokeCallOf(parent, agentId);
	const end = geminiEnd(child, call, options.gone);
	const calls = chatToolCalls(child);
	const toolCalls: ToolCall[] = calls.map(c => ({
		id: c.id,
		name: c.name,
		summary: c.summary,
		at: c.at,
		...(c.result === undefined ? {} : {result: c.result}),
		...(c.status === 'error' ? {isError: true} : {}),
	}));
	const toolCounts: Record<string, number> = {};
	for (const c of calls) {
		toolCounts[c.name] = (toolCounts[c.name] ?? 0) + 1;
	}
	const usage = geminiUsage(child, options.pricer);
	const model = lastModel(child);
	const last = lastTokens(child);
	const running = end.phase === 'active';
	const task = call?.prompt ?? firstTask(child);
	const report = summaryReport(call?.report ?? child.summary);
	return {
		summary: {
			...EMPTY_SUMMARY,
			toolCalls,
			toolCounts,
			usage: usage === undefined ? EMPTY_SUMMARY.usage : new Map([['requests', usage]]),
			pricer: options.pricer,
			lastRequest:
				last === undefined || last.input === 0
					? undefined
					: {input: last.input, window: model === undefined ? undefined : options.pricer?.contextWindow(model)},
			model,
			activity: running ? activityOf(child) : undefined,
			lastAt: child.lastAt,
			lines: child.lines,
			badLines: child.badLines,
			prompt: task,
			hasWork: hasWork(child),
			toolErrors: calls.filter(c => c.status === 'error').length,
		},
		description: task,
		...(task === undefined ? {} : {descriptionSource: 'prompt' as const}),
		parentAgentId: undefined,
		history: undefined,
		missing: false,
		...(task === undefined ? {} : {prompt: task}),
		...(report === undefined ? {} : {finalReport: report}),
		endedTurn: !running,
		hasWork: hasWork(child),
		mtimeMs: options.mtimeMs,
	};
}

/** What the counts read of its file (a sign of life, an end, work of its own), and no more. */
export function geminiCountFacts(child: GeminiChat, parent: GeminiChat | undefined, mtimeMs?: number, gone = false): TranscriptFacts {
	const call = invokeCallOf(parent, child.meta?.sessionId ?? '');
	return {
		summary: {...EMPTY_SUMMARY, lastAt: child.lastAt, hasWork: hasWork(child)},
		description: undefined,
		parentAgentId: undefined,
		history: undefined,
		missing: false,
		endedTurn: geminiEnd(child, call, gone).phase !== 'active',
		hasWork: hasWork(child),
		mtimeMs,
	};
}

/** What it is doing now: its newest tool call, else its newest text's first line. */
function activityOf(chat: GeminiChat): string | undefined {
	for (let i = chat.messages.length - 1; i >= 0; i--) {
		const m = chat.messages[i]!;
		const call = m.toolCalls.at(-1);
		if (call !== undefined) {
			return call.summary === '' ? call.name : `${call.name} ${call.summary}`;
		}
		if (m.type === 'gemini' && m.text.trim() !== '') {
			return m.text.trim().split('\n')[0]!.slice(0, 120);
		}
	}
	return undefined;
}

/**
 * What the past keeps of a subagent's file (core/history/with-transcript.ts), as of a Claude
 * transcript: its requests' tokens and cost in one segment, its model, its last sign of life.
 */
export function geminiTally(chat: GeminiChat, pricer: Pricer): TranscriptTally {
	const usage = geminiUsage(chat, pricer);
	const responses = chat.messages.filter(m => m.tokens !== undefined).length;
	const first = chat.messages.find(m => m.at !== undefined)?.at;
	const model = lastModel(chat);
	return {
		segments:
			usage === undefined && chatToolCalls(chat).length === 0
				? []
				: [
						{
							at: first ?? null,
							tokens: {input: usage?.input ?? 0, output: usage?.output ?? 0, cacheRead: usage?.cacheRead ?? 0, cacheCreation: 0},
							cost: usage?.cost ?? NO_COST,
							responses,
							toolCalls: chatToolCalls(chat).length,
						},
					],
		...(model === undefined ? {} : {model: head(model, MODEL_MAX)}),
		...(chat.lastAt === undefined ? {} : {lastAt: chat.lastAt}),
		badLines: chat.badLines,
		pricesAsOf: pricer.asOf,
	};
}
