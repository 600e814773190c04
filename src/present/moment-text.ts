// A session at a moment in words: the note over `replay`'s and `watch --at`'s snapshot, and what
// `ls --at` says on stderr about the log it was rebuilt from.
import {formatLocalTime} from '../core/text/format.js';

/** What the words take of a session at a moment (app/session/moment.ts SessionMoment). */
export interface MomentFacts {
	readonly label: string;
	readonly at: number;
	readonly span: {readonly first: number; readonly last: number};
	readonly lines: number;
	readonly skipped: number;
	/** How many of the log's lines are at or before the moment. */
	readonly seen: number;
}

const localTime = (ms: number, wall: number): string => formatLocalTime(new Date(ms).toISOString(), wall);

/** `at 12:04:31 · 17 of 40 events (12:00:02 → 12:09:55)`: the snapshot's note; `wall`: the clock the times are told against. */
export function momentNote(m: MomentFacts, wall: number): string {
	return `at ${localTime(m.at, wall)} · ${m.seen} of ${m.lines} events (${localTime(m.span.first, wall)} → ${localTime(m.span.last, wall)})`;
}

/** `ls --at`'s warnings: lines of the log left out, and (not with --json) a moment before the log starts. */
export function momentWarnings(m: MomentFacts, wall: number, json: boolean): string {
	const skipped = m.skipped > 0 ? `agentlog: skipped ${m.skipped} unreadable line(s) of the event log of session ${m.label}\n` : '';
	const early = m.seen === 0 && !json ? `agentlog: session ${m.label}'s event log starts later, at ${localTime(m.span.first, wall)}\n` : '';
	return `${skipped}${early}`;
}
