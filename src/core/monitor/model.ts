// The monitor model: agent records + what their transcripts say + the clock → what
// every command shows. `watch` (the App), its non-TTY snapshot, `ls`, `ls --json` and `sessions`
// all call buildMonitorModel; components and printers only lay its fields out. Pure.
//
// The rules each live in one file: stale.ts (silence), inferred-stop.ts (a stop told by the
// transcript), ghosts.ts (team-shutdown copies), report.ts (the summary line), view.ts (order,
// nesting, the cap). This file joins them per agent and says what to follow.
//
// A clock tick must be cheap (the App rebuilds the model every second while an agent runs): the
// per-agent facts that depend only on the record and its transcript state (description, report,
// summary) are kept by the identity of both, and an item whose shown values did not change is
// the same object as before, so memoised components are not drawn again.
import {head} from '../text/bounded.js';
import type {AgentRecord} from '../record/agent-record.js';
import type {TranscriptFacts} from './inferred-stop.js';
import {summaryLine} from './report-line.js';
import {buildView, type AgentView, type ViewItem, type ViewOptions} from './view.js';
import {isFailure, isUserStop} from '../record/limits.js';
import {decideModel} from '../transcript/agent-figures.js';
import {costTotals, tokenTotals} from '../transcript/summary.js';
import type {CostSum} from '../cost/cost.js';
import {groupWorkflows, type MemberState, type WorkflowGroup} from '../workflow/group.js';
import {runAgentOf, sameTag, workflowOf, type WorkflowIndex, type WorkflowTag} from '../workflow/workflow-of.js';

export type {TranscriptFacts} from './inferred-stop.js';

/** Where an agent's description came from: the parent's Task call, `.meta.json`, its prompt, or only its type. */
export type DescriptionSource = 'parent' | 'meta' | 'prompt' | 'type';
/** Where an agent's report came from: the hook's stop event (`lastMessage`), or its transcript. */
export type ReportSource = 'hook' | 'transcript';

/** What is known of one agent apart from the clock: kept while its record and transcript state are the same. */
export interface AgentFacts {
	/** What it was asked to do, one line; its type when nothing better is known. */
	readonly description: string;
	readonly descriptionSource: DescriptionSource;
	/** Its prompt (the transcript's first user message), when known. */
	readonly prompt: string | undefined;
	/** Its report: the stop event's message, else the transcript's final report or the parent's Task result. */
	readonly report: string | undefined;
	readonly reportSource: ReportSource | undefined;
	/** The report as one line (see report.ts). */
	readonly summary: string | undefined;
	/** The agent that started it, when known. */
	readonly parentAgentId: string | undefined;
	/** Its name (the Agent call's `name`, in `.meta.json`): what a user and SendMessage call it. */
	readonly name: string | undefined;
	/** What its transcript says, when followed. */
	readonly activity: TranscriptFacts | undefined;
	/** The workflow run it is an agent of (workflow/workflow-of.ts decides); undefined for any other agent. */
	readonly workflow: WorkflowTag | undefined;
	/** The model it ran on: its transcript's, else the one its launch, `.meta.json` or its workflow run named. */
	readonly model: string | undefined;
}

export interface MonitorItem extends ViewItem, AgentFacts {}

/** An agent whose transcript is to be followed. */
export interface FollowRequest {
	readonly agentId: string;
	readonly transcriptPath: string;
	readonly cwd: string | undefined;
}

export interface MonitorModel extends AgentView {
	readonly items: readonly MonitorItem[];
	/**
	 * The transcripts to follow: the agents shown, and every ghost (hidden or not), whose
	 * transcript may show work of its own and so make it real.
	 */
	readonly follow: readonly FollowRequest[];
	/** A key that changes exactly when `follow` does (the App follows again only then). */
	readonly followKey: string;
	/** The workflow runs of the session's agents (all of them, not only those shown), in the order their newest agent comes. */
	readonly workflows: readonly WorkflowGroup[];
}

export type MonitorOptions = Omit<ViewOptions, 'now' | 'transcripts' | 'parentOf' | 'extraLife'>;

export interface MonitorInput {
	readonly agents: readonly AgentRecord[];
	/** What the transcripts say, by agentId (the follower's snapshot, or a one-shot read). */
	readonly transcripts: ReadonlyMap<string, TranscriptFacts>;
	/** The clock (ms). */
	readonly now: number;
	readonly options: MonitorOptions;
	/**
	 * Parents seen earlier (see `rememberParents`): nesting decides what is shown, what is shown
	 * decides what is followed, so a parent must not be forgotten when its child is let go.
	 */
	readonly knownParents?: ReadonlyMap<string, string>;
	/** Agents whose transcript showed work before (see `rememberWork`): never ghosts. */
	readonly knownWork?: ReadonlySet<string>;
	/** The session's workflow runs, as their files tell them (store/workflow). */
	readonly workflows?: WorkflowIndex;
}

const DESCRIPTION_MAX = 200;

/** A text cut to DESCRIPTION_MAX code points, `…` where cut. */
function cutDescription(text: string): string {
	const points = [...text];
	return points.length <= DESCRIPTION_MAX ? text : `${points.slice(0, DESCRIPTION_MAX - 1).join('')}…`;
}

/** The first line of a text that has words, trimmed and cut. */
function firstLine(text: string | undefined): string | undefined {
	if (text === undefined) {
		return undefined;
	}
	for (const line of head(text, 4096).split('\n')) {
		const trimmed = line.trim();
		if (trimmed !== '') {
			return cutDescription(trimmed);
		}
	}
	return undefined;
}

/** A description on one line, all of it, as the screen draws it: its lines joined and each run of spaces made one space, trimmed and cut. */
function flatLine(text: string | undefined): string | undefined {
	const flat = text === undefined ? '' : head(text, 4096).replace(/\s+/gu, ' ').trim();
	return flat === '' ? undefined : cutDescription(flat);
}

/** Undefined for no text or only whitespace; reads only the start of a huge text (taken to have words). */
function nonEmpty(text: string | undefined): string | undefined {
	if (text === undefined || text.length === 0) {
		return undefined;
	}
	return text.length > 65_536 || /\S/u.test(text) ? text : undefined;
}

/**
 * Description: the parent's Task call (as the hook recorded it from PostToolUse, else as read
 * from the parent's transcript), else `.meta.json` (a workflow agent's label), each on one line; else the first line of
 * the prompt, else the type. The transcript side may already have chosen (`descriptionSource`).
 */
function describe(
	agent: AgentRecord,
	facts: TranscriptFacts | undefined,
	workflow: WorkflowTag | undefined,
): Pick<AgentFacts, 'description' | 'descriptionSource'> {
	const recorded = nonEmpty(agent.description);
	if (recorded !== undefined) {
		return {description: flatLine(recorded) ?? recorded, descriptionSource: 'parent'};
	}
	const given = nonEmpty(facts?.description);
	if (given !== undefined) {
		return {description: flatLine(given) ?? given, descriptionSource: facts?.descriptionSource ?? 'parent'};
	}
	// A workflow agent's label (its `.meta.json` description, else the run's journal).
	const meta = nonEmpty(facts?.meta?.description) ?? nonEmpty(workflow?.label ?? undefined);
	if (meta !== undefined) {
		return {description: flatLine(meta) ?? meta, descriptionSource: 'meta'};
	}
	const prompt = firstLine(facts?.prompt);
	if (prompt !== undefined) {
		return {description: prompt, descriptionSource: 'prompt'};
	}
	return {description: agent.type, descriptionSource: 'type'};
}

/** The report: the hook's stop message first (what the agent said as it stopped), else the transcript's. */
function reportOf(agent: AgentRecord, facts: TranscriptFacts | undefined): Pick<AgentFacts, 'report' | 'reportSource'> {
	if (nonEmpty(agent.lastMessage) !== undefined) {
		return {report: agent.lastMessage, reportSource: 'hook'};
	}
	const transcript = nonEmpty(facts?.finalReport) ?? nonEmpty(facts?.taskResult?.report);
	return transcript === undefined ? {report: undefined, reportSource: undefined} : {report: transcript, reportSource: 'transcript'};
}

function parentOfFacts(facts: TranscriptFacts | undefined): string | undefined {
	return facts?.parentAgentId ?? facts?.meta?.parentAgentId;
}

interface Kept {
	readonly facts: TranscriptFacts | undefined;
	readonly known: string | undefined;
	readonly workflows: WorkflowIndex | undefined;
	readonly value: AgentFacts;
}

/** Facts by record; a record is replaced, never changed, when its file changes. */
const factsCache = new WeakMap<AgentRecord, Kept>();

/** The workflow run an agent is an agent of, by its transcript's path or `.meta.json`. */
function workflowTagOf(agent: AgentRecord, facts: TranscriptFacts | undefined, workflows: WorkflowIndex | undefined): WorkflowTag | undefined {
	return workflowOf(agent.agentId, {transcriptPath: facts?.transcriptPath ?? agent.transcriptPath, meta: facts?.meta}, workflows);
}

/** The facts of one agent, computed again only when its record or transcript state is new. */
export function agentFacts(agent: AgentRecord, facts: TranscriptFacts | undefined, knownParent?: string, workflows?: WorkflowIndex): AgentFacts {
	const kept = factsCache.get(agent);
	if (kept !== undefined && kept.facts === facts && kept.known === knownParent && kept.workflows === workflows) {
		return kept.value;
	}
	const report = reportOf(agent, facts);
	const workflow = workflowTagOf(agent, facts, workflows);
	const value: AgentFacts = {
		...describe(agent, facts, workflow),
		prompt: facts?.prompt,
		...report,
		summary: summaryLine(report.report),
		parentAgentId: parentOfFacts(facts) ?? agent.parentAgentId ?? knownParent,
		name: nonEmpty(facts?.meta?.name),
		activity: facts,
		workflow,
		model: decideModel(facts?.summary.model, facts?.meta?.model, agent.model, runAgentOf(workflows, agent.agentId)?.agent.model),
	};
	factsCache.set(agent, {facts, known: knownParent, workflows, value});
	return value;
}

/** The last item made for each record, reused when nothing it shows changed. */
const itemCache = new WeakMap<AgentRecord, MonitorItem>();

function sameItem(a: MonitorItem, b: ViewItem, facts: AgentFacts): boolean {
	return (
		a.activity === facts.activity &&
		a.description === facts.description &&
		a.parentAgentId === facts.parentAgentId &&
		a.name === facts.name &&
		sameTag(a.workflow, facts.workflow) &&
		a.model === facts.model &&
		a.displayStatus === b.displayStatus &&
		a.stale === b.stale &&
		a.ghost === b.ghost &&
		a.inferredStop === b.inferredStop &&
		a.lastLife === b.lastLife &&
		a.durationMs === b.durationMs &&
		a.depth === b.depth
	);
}

function toMonitorItem(item: ViewItem, facts: AgentFacts): MonitorItem {
	const previous = itemCache.get(item.agent);
	if (previous !== undefined && sameItem(previous, item, facts)) {
		return previous;
	}
	const next: MonitorItem = {...item, ...facts};
	itemCache.set(item.agent, next);
	return next;
}

/**
 * Parents named by the transcripts, added to those known before; the same map when nothing is
 * new (so a memo keyed on it holds).
 */
export function rememberParents(known: ReadonlyMap<string, string>, transcripts: ReadonlyMap<string, TranscriptFacts>): ReadonlyMap<string, string> {
	let next: Map<string, string> | undefined;
	for (const [id, facts] of transcripts) {
		const parent = parentOfFacts(facts);
		if (parent !== undefined && known.get(id) !== parent) {
			next ??= new Map(known);
			next.set(id, parent);
		}
	}
	return next ?? known;
}

/**
 * Agents whose transcripts show work of their own, added to those known before; the same set when
 * nothing is new (so a memo keyed on it holds).
 */
export function rememberWork(known: ReadonlySet<string>, transcripts: ReadonlyMap<string, TranscriptFacts>): ReadonlySet<string> {
	let next: Set<string> | undefined;
	for (const [id, facts] of transcripts) {
		if (facts.hasWork && !known.has(id)) {
			next ??= new Set(known);
			next.add(id);
		}
	}
	return next ?? known;
}

function followOf(agents: readonly AgentRecord[]): FollowRequest[] {
	const out: FollowRequest[] = [];
	for (const agent of agents) {
		if (agent.transcriptPath) {
			out.push({agentId: agent.agentId, transcriptPath: agent.transcriptPath, cwd: agent.cwd});
		}
	}
	return out;
}

const NO_PARENTS: ReadonlyMap<string, string> = new Map();
const recordedCache = new WeakMap<readonly AgentRecord[], ReadonlyMap<string, string>>();

/** The parents the agent files name (from `.meta.json` or the parent's Agent call, as the hook read them), by agentId; kept per list. */
function recordedParents(agents: readonly AgentRecord[]): ReadonlyMap<string, string> {
	let parents = recordedCache.get(agents);
	if (parents === undefined) {
		const found = new Map<string, string>();
		for (const agent of agents) {
			if (agent.parentAgentId !== undefined) {
				found.set(agent.agentId, agent.parentAgentId);
			}
		}
		parents = found.size === 0 ? NO_PARENTS : found;
		recordedCache.set(agents, parents);
	}
	return parents;
}

/** The last follow list made for an agent list (the App keeps one list between data changes). */
const followCache = new WeakMap<readonly AgentRecord[], {readonly key: string; readonly follow: readonly FollowRequest[]}>();

/** Where a workflow agent stands in its run: the run's own word that it failed wins (an older hook saw no StopFailure). */
function memberState(item: ViewItem, workflows: WorkflowIndex | undefined): MemberState {
	if (item.displayStatus !== 'stopped') {
		return 'running';
	}
	if (item.stale) {
		// Silent past the stale time: cut off, as far as can be told.
		return 'interrupted';
	}
	const run = runAgentOf(workflows, item.agent.agentId)?.agent.state;
	if (run === 'error' || isFailure(item.agent.stopReason)) {
		return 'failed';
	}
	return item.agent.interrupted === true ? 'interrupted' : isUserStop(item.agent.stopReason) ? 'stopped' : 'done';
}

/** Tokens as ls --json counts them (in, out, cache read, cache write, each response once). */
function tokensOf(facts: TranscriptFacts | undefined): number | undefined {
	if (facts === undefined || facts.summary.lines === 0) {
		return undefined;
	}
	const t = tokenTotals(facts.summary);
	return t.input + t.output + t.cacheRead + t.cacheWrite;
}

/** Cost as ls --json gives it (each response priced once); unknown when not read or not priced. */
function costOf(facts: TranscriptFacts | undefined): CostSum | undefined {
	if (facts === undefined || facts.summary.lines === 0 || facts.summary.pricer === undefined) {
		return undefined;
	}
	return costTotals(facts.summary);
}

/** The runs of every agent the view keeps (before the cap): members' states and tokens. */
function workflowGroups(all: readonly ViewItem[], input: MonitorInput): WorkflowGroup[] {
	const {transcripts, workflows} = input;
	const members = all.flatMap(item => {
		if (item.ghost) {
			return [];
		}
		const facts = transcripts.get(item.agent.agentId);
		// Only the run, not every fact of an agent that may never be shown (a thousand in a workflow).
		const workflow = workflowTagOf(item.agent, facts, workflows);
		return workflow === undefined
			? []
			: [{agentId: item.agent.agentId, workflow, state: memberState(item, workflows), tokens: tokensOf(facts), cost: costOf(facts)}];
	});
	return members.length === 0 ? [] : groupWorkflows(members, workflows);
}

/** The monitor's view of one session at `now`: every rule applied, every agent's facts joined. */
export function buildMonitorModel(input: MonitorInput): MonitorModel {
	const {agents, transcripts, knownParents, workflows} = input;
	// The transcripts' word first (`.meta.json`, read live), else what the hook recorded on the agent's file.
	const recorded = recordedParents(agents);
	const parentOf = (id: string) => parentOfFacts(transcripts.get(id)) ?? knownParents?.get(id) ?? recorded.get(id);
	const worked = input.knownWork;
	const view = buildView(agents, {...input.options, now: input.now, transcripts, parentOf, ...(worked === undefined ? {} : {worked})});
	const items = view.items.map(item =>
		toMonitorItem(item, agentFacts(item.agent, transcripts.get(item.agent.agentId), knownParents?.get(item.agent.agentId), workflows)),
	);
	// Ghosts are followed too (hidden or not): their transcript may show work, which makes them real.
	const shown = new Set(view.items.map(item => item.agent));
	const fresh = followOf([...view.items.map(item => item.agent), ...(view.ghostAgents ?? []).filter(agent => !shown.has(agent))]);
	const followKey = fresh.map(t => `${t.agentId}\u0000${t.transcriptPath}\u0000${t.cwd ?? ''}`).join('\n');
	// The same list as before while nothing in it changed (a clock tick), so a reader keyed on it holds.
	const kept = followCache.get(agents);
	const follow = kept?.key === followKey ? kept.follow : fresh;
	followCache.set(agents, {key: followKey, follow});
	return {...view, items, follow, followKey, workflows: workflowGroups(view.uncapped ?? view.items, input)};
}
