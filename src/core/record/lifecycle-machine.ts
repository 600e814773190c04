// The one lifecycle machine (docs/design.md#the-lifecycle): spawned → completed | failed | interrupted |
// user-stopped (the user stopped it from agentlog), resumed
// by any later start, idle beside active. The hook's merge of an agent file, the event log's fold
// and the Codex rollout's fold all move an agent through it, so they cannot disagree on what a
// start after a stop, a repeated stop or a failure after an interruption means. Pure.
import {RESUME_AFTER_STOP_MS} from './limits.js';

/** One step of an agent's lifecycle. `active` is a return from idle (a teammate given work again). */
export type LifecycleKind = 'spawned' | 'completed' | 'failed' | 'interrupted' | 'user-stopped' | 'resumed' | 'idle' | 'active';

/** The ways an agent ends: a stop, a failure, an interruption, or the user's stop from agentlog. */
export type StopKind = 'completed' | 'failed' | 'interrupted' | 'user-stopped';

export interface LifecycleStep {
	readonly kind: LifecycleKind;
	/** The time of the line that made the step (ISO, as written). */
	readonly at: string;
	/** For `completed` / `failed` / `interrupted` / `user-stopped`: the stop reason (see `AgentHistory.stopReason`). */
	readonly reason?: string;
}

export type Phase = 'none' | 'active' | 'idle' | 'stopped' | 'interrupted';

/** The lifecycle part of an agent's state. Moved in place by `lifeStart`, `lifeIdle`, `lifeStop`. */
export interface Life {
	phase: Phase;
	startedAt?: string;
	startMs?: number;
	/** The start was never seen: `startedAt` is only a lower bound. */
	startUnknown: boolean;
	stoppedAt?: string;
	stopMs?: number;
	stopReason?: string;
	resumeCount: number;
	resumedAt?: string;
}

/** What a move did. `late`: a line from before the stop, applied after it (it may only date the start). */
export type Moved = 'spawned' | 'repeat' | 'late' | 'resumed' | 'idle' | 'active' | 'stopped' | 'kept' | 'overridden' | 'failed';

export interface MoveRules {
	/**
	 * The lines come from one writer in order (a Codex rollout): a start after a stop is always a
	 * resume. Otherwise (hook processes racing to one file) a start or idle within
	 * `RESUME_AFTER_STOP_MS` of a stop may be one from before it.
	 */
	readonly ordered?: boolean;
	/**
	 * The session's latest SessionStart before the move (ms), if known. One after the stop settles
	 * the order: the session came back after the stop, so a start after it is a resume, however soon.
	 */
	readonly sessionStartMs?: number;
}

/** Where a move's step goes (the fold keeps them; the hook's record does not). */
export type StepSink = (step: LifecycleStep) => void;

const NO_STEPS: StepSink = () => undefined;

/** A new agent's life: nothing seen yet. */
export function newLife(): Life {
	return {phase: 'none', startUnknown: false, resumeCount: 0};
}

/**
 * A line from before the stop or interruption: one no later than it; or, no later than
 * RESUME_AFTER_STOP_MS after it, an idle, a start of an agent whose stop came first (its start was
 * unknown), or a start after the session ended (nothing starts in a session that is over) —
 * unless the session started again between the stop and the line (`sessionStartMs`): then the
 * order is known, and the line is from after the stop. Any other start after a stop is a resume,
 * however soon: SendMessage resumes a finished agent well under a second after its stop.
 */
export function isLateRepeat(life: Life, ms: number, kind: 'start' | 'idle', rules: MoveRules = {}): boolean {
	if (life.stopMs === undefined || rules.ordered) {
		return false;
	}
	if (ms <= life.stopMs) {
		return true;
	}
	const back = rules.sessionStartMs;
	if (back !== undefined && back > life.stopMs && back <= ms) {
		return false;
	}
	const fromBefore = kind === 'idle' || life.startUnknown || life.phase === 'interrupted';
	return fromBefore && ms <= life.stopMs + RESUME_AFTER_STOP_MS;
}

/** After a stop or interruption: a late line from before it (nothing changes but a start time now known), or a resume. */
function wake(life: Life, at: string, ms: number, kind: 'start' | 'idle', rules: MoveRules, steps: StepSink): boolean {
	if (isLateRepeat(life, ms, kind, rules)) {
		if (life.startUnknown && kind === 'start') {
			// A start from just before the stop: now the start time is known.
			life.startUnknown = false;
			life.startedAt = ms <= life.stopMs! ? at : life.stoppedAt;
			life.startMs = Math.min(ms, life.stopMs!);
		} else if (kind === 'start') {
			noteEarlierStart(life, at, ms);
		}
		return false;
	}
	life.resumeCount += 1;
	life.resumedAt = at;
	life.stoppedAt = undefined;
	life.stopMs = undefined;
	life.stopReason = undefined;
	steps({kind: 'resumed', at});
	return true;
}

/**
 * A start seen again, stamped before the start known: the agent started then. Two hooks of one
 * agent race to its file (a background launch's PostToolUse and its SubagentStart come within a
 * millisecond), so the one stamped earlier can be written second. Only a known start moves.
 */
export function noteEarlierStart(life: Life, at: string, ms: number): void {
	if (!life.startUnknown && life.startMs !== undefined && Number.isFinite(ms) && ms < life.startMs) {
		life.startedAt = at;
		life.startMs = ms;
	}
}

/** A start: spawned, a repeat while running, back from idle, or — after a stop — a resume (or a late start from before it). */
export function lifeStart(life: Life, at: string, ms: number, rules: MoveRules = {}, steps: StepSink = NO_STEPS): Moved {
	switch (life.phase) {
		case 'none': {
			life.phase = 'active';
			life.startedAt = at;
			life.startMs = ms;
			steps({kind: 'spawned', at});
			return 'spawned';
		}
		case 'active': {
			// A repeated start while running (teammate messages, duplicates): not a resume. Hooks
			// race: one stamped earlier may be written later, and the start is the earliest.
			noteEarlierStart(life, at, ms);
			return 'repeat';
		}
		case 'idle': {
			life.phase = 'active';
			steps({kind: 'active', at});
			return 'active';
		}
		case 'stopped':
		case 'interrupted': {
			if (!wake(life, at, ms, 'start', rules, steps)) {
				return 'late';
			}
			life.phase = 'active';
			return 'resumed';
		}
	}
}

/** An idle (a teammate waiting for work): beside active, never a stop. */
export function lifeIdle(life: Life, at: string, ms: number, rules: MoveRules = {}, steps: StepSink = NO_STEPS): Moved {
	switch (life.phase) {
		case 'none': {
			life.phase = 'idle';
			life.startUnknown = true;
			steps({kind: 'idle', at});
			return 'idle';
		}
		case 'active': {
			life.phase = 'idle';
			steps({kind: 'idle', at});
			return 'idle';
		}
		case 'idle': {
			return 'repeat';
		}
		case 'stopped':
		case 'interrupted': {
			if (!wake(life, at, ms, 'idle', rules, steps)) {
				return 'late';
			}
			life.phase = 'idle';
			steps({kind: 'idle', at});
			return 'resumed';
		}
	}
}

/**
 * A stop (`completed`), a failure, an interruption or the user's stop (`user-stopped`: its phase
 * is `stopped`, its reason says who). A repeated stop keeps the first stop (time,
 * reason) (docs/design.md#the-hook-event-by-event); a failure says why an agent already stopped (it keeps the stop's time);
 * only `override` (the parent's call came back interrupted) turns a completed agent into an
 * interrupted one, keeping its stop time. A stop is never dated before the start.
 */
export function lifeStop(life: Life, at: string, ms: number, kind: StopKind, reason: string, override = false, steps: StepSink = NO_STEPS): Moved {
	if (kind === 'failed' && (life.phase === 'stopped' || life.phase === 'interrupted')) {
		life.phase = 'stopped';
		life.stopReason = reason;
		steps({kind, at, reason});
		return 'failed';
	}
	switch (life.phase) {
		case 'stopped': {
			if (kind === 'interrupted' && override) {
				life.phase = 'interrupted';
				life.stopReason = reason;
				steps({kind, at, reason});
				return 'overridden';
			}
			return 'kept';
		}
		case 'interrupted': {
			return 'kept';
		}
		case 'none': {
			life.startUnknown = true;
			break;
		}
		case 'active':
		case 'idle': {
			break;
		}
	}
	life.phase = kind === 'interrupted' ? 'interrupted' : 'stopped';
	const startMs = life.startMs ?? ms;
	life.stoppedAt = ms >= startMs || life.startedAt === undefined ? at : life.startedAt;
	life.stopMs = Math.max(ms, startMs);
	life.stopReason = reason;
	steps({kind, at, reason});
	return 'stopped';
}
