import {describe, expect, it} from 'vitest';
import type {EventLine, GitState} from '../../../src/core/record/event-line.js';
import {EventFold, foldEvents, type AgentHistory} from '../../../src/core/history/fold.js';
import {isInterruptedToolStatus} from '../../../src/core/hook/agent-call.js';
import {withoutRepeats} from '../../../src/core/history/repeats.js';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
/** ISO time of T0 + `ms` milliseconds, with milliseconds as the hook writes them. */
const t = (ms: number) => new Date(T0 + ms).toISOString();
const S = 1000;
const MIN = 60 * S;

interface Spec {
	readonly agent?: string;
	readonly session?: string;
	readonly type?: string;
	readonly state?: EventLine['state'];
	readonly data?: Record<string, unknown>;
	readonly git?: GitState;
	readonly cwd?: string;
}

function line(event: string, atMs: number, spec: Spec = {}): EventLine {
	return {
		v: 1,
		at: t(atMs),
		event,
		sessionId: spec.session ?? 's1',
		...(spec.agent === undefined ? {} : {agentId: spec.agent}),
		...(spec.type === undefined ? {} : {type: spec.type}),
		...(spec.state === undefined ? {} : {state: spec.state}),
		...(spec.data === undefined ? {} : {data: spec.data}),
		...(spec.git === undefined ? {} : {git: spec.git}),
		...(spec.cwd === undefined ? {} : {cwd: spec.cwd}),
	};
}

const start = (agent: string, atMs: number, spec: Spec = {}) => line('SubagentStart', atMs, {agent, type: 'Explore', state: 'active', ...spec});
const stop = (agent: string, atMs: number, spec: Spec = {}) => line('SubagentStop', atMs, {agent, type: 'Explore', state: 'stopped', ...spec});
const idle = (agent: string, atMs: number, spec: Spec = {}) => line('TeammateIdle', atMs, {agent, state: 'idle', ...spec});
const sessionEnd = (atMs: number, reason: string, interrupted?: string[], session = 's1') =>
	line('SessionEnd', atMs, {session, data: {reason, ...(interrupted ? {interrupted} : {})}});
const tool = (agent: string, atMs: number, data: Record<string, unknown>, session?: string) => line('PostToolUse', atMs, {agent, data, session});

function fold(lines: EventLine[], now = 10 * MIN, staleMs = 5 * MIN): AgentHistory[] {
	return foldEvents(lines, {now: T0 + now, staleMs});
}

function only(lines: EventLine[], now?: number, staleMs?: number): AgentHistory {
	const out = fold(lines, now, staleMs);
	expect(out).toHaveLength(1);
	return out[0]!;
}

const kinds = (a: AgentHistory) => a.lifecycle.map(s => s.kind);

describe('foldEvents: lifecycle paths', () => {
	it('spawned → completed', () => {
		const a = only([start('a1', 0, {git: {head: 'h1', branch: 'main'}}), stop('a1', 40 * S, {git: {head: 'h2', branch: 'main'}})]);
		expect(a).toMatchObject({
			agentId: 'a1',
			sessionId: 's1',
			type: 'Explore',
			status: 'completed',
			startedAt: t(0),
			stoppedAt: t(40 * S),
			durationMs: 40 * S,
			resumeCount: 0,
			stopReason: 'subagent-stop',
			git: {start: {head: 'h1', branch: 'main'}, stop: {head: 'h2', branch: 'main'}},
			source: 'hook',
			lastEventAt: t(40 * S),
		});
		expect(a.startUnknown).toBeUndefined();
		expect(a.lifecycle).toEqual([
			{kind: 'spawned', at: t(0)},
			{kind: 'completed', at: t(40 * S), reason: 'subagent-stop'},
		]);
		expect(a.events.map(e => e.event)).toEqual(['SubagentStart', 'SubagentStop']);
	});

	it('spawned and still running: active, its duration runs to now', () => {
		const a = only([start('a1', 0)], 2 * MIN);
		expect(a.status).toBe('active');
		expect(a.durationMs).toBe(2 * MIN);
		expect(a.stoppedAt).toBeUndefined();
	});

	it('active with no line for staleMs: stale, its duration runs to the last sign of life', () => {
		const lines = [start('a1', 0), tool('a1', 30 * S, {description: 'x'})];
		expect(only(lines, 30 * S + 5 * MIN - 1).status).toBe('active');
		const a = only(lines, 30 * S + 5 * MIN);
		expect(a.status).toBe('stale');
		expect(a.durationMs).toBe(30 * S);
		expect(only(lines, 30 * S + 2 * MIN, 60 * S).status).toBe('stale');
	});

	it('spawned → interrupted by SessionEnd (by the fold: every active or idle agent of the session)', () => {
		const out = fold([start('a1', 0), start('a2', 1 * S), idle('a2', 2 * S), start('a3', 0), stop('a3', 3 * S), sessionEnd(10 * S, 'prompt_input_exit')]);
		const by = Object.fromEntries(out.map(a => [a.agentId, a]));
		expect(by.a1).toMatchObject({status: 'interrupted', stoppedAt: t(10 * S), stopReason: 'session-end:prompt_input_exit', durationMs: 10 * S});
		expect(by.a2).toMatchObject({status: 'interrupted', stopReason: 'session-end:prompt_input_exit'});
		expect(by.a3).toMatchObject({status: 'completed', stoppedAt: t(3 * S), stopReason: 'subagent-stop'});
		expect(kinds(by.a1!)).toEqual(['spawned', 'interrupted']);
		expect(by.a1!.events.map(e => e.event)).toEqual(['SubagentStart', 'SessionEnd']);
		expect(by.a3!.events.map(e => e.event)).toEqual(['SubagentStart', 'SubagentStop']);
	});

	it('SessionEnd of another session interrupts nothing here', () => {
		const a = only([start('a1', 0), sessionEnd(10 * S, 'other', undefined, 's2')], 20 * S);
		expect(a.status).toBe('active');
	});

	it('SessionEnd names interrupted agents in data.interrupted, even ones whose start the log never saw', () => {
		const out = fold([start('a1', 0), sessionEnd(10 * S, 'clear', ['a1', 'old'])]);
		const by = Object.fromEntries(out.map(a => [a.agentId, a]));
		expect(by.a1?.status).toBe('interrupted');
		expect(by.old).toMatchObject({status: 'interrupted', startUnknown: true, stoppedAt: t(10 * S), stopReason: 'session-end:clear'});
		expect(by.old?.durationMs).toBeUndefined();
	});

	it('SessionEnd naming an agent that had already completed leaves it completed', () => {
		const a = only([start('a1', 0), stop('a1', 5 * S), sessionEnd(10 * S, 'other', ['a1'])]);
		expect(a.status).toBe('completed');
		expect(a.stoppedAt).toBe(t(5 * S));
	});

	it('spawned → interrupted → resumed → completed; startedAt never changes', () => {
		const a = only([
			start('a1', 0, {git: {head: 'h1'}}),
			sessionEnd(10 * S, 'other'),
			line('SessionStart', 60 * S, {data: {source: 'resume'}}),
			start('a1', 70 * S, {git: {head: 'h2'}}),
			stop('a1', 100 * S, {git: {head: 'h3'}}),
		]);
		expect(a).toMatchObject({
			status: 'completed',
			startedAt: t(0),
			resumedAt: t(70 * S),
			resumeCount: 1,
			stoppedAt: t(100 * S),
			stopReason: 'subagent-stop',
			durationMs: 100 * S,
			git: {start: {head: 'h1'}, stop: {head: 'h3'}},
		});
		expect(a.lifecycle).toEqual([
			{kind: 'spawned', at: t(0)},
			{kind: 'interrupted', at: t(10 * S), reason: 'session-end:other'},
			{kind: 'resumed', at: t(70 * S)},
			{kind: 'completed', at: t(100 * S), reason: 'subagent-stop'},
		]);
	});

	it('resumed and running again: status resumed, no stop time, no stop reason', () => {
		const a = only([start('a1', 0), sessionEnd(10 * S, 'other'), start('a1', 70 * S)], 80 * S);
		expect(a).toMatchObject({status: 'resumed', resumeCount: 1, resumedAt: t(70 * S), durationMs: 80 * S, git: {}});
		expect(a.stoppedAt).toBeUndefined();
		expect(a.stopReason).toBeUndefined();
	});

	it('a resumed agent that falls silent goes stale', () => {
		expect(only([start('a1', 0), stop('a1', 10 * S), start('a1', 20 * S)], 20 * S + 5 * MIN).status).toBe('stale');
	});

	it('completed → resumed (a start after a stop) → completed again, twice', () => {
		const a = only([start('a1', 0), stop('a1', 10 * S), start('a1', 20 * S), stop('a1', 30 * S), start('a1', 40 * S), stop('a1', 50 * S)]);
		expect(a).toMatchObject({status: 'completed', resumeCount: 2, resumedAt: t(40 * S), stoppedAt: t(50 * S), startedAt: t(0)});
		expect(kinds(a)).toEqual(['spawned', 'completed', 'resumed', 'completed', 'resumed', 'completed']);
	});

	it('SessionStart with source resume is recorded but resumes no agent by itself', () => {
		const out = fold([start('a1', 0), sessionEnd(10 * S, 'other'), line('SessionStart', 60 * S, {data: {source: 'resume', model: 'm'}})]);
		expect(out).toHaveLength(1);
		expect(out[0]).toMatchObject({status: 'interrupted', resumeCount: 0});
	});

	it('idle beside active: active → idle → active → completed', () => {
		const a = only([start('a1', 0), idle('a1', 10 * S), start('a1', 20 * S), idle('a1', 30 * S)], 60 * MIN);
		expect(a.status).toBe('idle');
		expect(a.resumeCount).toBe(0);
		expect(a.durationMs).toBe(30 * S);
		expect(kinds(a)).toEqual(['spawned', 'idle', 'active', 'idle']);
		const done = only([start('a1', 0), idle('a1', 10 * S), stop('a1', 20 * S)]);
		expect(done).toMatchObject({status: 'completed', stoppedAt: t(20 * S)});
	});

	it('an idle agent is never stale', () => {
		expect(only([start('a1', 0), idle('a1', 1 * S)], 10 * 60 * MIN).status).toBe('idle');
	});

	it('idle without a start: an agent with startUnknown', () => {
		const a = only([idle('t1@team', 5 * S)]);
		expect(a).toMatchObject({status: 'idle', startUnknown: true, startedAt: t(5 * S)});
		expect(a.durationMs).toBeUndefined();
	});

	it('the parent call coming back interrupted interrupts the agent, even after its stop', () => {
		const running = only([start('a1', 0), tool('a1', 10 * S, {status: 'interrupted'})]);
		expect(running).toMatchObject({status: 'interrupted', stoppedAt: t(10 * S), stopReason: 'tool:interrupted'});
		const stopped = only([start('a1', 0), stop('a1', 9 * S), tool('a1', 10 * S, {status: 'interrupted'})]);
		expect(stopped).toMatchObject({status: 'interrupted', stoppedAt: t(9 * S), stopReason: 'tool:interrupted'});
		expect(kinds(stopped)).toEqual(['spawned', 'completed', 'interrupted']);
	});

	it('tells interrupted tool statuses from others', () => {
		for (const s of ['interrupted', 'Interrupted', 'cancelled', 'aborted', 'killed']) {
			expect(isInterruptedToolStatus(s)).toBe(true);
		}
		for (const s of ['completed', 'async_launched', 'error', '']) {
			expect(isInterruptedToolStatus(s)).toBe(false);
		}
	});
});

describe('foldEvents: facts from the Agent call', () => {
	it("takes description, model, tool calls and the parent from PostToolUse; its totalTokens only as the last request's", () => {
		const a = only([
			start('a1', 0),
			stop('a1', 40 * S),
			tool('a1', 41 * S, {
				description: 'Find API routes',
				subagentType: 'Explore',
				model: 'claude-haiku-4-5',
				status: 'completed',
				totalTokens: 12450,
				totalToolUseCount: 7,
				parentAgentId: 'p1',
			}),
		]);
		expect(a).toMatchObject({
			status: 'completed',
			description: 'Find API routes',
			model: 'claude-haiku-4-5',
			lastRequestTokens: 12450,
			toolCalls: 7,
			parentAgentId: 'p1',
			stoppedAt: t(40 * S),
		});
		// Claude Code's totalTokens is its last API request: never the run's tokens.
		expect(a.tokens).toBeUndefined();
	});

	it("leaves the call's usage (its last request's) out of the agent's tokens", () => {
		const a = only([start('a1', 0), stop('a1', 40 * S), tool('a1', 41 * S, {status: 'completed', inputTokens: 120, outputTokens: 800, cacheReadTokens: 9000})]);
		expect(a.usage).toBeUndefined();
		expect(a.tokens).toBeUndefined();
	});

	it('keeps the transcript path and working folder its lines name (the latest path)', () => {
		const a = only([
			line('SubagentStart', 0, {agent: 'a1', data: {agentTranscriptPath: '/p/agent-a1.jsonl'}, cwd: '/w'}),
			line('SubagentStop', 1 * S, {agent: 'a1', data: {agentTranscriptPath: '/p/workflows/wf_1/agent-a1.jsonl'}, cwd: '/other'}),
		]);
		expect(a).toMatchObject({transcriptPath: '/p/workflows/wf_1/agent-a1.jsonl', cwd: '/w'});
	});

	it('has no description, tokens or parent when no line gives them', () => {
		const a = only([start('a1', 0), stop('a1', 1 * S)]);
		expect(a.description).toBeUndefined();
		expect(a.tokens).toBeUndefined();
		expect(a.toolCalls).toBeUndefined();
		expect(a.model).toBeUndefined();
		expect(a.parentAgentId).toBeUndefined();
	});

	it('ignores totals of the wrong type and an unsafe parent id', () => {
		const a = only([start('a1', 0), tool('a1', 1 * S, {totalTokens: '5', totalToolUseCount: Number.NaN, parentAgentId: '../x', description: 3})]);
		expect(a.tokens).toBeUndefined();
		expect(a.toolCalls).toBeUndefined();
		expect(a.parentAgentId).toBeUndefined();
		expect(a.description).toBeUndefined();
	});

	it('a background launch seen before the start counts as the spawn; the start then is a repeat', () => {
		const a = only([tool('a1', 0, {status: 'async_launched', subagentType: 'Plan'}), line('SubagentStart', 5, {agent: 'a1'})], 1 * MIN);
		expect(a).toMatchObject({status: 'active', startedAt: t(0), resumeCount: 0, type: 'Plan'});
		expect(kinds(a)).toEqual(['spawned']);
	});

	it('an agent known only from its completed call is completed, its start unknown', () => {
		const a = only([tool('a1', 5 * S, {status: 'completed', description: 'd'})]);
		expect(a).toMatchObject({status: 'completed', startUnknown: true, stoppedAt: t(5 * S), stopReason: 'tool:completed'});
	});

	it('a PostToolUse line while running does not stop the agent', () => {
		const a = only([start('a1', 0), tool('a1', 1 * S, {status: 'completed', totalTokens: 3})], 2 * S);
		expect(a.status).toBe('active');
		expect(a.lastRequestTokens).toBe(3);
	});
});

describe('foldEvents: edge cases', () => {
	it('a stop without a start is still an agent, with startUnknown and no duration', () => {
		const a = only([stop('a1', 30 * S, {git: {head: 'h'}})]);
		expect(a).toMatchObject({status: 'completed', startUnknown: true, startedAt: t(30 * S), stoppedAt: t(30 * S), git: {stop: {head: 'h'}}});
		expect(a.durationMs).toBeUndefined();
		expect(a.git.start).toBeUndefined();
		expect(kinds(a)).toEqual(['completed']);
	});

	it('a start much later than a stop without a start is a resume; startedAt stays the lower bound', () => {
		const a = only([stop('a1', 30 * S), start('a1', 60 * S)], 70 * S);
		expect(a).toMatchObject({status: 'resumed', startUnknown: true, startedAt: t(30 * S), resumeCount: 1});
	});

	it('a start a moment after a stop without a start (hook processes out of order) gives the start time, no resume', () => {
		const a = only([stop('a1', 30 * S), start('a1', 30 * S + 200)]);
		expect(a).toMatchObject({status: 'completed', startedAt: t(30 * S), stoppedAt: t(30 * S), resumeCount: 0});
		expect(a.startUnknown).toBeUndefined();
	});

	it('a start after a stop is a resume however soon (SendMessage resumes 0.35-1 s after the stop)', () => {
		const a = only([start('a1', 0), stop('a1', 10 * S), start('a1', 10 * S + 350)], 20 * S);
		expect(a).toMatchObject({status: 'resumed', resumeCount: 1, resumedAt: t(10 * S + 350), startedAt: t(0)});
		// A start at the stop's own time is one from before it.
		expect(only([start('a1', 0), stop('a1', 10 * S), start('a1', 10 * S)])).toMatchObject({status: 'completed', resumeCount: 0});
	});

	it('a start within the resume window after a SessionEnd does not undo the interruption', () => {
		const a = only([start('a1', 0), sessionEnd(10 * S, 'other'), start('a1', 10 * S + 300)]);
		expect(a).toMatchObject({status: 'interrupted', resumeCount: 0});
	});

	it('a start after an interruption is a resume', () => {
		const a = only([start('a1', 0), sessionEnd(10 * S, 'other'), start('a1', 2 * MIN)], 3 * MIN);
		expect(a).toMatchObject({status: 'resumed', resumeCount: 1, resumedAt: t(2 * MIN), startedAt: t(0)});
	});

	it('an idle after an interruption (a teammate back in a resumed session) is a resume into idle', () => {
		const a = only([start('a1', 0), sessionEnd(10 * S, 'other'), idle('a1', 2 * MIN)], 3 * MIN);
		expect(a).toMatchObject({status: 'idle', resumeCount: 1});
		expect(kinds(a)).toEqual(['spawned', 'interrupted', 'resumed', 'idle']);
	});

	it('a repeated start while active is a repeat, not a resume', () => {
		const a = only([start('a1', 0), start('a1', 5 * S), start('a1', 9 * S)], 10 * S);
		expect(a).toMatchObject({status: 'active', resumeCount: 0, startedAt: t(0), durationMs: 10 * S});
		expect(kinds(a)).toEqual(['spawned']);
		expect(a.events).toHaveLength(3);
	});

	it('a repeated stop keeps the first stop time and reason', () => {
		// 2 s apart: one within a second that says the same is a line recorded twice, dropped (below).
		const a = only([start('a1', 0), stop('a1', 10 * S, {git: {head: 'first'}}), stop('a1', 12 * S, {git: {head: 'second'}})]);
		expect(a).toMatchObject({stoppedAt: t(10 * S), durationMs: 10 * S, git: {stop: {head: 'first'}}, lastEventAt: t(12 * S)});
		expect(kinds(a)).toEqual(['spawned', 'completed']);
	});

	it('a stop after a SessionEnd interruption keeps the interruption', () => {
		const a = only([start('a1', 0), sessionEnd(10 * S, 'other'), stop('a1', 10 * S + 50)]);
		expect(a).toMatchObject({status: 'interrupted', stoppedAt: t(10 * S), stopReason: 'session-end:other'});
	});

	it('sorts out-of-order lines by time, stably for equal times', () => {
		const inOrder = [start('a1', 0), idle('a1', 5 * S), stop('a1', 10 * S)];
		const shuffled = [inOrder[2]!, inOrder[0]!, inOrder[1]!];
		const a = only(shuffled);
		expect(a).toMatchObject({status: 'completed', startedAt: t(0), stoppedAt: t(10 * S), durationMs: 10 * S});
		expect(a.startUnknown).toBeUndefined();
		expect(a.events).toEqual(inOrder);
		// Equal times keep file order: start then stop.
		const same = only([start('a2', 5 * S), stop('a2', 5 * S)]);
		expect(same.status).toBe('completed');
		expect(same.startUnknown).toBeUndefined();
	});

	it('a stop a few ms before its start in time (clock order across processes) is not dated before the start', () => {
		const a = only([stop('a1', 10 * S), start('a1', 10 * S + 3)]);
		expect(a).toMatchObject({status: 'completed', startedAt: t(10 * S), stoppedAt: t(10 * S), durationMs: 0});
	});

	it('keeps the latest non-empty type, and the subagent type when the lines have none', () => {
		expect(only([start('a1', 0, {type: 'Explore'}), stop('a1', 1 * S, {type: ''})]).type).toBe('Explore');
		expect(only([line('SubagentStop', 0, {agent: 'a1'}), tool('a1', 1, {subagentType: 'Plan'})]).type).toBe('Plan');
		expect(only([line('SubagentStop', 0, {agent: 'a1'})]).type).toBe('');
	});

	it('keys agents by session and agent id', () => {
		const out = fold([start('a1', 0, {session: 's1'}), start('a1', 1, {session: 's2'}), stop('a1', 2 * S, {session: 's2'})], 3 * S);
		expect(out.map(a => [a.sessionId, a.status])).toEqual([
			['s1', 'active'],
			['s2', 'completed'],
		]);
	});

	it('returns agents in the order of their first line in time', () => {
		const out = fold([start('late', 5 * S), start('early', 1 * S), stop('first', 0)], 6 * S);
		expect(out.map(a => a.agentId)).toEqual(['first', 'early', 'late']);
	});

	it('lines of other events act by their state; Imported-only agents come from the transcript', () => {
		const imported = only([
			line('Imported', 0, {agent: 'i1', state: 'active', data: {source: 'transcript'}}),
			line('Imported', 5 * S, {agent: 'i1', state: 'stopped', data: {source: 'transcript'}}),
		]);
		expect(imported).toMatchObject({status: 'completed', source: 'transcript', stopReason: 'Imported', durationMs: 5 * S});
		const other = only([start('a1', 0), line('SomethingNew', 1 * S, {agent: 'a1', state: 'interrupted'})]);
		expect(other).toMatchObject({status: 'interrupted', source: 'hook', stopReason: 'SomethingNew'});
		expect(only([start('a1', 0), line('SomethingNew', 1 * S, {agent: 'a1'})], 2 * S).status).toBe('active');
	});

	it('an agent seen only on a line without lifecycle meaning is active with an unknown start', () => {
		const a = only([line('SomethingNew', 1 * S, {agent: 'a1'})], 2 * S);
		expect(a).toMatchObject({status: 'active', startUnknown: true, startedAt: t(1 * S)});
	});

	it('leaves out a line whose time does not parse, and returns nothing for no lines', () => {
		const bad: EventLine = {...start('a1', 0), at: 'never'};
		expect(fold([bad])).toEqual([]);
		expect(fold([])).toEqual([]);
	});

	it('session lines make no agent', () => {
		expect(fold([line('SessionStart', 0, {data: {source: 'startup'}}), sessionEnd(1 * S, 'other')])).toEqual([]);
	});

	it('defaults staleMs to the watch default (5 minutes)', () => {
		const lines = [start('a1', 0)];
		expect(foldEvents(lines, {now: T0 + 5 * MIN - 1})[0]?.status).toBe('active');
		expect(foldEvents(lines, {now: T0 + 5 * MIN})[0]?.status).toBe('stale');
	});
});

describe('foldEvents: a large history', () => {
	it('folds 10,000 agents / 100,000 events', () => {
		const lines: EventLine[] = [];
		const agents = 10_000;
		for (let i = 0; i < agents; i++) {
			const session = `s${i % 100}`;
			const agent = `a${i}`;
			const t0 = i * 1000;
			lines.push(start(agent, t0, {session}));
			for (let k = 1; k <= 7; k++) {
				lines.push(tool(agent, t0 + k * 10, {totalTokens: k}, session));
			}
			lines.push(idle(agent, t0 + 90, {session}));
			lines.push(stop(agent, t0 + 100, {session}));
		}
		// Out of order, as several writers would leave it.
		lines.reverse();
		expect(lines).toHaveLength(100_000);
		const out = fold(lines, agents * 1000);
		expect(out).toHaveLength(agents);
		expect(out.every(a => a.status === 'completed' && a.events.length === 10)).toBe(true);
	});
});

describe('an event recorded twice (agentlog installed as a plugin and by install-hook)', () => {
	const once = [
		start('a1', 0),
		tool('a1', 400, {status: 'completed', totalTokens: 12450, totalToolUseCount: 7}),
		start('a2', 500),
		stop('a1', 2 * S, {data: {lastMessage: 'done'}}),
		idle('a2', 3 * S),
	];
	/** Each line written again by the other hook, a few ms later, the two copies' lines interleaved. */
	const twice = once.flatMap((l, i) => [l, {...l, at: t(Date.parse(l.at) - T0 + 3 + i)}]).reverse();

	it('folds to exactly what the events recorded once fold to', () => {
		const key = (h: AgentHistory) => h.agentId;
		expect(fold(twice).sort((a, b) => key(a).localeCompare(key(b)))).toEqual(fold(once).sort((a, b) => key(a).localeCompare(key(b))));
		const a1 = fold(twice).find(h => h.agentId === 'a1')!;
		expect(a1.events.map(e => e.event)).toEqual(['SubagentStart', 'PostToolUse', 'SubagentStop']);
		expect(a1.lifecycle.map(s => s.kind)).toEqual(['spawned', 'completed']);
	});

	it('keeps a repeat more than a second later, or one that says something else', () => {
		expect(only([start('a1', 0), start('a1', 1001)]).events).toHaveLength(2);
		expect(only([tool('a1', 0, {status: 'async_launched'}), tool('a1', 10, {status: 'completed'})]).events).toHaveLength(2);
		expect(only([stop('a1', 0, {data: {lastMessage: 'one'}}), stop('a1', 5, {data: {lastMessage: 'two'}})]).events).toHaveLength(2);
		expect(only([start('a1', 0), start('a1', 1000)]).events).toHaveLength(1);
	});
});

/** The session lines (no agent) `withoutRepeats` keeps. */
const sessionLinesWithoutRepeats = (lines: EventLine[]) => withoutRepeats(lines).filter(l => l.agentId === undefined);

describe('withoutRepeats: session lines', () => {
	it("drops a session line that repeats the session's line of that event within a second", () => {
		const lines = [
			line('SessionStart', 0, {data: {source: 'startup'}}),
			start('a1', 1),
			line('SessionStart', 4, {data: {source: 'startup'}}),
			sessionEnd(9 * S, 'other'),
			sessionEnd(9 * S + 2, 'other'),
		];
		expect(sessionLinesWithoutRepeats(lines).map(l => l.event)).toEqual(['SessionStart', 'SessionEnd']);
		expect(sessionLinesWithoutRepeats([line('SessionStart', 0), line('SessionStart', 2 * S)])).toHaveLength(2);
		expect(sessionLinesWithoutRepeats([line('SessionStart', 0), line('SessionStart', 5, {session: 's2'})])).toHaveLength(2);
	});
});

describe('SessionEnd recorded twice', () => {
	it('is one SessionEnd, whatever agents each copy found to interrupt; the fold still interrupts them', () => {
		const lines = [start('a1', 0), sessionEnd(5 * S, 'other', ['a1']), sessionEnd(5 * S + 3, 'other', [])];
		expect(sessionLinesWithoutRepeats(lines)).toHaveLength(1);
		expect(only(lines)).toMatchObject({status: 'interrupted', stopReason: 'session-end:other'});
	});
});

describe('withoutRepeats keeps the copy the fold applies', () => {
	it('the earlier in time, whatever the file order: the same line object as in the agents\u2019 events', () => {
		const later = sessionEnd(5 * S + 3, 'other', []);
		const earlier = sessionEnd(5 * S, 'other', ['a1']);
		const lines = [start('a1', 0), later, earlier];
		expect(sessionLinesWithoutRepeats(lines)).toEqual([earlier]);
		const a1 = only(lines);
		expect(a1.events.at(-1)).toBe(sessionLinesWithoutRepeats(lines)[0]);
	});
});

describe('withoutRepeats', () => {
	it('drops per event: the copies of a Stop and of the PostToolUse fired with it interleave', () => {
		const lines = [
			start('a1', 0),
			start('a1', 2),
			stop('a1', 5 * S, {data: {lastMessage: 'done'}}),
			tool('a1', 5 * S + 1, {status: 'completed'}),
			stop('a1', 5 * S + 4, {data: {lastMessage: 'done'}}),
			tool('a1', 5 * S + 6, {status: 'completed'}),
		];
		expect(withoutRepeats(lines)).toEqual([lines[0], lines[2], lines[3]]);
		expect(only(lines).events).toEqual([lines[0], lines[2], lines[3]]);
	});

	it('keeps a start that follows a stop, however soon and however alike: a resume, not a copy', () => {
		const lines = [start('a1', 0), stop('a1', 400, {data: {lastMessage: 'done'}}), start('a1', 750), stop('a1', 900, {data: {lastMessage: 'done'}})];
		expect(withoutRepeats(lines)).toBe(lines);
		expect(only(lines, 2 * S)).toMatchObject({status: 'completed', resumeCount: 1});
	});

	it('keeps file order, and gives back the same array when nothing repeats', () => {
		const lines = [start('a1', 10), start('a2', 0), start('a1', 12)];
		expect(withoutRepeats(lines)).toEqual([lines[0], lines[1]]);
		const distinct = [start('a1', 0), stop('a1', S)];
		expect(withoutRepeats(distinct)).toBe(distinct);
	});
});

describe('withoutRepeats: what each copy read at its own moment is not compared', () => {
	it('drops the copy of a PostToolUse whose agent state after it differs (one copy ran before the Stop, one after)', () => {
		const lines = [start('a1', 0), tool('a1', 5 * S, {status: 'completed'}), stop('a1', 5 * S + 1), stop('a1', 5 * S + 3)];
		const again = {...tool('a1', 5 * S + 4, {status: 'completed'}), state: 'stopped' as const};
		expect(withoutRepeats([...lines, again])).toEqual(withoutRepeats(lines));
		expect(withoutRepeats(lines)).toHaveLength(3);
	});
});

describe('EventFold.drain', () => {
	it('gives the histories one at a time, in finish order, holding no state once it has begun', () => {
		const lines: EventLine[] = [];
		for (let i = 0; i < 100; i++) {
			lines.push(start(`a${i}`, i * S), stop(`a${i}`, i * S + 500, {data: {lastMessage: `done ${i}`}}));
		}
		lines.push(line('Imported', 50 * S, {agent: 'imp', state: 'stopped', data: {startedAt: t(49 * S)}}), sessionEnd(200 * S, 'exit'));
		const make = (): EventFold => {
			const f = new EventFold({now: T0 + 10 * MIN});
			for (const l of lines) {
				f.add(l);
			}
			return f;
		};
		const whole = make().finish();
		const streamed = make();
		expect(streamed.agents).toBe(101);
		const seen: AgentHistory[] = [];
		for (const {history} of streamed.drain()) {
			expect(streamed.agents).toBe(0);
			seen.push(history);
		}
		expect(seen).toEqual(whole.map(f => f.history));
		expect(seen.map(h => h.agentId).slice(0, 3)).toEqual(['a0', 'a1', 'a2']);
		expect(seen.find(h => h.agentId === 'imp')?.source).toBe('transcript');
	});
});

describe('an agent launched with a name', () => {
	it("keeps the Agent call's name (what SendMessage calls it); history shows it where the type is", async () => {
		const [h] = foldEvents(
			[
				line('PostToolUse', 0, {
					agent: 'n1',
					type: 'general-purpose',
					state: 'active',
					data: {name: 'scout', description: 'Look around', status: 'async_launched'},
				}),
				start('n1', 100, {type: 'general-purpose'}),
				stop('n1', 5 * S, {type: 'general-purpose'}),
			],
			{now: T0 + MIN},
		);
		expect(h).toMatchObject({name: 'scout', type: 'general-purpose', status: 'completed'});
		const {typeWithName} = await import('../../../src/present/history-text.js');
		expect(typeWithName(h!)).toBe('scout (general-purpose)');
		expect(typeWithName({type: 'Explore'})).toBe('Explore');
		expect(typeWithName({type: '', name: 'solo'})).toBe('solo');
		expect(typeWithName({type: '\u001B[31mx'})).not.toContain('\u001B');
	});
});
