// A session's counts by display status (`sessions`), from facts whose times were parsed once
// (the session cache keeps them as numbers), without building a view: the same rules as
// buildView (ghosts.ts, stale.ts, inferred-stop.ts), and the same counts (a property test
// compares them with buildView's over generated sessions). Pure.
import {findGhostsOf, type GhostFacts} from './ghosts.js';
import {inferredStop, type TranscriptFacts} from './inferred-stop.js';
import {displayStateOf, latestLife} from './stale.js';
import type {StatusCounts} from './view.js';

/** What the counts read of one agent: the ghost rule's facts, and whether its record names a transcript. */
export interface AgentCountFacts extends GhostFacts {
	readonly hasTranscript: boolean;
}

export interface CountOptions {
	readonly now: number;
	readonly staleMs: number;
	/** False (`--no-dedup`): nobody is a ghost. */
	readonly dedup: boolean;
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
export function transcriptCandidates(agents: readonly GhostFacts[], dedup: boolean): string[] {
	const ghosts = dedup ? findGhostsOf(agents) : NONE;
	return agents.filter(agent => agent.status === 'active' || ghosts.has(agent.agentId)).map(agent => agent.agentId);
}

/** Counts by display status over the agents that are not ghosts: what buildView's `counts` are. */
export function countSession(agents: readonly GhostFacts[], options: CountOptions): StatusCounts {
	const {now, staleMs, transcripts} = options;
	const ghosts = options.dedup ? findGhostsOf(agents, id => transcripts?.get(id)?.hasWork === true) : NONE;
	const counts = {active: 0, idle: 0, stopped: 0, stale: 0};
	for (const agent of agents) {
		if (ghosts.has(agent.agentId)) {
			continue;
		}
		const facts = transcripts?.get(agent.agentId);
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
