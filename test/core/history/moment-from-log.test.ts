// A session at a moment, from its log alone: the records the hook would have written by
// then, and each agent's lifecycle up to then.
import {describe, expect, it} from 'vitest';
import type {EventLine} from '../../../src/core/record/event-line.js';
import {linesUpTo, momentOf} from '../../../src/core/history/moment-from-log.js';

const S = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';
const T = (s: number) => new Date(Date.UTC(2026, 10, 20, 10, 0, s)).toISOString();
const ms = (s: number) => Date.parse(T(s));
const line = (s: number, event: string, extra: Partial<EventLine> = {}): EventLine => ({v: 1, at: T(s), event, sessionId: S, ...extra});

const LOG: EventLine[] = [
	line(0, 'SubagentStart', {agentId: 'a1', type: 'Explore', state: 'active', data: {agentTranscriptPath: '/p/a1.jsonl'}, cwd: '/w'}),
	line(1, 'PostToolUse', {agentId: 'a1', type: 'Explore', state: 'active', data: {description: 'Find routes', model: 'haiku', status: 'async_launched'}}),
	line(5, 'SubagentStart', {agentId: 'a2', type: 'Plan', state: 'active'}),
	line(10, 'SubagentStop', {agentId: 'a1', type: 'Explore', state: 'stopped', data: {lastMessage: '## Done', agentTranscriptPath: '/p/a1.jsonl'}}),
	line(20, 'SessionEnd', {data: {reason: 'prompt_input_exit', interrupted: ['a2']}}),
	line(30, 'SubagentStart', {agentId: 'a2', type: 'Plan', state: 'active'}),
	line(40, 'SubagentStop', {agentId: 'a2', type: 'Plan', state: 'stopped', data: {lastMessage: 'Plan ready.'}}),
];

describe('momentOf', () => {
	it('before anything: no agents', () => {
		expect(momentOf(LOG, ms(0) - 1)).toMatchObject({records: [], linesSeen: 0});
	});

	it('while a1 runs: active, with its call facts and transcript, no message yet', () => {
		const m = momentOf(LOG, ms(7));
		expect(m.linesSeen).toBe(3);
		const [a1, a2] = m.records;
		expect(a1).toMatchObject({
			agentId: 'a1',
			status: 'active',
			description: 'Find routes',
			model: 'haiku',
			transcriptPath: '/p/a1.jsonl',
			cwd: '/w',
			updatedAt: T(1),
		});
		expect(a1?.lastMessage).toBeUndefined();
		expect(a2).toMatchObject({agentId: 'a2', type: 'Plan', status: 'active', startedAt: T(5)});
	});

	it('after the session ended: a1 completed with its message, a2 interrupted', () => {
		const [a1, a2] = momentOf(LOG, ms(25)).records;
		expect(a1).toMatchObject({status: 'stopped', stoppedAt: T(10), lastMessage: '## Done', stopReason: 'subagent-stop'});
		expect(a1?.interrupted).toBeUndefined();
		expect(a2).toMatchObject({status: 'stopped', stoppedAt: T(20), updatedAt: T(20), interrupted: true, stopReason: 'session-end:prompt_input_exit'});
	});

	it('after the resume: a2 running again, counted, with no message of its earlier run; then completed', () => {
		const resumed = momentOf(LOG, ms(35)).records[1];
		expect(resumed).toMatchObject({status: 'active', startedAt: T(5), resumedAt: T(30), resumeCount: 1});
		expect(resumed?.interrupted).toBeUndefined();
		expect(resumed?.stoppedAt).toBeUndefined();
		const done = momentOf(LOG, ms(45));
		expect(done.records[1]).toMatchObject({status: 'stopped', lastMessage: 'Plan ready.', resumeCount: 1});
		expect(done.lifecycle.agents.get('a2')?.steps.map(s => s.kind)).toEqual(['spawned', 'interrupted', 'resumed', 'completed']);
		expect(
			momentOf(LOG, ms(25))
				.lifecycle.agents.get('a2')
				?.steps.map(s => s.kind),
		).toEqual(['spawned', 'interrupted']);
	});

	it('takes lines in any order, by time; a line whose time does not parse is left out', () => {
		const shuffled = [...LOG].reverse();
		expect(momentOf(shuffled, ms(25)).records).toEqual(momentOf(LOG, ms(25)).records);
		expect(linesUpTo([...LOG, {...line(1, 'SubagentStart'), at: 'garbage'}], ms(100))).toHaveLength(LOG.length);
	});
});

describe('momentOf: an imported agent', () => {
	it('takes its report and transcript from its Imported line', () => {
		const imported = line(50, 'Imported', {
			agentId: 'i1',
			type: 'Explore',
			state: 'stopped',
			data: {source: 'transcript', startedAt: T(40), stoppedAt: T(50), report: 'Imported report', transcriptPath: '/p/i1.jsonl'},
		});
		const [record] = momentOf([imported], ms(60)).records;
		expect(record).toMatchObject({agentId: 'i1', status: 'stopped', lastMessage: 'Imported report', transcriptPath: '/p/i1.jsonl'});
	});
});

describe('momentOf: waiting', () => {
	it('an agent whose latest line asked the user waits from that line (the rule then looks at its transcript)', () => {
		const log = [
			line(0, 'SubagentStart', {agentId: 'a1', type: 'Explore', state: 'active'}),
			line(5, 'PermissionRequest', {agentId: 'a1', type: 'Explore', state: 'active', data: {waitingFor: 'Bash: npm publish'}}),
			line(9, 'SubagentStop', {agentId: 'a1', type: 'Explore', state: 'stopped'}),
		];
		expect(momentOf(log, ms(6)).records[0]).toMatchObject({waitingFor: 'Bash: npm publish', waitingSince: T(5)});
		expect(momentOf(log, ms(10)).records[0]?.waitingSince).toBeUndefined();
		expect(momentOf(log, ms(3)).records[0]?.waitingSince).toBeUndefined();
	});
});
