// A folded Codex thread as agentlog's own caches keep it (JSON), read back: every field's type
// checked, so a cache that was cut, hand-edited or written by another version is no cache (the
// rollout is read again) rather than a crash. Ids must be ids; the texts (made safe when folded,
// cut short in the cache) are only counted from, never shown: `ls` and `watch` read the rollouts.
// Pure, and cheap: status reads a cache at every run.
import type {LifecycleStep} from '../record/fold-state.js';
import {countsOf} from '../record/name-counts.js';
import {isObject, type Json} from '../record/json.js';
import type {CodexMeta, CodexPhase, CodexRequest, CodexThread, CodexToolCall} from './rollout.js';

const PHASES: ReadonlySet<string> = new Set<CodexPhase>(['none', 'active', 'stopped', 'interrupted']);

class Invalid extends Error {}

const count = (v: unknown): number => {
	if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) {
		throw new Invalid();
	}
	return v;
};
const optionalNumber = (v: unknown): number | undefined => {
	if (v === undefined) {
		return undefined;
	}
	if (typeof v !== 'number' || !Number.isFinite(v)) {
		throw new Invalid();
	}
	return v;
};
const optionalText = (v: unknown): string | undefined => {
	if (v === undefined) {
		return undefined;
	}
	if (typeof v !== 'string') {
		throw new Invalid();
	}
	return v;
};
/** As the fold's ids (rollout.ts safeId). */
const ID = /^[A-Za-z0-9][A-Za-z0-9._:@-]{0,127}$/;
const id = (v: unknown): string => {
	if (typeof v !== 'string' || !ID.test(v)) {
		throw new Invalid();
	}
	return v;
};

function metaOf(v: unknown): CodexMeta | undefined {
	if (v === undefined) {
		return undefined;
	}
	if (!isObject(v) || typeof v.isChild !== 'boolean') {
		throw new Invalid();
	}
	const meta: {-readonly [K in keyof CodexMeta]: CodexMeta[K]} = {threadId: id(v.threadId), sessionId: id(v.sessionId), isChild: v.isChild};
	if (v.parentThreadId !== undefined) {
		meta.parentThreadId = id(v.parentThreadId);
	}
	const texts = ['nickname', 'role', 'path', 'cwd', 'startedAt', 'cliVersion'] as const;
	for (const key of texts) {
		const t = optionalText(v[key]);
		if (t !== undefined) {
			meta[key] = t;
		}
	}
	for (const key of ['depth', 'historyStart'] as const) {
		const n = optionalNumber(v[key]);
		if (n !== undefined) {
			meta[key] = n;
		}
	}
	return meta;
}

function callOf(v: unknown): CodexToolCall {
	if (!isObject(v) || typeof v.id !== 'string' || typeof v.name !== 'string' || typeof v.summary !== 'string') {
		throw new Invalid();
	}
	const result = optionalText(v.result);
	return {
		id: v.id,
		name: v.name,
		summary: v.summary,
		at: optionalNumber(v.at),
		...(result === undefined ? {} : {result}),
	};
}

const STEP_KINDS: ReadonlySet<string> = new Set(['spawned', 'completed', 'interrupted', 'resumed']);

function stepsOf(v: unknown): LifecycleStep[] {
	if (!Array.isArray(v)) {
		throw new Invalid();
	}
	return v.map(step => {
		if (!isObject(step) || typeof step.kind !== 'string' || !STEP_KINDS.has(step.kind) || typeof step.at !== 'string') {
			throw new Invalid();
		}
		const reason = optionalText(step.reason);
		return {kind: step.kind as LifecycleStep['kind'], at: step.at, ...(reason === undefined ? {} : {reason})};
	});
}

function textsOf(v: unknown): string[] {
	if (!Array.isArray(v) || !v.every(t => typeof t === 'string')) {
		throw new Invalid();
	}
	return v;
}

function usageOf(v: unknown): {usage?: CodexThread['usage']} {
	if (v === undefined) {
		return {};
	}
	if (!isObject(v)) {
		throw new Invalid();
	}
	return {usage: {input: count(v.input), cachedInput: count(v.cachedInput), output: count(v.output)}};
}

function lastRequestOf(v: unknown): {lastRequest?: CodexRequest} {
	if (v === undefined) {
		return {};
	}
	if (!isObject(v)) {
		throw new Invalid();
	}
	// As the fold keeps them: counts that may be any finite number a rollout gave (the window an integer).
	const tokens = (n: unknown): number => {
		if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) {
			throw new Invalid();
		}
		return n;
	};
	const window = v.window === undefined ? undefined : count(v.window);
	return {lastRequest: {tokens: tokens(v.tokens), input: tokens(v.input), ...(window === undefined ? {} : {window})}};
}

/** The thread `value` holds, or undefined when any field is not what the fold writes. */
export function codexThreadFromJson(value: unknown): CodexThread | undefined {
	if (!isObject(value)) {
		return undefined;
	}
	const v: Json = value;
	try {
		if (typeof v.phase !== 'string' || !PHASES.has(v.phase) || !Array.isArray(v.toolCalls) || !isObject(v.toolCounts)) {
			return undefined;
		}
		return {
			meta: metaOf(v.meta),
			phase: v.phase as CodexPhase,
			startedAt: optionalText(v.startedAt),
			stoppedAt: optionalText(v.stoppedAt),
			resumeCount: count(v.resumeCount),
			resumedAt: optionalText(v.resumedAt),
			report: optionalText(v.report),
			abortReason: optionalText(v.abortReason),
			task: optionalText(v.task),
			totalTokens: optionalNumber(v.totalTokens),
			...usageOf(v.usage),
			...lastRequestOf(v.lastRequest),
			model: optionalText(v.model),
			toolCalls: v.toolCalls.map(callOf),
			toolCounts: countsOf(v.toolCounts),
			activity: optionalText(v.activity),
			steps: v.steps === undefined ? [] : stepsOf(v.steps),
			files: v.files === undefined ? [] : textsOf(v.files),
			lastAt: optionalNumber(v.lastAt),
			lines: count(v.lines),
			badLines: count(v.badLines),
		};
	} catch (error) {
		if (error instanceof Invalid) {
			return undefined;
		}
		throw error;
	}
}
