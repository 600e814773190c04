// The `history --json` value of an agent: made from its history, held as a short JSON text until
// printed, and read back for the table. Pure.
import {jsonCost, type JsonCost} from '../core/cost/cost.js';
import type {AgentHistory} from '../core/history/fold.js';
import {startOrderMs, type HistoryJsonAgent, type HistoryOrderKey, type JsonGit} from '../core/history/query.js';
import type {GitState} from '../core/record/event-line.js';

const orNull = <T>(value: T | undefined): T | null => (value === undefined ? null : value);

function jsonGit(git: GitState | undefined): JsonGit | null {
	return git === undefined ? null : {head: orNull(git.head), branch: orNull(git.branch)};
}

/** The `history --json` shape of one agent: the values exact (the command writes them with safeJsonStringify). */
export function historyJsonAgent(h: AgentHistory): HistoryJsonAgent {
	return {
		agentId: h.agentId,
		sessionId: h.sessionId,
		type: h.type,
		name: orNull(h.name),
		description: orNull(h.description),
		status: h.status,
		startedAt: h.startedAt,
		stoppedAt: orNull(h.stoppedAt),
		durationMs: orNull(h.durationMs),
		resumeCount: h.resumeCount,
		stopReason: orNull(h.stopReason),
		tokens: orNull(h.tokens),
		usage: h.usage === undefined ? null : {input: h.usage.input, output: h.usage.output, cacheRead: h.usage.cacheRead, cacheCreation: h.usage.cacheCreation},
		cost: jsonCost(h.cost),
		runs: h.runs === undefined ? null : h.runs.map(r => ({startedAt: r.startedAt, tokens: r.tokens, toolCalls: r.toolCalls})),
		lastRequestTokens: orNull(h.lastRequestTokens),
		toolCalls: orNull(h.toolCalls),
		model: orNull(h.model),
		git: {start: jsonGit(h.git.start), stop: jsonGit(h.git.stop)},
		parentAgentId: orNull(h.parentAgentId),
		lastActivityAt: h.lastActivityAt ?? h.lastEventAt,
		source: h.source,
		provider: h.provider,
		workflow: h.workflow === undefined ? null : {runId: h.workflow.runId, name: h.workflow.name, phase: h.workflow.phase, label: h.workflow.label},
	};
}

/** The fields of a `history --json` value after `agentId` and `sessionId`, in its order. */
const HELD_FIELDS = [
	'type',
	'name',
	'description',
	'status',
	'startedAt',
	'stoppedAt',
	'durationMs',
	'resumeCount',
	'stopReason',
	'tokens',
	'usage',
	'cost',
	'runs',
	'lastRequestTokens',
	'toolCalls',
	'model',
	'git',
	'parentAgentId',
	'lastActivityAt',
	'source',
	'provider',
	'workflow',
] as const satisfies readonly (keyof HistoryJsonAgent)[];

/**
 * An agent of `history` as it is held until printed: its order keys and the rest of its
 * `history --json` value as one JSON text of values only (a couple of hundred bytes: memory per
 * agent, whatever its lines held).
 */
export interface HeldHistory extends HistoryOrderKey {
	/** `source: transcript` (counted under the table). */
	readonly imported: boolean;
	/** The `HELD_FIELDS` of its `history --json` value, in order, as a JSON array. */
	readonly values: string;
}

/** `h` held (`same`: one copy of equal strings, e.g. of the session id every agent of a session has). */
export function heldHistory(h: AgentHistory, same: (text: string) => string = text => text): HeldHistory {
	const json = historyJsonAgent(h);
	return {
		startMs: startOrderMs(h.startedAt),
		sessionId: same(h.sessionId),
		agentId: h.agentId,
		imported: h.source === 'transcript',
		values: JSON.stringify(HELD_FIELDS.map(key => json[key])),
	};
}

/** The `history --json` value of a held agent: the same value `historyJsonAgent` gave, keys in the same order. */
export function heldJsonAgent(held: HeldHistory): HistoryJsonAgent {
	const values = JSON.parse(held.values) as unknown[];
	const out: Record<string, unknown> = {agentId: held.agentId, sessionId: held.sessionId};
	HELD_FIELDS.forEach((key, i) => {
		out[key] = values[i];
	});
	return out as unknown as HistoryJsonAgent;
}

/** What the history table shows of an agent, from its `history --json` value (null → absent). */
export function tableAgentOf(a: HistoryJsonAgent): HistoryTableAgent {
	const git = (g: JsonGit | null): GitState | undefined =>
		g === null ? undefined : {...(g.head === null ? {} : {head: g.head}), ...(g.branch === null ? {} : {branch: g.branch})};
	const start = git(a.git.start);
	const stop = git(a.git.stop);
	return {
		startedAt: a.startedAt,
		sessionId: a.sessionId,
		type: a.type,
		...(a.description === null ? {} : {description: a.description}),
		status: a.status,
		resumeCount: a.resumeCount,
		...(a.durationMs === null ? {} : {durationMs: a.durationMs}),
		...(a.tokens === null ? {} : {tokens: a.tokens}),
		...(a.cost === null ? {} : {costJson: a.cost}),
		...(a.toolCalls === null ? {} : {toolCalls: a.toolCalls}),
		git: {...(start === undefined ? {} : {start}), ...(stop === undefined ? {} : {stop})},
	};
}

/** The fields of an agent the history table shows (`historyRow`). */
export type HistoryTableAgent = Pick<
	AgentHistory,
	'startedAt' | 'sessionId' | 'type' | 'description' | 'status' | 'resumeCount' | 'durationMs' | 'tokens' | 'toolCalls' | 'git'
> & {readonly costJson?: JsonCost};

/** Each held agent's `history --json` value, made only as it is written. */
export function* historyJsonValues(agents: Iterable<HeldHistory>): Generator<HistoryJsonAgent, void, undefined> {
	for (const a of agents) {
		yield heldJsonAgent(a);
	}
}

/** What the filter expression looks at of a `history --json` value (another machine's, for `history --host --filter`). */
export function jsonHistoryFields(a: HistoryJsonAgent): Pick<AgentHistory, 'agentId' | 'type' | 'description' | 'name' | 'status' | 'workflow'> {
	return {
		agentId: a.agentId,
		type: a.type,
		status: a.status,
		...(a.name === null ? {} : {name: a.name}),
		...(a.description === null ? {} : {description: a.description}),
		...(a.workflow === null ? {} : {workflow: a.workflow}),
	};
}
