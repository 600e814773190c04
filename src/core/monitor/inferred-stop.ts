// The inferred stop: SubagentStop is lossy (CLAUDE-CODE-HOOKS.md §5), but an agent's
// transcript, or its parent's, can still show that it finished. Pure.
import type {AgentRecord} from '../record/agent-record.js';
import type {AgentActivity} from '../transcript/agent-activity.js';

/** What the monitor knows from an agent's transcript: its activity, and the file's last write. */
export type TranscriptFacts = AgentActivity & {readonly mtimeMs?: number | undefined; readonly transcriptPath?: string | undefined};

/**
 * When an agent the hook still calls active is finished by its transcript: its last assistant
 * message ended its turn (`endedTurn`), or its parent holds the Task result for it with status
 * `completed` (a background launch, `async_launched`, is not a finish), or a hook stopped it
 * (`hook_stopped_continuation`: no SubagentStop comes then). Returns the time of the
 * stop as far as it can be told (the transcript's last line, else its last write; undefined when
 * neither is known), or undefined when the stop is not inferred. Only `active` records qualify:
 * a stopped record has a real stop, and an idle teammate is waiting, not finished.
 */
export function inferredStop(agent: Pick<AgentRecord, 'status'>, facts: TranscriptFacts | undefined): {readonly at: number | undefined} | undefined {
	if (agent.status !== 'active' || facts === undefined) {
		return undefined;
	}
	const hookStop = facts.summary.hookStop;
	if (hookStop !== undefined) {
		// A hook answered `continue: false` (agentlog's for the user, or another tool's): it ended there.
		return {at: hookStop.at ?? facts.summary.lastAt ?? facts.mtimeMs};
	}
	if (facts.endedTurn !== true && facts.taskResult?.status !== 'completed') {
		return undefined;
	}
	return {at: facts.summary.lastAt ?? facts.mtimeMs};
}

/** The wording for an inferred stop, on the card, in the list and in the pane. */
export const INFERRED_STOP_LABEL = 'stopped (inferred)';
export const INFERRED_STOP_DETAIL = 'no stop event; inferred from its transcript (it ended its turn, or its parent holds its result)';
