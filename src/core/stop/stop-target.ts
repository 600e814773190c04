// What the user asks to stop (`agentlog stop <agent-id|name|wf_run>`, `x` in watch), resolved
// against a session's agents: the request to write and the agents it will stop, or why it cannot
// be made. Pure.
import type {MonitorItem} from '../monitor/model.js';
import {fail, ok, type Result} from '../result.js';
import {agentsCovered, type KnownAgent} from './stop-decision.js';
import {isRunId} from './stop-request.js';
import {PROVIDER_TOOL, type Provider} from '../record/provider.js';

/** The shortest agent id prefix taken. */
export const MIN_ID_PREFIX = 4;

export interface StopPlan {
	/** Agent ids and run ids the request names. */
	readonly agents: readonly string[];
	readonly runs: readonly string[];
	/** What the user named: the agent's item, or the run. */
	readonly named: {readonly kind: 'agent'; readonly item: MonitorItem} | {readonly kind: 'run'; readonly runId: string; readonly name: string | null};
	/** The agents still running the request will stop, the named one first. */
	readonly stops: readonly MonitorItem[];
}

/** The facts the decision takes from a monitor item. */
export function knownAgent(item: MonitorItem): KnownAgent {
	return {
		agentId: item.agent.agentId,
		status: item.agent.status,
		parentAgentId: item.parentAgentId ?? item.agent.parentAgentId,
		resumedAt: item.agent.resumedAt,
		runId: item.workflow?.runId,
	};
}

function running(item: MonitorItem): boolean {
	return item.agent.status !== 'stopped' && !item.stale && !item.inferredStop;
}

/** The words a name is matched with: its launch name, teammate name, description, type; lower case. */
function namesOf(item: MonitorItem): string[] {
	return [item.name, item.agent.teammateName, item.description, item.agent.description].flatMap(n => (n === undefined || n === '' ? [] : [n.toLowerCase()]));
}

function pick(target: string, items: readonly MonitorItem[]): Result<MonitorItem> {
	const exact = items.find(item => item.agent.agentId === target);
	if (exact !== undefined) {
		return ok(exact);
	}
	const wanted = target.toLowerCase();
	const byName = items.filter(item => namesOf(item).includes(wanted));
	const byPrefix = target.length >= MIN_ID_PREFIX ? items.filter(item => item.agent.agentId.startsWith(target)) : [];
	const found = byName.length > 0 ? byName : byPrefix;
	if (found.length === 1) {
		return ok(found[0]!);
	}
	if (found.length > 1) {
		return fail(`${JSON.stringify(target)} names ${found.length} agents (${found.map(i => i.agent.agentId).join(', ')}): give the agent id`);
	}
	return fail(`no agent of this session is ${JSON.stringify(target)} (an agent id, a unique prefix of one, its name or its description)`);
}

/**
 * Why agentlog cannot stop an agent of this tool; undefined for Claude Code's. Only Claude Code's
 * hooks can end one subagent and leave the session going (docs/commands.md#agentlog-stop-target).
 */
export function unstoppableWhy(provider: Provider | undefined): string | undefined {
	switch (provider) {
		case undefined:
		case 'claude':
			return undefined;
		case 'codex':
			return 'agentlog cannot stop a Codex subagent: Codex has no hook answer that ends one subagent and leaves the session going';
		case 'qwen':
			return "agentlog cannot stop a Qwen Code subagent: its stop is not installed for Qwen Code's hooks";
		default:
			return `agentlog cannot stop ${PROVIDER_TOOL[provider]}'s subagents: it reads them from ${PROVIDER_TOOL[provider]}'s own files, with no hook to answer`;
	}
}

/**
 * The request for `target` (an agent id or a unique prefix of one, a name or description, or a
 * workflow run id) among a session's items: an error says why nothing can be stopped.
 */
export function planStop(target: string, items: readonly MonitorItem[]): Result<StopPlan> {
	const known = items.map(knownAgent);
	const byId = new Map(items.map(item => [item.agent.agentId, item]));
	const stopsOf = (request: {agents: readonly string[]; runs: readonly string[]}) =>
		agentsCovered(request, known)
			.map(a => byId.get(a.agentId)!)
			.filter(running);
	if (isRunId(target)) {
		const members = items.filter(item => item.workflow?.runId === target);
		if (members.length === 0) {
			return fail(`no agent of this session belongs to workflow run ${target}`);
		}
		const why = members.map(item => unstoppableWhy(item.agent.provider)).find(w => w !== undefined);
		if (why !== undefined) {
			return fail(why);
		}
		const stops = stopsOf({agents: [], runs: [target]});
		if (stops.length === 0) {
			return fail(`workflow run ${target} has no agent still running`);
		}
		return ok({agents: [], runs: [target], named: {kind: 'run', runId: target, name: members[0]!.workflow?.name ?? null}, stops});
	}
	const picked = pick(target, items);
	if (!picked.ok) {
		return picked;
	}
	const item = picked.value;
	const why = unstoppableWhy(item.agent.provider);
	if (why !== undefined) {
		return fail(why);
	}
	const stops = stopsOf({agents: [item.agent.agentId], runs: []});
	if (stops.length === 0) {
		return fail(`${item.agent.agentId} has stopped already, and nothing under it runs`);
	}
	return ok({agents: [item.agent.agentId], runs: [], named: {kind: 'agent', item}, stops});
}
