import {mkdirSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it, vi} from 'vitest';
import {formatEventLine, type EventLine} from '../../../src/core/record/event-line.js';
import {foldEvents, HISTORY_STATUSES} from '../../../src/core/history/fold.js';
import type {HistoryFilter} from '../../../src/core/history/query.js';
import {newLineTally, type LineTally} from '../../../src/core/history/stats.js';
import {REORDER_WINDOW_MS, TimeOrder} from '../../../src/core/history/time-order.js';
import {EVENT_LOG_NAME, readSessionEvents} from '../../../src/store/history/event-log.js';
import {readHistories} from '../../../src/store/history/histories.js';
import {tempDir} from '../../helpers/tmp.js';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const at = (s: number): string => new Date(T0 + s * 1000).toISOString();
const line = (s: number, event: string, sessionId: string, agentId?: string, extra: Partial<EventLine> = {}): EventLine => ({
	v: 1,
	at: at(s),
	event,
	sessionId,
	...(agentId === undefined ? {} : {agentId, type: 'Explore'}),
	...extra,
});
const text = (lines: readonly EventLine[]): string => lines.map(formatEventLine).join('');

function writeSession(activity: string, id: string, content: string): void {
	mkdirSync(path.join(activity, id), {recursive: true});
	writeFileSync(path.join(activity, id, EVENT_LOG_NAME), content);
}

const ids = (activity: string): string[] =>
	readHistories(activity, {vars: process.env, now: T0 + 60_000})
		.agents.map(h => `${h.sessionId}/${h.agentId}`)
		.sort();

describe('readHistories', () => {
	it('counts an agent once when a session folder is a symlink to another', () => {
		const activity = tempDir('activity-');
		writeSession(activity, 's1', text([line(0, 'SubagentStart', 's1', 'a1'), line(5, 'SubagentStop', 's1', 'a1')]));
		symlinkSync(path.join(activity, 's1'), path.join(activity, 's2'));
		expect(ids(activity)).toEqual(['s1/a1']);
	});

	it('skips, and notes, a line naming another session than its folder', () => {
		const activity = tempDir('activity-');
		writeSession(activity, 's1', text([line(0, 'SubagentStart', 's1', 'a1'), line(5, 'SubagentStop', 's1', 'a1')]));
		writeSession(activity, 's3', text([line(1, 'SubagentStart', 's3', 'b1'), line(2, 'SubagentStart', 's1', 'a1')]));
		expect(ids(activity)).toEqual(['s1/a1', 's3/b1']);
		const read = readHistories(activity, {vars: process.env, now: T0 + 60_000});
		expect(read.notes.count).toBe(1);
		expect(read.notes.notes[0]).toMatchObject({lineNumber: 2, reason: 'names another session (s1) than its folder'});
	});
});

describe('readHistories reads a log line by line', () => {
	it('folds a long log holding a bounded number of lines, with the same result as the whole-log fold', () => {
		const activity = tempDir('activity-');
		const lines: EventLine[] = [];
		// 3,000 agents over 25 minutes, lines 100 to 400 ms apart (some stops a few ms early).
		for (let i = 0; i < 3000; i++) {
			const id = `a${i}`;
			lines.push(line(i * 0.5, 'SubagentStart', 's1', id, {state: 'active'}));
			lines.push(line(i * 0.5 + 0.1 - (i % 3) * 0.002, 'SubagentStop', 's1', id, {state: 'stopped', data: {lastMessage: `done ${i}`}}));
			lines.push(line(i * 0.5 + 0.1, 'PostToolUse', 's1', id, {data: {status: 'completed', totalTokens: i}}));
		}
		writeSession(activity, 's1', text(lines));
		let maxHeld = 0;
		const original = Object.getOwnPropertyDescriptor(TimeOrder.prototype, 'push')!.value as TimeOrder<unknown>['push'];
		vi.spyOn(TimeOrder.prototype, 'push').mockImplementation(function (this: TimeOrder<unknown>, item: unknown, ms: number, bytes?: number) {
			original.call(this, item, ms, bytes);
			maxHeld = Math.max(maxHeld, this.held);
		});
		const read = readHistories(activity, {vars: process.env, now: T0 + 3_600_000});
		vi.restoreAllMocks();
		const whole = foldEvents(readSessionEvents(path.join(activity, 's1')).lines, {now: T0 + 3_600_000}).map(h => ({...h, events: []}));
		expect(read.agents).toEqual(whole);
		expect(read.agents).toHaveLength(3000);
		// The window is 60 s: about 360 lines, not the log's 9,000.
		expect(maxHeld).toBeGreaterThan(0);
		expect(maxHeld).toBeLessThanOrEqual(REORDER_WINDOW_MS / 100 + 10);
	});
});

describe('readHistories holds little per agent', () => {
	const report = (i: number): string => `## Report ${i}\n\n${'The module is clean. '.repeat(800)}`;
	const bigLog = (activity: string, agents: number): void => {
		const lines: EventLine[] = [];
		for (let i = 0; i < agents; i++) {
			const id = `a${i}`;
			lines.push(line(i, 'SubagentStart', 's1', id, {state: 'active'}));
			lines.push(
				line(i + 0.1, 'PostToolUse', 's1', id, {data: {description: `Review ${i}`, prompt: 'Review it. '.repeat(150), status: 'completed', totalTokens: i}}),
			);
			lines.push(line(i + 0.5, 'SubagentStop', 's1', id, {state: 'stopped', data: {lastMessage: report(i)}}));
		}
		writeSession(activity, 's1', text(lines));
	};

	it('folds lines without their long texts (report, prompt) when no line is printed', () => {
		const activity = tempDir('activity-');
		bigLog(activity, 50);
		let longest = 0;
		const original = Object.getOwnPropertyDescriptor(TimeOrder.prototype, 'push')!.value as TimeOrder<unknown>['push'];
		vi.spyOn(TimeOrder.prototype, 'push').mockImplementation(function (this: TimeOrder<unknown>, item: unknown, ms: number, bytes?: number) {
			longest = Math.max(longest, JSON.stringify(item).length);
			original.call(this, item, ms, bytes);
		});
		const read = readHistories(activity, {vars: process.env, now: T0 + 3_600_000});
		vi.restoreAllMocks();
		// Each stop line is ~17 KB in the log; what the fold holds of it is a few hundred bytes.
		expect(longest).toBeGreaterThan(0);
		expect(longest).toBeLessThan(1000);
		expect(read.agents).toHaveLength(50);
		expect(read.agents[7]).toMatchObject({agentId: 'a7', status: 'completed', description: 'Review 7', lastRequestTokens: 7});
		// The lines asked for are whole.
		const full = readHistories(activity, {vars: process.env, now: T0 + 3_600_000, lines: 'full'});
		expect(full.lines.find(l => l.agentId === 'a7' && l.event === 'SubagentStop')?.data?.lastMessage).toBe(report(7));
	});

	it('still tells two stops with different long messages apart (a repeat is the same message only)', () => {
		const activity = tempDir('activity-');
		const stop = (s: number, message: string): EventLine => line(s, 'SubagentStop', 's1', 'a1', {state: 'stopped', data: {lastMessage: message}});
		const start = (s: number): EventLine => line(s, 'SubagentStart', 's1', 'a1', {state: 'active'});
		const long = 'x'.repeat(5000);
		// The same stop twice (two copies of the hook) is one stop; a different message within the second is a late stop of a resumed run.
		writeSession(activity, 's1', text([start(0), stop(10, long), stop(10.2, long), start(20), stop(30, long), stop(30.5, `${long}y`)]));
		const slim = readHistories(activity, {vars: process.env, now: T0 + 3_600_000}).agents[0]!;
		const whole = foldEvents(readSessionEvents(path.join(activity, 's1')).lines, {now: T0 + 3_600_000})[0]!;
		expect(slim.lifecycle).toEqual(whole.lifecycle);
		expect({...slim, events: []}).toEqual({...whole, events: []});
	});

	it('keeps of each agent only what `keep` makes of it', () => {
		const activity = tempDir('activity-');
		bigLog(activity, 20);
		const read = readHistories(activity, {vars: process.env, now: T0 + 3_600_000, keep: h => h.agentId});
		expect(read.agents.sort()).toEqual(Array.from({length: 20}, (_, i) => `a${i}`).sort());
		const one = readHistories(activity, {vars: process.env, now: T0 + 3_600_000, filter: {agent: 'a17'}, keep: h => h.durationMs});
		expect(one.agents).toEqual([500]);
		const ambiguous = readHistories(activity, {vars: process.env, now: T0 + 3_600_000, filter: {agent: 'a'}, keep: h => h.agentId});
		expect(ambiguous.agentError).toMatch(/matches 20 agents/);
	});

	it('counts the same lines for stats with no filter (no tally per agent) as with one that selects every agent', () => {
		const activity = tempDir('activity-');
		bigLog(activity, 30);
		writeSession(
			activity,
			's2',
			text([
				line(0, 'SessionStart', 's2'),
				line(1, 'SubagentStart', 's2', 'b1', {state: 'active'}),
				line(2, 'SessionEnd', 's2', undefined, {data: {reason: 'exit'}}),
			]),
		);
		const count = (filter: HistoryFilter): LineTally => {
			const tally = newLineTally();
			readHistories(activity, {vars: process.env, now: T0 + 3_600_000, tally, filter, keep: () => 0});
			return tally;
		};
		const all = count({});
		expect(all.events).toBe(93);
		expect(all).toEqual(count({sinceMs: 0}));
		expect(all).toEqual(count({untilMs: T0 + 3_600_000}));
		// Agent filters leave the session lines out (they belong to no agent), the agents' lines all in.
		expect(count({statuses: new Set(HISTORY_STATUSES)}).events).toBe(92);
	});
});
