// What a parent transcript says about the agents it started: the `description` of each
// Agent/Task call (by tool_use id), the tool result that names an agent
// (`toolUseResult.agentId`, docs/claude-code-hooks.md#the-agent-tools-result, docs/claude-code-hooks.md#subagent-transcripts), and the `<task-notification>` that
// reports a background agent's end (docs/claude-code-hooks.md#background-agents: its PostToolUse said only `async_launched`). Pure: bytes
// or lines in, short strings kept. A main transcript is many megabytes of other tools' calls and
// results; only the lines that can matter are parsed (found by a byte search for `"Agent"`,
// `"Task"`, `"agentId"` or `<task-id>`), so a 50 MB transcript costs a scan, not a parse.
//
// Memory stays small: a description is cut to DESCRIPTION_MAX, and with `wants` only the results
// (and their reports, each bounded like a stop's message) of the agents asked for are kept.
import {isObject, str, type Json} from '../record/json.js';
import {CUT_MESSAGE_CHARS} from '../record/limits.js';
import {head} from '../text/bounded.js';
import {safeLine, safeText} from '../text/safe-text.js';
import type {TaskResult} from './agent-activity.js';
import {isLaunchStatus} from '../record/launch-status.js';
import {reportWithoutHandBack} from './hand-back.js';

/** A task description is a few words; longer is cut. */
export const DESCRIPTION_MAX = 500;
/** The Task result's text kept per agent (UTF-16 units): whole, as a stop's message is. */
export const TASK_REPORT_MAX = CUT_MESSAGE_CHARS;

export interface ParentFacts {
	/** The spawning call's description, safe text. */
	readonly description: string | undefined;
	/** The latest Agent/Task result naming the agent. */
	readonly taskResult: TaskResult | undefined;
	/** The spawning call's `subagent_type`, safe text (what `agentlog import` falls back on for the type). */
	readonly subagentType?: string;
}

interface CallEntry {
	readonly description: string | undefined;
	readonly subagentType?: string | undefined;
}

interface ResultEntry {
	/** The first result's call: the one that started the agent. */
	readonly toolUseId: string | undefined;
	/** A background launch repeats the description in its result. */
	readonly launchDescription: string | undefined;
	readonly result: TaskResult;
}

const encoder = new TextEncoder();
const NEEDLES = ['"agentId"', '"Agent"', '"Task"', '<task-id>'].map(n => encoder.encode(n));
const decoder = new TextDecoder();

function indexOf(bytes: Uint8Array, needle: Uint8Array, from: number): number {
	return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(needle, from);
}

const numOrUndefined = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

function textOfParts(content: unknown): string | undefined {
	if (typeof content === 'string') {
		return content;
	}
	if (!Array.isArray(content)) {
		return undefined;
	}
	const texts = content.flatMap(part => (isObject(part) && typeof part.text === 'string' ? [part.text] : []));
	return texts.length === 0 ? undefined : texts.join('\n');
}

function cutDescription(text: string | undefined): string | undefined {
	return text === undefined ? undefined : head(safeLine(head(text, DESCRIPTION_MAX)), DESCRIPTION_MAX);
}

/** An Agent (or Task) call in a content block of a transcript: its id, description and type, cut and made safe. */
export function agentCallIn(
	block: Json,
): {readonly id: string; readonly description: string | undefined; readonly subagentType: string | undefined} | undefined {
	if (block.type !== 'tool_use' || (block.name !== 'Agent' && block.name !== 'Task') || typeof block.id !== 'string') {
		return undefined;
	}
	const input = isObject(block.input) ? block.input : {};
	return {id: block.id, description: cutDescription(str(input.description)), subagentType: cutDescription(str(input.subagent_type))};
}

/** The Task result of a `toolUseResult` that names an agent. */
export function taskResultOf(toolUseResult: Json, blockContent: unknown): TaskResult {
	const status = str(toolUseResult.status);
	const launched = isLaunchStatus(status);
	// Its own `content` when it has one, even empty (an agent stopped by a hook): the model-facing
	// text is then Claude Code's hand-back frame alone, never a report.
	const own = Array.isArray(toolUseResult.content) ? (textOfParts(toolUseResult.content) ?? '') : undefined;
	const raw = launched ? undefined : (own ?? textOfParts(blockContent));
	const text = raw === undefined ? undefined : reportWithoutHandBack(raw);
	return {
		status: status === undefined ? undefined : safeLine(head(status, 100)),
		totalTokens: numOrUndefined(toolUseResult.totalTokens),
		totalToolUseCount: numOrUndefined(toolUseResult.totalToolUseCount),
		totalDurationMs: numOrUndefined(toolUseResult.totalDurationMs),
		report: text === undefined ? undefined : head(safeText(head(text, TASK_REPORT_MAX)), TASK_REPORT_MAX),
	};
}

const NOTIFICATION = '<task-notification>';

/** A notification's `<result>` as a report: none when empty or only Claude Code's hand-back frame. */
function reportOf(result: string | undefined): string | undefined {
	const report = result === undefined ? undefined : reportWithoutHandBack(result);
	return report === undefined ? undefined : head(safeText(head(report, TASK_REPORT_MAX)), TASK_REPORT_MAX);
}

/** The text between `<tag>` and `</tag>` in `text` from `from` on (the first such pair), trimmed. */
function tagged(text: string, tag: string, from = 0, to = text.length): string | undefined {
	const open = text.indexOf(`<${tag}>`, from);
	if (open < 0 || open >= to) {
		return undefined;
	}
	const start = open + tag.length + 2;
	const close = text.indexOf(`</${tag}>`, start);
	return close < 0 || close > to ? undefined : text.slice(start, close).trim();
}

function count(text: string | undefined): number | undefined {
	return text !== undefined && /^\d{1,15}$/u.test(text) ? Number(text) : undefined;
}

/** What a `<task-notification>` says of a background agent's end. */
export interface TaskNotification {
	readonly taskId: string;
	readonly toolUseId: string | undefined;
	readonly result: TaskResult;
}

/**
 * A `<task-notification>` text (the user turn or queue line Claude Code writes when a background
 * agent ends): `<task-id>`, `<tool-use-id>` and `<status>` from its head (before `<result>`, so
 * a report that quotes a notification changes nothing), the report whole, and `<usage>` after the
 * report (`subagent_tokens` is the last request's, as an Agent result's `totalTokens`).
 */
export function parseTaskNotification(text: string): TaskNotification | undefined {
	const start = text.trimStart();
	if (!start.startsWith(NOTIFICATION)) {
		return undefined;
	}
	const resultAt = start.indexOf('<result>');
	const headEnd = resultAt < 0 ? start.length : resultAt;
	const taskId = tagged(start, 'task-id', 0, headEnd);
	if (taskId === undefined || taskId === '') {
		return undefined;
	}
	const resultEnd = resultAt < 0 ? -1 : start.lastIndexOf('</result>');
	const report = resultAt < 0 || resultEnd < resultAt ? undefined : start.slice(resultAt + '<result>'.length, resultEnd);
	const tail = resultEnd < 0 ? start.slice(headEnd) : start.slice(resultEnd);
	const usage = tagged(tail, 'usage');
	const status = tagged(start, 'status', 0, headEnd);
	return {
		taskId,
		toolUseId: tagged(start, 'tool-use-id', 0, headEnd),
		result: {
			status: status === undefined ? undefined : safeLine(head(status, 100)),
			totalTokens: usage === undefined ? undefined : count(tagged(usage, 'subagent_tokens')),
			totalToolUseCount: usage === undefined ? undefined : count(tagged(usage, 'tool_uses')),
			totalDurationMs: usage === undefined ? undefined : count(tagged(usage, 'duration_ms')),
			report: reportOf(report),
		},
	};
}

/** The `<task-notification>` text of a line: a queue line's `content`, or a user message's. */
function notificationText(line: Json): string | undefined {
	if (line.type === 'queue-operation') {
		return str(line.content);
	}
	if (line.type === 'user' && isObject(line.message)) {
		return typeof line.message.content === 'string' ? line.message.content : textOfParts(line.message.content);
	}
	return undefined;
}

/** A line's `timestamp` is later than `until` (a line without one is taken as not later). */
export function isAfter(timestamp: unknown, until: number): boolean {
	const at = typeof timestamp === 'string' ? Date.parse(timestamp) : Number.NaN;
	return !Number.isNaN(at) && at > until;
}

export class ParentIndex {
	private readonly calls = new Map<string, CallEntry>();
	private readonly results = new Map<string, ResultEntry>();

	/**
	 * `wants(agentId)`: keep that agent's result (default: every agent's). `until` (ms): lines
	 * stamped later are left out (the parent as it was at that moment: time travel).
	 */
	constructor(
		private readonly wants: (agentId: string) => boolean = () => true,
		private readonly until?: number,
	) {}

	/** Complete lines as bytes (a chunk cut at a newline): only lines that can matter are parsed. */
	addBytes(bytes: Uint8Array): void {
		let seen = -1;
		const starts: number[] = [];
		for (const needle of NEEDLES) {
			let at = indexOf(bytes, needle, 0);
			while (at >= 0) {
				const start = bytes.lastIndexOf(0x0a, at) + 1;
				const nl = bytes.indexOf(0x0a, at);
				const end = nl < 0 ? bytes.length : nl;
				starts.push(start);
				at = end >= bytes.length ? -1 : indexOf(bytes, needle, end);
			}
		}
		starts.sort((a, b) => a - b);
		for (const start of starts) {
			if (start === seen) {
				continue;
			}
			seen = start;
			const nl = bytes.indexOf(0x0a, start);
			this.addLine(decoder.decode(bytes.subarray(start, nl < 0 ? bytes.length : nl)));
		}
	}

	/** One line of the parent's transcript. */
	addLine(text: string): void {
		let line: unknown;
		try {
			line = JSON.parse(text);
		} catch {
			return;
		}
		if (!isObject(line)) {
			return;
		}
		if (this.until !== undefined && isAfter(line.timestamp, this.until)) {
			return;
		}
		const notice = notificationText(line);
		if (notice?.includes('<task-id>')) {
			this.addNotification(notice);
			return;
		}
		if (!isObject(line.message) || !Array.isArray(line.message.content)) {
			return;
		}
		const tur = isObject(line.toolUseResult) ? line.toolUseResult : undefined;
		const agentId = tur ? str(tur.agentId) : undefined;
		for (const block of line.message.content) {
			if (!isObject(block)) {
				continue;
			}
			const call = agentCallIn(block);
			if (call !== undefined) {
				this.calls.set(call.id, {description: call.description, subagentType: call.subagentType});
			} else if (block.type === 'tool_result' && tur && agentId !== undefined && this.wants(agentId)) {
				const before = this.results.get(agentId);
				this.results.set(agentId, {
					toolUseId: before?.toolUseId ?? str(block.tool_use_id),
					launchDescription: before?.launchDescription ?? cutDescription(str(tur.description)),
					result: taskResultOf(tur, block.content),
				});
				break;
			}
		}
	}

	/** A background agent's end: its result, now (the launch's call and description are kept). */
	private addNotification(text: string): void {
		const notice = parseTaskNotification(text);
		if (notice === undefined || !this.wants(notice.taskId)) {
			return;
		}
		const before = this.results.get(notice.taskId);
		this.results.set(notice.taskId, {
			toolUseId: before?.toolUseId ?? notice.toolUseId,
			launchDescription: before?.launchDescription,
			result: notice.result,
		});
	}

	/** Each agent's Task result status, as far as the lines went (the session counts' cache keeps these). */
	*resultStatuses(): Generator<[string, string | undefined]> {
		for (const [agentId, entry] of this.results) {
			yield [agentId, entry.result?.status];
		}
	}

	/** What the parent says about `agentId`; `toolUseId` (from `.meta.json`) finds its call without a result. */
	lookup(agentId: string, toolUseId?: string): ParentFacts {
		const r = this.results.get(agentId);
		const call = [r?.toolUseId, toolUseId].flatMap(id => (id === undefined ? [] : [this.calls.get(id)])).find(c => c?.description !== undefined);
		const typed = [r?.toolUseId, toolUseId].flatMap(id => (id === undefined ? [] : [this.calls.get(id)])).find(c => c?.subagentType !== undefined);
		return {
			description: call?.description ?? r?.launchDescription,
			taskResult: r?.result,
			...(typed?.subagentType === undefined ? {} : {subagentType: typed.subagentType}),
		};
	}
}
