// Ghost dedup (docs/design.md#the-monitors-rules). A team's shutdown handshake leaves one or two short-lived copies
// of a worker right after it stops; they are hidden (never silently) as "ghosts". Only an agent
// without evidence of its own work can be one: an agent whose transcript has assistant messages
// or tool calls is real, however soon after a stop it started (sequential Explore agents).
import type {AgentRecord} from '../record/agent-record.js';
import {recordTimes} from './record-times.js';

/** A start at most this long after the last stop of the same type (with none running) is a ghost. */
export const GHOST_WINDOW_MS = 30_000;

interface Timed {
	readonly agentId: string;
	readonly start: number;
	/** When it stopped; `Infinity` while it runs (or when its stop time can't be told). */
	readonly stop: number;
}

/** What the ghost rule reads of an agent, its times parsed (ms; undefined when unreadable). */
export interface GhostFacts {
	readonly agentId: string;
	readonly type: string;
	readonly status: AgentRecord['status'];
	readonly start: number | undefined;
	readonly updated: number | undefined;
	readonly stopped: number | undefined;
	readonly startUnknown: boolean;
}

/** The facts of a record, its times parsed once. */
export function ghostFacts(agent: AgentRecord): GhostFacts {
	const {start, updated, stopped} = recordTimes(agent);
	return {
		agentId: agent.agentId,
		type: agent.type,
		status: agent.status,
		start,
		updated,
		stopped,
		startUnknown: agent.startUnknown === true,
	};
}

/**
 * When an agent stopped: `stoppedAt`; else, for a `stopped` agent without it (files written by
 * claude-code-kanban), its last event `updatedAt`; else Infinity (still running).
 * Decision: a stopped agent whose stop time can't be read at all counts as running, so it can
 * never turn a later agent into a ghost (hiding real work is worse than showing a ghost).
 */
function stopTime(agent: GhostFacts): number {
	if (agent.stopped !== undefined) {
		return agent.stopped;
	}
	if (agent.status === 'stopped') {
		return agent.updated ?? Number.POSITIVE_INFINITY;
	}
	return Number.POSITIVE_INFINITY;
}

/**
 * The agents that take part, by type. Decision: an agent whose startedAt can't be read, or
 * whose start was never seen (`startUnknown`, startedAt only a lower bound), is left out: it is
 * never a ghost and never makes another agent one.
 */
function groupByType(agents: readonly GhostFacts[]): Map<string, Timed[]> {
	const groups = new Map<string, Timed[]>();
	for (const agent of agents) {
		const {start} = agent;
		if (start === undefined || agent.startUnknown) {
			continue;
		}
		const group = groups.get(agent.type);
		const timed = {agentId: agent.agentId, start, stop: stopTime(agent)};
		if (group === undefined) {
			groups.set(agent.type, [timed]);
		} else {
			group.push(timed);
		}
	}
	return groups;
}

/**
 * Order of a type's agents. Decision on ties (timestamps often have whole seconds only): equal
 * starts are ordered by stop time, earliest first (one that stopped in the same second it
 * started most likely came first), then by agentId. With that order, an agent with the same
 * start as an earlier one that has not stopped by then overlaps it and is kept; an earlier one
 * that stopped at exactly this start counts as stopped (stop <= start).
 */
function byStart(a: Timed, b: Timed): number {
	if (a.start !== b.start) {
		return a.start - b.start;
	}
	if (a.stop !== b.stop) {
		return a.stop < b.stop ? -1 : 1;
	}
	return a.agentId < b.agentId ? -1 : a.agentId > b.agentId ? 1 : 0;
}

/** Ghosts of one type, agents already sorted by `byStart`. */
function ghostsOfType(sorted: readonly Timed[], into: Set<string>, hasWork: (agentId: string) => boolean): void {
	// The latest stop among all earlier agents; Infinity once any earlier agent still runs.
	// Ghosts count as earlier agents too, so a handshake's chain of copies are all ghosts.
	let latestStop = Number.NEGATIVE_INFINITY;
	for (const [index, agent] of sorted.entries()) {
		const allStopped = latestStop <= agent.start;
		if (index > 0 && allStopped && agent.start - latestStop <= GHOST_WINDOW_MS && !hasWork(agent.agentId)) {
			into.add(agent.agentId);
		}
		latestStop = Math.max(latestStop, agent.stop);
	}
}

/**
 * The ids of ghost agents. Per type, sorted by start: an agent is a ghost when every earlier
 * agent of its type had stopped by its start (stoppedAt <= its start) and the latest of those
 * stops was at most 30 s before it (exactly 30 s is a ghost). The first agent of a type is never
 * a ghost; overlapping a running agent (parallel work) or coming more than 30 s after the last
 * stop (a real re-spawn) keeps an agent. Types are independent. An agent for which `hasWork` is
 * true (its transcript shows work of its own) is never a ghost; it still counts as an earlier agent.
 */
export function findGhosts(agents: readonly AgentRecord[], hasWork: (agentId: string) => boolean = () => false): Set<string> {
	return findGhostsOf(agents.map(ghostFacts), hasWork);
}

/** `findGhosts` over facts whose times are already parsed (the session counts). */
export function findGhostsOf(agents: readonly GhostFacts[], hasWork: (agentId: string) => boolean = () => false): Set<string> {
	const ghosts = new Set<string>();
	for (const group of groupByType(agents).values()) {
		if (group.length > 1) {
			ghostsOfType(group.sort(byStart), ghosts, hasWork);
		}
	}
	return ghosts;
}
