import {mkdirSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {formatEventLine, type EventLine} from '../../../src/core/history/event-line.js';
import {EVENT_LOG_NAME} from '../../../src/store/history/event-log.js';
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
