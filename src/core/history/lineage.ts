// An agent's lineage within its session: who spawned it (the main session or another agent, via
// `parentAgentId`), what it spawned, recursively. Cycle-safe: a parent link that loops is followed
// once. Pure.
import type {AgentHistory} from './fold.js';
import {sortHistories} from './query.js';

export interface ChainEntry {
	readonly history: AgentHistory;
	/** Levels below the agent (1: its child). */
	readonly depth: number;
}

export interface AgentChain {
	readonly agent: AgentHistory;
	/** The outermost ancestor first, the agent's parent last. */
	readonly ancestors: readonly AgentHistory[];
	/** A parent the lineage names but the history does not hold (the outermost link's `parentAgentId`), if any. */
	readonly missingParent?: string;
	/** Depth first, children oldest first. */
	readonly descendants: readonly ChainEntry[];
}

/** The lineage of `agentId` among the agents of its session; undefined when the session does not hold it. */
export function agentChain(sessionAgents: readonly AgentHistory[], agentId: string): AgentChain | undefined {
	const byId = new Map<string, AgentHistory>();
	for (const h of sessionAgents) {
		byId.set(h.agentId, h);
	}
	const agent = byId.get(agentId);
	if (!agent) {
		return undefined;
	}
	const seen = new Set<string>([agent.agentId]);
	const ancestors: AgentHistory[] = [];
	let missingParent: string | undefined;
	for (let parentId = agent.parentAgentId; parentId !== undefined && !seen.has(parentId);) {
		const parent = byId.get(parentId);
		if (!parent) {
			missingParent = parentId;
			break;
		}
		seen.add(parentId);
		ancestors.unshift(parent);
		parentId = parent.parentAgentId;
	}
	const children = new Map<string, AgentHistory[]>();
	for (const h of sessionAgents) {
		if (h.parentAgentId !== undefined) {
			let list = children.get(h.parentAgentId);
			if (!list) {
				list = [];
				children.set(h.parentAgentId, list);
			}
			list.push(h);
		}
	}
	const descendants: ChainEntry[] = [];
	// Iterative depth-first walk (a long chain never overflows the stack).
	const stack: ChainEntry[] = sortHistories([...(children.get(agent.agentId) ?? [])], false).map(history => ({history, depth: 1}));
	while (stack.length > 0) {
		const entry = stack.pop()!;
		if (seen.has(entry.history.agentId)) {
			continue;
		}
		seen.add(entry.history.agentId);
		descendants.push(entry);
		// Newest first on the stack, so the oldest child is taken first.
		for (const child of sortHistories([...(children.get(entry.history.agentId) ?? [])], false)) {
			stack.push({history: child, depth: entry.depth + 1});
		}
	}
	return {agent, ancestors, ...(missingParent === undefined ? {} : {missingParent}), descendants};
}
