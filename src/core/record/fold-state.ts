// One agent's state while the event log is folded (fold.ts), and the lifecycle steps that move
// it: spawned, idle and back to active, completed or interrupted, resumed (docs/design.md#the-lifecycle). Pure.
import type {Provider} from './provider.js';
import {lifeIdle, lifeStart, lifeStop, type Life, type LifecycleStep, type MoveRules, type StepSink, type StopKind} from './lifecycle-machine.js';
import type {EventLine, GitState} from './event-line.js';

export type {LifecycleKind, LifecycleStep} from './lifecycle-machine.js';

/** Where an agent's lines go while folding: its `events` (an array), a tally, or nowhere. */
export interface EventSink {
	push(line: EventLine): unknown;
}

export type {Phase} from './lifecycle-machine.js';

export interface State extends Life {
	readonly agentId: string;
	readonly sessionId: string;
	/** When it was made among the fold's states (the order of each agent's first line in time). */
	readonly seq: number;
	/** Where its lines go. */
	readonly sink: EventSink;
	type: string;
	subagentType?: string;
	firstAt: string;
	lastAt: string;
	lastMs: number;
	description?: string;
	name?: string;
	/** An Imported line's tokens (its transcript's, summed as every view sums them). */
	tokens?: number;
	/** Claude Code's `totalTokens` of the Agent call's result: its last API request only. */
	lastRequestTokens?: number;
	toolCalls?: number;
	model?: string;
	/** Its transcript, as the latest line naming one says (`data.agentTranscriptPath`, an import's `transcriptPath`). */
	transcriptPath?: string;
	/** The working folder of its first line that has one. */
	cwd?: string;
	parentAgentId?: string;
	gitStart?: GitState;
	gitStop?: GitState;
	/** Replaced, never pushed to (`addStep`): exactly as long as its steps, since one is held per agent. */
	lifecycle: readonly LifecycleStep[];
	onlyImported: boolean;
	/** The tool, once a line of it names one other than Claude Code. */
	provider?: Exclude<Provider, 'claude'>;
}

export function newState(agentId: string, sessionId: string, at: string, ms: number, seq: number, sink: EventSink): State {
	return {
		agentId,
		sessionId,
		seq,
		sink,
		phase: 'none',
		type: '',
		startUnknown: false,
		resumeCount: 0,
		firstAt: at,
		lastAt: at,
		lastMs: ms,
		lifecycle: [],
		onlyImported: true,
	};
}

/** Up to this many steps, the lifecycle is copied to an array of exactly its length on each step (past it, pushed to: no quadratic copying). */
const EXACT_STEPS = 8;

/** Adds a step. A pushed-to array keeps room for 16 more steps, and one is held per agent: most have two. */
export function addStep(s: State, step: LifecycleStep): void {
	if (s.lifecycle.length < EXACT_STEPS) {
		s.lifecycle = s.lifecycle.concat(step);
	} else {
		(s.lifecycle as LifecycleStep[]).push(step);
	}
}

function stepsOf(s: State): StepSink {
	return step => addStep(s, step);
}

/** A start (the lifecycle machine's `lifeStart`); the git state of a first start is kept. `rules`: the session's latest start, when one came. */
export function start(s: State, line: EventLine, ms: number, rules: MoveRules = {}): void {
	const moved = lifeStart(s, line.at, ms, rules, stepsOf(s));
	if (moved === 'spawned') {
		s.gitStart = line.git;
	} else if (moved === 'resumed') {
		s.gitStop = undefined;
	} else if (moved === 'late') {
		s.gitStart ??= line.git;
	}
}

/** An idle (the lifecycle machine's `lifeIdle`). */
export function idle(s: State, line: EventLine, ms: number, rules: MoveRules = {}): void {
	if (lifeIdle(s, line.at, ms, rules, stepsOf(s)) === 'resumed') {
		s.gitStop = undefined;
	}
}

/** A stop, a failure or an interruption (the lifecycle machine's `lifeStop`); the git state of the stop is kept. */
export function stop(s: State, line: EventLine, ms: number, kind: StopKind, reason: string, overrideCompleted = false): void {
	if (lifeStop(s, line.at, ms, kind, reason, overrideCompleted, stepsOf(s)) === 'stopped') {
		s.gitStop = line.git;
	}
}
