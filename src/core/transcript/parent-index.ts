// What a parent transcript says about the agents it started: the `description` of each
// Agent/Task call (by tool_use id) and the tool result that names an agent
// (`toolUseResult.agentId`, CLAUDE-CODE-HOOKS.md §1.3, §4). Pure: bytes or lines in, short
// strings kept. A main transcript is many megabytes of other tools' calls and results; only the
// lines that can matter are parsed (found by a byte search for `"Agent"`, `"Task"` or
// `"agentId"`), so a 50 MB transcript costs a scan, not a parse.
//
// Memory stays small: a description is cut to DESCRIPTION_MAX, a result's report to
// TASK_REPORT_MAX, and with `wants` only the results of the agents asked for are kept.
import {isObject, str, type Json} from '../record/json.js';
import {head} from '../text/bounded.js';
import {safeLine, safeText} from '../text/safe-text.js';
import type {TaskResult} from './agent-activity.js';

/** A task description is a few words; longer is cut. */
export const DESCRIPTION_MAX = 500;
/** The Task result's text kept per agent (UTF-16 units). */
export const TASK_REPORT_MAX = 64 * 1024;

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
const NEEDLES = ['"agentId"', '"Agent"', '"Task"'].map(n => encoder.encode(n));
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

/** The Task result of a `toolUseResult` that names an agent. */
export function taskResultOf(toolUseResult: Json, blockContent: unknown): TaskResult {
	const status = str(toolUseResult.status);
	const launched = status === 'async_launched';
	const text = launched ? undefined : (textOfParts(toolUseResult.content) ?? textOfParts(blockContent));
	return {
		status: status === undefined ? undefined : safeLine(head(status, 100)),
		totalTokens: numOrUndefined(toolUseResult.totalTokens),
		totalToolUseCount: numOrUndefined(toolUseResult.totalToolUseCount),
		totalDurationMs: numOrUndefined(toolUseResult.totalDurationMs),
		report: text === undefined ? undefined : head(safeText(head(text, TASK_REPORT_MAX)), TASK_REPORT_MAX),
	};
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
		if (!isObject(line) || !isObject(line.message) || !Array.isArray(line.message.content)) {
			return;
		}
		if (this.until !== undefined && isAfter(line.timestamp, this.until)) {
			return;
		}
		const tur = isObject(line.toolUseResult) ? line.toolUseResult : undefined;
		const agentId = tur ? str(tur.agentId) : undefined;
		for (const block of line.message.content) {
			if (!isObject(block)) {
				continue;
			}
			if (block.type === 'tool_use' && (block.name === 'Agent' || block.name === 'Task') && typeof block.id === 'string') {
				const input = isObject(block.input) ? block.input : {};
				this.calls.set(block.id, {description: cutDescription(str(input.description)), subagentType: cutDescription(str(input.subagent_type))});
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
