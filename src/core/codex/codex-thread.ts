// A Codex thread as the fold of its rollout keeps it (rollout.ts): who it is, how its turns went,
// its tokens and their cost, its tool calls, task and report; and the limits on what is kept. Pure.
import type {Pricer} from '../cost/cost.js';
import type {LifecycleStep} from '../record/fold-state.js';
import type {TallySegment} from '../transcript/tally.js';
import type {CodexMeta} from './codex-meta.js';

export interface CodexToolCall {
	readonly id: string;
	/** Without its namespace (`shell`, `spawn_agent`). */
	readonly name: string;
	readonly summary: string;
	readonly at: number | undefined;
	readonly result?: string;
}

export type CodexPhase = 'none' | 'active' | 'stopped' | 'interrupted';

export interface CodexRequest {
	readonly tokens: number;
	readonly input: number;
	readonly window?: number;
}

/**
 * What a thread's model requests took and cost, priced one by one as they are folded (each by the
 * model of its turn, at its time, on its own `last_token_usage`), kept per turn as a Claude
 * transcript's tally is kept per run (core/transcript/tally.ts).
 */
export interface CodexSpend {
	/** What each request was priced with. */
	readonly pricer: Pricer;
	/** One per turn with a request or a tool call, in order; the first MAX_SEGMENTS (later turns are added into the last). */
	readonly segments: readonly TallySegment[];
	/** A turn started since the last segment's request or call: the next one opens a segment. */
	readonly turnEnded: boolean;
}

export interface CodexThread {
	readonly meta: CodexMeta | undefined;
	readonly phase: CodexPhase;
	/** ISO: the first task_started (else the meta's time). */
	readonly startedAt: string | undefined;
	/** ISO: the last task_complete or turn_aborted, while stopped. */
	readonly stoppedAt: string | undefined;
	/** task_started after a finished turn: the child was given more work. */
	readonly resumeCount: number;
	readonly resumedAt: string | undefined;
	/** `last_agent_message` of the last completed turn: its report. Safe text, bounded. */
	readonly report: string | undefined;
	/** turn_aborted's reason, while interrupted. */
	readonly abortReason: string | undefined;
	/** The task it was given (v1: its first user message after the environment context). Safe text, bounded. */
	readonly task: string | undefined;
	/** total_token_usage's total_tokens, latest. */
	readonly totalTokens: number | undefined;
	/** total_token_usage's parts, latest: input (cached input included), cached input, output. */
	readonly usage?: {readonly input: number; readonly cachedInput: number; readonly output: number};
	/**
	 * Its latest request (last_token_usage): its tokens, as a Claude Agent result's `totalTokens`
	 * counts the last request's; its whole input (cached part included) and the context window
	 * Codex gave it (`model_context_window`).
	 */
	readonly lastRequest?: CodexRequest;
	readonly model: string | undefined;
	/**
	 * Its requests priced (FoldOptions.pricer): only for a thread folded from its first line with a
	 * pricer, so never in a cache that keeps threads cut short.
	 */
	readonly spend?: CodexSpend;
	readonly toolCalls: readonly CodexToolCall[];
	readonly toolCounts: Readonly<Record<string, number>>;
	/** What it is doing now: its running tool call, or its last message's first line. */
	readonly activity: string | undefined;
	/** Files its patches touched (apply_patch: added, updated, deleted, moved to), short paths, the first MAX_CODEX_FILES. */
	readonly files: readonly string[];
	/** Its turns as lifecycle steps (spawned, completed, interrupted, resumed), the latest MAX_CODEX_STEPS. */
	readonly steps: readonly LifecycleStep[];
	/** The newest line's time (ms). */
	readonly lastAt: number | undefined;
	readonly lines: number;
	readonly badLines: number;
}

export const EMPTY_THREAD: CodexThread = {
	meta: undefined,
	phase: 'none',
	startedAt: undefined,
	stoppedAt: undefined,
	resumeCount: 0,
	resumedAt: undefined,
	report: undefined,
	abortReason: undefined,
	task: undefined,
	totalTokens: undefined,
	model: undefined,
	toolCalls: [],
	toolCounts: {},
	activity: undefined,
	files: [],
	steps: [],
	lastAt: undefined,
	lines: 0,
	badLines: 0,
};

/** Files kept per thread. */
export const MAX_CODEX_FILES = 200;
/** Lifecycle steps kept per thread (the newest). */
export const MAX_CODEX_STEPS = 50;
/** Tool calls kept per thread (the newest; `toolCounts` counts all). */
export const MAX_CODEX_TOOL_CALLS = 2000;

/** A thread being folded: the fold adds to one copy in place. */
export type Mutable<T> = {-readonly [K in keyof T]: T[K]};
