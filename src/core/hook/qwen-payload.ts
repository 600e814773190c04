// Qwen Code's hook payloads (docs/qwen.md): Claude Code's event names and fields, told apart by
// where the session's transcript is — Qwen's are `…/projects/<project>/chats/<session>.jsonl`,
// Claude Code's `…/projects/<project>/<session>.jsonl`. A subagent's own transcript is
// `…/projects/<project>/subagents/<session>/agent-<agentId>.jsonl`; SubagentStop's
// `agent_transcript_path` names it only for a background subagent (for a foreground one it is the
// session's transcript), so agentlog derives it. The `agent` tool's PostToolUse names no agent id:
// Qwen makes it `<subagent name>-<the model's tool-call id>`. Pure.
import {isObject, str, type Json} from '../record/json.js';
import type {AgentCall} from './agent-call.js';

/** The names of Qwen Code's tool that launches a subagent (`task` before it was renamed). */
export const QWEN_AGENT_TOOLS: readonly string[] = ['agent', 'task'];

const CHATS = /[\\/]projects[\\/][^\\/]+[\\/]chats[\\/][^\\/]+\.jsonl$/u;

/** Whether a path is a Qwen Code session transcript's: `…/projects/<project>/chats/<session>.jsonl`. */
export function isQwenTranscriptPath(file: unknown): file is string {
	return typeof file === 'string' && file.includes('chats') && CHATS.test(file);
}

/** A payload Qwen Code sent: its session transcript is in a `chats` folder of a project. */
export function isQwenPayload(o: Readonly<Record<string, unknown>>): boolean {
	return isQwenTranscriptPath(o.transcript_path);
}

/** Qwen's file-name rule for ids (`sanitizeFilenameComponent`): anything but letters, digits, `_` and `-` becomes `_`. */
function fileComponent(value: string): string {
	return value.replace(/[^a-zA-Z0-9_-]/gu, '_');
}

/** `<project>/chats/<session>.jsonl` → `<project>/subagents/<session>/agent-<agentId>.jsonl`. */
export function qwenSubagentTranscriptPath(sessionTranscript: string | undefined, sessionId: string, agentId: string): string | undefined {
	if (!isQwenTranscriptPath(sessionTranscript)) {
		return undefined;
	}
	const chats = Math.max(sessionTranscript.lastIndexOf('/chats/'), sessionTranscript.lastIndexOf('\\chats\\'));
	if (chats < 0) {
		return undefined;
	}
	const sep = sessionTranscript[chats] ?? '/';
	return `${sessionTranscript.slice(0, chats)}${sep}subagents${sep}${fileComponent(sessionId)}${sep}agent-${fileComponent(agentId)}.jsonl`;
}

/** Whether a path is a Qwen subagent transcript's (`…/subagents/<session>/agent-<id>.jsonl`). */
export function isQwenSubagentTranscriptPath(file: unknown): file is string {
	return typeof file === 'string' && /[\\/]subagents[\\/][^\\/]+[\\/]agent-[^\\/]+\.jsonl$/u.test(file) && !/[\\/]subagents[\\/]workflows[\\/]/u.test(file);
}

/**
 * The `agent` tool's result, as Claude's Agent call would say it: `returnDisplay.status`
 * `completed` → `completed`, `background` → `async_launched` (the call only launched it),
 * `failed` → `failed`, `cancelled` → `cancelled`. `terminateReason` is why it failed.
 */
export function qwenAgentCall(payload: Json): {readonly agentId: string | undefined; readonly call: AgentCall; readonly reason?: string} {
	const input = isObject(payload.tool_input) ? payload.tool_input : {};
	const response = isObject(payload.tool_response) ? payload.tool_response : {};
	const display = isObject(response.returnDisplay) ? response.returnDisplay : {};
	const name = str(display.subagentName) ?? str(input.subagent_type) ?? 'general-purpose';
	const callId = str(payload.tool_call_id);
	const raw = str(display.status);
	const status = raw === 'background' ? 'async_launched' : raw;
	const call: AgentCall = {
		...(str(payload.tool_use_id) === undefined ? {} : {toolUseId: str(payload.tool_use_id)}),
		...(str(input.description) === undefined ? {} : {description: str(input.description)}),
		...(str(input.prompt) === undefined ? {} : {prompt: str(input.prompt)}),
		subagentType: name,
		...(typeof input.run_in_background === 'boolean' ? {runInBackground: input.run_in_background} : {}),
		...(status === undefined ? {} : {status}),
	};
	const reason = str(display.terminateReason);
	return {agentId: callId === undefined ? undefined : `${name}-${callId}`, call, ...(reason === undefined ? {} : {reason})};
}
