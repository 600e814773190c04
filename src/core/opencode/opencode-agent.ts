// An opencode subagent as agentlog's one agent shape. opencode runs a subagent as a session of its
// own: a `session` row with `parent_id`, `agent` (its type) and a title "<description> (@<agent>
// subagent)", its `message` rows (one per model request; an assistant message carries the
// request's tokens, cost, model, `finish` and `error`) and `part` rows (text, tool calls with their
// state and times, step markers). The parent's `task` tool part names the child's session as soon
// as the child exists (`state.metadata.sessionId`), with the call's description and prompt, and
// its result or error when the child ends. This folds those rows into the record the monitor
// model reads (as if a hook had written it, `provider: "opencode"`) and what its "transcript" says
// (TranscriptFacts). Everything read here is hostile text: made safe and bounded once, here. Pure.
import type {AgentRecord} from '../record/agent-record.js';
import {failureReason} from '../record/limits.js';
import type {TranscriptFacts} from '../monitor/inferred-stop.js';
import {EMPTY_SUMMARY, MAX_TOOL_CALLS, PROMPT_MAX, RESULT_LENGTH, type ResponseUsage, type ToolCall} from '../transcript/summary.js';
import {toolSummary} from '../transcript/tool-summary.js';
import {addCost, NO_COST, responseCost, type Pricer} from '../cost/cost.js';
import {NO_TOKENS, type TranscriptTally} from '../transcript/tally.js';
import {head} from '../text/bounded.js';
import {safeLine, safeText} from '../text/safe-text.js';
import {isObject} from '../record/json.js';

/** The stop reason of a child cut off: opencode ended while it ran. */
export const OPENCODE_GONE = 'session-end:opencode-exited';

/** A `session` row, as the store reads it (1.18.33's columns; OpenCode 2 is assumed to keep them). */
export interface OpencodeSessionRow {
	readonly id: string;
	readonly parentId: string | undefined;
	readonly title: string;
	readonly agent: string | undefined;
	readonly directory: string | undefined;
	/** The `model` column's JSON (`{"id": "m", "providerID": "stub"}`), unparsed. */
	readonly model: string | undefined;
	readonly timeCreated: number;
	readonly timeUpdated: number;
}

/** A `message` or `part` row: its id, times and JSON `data`, unparsed. */
export interface OpencodeDataRow {
	readonly id: string;
	readonly timeCreated: number;
	readonly timeUpdated: number;
	readonly data: string;
}

/** The parent's `task` call that launched a child, as its part says. */
export interface OpencodeTaskCall {
	readonly status: string | undefined;
	readonly description: string | undefined;
	readonly prompt: string | undefined;
	readonly subagentType: string | undefined;
	readonly output: string | undefined;
	readonly error: string | undefined;
	readonly startMs: number | undefined;
	readonly endMs: number | undefined;
}

export interface OpencodeAgent {
	readonly record: AgentRecord;
	readonly facts: TranscriptFacts;
}

const TYPE_MAX = 100;
const REPORT_MAX = 64 * 1024;
const DESCRIPTION_MAX = 500;

function parse(data: string): Record<string, unknown> | undefined {
	try {
		const value: unknown = JSON.parse(data);
		return isObject(value) ? value : undefined;
	} catch {
		return undefined;
	}
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0);
const time = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) && v > 0 && v < 8.64e15 ? v : undefined);
const iso = (ms: number): string => new Date(ms).toISOString();
const line = (v: string | undefined, max: number): string | undefined => (v === undefined ? undefined : head(safeLine(v), max) || undefined);

/** The tool names opencode uses, as the names the rest of agentlog knows (and their inputs' path field). */
const TOOL_NAMES: Readonly<Record<string, string>> = {
	bash: 'Bash',
	read: 'Read',
	write: 'Write',
	edit: 'Edit',
	multiedit: 'MultiEdit',
	glob: 'Glob',
	grep: 'Grep',
	list: 'LS',
	webfetch: 'WebFetch',
	websearch: 'WebSearch',
	todowrite: 'TodoWrite',
	todoread: 'TodoRead',
	task: 'Task',
	patch: 'Patch',
};

function toolCall(part: Record<string, unknown>, cwd: string | undefined): ToolCall | undefined {
	const raw = str(part.tool);
	if (raw === undefined) {
		return undefined;
	}
	const name = TOOL_NAMES[raw] ?? head(safeLine(raw), TYPE_MAX);
	const state = isObject(part.state) ? part.state : {};
	const input = isObject(state.input) ? {...state.input, file_path: state.input.filePath ?? state.input.file_path} : {};
	const status = str(state.status);
	const times = isObject(state.time) ? state.time : {};
	const output = str(state.output) ?? str(state.error);
	return {
		id: head(safeLine(str(part.callID) ?? str(part.id) ?? ''), 200),
		name,
		summary: safeLine(toolSummary(name, input, cwd)),
		at: time(times.start),
		...(status === 'completed' || status === 'error' ? {result: head(safeLine(output ?? ''), RESULT_LENGTH)} : {}),
		...(status === 'error' ? {isError: true} : {}),
	};
}

/** `Check the config (@general subagent)` → `Check the config`. */
export function descriptionOfTitle(title: string): string {
	return title.replace(/\s*\(@[^()]*subagent\)\s*$/u, '');
}

/** The parent's `task` part for a child, from the part's JSON; undefined when it is no task call. */
export function taskCallOf(data: string): {readonly childId: string; readonly call: OpencodeTaskCall} | undefined {
	const part = parse(data);
	if (part === undefined || part.type !== 'tool' || (part.tool !== 'task' && part.tool !== 'subagent')) {
		return undefined;
	}
	const state = isObject(part.state) ? part.state : {};
	const metadata = isObject(state.metadata) ? state.metadata : {};
	const childId = str(metadata.sessionId);
	if (childId === undefined) {
		return undefined;
	}
	const input = isObject(state.input) ? state.input : {};
	const times = isObject(state.time) ? state.time : {};
	return {
		childId,
		call: {
			status: str(state.status),
			description: str(input.description),
			prompt: str(input.prompt),
			subagentType: str(input.subagent_type),
			output: str(state.output),
			error: str(state.error),
			startMs: time(times.start),
			endMs: time(times.end),
		},
	};
}

/** The report inside a task result: `<task …><task_result>REPORT</task_result></task>` → REPORT. */
function reportOfOutput(output: string): string {
	const m = /<task_result>\n?([\s\S]*?)\n?<\/task_result>/u.exec(output);
	return m?.[1] ?? output;
}

function modelOf(json: string | undefined): string | undefined {
	const o = json === undefined ? undefined : parse(json);
	return str(o?.id) ?? str(o?.modelID);
}

/**
 * One child session as an agent. `rootId` is the session at the top of its tree (agentlog's session);
 * `parentAgentId` the child session that launched it, when not the root. Messages and parts in any order.
 */
export function opencodeAgent(input: {
	readonly session: OpencodeSessionRow;
	readonly rootId: string;
	readonly parentAgentId?: string | undefined;
	readonly messages: readonly OpencodeDataRow[];
	readonly parts: readonly OpencodeDataRow[];
	readonly call?: OpencodeTaskCall | undefined;
	readonly pricer?: Pricer | undefined;
	readonly transcriptPath?: string | undefined;
	/**
	 * opencode no longer runs: no process holds its database open (the store looked). A child that
	 * had not ended then was cut off (opencode writes no end when it is stopped): interrupted, at
	 * its last sign of life.
	 */
	readonly gone?: boolean | undefined;
}): OpencodeAgent {
	const {session, call} = input;
	const cwd = session.directory === undefined ? undefined : head(safeLine(session.directory), 4096);
	const messages = [...input.messages].sort((a, b) => a.timeCreated - b.timeCreated || a.id.localeCompare(b.id));
	const parts = [...input.parts].sort((a, b) => a.timeCreated - b.timeCreated || a.id.localeCompare(b.id));
	const usage = new Map<string, ResponseUsage>();
	let model = modelOf(session.model);
	let lastAt = Math.max(session.timeUpdated, session.timeCreated);
	let last: Record<string, unknown> | undefined;
	let lastId: string | undefined;
	for (const row of messages) {
		lastAt = Math.max(lastAt, row.timeUpdated);
		const m = parse(row.data);
		if (m?.role !== 'assistant') {
			continue;
		}
		last = m;
		lastId = row.id;
		model = str(m.modelID) ?? model;
		const tokens = isObject(m.tokens) ? m.tokens : {};
		const cache = isObject(tokens.cache) ? tokens.cache : {};
		const used = {input: num(tokens.input), output: num(tokens.output) + num(tokens.reasoning), cacheRead: num(cache.read), cacheWrite: num(cache.write)};
		const own = num(m.cost);
		const cost = own > 0 ? {usd: own, priced: 1, unpriced: 0} : responseCost(input.pricer, model, used, time(isObject(m.time) ? m.time.created : undefined));
		usage.set(row.id, {...used, cost});
	}
	const toolCalls: ToolCall[] = [];
	const toolCounts: Record<string, number> = {};
	const texts = new Map<string, string>();
	let prompt: string | undefined;
	let running: ToolCall | undefined;
	for (const row of parts) {
		lastAt = Math.max(lastAt, row.timeUpdated);
		const p = parse(row.data);
		if (p === undefined) {
			continue;
		}
		if (p.type === 'text' && typeof p.text === 'string') {
			prompt ??= p.text;
			const messageId = str(p.messageID);
			if (messageId !== undefined) {
				texts.set(messageId, p.text);
			}
		} else if (p.type === 'tool') {
			const tc = toolCall(p, cwd);
			if (tc === undefined) {
				continue;
			}
			toolCounts[tc.name] = (toolCounts[tc.name] ?? 0) + 1;
			toolCalls.push(tc);
			const status = isObject(p.state) ? p.state.status : undefined;
			if (status === 'running' || status === 'pending') {
				running = tc;
			}
		}
	}
	toolCalls.splice(0, Math.max(0, toolCalls.length - MAX_TOOL_CALLS));
	const lastTime = isObject(last?.time) ? last.time : {};
	const error = isObject(last?.error) ? last.error : undefined;
	const errorText = error === undefined ? undefined : (str(isObject(error.data) ? error.data.message : undefined) ?? str(error.name) ?? 'error');
	const finished = last !== undefined && time(lastTime.completed) !== undefined && (last.finish === 'stop' || error !== undefined);
	const callEnded = call?.status === 'completed' || call?.status === 'error';
	const ended = finished || callEnded;
	const cut = !ended && input.gone === true;
	const stopped = ended || cut;
	const stoppedMs = cut ? lastAt : (time(lastTime.completed) ?? call?.endMs);
	const failed = error !== undefined || (call?.status === 'error' && call.output === undefined);
	const reportText = (lastId !== undefined ? texts.get(lastId) : undefined) ?? (call?.output === undefined ? undefined : reportOfOutput(call.output));
	const report = reportText === undefined || failed ? undefined : head(safeText(reportText), REPORT_MAX);
	const description = line(call?.description, DESCRIPTION_MAX) ?? line(descriptionOfTitle(session.title), DESCRIPTION_MAX);
	const promptText = line(call?.prompt ?? prompt, PROMPT_MAX);
	const type = line(session.agent ?? call?.subagentType, TYPE_MAX) ?? 'subagent';
	const safeModel = line(model, TYPE_MAX);
	const toolTotal = Object.values(toolCounts).reduce((a, b) => a + b, 0);
	const record: AgentRecord = {
		agentId: session.id,
		type,
		status: stopped ? 'stopped' : 'active',
		startedAt: iso(session.timeCreated),
		updatedAt: iso(lastAt),
		...(stopped && stoppedMs !== undefined ? {stoppedAt: iso(stoppedMs)} : {}),
		...(report === undefined ? {} : {lastMessage: report}),
		sessionId: input.rootId,
		...(cwd === undefined ? {} : {cwd}),
		...(input.transcriptPath === undefined ? {} : {transcriptPath: input.transcriptPath}),
		...(ended ? {stopReason: failed ? failureReason(errorText ?? call?.error ?? 'error') : 'task-complete'} : {}),
		...(cut ? {stopReason: OPENCODE_GONE, interrupted: true} : {}),
		...(description === undefined ? {} : {description}),
		...(safeModel === undefined ? {} : {model: safeModel}),
		...(toolTotal === 0 ? {} : {totalToolUseCount: toolTotal}),
		...(input.parentAgentId === undefined ? {} : {parentAgentId: input.parentAgentId}),
		provider: 'opencode',
	};
	const hasWork = toolTotal > 0 || report !== undefined;
	const facts: TranscriptFacts = {
		summary: {
			...EMPTY_SUMMARY,
			toolCalls,
			toolCounts,
			usage,
			pricer: input.pricer,
			model: safeModel,
			activity: stopped ? undefined : (running?.summary ?? 'thinking…'),
			parentAgentId: input.parentAgentId,
			lastAt,
			lines: messages.length + parts.length,
			prompt: promptText,
			hasWork,
		},
		description,
		...(description === undefined ? {} : {descriptionSource: 'prompt' as const}),
		parentAgentId: input.parentAgentId,
		history: undefined,
		missing: false,
		...(promptText === undefined ? {} : {prompt: promptText}),
		...(report === undefined ? {} : {finalReport: report}),
		endedTurn: ended,
		hasWork,
		mtimeMs: lastAt,
	};
	return {record, facts};
}

/** An agent's tokens: each model request once, its four parts summed (undefined before its first response). */
export function opencodeTokens(agent: OpencodeAgent): number | undefined {
	const usage = agent.facts.summary.usage;
	if (usage.size === 0) {
		return undefined;
	}
	let n = 0;
	for (const u of usage.values()) {
		n += u.input + u.output + u.cacheRead + u.cacheWrite;
	}
	return n;
}

/**
 * What the history keeps of an agent (core/transcript/tally.ts), from the same rows its live
 * figures come from: one segment (opencode runs a child session once), each response's tokens and
 * cost once. `pricesAsOf` is the table's day the rows were priced with (opencode's own cost kept).
 */
export function opencodeTally(agent: OpencodeAgent, pricesAsOf: string | undefined): TranscriptTally {
	const {summary} = agent.facts;
	let tokens = NO_TOKENS;
	let cost = NO_COST;
	for (const u of summary.usage.values()) {
		tokens = {
			input: tokens.input + u.input,
			output: tokens.output + u.output,
			cacheRead: tokens.cacheRead + u.cacheRead,
			cacheCreation: tokens.cacheCreation + u.cacheWrite,
		};
		cost = addCost(cost, u.cost);
	}
	const toolCalls = agent.record.totalToolUseCount ?? 0;
	return {
		segments:
			summary.usage.size === 0 && toolCalls === 0 ? [] : [{at: Date.parse(agent.record.startedAt), tokens, cost, responses: summary.usage.size, toolCalls}],
		...(agent.record.model === undefined ? {} : {model: agent.record.model}),
		...(summary.lastAt === undefined ? {} : {lastAt: summary.lastAt}),
		badLines: 0,
		...(pricesAsOf === undefined ? {} : {pricesAsOf}),
	};
}
