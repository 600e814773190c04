import {describe, expect, it} from 'vitest';
import {pruneText} from '../../src/present/prune-text.js';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const DAY = 86_400_000;

describe('pruneText', () => {
	it('lists what went (or would), what was kept and why, and the recent sessions kept', () => {
		const text = pruneText(
			{
				removed: [
					{id: 'aaaa', bytes: 2048, lastEventAt: new Date(NOW - 40 * DAY).toISOString()},
					{id: 'bb', bytes: 10, lastEventAt: new Date(NOW - 35 * DAY).toISOString()},
				],
				kept: [
					{id: 'cc', reason: 'live-agent', agentId: 'ag1'},
					{id: 'dd', reason: 'foreign', foreign: ['a.txt', 'b', 'c', 'd']},
					{id: 'ee', reason: 'recent'},
				],
			},
			30 * DAY,
			true,
			NOW,
		);
		const lines = text.split('\n');
		expect(lines[0]).toMatch(/^Would remove 2 sessions whose last event is 30d old or more \(/);
		expect(lines[1]).toMatch(/^ {2}aaaa {2}last event /);
		expect(lines[2]).toMatch(/^ {2}bb {4}last event /);
		expect(lines.slice(3)).toEqual([
			'2 old sessions kept or skipped:',
			'  cc  kept: agent ag1 still runs',
			'  dd  left alone: holds files agentlog did not write: a.txt, b, c and 1 more',
			'1 recent session kept.',
			'Dry run: nothing was removed.',
			'',
		]);
	});

	it('says when there is nothing to prune', () => {
		expect(pruneText({removed: [], kept: []}, DAY, false, NOW)).toBe("Nothing to prune: no session's last event is 1d old or more.\n");
	});
});
