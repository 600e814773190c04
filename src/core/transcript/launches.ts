// Which agents a subagent's own transcript launched: its Agent/Task calls and the results that
// name the agent each started. In a subagent's transcript (docs/claude-code-hooks.md#meta-files-and-transcripts-as-written) a successful
// tool_result has no `toolUseResult`: the launched agent's id is only in the result's text, in the
// harness's trailer line at column zero, `agentId: <id> (use SendMessage …)` or, for a background
// launch, `agentId: <id> (internal ID …)` (the harness indents every line of the report, so a line
// at column zero inside it would be forged). Pure: lines in, short strings kept.
import {isSafeId} from '../record/agent-record.js';
import {isObject, str} from '../record/json.js';
import {agentCallIn} from './parent-index.js';

/** What a parent's call says of an agent it launched. */
export interface Launch {
	/** The call's tool_use id. */
	readonly toolUseId: string;
	readonly description: string | undefined;
	readonly subagentType: string | undefined;
}

const TRAILER = /^agentId: ([A-Za-z0-9][A-Za-z0-9._@-]{0,127}) \(/gmu;
const encoder = new TextEncoder();
const CALL_NEEDLES = ['"Agent"', '"Task"'].map(n => encoder.encode(n));
const decoder = new TextDecoder();

function textOf(content: unknown): string {
	if (typeof content === 'string') {
		return content;
	}
	return Array.isArray(content) ? content.map(part => (isObject(part) && typeof part.text === 'string' ? part.text : '')).join('\n') : '';
}

/** The agent a launch result names: `toolUseResult.agentId` (a main transcript's), else the last trailer line of its text. */
function launchedId(toolUseResult: unknown, content: unknown): string | undefined {
	const named = isObject(toolUseResult) ? str(toolUseResult.agentId) : undefined;
	if (isSafeId(named)) {
		return named;
	}
	let last: string | undefined;
	for (const m of textOf(content).matchAll(TRAILER)) {
		last = m[1];
	}
	return last;
}

/** The launches of one transcript, fed line by line or in chunks of complete lines. */
export class LaunchIndex {
	private readonly calls = new Map<string, {readonly description: string | undefined; readonly subagentType: string | undefined}>();
	private readonly launched = new Map<string, Launch>();

	/** Calls whose result has not come yet: their ids are looked for, to find the result's line. */
	private readonly pending = new Set<string>();

	/**
	 * Complete lines as bytes (a chunk cut at a newline): only lines that can matter are parsed,
	 * those naming the Agent or Task tool, then those holding the id of a call still waiting for its
	 * result (a transcript with no Agent call costs two byte searches).
	 */
	addBytes(bytes: Uint8Array): void {
		const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
		const parsed = new Set<number>();
		const parseAt = (needles: readonly Uint8Array[]) => {
			const starts = new Set<number>();
			for (const needle of needles) {
				for (let at = buffer.indexOf(needle, 0); at >= 0;) {
					const start = buffer.lastIndexOf(0x0a, at) + 1;
					const nl = buffer.indexOf(0x0a, at);
					starts.add(start);
					at = nl < 0 ? -1 : buffer.indexOf(needle, nl);
				}
			}
			for (const start of [...starts].sort((a, b) => a - b)) {
				if (!parsed.has(start)) {
					parsed.add(start);
					const nl = buffer.indexOf(0x0a, start);
					this.addLine(decoder.decode(buffer.subarray(start, nl < 0 ? buffer.length : nl)));
				}
			}
		};
		parseAt(CALL_NEEDLES);
		if (this.pending.size > 0) {
			parseAt([...this.pending].map(id => encoder.encode(JSON.stringify(id))));
		}
	}

	/** One line of the transcript. */
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
		for (const block of line.message.content) {
			if (!isObject(block)) {
				continue;
			}
			const launch = agentCallIn(block);
			if (launch !== undefined) {
				this.calls.set(launch.id, {description: launch.description, subagentType: launch.subagentType});
				this.pending.add(launch.id);
				continue;
			}
			const callId = str(block.tool_use_id);
			const call = callId === undefined ? undefined : this.calls.get(callId);
			if (block.type !== 'tool_result' || callId === undefined || call === undefined) {
				continue;
			}
			this.pending.delete(callId);
			const agentId = launchedId(line.toolUseResult, block.content);
			if (agentId !== undefined && !this.launched.has(agentId)) {
				this.launched.set(agentId, {toolUseId: callId, ...call});
			}
		}
	}

	/** The launch of `agentId` this transcript holds, if any. */
	launchOf(agentId: string): Launch | undefined {
		return this.launched.get(agentId);
	}

	/** Whether this transcript made the Agent call `toolUseId` (`.meta.json` names its agent's call). */
	madeCall(toolUseId: string): boolean {
		return this.calls.has(toolUseId);
	}
}
