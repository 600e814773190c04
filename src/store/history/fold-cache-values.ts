// The values of a kept session fold (fold-cache.ts), checked as they are read back: each agent, its
// lifecycle steps and git state, the tally of the log's lines (kept as one row) and the workflow
// paths. A cache file is outside input: a value that is not what the fold makes (ids unsafe, times
// not ISO, counts not whole, strings over a log line's length) makes the whole file unused. Pure.
import {HISTORY_STATUSES, type AgentHistory} from '../../core/history/fold.js';
import type {LineTally} from '../../core/history/stats.js';
import {isSafeId} from '../../core/record/agent-record.js';
import type {GitState} from '../../core/record/event-line.js';
import {isObject} from '../../core/record/json.js';
import {isProvider} from '../../core/record/provider.js';
import type {LifecycleKind, LifecycleStep} from '../../core/record/lifecycle-machine.js';
import type {SeenWorkflows} from '../workflow/history.js';

/** No string the fold keeps is longer than a log line. */
const MAX_STRING = 8 * 1024 * 1024;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})?)?$/u;
const KINDS: ReadonlySet<string> = new Set<LifecycleKind>(['spawned', 'completed', 'failed', 'interrupted', 'user-stopped', 'resumed', 'idle', 'active']);
const STATUSES: ReadonlySet<string> = new Set(HISTORY_STATUSES);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const isText = (v: unknown): v is string => typeof v === 'string' && v.length <= MAX_STRING;
const isTime = (v: unknown): v is string => isText(v) && ISO_TIME.test(v) && !Number.isNaN(Date.parse(v));

function parseGit(value: unknown): GitState | undefined | false {
	if (value === undefined) {
		return undefined;
	}
	if (!isObject(value)) {
		return false;
	}
	const {head, branch} = value;
	if ((head !== undefined && !isText(head)) || (branch !== undefined && !isText(branch)) || (head === undefined && branch === undefined)) {
		return false;
	}
	return {...(head === undefined ? {} : {head}), ...(branch === undefined ? {} : {branch})};
}

function parseSteps(value: unknown): LifecycleStep[] | undefined {
	if (!Array.isArray(value)) {
		return undefined;
	}
	const steps: LifecycleStep[] = [];
	for (const step of value as unknown[]) {
		if (!isObject(step) || typeof step.kind !== 'string' || !KINDS.has(step.kind) || !isTime(step.at)) {
			return undefined;
		}
		if (step.reason !== undefined && !isText(step.reason)) {
			return undefined;
		}
		steps.push({kind: step.kind as LifecycleKind, at: step.at, ...(step.reason === undefined ? {} : {reason: step.reason})});
	}
	return steps;
}

/**
 * A kept agent read back, in the fold's own key order (the JSON printed is the same); undefined
 * when any value is not what the fold makes of a log line.
 */
export function parseAgent(v: unknown, sessionId: string): AgentHistory | undefined {
	if (!isObject(v)) {
		return undefined;
	}
	const optionalText = (x: unknown): boolean => x === undefined || isText(x);
	const optionalCount = (x: unknown): boolean => x === undefined || isCount(x);
	const optionalTime = (x: unknown): boolean => x === undefined || isTime(x);
	if (
		!isSafeId(v.agentId) ||
		v.sessionId !== sessionId ||
		!isText(v.type) ||
		!optionalText(v.description) ||
		!optionalText(v.name) ||
		typeof v.status !== 'string' ||
		!STATUSES.has(v.status) ||
		!isTime(v.startedAt) ||
		!(v.startUnknown === undefined || v.startUnknown === true) ||
		!optionalTime(v.stoppedAt) ||
		!optionalTime(v.resumedAt) ||
		!(v.durationMs === undefined || (typeof v.durationMs === 'number' && Number.isFinite(v.durationMs) && v.durationMs >= 0)) ||
		!isCount(v.resumeCount) ||
		!optionalText(v.stopReason) ||
		!optionalCount(v.tokens) ||
		!optionalCount(v.lastRequestTokens) ||
		!optionalCount(v.toolCalls) ||
		!optionalText(v.model) ||
		!optionalText(v.transcriptPath) ||
		!optionalText(v.cwd) ||
		!isObject(v.git) ||
		!(v.parentAgentId === undefined || isSafeId(v.parentAgentId)) ||
		!isTime(v.lastEventAt) ||
		!(v.source === 'hook' || v.source === 'transcript') ||
		!isProvider(v.provider)
	) {
		return undefined;
	}
	const start = parseGit(v.git.start);
	const stop = parseGit(v.git.stop);
	const lifecycle = parseSteps(v.lifecycle);
	if (start === false || stop === false || lifecycle === undefined) {
		return undefined;
	}
	const s = v as Record<string, unknown> &
		Pick<AgentHistory, 'agentId' | 'type' | 'status' | 'startedAt' | 'resumeCount' | 'lastEventAt' | 'source' | 'provider'>;
	const text = (x: unknown): string => x as string;
	return {
		agentId: s.agentId,
		sessionId,
		type: s.type,
		...(s.description === undefined ? {} : {description: text(s.description)}),
		...(s.name === undefined ? {} : {name: text(s.name)}),
		status: s.status,
		startedAt: s.startedAt,
		...(s.startUnknown === true ? {startUnknown: true as const} : {}),
		...(s.stoppedAt === undefined ? {} : {stoppedAt: text(s.stoppedAt)}),
		...(s.resumedAt === undefined ? {} : {resumedAt: text(s.resumedAt)}),
		...(s.durationMs === undefined ? {} : {durationMs: s.durationMs as number}),
		resumeCount: s.resumeCount,
		...(s.stopReason === undefined ? {} : {stopReason: text(s.stopReason)}),
		...(s.tokens === undefined ? {} : {tokens: s.tokens as number}),
		...(s.lastRequestTokens === undefined ? {} : {lastRequestTokens: s.lastRequestTokens as number}),
		...(s.toolCalls === undefined ? {} : {toolCalls: s.toolCalls as number}),
		...(s.model === undefined ? {} : {model: text(s.model)}),
		...(s.transcriptPath === undefined ? {} : {transcriptPath: text(s.transcriptPath)}),
		...(s.cwd === undefined ? {} : {cwd: text(s.cwd)}),
		git: {...(start === undefined ? {} : {start}), ...(stop === undefined ? {} : {stop})},
		...(s.parentAgentId === undefined ? {} : {parentAgentId: text(s.parentAgentId)}),
		lastEventAt: s.lastEventAt,
		lifecycle,
		events: [],
		source: s.source,
		provider: s.provider,
	};
}

// The tally as kept: [events, event, n, event, n, …, firstMs, firstAt, lastMs, lastAt] (null, null when none).
export function tallyRow(t: LineTally): unknown[] {
	const row: unknown[] = [t.events];
	for (const [event, n] of t.byEvent) {
		row.push(event, n);
	}
	row.push(t.first?.ms ?? null, t.first?.at ?? null, t.last?.ms ?? null, t.last?.at ?? null);
	return row;
}

export function parseTallyRow(row: unknown, sessionId: string): LineTally | undefined {
	if (!Array.isArray(row) || row.length < 5 || (row.length - 5) % 2 !== 0 || !isCount(row[0])) {
		return undefined;
	}
	const byEvent = new Map<string, number>();
	let sum = 0;
	for (let i = 1; i < row.length - 4; i += 2) {
		const event: unknown = row[i];
		const n: unknown = row[i + 1];
		if (!isText(event) || !isCount(n) || n === 0 || byEvent.has(event)) {
			return undefined;
		}
		byEvent.set(event, n);
		sum += n;
	}
	if (sum !== row[0]) {
		return undefined;
	}
	const end = (ms: unknown, at: unknown): {ms: number; at: string} | undefined | false =>
		ms === null && at === null ? undefined : typeof ms === 'number' && isText(at) && Date.parse(at) === ms ? {ms, at} : false;
	const first = end(row.at(-4), row.at(-3));
	const last = end(row.at(-2), row.at(-1));
	if (first === false || last === false) {
		return undefined;
	}
	return {
		events: row[0],
		sessions: new Set(row[0] > 0 ? [sessionId] : []),
		byEvent,
		...(first === undefined ? {} : {first}),
		...(last === undefined ? {} : {last}),
	};
}

export function parseWorkflows(value: unknown): SeenWorkflows | undefined {
	if (!isObject(value) || !(value.folder === null || isText(value.folder)) || !Array.isArray(value.paths)) {
		return undefined;
	}
	const paths: [string, string][] = [];
	for (const pair of value.paths as unknown[]) {
		if (!Array.isArray(pair) || pair.length !== 2 || !isSafeId(pair[0]) || !isText(pair[1])) {
			return undefined;
		}
		paths.push([pair[0], pair[1]]);
	}
	return {...(value.folder === null ? {} : {folder: value.folder}), paths};
}
