import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it, vi} from 'vitest';
import {formatEventLine, type EventLine} from '../../../src/core/record/event-line.js';
import {EventFold} from '../../../src/core/history/fold.js';
import {TimeOrder} from '../../../src/core/history/time-order.js';
import type {HistoryFilter} from '../../../src/core/history/query.js';
import {EVENT_LOG_NAME} from '../../../src/core/record/file-names.js';
import {readHistories} from '../../../src/store/history/histories.js';
import {planSelectedLines, selectedLines} from '../../../src/store/history/selected-lines.js';
import {tempDir} from '../../helpers/tmp.js';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const at = (s: number): string => new Date(T0 + s * 1000).toISOString();
const line = (s: number, event: string, sessionId: string, agentId?: string, extra: Partial<EventLine> = {}): EventLine => ({
	v: 1,
	at: at(s),
	event,
	sessionId,
	...(agentId === undefined ? {} : {agentId, type: agentId.startsWith('p') ? 'Plan' : 'Explore'}),
	...extra,
});

function writeSession(activity: string, id: string, lines: readonly EventLine[]): void {
	mkdirSync(path.join(activity, id), {recursive: true});
	writeFileSync(path.join(activity, id, EVENT_LOG_NAME), lines.map(formatEventLine).join(''));
}

/** Three sessions, two overlapping in time, one later; stops a little out of order, a repeated line, SessionEnds that interrupt. */
function activityWithSessions(): string {
	const activity = tempDir('activity-');
	const s1: EventLine[] = [line(-1, 'SessionStart', 's1')];
	const s2: EventLine[] = [line(0.5, 'SessionStart', 's2')];
	for (let i = 0; i < 40; i++) {
		const id = `${i % 4 === 0 ? 'p' : 'e'}${i}`;
		const target = i % 2 === 0 ? s1 : s2;
		const sid = i % 2 === 0 ? 's1' : 's2';
		target.push(line(i * 3, 'SubagentStart', sid, id, {state: 'active'}));
		if (i % 5 !== 0) {
			target.push(
				line(i * 3 + 2 - (i % 3) * 0.004, 'SubagentStop', sid, id, {
					state: 'stopped',
					data: {lastMessage: `done ${i}${i % 3 === 0 ? ` ${'long report. '.repeat(40)}` : ''}`},
				}),
			);
		}
		// The same moment in both sessions.
		target.push(line(i * 3 + 1, 'PostToolUse', sid, id, {data: {status: 'completed', totalTokens: i, description: `d${i}`}}));
	}
	s1.push(s1.at(-1)!);
	s1.push(line(200, 'SessionEnd', 's1', undefined, {data: {reason: 'exit'}}));
	s2.push(line(150, 'SessionEnd', 's2', undefined, {data: {reason: 'clear'}}));
	writeSession(activity, 's1', s1);
	writeSession(activity, 's2', s2);
	writeSession(activity, 's3', [
		line(1000, 'SessionStart', 's3'),
		line(1001, 'SubagentStart', 's3', 'e99', {state: 'active'}),
		line(1001, 'SubagentStop', 's3', 'e99', {state: 'stopped'}),
	]);
	return activity;
}

const streamed = (activity: string, filter: HistoryFilter, sessionId?: string): EventLine[] => {
	const options = {vars: process.env, now: T0 + 3_600_000, filter, ...(sessionId === undefined ? {} : {sessionId})};
	return [...selectedLines(activity, planSelectedLines(activity, options), options)];
};
const collected = (activity: string, filter: HistoryFilter, sessionId?: string): EventLine[] =>
	readHistories(activity, {vars: process.env, now: T0 + 3_600_000, filter, lines: 'full', ...(sessionId === undefined ? {} : {sessionId})}).lines;

describe('selectedLines', () => {
	it('gives the lines history --events collected, in the same order, for every kind of filter', () => {
		const activity = activityWithSessions();
		const filters: HistoryFilter[] = [
			{},
			{type: 'plan'},
			{statuses: new Set(['interrupted'])},
			{statuses: new Set(['completed'])},
			{sinceMs: T0 + 30_000, untilMs: T0 + 90_000},
			{agent: 'e1'},
			{agent: 'e9'},
		];
		for (const filter of filters) {
			const got = streamed(activity, filter);
			expect(got.length).toBeGreaterThan(0);
			expect(got).toEqual(collected(activity, filter));
		}
		expect(streamed(activity, {}, 's2')).toEqual(collected(activity, {}, 's2'));
		// Long reports are given whole.
		expect(streamed(activity, {}).filter(l => typeof l.data?.lastMessage === 'string' && l.data.lastMessage.includes('long report')).length).toBe(11);
		expect(streamed(activity, {agent: 'zz'})).toEqual([]);
	});

	it('gives lines of the same millisecond in the order folded (the file order), sessions in their listing order', () => {
		const activity = tempDir('activity-');
		writeSession(activity, 's1', [
			line(0, 'SessionStart', 's1'),
			line(0, 'SubagentStart', 's1', 'a1', {state: 'active'}),
			line(0, 'SubagentStart', 's1', 'b1'),
		]);
		const got = streamed(activity, {});
		expect(got.map(l => `${l.event}/${l.agentId ?? '-'}`)).toEqual(['SessionStart/-', 'SubagentStart/a1', 'SubagentStart/b1']);
	});

	it('says a prefix that names several agents, and gives nothing', () => {
		const activity = activityWithSessions();
		const plan = planSelectedLines(activity, {vars: process.env, now: T0, filter: {agent: 'e'}});
		expect(plan.agentError).toMatch(/matches \d+ agents/);
		expect([...selectedLines(activity, plan, {vars: process.env, now: T0})]).toEqual([]);
	});

	it('gives the first lines of a long log having read only a reorder window of it', () => {
		const activity = tempDir('activity-');
		const lines: EventLine[] = [];
		const report = `# Report\n${'All good. '.repeat(500)}`;
		for (let i = 0; i < 3000; i++) {
			lines.push(
				line(i, 'SubagentStart', 's1', `a${i}`, {state: 'active'}),
				line(i + 0.5, 'SubagentStop', 's1', `a${i}`, {state: 'stopped', data: {lastMessage: report}}),
			);
		}
		writeSession(activity, 's1', lines);
		const options = {vars: process.env, now: T0 + 3_600_000, filter: {}};
		const plan = planSelectedLines(activity, options);
		let added = 0;
		const original = Object.getOwnPropertyDescriptor(EventFold.prototype, 'add')!.value as EventFold['add'];
		vi.spyOn(EventFold.prototype, 'add').mockImplementation(function (this: EventFold, l: EventLine, bytes?: number) {
			added += 1;
			original.call(this, l, bytes);
		});
		let longest = 0;
		const push = Object.getOwnPropertyDescriptor(TimeOrder.prototype, 'push')!.value as TimeOrder<unknown>['push'];
		vi.spyOn(TimeOrder.prototype, 'push').mockImplementation(function (this: TimeOrder<unknown>, item: unknown, ms: number, bytes?: number) {
			longest = Math.max(longest, JSON.stringify(item).length);
			push.call(this, item, ms, bytes);
		});
		const it = selectedLines(activity, plan, options);
		const first = Array.from({length: 10}, () => it.next().value as EventLine);
		const addedForTen = added;
		it.return();
		vi.restoreAllMocks();
		expect(first.map(l => l.agentId)).toEqual(['a0', 'a0', 'a1', 'a1', 'a2', 'a2', 'a3', 'a3', 'a4', 'a4']);
		// A line goes out once a line over 60 s newer is read: about 130 of the 6,000 lines, not all.
		expect(addedForTen).toBeGreaterThan(100);
		expect(addedForTen).toBeLessThan(200);
		// What is held for reordering is the line without its report (given whole, read again from the log).
		expect(longest).toBeLessThan(400);
		expect(first[1]!.data?.lastMessage).toBe(report);
	});
});
