// The inferred stop: SubagentStop is lossy (docs/claude-code-hooks.md#known-gaps), but an agent's
// transcript, or its parent's, can still show that it finished. Pure.
import type {AgentStatus} from '../record/agent-record.js';
import type {AgentActivity} from '../transcript/agent-activity.js';

/** What the monitor knows from an agent's transcript: its activity, and the file's last write. */
export type TranscriptFacts = AgentActivity & {readonly mtimeMs?: number | undefined; readonly transcriptPath?: string | undefined};

/** What the rule reads of the record: its status, and when it was last resumed (ms; `resumedAt`), if ever. */
export interface InferredStopAgent {
	readonly status: AgentStatus;
	readonly resumed?: number | undefined;
}

/**
 * When an agent the hook still calls active is finished by its transcript: its last assistant
 * message ended its turn (`endedTurn`), or its parent holds the Task result for it with status
 * `completed` (a background launch, `async_launched`, is not a finish), or a hook stopped it
 * (`hook_stopped_continuation`: no SubagentStop comes then). Returns the time of the
 * stop as far as it can be told (the transcript's last line, else its last write; undefined when
 * neither is known), or undefined when the stop is not inferred. Only `active` records qualify:
 * a stopped record has a real stop, and an idle teammate is waiting, not finished.
 *
 * A resume (SendMessage: the same agent started again, `resumedAt`) runs it again: an end of turn
 * no later than the transcript's last line before the resume is the earlier run's, and so is the
 * parent's result (a resumed run is a background run: its end never comes as the Agent call's
 * result). Only an end of turn written at or after the resume ends the new run.
 */
export function inferredStop(agent: InferredStopAgent, facts: TranscriptFacts | undefined): {readonly at: number | undefined} | undefined {
	if (agent.status !== 'active' || facts === undefined) {
		return undefined;
	}
	const hookStop = facts.summary.hookStop;
	if (hookStop !== undefined) {
		// A hook answered `continue: false` (agentlog's for the user, or another tool's): it ended there.
		return {at: hookStop.at ?? facts.summary.lastAt ?? facts.mtimeMs};
	}
	const lastAt = facts.summary.lastAt;
	if (agent.resumed !== undefined) {
		if (facts.endedTurn !== true || lastAt === undefined || lastAt < agent.resumed) {
			return undefined;
		}
	} else if (facts.endedTurn !== true && facts.taskResult?.status !== 'completed') {
		return undefined;
	}
	return {at: lastAt ?? facts.mtimeMs};
}

/** The wording for an inferred stop, on the card, in the list and in the pane. */
export const INFERRED_STOP_LABEL = 'stopped (inferred)';
export const INFERRED_STOP_DETAIL = 'no stop event; inferred from its transcript (it ended its turn, or its parent holds its result)';
