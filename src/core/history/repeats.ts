// The same event recorded twice: agentlog installed both as a Claude Code plugin and by
// install-hook runs two copies of the hook for every event, each appending its line (README,
// "Installing"). The fold drops a line that exactly repeats its agent's line before it, so every
// reader of lifecycles (history, stats, chain, export, replay, watch --at, watch's lifecycle,
// prune) sees each event once. Pure.
import type {EventLine} from './event-line.js';

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
 * `line` says again what `previous` (its agent's line before it, in time order) said: the same
 * event of the same agent of the same session, the same type, state and data, at most
 * `REPEAT_WINDOW_MS` apart. Its time, working folder and git state are not compared (two processes
 * read them), nor SessionEnd's `interrupted` list. A repeat that says something else (another
 * status, another message) is kept.
 */
export function isRepeatLine(previous: EventLine, line: EventLine): boolean {
	if (
		line.event !== previous.event ||
		line.agentId !== previous.agentId ||
		line.sessionId !== previous.sessionId ||
		line.type !== previous.type ||
		line.state !== previous.state
	) {
		return false;
	}
	const gap = Math.abs(Date.parse(line.at) - Date.parse(previous.at));
	return gap <= REPEAT_WINDOW_MS && sameJson(payloadData(line), payloadData(previous));
}

/**
 * The session lines (no agent: SessionStart, SessionEnd) of `lines` without those that repeat the
 * session's line of the same event before them, in time order (sorted stably by `at`, as the fold
 * sorts: of two copies the one kept is the one the fold applied, and put in the agents' events).
 * The fold drops agents' repeats itself; this is for the readers that list session lines
 * (history --events, stats, export --events).
 */
export function sessionLinesWithoutRepeats(lines: readonly EventLine[]): EventLine[] {
	const previous = new Map<string, EventLine>();
	const kept: EventLine[] = [];
	const timed = lines
		.map((line, i) => ({line, ms: Date.parse(line.at), i}))
		.filter(t => t.line.agentId === undefined)
		.sort((a, b) => (Number.isNaN(a.ms) || Number.isNaN(b.ms) ? 0 : a.ms - b.ms) || a.i - b.i);
	for (const {line} of timed) {
		const key = `${line.sessionId}\n${line.event}`;
		const before = previous.get(key);
		previous.set(key, line);
		if (before === undefined || !isRepeatLine(before, line)) {
			kept.push(line);
		}
	}
	return kept;
}
