// How long an agent has run, by its display state (docs/design.md#the-monitors-rules). Pure.
import type {AgentRecord} from '../record/agent-record.js';
import {parseTime} from '../text/format.js';
import type {DisplayState} from './stale.js';

/** The part of a display state that decides how long an agent has run. */
export type DurationState = Pick<DisplayState, 'displayStatus' | 'stale' | 'lastLife' | 'inferredStop' | 'stopAt'>;

/** How far an agent's run reaches: undefined when its end can't be told. */
function endOfRun(agent: AgentRecord, now: number, display: DurationState): number | undefined {
	if (display.stale) {
		return display.lastLife;
	}
	if (display.inferredStop) {
		// Inferred from the transcript: its last line, else its last write.
		return display.stopAt ?? display.lastLife;
	}
	switch (display.displayStatus) {
		case 'active': {
			return now;
		}
		case 'idle': {
			// Decision: an idle teammate is waiting, not working. Its duration is the time until it
			// went idle (updatedAt, the time of the TeammateIdle event), so it does not grow while
			// it waits; `now - start` would make a teammate that idles for an hour look busy.
			return parseTime(agent.updatedAt);
		}
		case 'stopped': {
			// Files written by other tools (claude-code-kanban) may be stopped without stoppedAt:
			// their last event (updatedAt) is then the stop.
			return parseTime(agent.stoppedAt) ?? parseTime(agent.updatedAt);
		}
	}
}

/**
 * How long an agent has run (ms): active → now − start; stopped → stoppedAt − start (an inferred
 * stop: the transcript's last line − start); stale →
 * last sign of life − start; idle → updatedAt − start. Undefined when the start was never seen
 * (`startUnknown`: startedAt is only a lower bound) or a needed timestamp is unreadable.
 * Never negative (clock skew between writers is clamped to 0).
 */
export function agentDuration(agent: AgentRecord, now: number, display: DurationState): number | undefined {
	if (agent.startUnknown === true) {
		return undefined;
	}
	const start = parseTime(agent.startedAt);
	const end = endOfRun(agent, now, display);
	if (start === undefined || end === undefined || !Number.isFinite(end)) {
		return undefined;
	}
	return Math.max(0, end - start);
}
