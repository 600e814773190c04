// The JSON that `ls --json` and `sessions --json` print: the one place their shapes are defined.
// Pure: the model's items and the records as parsed in, plain objects out (the command writes
// them with safeJsonStringify).
import {providerOf, type Provider} from '../core/codex/codex-agent.js';
import type {AgentRecord} from '../core/record/agent-record.js';
import type {DisplayStatus} from '../core/monitor/stale.js';
import type {MonitorItem, ReportSource} from '../core/monitor/model.js';
import type {StatusCounts} from '../core/monitor/view.js';
import {monitorFigures} from '../core/monitor/figures.js';
import type {WorkflowTag} from '../core/workflow/workflow-of.js';
import {jsonCost, type AgentCost, type JsonCost} from '../core/cost/cost.js';
import {contextPercent} from './cost-text.js';

/** How much of the prompt `ls --json` gives. */
export const JSON_PROMPT_LENGTH = 200;

export interface JsonTokens {
	readonly input: number;
	readonly output: number;
	readonly cacheRead: number;
	readonly cacheCreation: number;
}

/** How full the context of an agent's last request was. */
export interface JsonContextUsed {
	/** The request's input tokens, cached parts included. */
	readonly tokens: number;
	/** Its model's context window as the price data lists it; null when not listed. */
	readonly window: number | null;
	/** `tokens` of `window` in percent, to a tenth; null without a window. Over 100 in a larger-context mode than listed. */
	readonly percent: number | null;
}

export interface JsonToolCall {
	readonly tool: string;
	readonly summary: string;
	/** The result, at most 200 characters, ending in `…` when cut; null while the call runs. */
	readonly result: string | null;
	/** ISO time of the call, when its line had one. */
	readonly at: string | null;
	readonly isError: boolean;
}

export interface JsonTaskResult {
	/** Claude Code's `totalTokens` (or a `<task-notification>`'s `subagent_tokens`): the last API request only, not the agent's tokens. */
	readonly lastRequestTokens: number | null;
	readonly totalToolUseCount: number | null;
	readonly totalDurationMs: number | null;
	readonly status: string | null;
}

/** What the monitor model adds to each record in `ls --json` (null when unknown). */
export interface LsJsonFields {
	/** The tool the agent belongs to: `claude` (Claude Code) or `codex` (OpenAI Codex CLI). */
	readonly provider: Provider;
	readonly displayStatus: DisplayStatus;
	/** Waiting for the user: what for (`Bash: npm publish`) and since when (ISO); null otherwise. */
	readonly waitingFor: string | null;
	readonly waitingSince: string | null;
	readonly stale: boolean;
	readonly ghost: boolean;
	/** The name it was launched with (`.meta.json` `name`), what SendMessage calls it; null when none. */
	readonly name: string | null;
	readonly description: string | null;
	readonly prompt: string | null;
	readonly summary: string | null;
	readonly report: string | null;
	readonly reportSource: ReportSource | null;
	readonly inferredStop: boolean;
	readonly activity: string | null;
	readonly model: string | null;
	/** Input, output, cache read and cache write over its responses, each once (core/transcript/agent-figures.ts). */
	readonly tokens: JsonTokens | null;
	/** `tokens` summed: the number `history`, `stats` and `export` give. */
	readonly tokensTotal: number | null;
	/** What its responses cost at list prices, each priced on its own (core/cost/cost.ts); null when its transcript was not read. */
	readonly cost: JsonCost | null;
	/** Its last request's input against its model's context window. */
	readonly contextUsed: JsonContextUsed | null;
	/** Its tool calls, as `history` counts them. */
	readonly toolCallCount: number | null;
	readonly toolCounts: Readonly<Record<string, number>> | null;
	readonly toolCalls: readonly JsonToolCall[] | null;
	readonly toolErrors: number | null;
	readonly files: readonly string[] | null;
	readonly lastSignOfLifeAt: string | null;
	readonly parentAgentId: string | null;
	readonly result: JsonTaskResult | null;
	/** The workflow run it is an agent of: its id, the workflow's name, its phase and label; null for any other agent. */
	readonly workflow: WorkflowTag | null;
}

/**
 * One element of `ls --json`: the record as on disk, then the model's fields (which win where
 * names meet: description, model, parentAgentId). The record's `totalTokens` (the last request's)
 * is left out: it is `result.lastRequestTokens`.
 */
export type LsJsonAgent = Omit<AgentRecord, keyof LsJsonFields | 'totalTokens'> & LsJsonFields;

/** One element of `sessions --json`. */
export interface SessionsJsonEntry {
	/** The session folder's name, exactly. */
	readonly id: string;
	/** Display statuses as `watch` counts them: stale agents in `stopped` and in `stale`; ghosts left out. */
	readonly counts: StatusCounts;
	/** ISO time of the session's last activity (see monitor/sessions.ts). */
	readonly lastActivity: string;
	/** The main session waits for the user (its own permission prompt). */
	readonly mainWaiting: boolean;
	/** The tool the session belongs to: `claude` or `codex` (a Codex root thread with subagents). */
	readonly provider: Provider;
	/** With `--cost`: its agents' costs as `ls --json` gives them, summed; null when none is known. */
	readonly cost?: JsonCost | null;
}

const orNull = <T>(value: T | undefined): T | null => (value === undefined ? null : value);

function iso(ms: number | undefined): string | null {
	return ms === undefined || !Number.isFinite(ms) ? null : new Date(ms).toISOString();
}

function firstPoints(text: string | undefined, n: number): string | null {
	if (text === undefined) {
		return null;
	}
	const points = [...text.slice(0, n * 2)];
	return points.length <= n ? points.join('') : points.slice(0, n).join('');
}

/**
 * The model's fields of one agent. `description` is null when only the type is known;
 * `report` is the text the model shows, `reportSource` where it came from.
 */
export function lsJsonFields(item: MonitorItem): LsJsonFields {
	const activity = item.activity;
	const summary = activity?.summary;
	const {figures, result, contextUsed} = monitorFigures(item);
	const t = figures.usage;
	return {
		provider: providerOf(item.agent),
		displayStatus: item.displayStatus,
		waitingFor: item.waiting?.waitingFor ?? null,
		waitingSince: iso(item.waiting?.since),
		stale: item.stale,
		ghost: item.ghost,
		name: orNull(item.name),
		description: item.descriptionSource === 'type' ? null : item.description,
		prompt: firstPoints(item.prompt, JSON_PROMPT_LENGTH),
		summary: orNull(item.summary),
		report: orNull(item.report),
		reportSource: orNull(item.reportSource),
		inferredStop: item.inferredStop,
		// What it is doing now, as the screen says it: only while it runs.
		activity: item.displayStatus === 'active' ? orNull(summary?.activity) : null,
		model: orNull(figures.model),
		tokens: t === undefined ? null : {input: t.input, output: t.output, cacheRead: t.cacheRead, cacheCreation: t.cacheCreation},
		tokensTotal: orNull(figures.tokens),
		cost: jsonCost(figures.cost),
		contextUsed:
			contextUsed === undefined
				? null
				: {
						tokens: contextUsed.tokens,
						window: orNull(contextUsed.window),
						percent: contextUsed.window === undefined ? null : contextPercent(contextUsed.tokens, contextUsed.window),
					},
		toolCallCount: orNull(figures.toolCalls),
		toolCounts: summary === undefined ? null : {...summary.toolCounts},
		toolCalls:
			summary === undefined
				? null
				: summary.toolCalls.map(call => ({
						tool: call.name,
						summary: call.summary,
						result: orNull(call.result),
						at: iso(call.at),
						isError: call.isError === true,
					})),
		toolErrors: summary === undefined ? null : summary.toolCalls.filter(call => call.isError === true).length,
		files: summary === undefined ? null : [...summary.files],
		lastSignOfLifeAt: iso(item.lastLife),
		parentAgentId: orNull(item.parentAgentId),
		result:
			result === undefined
				? null
				: {
						lastRequestTokens: orNull(result.totalTokens),
						totalToolUseCount: orNull(result.totalToolUseCount),
						totalDurationMs: orNull(result.totalDurationMs),
						status: orNull(result.status),
					},
		workflow: item.workflow === undefined ? null : {...item.workflow},
	};
}

/** One element of `ls --json`: `raw` is the record as parsed from disk (never the display copy). */
export function lsJsonAgent(raw: AgentRecord, item: MonitorItem): LsJsonAgent {
	const record: {-readonly [K in keyof AgentRecord]?: AgentRecord[K]} = {...raw};
	delete record.totalTokens;
	return {...(record as AgentRecord), ...lsJsonFields(item)};
}

/** One session of `sessions --json`; `cost` only when asked for (`--cost`: undefined leaves it out, as its absence says it was not computed). */
export function sessionsJsonEntry(
	session: {
		readonly id: string;
		readonly counts: StatusCounts;
		readonly lastActivity: number;
		readonly mainWaiting?: boolean;
		readonly provider?: Provider;
	},
	cost?: AgentCost | null,
): SessionsJsonEntry {
	return {
		id: session.id,
		counts: session.counts,
		lastActivity: new Date(session.lastActivity).toISOString(),
		mainWaiting: session.mainWaiting === true,
		provider: session.provider ?? 'claude',
		...(cost === undefined ? {} : {cost: jsonCost(cost ?? undefined)}),
	};
}
