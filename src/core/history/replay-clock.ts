// Replay's clock: the moments of a session's log on a timeline that plays at the
// recorded pace (times `speed`) with every gap longer than `maxGapMs` shortened to it, so a
// session with an hour of silence in it does not play an hour of nothing. Pure: play time in,
// log time out.

/** Gaps between events longer than this are played as this long (default). */
export const MAX_GAP_MS = 5000;

/** The speeds `[` and `]` step through. */
export const SPEEDS: readonly number[] = [0.25, 0.5, 1, 2, 5, 10, 20, 50, 100];

export interface Timeline {
	/** The log's event times (ms), sorted, each once. */
	readonly times: readonly number[];
	/** Each event's place on the play timeline (ms from the first event, gaps shortened). */
	readonly played: readonly number[];
	readonly maxGapMs: number;
}

/** The timeline of some event times (any order, repeats allowed). */
export function timelineOf(times: readonly number[], maxGapMs = MAX_GAP_MS): Timeline {
	const sorted = [...new Set(times.filter(t => Number.isFinite(t)))].sort((a, b) => a - b);
	const played: number[] = [];
	for (let i = 0; i < sorted.length; i++) {
		played.push(i === 0 ? 0 : played[i - 1]! + Math.min(sorted[i]! - sorted[i - 1]!, maxGapMs));
	}
	return {times: sorted, played, maxGapMs};
}

/** The length of the timeline when played (ms). */
export function playLength(t: Timeline): number {
	return t.played.at(-1) ?? 0;
}

/** The index of the last event at or before log time `at` (-1: before the first). */
export function eventIndexAt(t: Timeline, at: number): number {
	let lo = 0;
	let hi = t.times.length - 1;
	let found = -1;
	while (lo <= hi) {
		const mid = (lo + hi) >> 1;
		if (t.times[mid]! <= at) {
			found = mid;
			lo = mid + 1;
		} else {
			hi = mid - 1;
		}
	}
	return found;
}

/** Log time → play time. */
export function playedAt(t: Timeline, at: number): number {
	const i = eventIndexAt(t, at);
	if (i < 0) {
		return 0;
	}
	const since = at - t.times[i]!;
	const next = i + 1 < t.times.length ? t.played[i + 1]! - t.played[i]! : 0;
	return t.played[i]! + Math.min(since, next);
}

/** Play time → log time: inside a shortened gap, the clock runs at the recorded pace and then jumps to the next event. */
export function logTimeAt(t: Timeline, played: number): number {
	if (t.times.length === 0) {
		return 0;
	}
	if (played <= 0) {
		return t.times[0]!;
	}
	let lo = 0;
	let hi = t.played.length - 1;
	let i = 0;
	while (lo <= hi) {
		const mid = (lo + hi) >> 1;
		if (t.played[mid]! <= played) {
			i = mid;
			lo = mid + 1;
		} else {
			hi = mid - 1;
		}
	}
	if (i === t.times.length - 1) {
		return t.times[i]!;
	}
	return t.times[i]! + (played - t.played[i]!);
}

/** The log time of the event before / after the one at `at` (stepping with ← →); stays put at the ends. */
export function stepFrom(t: Timeline, at: number, by: -1 | 1): number {
	if (t.times.length === 0) {
		return at;
	}
	const i = eventIndexAt(t, at);
	if (by === 1) {
		return t.times[Math.min(i + 1, t.times.length - 1)]!;
	}
	// Back: to the event before the one whose state is shown (at it or just after it).
	return t.times[Math.max(i - 1, 0)]!;
}

/** The next speed up or down the ladder from `speed`. */
export function nextSpeed(speed: number, by: -1 | 1): number {
	if (by === 1) {
		return SPEEDS.find(s => s > speed) ?? SPEEDS.at(-1)!;
	}
	return [...SPEEDS].reverse().find(s => s < speed) ?? SPEEDS[0]!;
}
