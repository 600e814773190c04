// The session picker (key s) as lines: heading, one line per session with its counts and silence,
// the chosen line marked and kept in view, the one shown starred, hostile labels made safe.
import {describe, expect, it} from 'vitest';
import {pickerLines, type SessionChoice} from '../../../src/tui/model/session-picker.js';
import {HOSTILE, RAW_CONTROL} from '../../helpers/hostile.js';

const NOW = Date.parse('2026-11-20T10:00:00.000Z');
const counts = {waiting: 0, active: 1, idle: 0, stopped: 2, stale: 0};
const session = (n: number, extra: Partial<SessionChoice> = {}): SessionChoice => {
	const id = `${String(n).padStart(8, '0')}-0000-4000-8000-000000000000`;
	return {id, label: id, lastActivity: NOW - n * 60_000, counts, ...extra};
};
const input = (sessions: SessionChoice[], index = 0, extra: Partial<Parameters<typeof pickerLines>[0]> = {}) => ({
	sessions,
	index,
	current: undefined,
	following: false,
	now: NOW,
	...extra,
});

describe('pickerLines', () => {
	it('no sessions: the heading and how to get some', () => {
		expect(pickerLines(input([]), 80, 10)).toEqual([
			'Sessions, newest first',
			'↑↓ choose · Enter switch · f follow the newest · Esc close',
			'',
			'No sessions yet (agentlog sessions lists them).',
		]);
	});

	it('one line per session: the chosen marked, the shown one starred, the id short', () => {
		const lines = pickerLines(input([session(1), session(2, {label: 'my-team', provider: 'codex'})], 1, {current: session(1).id, following: true}), 100, 10);
		expect(lines[0]).toBe('Sessions, newest first · following the newest');
		expect(lines.slice(3)).toEqual([' * 00000001 · ●1 ◐0 ○2 · 1m ago', '›  [codex] my-team · ●1 ◐0 ○2 · 2m ago']);
	});

	it('a host before the name; `shown` wins over the current id', () => {
		const lines = pickerLines(input([session(1, {host: 'box', shown: false}), session(2, {host: 'box', shown: true})], 0, {current: session(1).id}), 100, 10);
		expect(lines[3]).toBe('›  box · 00000001 · ●1 ◐0 ○2 · 1m ago');
		expect(lines[4]).toBe(' * box · 00000002 · ●1 ◐0 ○2 · 2m ago');
	});

	it('keeps the chosen line in the rows that fit, centred when it can be', () => {
		const many = Array.from({length: 30}, (_, i) => session(i + 1));
		const rows = (index: number) => pickerLines(input(many, index), 100, 8).slice(3);
		expect(rows(0)).toHaveLength(5);
		expect(rows(0)[0]).toMatch(/^›/);
		expect(rows(15)[2]).toMatch(/^› {2}00000016/);
		expect(rows(29).at(-1)).toMatch(/^› {2}00000030/);
		// A height too small for the heading still shows the chosen line.
		expect(pickerLines(input(many, 7), 100, 1).slice(3)).toEqual([expect.stringMatching(/^› {2}00000008/)]);
	});

	it('lines are cut to the width; a hostile label or host is one safe line', () => {
		const lines = pickerLines(input([session(1, {label: `evil${HOSTILE.title}\nnext`, host: `h${HOSTILE.clear}`})]), 30, 10);
		for (const line of lines) {
			expect([...line].length).toBeLessThanOrEqual(30);
			expect(line).not.toMatch(RAW_CONTROL);
		}
	});
});
