// How often the monitor's clock ticks, and the silence it then shows.
import {describe, expect, it} from 'vitest';
import type {AgentView, ViewItem} from '../../../src/core/monitor/view.js';
import {formatSilence} from '../../../src/core/text/format.js';
import {clockInterval} from '../../../src/tui/model/clock-interval.js';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const counts = (active: number, stale: number) => ({waiting: 0, active, idle: 0, stopped: stale, stale});
const staleItem = (silentMs: number) => ({stale: true, lastLife: NOW - silentMs}) as unknown as ViewItem;
const view = (active: number, items: ViewItem[]): Pick<AgentView, 'counts' | 'items'> => ({counts: counts(active, items.filter(i => i.stale).length), items});

describe('clockInterval', () => {
	it('ticks each second while an agent runs, never when nothing runs', () => {
		expect(clockInterval(view(1, []), NOW)).toBe(1000);
		expect(clockInterval(view(0, []), NOW)).toBeUndefined();
	});

	it('while only stale agents are left: every 30 s once their silence is counted in minutes, each second before', () => {
		expect(clockInterval(view(0, [staleItem(6 * 60_000)]), NOW)).toBe(30_000);
		expect(clockInterval(view(0, [staleItem(6 * 60_000), staleItem(20_000)]), NOW)).toBe(1000);
	});
});

describe('formatSilence', () => {
	it('is to the second under a minute, to the minute above', () => {
		expect(formatSilence(42_000)).toBe('42s');
		expect(formatSilence(5 * 60_000 + 59_000)).toBe('5m');
		expect(formatSilence(3_600_000 + 5 * 60_000 + 7_000)).toBe('1h 05m');
		expect(formatSilence(2 * 86_400_000 + 3 * 3_600_000)).toBe('2d 3h');
	});
});
