// `agentlog chain <agent>` (issue 12): an agent's lineage within its session — who spawned it
// (the main session or another agent, via `parentAgentId`), what it spawned, recursively — with
// each one's lifecycle. Cycle-safe: a parent link that loops is followed once. Pure.
import {formatLocalTime} from '../core/text/format.js';
import {safeLine} from '../core/text/safe-text.js';
import type {EventLine} from '../core/record/event-line.js';
import type {AgentHistory} from '../core/history/fold.js';
import {durationOf, historyStatusText} from './history-text.js';
import {historyJsonAgent, sortHistories, type HistoryJsonAgent} from '../core/history/query.js';

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

export type ChainJsonAgent = HistoryJsonAgent & {readonly events: readonly EventLine[]};

export interface ChainJson {
	readonly agent: ChainJsonAgent;
	readonly ancestors: readonly ChainJsonAgent[];
	readonly descendants: readonly ChainJsonAgent[];
}

const withEvents = (h: AgentHistory): ChainJsonAgent => ({...historyJsonAgent(h), events: h.events});

/** `chain --json`: each agent as in `history --json` plus its log lines (oldest first, exact). */
export function chainJson(chain: AgentChain): ChainJson {
	return {
		agent: withEvents(chain.agent),
		ancestors: chain.ancestors.map(withEvents),
		descendants: chain.descendants.map(d => withEvents(d.history)),
	};
}

function node(h: AgentHistory, indent: string, mark: string, now: number, timeZone: string | undefined): string[] {
	const description = h.description === undefined ? '' : ` "${safeLine(h.description)}"`;
	const head = `${indent}${mark}${safeLine(h.type) || '?'}${description} · ${historyStatusText(h)} · ${durationOf(h)} · ${safeLine(h.agentId)}`;
	const steps = h.lifecycle.map(step => {
		const reason = step.reason === undefined ? '' : ` (${safeLine(step.reason)})`;
		return `${step.kind} ${formatLocalTime(safeLine(step.at), now, timeZone)}${reason}`;
	});
	return steps.length === 0 ? [head] : [head, `${indent}    ${steps.join(' → ')}`];
}

/** Levels indented at most: deeper ones stay at this indent and say their level (`[120] `), so a line's length stays bounded. */
export const MAX_CHAIN_INDENT_LEVELS = 40;

function indentOf(level: number): string {
	return level <= MAX_CHAIN_INDENT_LEVELS ? '  '.repeat(level) : `${'  '.repeat(MAX_CHAIN_INDENT_LEVELS)}[${level}] `;
}

/** `chain` as text: the spawner on top, each level indented by two, the agent marked `▶`, its descendants under it. */
export function formatChainText(chain: AgentChain, now: number, timeZone?: string): string {
	const lines: string[] = [];
	const top = chain.missingParent === undefined ? 'main session' : `spawned by ${safeLine(chain.missingParent)} (not in the history)`;
	lines.push(`session ${safeLine(chain.agent.sessionId)} · ${top}`);
	let depth = 1;
	for (const ancestor of chain.ancestors) {
		lines.push(...node(ancestor, indentOf(depth), '', now, timeZone));
		depth++;
	}
	const agentDepth = depth;
	lines.push(...node(chain.agent, indentOf(agentDepth), '▶ ', now, timeZone));
	for (const d of chain.descendants) {
		lines.push(...node(d.history, indentOf(agentDepth + d.depth), '', now, timeZone));
	}
	return `${lines.join('\n')}\n`;
}
