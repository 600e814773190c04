// What `stats --json` answers from another machine, checked and copied field by field like the
// other answers (history-answer.ts): hostile input, bounded in the groups it keeps and the length
// of their keys, every key made safe for a terminal where it enters. Pure.
import {HISTORY_STATUSES, type HistoryStatus} from '../history/fold.js';
import {BY_KEY, type GroupStats, type HistoryStats} from '../history/stats.js';
import {head} from '../text/bounded.js';
import {safeLine} from '../text/safe-text.js';
import {costOf} from './history-answer.js';

/** Groups (types, sessions, days, models, runs) kept per table at most. */
export const MAX_GROUPS = 5000;
/** Event names kept at most. */
const MAX_EVENTS = 200;
const KEY = 200;

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const count = (v: unknown): number | null => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : null);
const time = (v: unknown): string | null => (typeof v === 'string' && v.length <= 40 && !Number.isNaN(Date.parse(v)) ? safeLine(v) : null);
const usd = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v >= 0 && v < 1e9 ? v : null);

/**
 * A record's first `max` entries with their keys made safe, each value checked by `one` (a failing
 * one is dropped; a key made equal to one before is too). Built as own properties, so a key such as
 * `__proto__` is a key like any other.
 */
function entries<T>(v: unknown, max: number, one: (value: unknown) => T | undefined): Record<string, T> {
	const out = new Map<string, T>();
	if (isObj(v)) {
		for (const [rawKey, value] of Object.entries(v)) {
			if (out.size >= max) {
				break;
			}
			const key = safeLine(head(rawKey, KEY));
			const decoded = one(value);
			if (decoded !== undefined && !out.has(key)) {
				out.set(key, decoded);
			}
		}
	}
	return Object.fromEntries(out);
}

/** One group's figures; undefined without a count of agents. */
function groupOf(v: unknown): GroupStats | undefined {
	const agents = isObj(v) ? count(v.agents) : null;
	if (!isObj(v) || agents === null) {
		return undefined;
	}
	return {
		agents,
		p50Ms: count(v.p50Ms),
		p95Ms: count(v.p95Ms),
		maxMs: count(v.maxMs),
		tokens: count(v.tokens),
		costUsd: usd(v.costUsd),
		unpricedResponses: count(v.unpricedResponses) ?? 0,
		toolCalls: count(v.toolCalls),
		interrupted: count(v.interrupted) ?? 0,
	};
}

const groups = (v: unknown): Record<string, GroupStats> => entries(v, MAX_GROUPS, groupOf);

/** `stats --json` of another machine, checked; undefined when it is not one (no counts of agents, events and sessions). */
export function decodeStats(json: unknown): HistoryStats | undefined {
	if (!isObj(json)) {
		return undefined;
	}
	const [agents, events, sessions] = [count(json.agents), count(json.events), count(json.sessions)];
	if (agents === null || events === null || sessions === null) {
		return undefined;
	}
	const statuses = isObj(json.byStatus) ? json.byStatus : {};
	const byStatus = Object.fromEntries(HISTORY_STATUSES.map(status => [status, count(statuses[status]) ?? 0])) as Record<HistoryStatus, number>;
	const stats: {-readonly [K in keyof HistoryStats]: HistoryStats[K]} = {
		agents,
		events,
		sessions,
		firstEventAt: time(json.firstEventAt),
		lastEventAt: time(json.lastEventAt),
		byStatus,
		byEvent: entries(json.byEvent, MAX_EVENTS, v => count(v) ?? undefined),
		cost: costOf(json.cost),
		byType: groups(json.byType),
	};
	for (const key of Object.values(BY_KEY)) {
		if (json[key] !== undefined) {
			stats[key] = groups(json[key]);
		}
	}
	return stats;
}
