// What `ls --json`, `sessions --json` and `status --format json` answer from another machine,
// checked and copied like stream lines (decode.ts): hostile input, bounded. Pure.
import type {StatusCounts} from '../monitor/view.js';
import {head} from '../text/bounded.js';
import {safeLine} from '../text/safe-text.js';
import {decodeAgent, MAX_AGENTS} from './decode.js';
import type {StreamAgent} from './protocol.js';
import {providerNamed, type Provider} from '../record/provider.js';

/** Sessions listed from one host at most. */
export const MAX_SESSIONS = 2000;

export interface Decoded<T> {
	readonly items: readonly T[];
	/** Elements that failed the checks or passed the cap. */
	readonly skipped: number;
}

export interface RemoteSession {
	readonly id: string;
	readonly counts: StatusCounts;
	readonly lastActivity: number;
	readonly mainWaiting: boolean;
	readonly provider: Provider;
}

export interface RemoteStatus {
	readonly sessionId: string | undefined;
	readonly counts: StatusCounts;
	readonly mainWaiting: boolean;
	readonly provider: Provider;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const count = (v: unknown): number => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : 0);

/** A JSON array's first `max` elements, each checked by `one`; undefined when it is not an array. */
export function decodeList<T>(json: unknown, max: number, one: (v: unknown) => T | undefined): Decoded<T> | undefined {
	if (!Array.isArray(json)) {
		return undefined;
	}
	const items: T[] = [];
	for (const v of json.slice(0, max)) {
		const item = one(v);
		if (item !== undefined) {
			items.push(item);
		}
	}
	return {items, skipped: json.length - items.length};
}

export function decodeCounts(v: unknown): StatusCounts {
	const o = isObj(v) ? v : {};
	return {waiting: count(o.waiting), active: count(o.active), idle: count(o.idle), stopped: count(o.stopped), stale: count(o.stale)};
}

/** `ls --json`'s array: each element as a stream agent; undefined when it is not an array. */
export function decodeAgents(json: unknown): Decoded<StreamAgent> | undefined {
	return decodeList(json, MAX_AGENTS, v => {
		const r = decodeAgent(v);
		return r.ok ? r.value : undefined;
	});
}

/** `sessions --json`'s array. */
export function decodeSessions(json: unknown): Decoded<RemoteSession> | undefined {
	return decodeList(json, MAX_SESSIONS, v => {
		if (!isObj(v) || typeof v.id !== 'string' || typeof v.lastActivity !== 'string') {
			return undefined;
		}
		const lastActivity = Date.parse(head(v.lastActivity, 40));
		return Number.isFinite(lastActivity)
			? {
					id: safeLine(head(v.id, 200)),
					counts: decodeCounts(v.counts),
					lastActivity,
					mainWaiting: v.mainWaiting === true,
					provider: providerNamed(v.provider) ?? 'claude',
				}
			: undefined;
	});
}

/** `status --format json`'s object. */
export function decodeStatus(json: unknown): RemoteStatus | undefined {
	if (!isObj(json)) {
		return undefined;
	}
	return {
		sessionId: typeof json.sessionId === 'string' ? safeLine(head(json.sessionId, 200)) : undefined,
		counts: decodeCounts(json.counts),
		mainWaiting: json.mainWaiting === true,
		provider: providerNamed(json.provider) ?? 'claude',
	};
}
