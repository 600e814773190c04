// When the monitor rings the terminal bell: once when an agent starts waiting
// for the user, and once when an agent finishes; never more than once a second. Pure.
import type {DisplayStatus} from '../../core/monitor/stale.js';

/** The bell rings at most this often. */
export const BELL_INTERVAL_MS = 1000;

/** Each agent's display status (and whether it is stale), by agentId. */
export type StatusMap = ReadonlyMap<string, {readonly status: DisplayStatus; readonly stale: boolean}>;

/**
 * Whether the change from `before` to `after` calls for the bell: an agent seen before that now
 * waits (and did not), or that now is stopped (and was running, idle or waiting) — not one that
 * only went stale (silence is not a finish). Agents new to `after` ring only when they wait.
 */
export function bellWanted(before: StatusMap, after: StatusMap): boolean {
	for (const [id, now] of after) {
		const was = before.get(id);
		if (now.status === 'waiting' && was?.status !== 'waiting') {
			return true;
		}
		if (was !== undefined && now.status === 'stopped' && !now.stale && was.status !== 'stopped') {
			return true;
		}
	}
	return false;
}

/** Whether the bell may ring at `now` after ringing at `last` (ms; undefined: never rang). */
export function bellAllowed(last: number | undefined, now: number): boolean {
	return last === undefined || now - last >= BELL_INTERVAL_MS;
}
