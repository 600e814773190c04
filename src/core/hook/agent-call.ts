// What a PostToolUse payload of the Agent tool (`Task` before 2.1.63) says about the agent it
// launched (docs/claude-code-hooks.md#the-agent-tools-result): at launch for a background run (`async_launched`), at
// the end for a foreground one (`completed`, with totals). Pure.
import {isObject, str, type Json} from '../record/json.js';

/** The tool names of a call that launches a subagent (the matcher install-hook registers: `Agent|Task`). */
export const AGENT_TOOLS: readonly string[] = ['Agent', 'Task'];

export interface AgentCall {
	readonly toolUseId?: string;
	/** The call's `name`: what SendMessage and the user call the agent. */
	readonly name?: string;
	readonly description?: string;
	readonly prompt?: string;
	readonly subagentType?: string;
	/** `resolvedModel` of the result, else the model the call asked for. */
	readonly model?: string;
	readonly runInBackground?: boolean;
	/** `completed`, `async_launched`, or another status (an interrupted call). */
	readonly status?: string;
	readonly totalDurationMs?: number;
	readonly totalToolUseCount?: number;
	readonly totalTokens?: number;
	/** `usage` of the result (the run's final API request only, docs/claude-code-hooks.md#the-agent-tools-result): tokens in, out, and the cached parts of the input. */
	readonly inputTokens?: number;
	readonly outputTokens?: number;
	readonly cacheReadTokens?: number;
	readonly cacheCreationTokens?: number;
}

const count = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined);

/** The call's facts from `tool_input` and `tool_response`; absent fields stay absent. */
export function agentCallOf(payload: Json): AgentCall {
	const input = isObject(payload.tool_input) ? payload.tool_input : {};
	const response = isObject(payload.tool_response) ? payload.tool_response : {};
	const call: {-readonly [K in keyof AgentCall]: AgentCall[K]} = {};
	const set = <K extends keyof AgentCall>(key: K, value: AgentCall[K] | undefined): void => {
		if (value !== undefined) {
			call[key] = value;
		}
	};
	set('toolUseId', str(payload.tool_use_id));
	set('name', str(input.name));
	set('description', str(input.description) ?? str(response.description));
	set('prompt', str(input.prompt) ?? str(response.prompt));
	// A teammate's launch (`teammate_spawned`) says its type in the result too.
	set('subagentType', str(input.subagent_type) ?? str(response.agent_type));
	set('model', str(response.resolvedModel) ?? str(input.model));
	set('runInBackground', typeof input.run_in_background === 'boolean' ? input.run_in_background : undefined);
	set('status', str(response.status));
	set('totalDurationMs', count(response.totalDurationMs));
	set('totalToolUseCount', count(response.totalToolUseCount));
	set('totalTokens', count(response.totalTokens));
	const usage = isObject(response.usage) ? response.usage : {};
	set('inputTokens', count(usage.input_tokens));
	set('outputTokens', count(usage.output_tokens));
	set('cacheReadTokens', count(usage.cache_read_input_tokens));
	set('cacheCreationTokens', count(usage.cache_creation_input_tokens));
	return call;
}

/** The launched agent's id: `tool_response.agentId`. */
export function launchedAgentId(payload: Json): unknown {
	return isObject(payload.tool_response) ? payload.tool_response.agentId : undefined;
}

/** A status of the Agent tool's result that says the call was cut off (the fold reads it the same way). */
export function isInterruptedToolStatus(status: string): boolean {
	const lower = status.toLowerCase();
	return INTERRUPT_WORDS.some(word => lower.includes(word));
}

const INTERRUPT_WORDS = ['interrupt', 'cancel', 'abort', 'kill'];
