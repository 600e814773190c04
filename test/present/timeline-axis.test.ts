// The timeline's time axis: the window shown at a zoom and a pan, clamped into the full window;
// tick labels that fit, in local time; a column's span in words.
import {describe, expect, it} from 'vitest';
import {axisLine, columnSpan, zoomedWindow, ZOOMS} from '../../src/present/timeline-axis.js';

const T0 = Date.parse('2026-11-20T10:00:00.000Z');
const full = {fromMs: T0, toMs: T0 + 3_600_000};

describe('zoomedWindow', () => {
	it('zoom 0 is the whole window; each level halves it, ending at the latest part', () => {
		expect(zoomedWindow(full, 0, 0)).toEqual(full);
		expect(zoomedWindow(full, 1, 0)).toEqual({fromMs: T0 + 1_800_000, toMs: full.toMs});
		expect(zoomedWindow(full, 2, 0)).toEqual({fromMs: T0 + 2_700_000, toMs: full.toMs});
	});

	it('a pan moves back by shares of the shown span, never past the start', () => {
		expect(zoomedWindow(full, 2, 1)).toEqual({fromMs: T0 + 1_800_000, toMs: T0 + 2_700_000});
		expect(zoomedWindow(full, 1, 5)).toEqual({fromMs: T0, toMs: T0 + 1_800_000});
		expect(zoomedWindow(full, 1, -3)).toEqual({fromMs: T0 + 1_800_000, toMs: full.toMs});
	});

	it('clamps the zoom into ZOOMS and never shows less than a second', () => {
		expect(zoomedWindow(full, -4, 0)).toEqual(full);
		expect(zoomedWindow(full, 99, 0)).toEqual(zoomedWindow(full, ZOOMS.length - 1, 0));
		expect(zoomedWindow({fromMs: T0, toMs: T0 + 100}, 3, 0)).toEqual({fromMs: T0 + 100 - 1000, toMs: T0 + 100});
	});
});

describe('axisLine', () => {
	it('is exactly as wide as asked, with ticks whose labels do not overlap', () => {
		const line = axisLine(full, 80, 0);
		expect([...line]).toHaveLength(80);
		// An hour on 80 columns (45 s each): a tick every 10 minutes, 13.3 columns apart, HH:MM;
		// 11:00 falls on column 80, past the end.
		const cols = [...line].flatMap((c, i) => (c === '╵' ? [i] : []));
		expect(cols).toEqual([0, 13, 26, 40, 53, 66]);
		expect(line.split(/\s+/).filter(Boolean)).toEqual(['╵10:00', '╵10:10', '╵10:20', '╵10:30', '╵10:40', '╵10:50']);
	});

	it('shifts labels to local time', () => {
		expect(axisLine(full, 80, 120).startsWith('╵12:00')).toBe(true);
		expect(axisLine(full, 80, -330).startsWith('╵04:30')).toBe(true);
	});

	it('shows seconds, then tenths, for shorter windows', () => {
		expect(axisLine({fromMs: T0, toMs: T0 + 60_000}, 60, 0).startsWith('╵10:00:00')).toBe(true);
		expect(axisLine({fromMs: T0, toMs: T0 + 2000}, 60, 0).startsWith('╵10:00:00.0')).toBe(true);
		expect(axisLine({fromMs: T0, toMs: T0 + 2000}, 60, 0)).toContain('10:00:00.5');
	});

	it('a label that would not fit at the end is left out', () => {
		const line = axisLine({fromMs: T0 - 5 * 60_000, toMs: T0 + 60_000}, 14, 0);
		expect([...line]).toHaveLength(14);
		expect(line).not.toContain('10:00');
	});
});

describe('columnSpan', () => {
	it('says a column in ms, s or min', () => {
		expect(columnSpan(0.2)).toBe('1 ms');
		expect(columnSpan(250)).toBe('250 ms');
		expect(columnSpan(1500)).toBe('1.5 s');
		expect(columnSpan(59_990)).toBe('60 s');
		expect(columnSpan(120_000)).toBe('2 min');
		expect(columnSpan(90_000)).toBe('1.5 min');
	});
});
