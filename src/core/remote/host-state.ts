// What one host's stream has told so far, and how its agents enter the local monitor model: as
// agent records (the rules — stale, ghosts, order, nesting — run here, on this clock) with the
// transcript facts the remote read (activity, tokens, tool calls, report). Pure.
import type {AgentRecord} from '../record/agent-record.js';
import type {TranscriptFacts} from '../monitor/inferred-stop.js';
import {EMPTY_SUMMARY, type ToolCall} from '../transcript/summary.js';
import {responseCost} from '../cost/cost.js';
import {MAX_AGENTS} from './decode.js';
import type {StreamAgent, StreamLine} from './protocol.js';

export interface HostState {
	/** Null before a snapshot came (or before any session exists there). */
	readonly session: string | null;
	readonly following: boolean;
	readonly agents: ReadonlyMap<string, StreamAgent>;
	/** True once a snapshot came: the agents are what the host has, not only what it had. */
	readonly synced: boolean;
}

export const EMPTY_HOST_STATE: HostState = {session: null, following: true, agents: new Map(), synced: false};

/** The state after one line; the same object when the line changes nothing (hello). */
export function applyLine(state: HostState, line: StreamLine): HostState {
	switch (line.type) {
		case 'hello':
			return state;
		case 'snapshot':
			return {session: line.session, following: line.following, agents: new Map(line.agents.slice(0, MAX_AGENTS).map(a => [a.agentId, a])), synced: true};
		case 'agent': {
			if (!state.agents.has(line.agent.agentId) && state.agents.size >= MAX_AGENTS) {
				return state;
			}
			const agents = new Map(state.agents);
			agents.set(line.agent.agentId, line.agent);
			return {...state, agents};
		}
		case 'gone': {
			if (!state.agents.has(line.agentId)) {
				return state;
			}
			const agents = new Map(state.agents);
			agents.delete(line.agentId);
			return {...state, agents};
		}
	}
}

const ms = (iso: string | null | undefined): number | undefined => {
	const t = iso === null || iso === undefined ? Number.NaN : Date.parse(iso);
	return Number.isFinite(t) ? t : undefined;
};

/** An id made unique across hosts (`<id>@<host>`) when several are shown; the id itself otherwise. */
export function hostId(id: string, host: string | undefined): string {
	return host === undefined ? id : `${id}@${host}`;
}

export interface LocalAgent {
	readonly record: AgentRecord;
	/** Its transcript's facts as the remote read them; `mtimeMs` is its last sign of life there. */
	readonly facts: TranscriptFacts & {readonly mtimeMs: number | undefined};
}

/**
 * One remote agent as the local model reads it. `host` names the host when several are shown:
 * ids are made unique with it and the record carries it (the screen shows it by the name).
 */
export function localAgent(agent: StreamAgent, host: string | undefined): LocalAgent {
	const id = hostId(agent.agentId, host);
	const parent = agent.parentAgentId === null ? undefined : hostId(agent.parentAgentId, host);
	const record: AgentRecord = {
		agentId: id,
		type: agent.type,
		status: agent.status,
		startedAt: agent.startedAt,
		updatedAt: agent.updatedAt,
		...(agent.stoppedAt === undefined ? {} : {stoppedAt: agent.stoppedAt}),
		...(agent.reportSource === 'hook' && agent.report !== null ? {lastMessage: agent.report} : {}),
		...(agent.sessionId === undefined ? {} : {sessionId: agent.sessionId}),
		...(agent.cwd === undefined ? {} : {cwd: agent.cwd}),
		...(agent.teammateName === undefined ? {} : {teammateName: agent.teammateName}),
		...(agent.interrupted === true ? {interrupted: true} : {}),
		...(agent.stopReason === undefined ? {} : {stopReason: agent.stopReason}),
		...(agent.resumeCount === undefined ? {} : {resumeCount: agent.resumeCount}),
		...(agent.spawnDepth === undefined ? {} : {spawnDepth: agent.spawnDepth}),
		...(agent.waitingFor === undefined ? {} : {waitingFor: agent.waitingFor}),
		...(agent.waitingSince === undefined ? {} : {waitingSince: agent.waitingSince}),
		...(agent.description === null ? {} : {description: agent.description}),
		...(agent.model === null ? {} : {model: agent.model}),
		...(parent === undefined ? {} : {parentAgentId: parent}),
		...(agent.provider === 'codex' || agent.provider === 'gemini' ? {provider: agent.provider} : {}),
		...(host === undefined ? {} : {host}),
	};
	const lastAt = ms(agent.lastSignOfLifeAt);
	const tokens = agent.tokens;
	const usage =
		tokens === null
			? EMPTY_SUMMARY.usage
			: new Map([
					[
						'remote',
						{
							input: tokens.input,
							output: tokens.output,
							cacheRead: tokens.cacheRead,
							cacheWrite: tokens.cacheCreation,
							cost: responseCost(
								undefined,
								undefined,
								{input: tokens.input, output: tokens.output, cacheRead: tokens.cacheRead, cacheWrite: tokens.cacheCreation},
								undefined,
							),
						},
					],
				]);
	const toolCalls: ToolCall[] = (agent.toolCalls ?? []).map((call, i) => ({
		id: String(i),
		name: call.tool,
		summary: call.summary,
		at: ms(call.at),
		...(call.result === null ? {} : {result: call.result}),
		...(call.isError ? {isError: true} : {}),
	}));
	const worked = !agent.ghost;
	const facts: LocalAgent['facts'] = {
		summary: {
			...EMPTY_SUMMARY,
			toolCalls,
			toolCounts: agent.toolCounts ?? {},
			files: agent.files ?? [],
			usage,
			model: agent.model ?? undefined,
			activity: agent.activity ?? undefined,
			parentAgentId: parent,
			lastAt,
			lines: tokens === null && toolCalls.length === 0 ? 0 : 1,
			toolErrors: toolCalls.filter(call => call.isError === true).length,
			prompt: agent.prompt ?? undefined,
			hasWork: worked,
		},
		description: undefined,
		parentAgentId: parent,
		history: undefined,
		missing: false,
		...(agent.prompt === null ? {} : {prompt: agent.prompt}),
		...(agent.reportSource === 'transcript' && agent.report !== null ? {finalReport: agent.report} : {}),
		endedTurn: agent.inferredStop,
		hasWork: worked,
		...(agent.name === null ? {} : {meta: {name: agent.name}}),
		mtimeMs: lastAt,
	};
	return {record, facts};
}
