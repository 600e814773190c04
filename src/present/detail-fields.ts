// The detail pane's fields, as label/value pairs: the record's (status, ids, times, parent) and
// what its transcript says (task, result, model, tokens, cost, context, tools, files). The pane
// lays them out; these are its words.
import {providerOf} from '../core/codex/codex-agent.js';
import {compactNumber, formatDuration} from '../core/text/format.js';
import {usageMayBePlaceholder} from '../core/transcript/summary.js';
import {monitorFigures} from '../core/monitor/figures.js';
import type {ViewItem} from '../core/monitor/view.js';
import type {MonitorItem} from '../core/monitor/model.js';
import {INFERRED_STOP_DETAIL} from '../core/monitor/inferred-stop.js';
import {isFailure} from '../core/record/limits.js';
import {contextText, costDetail} from './cost-text.js';
import {GLYPH, shownStatus, statusLabel, taskOf} from './present.js';

/** Each tool's name, as the detail pane gives it. */
const TOOL_NAME = {claude: 'Claude Code', codex: 'OpenAI Codex CLI', gemini: 'Google Gemini CLI'} as const;

/** The fields at the top of the detail pane, as label/value pairs. */
export function detailFields(
	item: ViewItem & Partial<Pick<MonitorItem, 'parentAgentId' | 'activity' | 'name'>>,
	sessionId: string | undefined,
	now: number,
	time: (iso: string) => string,
): Array<[string, string]> {
	const a = item.agent;
	const fields: Array<[string, string]> = [
		['status', `${GLYPH[shownStatus(item)]} ${statusLabel(item, now)}`],
		...(item.waiting ? [['waits for', `${item.waiting.waitingFor} (since ${time(new Date(item.waiting.since).toISOString())})`] as [string, string]] : []),
		['type', a.type || '(none)'],
		['tool', TOOL_NAME[providerOf(a)]],
		['id', a.agentId],
	];
	if (a.teammateName) {
		fields.push([providerOf(a) === 'codex' ? 'nickname' : 'teammate', a.teammateName]);
	} else if (item.name) {
		// The name it was launched with (`.meta.json`): what SendMessage calls it.
		fields.push(['name', item.name]);
	}
	fields.push(['session', a.sessionId ?? sessionId ?? '?']);
	const depth = a.spawnDepth ?? item.activity?.meta?.spawnDepth;
	if (item.parentAgentId !== undefined) {
		fields.push(['parent', `${item.parentAgentId}${depth === undefined ? '' : ` (it runs at depth ${depth})`}`]);
	} else if (depth !== undefined && depth > 1) {
		fields.push(['parent', `an agent not known here (it runs at depth ${depth})`]);
	}
	fields.push(['duration', item.durationMs === undefined ? 'unknown (its start was never seen)' : formatDuration(item.durationMs)]);
	fields.push(['started', a.startUnknown ? `${time(a.startedAt)} (start not seen; first seen then)` : time(a.startedAt)]);
	fields.push(['updated', time(a.updatedAt)]);
	if (a.stoppedAt) {
		fields.push(['stopped', time(a.stoppedAt)]);
	} else if (item.inferredStop) {
		fields.push(['stopped', INFERRED_STOP_DETAIL]);
	} else if (item.stale) {
		fields.push(['stopped', `no stop event; silent for ${formatDuration(Math.max(0, now - item.lastLife))}, so shown as stopped (stale)`]);
	}
	if (item.ghost) {
		fields.push(['ghost', 'started within 30 s of the last stop of its type with none running: a leftover of a team shutdown']);
	}
	if (a.cwd) {
		fields.push(['cwd', a.cwd]);
	}
	return fields;
}

/** The detail pane's fields from the transcript: task, model, tokens, tools, files, history. */
export function activityFields(item: MonitorItem): Array<[string, string]> {
	const {activity} = item;
	const task: Array<[string, string]> =
		taskOf(item) === undefined ? [] : [['task', `${item.description}${item.descriptionSource === 'prompt' ? ' (first line of its prompt)' : ''}`]];
	if (!activity) {
		return item.agent.transcriptPath ? task : [...task, ['activity', 'unknown: this record names no transcript (written by another tool or an older hook)']];
	}
	const {summary} = activity;
	const fields: Array<[string, string]> = [...task];
	if (item.reportSource === 'transcript') {
		fields.push([
			'report',
			activity.finalReport ? 'from its transcript (no stop event brought one)' : "from its parent's Task result (no stop event brought one)",
		]);
	}
	const {figures, result, contextUsed} = monitorFigures(item);
	if (result && result.status !== 'async_launched') {
		// The agent's tokens as every view counts them; Claude Code's totalTokens is the last request's only.
		// A resumed agent whose later run did not complete (cut off, failed, still going) has only an earlier run's result.
		const ended = shownStatus(item) === 'stopped' && !item.agent.interrupted && !isFailure(item.agent.stopReason);
		const earlier = result.status === 'completed' && (item.agent.resumeCount ?? 0) > 0 && !ended;
		const parts = [
			earlier ? `${result.status} (its run before the resume)` : result.status,
			result.totalDurationMs === undefined ? undefined : formatDuration(result.totalDurationMs),
			figures.tokens === undefined ? undefined : `${compactNumber(figures.tokens)} tokens`,
			figures.toolCalls === undefined ? undefined : `${figures.toolCalls} tool call${figures.toolCalls === 1 ? '' : 's'}`,
			result.totalTokens === undefined ? undefined : `last request ${compactNumber(result.totalTokens)} tokens`,
		].filter((p): p is string => p !== undefined);
		fields.push(['result', parts.join(' · ')]);
	}
	if (activity.missing) {
		fields.push(['transcript', 'not found (yet): activity unknown']);
	}
	if (figures.model !== undefined) {
		fields.push(['model', figures.model]);
	}
	const t = figures.usage;
	if (summary.usage.size > 0 && t !== undefined) {
		const note =
			providerOf(item.agent) === 'claude' && usageMayBePlaceholder(summary.version)
				? ' (may be streaming placeholders: Claude Code before 2.1.97 wrote those)'
				: '';
		fields.push([
			'tokens',
			`in ${compactNumber(t.input)} · out ${compactNumber(t.output)} · cache write ${compactNumber(t.cacheCreation)} · cache read ${compactNumber(t.cacheRead)}${note}`,
		]);
	}
	if (figures.cost !== undefined && (figures.cost.priced > 0 || figures.cost.unpriced > 0)) {
		fields.push(['cost', costDetail(figures.cost)]);
	}
	if (contextUsed !== undefined) {
		fields.push(['context', `${contextText(contextUsed.tokens, contextUsed.window, compactNumber)} in its last request`]);
	}
	const counts = Object.entries(summary.toolCounts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
	if (counts.length > 0) {
		const total = counts.reduce((n, [, c]) => n + c, 0);
		fields.push(['tools', `${counts.map(([name, n]) => `${name} ${n}`).join(' · ')} (${total} call${total === 1 ? '' : 's'})`]);
	}
	if (summary.files.length > 0) {
		fields.push(['files', summary.files.join(', ')]);
	}
	if (activity.history) {
		const pct = activity.history.total === 0 ? 100 : Math.floor((activity.history.done / activity.history.total) * 100);
		fields.push(['history', `reading earlier lines… ${pct}% (the recent part is shown)`]);
	}
	if (summary.badLines > 0) {
		fields.push(['skipped', `${summary.badLines} unreadable transcript line${summary.badLines === 1 ? '' : 's'}`]);
	}
	return fields;
}
