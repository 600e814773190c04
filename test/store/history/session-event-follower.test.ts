import {execFileSync} from 'node:child_process';
import {appendFileSync, mkdirSync, renameSync, symlinkSync, truncateSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {foldEvents} from '../../../src/core/history/fold.js';
import {formatEventLine, type EventLine} from '../../../src/core/record/event-line.js';
import {EVENT_LOG_NAME} from '../../../src/core/record/file-names.js';
import {lifecycleFacts, SessionEventFollower} from '../../../src/store/history/session-event-follower.js';
import {ALL_HOSTILE, RAW_CONTROL} from '../../helpers/hostile.js';
import {runIsolated} from '../../helpers/isolated.js';
import {tempDir} from '../../helpers/tmp.js';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const at = (s: number): string => new Date(T0 + s * 1000).toISOString();

function line(s: number, event: string, agentId?: string, extra: Partial<EventLine> = {}): EventLine {
	return {v: 1, at: at(s), event, sessionId: 's1', ...(agentId === undefined ? {} : {agentId, type: 'Explore'}), ...extra};
}

const start = (s: number, id = 'a1') => line(s, 'SubagentStart', id, {state: 'active'});
const stop = (s: number, id = 'a1', lastMessage = 'done') => line(s, 'SubagentStop', id, {state: 'stopped', data: {lastMessage}});
const idle = (s: number, id = 'a1') => line(s, 'TeammateIdle', id, {state: 'idle'});
const end = (s: number, reason = 'other') => line(s, 'SessionEnd', undefined, {data: {reason}});

const text = (lines: readonly EventLine[]): string => lines.map(formatEventLine).join('');

function sessionDir(): string {
	const dir = tempDir('follow-');
	mkdirSync(dir, {recursive: true});
	return dir;
}

function append(dir: string, data: string | readonly EventLine[]): void {
	appendFileSync(path.join(dir, EVENT_LOG_NAME), typeof data === 'string' ? data : text(data));
}

const kinds = (follower: SessionEventFollower, id = 'a1'): string[] =>
	follower
		.getSnapshot()
		.agents.get(id)
		?.steps.map(s => s.kind) ?? [];

describe('SessionEventFollower', () => {
	it('reads appended lines only, and keeps the same snapshot while nothing is appended', () => {
		const dir = sessionDir();
		const follower = new SessionEventFollower(dir);
		expect(follower.read()).toBe(false);
		append(dir, [start(0)]);
		expect(follower.read()).toBe(true);
		expect(kinds(follower)).toEqual(['spawned']);
		const first = follower.getSnapshot();
		const firstBytes = follower.bytesRead;
		expect(firstBytes).toBe(text([start(0)]).length);
		expect(follower.read()).toBe(false);
		expect(follower.getSnapshot()).toBe(first);
		append(dir, [stop(10), start(60), end(90, 'prompt_input_exit')]);
		expect(follower.read()).toBe(true);
		expect(kinds(follower)).toEqual(['spawned', 'completed', 'resumed', 'interrupted']);
		expect(follower.getSnapshot().agents.get('a1')?.steps.at(-1)).toEqual({kind: 'interrupted', at: at(90), reason: 'session-end:prompt_input_exit'});
		expect(follower.bytesRead).toBe(text([start(0), stop(10), start(60), end(90, 'prompt_input_exit')]).length);
	});

	it('gives every agent the history its own lines and the session’s would, ties included', () => {
		const dir = sessionDir();
		const lines = [
			start(0, 'a1'),
			start(0, 'a2'),
			idle(5, 'a2'),
			start(5, 'a3'),
			stop(20, 'a1'),
			// At the same moment as the SessionEnd: a1's repeat stop, a3's stop, a2 still idle.
			stop(30, 'a3'),
			end(30, 'prompt_input_exit'),
			line(30.2, 'SessionStart', undefined, {data: {source: 'resume'}}),
			start(30.5, 'a1'),
			start(31, 'a4'),
			line(31, 'SessionEnd', undefined, {data: {reason: 'other', interrupted: ['a5']}}),
		];
		append(dir, lines);
		const follower = new SessionEventFollower(dir);
		follower.read();
		const session = lines.filter(l => l.agentId === undefined);
		for (const id of ['a1', 'a2', 'a3', 'a4', 'a5']) {
			const own = foldEvents([...lines.filter(l => l.agentId === id), ...session], {now: 0}).find(h => h.agentId === id);
			expect(follower.getSnapshot().agents.get(id)?.steps, id).toEqual(own?.lifecycle);
		}
		expect(kinds(follower, 'a3')).toEqual(['spawned', 'completed']);
		expect(kinds(follower, 'a5')).toEqual(['interrupted']);
	});

	it('keeps the session’s starts: a start right after the session came back is a resume', () => {
		const dir = sessionDir();
		const follower = new SessionEventFollower(dir);
		append(dir, [start(0), end(90, 'prompt_input_exit')]);
		follower.read();
		append(dir, [line(90.3, 'SessionStart', undefined, {data: {source: 'resume'}}), start(90.6)]);
		follower.read();
		expect(kinds(follower)).toEqual(['spawned', 'interrupted', 'resumed']);
	});

	it('waits for a cut last line to be completed, then reads it whole', () => {
		const dir = sessionDir();
		const follower = new SessionEventFollower(dir);
		const whole = formatEventLine(stop(10));
		append(dir, text([start(0)]) + whole.slice(0, 25));
		follower.read();
		expect(kinds(follower)).toEqual(['spawned']);
		expect(follower.getSnapshot().skipped).toBe(0);
		append(dir, whole.slice(25));
		expect(follower.read()).toBe(true);
		expect(kinds(follower)).toEqual(['spawned', 'completed']);
		expect(follower.getSnapshot().skipped).toBe(0);
	});

	it('reads the event glued after a torn line (an older hook), counting the torn part as skipped', () => {
		const dir = sessionDir();
		append(dir, `${formatEventLine(stop(1, 'a0')).slice(0, 40)}${formatEventLine(start(2))}`);
		append(dir, [stop(3)]);
		const follower = new SessionEventFollower(dir);
		follower.read();
		expect(kinds(follower)).toEqual(['spawned', 'completed']);
		expect(follower.getSnapshot().skipped).toBe(1);
	});

	it('reads the same with tiny chunks (lines cut across chunks)', () => {
		const dir = sessionDir();
		append(dir, [start(0), idle(5), start(8), stop(10, 'a1', 'ünïcødé ✓ 😀'), start(1, 'a2')]);
		for (const chunkBytes of [1, 3, 7, 64]) {
			const follower = new SessionEventFollower(dir, {chunkBytes});
			follower.read();
			expect(kinds(follower)).toEqual(['spawned', 'idle', 'active', 'completed']);
			expect(kinds(follower, 'a2')).toEqual(['spawned']);
		}
	});

	it('starts over when the log is cut shorter or replaced by another file', () => {
		const dir = sessionDir();
		const file = path.join(dir, EVENT_LOG_NAME);
		append(dir, [start(0), stop(10)]);
		const follower = new SessionEventFollower(dir);
		follower.read();
		expect(kinds(follower)).toEqual(['spawned', 'completed']);
		// Cut shorter, then a different agent written.
		truncateSync(file, 0);
		append(dir, [start(20, 'b1')]);
		expect(follower.read()).toBe(true);
		expect(kinds(follower)).toEqual([]);
		expect(kinds(follower, 'b1')).toEqual(['spawned']);
		// Replaced by a longer file (another inode): read from its start.
		const replacement = path.join(dir, 'new.tmp');
		writeFileSync(replacement, text([start(30, 'c1'), idle(31, 'c1'), start(32, 'c1'), stop(33, 'c1')]));
		renameSync(replacement, file);
		expect(follower.read()).toBe(true);
		expect(kinds(follower, 'b1')).toEqual([]);
		expect(kinds(follower, 'c1')).toEqual(['spawned', 'idle', 'active', 'completed']);
	});

	it('counts garbage and over-long lines as skipped, never holding a long one, and keeps the rest', () => {
		const dir = sessionDir();
		const follower = new SessionEventFollower(dir, {maxLineBytes: 300, chunkBytes: 64});
		append(dir, `${formatEventLine(start(0))}not json\n${formatEventLine(stop(5, 'a1', 'x'.repeat(2000)))}`);
		follower.read();
		expect(follower.getSnapshot().skipped).toBe(2);
		expect(kinds(follower)).toEqual(['spawned']);
		// The over-long line ended: what follows is read.
		append(dir, [stop(9)]);
		follower.read();
		expect(kinds(follower)).toEqual(['spawned', 'completed']);
		// A long line still being written is not read twice.
		append(dir, `{"v":1,"pad":"${'y'.repeat(1000)}`);
		follower.read();
		const offset = follower.bytesRead;
		append(dir, `${'y'.repeat(500)}"}\n`);
		follower.read();
		expect(follower.bytesRead).toBeGreaterThan(offset);
		expect(follower.getSnapshot().skipped).toBe(3);
	});

	it('keeps only the lifecycle facts of a line: no lastMessage, prompt, description, cwd or git', () => {
		const big = line(0, 'SubagentStop', 'a1', {
			state: 'stopped',
			data: {lastMessage: 'x'.repeat(100_000), agentTranscriptPath: '/t.jsonl'},
			cwd: '/work',
			git: {head: 'abc', branch: 'main'},
		});
		expect(lifecycleFacts(big)).toEqual({v: 1, at: at(0), event: 'SubagentStop', sessionId: 's1', agentId: 'a1', type: 'Explore', state: 'stopped'});
		const call = line(0, 'PostToolUse', 'a1', {data: {prompt: 'p'.repeat(2000), description: 'Find routes', status: 'interrupted', totalTokens: 5}});
		expect(lifecycleFacts(call)?.data).toEqual({status: 'interrupted'});
		// A StopFailure keeps its error (why it failed), made safe; not its long last message.
		const failure = line(0, 'StopFailure', 'a1', {state: 'stopped', data: {error: 'rate_limit\u001b[2J', lastMessage: 'API Error: 429 '.repeat(1000)}});
		expect(lifecycleFacts(failure)?.data).toEqual({error: 'rate_limit␛[2J'});
		// A tool call without a status changes no lifecycle: not kept at all.
		expect(lifecycleFacts(line(0, 'PostToolUse', 'a1', {data: {prompt: 'p', status: undefined}}))).toBeUndefined();
	});

	it('holds a bounded number of lines per agent however long a teammate runs', () => {
		const dir = sessionDir();
		const lines: EventLine[] = [start(0)];
		for (let i = 1; i <= 200; i++) {
			lines.push(idle(i * 10), start(i * 10 + 5));
		}
		append(dir, lines);
		const follower = new SessionEventFollower(dir, {maxLinesPerAgent: 50});
		follower.read();
		expect(follower.linesHeld).toBeLessThanOrEqual(50);
		const shown = follower.getSnapshot().agents.get('a1');
		expect(shown?.dropped).toBe(401 - 50);
		expect(shown?.steps[0]?.kind).toBe('spawned');
		expect(shown?.steps.at(-1)).toEqual({kind: 'active', at: at(2005)});
	});

	it('makes hostile text in a log line safe (stop reason, type, tool status)', () => {
		const dir = sessionDir();
		append(dir, [
			line(0, 'SubagentStart', 'a1', {type: ALL_HOSTILE, state: 'active'}),
			line(5, 'PostToolUse', 'a2', {data: {status: `interrupted ${ALL_HOSTILE}`}}),
			end(9, ALL_HOSTILE),
		]);
		const follower = new SessionEventFollower(dir);
		follower.read();
		const steps = [...follower.getSnapshot().agents.values()].flatMap(a => a.steps);
		expect(steps.length).toBeGreaterThanOrEqual(3);
		for (const step of steps) {
			expect(JSON.stringify(step.reason ?? '')).not.toMatch(/\\u00(?:1b|9b|9d|07|08)/i);
			expect(step.reason ?? '').not.toMatch(RAW_CONTROL);
		}
		expect(steps.find(s => s.kind === 'interrupted' && s.reason?.startsWith('session-end:'))?.reason).toContain('␛');
	});

	it('refuses a symlink named events.jsonl, saying so', () => {
		const dir = sessionDir();
		const target = path.join(tempDir('elsewhere-'), 'log.jsonl');
		writeFileSync(target, text([start(0)]));
		symlinkSync(target, path.join(dir, EVENT_LOG_NAME));
		const follower = new SessionEventFollower(dir);
		expect(follower.read()).toBe(true);
		expect(follower.getSnapshot().agents.size).toBe(0);
		expect(follower.getSnapshot().problem).toMatch(/symbolic link/);
	});

	it('returns at once for a FIFO named events.jsonl (never opened, never waited on)', () => {
		const dir = sessionDir();
		execFileSync('mkfifo', [path.join(dir, EVENT_LOG_NAME)]);
		const r = runIsolated(
			`import {SessionEventFollower} from './src/store/history/session-event-follower.ts';
			const follower = new SessionEventFollower(${JSON.stringify(dir)});
			const changed = follower.read();
			const snap = follower.getSnapshot();
			emit({changed, agents: snap.agents.size, problem: snap.problem});`,
			5000,
		);
		expect(r.timedOut).toBe(false);
		expect(r.value).toEqual({changed: true, agents: 0, problem: 'events.jsonl is not a regular file'});
	});
});
