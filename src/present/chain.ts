// The words and JSON of `agentlog chain <agent>`: an agent's lineage (core/history/lineage.ts) with
// each one's lifecycle. Pure.
import {typeWithName} from './history-text.js';
import {formatLocalTime} from '../core/text/format.js';
import {safeLine} from '../core/text/safe-text.js';
import type {EventLine} from '../core/record/event-line.js';
import type {AgentHistory} from '../core/history/fold.js';
import {durationOf, historyStatusText} from './history-text.js';
import type {HistoryJsonAgent} from '../core/history/query.js';
import {historyJsonAgent} from './history-json.js';
import type {AgentChain} from '../core/history/lineage.js';

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
	const head = `${indent}${mark}${typeWithName(h)}${description} · ${historyStatusText(h)} · ${durationOf(h)} · ${safeLine(h.agentId)}`;
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
