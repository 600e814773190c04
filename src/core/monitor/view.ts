// What the monitor shows for one session (docs/design.md#the-monitors-rules): the rules (dedup, stale) applied, then
// order and the display cap. Pure: the clock and extra signs of life are options.
import type {AgentRecord} from '../record/agent-record.js';
import {findGhosts} from './ghosts.js';
import {parseTime} from '../text/format.js';
import {recordTimes} from './record-times.js';
import {agentDuration} from './duration.js';
import {inferredStop, type TranscriptFacts} from './inferred-stop.js';
import {displayState, type DisplayStatus} from './stale.js';
import {waitingOf, type Waiting} from './waiting.js';
import {onePerAgent} from './one-per-agent.js';

/** Default display cap: the 8 most recently started agents. */
export const DEFAULT_MAX = 8;

/** The monitor's two rules, as every reading command takes them (`--stale`, `--no-dedup`). */
export interface RuleOptions {
	/** An active agent silent this long is stale (ms). */
	readonly staleMs: number;
	/** False (`--no-dedup`): nobody is a ghost. */
	readonly dedup: boolean;
}

export interface ViewOptions extends RuleOptions {
	/** The clock (ms). */
	readonly now: number;
	/** Show ghosts (flagged `ghost`) instead of hiding them. */
	readonly showGhosts: boolean;
	/** Lift the display cap. */
	readonly showAll: boolean;
	/** The display cap (default 8). */
	readonly max?: number;
	/** Extra signs of life by agentId (ms), besides the transcripts' last writes. */
	readonly extraLife?: ReadonlyMap<string, number>;
	/**
	 * What the transcripts say, by agentId: their last write is a sign of life (stale rule), an
	 * ended turn or a completed Task result is an inferred stop, work of its own keeps an agent
	 * from being a ghost.
	 */
	readonly transcripts?: ReadonlyMap<string, TranscriptFacts>;
	/** The parent agent of an agent, when known (nested agents are shown under their parent). */
	readonly parentOf?: (agentId: string) => string | undefined;
	/**
	 * Agents whose transcript showed work of their own before (the follower remembers them after
	 * letting them go): never ghosts. Work does not go away; forgetting it would make an agent let
	 * go (capped out of the list) a ghost, followed again, real again, let go again, without end.
	 */
	readonly worked?: ReadonlySet<string>;
}

export interface ViewItem {
	readonly agent: AgentRecord;
	readonly displayStatus: DisplayStatus;
	readonly stale: boolean;
	readonly ghost: boolean;
	/** Waiting for the user (displayStatus `waiting`): what for and since when. */
	readonly waiting?: Waiting;
	/** Shown stopped because its transcript shows it finished, though no stop event came. */
	readonly inferredStop: boolean;
	/** The latest sign of life (ms); how long it has been silent is `now - lastLife` (not kept, so a tick changes no stopped item). */
	readonly lastLife: number;
	/** How long it ran (ms); undefined when unknown (see `agentDuration`). */
	readonly durationMs: number | undefined;
	/** 0 at the top level; 1 and more under a parent agent shown above it. */
	readonly depth: number;
}

export interface StatusCounts {
	/** Waiting for the user (a permission prompt, a question): counted apart from active. */
	readonly waiting: number;
	readonly active: number;
	readonly idle: number;
	/** Stopped as shown: stale agents included. */
	readonly stopped: number;
	/** Stale agents (also counted in `stopped`). */
	readonly stale: number;
}

export interface AgentView {
	/** Most recently started first, capped unless `showAll`. */
	readonly items: readonly ViewItem[];
	/** Display statuses over all non-ghost agents, before the cap. */
	readonly counts: StatusCounts;
	/** Ghosts found, whether shown or not. */
	readonly ghostCount: number;
	/** Items left out by the cap. */
	readonly hiddenByCap: number;
	/** Every item shown but for the cap (`items` is its start). */
	readonly uncapped?: readonly ViewItem[];
	/** The ghosts' records, shown or not, most recently started first. */
	readonly ghostAgents?: readonly AgentRecord[];
}

function toItem(agent: AgentRecord, ghost: boolean, options: ViewOptions): ViewItem {
	const facts = options.transcripts?.get(agent.agentId);
	const extra = options.extraLife?.get(agent.agentId);
	const life = facts?.mtimeMs === undefined ? extra : Math.max(facts.mtimeMs, extra ?? Number.NEGATIVE_INFINITY);
	const shown = displayState(agent, options.now, options.staleMs, life, inferredStop({status: agent.status, resumed: parseTime(agent.resumedAt)}, facts));
	// Waiting for the user: never stale, and its run goes on (the waiting rule, waiting.ts).
	const waiting = shown.inferredStop ? undefined : waitingOf(agent, facts?.summary.lastAt);
	const state = waiting ? {...shown, displayStatus: agent.status, stale: false} : shown;
	return {
		agent,
		displayStatus: waiting ? 'waiting' : state.displayStatus,
		stale: state.stale,
		ghost,
		...(waiting ? {waiting} : {}),
		inferredStop: state.inferredStop === true,
		lastLife: state.lastLife,
		durationMs: agentDuration(agent, options.now, state),
		depth: 0,
	};
}

/**
 * Most recently started first; equal starts by agentId (ascending) so the order is stable.
 * Decision: an unreadable startedAt sorts last.
 */
export function compareByRecentStart(a: AgentRecord, b: AgentRecord): number {
	const startA = parseTime(a.startedAt) ?? Number.NEGATIVE_INFINITY;
	const startB = parseTime(b.startedAt) ?? Number.NEGATIVE_INFINITY;
	if (startA !== startB) {
		return startA < startB ? 1 : -1;
	}
	return a.agentId < b.agentId ? -1 : a.agentId > b.agentId ? 1 : 0;
}

/**
 * `agents` in `compareByRecentStart`'s order, each start parsed once: the comparator parses both
 * times on every comparison, ~20,000 `Date.parse` for a thousand agents on every rebuild of the
 * model (a tenth of watch's time while a thousand agents' transcripts were read).
 */
export function sortByRecentStart(agents: readonly AgentRecord[]): AgentRecord[] {
	return agents
		.map(agent => ({agent, start: recordTimes(agent).start ?? Number.NEGATIVE_INFINITY}))
		.sort((a, b) => (a.start !== b.start ? (a.start < b.start ? 1 : -1) : a.agent.agentId < b.agent.agentId ? -1 : a.agent.agentId > b.agent.agentId ? 1 : 0))
		.map(x => x.agent);
}

/** Counts display statuses of the given items. */
export function countStatuses(items: readonly ViewItem[]): StatusCounts {
	const counts = {waiting: 0, active: 0, idle: 0, stopped: 0, stale: 0};
	for (const item of items) {
		counts[item.displayStatus] += 1;
		counts.stale += item.stale ? 1 : 0;
	}
	return counts;
}

/**
 * Decision: a cap below 1 (or not a number) is taken as 1; a strip with no card at all is never
 * what is wanted, and the CLI rejects such `--max` values anyway.
 */
function capOf(options: ViewOptions): number {
	if (options.showAll) {
		return Number.POSITIVE_INFINITY;
	}
	const max = options.max ?? DEFAULT_MAX;
	return Number.isNaN(max) ? 1 : Math.max(1, Math.floor(max));
}

/**
 * Puts each agent whose parent is in the list right under it (depth + 1), keeping the order
 * otherwise; an agent whose parent is not in the list stays at the top level.
 */
export function nestItems(items: readonly ViewItem[], parentOf: (agentId: string) => string | undefined): ViewItem[] {
	const ids = new Set(items.map(item => item.agent.agentId));
	const children = new Map<string, ViewItem[]>();
	const roots: ViewItem[] = [];
	for (const item of items) {
		const parent = parentOf(item.agent.agentId);
		if (parent !== undefined && parent !== item.agent.agentId && ids.has(parent)) {
			children.set(parent, [...(children.get(parent) ?? []), item]);
		} else {
			roots.push(item);
		}
	}
	const out: ViewItem[] = [];
	const seen = new Set<string>();
	const visit = (item: ViewItem, depth: number) => {
		if (seen.has(item.agent.agentId)) {
			return;
		}
		seen.add(item.agent.agentId);
		out.push(depth === item.depth ? item : {...item, depth});
		for (const child of children.get(item.agent.agentId) ?? []) {
			visit(child, depth + 1);
		}
	};
	for (const root of roots) {
		visit(root, 0);
	}
	// A cycle of parents has no root: show its members at the top level.
	for (const item of items) {
		visit(item, 0);
	}
	return out;
}

/**
 * Applies the rules to one session's agents. Ghosts are hidden unless `showGhosts`; then they
 * are shown, flagged. Decision: shown ghosts take part in the cap like any other card (the cap
 * is about what fits on screen); `counts` never include ghosts.
 */
export function buildView(given: readonly AgentRecord[], options: ViewOptions): AgentView {
	const agents = onePerAgent(
		given,
		a => a.agentId,
		a => recordTimes(a).updated,
	);
	const {transcripts} = options;
	const hasWork = (id: string) => transcripts?.get(id)?.hasWork === true || options.worked?.has(id) === true;
	const ghosts = options.dedup ? findGhosts(agents, hasWork) : new Set<string>();
	const sorted = sortByRecentStart(agents).map(agent => toItem(agent, ghosts.has(agent.agentId), options));
	const real = sorted.filter(item => !item.ghost);
	// Nest what is shown, so a child of a hidden ghost stays at the top level.
	const flat = options.showGhosts ? sorted : real;
	const shown = options.parentOf ? nestItems(flat, options.parentOf) : flat;
	const cap = capOf(options);
	const items = shown.slice(0, cap);
	return {
		items,
		counts: countStatuses(real),
		ghostCount: sorted.length - real.length,
		hiddenByCap: shown.length - items.length,
		uncapped: shown,
		ghostAgents: ghosts.size === 0 ? [] : sorted.filter(item => item.ghost).map(item => item.agent),
	};
}
