import {describe, expect, it} from 'vitest';
import {applyHookEvent, interruptOnSessionEnd} from '../../../src/core/hook/apply-event.js';
import {parseHookPayload} from '../../../src/core/hook/hook-payload.js';
import {type HookEvent} from '../../../src/core/hook/hook-event.js';
import {hookEventLine} from '../../../src/core/hook/hook-line.js';
import {foldEvents} from '../../../src/core/history/fold.js';
import type {AgentRecord} from '../../../src/core/record/agent-record.js';
import type {EventLine} from '../../../src/core/record/event-line.js';
import type {LifecycleStep} from '../../../src/core/record/fold-state.js';
import {lifeIdle, lifeStart, lifeStop, newLife, noteEarlierStart} from '../../../src/core/record/lifecycle-machine.js';
import {RESUME_AFTER_STOP_MS} from '../../../src/core/record/limits.js';
import {REPEAT_WINDOW_MS} from '../../../src/core/history/repeats.js';

const T = (s: number) => new Date(Date.UTC(2026, 10, 26, 10, 0, 0) + s * 1000).toISOString();
const ms = (s: number) => Date.parse(T(s));

describe('the lifecycle machine', () => {
	it('spawns, stops, and counts a start 0.4 s after the stop as a resume', () => {
		const life = newLife();
		const steps: LifecycleStep[] = [];
		const add = (step: LifecycleStep) => steps.push(step);
		expect(lifeStart(life, T(0), ms(0), {}, add)).toBe('spawned');
		expect(lifeStop(life, T(5), ms(5), 'completed', 'subagent-stop', false, add)).toBe('stopped');
		expect(lifeStart(life, T(5.4), ms(5.4), {}, add)).toBe('resumed');
		expect(life).toMatchObject({phase: 'active', startedAt: T(0), resumeCount: 1, resumedAt: T(5.4), stoppedAt: undefined});
		expect(steps.map(s => s.kind)).toEqual(['spawned', 'completed', 'resumed']);
	});

	it('moves a known start earlier when a start stamped before it comes second, never later, and keeps the runs', () => {
		const life = newLife();
		expect(lifeStart(life, T(0.002), ms(0.002))).toBe('spawned');
		expect(lifeStart(life, T(0.001), ms(0.001))).toBe('repeat');
		expect(life).toMatchObject({phase: 'active', startedAt: T(0.001), startMs: ms(0.001), resumeCount: 0});
		expect(lifeStart(life, T(0.003), ms(0.003))).toBe('repeat');
		expect(life.startedAt).toBe(T(0.001));
		// Stopped, then a start from before the start known (a late line): the start moves, the stop stays.
		expect(lifeStop(life, T(5), ms(5), 'completed', 'subagent-stop')).toBe('stopped');
		expect(lifeStart(life, T(0), ms(0))).toBe('late');
		expect(life).toMatchObject({phase: 'stopped', startedAt: T(0), stoppedAt: T(5), resumeCount: 0});
		// A start only bounded from below (never seen) is not moved by this rule.
		const unknown = newLife();
		lifeIdle(unknown, T(3), ms(3));
		noteEarlierStart(unknown, T(1), ms(1));
		expect(unknown.startedAt).toBeUndefined();
	});

	it('takes a start no later than the stop as one from before it, and dates an unknown start by it', () => {
		const life = newLife();
		expect(lifeStop(life, T(5), ms(5), 'completed', 'subagent-stop')).toBe('stopped');
		expect(life.startUnknown).toBe(true);
		expect(lifeStart(life, T(4.9), ms(4.9))).toBe('late');
		expect(life).toMatchObject({phase: 'stopped', startUnknown: false, startedAt: T(4.9), stoppedAt: T(5), resumeCount: 0});
	});

	it('takes a start soon after the stop of an agent whose start was unknown as the late start, not a resume', () => {
		const life = newLife();
		lifeStop(life, T(5), ms(5), 'completed', 'subagent-stop');
		expect(lifeStart(life, T(5.5), ms(5.5))).toBe('late');
		expect(life).toMatchObject({phase: 'stopped', startUnknown: false, startedAt: T(5), resumeCount: 0});
		expect(RESUME_AFTER_STOP_MS).toBeGreaterThan(500);
	});

	it('takes a start soon after a session end as a resume once the session started again between them', () => {
		const life = newLife();
		lifeStart(life, T(0), ms(0));
		lifeStop(life, T(5), ms(5), 'interrupted', 'session-end:prompt_input_exit');
		// With nothing between the end and the start, a start this soon is from before the end.
		expect(lifeStart({...life}, T(5.9), ms(5.9))).toBe('late');
		// A SessionStart at 5.3 (the session resumed) orders them.
		expect(lifeStart(life, T(5.9), ms(5.9), {sessionStartMs: ms(5.3)})).toBe('resumed');
		expect(life).toMatchObject({phase: 'active', resumeCount: 1, resumedAt: T(5.9), stoppedAt: undefined});
		// A SessionStart from before the end, or after the start, settles nothing.
		const other = newLife();
		lifeStart(other, T(0), ms(0));
		lifeStop(other, T(5), ms(5), 'interrupted', 'session-end:other');
		expect(lifeStart({...other}, T(5.9), ms(5.9), {sessionStartMs: ms(4)})).toBe('late');
		expect(lifeStart({...other}, T(5.9), ms(5.9), {sessionStartMs: ms(6)})).toBe('late');
		// A start no later than the end is from before it whatever came after.
		expect(lifeStart({...other}, T(4.9), ms(4.9), {sessionStartMs: ms(5.3)})).toBe('late');
	});

	it('in an ordered source (a rollout), a start after a stop is always a resume', () => {
		const life = newLife();
		lifeStart(life, T(0), ms(0), {ordered: true});
		lifeStop(life, T(1), ms(1), 'interrupted', 'turn-aborted:interrupted', false);
		expect(lifeStart(life, T(1), ms(1), {ordered: true})).toBe('resumed');
		expect(life.resumeCount).toBe(1);
	});

	it('keeps the first stop; a failure says why an agent already stopped; an interrupted call overrides a completion', () => {
		const life = newLife();
		lifeStart(life, T(0), ms(0));
		lifeStop(life, T(2), ms(2), 'completed', 'subagent-stop');
		expect(lifeStop(life, T(3), ms(3), 'completed', 'subagent-stop')).toBe('kept');
		expect(life.stoppedAt).toBe(T(2));
		expect(lifeStop(life, T(4), ms(4), 'interrupted', 'tool:interrupted', true)).toBe('overridden');
		expect(life).toMatchObject({phase: 'interrupted', stoppedAt: T(2), stopReason: 'tool:interrupted'});
		expect(lifeStop(life, T(5), ms(5), 'failed', 'stop-failure:unknown')).toBe('failed');
		expect(life).toMatchObject({phase: 'stopped', stoppedAt: T(2), stopReason: 'stop-failure:unknown'});
	});

	it('never dates a stop before the start', () => {
		const life = newLife();
		lifeStart(life, T(3), ms(3));
		lifeStop(life, T(2), ms(2), 'completed', 'subagent-stop');
		expect(life.stoppedAt).toBe(T(3));
	});

	it('an idle beside active is no stop, and an idle soon after a stop is from before it', () => {
		const life = newLife();
		lifeStart(life, T(0), ms(0));
		expect(lifeIdle(life, T(1), ms(1))).toBe('idle');
		expect(lifeStart(life, T(2), ms(2))).toBe('active');
		lifeStop(life, T(3), ms(3), 'completed', 'subagent-stop');
		expect(lifeIdle(life, T(3.5), ms(3.5))).toBe('late');
		expect(lifeIdle(life, T(10), ms(10))).toBe('resumed');
		expect(life).toMatchObject({phase: 'idle', resumeCount: 1});
	});
});

// The hook's merge of the agent file and the log's fold run the same machine: any sequence of hook
// events, applied by the hook one after another, leaves the agent file saying what the fold of
// the lines it logged says.
const SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';
const AGENT = 'a8c41f0e92b7d3a15';

function payload(fields: Record<string, unknown>): HookEvent {
	const parsed = parseHookPayload({session_id: SESSION, transcript_path: `/t/${SESSION}.jsonl`, cwd: '/w', ...fields});
	if (!parsed.ok) {
		throw new Error(parsed.error);
	}
	return parsed.value;
}

const EVENTS: readonly (() => HookEvent)[] = [
	() => payload({hook_event_name: 'SubagentStart', agent_id: AGENT, agent_type: 'Explore'}),
	() => payload({hook_event_name: 'SubagentStop', agent_id: AGENT, agent_type: 'Explore', last_assistant_message: 'done'}),
	() => payload({hook_event_name: 'StopFailure', agent_id: AGENT, agent_type: 'Explore', error: 'rate_limit'}),
	() => payload({hook_event_name: 'TeammateIdle', teammate_name: 'scout'}),
	() =>
		payload({
			hook_event_name: 'PostToolUse',
			tool_name: 'Agent',
			tool_input: {description: 'look', prompt: 'p', subagent_type: 'Explore'},
			tool_response: {status: 'completed', agentId: AGENT},
		}),
	() =>
		payload({
			hook_event_name: 'PostToolUse',
			tool_name: 'Agent',
			tool_input: {description: 'look', prompt: 'p', subagent_type: 'Explore'},
			tool_response: {status: 'async_launched', agentId: AGENT},
		}),
	() =>
		payload({
			hook_event_name: 'PostToolUse',
			tool_name: 'Agent',
			tool_input: {description: 'look', prompt: 'p', subagent_type: 'Explore'},
			tool_response: {status: 'interrupted', agentId: AGENT},
		}),
	() => payload({hook_event_name: 'SessionEnd', reason: 'other'}),
	() => payload({hook_event_name: 'SessionStart', source: 'resume'}),
];

/** A small seeded generator: the same sequences on every run. */
function random(seed: number): () => number {
	let x = seed;
	return () => {
		x = (x * 1103515245 + 12345) % 2147483648;
		return x / 2147483648;
	};
}

function hookRun(sequence: readonly {event: HookEvent; at: string}[]): {record: AgentRecord | undefined; lines: EventLine[]} {
	let record: AgentRecord | undefined;
	const lines: EventLine[] = [];
	// The session file's latest start, as the hook keeps it (store/hook/session-process.ts).
	let sessionStartAt: string | undefined;
	for (const {event: given, at} of sequence) {
		let event = given;
		if (event.event === 'SessionStart') {
			sessionStartAt = at;
			lines.push(hookEventLine({event, at}));
			continue;
		}
		if (record?.status === 'stopped' && sessionStartAt !== undefined && (event.event === 'SubagentStart' || event.event === 'TeammateIdle')) {
			event = {...event, sessionStartAt};
		}
		if (event.event === 'SessionEnd') {
			const after = record === undefined ? undefined : interruptOnSessionEnd(record, event.reason, at);
			record = after ?? record;
			lines.push(hookEventLine({event, at, interrupted: after === undefined ? [] : [AGENT]}));
			continue;
		}
		const next = applyHookEvent(event, AGENT, record, at);
		if (!next.ok) {
			continue;
		}
		record = next.value;
		lines.push(hookEventLine({event, at, record}));
	}
	return {record, lines};
}

describe('the hook and the log fold agree (one machine)', () => {
	it('on 2,000 random sequences of agent events, some under the resume window apart', () => {
		const next = random(7);
		let compared = 0;
		for (let run = 0; run < 2000; run++) {
			let t = 0;
			const lastOf = new Map<number, number>();
			const sequence = Array.from({length: 1 + Math.floor(next() * 7)}, () => {
				t += [0.2, 0.4, 1, 3, 60][Math.floor(next() * 5)]!;
				let kind = Math.floor(next() * EVENTS.length);
				// The same event again this soon is a second install's copy, which the log's readers drop (repeats.ts).
				while ((t - (lastOf.get(kind) ?? -Infinity)) * 1000 <= REPEAT_WINDOW_MS) {
					kind = (kind + 1) % EVENTS.length;
				}
				lastOf.set(kind, t);
				return {event: EVENTS[kind]!(), at: T(t)};
			});
			const {record, lines} = hookRun(sequence);
			if (record === undefined) {
				continue;
			}
			const [history] = foldEvents(lines, {now: ms(t)});
			const expected = {
				status: record.status,
				interrupted: record.interrupted === true,
				stoppedAt: record.stoppedAt,
				stopReason: record.stopReason,
				resumeCount: record.resumeCount ?? 0,
				resumedAt: record.resumedAt,
				startUnknown: record.startUnknown === true,
				startedAt: record.startUnknown ? undefined : record.startedAt,
			};
			const fromStatus = {
				completed: 'stopped',
				failed: 'stopped',
				interrupted: 'stopped',
				'user-stopped': 'stopped',
				resumed: 'active',
				active: 'active',
				stale: 'active',
				idle: 'idle',
			} as const;
			const got = {
				status: fromStatus[history!.status],
				interrupted: history!.status === 'interrupted',
				stoppedAt: history!.stoppedAt,
				stopReason: history!.stopReason,
				resumeCount: history!.resumeCount,
				resumedAt: history!.resumedAt,
				startUnknown: history!.startUnknown === true,
				startedAt: history!.startUnknown ? undefined : history!.startedAt,
			};
			expect(got, JSON.stringify(sequence.map(s => [s.event.event, s.event.call?.status, s.at.slice(14)]))).toEqual(expected);
			compared++;
		}
		expect(compared).toBeGreaterThan(1000);
	});
});
