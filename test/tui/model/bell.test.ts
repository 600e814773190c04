// When the bell rings: an agent starts waiting, or an agent finishes; never for
// silence; at most once a second.
import {describe, expect, it} from 'vitest';
import {bellAllowed, bellWanted, type StatusMap} from '../../../src/tui/model/bell.js';
import type {DisplayStatus} from '../../../src/core/monitor/stale.js';

const m = (...entries: Array<[string, DisplayStatus, boolean?]>): StatusMap =>
	new Map(entries.map(([id, status, stale]) => [id, {status, stale: stale ?? false}]));

describe('bell', () => {
	it('rings when an agent starts waiting or finishes', () => {
		expect(bellWanted(m(['a', 'active']), m(['a', 'waiting']))).toBe(true);
		expect(bellWanted(m(['a', 'active']), m(['a', 'stopped']))).toBe(true);
		expect(bellWanted(m(['a', 'waiting']), m(['a', 'stopped']))).toBe(true);
		expect(bellWanted(m(), m(['a', 'waiting']))).toBe(true);
	});

	it('does not ring for what does not need the user', () => {
		expect(bellWanted(m(['a', 'waiting']), m(['a', 'waiting']))).toBe(false);
		expect(bellWanted(m(['a', 'active']), m(['a', 'stopped', true]))).toBe(false);
		expect(bellWanted(m(), m(['a', 'stopped']))).toBe(false);
		expect(bellWanted(m(['a', 'waiting']), m(['a', 'active']))).toBe(false);
		expect(bellWanted(m(['a', 'stopped']), m(['a', 'stopped']))).toBe(false);
	});

	it('leaves to the hook what it notifies itself: waits, failures, the end of a fan-out', () => {
		const failed: StatusMap = new Map([
			['a', {status: 'stopped', stale: false, failed: true}],
			['b', {status: 'active', stale: false}],
		]);
		// Each would ring without the hook's notifications…
		expect(bellWanted(m(['a', 'active']), m(['a', 'waiting']))).toBe(true);
		expect(bellWanted(m(['a', 'active'], ['b', 'active']), failed)).toBe(true);
		expect(bellWanted(m(['a', 'stopped'], ['b', 'active']), m(['a', 'stopped'], ['b', 'stopped']))).toBe(true);
		// …and none does with them.
		expect(bellWanted(m(['a', 'active']), m(['a', 'waiting']), true)).toBe(false);
		expect(bellWanted(m(), m(['a', 'waiting']), true)).toBe(false);
		expect(bellWanted(m(['a', 'active'], ['b', 'active']), failed, true)).toBe(false);
		expect(bellWanted(m(['a', 'stopped'], ['b', 'active']), m(['a', 'stopped'], ['b', 'stopped']), true)).toBe(false);
		// A stale agent does not keep the fan-out running.
		expect(bellWanted(m(['a', 'active'], ['b', 'active', true]), m(['a', 'stopped'], ['b', 'active', true]), true)).toBe(false);
	});

	it('still rings, with the hook notifying, for what the hook does not announce', () => {
		// An agent finishing while another runs, and a lone agent finishing.
		expect(bellWanted(m(['a', 'active'], ['b', 'active']), m(['a', 'stopped'], ['b', 'active']), true)).toBe(true);
		expect(bellWanted(m(['a', 'active']), m(['a', 'stopped']), true)).toBe(true);
	});

	it('rings at most once a second', () => {
		expect(bellAllowed(undefined, 5)).toBe(true);
		expect(bellAllowed(1000, 1999)).toBe(false);
		expect(bellAllowed(1000, 2000)).toBe(true);
	});
});
