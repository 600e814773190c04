// The agents of one session as read from disk, keyed by file name. A file that turns invalid
// (half written by another tool, or corrupt) is counted as a warning while the last good
// version of that agent stays on screen; a file that disappears removes its agent.
import type {AgentRecord} from './agent-record.js';

export interface AgentSet {
	readonly agents: ReadonlyMap<string, AgentRecord>;
	/** File name → why it could not be read. */
	readonly invalid: ReadonlyMap<string, string>;
}

export type FileUpdate =
	| {readonly name: string; readonly kind: 'record'; readonly record: AgentRecord}
	| {readonly name: string; readonly kind: 'invalid'; readonly error: string}
	| {readonly name: string; readonly kind: 'gone'};

export const EMPTY_AGENT_SET: AgentSet = {agents: new Map(), invalid: new Map()};

function sameRecord(a: AgentRecord | undefined, b: AgentRecord): boolean {
	return a !== undefined && JSON.stringify(a) === JSON.stringify(b);
}

/** Applies file updates; returns the same object when nothing changed (no re-render). */
export function applyFileUpdates(set: AgentSet, updates: readonly FileUpdate[]): AgentSet {
	let agents: Map<string, AgentRecord> | undefined;
	let invalid: Map<string, string> | undefined;
	const agentsW = () => (agents ??= new Map(set.agents));
	const invalidW = () => (invalid ??= new Map(set.invalid));
	for (const u of updates) {
		const currentAgents = agents ?? set.agents;
		const currentInvalid = invalid ?? set.invalid;
		if (u.kind === 'record') {
			if (!sameRecord(currentAgents.get(u.name), u.record)) {
				agentsW().set(u.name, u.record);
			}
			if (currentInvalid.has(u.name)) {
				invalidW().delete(u.name);
			}
		} else if (u.kind === 'invalid') {
			if (currentInvalid.get(u.name) !== u.error) {
				invalidW().set(u.name, u.error);
			}
		} else {
			if (currentAgents.has(u.name)) {
				agentsW().delete(u.name);
			}
			if (currentInvalid.has(u.name)) {
				invalidW().delete(u.name);
			}
		}
	}
	return agents || invalid ? {agents: agents ?? set.agents, invalid: invalid ?? set.invalid} : set;
}
