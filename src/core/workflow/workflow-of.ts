// Which workflow run an agent belongs to, decided in one place for every view (watch, its
// snapshot, ls --json, history, stats, export, the OTLP spans): the run's files (an index of the
// session's runs), else the agent's own files — its transcript's folder
// (`subagents/workflows/wf_<run>/`) names the run, its `.meta.json` the phase and the label. Pure.
import {isRunId, type RunAgent, type WorkflowRun} from './run.js';

/** What every view says of a workflow agent; null where unknown. */
export interface WorkflowTag {
	readonly runId: string;
	/** The workflow's name (its script's `meta.name`). */
	readonly name: string | null;
	/** The phase it ran in. */
	readonly phase: string | null;
	/** The label the script gave it (its task's short name). */
	readonly label: string | null;
}

/** A session's runs, and which run each agent is in. */
export interface WorkflowIndex {
	/** Runs by id, newest start last (in the order given). */
	readonly runs: ReadonlyMap<string, WorkflowRun>;
	/** The run of each agent the runs name. */
	readonly byAgent: ReadonlyMap<string, string>;
}

export const EMPTY_WORKFLOW_INDEX: WorkflowIndex = {runs: new Map(), byAgent: new Map()};

export function indexRuns(runs: Iterable<WorkflowRun>): WorkflowIndex {
	const byId = new Map<string, WorkflowRun>();
	const byAgent = new Map<string, string>();
	for (const run of runs) {
		byId.set(run.runId, run);
		for (const id of run.agents.keys()) {
			byAgent.set(id, run.runId);
		}
	}
	return byId.size === 0 ? EMPTY_WORKFLOW_INDEX : {runs: byId, byAgent};
}

/** The run id in a workflow agent's transcript path (`…/subagents/workflows/wf_<run>/agent-<id>.jsonl`), either slash. */
export function runIdOfPath(transcriptPath: string | undefined): string | undefined {
	if (transcriptPath === undefined) {
		return undefined;
	}
	const parts = transcriptPath.split(/[\\/]/u);
	const n = parts.length;
	if (n < 4 || parts[n - 3] !== 'workflows' || parts[n - 4] !== 'subagents') {
		return undefined;
	}
	const run = parts[n - 2];
	return isRunId(run) ? run : undefined;
}

/**
 * The folder of a Claude Code session (`<claude>/projects/<project>/<session>/`) from a subagent's
 * transcript path under it (`<session>/subagents/agent-<id>.jsonl`, or a workflow agent's under
 * `subagents/workflows/<run>/`); undefined for any other path.
 */
export function sessionFolderOfTranscript(transcriptPath: string | undefined): string | undefined {
	if (transcriptPath === undefined) {
		return undefined;
	}
	const sep = transcriptPath.includes('/') ? '/' : '\\';
	const parts = transcriptPath.split(sep);
	let end = parts.length - 1;
	if (end >= 3 && parts[end - 2] === 'workflows' && parts[end - 3] === 'subagents') {
		end -= 2;
	}
	if (end < 2 || parts[end - 1] !== 'subagents' || !/^agent-.+\.jsonl$/u.test(parts[parts.length - 1] ?? '')) {
		return undefined;
	}
	const folder = parts.slice(0, end - 1).join(sep);
	return folder === '' ? undefined : folder;
}

/** What the agent's own files say (its `.meta.json`). */
export interface WorkflowHints {
	readonly transcriptPath?: string | undefined;
	/** `.meta.json`: `description` (the label, for a workflow agent), `workflowPhase`, `inWorkflowRun`. */
	readonly meta?: {readonly description?: string; readonly workflowPhase?: string; readonly inWorkflowRun?: boolean} | undefined;
}

/** The run's own word on an agent, when the index has it. */
export function runAgentOf(index: WorkflowIndex | undefined, agentId: string): {readonly run: WorkflowRun; readonly agent: RunAgent} | undefined {
	const runId = index?.byAgent.get(agentId);
	const run = runId === undefined ? undefined : index?.runs.get(runId);
	const agent = run?.agents.get(agentId);
	return run === undefined || agent === undefined ? undefined : {run, agent};
}

/** An agent's workflow: the run's files first, then its own; undefined when it is in no run. */
export function workflowOf(agentId: string, hints: WorkflowHints, index: WorkflowIndex | undefined): WorkflowTag | undefined {
	const known = runAgentOf(index, agentId);
	const runId = known?.run.runId ?? runIdOfPath(hints.transcriptPath);
	if (runId === undefined) {
		return undefined;
	}
	const meta = hints.meta;
	const fromMeta = meta?.inWorkflowRun === true || meta?.workflowPhase !== undefined;
	return {
		runId,
		name: (known?.run ?? index?.runs.get(runId))?.name ?? null,
		phase: known?.agent.phase ?? meta?.workflowPhase ?? null,
		label: known?.agent.label ?? (fromMeta ? meta?.description : undefined) ?? null,
	};
}

/** Two tags say the same (so a kept item can stay the same object). */
export function sameTag(a: WorkflowTag | undefined, b: WorkflowTag | undefined): boolean {
	return a === b || (a !== undefined && b !== undefined && a.runId === b.runId && a.name === b.name && a.phase === b.phase && a.label === b.label);
}

/** The Claude Code session folder of a session's agents: the first one's transcript path that names one. */
export function sessionFolderOf(agents: Iterable<{readonly transcriptPath?: string | undefined; readonly provider?: string | undefined}>): string | undefined {
	for (const agent of agents) {
		const folder =
			agent.provider === 'codex' || agent.provider === 'gemini' || agent.provider === 'qwen' || agent.provider === 'opencode'
				? undefined
				: sessionFolderOfTranscript(agent.transcriptPath);
		if (folder !== undefined) {
			return folder;
		}
	}
	return undefined;
}
