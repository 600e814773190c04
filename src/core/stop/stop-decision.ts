// Which agents a stop request covers, and what the hook answers Claude Code for one. Pure.
//
// A request covers an agent it names, every agent under one it names (its parent, or its parent's
// parent …, is named: children started after the request included), and every agent of a
// workflow run it names. It never covers an agent that was resumed after the request was made
// (SendMessage continues a stopped agent: that run is the user's new wish), nor the main
// session (its tool calls carry no agent id and are never asked about).
import type {AgentStatus} from '../record/agent-record.js';
import {EVENT_LINE_VERSION, type EventLine} from '../record/event-line.js';
import {USER_STOP_EVENT} from '../record/limits.js';
import {isLive, USER_STOP_MESSAGE, type StopRequest} from './stop-request.js';

/** What the decision needs of an agent: its record's fields. */
export interface StopAgentFacts {
	readonly agentId: string;
	readonly status: AgentStatus;
	readonly parentAgentId?: string | undefined;
	readonly resumedAt?: string | undefined;
}

/** How far up the tree the decision looks for a named ancestor (Claude Code nests 3 deep by default). */
export const MAX_ANCESTRY = 32;

export type CoverVia = 'named' | 'descendant' | 'run';

export interface Covered {
	readonly request: StopRequest;
	readonly via: CoverVia;
}

export interface CoverQuery {
	readonly agentId: string;
	/** An agent's facts by id (its record), for the agent and its ancestors; undefined when unknown. */
	readonly agentOf: (agentId: string) => StopAgentFacts | undefined;
	/** The workflow run the agent belongs to, when it is in one. */
	readonly runId?: string | undefined;
	readonly nowMs: number;
}

/** The ancestors of an agent, nearest first, as far as its records tell (no cycle, at most MAX_ANCESTRY). */
export function ancestorsOf(agentId: string, agentOf: (agentId: string) => StopAgentFacts | undefined): string[] {
	const out: string[] = [];
	const seen = new Set([agentId]);
	let parent = agentOf(agentId)?.parentAgentId;
	while (parent !== undefined && !seen.has(parent) && out.length < MAX_ANCESTRY) {
		out.push(parent);
		seen.add(parent);
		parent = agentOf(parent)?.parentAgentId;
	}
	return out;
}

/** The first live request that covers the agent, and how; undefined when none does. */
export function coveringRequest(requests: readonly StopRequest[], query: CoverQuery): Covered | undefined {
	const self = query.agentOf(query.agentId);
	let ancestors: string[] | undefined;
	for (const request of requests) {
		if (!isLive(request, query.nowMs) || Date.parse(request.requestedAt) > query.nowMs + 60_000) {
			continue;
		}
		if (self?.resumedAt !== undefined && Date.parse(self.resumedAt) > Date.parse(request.requestedAt)) {
			// Continued after the request (SendMessage): not what the user stopped.
			continue;
		}
		if (request.agents.includes(query.agentId)) {
			return {request, via: 'named'};
		}
		if (query.runId !== undefined && request.runs.includes(query.runId)) {
			return {request, via: 'run'};
		}
		ancestors ??= ancestorsOf(query.agentId, query.agentOf);
		if (ancestors.some(id => request.agents.includes(id))) {
			return {request, via: 'descendant'};
		}
	}
	return undefined;
}

/** A known agent and the run it is in, for the views and the command. */
export interface KnownAgent extends StopAgentFacts {
	readonly runId?: string | undefined;
}

/**
 * The known agents a request would stop, in the order given: the named ones, those under them, and
 * the agents of the runs it names. The main session is never among them.
 */
export function agentsCovered(request: Pick<StopRequest, 'agents' | 'runs'>, agents: readonly KnownAgent[]): KnownAgent[] {
	const byId = new Map(agents.map(a => [a.agentId, a]));
	const agentOf = (id: string) => byId.get(id);
	return agents.filter(
		a =>
			request.agents.includes(a.agentId) ||
			(a.runId !== undefined && request.runs.includes(a.runId)) ||
			ancestorsOf(a.agentId, agentOf).some(id => request.agents.includes(id)),
	);
}

/**
 * A request is carried out when every known agent it covers has ended after it was made (or
 * before): nothing it covers still runs, and each run it names has ended (`runEnded`).
 */
export function requestDone(request: StopRequest, agents: readonly KnownAgent[], runEnded: (runId: string) => boolean): boolean {
	const byId = new Map(agents.map(a => [a.agentId, a]));
	return requestDoneIn(
		request,
		{ids: [...byId.keys()], stopped: id => byId.get(id)?.status === 'stopped', agentOf: id => byId.get(id), runOf: id => byId.get(id)?.runId},
		runEnded,
	);
}

/** A session's agents as `requestDoneIn` reads them: each looked up only when the answer needs it. */
export interface SessionLookup {
	/** The ids of the session's known agents. */
	readonly ids: readonly string[];
	/** Whether its record says it stopped: the cheap look, before its lineage is sought. */
	readonly stopped: (agentId: string) => boolean;
	/** Its facts, lineage included; undefined when unknown. */
	readonly agentOf: (agentId: string) => StopAgentFacts | undefined;
	/** The workflow run it is in. */
	readonly runOf: (agentId: string) => string | undefined;
}

/**
 * `requestDone` over a session read on demand, cheapest looks first: the runs it names ended, the
 * agents it names stopped, then only the agents still running asked whether it covers them (an
 * agent that stopped cannot keep it open), their lineage and run looked up for them alone. The
 * hook answers this after each stop it carries out, in sessions of dozens of agents.
 */
export function requestDoneIn(request: StopRequest, session: SessionLookup, runEnded: (runId: string) => boolean): boolean {
	if (!request.runs.every(runEnded)) {
		return false;
	}
	const known = new Set(session.ids);
	const agentOf = (id: string) => (known.has(id) ? session.agentOf(id) : undefined);
	if (!request.agents.every(id => agentOf(id)?.status === 'stopped')) {
		return false;
	}
	for (const id of known) {
		if (session.stopped(id)) {
			continue;
		}
		const facts = agentOf(id);
		if (facts === undefined || facts.status === 'stopped') {
			continue;
		}
		const runId = request.runs.length === 0 ? undefined : session.runOf(id);
		if (
			request.agents.includes(id) ||
			(runId !== undefined && request.runs.includes(runId)) ||
			ancestorsOf(id, agentOf).some(a => request.agents.includes(a))
		) {
			return false;
		}
	}
	return true;
}

/**
 * The JSON line the hook prints to stop the agent whose tool call it was asked about. On
 * PreToolUse the call is denied and the agent ends (Claude Code 2.1.328: the call does not run);
 * on PostToolUse (a parent's Agent call came back) the agent ends before its next step.
 */
export function stopAnswer(hookEvent: 'PreToolUse' | 'PostToolUse', message = USER_STOP_MESSAGE): string {
	const answer =
		hookEvent === 'PreToolUse'
			? {
					continue: false,
					stopReason: message,
					hookSpecificOutput: {hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: message},
				}
			: {continue: false, stopReason: message};
	return `${JSON.stringify(answer)}\n`;
}

export interface UserStopFacts {
	readonly at: string;
	readonly sessionId: string;
	readonly agentId: string;
	readonly type: string;
	/** The hook event that carried it out, and the tool call it was asked about. */
	readonly hookEvent: 'PreToolUse' | 'PostToolUse';
	readonly tool?: string | undefined;
	readonly toolUseId?: string | undefined;
	readonly requestId: string;
	readonly via: CoverVia;
	readonly cwd?: string | undefined;
}

/** The event log's line of a stop the hook carried out (`UserStop`, state `stopped`). */
export function userStopLine(facts: UserStopFacts): EventLine {
	return {
		v: EVENT_LINE_VERSION,
		at: facts.at,
		event: USER_STOP_EVENT,
		sessionId: facts.sessionId,
		agentId: facts.agentId,
		...(facts.type === '' ? {} : {type: facts.type}),
		state: 'stopped',
		data: {
			hookEvent: facts.hookEvent,
			...(facts.tool === undefined ? {} : {tool: facts.tool}),
			...(facts.toolUseId === undefined ? {} : {toolUseId: facts.toolUseId}),
			requestId: facts.requestId,
			via: facts.via,
		},
		...(facts.cwd === undefined ? {} : {cwd: facts.cwd}),
	};
}
