// What `history --json` answers from another machine, checked and copied field by field like a
// stream line (decode.ts): hostile input, bounded in count and size, every string made safe for
// a terminal where it enters; an element without a valid id, status or start is skipped. Pure.
import type {JsonCost} from '../cost/cost.js';
import {HISTORY_STATUSES, type HistoryStatus} from '../history/fold.js';
import type {HistoryJsonAgent, JsonGit, JsonRun} from '../history/query.js';
import {isSafeId} from '../record/agent-record.js';
import {head} from '../text/bounded.js';
import {safeLine} from '../text/safe-text.js';
import {decodeList, type Decoded} from './answers.js';
import {providerNamed} from '../record/provider.js';

/** Agents read from one host's `history --json` at most (the rest are counted as skipped). */
export const MAX_HISTORY = 5000;
/** Runs (a resume starts one) kept per agent. */
const MAX_RUNS = 100;
const SHORT = 300;
const DESCRIPTION = 2000;

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const line = (v: unknown, max = SHORT): string | null => (typeof v === 'string' ? safeLine(head(v, max)) : null);
const count = (v: unknown): number | null => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : null);
const time = (v: unknown): string | null => (typeof v === 'string' && v.length <= 40 && !Number.isNaN(Date.parse(v)) ? safeLine(v) : null);

function usageOf(v: unknown): HistoryJsonAgent['usage'] {
	if (!isObj(v)) {
		return null;
	}
	const [input, output, cacheRead, cacheCreation] = [count(v.input), count(v.output), count(v.cacheRead), count(v.cacheCreation)];
	return input === null || output === null || cacheRead === null || cacheCreation === null ? null : {input, output, cacheRead, cacheCreation};
}

/** A `cost` object of history or stats JSON, checked; null when it is not one. */
export function costOf(v: unknown): JsonCost | null {
	if (!isObj(v) || typeof v.pricesAsOf !== 'string' || !/^\d{4}-\d{2}-\d{2}$/u.test(v.pricesAsOf)) {
		return null;
	}
	const usd = typeof v.usd === 'number' && Number.isFinite(v.usd) && v.usd >= 0 && v.usd < 1e9 ? v.usd : null;
	return {usd, pricesAsOf: v.pricesAsOf, estimated: true, unpricedResponses: count(v.unpricedResponses) ?? 0};
}

function runsOf(v: unknown): readonly JsonRun[] | null {
	if (!Array.isArray(v)) {
		return null;
	}
	return v.slice(0, MAX_RUNS).flatMap(r => {
		const startedAt = isObj(r) ? time(r.startedAt) : null;
		return isObj(r) && startedAt !== null ? [{startedAt, tokens: count(r.tokens) ?? 0, toolCalls: count(r.toolCalls) ?? 0}] : [];
	});
}

function gitOf(v: unknown): JsonGit | null {
	return isObj(v) ? {head: line(v.head, 64), branch: line(v.branch)} : null;
}

function workflowOf(v: unknown): HistoryJsonAgent['workflow'] {
	const runId = isObj(v) ? line(v.runId, 200) : null;
	return isObj(v) && runId !== null ? {runId, name: line(v.name), phase: line(v.phase), label: line(v.label)} : null;
}

/** One element of `history --json`, checked and copied; undefined when it lacks a valid id, session, status or start. */
export function decodeHistoryAgent(v: unknown): HistoryJsonAgent | undefined {
	if (!isObj(v) || !isSafeId(v.agentId) || !isSafeId(v.sessionId)) {
		return undefined;
	}
	const startedAt = time(v.startedAt);
	if (typeof v.status !== 'string' || !(HISTORY_STATUSES as readonly string[]).includes(v.status) || startedAt === null) {
		return undefined;
	}
	const git = isObj(v.git) ? v.git : {};
	return {
		agentId: v.agentId,
		sessionId: v.sessionId,
		type: line(v.type, 200) ?? '',
		name: line(v.name, 200),
		description: line(v.description, DESCRIPTION),
		status: v.status as HistoryStatus,
		startedAt,
		stoppedAt: time(v.stoppedAt),
		durationMs: count(v.durationMs),
		resumeCount: count(v.resumeCount) ?? 0,
		stopReason: line(v.stopReason),
		tokens: count(v.tokens),
		usage: usageOf(v.usage),
		cost: costOf(v.cost),
		runs: runsOf(v.runs),
		lastRequestTokens: count(v.lastRequestTokens),
		toolCalls: count(v.toolCalls),
		model: line(v.model, 200),
		git: {start: gitOf(git.start), stop: gitOf(git.stop)},
		parentAgentId: isSafeId(v.parentAgentId) ? v.parentAgentId : null,
		lastActivityAt: time(v.lastActivityAt) ?? startedAt,
		source: v.source === 'transcript' ? 'transcript' : 'hook',
		provider: providerNamed(v.provider) ?? 'claude',
		workflow: workflowOf(v.workflow),
	};
}

/** `history --json`'s array, at most MAX_HISTORY agents; undefined when it is not an array. */
export function decodeHistory(json: unknown): Decoded<HistoryJsonAgent> | undefined {
	return decodeList(json, MAX_HISTORY, decodeHistoryAgent);
}
