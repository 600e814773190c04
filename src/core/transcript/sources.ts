// Where a transcript's lines and an agent's task come from: complete lines out of raw bytes, the
// `.meta.json` sidecar, and the parent's Agent/Task call. Pure. The strings handed out are made
// safe for a terminal here (`safeLine`): this is where a task description enters.
import {isObject, str} from '../record/json.js';
import {safeLine} from '../text/safe-text.js';
import {ParentIndex} from './parent-index.js';

function safeOptional(text: string | undefined): string | undefined {
	return text === undefined ? undefined : safeLine(text);
}

/**
 * The complete lines at the start of `bytes` (up to and including its last newline) and how many
 * bytes they take; the bytes after that are a line still being written. Splitting at newline
 * bytes never cuts a UTF-8 character in two.
 */
export function completeLines(bytes: Uint8Array): {readonly lines: string[]; readonly consumed: number} {
	const end = bytes.lastIndexOf(0x0a);
	if (end < 0) {
		return {lines: [], consumed: 0};
	}
	return {lines: new TextDecoder().decode(bytes.subarray(0, end)).split('\n'), consumed: end + 1};
}

/** The task description from an `agent-<id>.meta.json` sidecar (`description`, else nothing). */
export function metaDescription(json: unknown): {readonly description?: string; readonly parentAgentId?: string; readonly agentType?: string} {
	if (!isObject(json)) {
		return {};
	}
	return {
		description: safeOptional(str(json.description)),
		parentAgentId: safeOptional(str(json.parentAgentId)),
		agentType: safeOptional(str(json.agentType)),
	};
}

/**
 * The description of the Agent/Task tool call that started `agentId`, from lines of the parent's
 * transcript: the tool_result line whose `toolUseResult.agentId` is the agent names the call.
 */
export function descriptionFromParent(lines: readonly string[], agentId: string): string | undefined {
	const index = new ParentIndex(id => id === agentId);
	for (const text of lines) {
		if (text.includes('"Agent"') || text.includes('"Task"') || text.includes('"agentId"')) {
			index.addLine(text);
		}
	}
	return index.lookup(agentId).description;
}
