// A session at a moment in words: the snapshot's note (replay, watch --at) and ls --at's warnings.
import {describe, expect, it} from 'vitest';
import {momentNote, momentWarnings, type MomentFacts} from '../../src/present/moment-text.js';
import {formatLocalTime} from '../../src/core/text/format.js';

const FIRST = Date.parse('2026-03-01T12:00:00Z');
const facts: MomentFacts = {label: 's1', at: FIRST + 60_000, span: {first: FIRST, last: FIRST + 120_000}, lines: 40, skipped: 0, seen: 17};
const WALL = FIRST + 600_000;
const local = (ms: number): string => formatLocalTime(new Date(ms).toISOString(), WALL);

describe('momentNote', () => {
	it('gives the moment, the events seen of the log, and the log’s span', () => {
		expect(momentNote(facts, WALL)).toBe(`at ${local(FIRST + 60_000)} · 17 of 40 events (${local(FIRST)} → ${local(FIRST + 120_000)})`);
	});
});

describe('momentWarnings', () => {
	it('says nothing when every line was read and the moment is in the log', () => {
		expect(momentWarnings(facts, WALL, false)).toBe('');
	});

	it('counts the unreadable lines, and says when the log starts after the moment (not with --json)', () => {
		const early = {...facts, skipped: 2, seen: 0};
		expect(momentWarnings(early, WALL, false)).toBe(
			`agentlog: skipped 2 unreadable line(s) of the event log of session s1\nagentlog: session s1's event log starts later, at ${local(FIRST)}\n`,
		);
		expect(momentWarnings(early, WALL, true)).toBe('agentlog: skipped 2 unreadable line(s) of the event log of session s1\n');
	});
});
