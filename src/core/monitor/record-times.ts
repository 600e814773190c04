// An agent record's times, parsed once per record. The monitor's model is rebuilt on every
// transcript change and clock tick and reads every agent's times each time: with 1,000 agents,
// `Date.parse` was ~12 % of watch's CPU while 16 of them wrote. A record is never changed once
// made (a file read again is a new record), so its times are its own. Pure.
import type {AgentRecord} from '../record/agent-record.js';
import {parseTime} from '../text/format.js';

export interface RecordTimes {
	readonly start: number | undefined;
	readonly updated: number | undefined;
	readonly stopped: number | undefined;
}

const known = new WeakMap<AgentRecord, RecordTimes>();

/** `parseTime` of the record's startedAt, updatedAt and stoppedAt, remembered for the record. */
export function recordTimes(agent: AgentRecord): RecordTimes {
	let times = known.get(agent);
	if (times === undefined) {
		times = {start: parseTime(agent.startedAt), updated: parseTime(agent.updatedAt), stopped: parseTime(agent.stoppedAt)};
		known.set(agent, times);
	}
	return times;
}
