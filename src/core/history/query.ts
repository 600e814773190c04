// Queries over agent histories: the filters of `history`, `stats` and
// `chain` (agent, type, status, time range), the order and page of `history`, and the
// `history --json` type (made by src/present/history-json.ts; the remote decoder checks it).
// Pure: the clock (`now`) is a parameter.
import type {Provider} from '../record/provider.js';
import {parseDuration} from '../text/format.js';
import {fail, ok, type Result} from '../result.js';
import type {EventLine} from '../record/event-line.js';
import {HISTORY_STATUSES, type AgentHistory, type HistoryStatus} from './fold.js';
import type {WorkflowTag} from '../workflow/workflow-of.js';
import type {TokenCounts} from '../transcript/tally.js';
import type {JsonCost} from '../cost/cost.js';

export interface HistoryFilter {
	/** An agent id or a prefix of one (uniqueness is checked over the whole result: `resolveAgentPrefix`). */
	readonly agent?: string;
	/** An agent type, matched exactly but case-insensitively. */
	readonly type?: string;
	/** Only these statuses. */
	readonly statuses?: ReadonlySet<HistoryStatus>;
	/** Only agents of this tool. */
	readonly provider?: Provider;
	/** Only agents started at or after this (ms). */
	readonly sinceMs?: number;
	/** Only agents started at or before this (ms). */
	readonly untilMs?: number;
}

/** True when the filter picks agents (agent, type or status): session lines (SessionStart, …) then belong to no selection. */
export function selectsAgents(filter: HistoryFilter): boolean {
	return filter.agent !== undefined || filter.type !== undefined || filter.statuses !== undefined || filter.provider !== undefined;
}

/** `--status completed,interrupted` → the statuses; an unknown one is an error naming the valid ones. */
export function parseStatuses(text: string): Result<ReadonlySet<HistoryStatus>> {
	const words = text
		.split(',')
		.map(w => w.trim().toLowerCase())
		.filter(w => w !== '');
	if (words.length === 0) {
		return fail(`no status given; use one or more of ${HISTORY_STATUSES.join(', ')} (comma-separated)`);
	}
	const out = new Set<HistoryStatus>();
	for (const word of words) {
		if (!(HISTORY_STATUSES as readonly string[]).includes(word)) {
			return fail(`unknown status ${JSON.stringify(word)}; use one or more of ${HISTORY_STATUSES.join(', ')} (comma-separated)`);
		}
		out.add(word as HistoryStatus);
	}
	return ok(out);
}

const ISO_START = /^\d{4}-\d{2}-\d{2}/;

/**
 * `--since` / `--until`: a duration (`2h`, `7d`, `1h30m`) = that long before `now`, or an ISO
 * time (`2026-03-01`, `2026-03-01T12:00:00Z`; a date or time without a zone is read as
 * JavaScript's Date does). Anything else is an error saying both forms.
 */
export function parseTimeBound(text: string, now: number): Result<number> {
	const input = text.trim();
	const duration = parseDuration(input);
	if (duration.ok) {
		return ok(now - duration.value);
	}
	if (ISO_START.test(input)) {
		const ms = Date.parse(input);
		if (!Number.isNaN(ms)) {
			return ok(ms);
		}
	}
	return fail(`invalid time ${JSON.stringify(text)}: use a duration before now (e.g. 2h, 7d, 1h30m) or an ISO time (e.g. 2026-03-01 or 2026-03-01T12:00:00Z)`);
}

/** Whether an agent passes the filter. `agent` matches as a prefix here; `resolveAgentPrefix` then checks it names one agent. */
export function matchesFilter(h: AgentHistory, filter: HistoryFilter): boolean {
	if (filter.agent !== undefined && !h.agentId.startsWith(filter.agent)) {
		return false;
	}
	if (filter.type !== undefined && h.type.toLowerCase() !== filter.type.toLowerCase()) {
		return false;
	}
	if (filter.statuses !== undefined && !filter.statuses.has(h.status)) {
		return false;
	}
	if (filter.provider !== undefined && h.provider !== filter.provider) {
		return false;
	}
	if (filter.sinceMs !== undefined || filter.untilMs !== undefined) {
		const ms = Date.parse(h.startedAt);
		if (Number.isNaN(ms)) {
			return false;
		}
		if (filter.sinceMs !== undefined && ms < filter.sinceMs) {
			return false;
		}
		if (filter.untilMs !== undefined && ms > filter.untilMs) {
			return false;
		}
	}
	return true;
}

/** Whether a line that names no agent (SessionStart, SessionEnd) is in the filter's time range. */
export function sessionLineInRange(line: EventLine, filter: HistoryFilter): boolean {
	if (filter.sinceMs === undefined && filter.untilMs === undefined) {
		return true;
	}
	const ms = Date.parse(line.at);
	return !Number.isNaN(ms) && (filter.sinceMs === undefined || ms >= filter.sinceMs) && (filter.untilMs === undefined || ms <= filter.untilMs);
}

export type AgentPrefixResolution =
	{readonly ok: true; readonly agentId: string | undefined} | {readonly ok: false; readonly error: string; readonly candidates: readonly string[]};

/**
 * The agent ids that matched `--agent <prefix>` → the one it names: an exact id wins; several
 * different ids are ambiguous (an error listing up to 5); none is `agentId: undefined` (no match,
 * an empty result, not an error). The same agent id in two sessions is one id here.
 */
export function resolveAgentPrefix(prefix: string, matchedIds: Iterable<string>): AgentPrefixResolution {
	const ids = new Set(matchedIds);
	if (ids.has(prefix)) {
		return {ok: true, agentId: prefix};
	}
	if (ids.size <= 1) {
		return {ok: true, agentId: ids.values().next().value};
	}
	const candidates = [...ids].sort();
	const shown = candidates.slice(0, 5).join(', ');
	const more = candidates.length > 5 ? `, and ${candidates.length - 5} more` : '';
	return {ok: false, error: `agent prefix ${JSON.stringify(prefix)} matches ${candidates.length} agents (${shown}${more}); give more of the id`, candidates};
}

/** An agent's start (ms) for ordering: a time that does not parse sorts as the oldest. */
export function startOrderMs(startedAt: string): number {
	const ms = Date.parse(startedAt);
	return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

/** What the history's order needs of an agent. */
export interface HistoryOrderKey {
	/** `startOrderMs(startedAt)`. */
	readonly startMs: number;
	readonly sessionId: string;
	readonly agentId: string;
}

const compareKeys = (sign: number, a: HistoryOrderKey, b: HistoryOrderKey): number =>
	sign * (a.startMs - b.startMs) ||
	sign * (a.sessionId < b.sessionId ? -1 : a.sessionId > b.sessionId ? 1 : 0) ||
	sign * (a.agentId < b.agentId ? -1 : a.agentId > b.agentId ? 1 : 0);

/** Newest first by `startedAt` (`asc`: oldest first); ties by session then agent id, so the order is stable across runs. */
export function sortHistories(list: AgentHistory[], asc = false): AgentHistory[] {
	const keys = new Map(list.map(h => [h, {startMs: startOrderMs(h.startedAt), sessionId: h.sessionId, agentId: h.agentId}]));
	return list.sort((a, b) => compareKeys(asc ? 1 : -1, keys.get(a)!, keys.get(b)!));
}

/** `sortHistories` for agents kept in a small form with their keys. Sorts in place. */
export function sortByStart<T extends HistoryOrderKey>(list: T[], asc = false): T[] {
	return list.sort((a, b) => compareKeys(asc ? 1 : -1, a, b));
}

/** The lines in time order (stable: equal or unreadable times keep their order). */
export function sortLines<T extends Pick<EventLine, 'at'>>(lines: T[]): T[] {
	const keyed = lines.map((line, i) => {
		const ms = Date.parse(line.at);
		return {line, i, ms: Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms};
	});
	keyed.sort((a, b) => a.ms - b.ms || a.i - b.i);
	return keyed.map(k => k.line);
}

/** `page` of items given one at a time: nothing past the page is asked for. */
export function* pageOf<T>(items: Iterable<T>, offset = 0, limit?: number): Generator<T, void, undefined> {
	let index = 0;
	let given = 0;
	for (const item of items) {
		if (limit !== undefined && limit !== 0 && given >= limit) {
			return;
		}
		if (index++ >= offset) {
			given += 1;
			yield item;
		}
	}
}

/** `--offset` / `--limit` (`limit` 0 or undefined: all). */
export function page<T>(list: readonly T[], offset = 0, limit?: number): T[] {
	const end = limit === undefined || limit === 0 ? undefined : offset + limit;
	return list.slice(offset, end);
}

/** One element of `history --json` (null where unknown, as in `ls --json`). */
export interface HistoryJsonAgent {
	readonly agentId: string;
	readonly sessionId: string;
	readonly type: string;
	/** The name it was launched with (what SendMessage calls it); null when none. */
	readonly name: string | null;
	readonly description: string | null;
	readonly status: HistoryStatus;
	readonly startedAt: string;
	readonly stoppedAt: string | null;
	readonly durationMs: number | null;
	readonly resumeCount: number;
	readonly stopReason: string | null;
	/** Input, output, cache read and cache write summed over its responses, each once (its transcript's). */
	readonly tokens: number | null;
	/** `tokens` in its four parts. */
	readonly usage: TokenCounts | null;
	/** What its responses cost at list prices, each priced on its own (as in `ls --json`); null when its transcript was not read. */
	readonly cost: JsonCost | null;
	/** Each run's `{startedAt, tokens, toolCalls}` (a resume starts a run). */
	readonly runs: readonly JsonRun[] | null;
	/** Claude Code's `totalTokens` of the Agent call's result: its last API request only. */
	readonly lastRequestTokens: number | null;
	readonly toolCalls: number | null;
	readonly model: string | null;
	readonly git: {readonly start: JsonGit | null; readonly stop: JsonGit | null};
	readonly parentAgentId: string | null;
	/** Its last sign of life: its last log line, or its transcript's last line when later. */
	readonly lastActivityAt: string;
	readonly source: 'hook' | 'transcript';
	readonly provider: Provider;
	/** The workflow run it is an agent of (as in `ls --json`); null for any other agent. */
	readonly workflow: WorkflowTag | null;
}

export interface JsonRun {
	readonly startedAt: string;
	readonly tokens: number;
	readonly toolCalls: number;
}

export interface JsonGit {
	readonly head: string | null;
	readonly branch: string | null;
}
