// A hook event as agentlog reads it from a payload (hook-payload.ts): the events it records,
// the fields it keeps, and where an agent sits in the tree (`Lineage`). What an event does to an
// agent file is apply-event.ts; whose event it is, event-owner.ts.
// Rules: docs/design.md#the-hook-event-by-event; payload facts: docs/claude-code-hooks.md#hook-payloads and
// docs/claude-code-hooks.md#example-payloads.
import type {Result} from '../result.js';
import type {AgentCall} from './agent-call.js';

export const HOOK_EVENTS = [
	'SubagentStart',
	'SubagentStop',
	'TeammateIdle',
	'PostToolUse',
	'SessionStart',
	'SessionEnd',
	'PermissionRequest',
	'Notification',
	'StopFailure',
] as const;
export type HookEventName = (typeof HOOK_EVENTS)[number];

/** Events of the whole session: no agent, no agent file of their own (SessionEnd interrupts the session's running agents). */
export const SESSION_EVENTS: readonly HookEventName[] = ['SessionStart', 'SessionEnd'];

export interface HookEvent {
	readonly event: HookEventName;
	readonly sessionId: string;
	/** Absent on TeammateIdle, which names a teammate instead, and on session events. On PostToolUse: the launched agent (`tool_response.agentId`). */
	readonly agentId?: string;
	readonly agentType: string;
	readonly cwd?: string;
	readonly transcriptPath?: string;
	readonly agentTranscriptPath?: string;
	readonly lastMessage?: string;
	readonly teammateName?: string;
	readonly teamName?: string;
	/** True when `lastMessage` is only the first part of the message (the payload was over the stdin limit). */
	readonly lastMessageCut?: boolean;
	/** PostToolUse of the Agent/Task tool: the call's facts. */
	readonly call?: AgentCall;
	/** PostToolUse made inside a subagent: that agent (the payload's `agent_id`), which launched this one. */
	readonly parentAgentId?: string;
	/** SubagentStart, SubagentStop, StopFailure: where the agent sits in the tree, as its `.meta.json` says (the hook reads it). */
	readonly lineage?: Lineage;
	/** SessionStart: `startup`, `resume`, `clear`, `compact`, `fork`. */
	readonly source?: string;
	/** SessionStart: the session's model. */
	readonly model?: string;
	/** SessionEnd: why it ended (`prompt_input_exit`, `clear`, `logout`, …). */
	readonly reason?: string;
	/** PermissionRequest, and a Notification that asks for input: what the user is asked for (`Bash: npm publish`). */
	readonly waitingFor?: string;
	/** Notification: `permission_prompt`, `idle_prompt`, `agent_needs_input`, `elicitation_dialog`. */
	readonly notificationType?: string;
	/** Notification: its text. */
	readonly message?: string;
	/** StopFailure: the error the agent died on (`unknown`, `rate_limit`, …); Qwen's failed `agent` call: its `terminateReason`. */
	readonly error?: string;
	/**
	 * SubagentStart and TeammateIdle of a stopped agent: the session's latest SessionStart (ISO; the
	 * hook reads it from the session file). One after the stop makes a start after it a resume.
	 */
	readonly sessionStartAt?: string;
	/** `codex` when OpenAI's Codex CLI sent it (codex-payload.ts), `qwen` for Qwen Code (qwen-payload.ts); absent: Claude Code. */
	readonly provider?: 'codex' | 'qwen';
}

/**
 * What `.meta.json` says of an agent (the hook reads it): the agent that launched it and how deep
 * it runs (`parentAgentId`, `spawnDepth`); its `name`, and, for a teammate, its real type
 * (`spawnedAgentType`: its hooks' `agent_type` is its name).
 */
export interface Lineage {
	readonly parentAgentId?: string;
	readonly spawnDepth?: number;
	readonly name?: string;
	readonly spawnedAgentType?: string;
}

/** The events on which the hook reads the agent's `.meta.json` for its lineage. */
export const LINEAGE_EVENTS: readonly HookEventName[] = ['SubagentStart', 'SubagentStop', 'StopFailure'];

/** A hook step's result: the value, or why the event is skipped. */
export type Outcome<T> = Result<T>;
