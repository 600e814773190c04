// The hook's lifecycle rules on the agent file and the log line it writes, as pure
// functions: resumes, interruptions, the Agent call's facts, and which payload facts go in `data`.
import {describe, expect, it} from 'vitest';
import type {AgentRecord} from '../../../src/core/record/agent-record.js';
import {agentCallOf} from '../../../src/core/hook/agent-call.js';
import {applyHookEvent, interruptOnSessionEnd} from '../../../src/core/hook/apply-event.js';
import {parseHookPayload} from '../../../src/core/hook/hook-payload.js';
import {type HookEvent} from '../../../src/core/hook/hook-event.js';
import {RESUME_AFTER_STOP_MS} from '../../../src/core/record/limits.js';
import {hookEventLine, lineState} from '../../../src/core/hook/hook-line.js';

const SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';
const T0 = '2026-11-22T10:00:00.000Z';
const T1 = '2026-11-22T10:01:00.000Z';
const T2 = '2026-11-22T10:02:00.000Z';
const at = (ms: number) => new Date(Date.parse(T1) + ms).toISOString();

function event(fields: Record<string, unknown>): HookEvent {
	const parsed = parseHookPayload({session_id: SESSION, transcript_path: `/p/${SESSION}.jsonl`, cwd: '/home/dev/acme', ...fields});
	if (!parsed.ok) {
		throw new Error(parsed.error);
	}
	return parsed.value;
}

function apply(e: HookEvent, existing: AgentRecord | undefined, now: string, agentId = 'a1'): AgentRecord {
	const r = applyHookEvent(e, agentId, existing, now);
	if (!r.ok) {
		throw new Error(r.error);
	}
	return r.value;
}

const start = event({hook_event_name: 'SubagentStart', agent_id: 'a1', agent_type: 'Explore'});
const stop = event({hook_event_name: 'SubagentStop', agent_id: 'a1', agent_type: 'Explore', last_assistant_message: 'Done.'});
const idle = event({hook_event_name: 'TeammateIdle', teammate_name: 'a1', team_name: 'session-3f2c9a10'});
const call = (response: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
	event({
		hook_event_name: 'PostToolUse',
		tool_name: 'Agent',
		tool_input: {description: 'Find routes', prompt: 'List routes', subagent_type: 'Explore', model: 'haiku'},
		tool_response: {agentId: 'a1', ...response},
		tool_use_id: 'toolu_1',
		...extra,
	});

describe('the agent file through a lifecycle', () => {
	it('a stop says why; a start after it, however soon, is a counted resume; startedAt never changes', () => {
		const running = apply(start, undefined, T0);
		const stopped = apply(stop, running, T1);
		expect(stopped).toMatchObject({status: 'stopped', stopReason: 'subagent-stop', stoppedAt: T1});
		const late = apply(start, stopped, at(0));
		expect(late).toMatchObject({status: 'stopped', stoppedAt: T1});
		expect(late.resumeCount).toBeUndefined();
		const resumed = apply(start, stopped, at(350));
		expect(resumed).toMatchObject({status: 'active', startedAt: T0, resumedAt: at(350), resumeCount: 1});
		expect(resumed.stopReason).toBeUndefined();
		expect(resumed.stoppedAt).toBeUndefined();
		const twice = apply(start, apply(stop, resumed, T2), '2026-11-22T10:03:00.000Z');
		expect(twice).toMatchObject({resumeCount: 2, startedAt: T0});
	});

	it('a repeated stop keeps the first stop and its reason; an idle is not a resume unless it follows a stop', () => {
		const stopped = apply(stop, apply(start, undefined, T0), T1);
		expect(apply(stop, stopped, T2)).toMatchObject({stoppedAt: T1, stopReason: 'subagent-stop'});
		const teammate = apply(idle, apply(start, undefined, T0), T1);
		expect(teammate.status).toBe('idle');
		expect(teammate.resumeCount).toBeUndefined();
		expect(apply(idle, stopped, at(RESUME_AFTER_STOP_MS))).toMatchObject({status: 'stopped'});
		expect(apply(idle, stopped, T2)).toMatchObject({status: 'idle', resumeCount: 1, resumedAt: T2});
	});

	it('SessionEnd interrupts an active or idle agent (status stopped), and leaves a stopped one', () => {
		const running = apply(start, undefined, T0);
		expect(interruptOnSessionEnd(running, 'prompt_input_exit', T1)).toMatchObject({
			status: 'stopped',
			interrupted: true,
			stopReason: 'session-end:prompt_input_exit',
			stoppedAt: T1,
			updatedAt: T1,
		});
		expect(interruptOnSessionEnd(apply(idle, running, T1), undefined, T2)).toMatchObject({interrupted: true, stopReason: 'session-end:unknown'});
		expect(interruptOnSessionEnd(apply(stop, running, T1), 'other', T2)).toBeUndefined();
		// Never dated before its start (a start that began a moment later).
		expect(interruptOnSessionEnd(running, 'other', '2026-11-22T09:59:59.000Z')?.stoppedAt).toBe(T0);
		const resumed = apply(start, interruptOnSessionEnd(running, 'other', T1), T2);
		expect(resumed).toMatchObject({status: 'active', resumeCount: 1});
		expect(resumed.interrupted).toBeUndefined();
	});

	it("the Agent call's facts go on the agent; its first parent stays; an interrupted call marks it interrupted, keeping the stop time", () => {
		const stopped = apply(stop, apply(start, undefined, T0), T1);
		const done = apply(
			call({status: 'completed', resolvedModel: 'claude-haiku-4-5', totalTokens: 900, totalToolUseCount: 3, totalDurationMs: 60_000}, {agent_id: 'lead'}),
			stopped,
			T2,
		);
		expect(done).toMatchObject({
			status: 'stopped',
			stoppedAt: T1,
			description: 'Find routes',
			model: 'claude-haiku-4-5',
			totalTokens: 900,
			totalToolUseCount: 3,
			totalDurationMs: 60_000,
			parentAgentId: 'lead',
		});
		expect(apply(call({status: 'completed'}, {agent_id: 'other'}), done, T2).parentAgentId).toBe('lead');
		const cut = apply(call({status: 'interrupted'}), stopped, T2);
		expect(cut).toMatchObject({status: 'stopped', stoppedAt: T1, interrupted: true, stopReason: 'tool:interrupted'});
		const running = apply(call({status: 'cancelled'}), apply(start, undefined, T0), T1);
		expect(running).toMatchObject({status: 'stopped', stoppedAt: T1, interrupted: true});
	});

	it('an Agent call for an agent never seen: a background launch starts it, a finished one is stopped with its start unknown, anything else is skipped', () => {
		expect(apply(call({status: 'async_launched'}), undefined, T0)).toMatchObject({status: 'active', startedAt: T0, type: 'Explore', model: 'haiku'});
		expect(apply(call({status: 'completed'}), undefined, T1)).toMatchObject({status: 'stopped', startUnknown: true, stopReason: 'tool:completed'});
		expect(applyHookEvent(call({}), 'a1', undefined, T0).ok).toBe(false);
		const background = apply(call({status: 'async_launched'}), undefined, T0);
		expect(apply(start, background, at(5))).toMatchObject({status: 'active', startedAt: T0});
		expect(apply(start, background, at(5)).resumeCount).toBeUndefined();
	});
});

describe('reading the new payloads', () => {
	it('PostToolUse: only Agent/Task calls with a safe launched id; the caller is the parent', () => {
		const parsed = call({status: 'completed'}, {agent_id: 'lead'});
		expect(parsed).toMatchObject({event: 'PostToolUse', agentId: 'a1', agentType: 'Explore', parentAgentId: 'lead'});
		const other = (fields: Record<string, unknown>) =>
			parseHookPayload({session_id: SESSION, hook_event_name: 'PostToolUse', tool_input: {}, tool_response: {agentId: 'a1'}, ...fields}).ok;
		expect(other({tool_name: 'Task'})).toBe(true);
		expect(other({tool_name: 'Bash'})).toBe(false);
		expect(other({tool_name: 'Agent', tool_response: {agentId: '../x'}})).toBe(false);
		expect(other({tool_name: 'Agent', tool_response: 'text'})).toBe(false);
		expect(call({status: 'completed'}, {agent_id: 'a1'}).parentAgentId).toBeUndefined();
	});

	it("agentCallOf takes the result's usage: tokens in, out and the cached parts", () => {
		const usage = {input_tokens: 12, output_tokens: 340, cache_read_input_tokens: 5000, cache_creation_input_tokens: 'x'};
		expect(agentCallOf({tool_input: {}, tool_response: {status: 'completed', usage}})).toEqual({
			status: 'completed',
			inputTokens: 12,
			outputTokens: 340,
			cacheReadTokens: 5000,
		});
		expect(agentCallOf({tool_input: {}, tool_response: {status: 'completed', usage: 'none'}})).toEqual({status: 'completed'});
	});

	it('agentCallOf keeps known facts of the right type only, resolvedModel over the asked model', () => {
		expect(
			agentCallOf({
				tool_use_id: 'toolu_1',
				tool_input: {description: 'D', prompt: 'P', subagent_type: 'Plan', model: 'opus', run_in_background: true},
				tool_response: {status: 'async_launched', resolvedModel: 'claude-opus-5', totalTokens: -1, totalToolUseCount: '3', totalDurationMs: 5},
			}),
		).toEqual({
			toolUseId: 'toolu_1',
			description: 'D',
			prompt: 'P',
			subagentType: 'Plan',
			model: 'claude-opus-5',
			runInBackground: true,
			status: 'async_launched',
			totalDurationMs: 5,
		});
		expect(agentCallOf({tool_response: {description: 'from the launch', prompt: 'p'}})).toEqual({description: 'from the launch', prompt: 'p'});
	});

	it('SessionStart and SessionEnd: no agent, with source, model and reason', () => {
		expect(event({hook_event_name: 'SessionStart', source: 'resume', model: 'claude-sonnet-5'})).toMatchObject({
			event: 'SessionStart',
			source: 'resume',
			model: 'claude-sonnet-5',
		});
		const end = event({hook_event_name: 'SessionEnd', reason: 'clear', agent_id: 'ignored'});
		expect(end).toMatchObject({event: 'SessionEnd', reason: 'clear'});
		expect(end.agentId).toBeUndefined();
		expect(applyHookEvent(end, 'a1', undefined, T0).ok).toBe(false);
	});
});

describe('hookEventLine', () => {
	it('a stop: the state after it and the message; an interrupted agent says interrupted', () => {
		const record = apply(stop, apply(start, undefined, T0), T1);
		expect(hookEventLine({event: stop, at: T1, record, git: {head: 'a'.repeat(40), branch: 'main'}})).toEqual({
			v: 1,
			at: T1,
			event: 'SubagentStop',
			sessionId: SESSION,
			agentId: 'a1',
			type: 'Explore',
			state: 'stopped',
			data: {lastMessage: 'Done.'},
			cwd: '/home/dev/acme',
			git: {head: 'a'.repeat(40), branch: 'main'},
		});
		const interrupted = interruptOnSessionEnd(apply(start, undefined, T0), 'other', T1);
		expect(interrupted && lineState(interrupted)).toBe('interrupted');
	});

	it('session events: no agent; SessionEnd lists whom it interrupted; a start names its transcript', () => {
		const end = event({hook_event_name: 'SessionEnd', reason: 'logout'});
		expect(hookEventLine({event: end, at: T2, interrupted: ['a1', 'a2']})).toMatchObject({
			event: 'SessionEnd',
			data: {reason: 'logout', interrupted: ['a1', 'a2']},
		});
		expect(hookEventLine({event: end, at: T2}).agentId).toBeUndefined();
		expect(hookEventLine({event: start, at: T0, record: apply(start, undefined, T0)}).data).toEqual({
			agentTranscriptPath: `/p/${SESSION}/subagents/agent-a1.jsonl`,
		});
		const teammate = hookEventLine({event: idle, at: T1, record: apply(idle, undefined, T1)});
		expect(teammate.data).toEqual({teammateName: 'a1', teamName: 'session-3f2c9a10'});
	});

	it('an Agent call: its facts and the parent in data', () => {
		const e = call({status: 'completed', totalTokens: 5}, {agent_id: 'lead'});
		const line = hookEventLine({event: e, at: T1, record: apply(e, apply(start, undefined, T0), T1)});
		expect(line.data).toEqual({
			toolUseId: 'toolu_1',
			description: 'Find routes',
			prompt: 'List routes',
			subagentType: 'Explore',
			model: 'haiku',
			status: 'completed',
			totalTokens: 5,
			parentAgentId: 'lead',
		});
	});
});

describe('waiting for the user', () => {
	const ask = (extra: Record<string, unknown>) =>
		event({
			hook_event_name: 'PermissionRequest',
			agent_id: 'a1',
			agent_type: 'Explore',
			tool_name: 'Bash',
			tool_input: {command: 'npm publish', description: 'Publish'},
			...extra,
		});

	it('a PermissionRequest inside an agent marks it waiting for that tool, since the event; its next event clears it', () => {
		const running = apply(start, undefined, T0);
		const waiting = apply(ask({}), running, T1);
		expect(waiting).toMatchObject({status: 'active', waitingSince: T1, updatedAt: T1});
		expect(waiting.waitingFor).toMatch(/^Bash: /u);
		expect(waiting.waitingFor).toContain('npm publish');
		const again = apply(start, waiting, T2);
		expect(again.waitingFor).toBeUndefined();
		expect(again.waitingSince).toBeUndefined();
		expect(apply(stop, waiting, T2).waitingSince).toBeUndefined();
	});

	it('a request after the stop changes nothing; a request from an agent never seen makes no file; without agent_id it is the main session', () => {
		const stopped = apply(stop, apply(start, undefined, T0), T1);
		const after = apply(ask({}), stopped, T2);
		expect(after).toMatchObject({status: 'stopped', updatedAt: T1});
		expect(after.waitingSince).toBeUndefined();
		expect(applyHookEvent(ask({}), 'a1', undefined, T0).ok).toBe(false);
		const main = event({hook_event_name: 'PermissionRequest', tool_name: 'Write', tool_input: {file_path: '/home/dev/acme/a.ts'}});
		expect(main.agentId).toBeUndefined();
		expect(main.waitingFor).toBe('Write: a.ts');
	});

	it('two requests in a row: the latest says what it waits for, since when', () => {
		const first = apply(ask({}), apply(start, undefined, T0), T1);
		const second = apply(ask({tool_name: 'Edit', tool_input: {file_path: '/home/dev/acme/src/app.ts'}}), first, T2);
		expect(second).toMatchObject({waitingFor: 'Edit: src/app.ts', waitingSince: T2});
	});

	it('a Notification asking for input marks waiting with its message; idle_prompt does not', () => {
		const running = apply(start, undefined, T0);
		const note = (type: string) =>
			event({hook_event_name: 'Notification', agent_id: 'a1', notification_type: type, message: 'Claude needs your permission to use Bash\nmore'});
		expect(apply(note('permission_prompt'), running, T1)).toMatchObject({waitingFor: 'Claude needs your permission to use Bash', waitingSince: T1});
		expect(apply(note('idle_prompt'), running, T1).waitingSince).toBeUndefined();
		expect(hookEventLine({event: note('idle_prompt'), at: T1}).data).toMatchObject({notificationType: 'idle_prompt'});
	});
});
