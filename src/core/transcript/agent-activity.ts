// What the monitor knows about an agent from its transcripts (its own, its sidecar, its parent's):
// the facts the store's follower and one-shot reader fill in and the monitor model reads. Types only.
import type {LifecycleStep} from '../record/fold-state.js';
import type {TranscriptSummary} from './summary.js';

/** Where an agent's task description came from, best first. */
export type DescriptionSource = 'parent' | 'meta' | 'prompt';

/** The parent's Agent/Task tool result for an agent (docs/claude-code-hooks.md#the-agent-tools-result, docs/claude-code-hooks.md#subagent-transcripts). */
export interface TaskResult {
	/** `completed`, `async_launched` (a background launch: not a finish), or another status. */
	readonly status: string | undefined;
	readonly totalTokens: number | undefined;
	readonly totalToolUseCount: number | undefined;
	readonly totalDurationMs: number | undefined;
	/** The result's final text (`content[]`), safe text, bounded; undefined for a launch. */
	readonly report: string | undefined;
}

/** What `.meta.json` beside a transcript says (docs/claude-code-hooks.md#subagent-transcripts); every key optional, safe text. */
export interface AgentMeta {
	readonly agentType?: string;
	readonly description?: string;
	readonly toolUseId?: string;
	readonly spawnDepth?: number;
	readonly parentAgentId?: string;
	readonly requestShape?: string;
	readonly requestNonInteractive?: boolean;
	readonly model?: string;
	readonly name?: string;
	/** `in_process_teammate` for a named agent run as a teammate of the session (docs/claude-code-hooks.md#seen-on-the-real-client-interactive). */
	readonly taskKind?: string;
	/** A teammate's real type (`general-purpose`): its `agentType` and its hooks' `agent_type` are its name. */
	readonly spawnedAgentType?: string;
	readonly teamName?: string;
	readonly color?: string;
	readonly planModeRequired?: boolean;
	readonly permissionMode?: string;
	readonly isFork?: boolean;
	/** A workflow agent's phase (its `description` is then the script's label for it). */
	readonly workflowPhase?: string;
	/** True for an agent of a `Workflow` run. */
	readonly inWorkflowRun?: boolean;
}

/** What the screen knows about an agent from its transcript (the store's follower fills it). */
export interface AgentActivity {
	readonly summary: TranscriptSummary;
	readonly description: string | undefined;
	/** Where `description` came from; undefined when there is none. */
	readonly descriptionSource?: DescriptionSource;
	readonly parentAgentId: string | undefined;
	/** While the earlier part of a large transcript is read: bytes done of total. */
	readonly history: {readonly done: number; readonly total: number} | undefined;
	readonly missing: boolean;
	/** The subagent's first user message (its prompt), safe text, cut to 2,000 characters. */
	readonly prompt?: string;
	/**
	 * The agent's final report, when its transcript shows it finished: the last assistant message
	 * ended its turn (`stop_reason: end_turn`, no tool call pending), or a workflow agent's
	 * `StructuredOutput` call followed by `toolEndsTurn`. Safe text, bounded.
	 */
	readonly finalReport?: string;
	/** True when the transcript shows the agent finished its turn (see `finalReport`). */
	readonly endedTurn?: boolean;
	/** The parent's Agent/Task result for this agent, when found. */
	readonly taskResult?: TaskResult;
	/** True when the transcript has an assistant message or a tool call: the agent did work of its own. */
	readonly hasWork?: boolean;
	/** What `.meta.json` says, when there is one. */
	readonly meta?: AgentMeta;
	/** Its lifecycle as its transcript tells it (a Codex rollout's turns), for when no event log names it. */
	readonly lifecycle?: readonly LifecycleStep[];
}
