// Builds agent records for the core tests. Times are seconds after T0, written with whole
// seconds only (`2026-03-01T12:00:05Z`), as Claude Code hooks and other tools often do.
import type {AgentRecord, AgentStatus} from '../../src/core/record/agent-record.js';

/** 2026-03-01T12:00:00Z in ms. */
export const T0 = Date.parse('2026-03-01T12:00:00Z');

/** ms of T0 + `seconds`. */
export function ms(seconds: number): number {
	return T0 + seconds * 1000;
}

/** ISO timestamp of T0 + `seconds`, whole seconds, no milliseconds. */
export function at(seconds: number): string {
	return new Date(ms(seconds)).toISOString().replace('.000Z', 'Z');
}

export interface AgentSpec {
	readonly type?: string;
	/** Start, seconds after T0. */
	readonly start?: number;
	/** Stop, seconds after T0: sets stoppedAt and status `stopped`. */
	readonly stop?: number;
	/** Last event, seconds after T0 (default: stop, else start). */
	readonly updated?: number;
	readonly status?: AgentStatus;
	readonly extra?: Partial<AgentRecord>;
}

/** One agent record: `agent('a1', {type: 'worker', start: 0, stop: 40})`. */
export function agent(agentId: string, spec: AgentSpec = {}): AgentRecord {
	const start = spec.start ?? 0;
	const status: AgentStatus = spec.status ?? (spec.stop === undefined ? 'active' : 'stopped');
	const updated = spec.updated ?? spec.stop ?? start;
	return {
		agentId,
		type: spec.type ?? 'worker',
		status,
		startedAt: at(start),
		updatedAt: at(updated),
		...(spec.stop === undefined ? {} : {stoppedAt: at(spec.stop)}),
		...spec.extra,
	};
}
