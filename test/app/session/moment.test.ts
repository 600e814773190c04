// A session at a moment: `--at` read (a time or a duration ago, never after now), its event log
// read once, and the session rebuilt at the moment with the clock there.
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {logSpan, momentModel, parseAt, readSessionLog} from '../../../src/app/session/moment.js';
import {formatEventLine, type EventLine} from '../../../src/core/record/event-line.js';
import {CliError} from '../../../src/core/user-error.js';
import {tempDir} from '../../helpers/tmp.js';

const S = '4d5611e5-241a-462a-8d15-5122611a9569';
const T0 = Date.parse('2026-11-20T10:00:00.000Z');
const iso = (s: number) => new Date(T0 + s * 1000).toISOString();
const line = (s: number, event: string, extra: Partial<EventLine> = {}): EventLine => ({v: 1, at: iso(s), event, sessionId: S, ...extra});
const options = {staleMs: 300_000, dedup: true, showGhosts: false, showAll: true};

function sessionWith(lines: readonly EventLine[]): string {
	const activity = tempDir('activity-');
	mkdirSync(path.join(activity, S));
	writeFileSync(path.join(activity, S, 'events.jsonl'), lines.map(l => `${formatEventLine(l)}\n`).join(''));
	return activity;
}

const LOG = [
	line(0, 'SubagentStart', {agentId: 'a1', type: 'Explore', state: 'active'}),
	line(10, 'SubagentStart', {agentId: 'a2', type: 'Plan', state: 'active'}),
	line(60, 'SubagentStop', {agentId: 'a1', type: 'Explore', state: 'stopped', data: {lastMessage: 'Found 4 routes.'}}),
];

describe('parseAt', () => {
	const now = T0 + 3_600_000;
	it('an ISO time or a duration ago', () => {
		expect(parseAt(iso(5), now)).toBe(T0 + 5000);
		expect(parseAt('30m', now)).toBe(now - 30 * 60_000);
	});

	it('garbage, or a moment after now: exit 2', () => {
		for (const text of ['soon', new Date(now + 1000).toISOString()]) {
			let error: unknown;
			try {
				parseAt(text, now);
			} catch (e) {
				error = e;
			}
			expect(error, text).toBeInstanceOf(CliError);
			expect((error as CliError).exitCode).toBe(2);
			expect((error as CliError).message).toMatch(/^option '--at <when>' argument: /);
		}
	});
});

describe('logSpan', () => {
	it('the first and last times, bad times left out; none is an empty span', () => {
		expect(logSpan([line(30, 'X'), line(5, 'X'), {...line(0, 'X'), at: 'bad'}, line(90, 'X')])).toEqual({first: T0 + 5000, last: T0 + 90_000});
		expect(logSpan([])).toEqual({first: Number.POSITIVE_INFINITY, last: Number.NEGATIVE_INFINITY});
	});
});

describe('readSessionLog', () => {
	it('reads the lines, their texts read back on demand', () => {
		const log = readSessionLog(sessionWith(LOG), S, 'label');
		expect(log.lines.map(l => l.event)).toEqual(['SubagentStart', 'SubagentStart', 'SubagentStop']);
		expect(log.skipped).toBe(0);
		const held = log.lines[2]?.data?.lastMessage;
		expect(log.text(String(held))).toBe('Found 4 routes.');
	});

	it('a session without a log: exit 1, naming the session', () => {
		const activity = tempDir('activity-');
		mkdirSync(path.join(activity, S));
		expect(() => readSessionLog(activity, S, 'my-label')).toThrow(/session my-label has no event log/);
	});

	it('bad lines are counted, not fatal', () => {
		const activity = sessionWith(LOG);
		writeFileSync(path.join(activity, S, 'events.jsonl'), `${formatEventLine(LOG[0]!)}\n{broken\n`);
		expect(readSessionLog(activity, S, 'x').skipped).toBe(1);
	});
});

describe('momentModel', () => {
	it('the session as it was: before the stop one agent ran; after it, its report', () => {
		const activity = sessionWith(LOG);
		const log = readSessionLog(activity, S, 'x');
		const before = momentModel(activity, log, T0 + 30_000, options);
		expect(before.model.items.map(i => [i.agent.agentId, i.displayStatus])).toEqual([
			['a2', 'active'],
			['a1', 'active'],
		]);
		expect(before.model.items.map(i => i.durationMs)).toEqual([20_000, 30_000]);
		const after = momentModel(activity, log, T0 + 120_000, options);
		const a1 = after.agents.find(a => a.agentId === 'a1')!;
		expect(a1.status).toBe('stopped');
		expect(a1.lastMessage).toBe('Found 4 routes.');
		expect(after.raw.get(a1)?.lastMessage).toBe('Found 4 routes.');
		const first = momentModel(activity, log, T0 - 1000, options);
		expect(first.agents).toEqual([]);
	});
});
