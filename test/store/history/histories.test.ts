import {mkdirSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it, vi} from 'vitest';
import {formatEventLine, type EventLine} from '../../../src/core/history/event-line.js';
import {foldEvents} from '../../../src/core/history/fold.js';
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
	readHistories(activity, {now: T0 + 60_000})
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
		const read = readHistories(activity, {now: T0 + 60_000});
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
		const read = readHistories(activity, {now: T0 + 3_600_000});
		vi.restoreAllMocks();
		const whole = foldEvents(readSessionEvents(path.join(activity, 's1')).lines, {now: T0 + 3_600_000}).map(h => ({...h, events: []}));
		expect(read.agents).toEqual(whole);
		expect(read.agents).toHaveLength(3000);
		// The window is 60 s: about 360 lines, not the log's 9,000.
		expect(maxHeld).toBeGreaterThan(0);
		expect(maxHeld).toBeLessThanOrEqual(REORDER_WINDOW_MS / 100 + 10);
	});
});
