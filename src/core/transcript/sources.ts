// Where a transcript's lines and an agent's task come from: complete lines out of raw bytes, the
// `.meta.json` sidecar, and the parent's Agent/Task call. Pure. The strings handed out are made
// safe for a terminal here (`safeLine`): this is where a task description enters.
import {isObject, str} from '../record/json.js';
import {safeLine} from '../text/safe-text.js';

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
	const inputs = new Map<string, string>();
	let wanted: string | undefined;
	for (const text of lines) {
		if (!text.includes('tool_use') && !text.includes(agentId)) {
			continue;
		}
		let line: unknown;
		try {
			line = JSON.parse(text);
		} catch {
			continue;
		}
		if (!isObject(line) || !isObject(line.message) || !Array.isArray(line.message.content)) {
			continue;
		}
		for (const block of line.message.content) {
			if (!isObject(block)) {
				continue;
			}
			if (block.type === 'tool_use' && (block.name === 'Agent' || block.name === 'Task') && isObject(block.input)) {
				const description = str(block.input.description);
				if (description && typeof block.id === 'string') {
					inputs.set(block.id, description);
				}
			}
			if (block.type === 'tool_result' && isObject(line.toolUseResult) && line.toolUseResult.agentId === agentId) {
				wanted = str(block.tool_use_id) ?? wanted;
			}
		}
	}
	return wanted === undefined ? undefined : safeOptional(inputs.get(wanted));
}
