import {describe, expect, it} from 'vitest';
import type {AgentRecord} from '../../../src/core/record/agent-record.js';
import {foldEvents} from '../../../src/core/history/fold.js';
import {isSafeId, parseAgentRecord} from '../../../src/core/record/agent-record.js';
import {askingAgentOf, teammateAgentId} from '../../../src/core/hook/event-owner.js';
import {applyHookEvent, interruptOnSessionEnd} from '../../../src/core/hook/apply-event.js';
import {parseHookPayload} from '../../../src/core/hook/hook-payload.js';
import {subagentTranscriptPath} from '../../../src/core/hook/agent-transcript-path.js';
import {type HookEvent} from '../../../src/core/hook/hook-event.js';
import {CUT_MESSAGE_NOTE, parseCutHookPayload} from '../../../src/core/hook/payload-cut.js';
import {CUT_MESSAGE_CHARS, RESUME_AFTER_STOP_MS} from '../../../src/core/record/limits.js';

const SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';
const MAIN_TRANSCRIPT = `/home/dev/.claude/projects/-home-dev-acme/${SESSION}.jsonl`;
const T0 = '2026-11-22T10:00:00.000Z';
const T1 = '2026-11-22T10:01:00.000Z';
const T2 = '2026-11-22T10:02:00.000Z';

function payload(fields: Record<string, unknown>): HookEvent {
	const parsed = parseHookPayload({session_id: SESSION, transcript_path: MAIN_TRANSCRIPT, cwd: '/home/dev/acme', ...fields});
	if (!parsed.ok) {
		throw new Error(parsed.error);
	}
	return parsed.value;
}

const start = (agentId = 'a8c41f0e92b7d3a15', agentType = 'Explore') => payload({hook_event_name: 'SubagentStart', agent_id: agentId, agent_type: agentType});
const stop = (fields: Record<string, unknown> = {}) =>
	payload({
		hook_event_name: 'SubagentStop',
		agent_id: 'a8c41f0e92b7d3a15',
		agent_type: 'Explore',
		last_assistant_message: 'Found 4 API routes.',
		agent_transcript_path: '/t/agent-a8c41f0e92b7d3a15.jsonl',
		...fields,
	});

function apply(event: HookEvent, existing: AgentRecord | undefined, now: string, agentId = event.agentId ?? ''): AgentRecord {
	const next = applyHookEvent(event, agentId, existing, now);
	if (!next.ok) {
		throw new Error(next.error);
	}
	return next.value;
}

describe('isSafeId', () => {
	it.each(['a2898e3', 'a8c41f0e92b7d3a15', 'reviewer@session-3f2c9a10', SESSION, 'agent-abc123', 'x.y_z'])('accepts %s', id => {
		expect(isSafeId(id)).toBe(true);
	});
	it.each(['', '..', '.hidden', '../etc', 'a/b', 'a\\b', '-a', 'a b', 'x'.repeat(129), 42, null])('rejects %s', id => {
		expect(isSafeId(id)).toBe(false);
	});
});

describe('parseHookPayload', () => {
	it('reads a real-shaped SubagentStart', () => {
		expect(start()).toMatchObject({event: 'SubagentStart', sessionId: SESSION, agentId: 'a8c41f0e92b7d3a15', agentType: 'Explore'});
	});
	it.each([
		['not an object', [1, 2]],
		['null', null],
		['an unknown event', {hook_event_name: 'PreToolUse', session_id: SESSION, agent_id: 'a1'}],
		['a missing event', {session_id: SESSION, agent_id: 'a1'}],
		['a path-like session id', {hook_event_name: 'SubagentStart', session_id: '../../etc', agent_id: 'a1', agent_type: 'x'}],
		['a path-like agent id', {hook_event_name: 'SubagentStop', session_id: SESSION, agent_id: 'a/../../b', agent_type: 'x'}],
		['a numeric agent id', {hook_event_name: 'SubagentStart', session_id: SESSION, agent_id: 7, agent_type: 'x'}],
		['TeammateIdle without a name', {hook_event_name: 'TeammateIdle', session_id: SESSION}],
	])('skips %s', (_name, json) => {
		expect(parseHookPayload(json).ok).toBe(false);
	});
	it('treats a non-string agent_type as empty', () => {
		expect(payload({hook_event_name: 'SubagentStart', agent_id: 'a1', agent_type: 5}).agentType).toBe('');
	});
});

describe('applyHookEvent: SubagentStart', () => {
	it('creates an active record with the seven fields and the extensions', () => {
		const rec = apply(start(), undefined, T0);
		expect(rec).toEqual({
			agentId: 'a8c41f0e92b7d3a15',
			type: 'Explore',
			status: 'active',
			startedAt: T0,
			updatedAt: T0,
			sessionId: SESSION,
			provider: 'claude',
			cwd: '/home/dev/acme',
			transcriptPath: `/home/dev/.claude/projects/-home-dev-acme/${SESSION}/subagents/agent-a8c41f0e92b7d3a15.jsonl`,
		});
		expect(parseAgentRecord(JSON.parse(JSON.stringify(rec))).ok).toBe(true);
	});
	it("says whose agent it is: a file from an older hook (no provider) becomes Claude Code's, a Codex agent's stays Codex's", () => {
		const older: Record<string, unknown> = {...apply(start(), undefined, T0)};
		delete older.provider;
		expect(apply(stop(), older as unknown as AgentRecord, T1).provider).toBe('claude');
		const codex = {...apply(start(), undefined, T0), provider: 'codex'} as AgentRecord;
		expect(apply(stop(), codex, T1).provider).toBe('codex');
	});
	it('keeps the first startedAt when the start repeats, and drops stoppedAt on resume', () => {
		const first = apply(start(), undefined, T0);
		const stopped = apply(stop(), first, T1);
		const resumed = apply(start(), stopped, T2);
		expect(resumed.startedAt).toBe(T0);
		expect(resumed.updatedAt).toBe(T2);
		expect(resumed.status).toBe('active');
		expect(resumed.stoppedAt).toBeUndefined();
		expect(resumed.lastMessage).toBe('Found 4 API routes.');
	});
	it('skips internal agents (empty agent_type)', () => {
		expect(applyHookEvent(start('a1', ''), 'a1', undefined, T0).ok).toBe(false);
	});
	it('keeps fields other tools added', () => {
		const kanban = {...apply(start(), undefined, T0), color: 'blue'} as AgentRecord;
		expect(apply(start(), kanban, T1)).toMatchObject({color: 'blue'});
	});
	it('records the teammate name of a named spawn', () => {
		expect(apply(start('reviewer@session-3f2c9a10', 'general-purpose'), undefined, T0).teammateName).toBe('reviewer');
	});
});

describe('applyHookEvent: SubagentStop', () => {
	it('stops, records the message and the transcript, keeps startedAt', () => {
		const rec = apply(stop(), apply(start(), undefined, T0), T1);
		expect(rec).toMatchObject({
			status: 'stopped',
			startedAt: T0,
			stoppedAt: T1,
			updatedAt: T1,
			lastMessage: 'Found 4 API routes.',
			transcriptPath: '/t/agent-a8c41f0e92b7d3a15.jsonl',
		});
		expect(rec.startUnknown).toBeUndefined();
	});
	it('keeps type when the stop has an empty agent_type', () => {
		expect(apply(stop({agent_type: ''}), apply(start(), undefined, T0), T1).type).toBe('Explore');
	});
	it('ignores an empty-type stop of an agent never seen', () => {
		expect(applyHookEvent(stop({agent_type: ''}), 'a8c41f0e92b7d3a15', undefined, T1).ok).toBe(false);
	});
	it('records a stop whose start was never seen, and says the start is unknown', () => {
		const rec = apply(stop(), undefined, T1);
		expect(rec).toMatchObject({status: 'stopped', type: 'Explore', stoppedAt: T1, startUnknown: true});
	});
	it('keeps the first stop time when a stop repeats, and a non-empty message over an empty one', () => {
		const once = apply(stop(), apply(start(), undefined, T0), T1);
		const twice = apply(stop({last_assistant_message: ''}), once, T2);
		expect(twice.stoppedAt).toBe(T1);
		expect(twice.lastMessage).toBe('Found 4 API routes.');
	});
	it('counts a later start of an agent seen only stopped as a resume: its first start stays unknown, as the log fold says', () => {
		const orphan = apply(stop(), undefined, T1);
		const resumed = apply(start(), orphan, T2);
		expect(resumed).toMatchObject({status: 'active', startUnknown: true, startedAt: T1, resumeCount: 1, resumedAt: T2});
		expect(resumed.stoppedAt).toBeUndefined();
		const history = foldEvents(
			[
				{v: 1, at: T1, event: 'SubagentStop', sessionId: 's', agentId: orphan.agentId, state: 'stopped'},
				{v: 1, at: T2, event: 'SubagentStart', sessionId: 's', agentId: orphan.agentId, state: 'active'},
			],
			{now: Date.parse(T2)},
		)[0]!;
		expect(history).toMatchObject({startUnknown: true, resumeCount: 1, resumedAt: T2});
	});
});

describe('TeammateIdle', () => {
	const idle = (name = 'reviewer', team: string | undefined = 'session-3f2c9a10') =>
		payload({hook_event_name: 'TeammateIdle', teammate_name: name, ...(team ? {team_name: team} : {})});
	const rec = (agentId: string, type: string, startedAt: string, extra: Partial<AgentRecord> = {}): AgentRecord => ({
		agentId,
		type,
		status: 'active',
		startedAt,
		updatedAt: startedAt,
		...extra,
	});

	it('maps to the newest agent whose id starts with <name>@', () => {
		const agents = [rec('reviewer@old', 'x', T0), rec('reviewer@session-3f2c9a10', 'x', T1), rec('a1', 'reviewer', T2)];
		expect(teammateAgentId(idle(), agents)).toEqual({ok: true, value: 'reviewer@session-3f2c9a10'});
	});
	it('else maps to the newest agent with that teammate name or type', () => {
		const agents = [rec('a1', 'reviewer', T0), rec('a2', 'general-purpose', T2, {teammateName: 'reviewer'}), rec('a3', 'Explore', T2)];
		expect(teammateAgentId(idle(), agents)).toEqual({ok: true, value: 'a2'});
	});
	it('else records it under <name>@<team>, never dropping it', () => {
		expect(teammateAgentId(idle('tester'), [])).toEqual({ok: true, value: 'tester@session-3f2c9a10'});
		expect(teammateAgentId(idle('tester', undefined), [])).toEqual({ok: true, value: 'tester@session-3f2c9a10'});
	});
	it('sets idle, keeps startedAt and type', () => {
		const existing = rec('reviewer@session-3f2c9a10', 'general-purpose', T0);
		const next = apply(idle(), existing, T1, existing.agentId);
		expect(next).toMatchObject({status: 'idle', startedAt: T0, updatedAt: T1, type: 'general-purpose', teammateName: 'reviewer'});
	});
	it('creates an idle record for an unknown teammate', () => {
		expect(apply(idle('tester'), undefined, T1, 'tester@session-3f2c9a10')).toMatchObject({
			status: 'idle',
			type: 'tester',
			startUnknown: true,
		});
	});
});

describe('subagentTranscriptPath', () => {
	it('derives the subagent transcript from the main one', () => {
		expect(subagentTranscriptPath('/p/s.jsonl', 'a1')).toBe('/p/s/subagents/agent-a1.jsonl');
		expect(subagentTranscriptPath(undefined, 'a1')).toBeUndefined();
		expect(subagentTranscriptPath('/p/s.txt', 'a1')).toBeUndefined();
	});
});

describe('parseAgentRecord', () => {
	it('reads a claude-code-kanban record (seven fields, no extensions)', () => {
		const kanban = {agentId: 'aa5faea19f7e3202d', type: 'Explore', status: 'stopped', startedAt: T0, updatedAt: T1, stoppedAt: T1, lastMessage: 'done'};
		expect(parseAgentRecord(kanban)).toEqual({ok: true, value: kanban});
	});
	it.each([
		['an array', []],
		['no agentId', {type: 'x', status: 'active', startedAt: T0}],
		['a bad status', {agentId: 'a', type: 'x', status: 'running', startedAt: T0}],
		['a bad startedAt', {agentId: 'a', type: 'x', status: 'active', startedAt: 'yesterday'}],
	])('rejects %s', (_n, json) => {
		expect(parseAgentRecord(json).ok).toBe(false);
	});
	it('drops optional fields of the wrong type instead of failing', () => {
		const parsed = parseAgentRecord({agentId: 'a', type: 'x', status: 'active', startedAt: T0, lastMessage: 42, stoppedAt: 'no'});
		expect(parsed.ok && parsed.value).toEqual({agentId: 'a', type: 'x', status: 'active', startedAt: T0, updatedAt: T0});
	});
});

describe('applyHookEvent: events applied out of order', () => {
	const at = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

	it('a start from the moment of the stop or before it, applied after it, leaves the agent stopped', () => {
		const stopped = apply(stop(), apply(start(), undefined, T0), T1);
		for (const ms of [-5000, 0]) {
			const rec = apply(start(), stopped, at(T1, ms));
			expect(rec).toMatchObject({status: 'stopped', stoppedAt: T1, lastMessage: 'Found 4 API routes.', startedAt: T0});
			expect(rec.updatedAt).toBe(ms > 0 ? at(T1, ms) : T1);
		}
	});

	it('a start later than that is a resume, however soon (SendMessage: 0.35-1 s after the stop)', () => {
		const stopped = apply(stop(), apply(start(), undefined, T0), T1);
		for (const ms of [1, 350, RESUME_AFTER_STOP_MS + 1]) {
			const rec = apply(start(), stopped, at(T1, ms));
			expect(rec).toMatchObject({status: 'active', resumeCount: 1});
			expect(rec.stoppedAt).toBeUndefined();
		}
	});

	it('a start just after a SessionEnd does not undo the interruption (nothing starts in a session that ended)', () => {
		const ended = interruptOnSessionEnd(apply(start(), undefined, T0), 'other', T1)!;
		expect(apply(start(), ended, at(T1, 300))).toMatchObject({status: 'stopped', interrupted: true});
		expect(apply(start(), ended, at(T1, RESUME_AFTER_STOP_MS + 1))).toMatchObject({status: 'active', resumeCount: 1});
	});

	it('gives the same record in either order when a start and a stop race', () => {
		const startFirst = apply(stop(), apply(start(), undefined, at(T0, 3)), T0);
		const stopFirst = apply(start(), apply(stop(), undefined, T0), at(T0, 3));
		for (const rec of [startFirst, stopFirst]) {
			expect(rec).toMatchObject({status: 'stopped', lastMessage: 'Found 4 API routes.', type: 'Explore'});
			expect(rec.startUnknown).toBeUndefined();
			expect(Date.parse(rec.stoppedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(rec.startedAt));
		}
		expect(stopFirst.startedAt).toBe(T0);
	});

	it('never moves updatedAt back', () => {
		const rec = apply(stop(), apply(start(), undefined, T2), T1);
		expect(rec.updatedAt).toBe(T2);
	});

	it('marks a cut message, and a later whole message clears the mark', () => {
		const cut = apply({...stop(), lastMessage: 'start of it', lastMessageCut: true}, undefined, T0);
		expect(cut).toMatchObject({lastMessage: 'start of it', lastMessageCut: true});
		const again = apply(stop({last_assistant_message: 'whole'}), {...cut, status: 'active', stoppedAt: undefined}, T2);
		expect(again.lastMessage).toBe('whole');
		expect(again.lastMessageCut).toBeUndefined();
	});
});

describe('parseCutHookPayload: the first part of a payload over the limit', () => {
	const full = (message: string, extra: Record<string, unknown> = {}) =>
		JSON.stringify({
			session_id: SESSION,
			hook_event_name: 'SubagentStop',
			background_tasks: [{id: 'x', description: 'a "quoted" {brace}'}],
			stop_hook_active: false,
			agent_id: 'a1',
			agent_type: 'Explore',
			agent_transcript_path: '/t/agent-a1.jsonl',
			last_assistant_message: message,
			...extra,
		});

	it('reads the fields before the cut and keeps the start of the cut message, marked', () => {
		const message = `Résumé "quoted" \\ back\n${'z'.repeat(3 * CUT_MESSAGE_CHARS)}`;
		const text = full(message);
		const parsed = parseCutHookPayload(text.slice(0, text.length - 1000));
		expect(parsed.ok).toBe(true);
		if (!parsed.ok) {
			return;
		}
		expect(parsed.value).toMatchObject({
			event: 'SubagentStop',
			agentId: 'a1',
			agentType: 'Explore',
			agentTranscriptPath: '/t/agent-a1.jsonl',
			lastMessageCut: true,
		});
		expect(parsed.value.lastMessage?.startsWith('Résumé "quoted" \\ back\nzzz')).toBe(true);
		expect(parsed.value.lastMessage?.endsWith(CUT_MESSAGE_NOTE)).toBe(true);
		expect(parsed.value.lastMessage?.length).toBe(CUT_MESSAGE_CHARS + CUT_MESSAGE_NOTE.length);
	});

	it.each(['\\', '\\u', '\\u00', '\\u00e'])('drops a half escape at the cut (%s)', half => {
		const text = full('');
		const prefix = `${text.slice(0, text.lastIndexOf('""') + 1)}abc${half}`;
		const parsed = parseCutHookPayload(prefix);
		expect(parsed.ok && parsed.value.lastMessage).toBe(`abc${CUT_MESSAGE_NOTE}`);
	});

	it('keeps an escaped backslash before the cut', () => {
		const text = full('');
		const parsed = parseCutHookPayload(`${text.slice(0, text.lastIndexOf('""') + 1)}abc\\\\`);
		expect(parsed.ok && parsed.value.lastMessage).toBe(`abc\\${CUT_MESSAGE_NOTE}`);
	});

	it('keeps a whole message when the cut came after it', () => {
		const text = full('all of it', {session_crons: 'y'.repeat(1000)});
		const parsed = parseCutHookPayload(text.slice(0, -100));
		expect(parsed.ok && parsed.value).toMatchObject({lastMessage: 'all of it'});
		expect(parsed.ok && parsed.value.lastMessageCut).toBeUndefined();
	});

	it('skips when the ids come after the cut', () => {
		const text = JSON.stringify({hook_event_name: 'SubagentStop', last_assistant_message: 'x'.repeat(1000), session_id: SESSION, agent_id: 'a1'});
		const parsed = parseCutHookPayload(text.slice(0, 500));
		expect(parsed.ok).toBe(false);
	});

	it('skips what is not a JSON object', () => {
		expect(parseCutHookPayload('[1, 2').ok).toBe(false);
		expect(parseCutHookPayload('garbage').ok).toBe(false);
	});

	it('does not take a nested agent_id for the payload’s', () => {
		const text = JSON.stringify({
			session_id: SESSION,
			hook_event_name: 'SubagentStop',
			background_tasks: [{agent_id: 'other', agent_type: 'Plan'}],
			last_assistant_message: 'x'.repeat(1000),
			agent_id: 'a1',
		});
		expect(parseCutHookPayload(text.slice(0, 400)).ok).toBe(false);
	});
});

describe('StopFailure', () => {
	const failure = (extra: Record<string, unknown>) =>
		parseHookPayload({
			session_id: 's1',
			transcript_path: '/x/s1.jsonl',
			hook_event_name: 'StopFailure',
			error: 'rate_limit',
			last_assistant_message: 'API Error: 429',
			...extra,
		});

	it('stops the agent as failed, now, with the error, and keeps the API error as its last message', () => {
		const parsed = failure({agent_id: 'a1', agent_type: 'Explore'});
		expect(parsed.ok).toBe(true);
		const running = apply(start('a1'), undefined, T0);
		const rec = apply(parsed.ok ? parsed.value : start('a1'), running, T1);
		expect(rec).toMatchObject({status: 'stopped', stoppedAt: T1, stopReason: 'stop-failure:rate_limit', lastMessage: 'API Error: 429'});
		expect(rec.interrupted).toBeUndefined();
	});

	it("the main session's own failure is a routine skip, not a problem", () => {
		const parsed = failure({});
		expect(parsed).toEqual({ok: false, error: 'StopFailure of the main session: no agent file of its own'});
	});
});

describe('askingAgentOf', () => {
	const agent = (agentId: string, more: Partial<AgentRecord>): AgentRecord => ({
		agentId,
		type: 'general-purpose',
		status: 'active',
		startedAt: '2026-11-26T10:00:00.000Z',
		updatedAt: '2026-11-26T10:00:05.000Z',
		...more,
	});

	it('gives the subagent whose request stands, the earliest when several ask; none when none does', () => {
		const asking = agent('a1', {waitingFor: 'Bash: ls', waitingSince: '2026-11-26T10:00:05.000Z'});
		const later = agent('a2', {waitingFor: 'Bash: make', waitingSince: '2026-11-26T10:00:07.000Z'});
		expect(askingAgentOf([later, agent('a3', {}), asking])?.agentId).toBe('a1');
		expect(askingAgentOf([agent('a3', {})])).toBeUndefined();
		// A stopped agent asks nothing, and a time that does not parse is no request.
		expect(askingAgentOf([agent('a4', {status: 'stopped', waitingSince: '2026-11-26T10:00:05.000Z'}), agent('a5', {waitingSince: 'soon'})])).toBeUndefined();
	});
});
