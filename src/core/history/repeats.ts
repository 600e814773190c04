// The same event recorded twice: agentlog installed both as a Claude Code plugin and by
// install-hook runs two copies of the hook for every event, each appending its line (README,
// "Install for real"). `withoutRepeats` drops a line that exactly repeats the line before it of the
// same event and agent (of the session, for session events). It is applied where lines come in:
// readSessionEvents (every whole-log reader: history, stats, chain, export, replay, watch --at,
// prune, doctor) and foldEvents (also watch's lifecycle, which follows the log line by line). Pure.
import type {EventLine} from '../record/event-line.js';

/** Two copies of the hook start within this of each other (ms): both take their start as the event's time. */
export const REPEAT_WINDOW_MS = 1000;

function sameJson(a: unknown, b: unknown): boolean {
	if (a === b) {
		return true;
	}
	if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) {
		return false;
	}
	const aKeys = Object.keys(a);
	const bObj = b as Record<string, unknown>;
	if (aKeys.length !== Object.keys(bObj).length) {
		return false;
	}
	const aObj = a as Record<string, unknown>;
	return aKeys.every(key => Object.hasOwn(bObj, key) && sameJson(aObj[key], bObj[key]));
}

/** `data` without what each copy of the hook reads from the files at its own moment: SessionEnd's `interrupted` (the first copy interrupts the agents, the second finds none left). */
function payloadData(line: EventLine): unknown {
	if (line.event !== 'SessionEnd' || line.data === undefined || !Object.hasOwn(line.data, 'interrupted')) {
		return line.data;
	}
	const rest = {...line.data};
	delete rest.interrupted;
	return rest;
}

/**
 * `line` says again what `previous` (the line of that event and agent before it, in time order)
 * said: the same event of the same agent of the same session, the same type and data, at most
 * `REPEAT_WINDOW_MS` apart. Not compared: what each copy of the hook read at its own moment — its
 * time, working folder and git state, the agent's `state` after it (the copy of a PostToolUse run
 * before the SubagentStop fired with it says active, the other stopped), SessionEnd's
 * `interrupted` list. A repeat that says something else (another status, another message) is kept.
 */
export function isRepeatLine(previous: EventLine, line: EventLine): boolean {
	if (line.event !== previous.event || line.agentId !== previous.agentId || line.sessionId !== previous.sessionId || line.type !== previous.type) {
		return false;
	}
	const gap = Math.abs(Date.parse(line.at) - Date.parse(previous.at));
	return gap <= REPEAT_WINDOW_MS && sameJson(payloadData(line), payloadData(previous));
}

/** Events that move an agent through its lifecycle: a copy of one never comes after another of them. */
const LIFECYCLE = new Set(['SubagentStart', 'SubagentStop', 'StopFailure', 'TeammateIdle']);

/**
 * Where a copy's line is looked for: lines of one agent (or of the session, for session events)
 * and one event. For the lifecycle events, also of one stretch of them: a start after a stop is
 * not a copy of the start before that stop, however alike and however soon (SendMessage resumes
 * a finished agent well under a second after its stop), while the two copies of one event, which
 * the hook's two installs write at the same moment, fall in the same stretch.
 */
class RepeatKeys {
	private readonly stretch = new Map<string, {event: string; n: number}>();

	keyOf(line: EventLine): string {
		const agent = `${line.sessionId}\n${line.agentId ?? ''}`;
		if (line.agentId === undefined || !LIFECYCLE.has(line.event)) {
			return `${agent}\n${line.event}`;
		}
		let now = this.stretch.get(agent);
		if (now === undefined) {
			now = {event: line.event, n: 0};
			this.stretch.set(agent, now);
		} else if (now.event !== line.event) {
			now.event = line.event;
			now.n += 1;
		}
		return `${agent}\n${line.event}\n${now.n}`;
	}
}

/**
 * `lines` (in file order) without the ones that repeat (`isRepeatLine`) the line kept before them
 * of the same event and agent — of the session, for session events — in time order (sorted stably
 * by `at`, as the fold sorts: of two copies, the earlier is kept). Per event, not per agent: the
 * two copies of a Stop and of the PostToolUse fired with it interleave (Stop, PostToolUse, Stop,
 * PostToolUse). A line whose `at` does not parse is kept. The same array when nothing is dropped.
 */
export function withoutRepeats<T extends EventLine>(lines: T[]): T[];
export function withoutRepeats<T extends EventLine>(lines: readonly T[]): readonly T[];
export function withoutRepeats<T extends EventLine>(lines: readonly T[]): readonly T[] {
	if (lines.length < 2) {
		return lines;
	}
	const timed = lines.map((line, i) => ({line, ms: Date.parse(line.at), i})).filter(t => !Number.isNaN(t.ms));
	timed.sort((a, b) => a.ms - b.ms || a.i - b.i);
	const kept = new Map<string, EventLine>();
	const keys = new RepeatKeys();
	let dropped: Set<number> | undefined;
	for (const {line, i} of timed) {
		const key = keys.keyOf(line);
		const before = kept.get(key);
		if (before !== undefined && isRepeatLine(before, line)) {
			(dropped ??= new Set()).add(i);
		} else {
			kept.set(key, line);
		}
	}
	return dropped === undefined ? lines : lines.filter((_, i) => !dropped.has(i));
}

/**
 * `withoutRepeats` for lines that come one at a time in time order (see `TimeOrder`): `isRepeat`
 * says whether a line repeats the line kept before it of its event and agent. Only lines within
 * `REPEAT_WINDOW_MS` of the newest are remembered, so memory is bounded by what a second holds.
 */
export class RepeatFilter {
	private readonly kept = new Map<string, {readonly line: EventLine; readonly ms: number}>();
	private readonly keys = new RepeatKeys();
	private sweepAt = 1024;

	isRepeat(line: EventLine, ms: number): boolean {
		const key = this.keys.keyOf(line);
		const before = this.kept.get(key);
		if (before !== undefined && isRepeatLine(before.line, line)) {
			return true;
		}
		this.kept.set(key, {line, ms});
		if (this.kept.size >= this.sweepAt) {
			// A line kept more than the window before this one can be the original of no later line.
			for (const [k, v] of this.kept) {
				if (v.ms < ms - REPEAT_WINDOW_MS) {
					this.kept.delete(k);
				}
			}
			this.sweepAt = Math.max(1024, 2 * this.kept.size);
		}
		return false;
	}
}
