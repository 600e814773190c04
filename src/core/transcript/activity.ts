// An agent's activity from what its transcript, its `.meta.json` and its parent's transcript say.
// Pure. The description comes from the parent's Agent/Task call, else the sidecar, else the first
// line of the prompt (the model falls back to the agent type after that).
import type {ParentFacts} from './parent-index.js';
import type {AgentActivity, AgentMeta, DescriptionSource} from './agent-activity.js';
import type {TranscriptSummary} from './summary.js';
import {oneLine} from './tool-summary.js';
import {turnOutcome} from './turn.js';
import {taskOfPrompt} from '../workflow/frame.js';

/** A description taken from the prompt's first line is cut to this many characters. */
const PROMPT_DESCRIPTION_MAX = 120;

export interface ActivityInput {
	readonly summary: TranscriptSummary;
	readonly meta: AgentMeta | undefined;
	readonly parent: ParentFacts | undefined;
	readonly history: AgentActivity['history'];
	readonly missing: boolean;
}

/** The first line of a prompt's task that has text, as one short line (a workflow agent's frame is not its task). */
export function promptFirstLine(prompt: string | undefined): string | undefined {
	const line = taskOfPrompt(prompt)
		?.split('\n')
		.find(l => l.trim() !== '');
	return line === undefined ? undefined : oneLine(line, PROMPT_DESCRIPTION_MAX);
}

function described(input: ActivityInput): {description: string | undefined; descriptionSource: DescriptionSource | undefined} {
	if (input.parent?.description) {
		return {description: input.parent.description, descriptionSource: 'parent'};
	}
	if (input.meta?.description) {
		return {description: input.meta.description, descriptionSource: 'meta'};
	}
	const fromPrompt = promptFirstLine(input.summary.prompt);
	return fromPrompt ? {description: fromPrompt, descriptionSource: 'prompt'} : {description: undefined, descriptionSource: undefined};
}

export function agentActivity(input: ActivityInput): AgentActivity {
	const {summary} = input;
	const {description, descriptionSource} = described(input);
	const {endedTurn, finalReport} = turnOutcome(summary.turn);
	return {
		summary,
		description,
		descriptionSource,
		parentAgentId: input.meta?.parentAgentId ?? summary.parentAgentId,
		history: input.history,
		missing: input.missing,
		prompt: taskOfPrompt(summary.prompt),
		finalReport,
		endedTurn,
		taskResult: input.parent?.taskResult,
		hasWork: summary.hasWork,
		meta: input.meta,
	};
}
