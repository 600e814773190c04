// `agentlog report`: what a session's agents did, as data — each agent's status, times, tokens,
// tool calls, cost and summary line, the failures and interruptions, the totals and the peak of
// agents at once — printed as JSON, or as Markdown by report-markdown.ts. Built from the fields
// `ls --json` gives (lsJsonFields) and the timeline's lanes, so the numbers are the ones every view
// shows. Pure.
import type {MonitorItem} from '../core/monitor/model.js';
import {lsJsonFields, type LsJsonFields} from './json-shapes.js';
import {agentName, taskOf} from './present.js';
import {stopReasonText} from '../core/record/lifecycle.js';
import type {Lane, LaneStatus} from './timeline.js';
import {roundUsd, type JsonCost} from '../core/cost/cost.js';

export interface ReportAgent {
	readonly agentId: string;
	/** As the list and `ls` name it: its name or type (`scout (general-purpose)`). */
	readonly name: string;
	/** Its task, as the list shows it beside the name, when it says more than the type. */
	readonly task: string | null;
	readonly depth: number;
	readonly parentAgentId: string | null;
	readonly status: LaneStatus;
	/** Why it stopped, in words, when it failed or was interrupted. */
	readonly why: string | null;
	readonly startedAt: string;
	readonly stoppedAt: string | null;
	readonly durationMs: number | null;
	readonly tokens: number | null;
	/** What it cost at list prices, as `ls --json` gives it. */
	readonly cost: JsonCost | null;
	readonly toolCalls: number | null;
	readonly filesChanged: number | null;
	readonly model: string | null;
	readonly description: string | null;
	readonly summary: string | null;
}

export interface SessionReport {
	readonly sessionId: string;
	readonly generatedAt: string;
	readonly agents: readonly ReportAgent[];
	readonly totals: {
		readonly agents: number;
		readonly byStatus: Readonly<Partial<Record<LaneStatus, number>>>;
		/** From the first start to the last stop (or now). */
		readonly wallMs: number | null;
		/** The sum of the agents' own run times. */
		readonly agentMs: number;
		readonly tokens: number;
		/** The agents' costs summed (those known); null when none is. */
		readonly cost: JsonCost | null;
		readonly toolCalls: number;
		readonly peakAtOnce: number;
	};
}

function tokenSum(fields: LsJsonFields): number | null {
	const t = fields.tokens;
	return t === null ? null : t.input + t.output + t.cacheRead + t.cacheCreation;
}

function toolCallCount(fields: LsJsonFields): number | null {
	return fields.toolCounts === null ? null : Object.values(fields.toolCounts).reduce((n, c) => n + c, 0);
}

/** Costs summed: the dollars of those priced, the responses left out; null when none is known. */
function sumJsonCosts(costs: readonly (JsonCost | null)[]): JsonCost | null {
	const known = costs.filter((c): c is JsonCost => c !== null);
	const first = known[0];
	if (first === undefined) {
		return null;
	}
	const priced = known.flatMap(c => (c.usd === null ? [] : [c.usd]));
	return {
		usd: priced.length === 0 ? null : roundUsd(priced.reduce((sum, usd) => sum + usd, 0)),
		pricesAsOf: first.pricesAsOf,
		estimated: true,
		unpricedResponses: known.reduce((n, c) => n + c.unpricedResponses, 0),
	};
}

/** The most agents running at one moment (idle ones not). */
function peakOf(lanes: readonly Lane[], nowMs: number): number {
	const edges: [number, number][] = [];
	for (const lane of lanes) {
		edges.push([lane.startMs, 1], [lane.stopMs ?? nowMs, -1]);
	}
	edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
	let now = 0;
	let peak = 0;
	for (const [, step] of edges) {
		now += step;
		peak = Math.max(peak, now);
	}
	return peak;
}

/** The report of the items shown (in the list's order) and their lanes. */
export function sessionReport(sessionId: string, items: readonly MonitorItem[], lanes: readonly Lane[], nowMs: number): SessionReport {
	const laneOf = new Map(lanes.map(lane => [lane.id, lane]));
	const agents: ReportAgent[] = [];
	for (const item of items) {
		const lane = laneOf.get(item.agent.agentId);
		if (lane === undefined) {
			continue;
		}
		const fields = lsJsonFields(item);
		const end = lane.stopMs ?? nowMs;
		agents.push({
			agentId: item.agent.agentId,
			name: agentName(item),
			task: taskOf(item)?.trim() || null,
			depth: item.depth,
			parentAgentId: fields.parentAgentId,
			status: lane.status,
			why: lane.status === 'failed' || lane.status === 'interrupted' || lane.status === 'user-stopped' ? stopReasonText(item.agent.stopReason) || null : null,
			startedAt: new Date(lane.startMs).toISOString(),
			// A stale agent never stopped (null, as in ls and history); its lane ends at its last sign of life.
			stoppedAt: lane.stopMs === undefined || lane.status === 'stale' ? null : new Date(lane.stopMs).toISOString(),
			// Whole milliseconds: a transcript's write time is fractional.
			durationMs: item.agent.startUnknown ? null : Math.round(Math.max(0, end - lane.startMs)),
			tokens: tokenSum(fields),
			cost: fields.cost,
			toolCalls: toolCallCount(fields),
			filesChanged: fields.files === null ? null : fields.files.length,
			model: fields.model,
			description: fields.description,
			summary: fields.summary,
		});
	}
	const byStatus: Partial<Record<LaneStatus, number>> = {};
	for (const agent of agents) {
		byStatus[agent.status] = (byStatus[agent.status] ?? 0) + 1;
	}
	const starts = lanes.map(l => l.startMs);
	const ends = lanes.map(l => l.stopMs ?? nowMs);
	return {
		sessionId,
		generatedAt: new Date(nowMs).toISOString(),
		agents,
		totals: {
			agents: agents.length,
			byStatus,
			wallMs: lanes.length === 0 ? null : Math.max(...ends) - Math.min(...starts),
			agentMs: agents.reduce((n, a) => n + (a.durationMs ?? 0), 0),
			tokens: agents.reduce((n, a) => n + (a.tokens ?? 0), 0),
			cost: sumJsonCosts(agents.map(a => a.cost)),
			toolCalls: agents.reduce((n, a) => n + (a.toolCalls ?? 0), 0),
			peakAtOnce: peakOf(lanes, nowMs),
		},
	};
}
