// One agent's state while the event log is folded (fold.ts), and the lifecycle steps that move
// it: spawned, idle and back to active, completed or interrupted, resumed (DESIGN.md §10). Pure.
import {RESUME_AFTER_STOP_MS} from './limits.js';
import type {EventLine, GitState} from './event-line.js';

/** One step of an agent's lifecycle. `active` is a return from idle (a teammate given work again). */
export type LifecycleKind = 'spawned' | 'completed' | 'failed' | 'interrupted' | 'resumed' | 'idle' | 'active';

export interface LifecycleStep {
	readonly kind: LifecycleKind;
	/** The time of the line that made the step (ISO, as written). */
	readonly at: string;
	/** For `completed` / `interrupted`: the stop reason (see `AgentHistory.stopReason`). */
	readonly reason?: string;
}

/** Where an agent's lines go while folding: its `events` (an array), a tally, or nowhere. */
export interface EventSink {
	push(line: EventLine): unknown;
}

export type Phase = 'none' | 'active' | 'idle' | 'stopped' | 'interrupted';

export interface State {
	readonly agentId: string;
	readonly sessionId: string;
	/** When it was made among the fold's states (the order of each agent's first line in time). */
	readonly seq: number;
	/** Where its lines go. */
	readonly sink: EventSink;
	phase: Phase;
	type: string;
	subagentType?: string;
	startedAt?: string;
	startMs?: number;
	startUnknown: boolean;
	stoppedAt?: string;
	stopMs?: number;
	stopReason?: string;
	resumeCount: number;
	resumedAt?: string;
	firstAt: string;
	lastAt: string;
	lastMs: number;
	description?: string;
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
	/** `codex` once a line of it says so. */
	provider?: 'codex';
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

/**
 * A line from before the stop or interruption: one no later than it; or, no later than
 * RESUME_AFTER_STOP_MS after it, an idle, a start of an agent whose stop came first (its start was
 * unknown), or a start after the session ended (nothing starts in a session that is over). Any
 * other start after a stop is a resume, however soon: SendMessage resumes a finished agent well
 * under a second after its stop.
 */
export function isLateRepeat(s: State, ms: number, kind: 'start' | 'idle'): boolean {
	if (s.stopMs === undefined) {
		return false;
	}
	const fromBefore = kind === 'idle' || s.startUnknown || s.phase === 'interrupted';
	return ms <= s.stopMs || (fromBefore && ms <= s.stopMs + RESUME_AFTER_STOP_MS);
}

/** After a stop or interruption: a late line from before it (nothing changes but a start time now known), or a resume. */
export function wake(s: State, line: EventLine, ms: number, kind: 'start' | 'idle'): boolean {
	if (isLateRepeat(s, ms, kind)) {
		if (s.startUnknown) {
			// A start from just before the stop: now the start time is known.
			s.startUnknown = false;
			s.startedAt = ms <= s.stopMs! ? line.at : s.stoppedAt;
			s.startMs = Math.min(ms, s.stopMs!);
			s.gitStart ??= line.git;
		}
		return false;
	}
	s.resumeCount += 1;
	s.resumedAt = line.at;
	s.stoppedAt = undefined;
	s.stopMs = undefined;
	s.stopReason = undefined;
	s.gitStop = undefined;
	addStep(s, {kind: 'resumed', at: line.at});
	return true;
}

export function start(s: State, line: EventLine, ms: number): void {
	switch (s.phase) {
		case 'none': {
			s.phase = 'active';
			s.startedAt = line.at;
			s.startMs = ms;
			s.gitStart = line.git;
			addStep(s, {kind: 'spawned', at: line.at});
			return;
		}
		case 'active': {
			// A repeated start while running (teammate messages, duplicates): not a resume.
			return;
		}
		case 'idle': {
			s.phase = 'active';
			addStep(s, {kind: 'active', at: line.at});
			return;
		}
		case 'stopped':
		case 'interrupted': {
			if (wake(s, line, ms, 'start')) {
				s.phase = 'active';
			}
			return;
		}
	}
}

export function idle(s: State, line: EventLine, ms: number): void {
	switch (s.phase) {
		case 'none': {
			s.phase = 'idle';
			s.startUnknown = true;
			addStep(s, {kind: 'idle', at: line.at});
			return;
		}
		case 'active': {
			s.phase = 'idle';
			addStep(s, {kind: 'idle', at: line.at});
			return;
		}
		case 'idle': {
			return;
		}
		case 'stopped':
		case 'interrupted': {
			if (wake(s, line, ms, 'idle')) {
				s.phase = 'idle';
				addStep(s, {kind: 'idle', at: line.at});
			}
			return;
		}
	}
}

/**
 * A stop (`completed`) or an interruption. A repeated stop keeps the first stop (time, reason)
 * (DESIGN.md §4); only `overrideCompleted` (the parent's call came back interrupted) turns a
 * completed agent into an interrupted one, keeping its stop time.
 */
export function stop(s: State, line: EventLine, ms: number, kind: 'completed' | 'failed' | 'interrupted', reason: string, overrideCompleted = false): void {
	const phase: Phase = kind === 'interrupted' ? 'interrupted' : 'stopped';
	if (kind === 'failed' && (s.phase === 'stopped' || s.phase === 'interrupted')) {
		// A failure says why an agent already stopped (a SessionEnd that came first): its time is kept.
		s.phase = 'stopped';
		s.stopReason = reason;
		addStep(s, {kind, at: line.at, reason});
		return;
	}
	switch (s.phase) {
		case 'stopped': {
			if (kind === 'interrupted' && overrideCompleted) {
				s.phase = 'interrupted';
				s.stopReason = reason;
				addStep(s, {kind, at: line.at, reason});
			}
			return;
		}
		case 'interrupted': {
			return;
		}
		case 'none': {
			s.startUnknown = true;
			break;
		}
		case 'active':
		case 'idle': {
			break;
		}
	}
	s.phase = phase;
	// Never dated before the start (a start fired a moment later can carry a later time).
	const startMs = s.startMs ?? ms;
	s.stoppedAt = ms >= startMs || s.startedAt === undefined ? line.at : s.startedAt;
	s.stopMs = Math.max(ms, startMs);
	s.stopReason = reason;
	s.gitStop = line.git;
	addStep(s, {kind, at: line.at, reason});
}
