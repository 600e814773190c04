// `agentlog stats`: counts over agent histories and their log lines, the `stats --json` object
// (its words: stats-text.ts). Pure: the time zone is a parameter (a function giving the offset).
import type {EventLine} from '../record/event-line.js';
import {HISTORY_STATUSES, type AgentHistory, type HistoryStatus} from './fold.js';
import {addCost, costUsd, jsonCost, NO_COST, sumCosts, type AgentCost, type CostSum, type JsonCost} from '../cost/cost.js';

export type StatsDimension = 'type' | 'session' | 'day' | 'model' | 'provider' | 'workflow';

export const STATS_DIMENSIONS: readonly StatsDimension[] = ['type', 'session', 'day', 'model', 'provider', 'workflow'];

/** The `--by workflow` key of the agents of no workflow run. */
export const NO_WORKFLOW_KEY = '(no workflow)';

/** The key of a group whose type or model is not known. */
export const UNKNOWN_KEY = '(unknown)';

/** One group (a type, a session, a day, a model). Durations over the agents that have one; sums null when no agent of the group has the fact. */
export interface GroupStats {
	readonly agents: number;
	readonly p50Ms: number | null;
	readonly p95Ms: number | null;
	readonly maxMs: number | null;
	readonly tokens: number | null;
	/** Dollars at list prices over its agents' priced responses; null when no agent's cost is known, or none of their responses could be priced. */
	readonly costUsd: number | null;
	/** Responses of its agents that could not be priced (left out of `costUsd`). */
	readonly unpricedResponses: number;
	readonly toolCalls: number | null;
	readonly interrupted: number;
}

/** `stats --json`. With `--by session|day|model`, `bySession` / `byDay` / `byModel` beside `byType`. */
export interface HistoryStats {
	readonly agents: number;
	readonly events: number;
	readonly sessions: number;
	readonly firstEventAt: string | null;
	readonly lastEventAt: string | null;
	readonly byStatus: Record<HistoryStatus, number>;
	readonly byEvent: Record<string, number>;
	/** What all the agents cost at list prices (as `history --json` gives each); null when no agent's transcript was read. */
	readonly cost: JsonCost | null;
	readonly byType: Record<string, GroupStats>;
	readonly bySession?: Record<string, GroupStats>;
	readonly byDay?: Record<string, GroupStats>;
	readonly byModel?: Record<string, GroupStats>;
	readonly byProvider?: Record<string, GroupStats>;
	/** By workflow run: `<name> <run id>` (`(unnamed) <run id>` when no file named it). */
	readonly byWorkflow?: Record<string, GroupStats>;
}

export type StatsAgent = Pick<AgentHistory, 'sessionId' | 'type' | 'status' | 'startedAt' | 'durationMs' | 'tokens' | 'cost' | 'toolCalls' | 'model'> & {
	readonly provider?: AgentHistory['provider'];
	readonly workflow?: {readonly runId: string; readonly name: string | null};
};
export type StatsLine = Pick<EventLine, 'event' | 'at' | 'sessionId'>;

/** What stats needs of an agent, and nothing else: held per agent while a log is read. */
export function statsAgentOf(h: AgentHistory): StatsAgent {
	return {
		sessionId: h.sessionId,
		type: h.type,
		status: h.status,
		startedAt: h.startedAt,
		...(h.durationMs === undefined ? {} : {durationMs: h.durationMs}),
		...(h.tokens === undefined ? {} : {tokens: h.tokens}),
		...(h.cost === undefined ? {} : {cost: h.cost}),
		...(h.toolCalls === undefined ? {} : {toolCalls: h.toolCalls}),
		...(h.model === undefined ? {} : {model: h.model}),
		provider: h.provider,
		...(h.workflow === undefined ? {} : {workflow: {runId: h.workflow.runId, name: h.workflow.name}}),
	};
}

export interface StatsOptions {
	/** A second grouping besides type. */
	readonly by?: StatsDimension;
	/** Minutes east of UTC at a moment (for `day`): e.g. `ms => -new Date(ms).getTimezoneOffset()`. Default: UTC. */
	readonly offsetMinutes?: (ms: number) => number;
}

/** Nearest-rank percentile (`p` in 0–100) of ascending values; null when there are none. */
export function percentile(sorted: readonly number[], p: number): number | null {
	if (sorted.length === 0) {
		return null;
	}
	const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
	return sorted[Math.min(rank, sorted.length) - 1]!;
}

/** The local date (YYYY-MM-DD) of an ISO time, given the zone's offset; '(unknown)' when it does not parse. */
export function localDay(iso: string, offsetMinutes: (ms: number) => number = () => 0): string {
	const ms = Date.parse(iso);
	if (Number.isNaN(ms)) {
		return UNKNOWN_KEY;
	}
	return new Date(ms + offsetMinutes(ms) * 60_000).toISOString().slice(0, 10);
}

interface Group {
	agents: number;
	durations: number[];
	tokens?: number;
	/** Over its agents whose cost is known (undefined: none is). */
	cost?: CostSum;
	toolCalls?: number;
	interrupted: number;
}

function addTo(groups: Map<string, Group>, key: string, a: StatsAgent): void {
	let g = groups.get(key);
	if (!g) {
		g = {agents: 0, durations: [], interrupted: 0};
		groups.set(key, g);
	}
	g.agents += 1;
	if (a.durationMs !== undefined) {
		g.durations.push(a.durationMs);
	}
	if (a.tokens !== undefined) {
		g.tokens = (g.tokens ?? 0) + a.tokens;
	}
	if (a.cost !== undefined) {
		g.cost = addCost(g.cost ?? NO_COST, a.cost);
	}
	if (a.toolCalls !== undefined) {
		g.toolCalls = (g.toolCalls ?? 0) + a.toolCalls;
	}
	if (a.status === 'interrupted') {
		g.interrupted += 1;
	}
}

/**
 * A table keyed by names from the log (types, sessions, models, events): without a prototype, so
 * `__proto__` or `constructor` is a key like any other (a plain object would drop or confuse it).
 */
function table<T>(): Record<string, T> {
	return Object.create(null) as Record<string, T>;
}

function finishGroups(groups: Map<string, Group>): Record<string, GroupStats> {
	const out = table<GroupStats>();
	for (const key of [...groups.keys()].sort()) {
		const g = groups.get(key)!;
		const sorted = g.durations.sort((x, y) => x - y);
		out[key] = {
			agents: g.agents,
			p50Ms: percentile(sorted, 50),
			p95Ms: percentile(sorted, 95),
			maxMs: sorted.length === 0 ? null : sorted.at(-1)!,
			tokens: g.tokens ?? null,
			costUsd: g.cost === undefined ? null : costUsd(g.cost),
			unpricedResponses: g.cost?.unpriced ?? 0,
			toolCalls: g.toolCalls ?? null,
			interrupted: g.interrupted,
		};
	}
	return out;
}

function keyOf(a: StatsAgent, by: StatsDimension, offsetMinutes: ((ms: number) => number) | undefined): string {
	switch (by) {
		case 'type': {
			return a.type || UNKNOWN_KEY;
		}
		case 'session': {
			return a.sessionId;
		}
		case 'day': {
			return localDay(a.startedAt, offsetMinutes);
		}
		case 'model': {
			return a.model || UNKNOWN_KEY;
		}
		case 'provider': {
			return a.provider ?? 'claude';
		}
		case 'workflow': {
			return a.workflow === undefined ? NO_WORKFLOW_KEY : `${a.workflow.name ?? '(unnamed)'} ${a.workflow.runId}`;
		}
	}
}

export const BY_KEY = {session: 'bySession', day: 'byDay', model: 'byModel', provider: 'byProvider', workflow: 'byWorkflow'} as const;

/** The counts of some log lines, made one line at a time (the lines need not be kept, nor in order). */
export interface LineTally {
	events: number;
	readonly sessions: Set<string>;
	readonly byEvent: Map<string, number>;
	first?: {ms: number; at: string};
	last?: {ms: number; at: string};
}

export function newLineTally(): LineTally {
	return {events: 0, sessions: new Set(), byEvent: new Map()};
}

export function tallyLine(tally: LineTally, line: StatsLine): void {
	tally.events += 1;
	tally.sessions.add(line.sessionId);
	tally.byEvent.set(line.event, (tally.byEvent.get(line.event) ?? 0) + 1);
	const ms = Date.parse(line.at);
	if (!Number.isNaN(ms)) {
		if (tally.first === undefined || ms < tally.first.ms) {
			tally.first = {ms, at: line.at};
		}
		if (tally.last === undefined || ms > tally.last.ms) {
			tally.last = {ms, at: line.at};
		}
	}
}

export function tallyLines(lines: Iterable<StatsLine>): LineTally {
	const tally = newLineTally();
	for (const line of lines) {
		tallyLine(tally, line);
	}
	return tally;
}

/**
 * The stats of some agents and the tally of the log lines that go with them (the same selection
 * `history --events` lists). `sessions` counts the sessions of both; first and last event are over the lines.
 */
export function historyStats(agents: Iterable<StatsAgent>, lines: LineTally, options: StatsOptions = {}): HistoryStats {
	const byStatus = Object.fromEntries(HISTORY_STATUSES.map(s => [s, 0])) as Record<HistoryStatus, number>;
	const byType = new Map<string, Group>();
	const byOther = new Map<string, Group>();
	const sessions = new Set<string>(lines.sessions);
	const other = options.by !== undefined && options.by !== 'type' ? options.by : undefined;
	let count = 0;
	let cost: AgentCost | undefined;
	for (const a of agents) {
		count += 1;
		cost = sumCosts([cost, a.cost]);
		sessions.add(a.sessionId);
		byStatus[a.status] += 1;
		addTo(byType, keyOf(a, 'type', undefined), a);
		if (other !== undefined) {
			addTo(byOther, keyOf(a, other, options.offsetMinutes), a);
		}
	}
	const byEvent = table<number>();
	for (const key of [...lines.byEvent.keys()].sort()) {
		byEvent[key] = lines.byEvent.get(key)!;
	}
	return {
		agents: count,
		events: lines.events,
		sessions: sessions.size,
		firstEventAt: lines.first?.at ?? null,
		lastEventAt: lines.last?.at ?? null,
		byStatus,
		byEvent,
		cost: jsonCost(cost),
		byType: finishGroups(byType),
		...(other === undefined ? {} : {[BY_KEY[other]]: finishGroups(byOther)}),
	};
}

export /** Adds a session's tally to `into`, as `tallyLine` of each of its lines after those already in would. */
function mergeLineTally(into: LineTally, from: LineTally): void {
	into.events += from.events;
	for (const id of from.sessions) {
		into.sessions.add(id);
	}
	for (const [event, n] of from.byEvent) {
		into.byEvent.set(event, (into.byEvent.get(event) ?? 0) + n);
	}
	if (from.first !== undefined && (into.first === undefined || from.first.ms < into.first.ms)) {
		into.first = from.first;
	}
	if (from.last !== undefined && (into.last === undefined || from.last.ms > into.last.ms)) {
		into.last = from.last;
	}
}
