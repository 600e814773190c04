// An agent's figures — tokens, tool calls, model, description — decided in one place from what each
// source knows, so that the present (`watch`, `ls --json`, the detail pane) and the past
// (`history`, `stats`, `chain`, `export`, the OTLP spans) say the same numbers of the same agent.
// Pure.
//
// - Tokens: the agent's own transcript, each response once (see tally.ts), or unknown. Claude
//   Code's `totalTokens` (in its Agent result and its `<task-notification>`) is the last API
//   request only, so it is never taken for the run's tokens: it is kept as `lastRequestTokens`.
// - Tool calls: the transcript's tool_use blocks; without a transcript, the Agent result's
//   `totalToolUseCount` (the count of the run its result was for).
// - Cost: the transcript's responses, each priced as it was counted (core/cost/cost.ts), or unknown.
// - Model: the transcript's last response (unless it is Claude Code's `<synthetic>` stand-in for
//   an API error), else `.meta.json`, else the Agent call's, else its workflow run's.
// - Description: the Agent call's, else `.meta.json`, else the first line of the prompt.
import {SYNTHETIC_MODEL} from './synthetic-model.js';
import {tokenSum, type TokenCounts} from './tally.js';
import type {AgentCost} from '../cost/cost.js';

/** What the agent's own transcript says, when it was read. */
export interface TranscriptFigures {
	readonly tokens: TokenCounts;
	readonly toolCalls: number;
	readonly model?: string | undefined;
	/** Its responses priced; undefined when they were not (no prices were given to the fold). */
	readonly cost?: AgentCost | undefined;
}

/** What the parent's Agent call (its PostToolUse, its result in the parent's transcript, a `<task-notification>`) says. */
export interface CallFigures {
	readonly description?: string | undefined;
	readonly model?: string | undefined;
	readonly toolUseCount?: number | undefined;
	/** Claude Code's `totalTokens`: the last API request only. */
	readonly lastRequestTokens?: number | undefined;
}

/** What `.meta.json` says. */
export interface MetaFigures {
	readonly description?: string | undefined;
	readonly model?: string | undefined;
}

export interface FigureSources {
	readonly transcript?: TranscriptFigures | undefined;
	readonly call?: CallFigures | undefined;
	readonly meta?: MetaFigures | undefined;
	/** The first line of its prompt, when known. */
	readonly promptLine?: string | undefined;
	/** What its workflow run's files say of it (an agent of a `Workflow` run). */
	readonly run?: {readonly model?: string | undefined} | undefined;
}

export interface AgentFigures {
	/** The four parts, when known. */
	readonly usage?: TokenCounts;
	/** The four parts summed: what "tokens" means in every view. */
	readonly tokens?: number;
	/** What its responses cost at list prices, when its transcript was read and priced. */
	readonly cost?: AgentCost;
	readonly toolCalls?: number;
	readonly model?: string;
	readonly description?: string;
	readonly lastRequestTokens?: number;
}

export {SYNTHETIC_MODEL};

const given = (text: string | undefined): string | undefined => (text === undefined || text.trim() === '' ? undefined : text);

/** The model: the transcript's (unless `<synthetic>`), else `.meta.json`'s, else the Agent call's, else its workflow run's. */
export function decideModel(transcript: string | undefined, meta: string | undefined, call: string | undefined, run?: string): string | undefined {
	return (transcript === SYNTHETIC_MODEL ? undefined : given(transcript)) ?? given(meta) ?? given(call) ?? given(run);
}

export function agentFigures(sources: FigureSources): AgentFigures {
	const {transcript, call, meta} = sources;
	const model = decideModel(transcript?.model, meta?.model, call?.model, sources.run?.model);
	const description = given(call?.description) ?? given(meta?.description) ?? given(sources.promptLine);
	const toolCalls = transcript?.toolCalls ?? call?.toolUseCount;
	return {
		...(transcript === undefined ? {} : {usage: transcript.tokens, tokens: tokenSum(transcript.tokens)}),
		...(transcript?.cost === undefined ? {} : {cost: transcript.cost}),
		...(toolCalls === undefined ? {} : {toolCalls}),
		...(model === undefined ? {} : {model}),
		...(description === undefined ? {} : {description}),
		...(call?.lastRequestTokens === undefined ? {} : {lastRequestTokens: call.lastRequestTokens}),
	};
}
