import {describe, expect, it} from 'vitest';
import {columnSpan, drawTimeline, fullWindow, liveWindow, TIMELINE_SYMBOLS, timelineText, zoomedWindow, type Lane} from '../../src/present/timeline.js';

const T0 = Date.parse('2026-11-26T10:00:00Z');
const s = (n: number) => T0 + n * 1000;

const lanes: Lane[] = [
	{id: 'a', label: 'scout (Explore)', startMs: s(0), stopMs: s(60), status: 'completed'},
	{id: 'b', label: '└ mapper', startMs: s(30), status: 'active'},
	{id: 'c', label: 'critic', startMs: s(10), stopMs: s(40), status: 'failed'},
	{id: 'd', label: 'mate', startMs: s(0), status: 'idle', idle: [{fromMs: s(50)}]},
	{id: 'e', label: 'again', startMs: s(0), stopMs: s(100), status: 'completed', rests: [{fromMs: s(20), toMs: s(80)}], marks: [{ms: s(80), kind: 'resumed'}]},
];

const barOf = (text: string[], label: string) => text.find(line => line.startsWith(label))!.slice(16);

describe('drawTimeline', () => {
	const now = s(120);
	const picture = drawTimeline(lanes, {width: 16 + 120, nowMs: now, window: {fromMs: s(0), toMs: s(120)}});
	const text = timelineText(picture, 136);

	it('draws each agent from its start to its stop, one column per second here', () => {
		expect(picture.labelWidth).toBe(15);
		expect(picture.msPerColumn).toBe(1000);
		const bar = barOf(text, 'scout');
		expect(bar.slice(0, 61)).toBe('─'.repeat(61));
		expect(bar.slice(61).trim()).toBe('');
	});

	it('grows a running agent to now, ending in ▶ at now', () => {
		const bar = barOf(text, '└ mapper');
		expect(bar.slice(0, 30).trim()).toBe('');
		expect(bar.slice(30, 119)).toBe('━'.repeat(89));
		expect(bar.slice(119)).toBe('▶');
		expect(picture.nowColumn).toBe(119);
	});

	it('marks a failure at its moment, an idle stretch, and a rest between runs with the resume', () => {
		expect(barOf(text, 'critic').trimEnd().endsWith('─✗')).toBe(true);
		expect(barOf(text, 'mate').slice(50)).toMatch(/^┄+$/u);
		const again = barOf(text, 'again');
		expect(again.slice(0, 21)).toBe('─'.repeat(21));
		expect(again.slice(21, 80).trim()).toBe('');
		expect(again[80]).toBe('↻');
	});

	it('ends the bar of an agent stopped by you with ■, and says so in the legend', () => {
		const stopped: Lane = {id: 'f', label: 'halted', startMs: s(0), stopMs: s(30), status: 'user-stopped'};
		const alone = drawTimeline([stopped], {width: 16 + 120, nowMs: now, window: {fromMs: s(0), toMs: s(120)}});
		const line = timelineText(alone, 136).find(l => l.startsWith('halted'))!;
		expect(line.slice(alone.labelWidth + 1).trimEnd()).toMatch(/^─+■$/u);
		expect(TIMELINE_SYMBOLS).toContainEqual(['■', 'stopped by you']);
	});

	it('counts how many ran in each column (idle ones not), with its peak', () => {
		// 30–40 s: scout, mapper, critic, and mate before it went idle.
		expect(picture.peak).toBe(4);
		const line = text.find(l => l.startsWith('at once'))!;
		expect(line).toContain('█');
		expect(text.at(-1)).toContain('peak 4 · 1 s per column');
	});

	it('puts local-time ticks on the axis that fit between each other', () => {
		const ticks = [...picture.axis.matchAll(/╵(\d\d:\d\d:\d\d)/gu)].map(m => m[1]);
		expect(ticks.length).toBeGreaterThan(3);
		expect(ticks.slice(0, 2)).toEqual(['10:00:00', '10:00:15']);
		const shifted = drawTimeline(lanes, {width: 136, nowMs: now, window: {fromMs: s(0), toMs: s(120)}, utcOffsetMin: 60});
		expect(shifted.axis).toContain('11:00:15');
	});

	it('never draws wider than asked, from 40 columns up', () => {
		for (const width of [40, 80, 200, 250]) {
			const lines = timelineText(drawTimeline(lanes, {width, nowMs: now, window: fullWindow(lanes, now)}), width);
			for (const line of lines) {
				expect([...line].length, `${width}: ${line}`).toBeLessThanOrEqual(width);
			}
		}
	});
});

describe('windows', () => {
	it('spans every lane, running ones to now', () => {
		expect(fullWindow(lanes, s(120))).toEqual({fromMs: s(0), toMs: s(120)});
		expect(fullWindow([], s(120))).toEqual({fromMs: s(60), toMs: s(120)});
	});

	it('drawn live, ends past now on a step of about an eighth of the span, and moves only when now reaches it', () => {
		const running: Lane[] = [
			{id: 'a', label: 'a', startMs: s(0), stopMs: s(30), status: 'completed'},
			{id: 'b', label: 'b', startMs: s(10), status: 'active'},
		];
		const at = (now: number) => liveWindow(running, now);
		const first = at(s(120));
		expect(first.fromMs).toBe(s(0));
		expect(first.toMs).toBeGreaterThan(s(120));
		expect(first.toMs - s(120)).toBeLessThanOrEqual((s(120) - s(0)) / 4);
		// Ticks until now reaches the end leave the window as it is; then it moves on.
		for (let now = s(120); now < first.toMs; now += 1000) {
			expect(at(now)).toEqual(first);
		}
		expect(at(first.toMs).toMs).toBeGreaterThan(first.toMs);
		// Zoomed in, the room past now stays a small part of what is shown.
		for (const zoom of [1, 3, 6]) {
			const shown = zoomedWindow(liveWindow(running, s(120), zoom), zoom, 0);
			expect(shown.toMs).toBeGreaterThan(s(120));
			expect(shown.toMs - s(120)).toBeLessThanOrEqual(Math.max(1000, (shown.toMs - shown.fromMs) / 4));
		}
		// Nothing running: the whole span, as fullWindow.
		expect(
			liveWindow(
				lanes.filter(lane => lane.stopMs !== undefined),
				s(500),
			),
		).toEqual(
			fullWindow(
				lanes.filter(lane => lane.stopMs !== undefined),
				s(500),
			),
		);
		expect(liveWindow([], s(120))).toEqual(fullWindow([], s(120)));
	});

	it('zooms into the latest part and pans back, never past the start', () => {
		const full = {fromMs: s(0), toMs: s(120)};
		expect(zoomedWindow(full, 0, 0)).toEqual(full);
		expect(zoomedWindow(full, 1, 0)).toEqual({fromMs: s(60), toMs: s(120)});
		expect(zoomedWindow(full, 1, 1)).toEqual({fromMs: s(0), toMs: s(60)});
		expect(zoomedWindow(full, 1, 5)).toEqual({fromMs: s(0), toMs: s(60)});
		expect(zoomedWindow(full, 99, 0).toMs - zoomedWindow(full, 99, 0).fromMs).toBe(Math.max(1000, 120_000 / 64));
	});

	it('says how long a column is', () => {
		expect(columnSpan(27.4)).toBe('27 ms');
		expect(columnSpan(1500)).toBe('1.5 s');
		expect(columnSpan(120_000)).toBe('2 min');
	});
});
