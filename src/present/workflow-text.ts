// The words for a workflow run in watch and its snapshot: its row's name and its summary line. Pure.
import {compactNumber} from '../core/text/format.js';
import {RUN_MARK} from './present.js';
import type {WorkflowCounts, WorkflowGroup} from '../core/workflow/group.js';
import {costCell} from './cost-text.js';

/** `2 running · 12 done · 1 failed` (only what is not 0; `no agents` when nothing is). */
export function runCountsText(counts: WorkflowCounts): string {
	const parts = (['running', 'done', 'failed', 'interrupted', 'stopped'] as const)
		.filter(k => counts[k] > 0)
		.map(k => `${counts[k]} ${k === 'stopped' ? 'stopped by you' : k}`);
	return parts.length === 0 ? 'no agents' : parts.join(' · ');
}

/** The run's row name: `⊟ fixture-checks` (its id when nothing named it). */
export function runName(group: WorkflowGroup, folded: boolean): string {
	return `${folded ? RUN_MARK.folded : RUN_MARK.open} ${group.name ?? group.runId}`;
}

/** How many agents the run's counts hold. */
function agentsOf(counts: WorkflowCounts): number {
	return counts.running + counts.done + counts.failed + counts.interrupted + counts.stopped;
}

/**
 * The run's line: `workflow wf_fac5b0fb-872 · Check · 1 done · 1 failed · 1.4k tokens · $0.0123`.
 * A sum over only some of its agents (watch reads the transcripts of the agents it shows) says
 * over how many: `1.4k tokens · $0.0123 (8 of 30 agents)`.
 */
export function runSummary(group: WorkflowGroup): string {
	const phases = group.phases.length === 0 ? [] : [group.phases.length <= 3 ? group.phases.join(', ') : `${group.phases.length} phases`];
	const total = agentsOf(group.counts);
	const of = (n: number): string => (n < total ? ` (${n} of ${total} agents)` : '');
	const sameNote = group.tokens !== null && group.cost !== null && group.tokensOf === group.costOf;
	const tokens = group.tokens === null ? [] : [`${compactNumber(group.tokens)} tokens${sameNote ? '' : of(group.tokensOf)}`];
	const cost = group.cost === null ? [] : [`${costCell(group.cost)}${of(group.costOf)}`];
	return [`workflow ${group.runId}`, ...phases, runCountsText(group.counts), ...tokens, ...cost].join(' · ');
}
