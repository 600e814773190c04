// The stale rule (docs/design.md#the-monitors-rules): an active agent silent for too long is shown as stopped.
// Pure: the clock (`now`, ms) and any extra sign of life are parameters.
import type {AgentRecord, AgentStatus} from '../record/agent-record.js';
import {parseTime} from '../text/format.js';
import {recordTimes} from './record-times.js';

/** How an agent is shown: its record's status, or `waiting` (for the user: see waiting.ts). */
export type DisplayStatus = AgentStatus | 'waiting';

/** Default silence after which an active agent is shown as stopped: 5 minutes. */
export const DEFAULT_STALE_MS = 5 * 60 * 1000;

export interface DisplayState {
	/** The status to show: `stopped` for a stale agent, `waiting` for one waiting for the user, else the file's status. */
	readonly displayStatus: DisplayStatus;
	/** True for an active agent with no sign of life for `staleMs` or more. */
	readonly stale: boolean;
	/** The latest sign of life (ms): startedAt, updatedAt or the extra one, whichever is newest. */
	readonly lastLife: number;
	/** How long since `lastLife` (ms, never negative). */
	readonly silentMs: number;
	/** Present (true) when the stop was inferred from the transcript (see inferred-stop.ts). */
	readonly inferredStop?: true;
	/** An inferred stop's time (ms), when it can be told. */
	readonly stopAt?: number;
}

/**
 * The latest sign of life of an agent: the newest of startedAt, updatedAt and `extraLife` (ms,
 * e.g. the transcript's mtime). Undefined when none of them can be read.
 */
export function lastSignOfLife(agent: AgentRecord, extraLife?: number): number | undefined {
	return latestLife(parseTime(agent.startedAt), parseTime(agent.updatedAt), extraLife);
}

/** The newest of the given times (ms) that are finite; undefined when none is. */
export function latestLife(start: number | undefined, updated: number | undefined, extraLife?: number): number | undefined {
	let life: number | undefined;
	for (const t of [start, updated, extraLife]) {
		if (t !== undefined && Number.isFinite(t) && (life === undefined || t > life)) {
			life = t;
		}
	}
	return life;
}

/**
 * How an agent is shown at `now`. An inferred stop (`inferred`, see inferred-stop.ts) is shown
 * stopped and is never stale. Stale when it is `active` and `now - lastLife >= staleMs`
 * (exactly `staleMs` of silence is stale). Idle agents are never stale: a teammate waiting for
 * messages is expected to be silent. `silentMs` is given for every status (it is how long ago
 * the last sign of life was); a sign of life in the future (clock skew) counts as 0 silence.
 */
export function displayState(
	agent: AgentRecord,
	now: number,
	staleMs: number = DEFAULT_STALE_MS,
	extraLife?: number,
	inferred?: {readonly at: number | undefined},
): DisplayState {
	const times = recordTimes(agent);
	return displayStateOf(agent.status, latestLife(times.start, times.updated, extraLife), now, staleMs, inferred);
}

/** `displayState` from the status and the latest sign of life (already known, ms; see `lastSignOfLife`). */
export function displayStateOf(
	status: AgentStatus,
	life: number | undefined,
	now: number,
	staleMs: number = DEFAULT_STALE_MS,
	inferred?: {readonly at: number | undefined},
): DisplayState {
	if (inferred !== undefined) {
		// Finished by its transcript: stopped, never stale.
		const lastLife = life ?? now;
		return {
			displayStatus: 'stopped',
			stale: false,
			lastLife,
			silentMs: Math.max(0, now - lastLife),
			inferredStop: true,
			...(inferred.at === undefined ? {} : {stopAt: inferred.at}),
		};
	}
	if (life === undefined) {
		// Decision: with no readable time there is nothing to measure silence from; the agent is
		// shown as its file says, and `lastLife` is `now` so that no consumer does arithmetic on NaN.
		return {displayStatus: status, stale: false, lastLife: now, silentMs: 0};
	}
	const silentMs = Math.max(0, now - life);
	const stale = status === 'active' && silentMs >= staleMs;
	return {displayStatus: stale ? 'stopped' : status, stale, lastLife: life, silentMs};
}
