import {execFileSync} from 'node:child_process';
import {mkdirSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {formatEventLine, parseEventLog, TORN_LINE, type EventLine} from '../../../src/core/record/event-line.js';
import {foldEvents} from '../../../src/core/history/fold.js';
import {EVENT_LOG_NAME, readAllEvents, readSessionEvents, readSessionLines} from '../../../src/store/history/event-log.js';
import {runIsolated} from '../../helpers/isolated.js';
import {tempDir} from '../../helpers/tmp.js';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const at = (ms: number): string => new Date(T0 + ms).toISOString();

function line(ms: number, event: string, agentId?: string, extra: Partial<EventLine> = {}): EventLine {
	return {
		v: 1,
		at: at(ms),
		event,
		sessionId: 's1',
		...(agentId === undefined ? {} : {agentId, type: 'Explore'}),
		...extra,
	};
}

const NORMAL: EventLine[] = [
	line(0, 'SessionStart', undefined, {data: {source: 'startup'}}),
	line(10, 'SubagentStart', 'a1', {state: 'active'}),
	line(20, 'SubagentStart', 'a2', {state: 'active', data: {note: 'ünïcødé ✓ 😀'}}),
	line(30, 'SubagentStop', 'a1', {state: 'stopped', data: {lastMessage: 'done\nreally'}}),
];

function session(text: string | Buffer, dir = tempDir('events-')): string {
	mkdirSync(dir, {recursive: true});
	writeFileSync(path.join(dir, EVENT_LOG_NAME), text);
	return dir;
}

const text = (lines: readonly EventLine[]): string => lines.map(formatEventLine).join('');

describe('readSessionEvents', () => {
	it('reads a normal log in file order, exactly', () => {
		expect(readSessionEvents(session(text(NORMAL)))).toEqual({lines: NORMAL, skipped: []});
	});

	it('reads the same with chunks of every small size (lines and UTF-8 characters cut across chunks)', () => {
		const dir = session(text(NORMAL));
		for (const chunkBytes of [1, 2, 3, 7, 64, 100, 4096]) {
			expect(readSessionEvents(dir, {chunkBytes})).toEqual({lines: NORMAL, skipped: []});
		}
	});

	it('skips a cut last line (a crash mid-write) with its number, and keeps everything else', () => {
		const whole = text(NORMAL);
		const cut = formatEventLine(line(40, 'SubagentStop', 'a2')).slice(0, 30);
		const r = readSessionEvents(session(whole + cut));
		expect(r.lines).toEqual(NORMAL);
		expect(r.skipped).toEqual([{lineNumber: 5, error: expect.stringContaining('cut: no newline at the end') as string}]);
		expect(r.problem).toBeUndefined();
		for (const chunkBytes of [1, 5, 33]) {
			expect(readSessionEvents(session(whole + cut), {chunkBytes})).toEqual(r);
		}
	});

	it('recovers the whole event glued after a torn line by an older hook, and counts the torn part as skipped', () => {
		// A hook killed mid-write left a line without its newline; the next hook appended right after it.
		const torn = formatEventLine(line(40, 'SubagentStop', 'a2', {data: {lastMessage: 'x'.repeat(300), nested: {v: 1}}})).slice(0, 200);
		const after = [line(50, 'SubagentStart', 'a3', {state: 'active'}), line(60, 'SubagentStop', 'a3', {state: 'stopped'})];
		const log = text(NORMAL) + torn + text(after);
		for (const chunkBytes of [undefined, 1, 7, 64]) {
			const r = readSessionEvents(session(log), chunkBytes === undefined ? {} : {chunkBytes});
			expect(r.lines).toEqual([...NORMAL, ...after]);
			expect(r.skipped).toEqual([{lineNumber: 5, error: TORN_LINE}]);
		}
	});

	it('recovers an event glued after a torn line that itself held a nested {"v": object', () => {
		const torn = '{"v":1,"at":"2026-03-01T12:00:00.040Z","event":"SubagentStop","sessionId":"s1","data":{"x":{"v":2,"y":';
		const r = readSessionEvents(session(torn + text([line(50, 'SubagentStart', 'a3')])));
		expect(r.lines).toEqual([line(50, 'SubagentStart', 'a3')]);
		expect(r.skipped).toEqual([{lineNumber: 1, error: TORN_LINE}]);
	});

	it('skips, with the folder given as the session, a line naming another session', () => {
		const dir = session(text([...NORMAL, line(40, 'SubagentStart', 'a9', {sessionId: 's2'})]));
		const r = readSessionEvents(dir, {sessionId: 's1'});
		expect(r.lines).toEqual(NORMAL);
		expect(r.skipped).toEqual([{lineNumber: 5, error: 'names another session (s2) than its folder'}]);
	});

	it('keeps a whole last line that has no newline (a log written by another tool)', () => {
		const r = readSessionEvents(session(text(NORMAL).slice(0, -1)));
		expect(r).toEqual({lines: NORMAL, skipped: []});
	});

	it('skips garbage lines with their numbers; blank lines are neither kept nor skipped', () => {
		const [a, b, c, d] = NORMAL.map(formatEventLine);
		const log = `${a}garbage\n\n${b}[1,2]\n   \n{"v":1}\n${c}\u0000\u0001\xff\n${d}`;
		const r = readSessionEvents(session(log));
		expect(r.lines).toEqual(NORMAL);
		expect(r.skipped.map(s => s.lineNumber)).toEqual([2, 5, 7, 9]);
		expect(r.skipped[0]?.error).toBe('not JSON');
		expect(r).toEqual({...parseEventLog(log)});
	});

	it('reads CRLF line ends', () => {
		const log = text(NORMAL).replaceAll('\n', '\r\n');
		expect(readSessionEvents(session(log))).toEqual({lines: NORMAL, skipped: []});
		expect(readSessionEvents(session(log), {chunkBytes: 3})).toEqual({lines: NORMAL, skipped: []});
	});

	it('an empty file and a missing file are an empty result, without a problem', () => {
		expect(readSessionEvents(session(''))).toEqual({lines: [], skipped: []});
		expect(readSessionEvents(tempDir('no-log-'))).toEqual({lines: [], skipped: []});
		expect(readSessionEvents(path.join(tempDir('gone-'), 'no-such-session'))).toEqual({lines: [], skipped: []});
	});

	it('skips a line over the bound without holding it, and reads the lines after it', () => {
		const big = formatEventLine(line(15, 'SubagentStart', 'big', {data: {lastMessage: 'x'.repeat(5000)}}));
		const [a, b] = NORMAL.map(formatEventLine);
		const log = `${a}${big}${b}`;
		for (const chunkBytes of [64, 1000, 4096, 1 << 20]) {
			const r = readSessionEvents(session(log), {chunkBytes, maxLineBytes: 4096});
			expect(r.lines).toEqual([NORMAL[0], NORMAL[1]]);
			expect(r.skipped).toEqual([{lineNumber: 2, error: 'line over 4096 bytes'}]);
		}
		// An over-long cut last line is skipped once.
		const r = readSessionEvents(session(`${a}${big.slice(0, -1)}`), {chunkBytes: 100, maxLineBytes: 4096});
		expect(r).toEqual({lines: [NORMAL[0]], skipped: [{lineNumber: 2, error: 'line over 4096 bytes'}]});
		// A line of exactly the bound is kept.
		const exact = readSessionEvents(session(log), {chunkBytes: 100, maxLineBytes: big.length - 1});
		expect(exact.lines).toHaveLength(3);
	});

	it('refuses a folder named events.jsonl as a problem', () => {
		const dir = tempDir('folder-');
		mkdirSync(path.join(dir, EVENT_LOG_NAME));
		const r = readSessionEvents(dir);
		expect(r.lines).toEqual([]);
		expect(r.problem).toMatch(/events\.jsonl is a folder/);
	});

	it('does not follow a symlink named events.jsonl', () => {
		const target = path.join(session(text(NORMAL)), EVENT_LOG_NAME);
		const dir = tempDir('link-');
		symlinkSync(target, path.join(dir, EVENT_LOG_NAME));
		const r = readSessionEvents(dir);
		expect(r.lines).toEqual([]);
		expect(r.problem).toMatch(/symbolic link/);
	});

	it('returns at once for a FIFO named events.jsonl (never opened, never waited on)', () => {
		const dir = tempDir('fifo-');
		execFileSync('mkfifo', [path.join(dir, EVENT_LOG_NAME)]);
		const r = runIsolated(
			`import {readSessionEvents} from './src/store/history/event-log.ts';
			emit(readSessionEvents(${JSON.stringify(dir)}));`,
			5000,
		);
		expect(r.timedOut).toBe(false);
		expect(r.value).toEqual({lines: [], skipped: [], problem: 'events.jsonl is not a regular file'});
	});

	it('reads a 20 MB log in chunks exactly as parseEventLog reads its whole text, and folds it', () => {
		const parts: string[] = [];
		let size = 0;
		let i = 0;
		while (size < 20 * 1024 * 1024) {
			const id = `agent${i >> 1}`;
			const start = i % 2 === 0;
			const l = formatEventLine(
				line(i * 10, start ? 'SubagentStart' : 'SubagentStop', id, {
					state: start ? 'active' : 'stopped',
					data: start ? {note: `é✓😀 ${i}`} : {lastMessage: `done ${i}\n${'m'.repeat(i % 300)}`},
				}),
			);
			const piece = i % 997 === 0 ? `${l}not json ${i}\n` : i % 1009 === 0 ? l.replace('\n', '\r\n') : l;
			parts.push(piece);
			size += Buffer.byteLength(piece);
			i++;
		}
		const log = parts.join('');
		const dir = session(log);
		const expected = parseEventLog(log);
		const r = readSessionEvents(dir);
		expect(r.problem).toBeUndefined();
		expect(r.lines.length).toBe(expected.lines.length);
		expect(r.skipped).toEqual(expected.skipped);
		expect(r.lines).toEqual(expected.lines);
		expect(readSessionEvents(dir, {chunkBytes: 65_521}).lines).toEqual(expected.lines);
		const histories = foldEvents(r.lines, {now: T0 + i * 10 + 1000});
		expect(histories).toHaveLength(Math.ceil(i / 2));
		expect(histories.filter(h => h.status === 'completed')).toHaveLength(Math.floor(i / 2));
	}, 60_000);
});

describe('readAllEvents', () => {
	it('yields one session at a time, in listSessionDirs order, with its events', () => {
		const activity = tempDir('activity-');
		const s2 = NORMAL.map(l => ({...l, sessionId: 's2'}));
		session(text(NORMAL), path.join(activity, 's1'));
		session(`${text(s2)}cut`, path.join(activity, 's2'));
		mkdirSync(path.join(activity, 's3'));
		mkdirSync(path.join(activity, 's4'));
		mkdirSync(path.join(activity, 's4', EVENT_LOG_NAME));
		mkdirSync(path.join(activity, '.hidden'));
		writeFileSync(path.join(activity, 'stray-file'), 'x');
		const gen = readAllEvents(activity);
		const first = gen.next();
		expect(first.done).toBe(false);
		const all = [first.value!, ...gen];
		const byId = Object.fromEntries(all.map(s => [s.session.id, s]));
		expect(Object.keys(byId).sort()).toEqual(['s1', 's2', 's3', 's4']);
		expect(byId.s1?.lines).toEqual(NORMAL);
		expect(byId.s2?.lines).toEqual(s2);
		expect(byId.s2?.skipped).toHaveLength(1);
		expect(byId.s3).toMatchObject({lines: [], skipped: []});
		expect(byId.s4?.problem).toMatch(/folder/);
		expect(
			foldEvents(
				all.flatMap(s => s.lines),
				{now: T0 + 1000},
			)
				.map(h => `${h.sessionId}/${h.agentId}:${h.status}`)
				.sort(),
		).toEqual(['s1/a1:completed', 's1/a2:active', 's2/a1:completed', 's2/a2:active']);
	});

	it('reads only the sessions the filter accepts, and nothing from a missing activity folder', () => {
		const activity = tempDir('activity-');
		session(text(NORMAL), path.join(activity, 's1'));
		session(text(NORMAL), path.join(activity, 's2'));
		expect([...readAllEvents(activity, {filter: s => s.id === 's2'})].map(s => s.session.id)).toEqual(['s2']);
		expect([...readAllEvents(path.join(activity, 'nope'))]).toEqual([]);
	});
});

describe('readSessionLines (replay, watch --at)', () => {
	it('holds each line without its long texts, reads a text back when shown, and drops repeats as the whole lines do', () => {
		const dir = tempDir('session-');
		const report = (n: number): string => `# Report ${n}\n${'Fine. '.repeat(2000)}`;
		const lines = [
			line(0, 'SubagentStart', 'a1', {state: 'active'}),
			line(10, 'PostToolUse', 'a1', {data: {prompt: 'Look at it. '.repeat(100), description: 'look'}}),
			line(1000, 'SubagentStop', 'a1', {state: 'stopped', data: {lastMessage: report(1)}}),
			// The other copy of the hook: a repeat.
			line(1200, 'SubagentStop', 'a1', {state: 'stopped', data: {lastMessage: report(1)}}),
			line(5000, 'SubagentStart', 'a1', {state: 'active'}),
			// A different message within the repeat window: kept.
			line(5500, 'SubagentStop', 'a1', {state: 'stopped', data: {lastMessage: report(2)}}),
			line(5600, 'SubagentStop', 'a1', {state: 'stopped', data: {lastMessage: 'short'}}),
		];
		writeFileSync(path.join(dir, EVENT_LOG_NAME), lines.map(formatEventLine).join(''));
		const read = readSessionLines(dir);
		const whole = readSessionEvents(dir);
		expect(read.lines).toHaveLength(whole.lines.length);
		expect(Math.max(...read.lines.map(l => JSON.stringify(l).length))).toBeLessThan(400);
		const texts = read.lines.map(l => (typeof l.data?.lastMessage === 'string' ? read.text(l.data.lastMessage) : undefined));
		expect(texts).toEqual(whole.lines.map(l => l.data?.lastMessage));
		expect(texts.filter(t => t !== undefined)).toEqual([report(1), report(2), 'short']);
		// A text that only looks like a stand-in is itself.
		expect(read.text('\u00010:10:lastMessage')).toBe('\u00010:10:lastMessage');
	});
});
