// A session's counts by display status (`sessions`), from facts whose times were parsed once
// (the session cache keeps them as numbers), without building a view: the same rules as
// buildView (ghosts.ts, stale.ts, inferred-stop.ts), and the same counts (a property test
// compares them with buildView's over generated sessions). Pure.
import {findGhostsOf, ghostFacts, type GhostFacts} from './ghosts.js';
import {inferredStop, type TranscriptFacts} from './inferred-stop.js';
import {displayStateOf, latestLife} from './stale.js';
import type {AgentRecord, AgentStatus} from '../record/agent-record.js';
import type {StatusCounts} from './view.js';
import {onePerAgent} from './one-per-agent.js';
import {parseTime} from '../text/format.js';

/** What the counts read of one agent: the ghost rule's facts, and whether its record names a transcript. */
export interface AgentCountFacts extends GhostFacts {
	readonly hasTranscript: boolean;
	/** Its record says it waits for the user (`waitingSince`, which the hook sets to the event's `updatedAt`). */
	readonly waiting?: boolean;
	/** When it was last resumed (`resumedAt`, ms): the inferred-stop rule reads it. */
	readonly resumed?: number | undefined;
}

/** An agent whose record says it waits, and that can (not stopped, its time readable): whether it does depends on its transcript. */
export function mayWait(agent: GhostFacts): boolean {
	return (agent as Partial<AgentCountFacts>).waiting === true && agent.status !== 'stopped' && agent.updated !== undefined;
}

/** The waiting rule (waiting.ts) on count facts: asked at `updated`, no transcript line since, not finished. */
function waits(
	agent: {readonly status: AgentStatus; readonly updated?: number | undefined; readonly resumed?: number | undefined},
	facts: TranscriptFacts | undefined,
): boolean {
	if (agent.status === 'stopped' || agent.updated === undefined || inferredStop(agent, facts) !== undefined) {
		return false;
	}
	const lastAt = facts?.summary.lastAt;
	return !(lastAt !== undefined && lastAt > agent.updated);
}

/** The rules every count and view of agents is made with: the clock, the stale time, ghost dedup. */
export interface RuleOptions {
	readonly now: number;
	readonly staleMs: number;
	/** False (`--no-dedup`): nobody is a ghost. */
	readonly dedup: boolean;
}

export interface CountOptions extends RuleOptions {
	/** What the transcripts say, by agentId, as buildView takes them (only the candidates' are needed). */
	readonly transcripts?: ReadonlyMap<string, TranscriptFacts>;
}

const NONE: ReadonlySet<string> = new Set();

/**
 * The agents whose transcripts can change the counts: an `active` record (its transcript can
 * show an inferred stop, or be a sign of life against the stale rule) and a ghost candidate (a
 * ghost unless its transcript shows work of its own). Any other agent is counted by its record
 * alone: idle and stopped records are never stale nor inferred stops, and an agent that is not a
 * ghost without work is not one with work. Ids, in the order of `agents`.
 */
export function transcriptCandidates(given: readonly GhostFacts[], dedup: boolean): string[] {
	const agents = onePerAgent(
		given,
		a => a.agentId,
		a => a.updated,
	);
	const ghosts = dedup ? findGhostsOf(agents) : NONE;
	return agents.filter(agent => agent.status === 'active' || mayWait(agent) || ghosts.has(agent.agentId)).map(agent => agent.agentId);
}

/** The facts the counts read of a record. */
export function agentCountFacts(record: AgentRecord): AgentCountFacts {
	return {
		...ghostFacts(record),
		hasTranscript: typeof record.transcriptPath === 'string' && record.transcriptPath !== '',
		waiting: record.waitingSince !== undefined,
		...(record.resumedAt === undefined ? {} : {resumed: parseTime(record.resumedAt)}),
	};
}

/** Counts by display status over the agents that are not ghosts: what buildView's `counts` are. */
export function countSession(given: readonly GhostFacts[], options: CountOptions): StatusCounts {
	const agents = onePerAgent(
		given,
		a => a.agentId,
		a => a.updated,
	);
	const {now, staleMs, transcripts} = options;
	const ghosts = options.dedup ? findGhostsOf(agents, id => transcripts?.get(id)?.hasWork === true) : NONE;
	const counts = {waiting: 0, active: 0, idle: 0, stopped: 0, stale: 0};
	for (const agent of agents) {
		if (ghosts.has(agent.agentId)) {
			continue;
		}
		const facts = transcripts?.get(agent.agentId);
		if ((agent as Partial<AgentCountFacts>).waiting === true && waits(agent, facts)) {
			counts.waiting += 1;
			continue;
		}
		if (agent.status !== 'active') {
			// Idle and stopped records are shown as they are (never stale nor inferred stops).
			counts[agent.status] += 1;
			continue;
		}
		const state = displayStateOf(agent.status, latestLife(agent.start, agent.updated, facts?.mtimeMs), now, staleMs, inferredStop(agent, facts));
		counts[state.displayStatus] += 1;
		counts.stale += state.stale ? 1 : 0;
	}
	return counts;
}

/** An agent whose transcript can change the counts (a candidate that names a transcript), as a summary keeps it. */
export interface SummaryReader {
	readonly agentId: string;
	readonly status: AgentStatus;
	/** A ghost by the times alone: with dedup, left out unless its transcript shows work. */
	readonly ghost: boolean;
	/** Its last sign of life from the record (`latestLife(start, updated)`). */
	readonly life: number | undefined;
	/** Its record says it waits for the user, since `updated`. */
	readonly waitingSince?: number | undefined;
	/** When it was last resumed (ms), if ever. */
	readonly resumed?: number | undefined;
}

/**
 * What a session's counts need that neither the clock nor a transcript changes, so that a
 * session whose files did not change is counted without its agents: the ghosts by the times
 * (findGhostsOf), idle and stopped counts, and for each active agent only its last sign of life.
 * `ghost*` are the agents the ghost rule hides (counted only without dedup); `readers` are the
 * agents whose transcripts are read at every run (they can show work, an inferred stop, life).
 */
export interface SessionSummary<R extends SummaryReader = SummaryReader> {
	readonly idle: number;
	readonly stopped: number;
	/** Active agents whose transcripts are not read: each one's last sign of life. */
	readonly lives: ReadonlyArray<number | undefined>;
	readonly ghostIdle: number;
	readonly ghostStopped: number;
	readonly ghostLives: ReadonlyArray<number | undefined>;
	readonly readers: readonly R[];
}

/**
 * The summary of a session's agents; undefined when two agents share an agentId (the rules key
 * ghosts and transcripts by agentId, so such a session is counted from its agents). `reader`
 * adds what the caller needs to find a reader's transcript again (the store: its file name).
 */
export function summarizeAgents<A extends AgentCountFacts, R extends SummaryReader>(
	agents: readonly A[],
	reader: (agent: A, summary: SummaryReader) => R,
): SessionSummary<R> | undefined {
	const ids = new Set<string>();
	for (const agent of agents) {
		if (ids.has(agent.agentId)) {
			return undefined;
		}
		ids.add(agent.agentId);
	}
	const ghosts = findGhostsOf(agents);
	const summary = {idle: 0, stopped: 0, lives: [] as Array<number | undefined>, ghostIdle: 0, ghostStopped: 0, ghostLives: [] as Array<number | undefined>};
	const readers: R[] = [];
	for (const agent of agents) {
		const ghost = ghosts.has(agent.agentId);
		const life = latestLife(agent.start, agent.updated);
		const waiting = mayWait(agent);
		// A waiting agent is always a reader: whether it waits depends on its transcript (when it has one).
		if (waiting || (agent.hasTranscript && (ghost || agent.status === 'active'))) {
			readers.push(
				reader(agent, {
					agentId: agent.agentId,
					status: agent.status,
					ghost,
					life,
					...(waiting ? {waitingSince: agent.updated} : {}),
					...(agent.resumed === undefined ? {} : {resumed: agent.resumed}),
				}),
			);
		} else if (agent.status === 'active') {
			(ghost ? summary.ghostLives : summary.lives).push(life);
		} else if (ghost) {
			summary[agent.status === 'idle' ? 'ghostIdle' : 'ghostStopped'] += 1;
		} else {
			summary[agent.status] += 1;
		}
	}
	return {...summary, readers};
}

/** The readers whose transcripts can change the counts (all of them with dedup, else the active ones): what transcriptCandidates gives. */
export function summaryCandidates<R extends SummaryReader>(summary: SessionSummary<R>, dedup: boolean): R[] {
	return summary.readers.filter(r => dedup || r.status === 'active' || r.waitingSince !== undefined);
}

/** The counts of a summarized session: what countSession gives for its agents (a property test compares them). */
export function countSummary(summary: SessionSummary, options: CountOptions): StatusCounts {
	const {now, staleMs, dedup, transcripts} = options;
	const counts = {waiting: 0, active: 0, idle: summary.idle, stopped: summary.stopped, stale: 0};
	const active = (life: number | undefined, facts: TranscriptFacts | undefined, inferred: {readonly at: number | undefined} | undefined) => {
		const state = displayStateOf('active', latestLife(life, undefined, facts?.mtimeMs), now, staleMs, inferred);
		counts[state.displayStatus] += 1;
		counts.stale += state.stale ? 1 : 0;
	};
	for (const life of summary.lives) {
		active(life, undefined, undefined);
	}
	if (!dedup) {
		counts.idle += summary.ghostIdle;
		counts.stopped += summary.ghostStopped;
		for (const life of summary.ghostLives) {
			active(life, undefined, undefined);
		}
	}
	for (const reader of summary.readers) {
		const facts = transcripts?.get(reader.agentId);
		if (dedup && reader.ghost && facts?.hasWork !== true) {
			continue;
		}
		if (reader.waitingSince !== undefined && waits({status: reader.status, updated: reader.waitingSince, resumed: reader.resumed}, facts)) {
			counts.waiting += 1;
		} else if (reader.status === 'active') {
			active(reader.life, facts, inferredStop(reader, facts));
		} else {
			counts[reader.status] += 1;
		}
	}
	return counts;
}
