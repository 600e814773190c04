// A Codex subagent as agentlog's one agent shape: the record the monitor model reads
// (as if a hook had written it, with `provider: "codex"`) and what its "transcript" says (the
// rollout, as the model's TranscriptFacts). Below this, nothing in the model is Codex-specific.
// Pure.
import type {AgentRecord} from '../record/agent-record.js';
import {ALL_PROVIDERS, isProvider, type Provider} from '../record/provider.js';
import type {TranscriptFacts} from '../monitor/inferred-stop.js';
import {EMPTY_SUMMARY, type ResponseUsage, type ToolCall} from '../transcript/summary.js';
import {responseCost} from '../cost/cost.js';
import {head} from '../text/bounded.js';
import {MODEL_MAX, tallyTotals, type TranscriptTally} from '../transcript/tally.js';
import type {CodexThread} from './rollout.js';

export type {Provider};

export const PROVIDERS: readonly Provider[] = ALL_PROVIDERS;

/** A record's provider: `claude` unless it names another tool agentlog knows. */
export function providerOf(record: Pick<AgentRecord, 'provider'>): Provider {
	return isProvider(record.provider) ? record.provider : 'claude';
}

/** Its type: the role (`explorer`), else the last part of its task path (`/root/worker_one` → `worker_one`), else `default`. */
export function codexType(thread: CodexThread): string {
	const meta = thread.meta;
	if (meta?.role !== undefined && meta.role !== 'default') {
		return meta.role;
	}
	const last = meta?.path?.split('/').filter(Boolean).at(-1);
	return last ?? meta?.role ?? 'default';
}

/** The agent that spawned it: none at depth 1 (the root thread is the session), else its parent thread. */
export function codexParent(thread: CodexThread): string | undefined {
	const meta = thread.meta;
	if (meta?.parentThreadId === undefined || meta.parentThreadId === meta.sessionId || meta.depth === 1) {
		return undefined;
	}
	return meta.parentThreadId;
}

const isoOfMs = (ms: number | undefined): string | undefined => (ms === undefined ? undefined : new Date(ms).toISOString());

/**
 * The record of a child thread (undefined for a root thread, or one whose first line was not
 * read). `transcriptPath` is its rollout file.
 */
export function codexRecord(thread: CodexThread, rolloutPath: string): AgentRecord | undefined {
	const meta = thread.meta;
	if (meta === undefined || !meta.isChild) {
		return undefined;
	}
	const startedAt = thread.startedAt ?? meta.startedAt ?? isoOfMs(thread.lastAt) ?? new Date(0).toISOString();
	const stopped = thread.phase === 'stopped' || thread.phase === 'interrupted';
	const parent = codexParent(thread);
	const description = thread.task ?? meta.path;
	return {
		agentId: meta.threadId,
		type: codexType(thread),
		status: stopped ? 'stopped' : 'active',
		startedAt,
		updatedAt: isoOfMs(thread.lastAt) ?? startedAt,
		...(stopped && thread.stoppedAt !== undefined ? {stoppedAt: thread.stoppedAt} : {}),
		...(thread.report === undefined ? {} : {lastMessage: thread.report}),
		sessionId: meta.sessionId,
		...(meta.cwd === undefined ? {} : {cwd: meta.cwd}),
		transcriptPath: rolloutPath,
		...(meta.nickname === undefined ? {} : {teammateName: meta.nickname}),
		...(thread.phase === 'interrupted' ? {interrupted: true, stopReason: `turn-aborted:${thread.abortReason ?? 'aborted'}`} : {}),
		...(thread.phase === 'stopped' ? {stopReason: 'task-complete'} : {}),
		...(thread.resumeCount > 0 ? {resumeCount: thread.resumeCount, ...(thread.resumedAt === undefined ? {} : {resumedAt: thread.resumedAt})} : {}),
		...(description === undefined ? {} : {description}),
		...(thread.model === undefined ? {} : {model: thread.model}),
		// As a Claude Agent result's totalTokens: the last request's (the agent's own are its transcript's).
		...(thread.lastRequest === undefined ? {} : {totalTokens: thread.lastRequest.tokens}),
		...(Object.keys(thread.toolCounts).length === 0 ? {} : {totalToolUseCount: Object.values(thread.toolCounts).reduce((a, b) => a + b, 0)}),
		...(parent === undefined ? {} : {parentAgentId: parent}),
		provider: 'codex',
	};
}

/** Work of its own: a tool call (counted, whether or not the calls were kept) or a report. */
const hasWork = (thread: CodexThread): boolean => Object.keys(thread.toolCounts).length > 0 || thread.report !== undefined;

/**
 * What the counts read of its rollout (a sign of life, a finished turn, work of its own), and
 * no more: `sessions` and `status` count hundreds of children at every run. codexFacts is this
 * with the rest, so the counts and the screen read the same values.
 */
export function codexCountFacts(thread: CodexThread, mtimeMs?: number): TranscriptFacts {
	return {
		summary: {...EMPTY_SUMMARY, lastAt: thread.lastAt, hasWork: hasWork(thread)},
		description: undefined,
		parentAgentId: undefined,
		history: undefined,
		missing: false,
		endedTurn: thread.phase === 'stopped',
		hasWork: hasWork(thread),
		mtimeMs,
	};
}

/**
 * What the past keeps of a thread (core/history/with-transcript.ts), as of a Claude transcript:
 * its requests' tokens and cost per turn, model, last sign of life. Undefined when it was folded
 * without prices.
 */
export function codexTally(thread: CodexThread): TranscriptTally | undefined {
	const spend = thread.spend;
	if (spend === undefined) {
		return undefined;
	}
	return {
		segments: spend.segments,
		...(thread.model === undefined ? {} : {model: head(thread.model, MODEL_MAX)}),
		...(thread.lastAt === undefined ? {} : {lastAt: thread.lastAt}),
		badLines: thread.badLines,
		pricesAsOf: spend.pricer.asOf,
	};
}

/**
 * A rollout's usage, Claude's way (input without the cached part): its requests' sums and cost
 * when they were priced, else the latest running total, unpriced.
 */
function codexUsage(thread: CodexThread): ResponseUsage | undefined {
	const tally = codexTally(thread);
	if (tally !== undefined) {
		const totals = tallyTotals(tally);
		const t = totals.tokens;
		return totals.responses === 0 ? undefined : {input: t.input, output: t.output, cacheRead: t.cacheRead, cacheWrite: t.cacheCreation, cost: totals.cost};
	}
	const usage = thread.usage;
	if (usage === undefined) {
		return undefined;
	}
	const tokens = {
		input: Math.max(0, usage.input - usage.cachedInput),
		output: usage.output,
		cacheWrite: 0,
		cacheRead: Math.min(usage.cachedInput, usage.input),
	};
	return {...tokens, cost: responseCost(undefined, undefined, tokens, undefined)};
}

/** What the rollout says of the agent, as the monitor model reads a transcript's facts. */
export function codexFacts(thread: CodexThread, mtimeMs?: number): TranscriptFacts {
	const counted = codexCountFacts(thread, mtimeMs);
	const toolCalls: ToolCall[] = thread.toolCalls.map(c => ({
		id: c.id,
		name: c.name,
		summary: c.summary,
		at: c.at,
		...(c.result === undefined ? {} : {result: c.result}),
	}));
	const running = thread.phase === 'active' || thread.phase === 'none';
	const usage = codexUsage(thread);
	return {
		summary: {
			...EMPTY_SUMMARY,
			toolCalls,
			toolCounts: thread.toolCounts,
			files: thread.files,
			usage: usage === undefined ? EMPTY_SUMMARY.usage : new Map([['requests', usage]]),
			pricer: thread.spend?.pricer,
			lastRequest:
				thread.lastRequest === undefined || thread.lastRequest.input === 0
					? undefined
					: {
							input: thread.lastRequest.input,
							window: thread.lastRequest.window ?? (thread.model === undefined ? undefined : thread.spend?.pricer.contextWindow(thread.model)),
						},
			model: thread.model,
			version: thread.meta?.cliVersion,
			activity: running ? thread.activity : undefined,
			parentAgentId: codexParent(thread),
			lastAt: thread.lastAt,
			lines: thread.lines,
			badLines: thread.badLines,
			prompt: thread.task,
			hasWork: hasWork(thread),
		},
		description: thread.task ?? thread.meta?.path,
		...(thread.task === undefined ? {} : {descriptionSource: 'prompt' as const}),
		parentAgentId: codexParent(thread),
		history: undefined,
		missing: false,
		...(thread.task === undefined ? {} : {prompt: thread.task}),
		...(thread.report === undefined ? {} : {finalReport: thread.report}),
		endedTurn: counted.endedTurn,
		...(thread.steps.length === 0 ? {} : {lifecycle: thread.steps}),
		hasWork: counted.hasWork,
		mtimeMs,
	};
}

/**
 * The same agent seen through agentlog's hook (Codex's SubagentStart/Stop) and through its
 * rollout is one agent: the hook's times for its start and stop, the rollout's activity, tokens
 * and report. A rollout that ended its turn by an abort stops it even without a hook stop (an
 * interrupted child fires no SubagentStop: docs/codex-rollouts.md#hooks).
 */
export function mergeCodexRecords(hook: AgentRecord, rollout: AgentRecord): AgentRecord {
	const rolloutStopped = rollout.status === 'stopped' && hook.status !== 'stopped';
	const rolloutResumed = rollout.status === 'active' && hook.status === 'stopped' && (rollout.resumeCount ?? 0) > (hook.resumeCount ?? 0);
	const base: AgentRecord = {
		...rollout,
		...hook,
		provider: 'codex',
		transcriptPath: rollout.transcriptPath ?? hook.transcriptPath,
		...(rollout.lastMessage === undefined ? {} : {lastMessage: rollout.lastMessage}),
		...(rollout.totalTokens === undefined ? {} : {totalTokens: rollout.totalTokens}),
		...(rollout.totalToolUseCount === undefined ? {} : {totalToolUseCount: rollout.totalToolUseCount}),
		description: hook.description ?? rollout.description,
		teammateName: hook.teammateName ?? rollout.teammateName,
		parentAgentId: hook.parentAgentId ?? rollout.parentAgentId,
		updatedAt: rollout.updatedAt > hook.updatedAt ? rollout.updatedAt : hook.updatedAt,
	};
	if (rolloutStopped || rolloutResumed) {
		const {stoppedAt: _stoppedAt, interrupted: _interrupted, stopReason: _stopReason, ...rest} = base;
		void _stoppedAt;
		void _interrupted;
		void _stopReason;
		return stripUndefined({
			...rest,
			status: rollout.status,
			...(rollout.stoppedAt === undefined ? {} : {stoppedAt: rollout.stoppedAt}),
			...(rollout.interrupted ? {interrupted: true} : {}),
			...(rollout.stopReason === undefined ? {} : {stopReason: rollout.stopReason}),
			...(rollout.resumeCount === undefined ? {} : {resumeCount: rollout.resumeCount}),
		});
	}
	return stripUndefined(base);
}

function stripUndefined(record: AgentRecord): AgentRecord {
	return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as unknown as AgentRecord;
}
