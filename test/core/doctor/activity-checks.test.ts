import {describe, expect, it} from 'vitest';
import {activityCheck, heartbeatCheck, hookLogCheck, isRoutineLogLine} from '../../../src/core/doctor/activity-checks.js';

const now = Date.parse('2025-06-01T12:00:00.000Z');
const MIN = 60_000;

describe('heartbeatCheck', () => {
	it('says the newest event first, then the others', () => {
		const c = heartbeatCheck(
			{
				activity: '/a',
				sessionsRead: 2,
				problems: [],
				lastByEvent: new Map([
					['SubagentStop', now - 10 * MIN],
					['SubagentStart', now - 3 * MIN - 5000],
				]),
			},
			now,
		);
		expect(c).toMatchObject({level: 'ok', summary: 'last SubagentStart 3m 05s ago', detail: ['last SubagentStop 10m 00s ago']});
	});

	it('warns with no event (the state right after an install), giving the usual causes', () => {
		const c = heartbeatCheck({activity: '/a', sessionsRead: 0, problems: [], lastByEvent: new Map()}, now);
		expect(c.level).toBe('warn');
		expect(c.summary).toBe('waiting for the first event from the hook: no session folder in /a');
		expect(c.detail?.join(' ')).toContain('workspace trust');
	});
});

describe('activityCheck', () => {
	it('ok when writable or creatable, fail otherwise', () => {
		expect(activityCheck({path: '/a', state: 'writable'}).level).toBe('ok');
		expect(activityCheck({path: '/a', state: 'creatable', parent: '/'}).level).toBe('ok');
		expect(activityCheck({path: '/a', state: 'not-writable', reason: 'EACCES'})).toMatchObject({
			level: 'fail',
			summary: 'the activity folder /a is not writable: EACCES',
		});
		expect(activityCheck({path: '/a', state: 'not-folder', reason: 'is not a folder'}).level).toBe('fail');
	});
});

describe('hookLogCheck', () => {
	const line = (ago: number, message: string) => `${new Date(now - ago).toISOString()} ${message}`;

	it('leaves routine skips out and shows the last five problems with their age', () => {
		const lines = [
			...Array.from({length: 7}, (_, i) => line((10 - i) * MIN, `error: problem ${i}`)),
			line(MIN, 'skipped: SubagentStart with empty agent_type (internal agent)'),
			line(MIN, 'skipped: PostToolUse of "Bash" is not an Agent call'),
			line(MIN, 'daily prune: removed 2 session(s) older than 30d (100 bytes)'),
			'',
		];
		const c = hookLogCheck({path: '/a/.agentlog-hook.log', state: 'read', lines}, now);
		expect(c.level).toBe('warn');
		expect(c.summary).toBe("7 problems in the hook's log /a/.agentlog-hook.log, the last 4m 00s ago");
		expect(c.detail).toEqual([
			'8m 00s ago: error: problem 2',
			'7m 00s ago: error: problem 3',
			'6m 00s ago: error: problem 4',
			'5m 00s ago: error: problem 5',
			'4m 00s ago: error: problem 6',
		]);
	});

	it('is ok with only routine lines, no log, or only old problems', () => {
		expect(hookLogCheck({path: '/l', state: 'read', lines: [line(MIN, 'skipped: event "Stop" is not one agentlog records')]}, now).level).toBe('ok');
		expect(hookLogCheck({path: '/l', state: 'missing'}, now).level).toBe('ok');
		expect(hookLogCheck({path: '/l', state: 'read', lines: [line(3 * 24 * 60 * MIN, 'error: old')]}, now).level).toBe('ok');
	});

	it('isRoutineLogLine keeps real problems', () => {
		expect(isRoutineLogLine('skipped: stdin is not JSON (3 characters)')).toBe(false);
		expect(isRoutineLogLine('skipped: SubagentStop with empty agent_type for an agent never seen (internal agent)')).toBe(true);
	});
});
