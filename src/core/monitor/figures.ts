// The figures of an agent on screen and in `ls --json` (tokens, tool calls, model), decided by
// core/transcript/agent-figures.ts from what the monitor read, as the history decides them from what it
// kept: the same numbers for the same agent in the present and the past. Pure.
import {sumCounts} from '../record/name-counts.js';
import type {TaskResult} from '../transcript/agent-activity.js';
import {agentFigures, type AgentFigures} from '../transcript/agent-figures.js';
import {costTotals, tokenTotals} from '../transcript/summary.js';
import type {MonitorItem} from './model.js';

export interface MonitorFigures {
	readonly figures: AgentFigures;
	/** The parent's Agent result (its transcript's, a `<task-notification>`, else as the hook recorded it), when known. */
	readonly result: TaskResult | undefined;
	/** Its last request's input (cached parts included) against its model's context window, when read. */
	readonly contextUsed: {readonly tokens: number; readonly window: number | undefined} | undefined;
}

export function monitorFigures(item: Pick<MonitorItem, 'agent' | 'activity' | 'model'>): MonitorFigures {
	const {agent, activity} = item;
	const summary = activity?.summary;
	const read = summary !== undefined && summary.lines > 0;
	// The parent's call result: as read from its transcript, else as the hook recorded it (PostToolUse;
	// a nested agent's parent's transcript holds no result object: only the hook knows its status).
	const result: TaskResult | undefined =
		activity?.taskResult ??
		(agent.totalTokens === undefined && agent.totalToolUseCount === undefined && agent.totalDurationMs === undefined && agent.resultStatus === undefined
			? undefined
			: {
					status: agent.resultStatus,
					totalTokens: agent.totalTokens,
					totalToolUseCount: agent.totalToolUseCount,
					totalDurationMs: agent.totalDurationMs,
					report: undefined,
				});
	const totals = read ? tokenTotals(summary) : undefined;
	const figures = agentFigures({
		...(totals === undefined
			? {}
			: {
					transcript: {
						tokens: {input: totals.input, output: totals.output, cacheRead: totals.cacheRead, cacheCreation: totals.cacheWrite},
						toolCalls: sumCounts(summary!.toolCounts),
						model: summary!.model,
						cost: summary!.pricer === undefined ? undefined : {...costTotals(summary!), asOf: summary!.pricer.asOf},
					},
				}),
		call: {description: agent.description, model: agent.model, toolUseCount: result?.totalToolUseCount, lastRequestTokens: result?.totalTokens},
		meta: activity?.meta,
		// The run's model, as the item has it (the same rule: decideModel).
		run: {model: item.model},
	});
	const last = read ? summary.lastRequest : undefined;
	return {figures, result, contextUsed: last === undefined ? undefined : {tokens: last.input, window: last.window}};
}
