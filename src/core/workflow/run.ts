// What Claude Code writes of a `Workflow` run (docs/claude-code-hooks.md#workflows), parsed: the run file
// `<session>/workflows/wf_<run>.json` (written when the run ends), its `journal.jsonl` (written as
// it runs: launched, started, result, failed) and the script's file name
// (`workflows/scripts/<name>-wf_<run>.js`, written at the launch). Every string comes from a file
// anyone could have written: it is cut and made safe for a terminal here, where it enters. Pure.
import {isObject, str} from '../record/json.js';
import {head} from '../text/bounded.js';
import {safeLine} from '../text/safe-text.js';

/** A run id: `wf_` and a short id (`wf_d3608857-d0c`). Anything else is not one (it becomes a path part). */
const RUN_ID = /^wf_[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/u;

export function isRunId(value: unknown): value is string {
	return typeof value === 'string' && RUN_ID.test(value);
}

/** A name, label or phase is short; longer is cut. */
const NAME_MAX = 200;
/** An error message is kept up to this. */
const ERROR_MAX = 2000;
/** At most this many phases and agents are taken from one run file. */
const MAX_PHASES = 256;
const MAX_AGENTS = 10_000;

const AGENT_ID = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,127}$/u;

function line(value: unknown, max = NAME_MAX): string | undefined {
	const text = str(value);
	if (text === undefined) {
		return undefined;
	}
	const safe = head(safeLine(head(text, max * 2)), max).trim();
	return safe === '' ? undefined : safe;
}

const count = (v: unknown): number | undefined => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : undefined);

/** How a workflow agent ended, as the run says: `running` until its result or failure. */
export type RunAgentState = 'running' | 'done' | 'error';

/** One agent of a run, as the run's files tell it. */
export interface RunAgent {
	readonly agentId: string;
	readonly label?: string;
	readonly phase?: string;
	readonly state: RunAgentState;
	readonly error?: string;
	/** The model the run says it used (the run file's `model`). */
	readonly model?: string;
}

/** A run, as its files tell it; fields absent when no file said. */
export interface WorkflowRun {
	readonly runId: string;
	/** The workflow's name (`meta.name` of its script). */
	readonly name?: string;
	/** The run file's `status` (`completed`, …): present once the run ended. */
	readonly status?: string;
	/** Phase titles, in the script's order, then any others its agents named. */
	readonly phases: readonly string[];
	/** When it started (ms), from the run file. */
	readonly startMs?: number;
	readonly durationMs?: number;
	/** Its agents by id, in the order they started. */
	readonly agents: ReadonlyMap<string, RunAgent>;
}

/** An empty run, for an id known from a path only. */
export function emptyRun(runId: string): WorkflowRun {
	return {runId, phases: [], agents: new Map()};
}

function withPhase(phases: readonly string[], phase: string | undefined): readonly string[] {
	return phase === undefined || phases.includes(phase) || phases.length >= MAX_PHASES ? phases : [...phases, phase];
}

/** `<name>-wf_<run>.js` → the name and the run id; undefined for any other file name. */
export function scriptName(fileName: string): {readonly runId: string; readonly name: string} | undefined {
	const match = /^(.+)-(wf_[A-Za-z0-9][A-Za-z0-9_-]{0,63})\.js$/u.exec(fileName);
	if (match === null) {
		return undefined;
	}
	const name = line(match[1]);
	return name === undefined ? undefined : {runId: match[2]!, name};
}

/** The agent entries of a run file's `workflowProgress`. */
function progressAgents(progress: unknown): RunAgent[] {
	if (!Array.isArray(progress)) {
		return [];
	}
	const out: RunAgent[] = [];
	for (const entry of progress.slice(0, MAX_AGENTS * 2)) {
		if (!isObject(entry) || entry.type !== 'workflow_agent' || typeof entry.agentId !== 'string' || !AGENT_ID.test(entry.agentId)) {
			continue;
		}
		const label = line(entry.label);
		const phase = line(entry.phaseTitle);
		const error = line(entry.error, ERROR_MAX);
		const model = line(entry.model);
		out.push({
			agentId: entry.agentId,
			...(label === undefined ? {} : {label}),
			...(phase === undefined ? {} : {phase}),
			state: entry.state === 'error' ? 'error' : entry.state === 'done' ? 'done' : 'running',
			...(error === undefined ? {} : {error}),
			...(model === undefined ? {} : {model}),
		});
	}
	return out;
}

/** A parsed `wf_<run>.json`; undefined when it is not a run (no valid `runId`). */
export function parseRunFile(json: unknown): WorkflowRun | undefined {
	if (!isObject(json) || !isRunId(json.runId)) {
		return undefined;
	}
	let phases: readonly string[] = [];
	if (Array.isArray(json.phases)) {
		for (const phase of json.phases.slice(0, MAX_PHASES)) {
			phases = withPhase(phases, line(isObject(phase) ? phase.title : phase));
		}
	}
	const agents = new Map<string, RunAgent>();
	for (const agent of progressAgents(json.workflowProgress)) {
		agents.set(agent.agentId, agent);
		phases = withPhase(phases, agent.phase);
	}
	const name = line(json.workflowName);
	const status = line(json.status);
	const startMs = count(json.startTime);
	const durationMs = count(json.durationMs);
	return {
		runId: json.runId,
		...(name === undefined ? {} : {name}),
		...(status === undefined ? {} : {status}),
		phases,
		...(startMs === undefined ? {} : {startMs}),
		...(durationMs === undefined ? {} : {durationMs}),
		agents,
	};
}

/**
 * A run's journal lines folded into `run` (a new object when something changed): `started`
 * names an agent, its label and phase; `result` makes it done, `failed` an error. Lines that do
 * not parse, and agents past the limit, are skipped.
 */
export function foldJournal(run: WorkflowRun, lines: readonly string[]): WorkflowRun {
	let agents: Map<string, RunAgent> | undefined;
	let phases = run.phases;
	const get = (id: string) => (agents ?? run.agents).get(id);
	const set = (agent: RunAgent) => {
		agents ??= new Map(run.agents);
		agents.set(agent.agentId, agent);
	};
	for (const text of lines) {
		if (text.trim() === '') {
			continue;
		}
		let entry: unknown;
		try {
			entry = JSON.parse(text);
		} catch {
			continue;
		}
		if (!isObject(entry) || typeof entry.agentId !== 'string' || !AGENT_ID.test(entry.agentId)) {
			continue;
		}
		const known = get(entry.agentId);
		if (known === undefined && (agents ?? run.agents).size >= MAX_AGENTS) {
			continue;
		}
		const base: RunAgent = known ?? {agentId: entry.agentId, state: 'running'};
		if (entry.type === 'started') {
			const label = line(entry.label);
			const phase = line(entry.phase);
			set({...base, ...(label === undefined ? {} : {label}), ...(phase === undefined ? {} : {phase})});
			phases = withPhase(phases, phase);
		} else if (entry.type === 'result' && base.state !== 'error') {
			set({...base, state: 'done'});
		} else if (entry.type === 'failed') {
			const error = line(entry.error, ERROR_MAX);
			set({...base, state: 'error', ...(error === undefined ? {} : {error})});
		}
	}
	return agents === undefined && phases === run.phases ? run : {...run, phases, agents: agents ?? run.agents};
}

/**
 * One run from what each file said: the run file wins where it speaks (it is written last, whole),
 * the journal fills in agents it does not have yet, the script's name names it before the run file
 * exists.
 */
export function mergeRun(runId: string, parts: {readonly file?: WorkflowRun; readonly journal?: WorkflowRun; readonly scriptName?: string}): WorkflowRun {
	const {file, journal} = parts;
	const agents = new Map<string, RunAgent>(journal?.agents ?? []);
	for (const [id, agent] of file?.agents ?? []) {
		const live = agents.get(id);
		agents.set(id, live === undefined ? agent : {...live, ...agent});
	}
	let phases = file?.phases ?? [];
	for (const phase of journal?.phases ?? []) {
		phases = withPhase(phases, phase);
	}
	const name = file?.name ?? parts.scriptName;
	return {
		...(file ?? {}),
		runId,
		...(name === undefined ? {} : {name}),
		phases,
		agents,
	};
}
