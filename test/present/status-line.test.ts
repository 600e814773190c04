// The status bar's line (agentlog status): which counts, in which order, how coloured. Pure.
import {describe, expect, it} from 'vitest';
import {NO_COUNTS, statusJson, statusLine, statusSegments} from '../../src/present/status-line.js';

const counts = (c: Partial<typeof NO_COUNTS>) => ({...NO_COUNTS, ...c});

describe('statusLine', () => {
	it('is empty when nothing waits, runs or idles, whatever stopped or went stale', () => {
		expect(statusLine(NO_COUNTS, 'none')).toBe('');
		expect(statusLine(counts({stopped: 4, stale: 2}), 'tmux')).toBe('');
		expect(statusSegments(counts({stopped: 4, stale: 2}))).toEqual([]);
	});

	it('shows the non-zero counts, waiting first, stale last and only beside something running; never stopped', () => {
		expect(statusLine(counts({waiting: 1, active: 3, idle: 1, stopped: 9}), 'none')).toBe('◆ 1 ● 3 ◐ 1');
		expect(statusLine(counts({idle: 2, stopped: 3, stale: 1}), 'none')).toBe('◐ 2 ◌ 1');
		expect(statusLine(counts({waiting: 2}), 'none')).toBe('◆ 2');
	});

	it('a main session that waits comes first, as `◆ main`, and is a line on its own', () => {
		expect(statusLine(NO_COUNTS, 'none', true)).toBe('◆ main');
		expect(statusLine(counts({waiting: 1, active: 2, stopped: 1, stale: 1}), 'none', true)).toBe('◆ main ◆ 1 ● 2 ◌ 1');
		expect(statusLine(counts({stale: 1, stopped: 1}), 'tmux', true)).toBe('#[fg=magenta]◆ main#[default] #[fg=brightblack]◌ 1#[default]');
	});

	it('colours for tmux and for a terminal', () => {
		const c = counts({waiting: 1, active: 2, idle: 1, stopped: 1, stale: 1});
		expect(statusLine(c, 'tmux')).toBe('#[fg=magenta]◆ 1#[default] #[fg=green]● 2#[default] #[fg=yellow]◐ 1#[default] #[fg=brightblack]◌ 1#[default]');
		expect(statusLine(c, 'ansi')).toBe('\u001B[35m◆ 1\u001B[39m \u001B[32m● 2\u001B[39m \u001B[33m◐ 1\u001B[39m \u001B[90m◌ 1\u001B[39m');
	});

	it('json: the session (null when none) and every count', () => {
		expect(statusJson(undefined, NO_COUNTS)).toEqual({sessionId: null, counts: NO_COUNTS, mainWaiting: false, provider: null});
		expect(statusJson('s1', counts({active: 1}), true)).toEqual({
			sessionId: 's1',
			counts: {waiting: 0, active: 1, idle: 0, stopped: 0, stale: 0},
			mainWaiting: true,
			provider: 'claude',
		});
		expect(statusJson('c1', counts({active: 1}), false, 'codex').provider).toBe('codex');
	});
});
