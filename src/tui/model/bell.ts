// When the monitor rings the terminal bell: once when an agent starts waiting
// for the user, and once when an agent finishes; never more than once a second. Pure.
//
// With the hook's own notifications on for the session shown (`install-hook --notify`: the hook
// writes the session's `.notify.json` once it knows Claude Code shows them), the moments the hook
// announces are left to it, so the two never call the user twice for one thing: an agent starting
// to wait, an agent that failed, and the stop that leaves no agent running among two or more.
// The bell still rings for an agent finishing while others run, which the hook does not announce.
import type {DisplayStatus} from '../../core/monitor/stale.js';

/** The bell rings at most this often. */
export const BELL_INTERVAL_MS = 1000;

export interface BellEntry {
	readonly status: DisplayStatus;
	readonly stale: boolean;
	/** It stopped on an error (Claude Code's StopFailure). */
	readonly failed?: boolean;
}

/** Each agent's display status (and whether it is stale or failed), by agentId. */
export type StatusMap = ReadonlyMap<string, BellEntry>;

const runs = (entry: BellEntry) => entry.status !== 'stopped' && !entry.stale;

/**
 * Whether the change from `before` to `after` calls for the bell: an agent seen before that now
 * waits (and did not), or that now is stopped (and was running, idle or waiting) — not one that
 * only went stale (silence is not a finish). Agents new to `after` ring only when they wait.
 * `hookNotifies`: the hook notifies this session itself; what it announces does not ring here.
 */
export function bellWanted(before: StatusMap, after: StatusMap, hookNotifies = false): boolean {
	const fanOutDone = after.size >= 2 && ![...after.values()].some(runs);
	for (const [id, now] of after) {
		const was = before.get(id);
		if (now.status === 'waiting' && was?.status !== 'waiting' && !hookNotifies) {
			return true;
		}
		if (was !== undefined && now.status === 'stopped' && !now.stale && was.status !== 'stopped') {
			if (!hookNotifies || (now.failed !== true && !fanOutDone)) {
				return true;
			}
		}
	}
	return false;
}

/** Whether the bell may ring at `now` after ringing at `last` (ms; undefined: never rang). */
export function bellAllowed(last: number | undefined, now: number): boolean {
	return last === undefined || now - last >= BELL_INTERVAL_MS;
}
