import {describe, expect, it} from 'vitest';
import {findGhosts} from '../../../src/core/monitor/ghosts.js';
import {agent} from '../../helpers/agent-fixtures.js';

const ghostsOf = (...agents: Parameters<typeof findGhosts>[0]): string[] => [...findGhosts(agents)].sort();

describe('findGhosts', () => {
	it('never makes the first agent of a type a ghost', () => {
		expect(ghostsOf(agent('a', {start: 0, stop: 1}))).toEqual([]);
		expect(ghostsOf()).toEqual([]);
	});

	it('keeps parallel work: an agent that starts while another of its type runs', () => {
		expect(ghostsOf(agent('a', {start: 0}), agent('b', {start: 5}), agent('c', {start: 6, stop: 8}))).toEqual([]);
	});

	it('keeps an agent that starts before an earlier one stopped', () => {
		expect(ghostsOf(agent('a', {start: 0, stop: 20}), agent('b', {start: 10, stop: 12}))).toEqual([]);
	});

	it('counts an idle earlier agent (no stop) as running', () => {
		expect(ghostsOf(agent('a', {start: 0, updated: 3, status: 'idle'}), agent('b', {start: 5}))).toEqual([]);
	});

	it('marks a copy that starts within 30 s of the last stop a ghost', () => {
		expect(ghostsOf(agent('worker', {start: 0, stop: 60}), agent('copy', {start: 63}))).toEqual(['copy']);
	});

	it('keeps a real re-spawn more than 30 s after the last stop', () => {
		expect(ghostsOf(agent('a', {start: 0, stop: 60}), agent('b', {start: 91}))).toEqual([]);
	});

	it('treats exactly 30 s as a ghost and 31 s as a re-spawn', () => {
		expect(ghostsOf(agent('a', {start: 0, stop: 60}), agent('b', {start: 90}))).toEqual(['b']);
		expect(ghostsOf(agent('a', {start: 0, stop: 60}), agent('b', {start: 91}))).toEqual([]);
	});

	it('marks a whole shutdown chain (recap + approval) as ghosts', () => {
		const agents = [agent('worker', {start: 0, stop: 100}), agent('recap', {start: 103, stop: 104}), agent('approval', {start: 106, stop: 107})];
		expect(ghostsOf(...agents)).toEqual(['approval', 'recap']);
	});

	it('measures a chain from the latest stop, ghosts included', () => {
		// The second copy is 40 s after the worker's stop but only 10 s after the first copy's.
		const agents = [agent('worker', {start: 0, stop: 100}), agent('recap', {start: 120, stop: 125}), agent('approval', {start: 135, stop: 136})];
		expect(ghostsOf(...agents)).toEqual(['approval', 'recap']);
	});

	it('keeps an agent that starts 10 s after a ghost stopped while an earlier agent still runs', () => {
		const agents = [agent('long', {start: 0}), agent('short', {start: 5, stop: 20}), agent('next', {start: 30})];
		// The peer compares with the previous agent only and would drop `next`.
		expect(ghostsOf(...agents)).toEqual([]);
	});

	it('judges each start only by the agents before it: a start 7 s after a ghost is one, the next overlaps it', () => {
		const agents = [agent('w1', {start: 0, stop: 50}), agent('ghost', {start: 52, stop: 53}), agent('w2', {start: 60}), agent('w3', {start: 63})];
		expect(ghostsOf(...agents)).toEqual(['ghost', 'w2']);
	});

	it('treats types independently', () => {
		const agents = [
			agent('rev', {type: 'reviewer', start: 0}),
			agent('w1', {type: 'worker', start: 0, stop: 10}),
			agent('w2', {type: 'worker', start: 15}),
			agent('t1', {type: 'tester', start: 12}),
		];
		expect(ghostsOf(...agents)).toEqual(['w2']);
	});

	it('does not depend on input order', () => {
		const agents = [agent('copy', {start: 63}), agent('worker', {start: 0, stop: 60})];
		expect(ghostsOf(...agents)).toEqual(['copy']);
	});

	describe('whole-second timestamps and ties', () => {
		it('counts a stop in the same second as the next start as stopped', () => {
			expect(ghostsOf(agent('a', {start: 0, stop: 10}), agent('b', {start: 10}))).toEqual(['b']);
		});

		it('keeps two agents that start in the same second while both run', () => {
			expect(ghostsOf(agent('a', {start: 5}), agent('b', {start: 5}))).toEqual([]);
		});

		it('keeps a same-second start when the other one has not stopped by then', () => {
			const agents = [agent('prev', {start: 0, stop: 3}), agent('a', {start: 5, stop: 9}), agent('b', {start: 5})];
			// `a` is a ghost of `prev` (its tie partner `b` sorts after it: it stopped later);
			// `b` overlaps `a`, which had not stopped at second 5.
			expect(ghostsOf(...agents)).toEqual(['a']);
		});

		it('orders equal starts by stop time, so a zero-length copy comes first', () => {
			const agents = [agent('worker', {start: 0, stop: 10}), agent('g2', {start: 10}), agent('g1', {start: 10, stop: 10})];
			expect(ghostsOf(...agents)).toEqual(['g1', 'g2']);
		});

		it('reads timestamps with and without milliseconds alike', () => {
			const a = agent('a', {start: 0, stop: 10, extra: {stoppedAt: '2026-03-01T12:00:10.000Z'}});
			const b = agent('b', {extra: {startedAt: '2026-03-01T12:00:40Z'}});
			expect(ghostsOf(a, b)).toEqual(['b']);
		});
	});

	describe('missing or invalid timestamps', () => {
		it('never makes an agent with an unreadable start a ghost, nor others because of it', () => {
			const bad = agent('bad', {stop: 10, extra: {startedAt: 'yesterday'}});
			expect(ghostsOf(agent('a', {start: 0, stop: 10}), bad)).toEqual([]);
			expect(ghostsOf(bad, agent('b', {start: 12}))).toEqual([]);
		});

		it('leaves out an agent whose start was never seen', () => {
			const unknown = agent('u', {start: 12, stop: 12, extra: {startUnknown: true}});
			expect(ghostsOf(agent('a', {start: 0, stop: 10}), unknown)).toEqual([]);
		});

		it('takes updatedAt as the stop of a stopped agent without stoppedAt (kanban files)', () => {
			const kanban = agent('k', {start: 0, updated: 20, status: 'stopped'});
			expect(kanban.stoppedAt).toBeUndefined();
			expect(ghostsOf(kanban, agent('b', {start: 25}))).toEqual(['b']);
			expect(ghostsOf(kanban, agent('b', {start: 15}))).toEqual([]);
		});

		it('counts a stopped agent with no readable stop time as running', () => {
			const odd = agent('odd', {start: 0, status: 'stopped', extra: {updatedAt: 'garbage'}});
			expect(ghostsOf(odd, agent('b', {start: 5}))).toEqual([]);
		});

		it('ignores an unreadable stoppedAt', () => {
			const a = agent('a', {start: 0, status: 'active', extra: {stoppedAt: 'nope'}});
			expect(ghostsOf(a, agent('b', {start: 5}))).toEqual([]);
		});
	});
});
