// A workflow run as a group: its name, id, phases, how many of its agents are running, done,
// failed or cut off, and their tokens and cost. What watch, its snapshot, history and the OTLP export show
// of a run. Pure.
import type {WorkflowIndex, WorkflowTag} from './workflow-of.js';
import {addCost, NO_COST, type CostSum} from '../cost/cost.js';

/** Where one agent of a run stands. `stopped`: the user stopped it from agentlog. */
export type MemberState = 'running' | 'done' | 'failed' | 'interrupted' | 'stopped';

export interface WorkflowMember {
	readonly agentId: string;
	readonly workflow: WorkflowTag;
	readonly state: MemberState;
	/** Its tokens, as every view counts them (undefined: unknown). */
	readonly tokens?: number | undefined;
	/** What it cost, as every view prices it (undefined: unknown). */
	readonly cost?: CostSum | undefined;
}

export interface WorkflowCounts {
	readonly running: number;
	readonly done: number;
	readonly failed: number;
	readonly interrupted: number;
	/** Stopped by the user from agentlog. */
	readonly stopped: number;
}

export interface WorkflowGroup {
	readonly runId: string;
	readonly name: string | null;
	/** Its phases, in the script's order (else in the order its agents named them). */
	readonly phases: readonly string[];
	/** Its agents given, in the order given. */
	readonly agentIds: readonly string[];
	/** Over its agents given and those only the run's files name (an agent file the cap removed). */
	readonly counts: WorkflowCounts;
	/** The sum over its agents given whose tokens are known; null when none is. */
	readonly tokens: number | null;
	/** How many agents `tokens` counts: fewer than the counts' total while some are not read (watch reads the shown ones). */
	readonly tokensOf: number;
	/** The sum over its agents given whose cost is known; null when none is. */
	readonly cost: CostSum | null;
	/** How many agents `cost` counts. */
	readonly costOf: number;
	/** `running` while any agent runs; then `failed` when one failed, `interrupted` when one was cut off, `stopped` when the user stopped one, else `done`. */
	readonly state: MemberState;
}

interface Building {
	readonly runId: string;
	name: string | null;
	phases: string[];
	readonly agentIds: string[];
	readonly counts: {running: number; done: number; failed: number; interrupted: number; stopped: number};
	tokens: number | null;
	tokensOf: number;
	cost: CostSum | null;
	costOf: number;
}

function stateOf(counts: WorkflowCounts): MemberState {
	if (counts.running > 0) {
		return 'running';
	}
	if (counts.failed > 0) {
		return 'failed';
	}
	if (counts.interrupted > 0) {
		return 'interrupted';
	}
	return counts.stopped > 0 ? 'stopped' : 'done';
}

/**
 * The runs of `members`, in the order their first agent comes. The index adds each run's name and
 * phases, and counts the agents its files name that are not among `members` (as the run says:
 * done, failed, or running).
 */
export function groupWorkflows(members: Iterable<WorkflowMember>, index?: WorkflowIndex): WorkflowGroup[] {
	const groups = new Map<string, Building>();
	for (const member of members) {
		const tag = member.workflow;
		let group = groups.get(tag.runId);
		if (group === undefined) {
			group = {
				runId: tag.runId,
				name: null,
				phases: [],
				agentIds: [],
				counts: {running: 0, done: 0, failed: 0, interrupted: 0, stopped: 0},
				tokens: null,
				tokensOf: 0,
				cost: null,
				costOf: 0,
			};
			groups.set(tag.runId, group);
		}
		group.name ??= tag.name;
		if (tag.phase !== null && !group.phases.includes(tag.phase)) {
			group.phases.push(tag.phase);
		}
		group.agentIds.push(member.agentId);
		group.counts[member.state] += 1;
		if (member.tokens !== undefined) {
			group.tokens = (group.tokens ?? 0) + member.tokens;
			group.tokensOf += 1;
		}
		if (member.cost !== undefined) {
			group.cost = addCost(group.cost ?? NO_COST, member.cost);
			group.costOf += 1;
		}
	}
	return [...groups.values()].map(group => {
		const run = index?.runs.get(group.runId);
		if (run !== undefined) {
			group.name ??= run.name ?? null;
			group.phases = [...run.phases, ...group.phases.filter(p => !run.phases.includes(p))];
			const given = new Set(group.agentIds);
			for (const agent of run.agents.values()) {
				if (!given.has(agent.agentId)) {
					group.counts[agent.state === 'error' ? 'failed' : agent.state === 'done' ? 'done' : 'running'] += 1;
				}
			}
		}
		return {...group, state: stateOf(group.counts)};
	});
}
