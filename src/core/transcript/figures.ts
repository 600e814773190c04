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
// - Model: the transcript's last response (unless it is Claude Code's `<synthetic>` stand-in for
//   an API error), else `.meta.json`, else the Agent call's.
// - Description: the Agent call's, else `.meta.json`, else the first line of the prompt.
import {tokenSum, type TokenCounts} from './tally.js';

/** What the agent's own transcript says, when it was read. */
export interface TranscriptFigures {
	readonly tokens: TokenCounts;
	readonly toolCalls: number;
	readonly model?: string | undefined;
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
}

export interface AgentFigures {
	/** The four parts, when known. */
	readonly usage?: TokenCounts;
	/** The four parts summed: what "tokens" means in every view. */
	readonly tokens?: number;
	readonly toolCalls?: number;
	readonly model?: string;
	readonly description?: string;
	readonly lastRequestTokens?: number;
}

/** The model Claude Code writes for a message it made itself (an API error shown as a reply). */
export const SYNTHETIC_MODEL = '<synthetic>';

const given = (text: string | undefined): string | undefined => (text === undefined || text.trim() === '' ? undefined : text);

export function agentFigures(sources: FigureSources): AgentFigures {
	const {transcript, call, meta} = sources;
	const transcriptModel = transcript?.model === SYNTHETIC_MODEL ? undefined : given(transcript?.model);
	const model = transcriptModel ?? given(meta?.model) ?? given(call?.model);
	const description = given(call?.description) ?? given(meta?.description) ?? given(sources.promptLine);
	const toolCalls = transcript?.toolCalls ?? call?.toolUseCount;
	return {
		...(transcript === undefined ? {} : {usage: transcript.tokens, tokens: tokenSum(transcript.tokens)}),
		...(toolCalls === undefined ? {} : {toolCalls}),
		...(model === undefined ? {} : {model}),
		...(description === undefined ? {} : {description}),
		...(call?.lastRequestTokens === undefined ? {} : {lastRequestTokens: call.lastRequestTokens}),
	};
}
