// The hook's use case run in-process (no spawned hook): real payloads of the fixtures, a pending
// stop, a hostile payload. test/e2e/hook/ runs the same through the installed launcher and bundle.
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {runHook} from '../../../src/app/hook/record-event.js';
import type {HookInput} from '../../../src/app/hook/hook-context.js';
import {parseAgentRecord, type AgentRecord} from '../../../src/core/record/agent-record.js';
import {newStopRequest, withRequest} from '../../../src/core/stop/stop-request.js';
import {writeStopFile} from '../../../src/store/stop/stop-files.js';
import {placeClaudeFixture} from '../../helpers/claude-fixture-copy.js';
import {tempDir} from '../../helpers/tmp.js';

const T0 = Date.parse('2026-12-01T10:00:00.000Z');
const fixtures = path.resolve(import.meta.dirname, '..', '..', 'fixtures');

interface Hook {
	readonly dir: string;
	readonly logged: string[];
	/** Runs one payload at `T0 + step` seconds; what goes to stdout. */
	run(payload: string, options?: {step?: number; control?: boolean; notify?: boolean; total?: number}): string | undefined;
	record(sessionId: string, agentId: string): AgentRecord;
	lines(sessionId: string): Array<{event: string; agentId?: string; state?: string; data?: Record<string, unknown>}>;
}

function hook(): Hook {
	const dir = tempDir('activity-');
	const logged: string[] = [];
	let step = 0;
	return {
		dir,
		logged,
		run(payload, options = {}) {
			step = options.step ?? step + 1;
			const input: HookInput = {
				dir,
				stdin: {text: payload, total: options.total ?? Buffer.byteLength(payload), timedOut: false},
				startedMs: T0 + step * 1000,
				clock: () => T0 + step * 1000,
				notify: {on: options.notify === true, intervalMs: 0},
				control: options.control === true,
				ppid: process.pid,
				loadPrune: () => undefined,
				log: message => logged.push(message),
			};
			return runHook(input);
		},
		record(sessionId, agentId) {
			const parsed = parseAgentRecord(JSON.parse(readFileSync(path.join(dir, sessionId, `${agentId}.json`), 'utf8')));
			if (!parsed.ok) {
				throw new Error(parsed.error);
			}
			return parsed.value;
		},
		lines(sessionId) {
			return readFileSync(path.join(dir, sessionId, 'events.jsonl'), 'utf8')
				.split('\n')
				.filter(Boolean)
				.map(l => JSON.parse(l) as {event: string});
		},
	};
}

const payloadsOf = (provider: string, scenario: string) =>
	readFileSync(path.join(fixtures, provider, scenario, 'hook-payloads.jsonl'), 'utf8')
		.split('\n')
		.filter(Boolean);
const eventOf = (payload: string) => (JSON.parse(payload) as {hook_event_name: string}).hook_event_name;

describe('runHook', () => {
	it('records a foreground agent from SubagentStart to SubagentStop, its session start first in the log', () => {
		const fx = placeClaudeFixture('foreground');
		const h = hook();
		for (const payload of fx.payloads) {
			expect(h.run(payload)).toBeUndefined();
		}
		const [agent] = fx.agents;
		const record = h.record(fx.sessionId, agent!.agentId);
		expect(record).toMatchObject({status: 'stopped', stopReason: 'subagent-stop', type: agent!.type, provider: 'claude'});
		expect(record.startedAt).toBe(new Date(T0 + 1000 * (1 + fx.payloads.findIndex(p => eventOf(p) === 'SubagentStart'))).toISOString());
		const events = h.lines(fx.sessionId).map(l => l.event);
		expect(events[0]).toBe('SessionStart');
		expect(events).toContain('SubagentStart');
		expect(events).toContain('SubagentStop');
		expect(events.at(-1)).toBe('SessionEnd');
		expect(readFileSync(path.join(h.dir, '.newest-session'), 'utf8').trim()).toBe(fx.sessionId);
	});

	it("records a workflow agent's StopFailure as failed, with the error it died on", () => {
		const fx = placeClaudeFixture('workflow');
		const h = hook();
		for (const payload of fx.payloads) {
			h.run(payload);
		}
		const failure = JSON.parse(fx.payloads.find(p => eventOf(p) === 'StopFailure')!) as {agent_id: string; error: string};
		const record = h.record(fx.sessionId, failure.agent_id);
		expect(record.status).toBe('stopped');
		expect(record.stopReason).toMatch(/^stop-failure:/u);
		expect(h.lines(fx.sessionId).some(l => l.event === 'StopFailure' && l.agentId === failure.agent_id)).toBe(true);
	});

	it("interrupts the session's running agents on SessionEnd, and runs no daily prune then", () => {
		const fx = placeClaudeFixture('background');
		const h = hook();
		const start = fx.payloads.find(p => eventOf(p) === 'SubagentStart')!;
		const end = fx.payloads.find(p => eventOf(p) === 'SessionEnd')!;
		const agentId = (JSON.parse(start) as {agent_id: string}).agent_id;
		h.run(start);
		expect(h.record(fx.sessionId, agentId).status).toBe('active');
		h.run(end);
		const record = h.record(fx.sessionId, agentId);
		expect(record).toMatchObject({status: 'stopped', interrupted: true});
		expect(record.stopReason).toMatch(/^session-end:/u);
		const last = h.lines(fx.sessionId).at(-1)!;
		expect(last.event).toBe('SessionEnd');
		expect(last.data?.interrupted).toEqual([agentId]);
	});

	it('answers a PreToolUse of an agent the user stopped (--control), records the stop once', () => {
		const fx = placeClaudeFixture('foreground');
		const h = hook();
		const start = fx.payloads.find(p => eventOf(p) === 'SubagentStart')!;
		const {agent_id: agentId, session_id: sessionId} = JSON.parse(start) as {agent_id: string; session_id: string};
		h.run(start);
		const request = newStopRequest('r1', [agentId], [], T0);
		expect(writeStopFile(h.dir, withRequest(undefined, sessionId, request, T0)).ok).toBe(true);
		const pre = JSON.stringify({
			...(JSON.parse(start) as object),
			hook_event_name: 'PreToolUse',
			tool_name: 'Bash',
			tool_input: {command: 'ls'},
			tool_use_id: 'toolu_1',
		});
		// Without --control, a PreToolUse is nothing of the hook's.
		expect(h.run(pre)).toBeUndefined();
		expect(h.record(sessionId, agentId).status).toBe('active');
		const answer = h.run(pre, {control: true});
		expect(JSON.parse(answer!)).toMatchObject({hookSpecificOutput: {hookEventName: 'PreToolUse', permissionDecision: 'deny'}});
		expect(h.record(sessionId, agentId)).toMatchObject({status: 'stopped'});
		h.run(pre, {control: true});
		expect(h.lines(sessionId).filter(l => l.event === 'UserStop')).toHaveLength(1);
	});

	it('records Codex payloads as Codex agents', () => {
		const h = hook();
		const payloads = payloadsOf('codex', 'v2');
		for (const payload of payloads) {
			h.run(payload);
		}
		const sessionId = (JSON.parse(payloads[0]!) as {session_id: string}).session_id;
		const files = readdirSync(path.join(h.dir, sessionId)).filter(n => n.endsWith('.json') && !n.startsWith('.'));
		expect(files.length).toBeGreaterThan(0);
		for (const name of files) {
			expect(h.record(sessionId, name.slice(0, -'.json'.length)).provider).toBe('codex');
		}
	});

	it('records Qwen Code payloads as Qwen agents', () => {
		const h = hook();
		const payloads = payloadsOf('qwen', 'subagents');
		for (const payload of payloads) {
			h.run(payload);
		}
		const sessionId = (JSON.parse(payloads[0]!) as {session_id: string}).session_id;
		const files = readdirSync(path.join(h.dir, sessionId)).filter(n => n.endsWith('.json') && !n.startsWith('.'));
		expect(files).toHaveLength(2);
		for (const name of files) {
			expect(h.record(sessionId, name.slice(0, -'.json'.length))).toMatchObject({provider: 'qwen', status: 'stopped'});
		}
	});

	it('skips a hostile payload: no file outside the activity folder, a line in its log, nothing on stdout', () => {
		const h = hook();
		const outside = path.join(path.dirname(h.dir), 'escaped');
		const hostile = [
			'not json',
			'[]',
			JSON.stringify({hook_event_name: 'SubagentStart', session_id: '../escaped', agent_id: 'a1', agent_type: 'x'}),
			JSON.stringify({hook_event_name: 'SubagentStart', session_id: 's1', agent_id: '../../escaped', agent_type: 'x'}),
			JSON.stringify({hook_event_name: 'SubagentStop', session_id: 's1', agent_id: 'a\u001b[2J', agent_type: 'x'}),
			JSON.stringify({hook_event_name: 'rm -rf', session_id: 's1'}),
		];
		for (const payload of hostile) {
			expect(h.run(payload, {control: true, notify: true})).toBeUndefined();
		}
		expect(existsSync(outside)).toBe(false);
		expect(readdirSync(h.dir).filter(n => !n.startsWith('.'))).toEqual([]);
		expect(h.logged.filter(l => l.startsWith('skipped: '))).toHaveLength(hostile.length);
	});

	it('keeps a SubagentStop over the stdin limit, its message cut', () => {
		const h = hook();
		const payload = JSON.stringify({
			hook_event_name: 'SubagentStop',
			session_id: 's1',
			agent_id: 'a1',
			agent_type: 'x',
			last_assistant_message: 'y'.repeat(1000),
		});
		h.run(payload.slice(0, 500), {total: 40 * 1024 * 1024});
		expect(h.record('s1', 'a1')).toMatchObject({status: 'stopped', lastMessageCut: true});
		expect(h.logged.some(l => l.includes('over the 32 MiB limit'))).toBe(true);
	});

	it('claims the daily prune once a day, never on SessionEnd', () => {
		const h = hook();
		let passes = 0;
		const payload = JSON.stringify({hook_event_name: 'SubagentStart', session_id: 's1', agent_id: 'a1', agent_type: 'x'});
		const input = (text: string): HookInput => ({
			dir: h.dir,
			stdin: {text, total: text.length, timedOut: false},
			startedMs: T0,
			clock: () => T0,
			notify: {on: false},
			control: false,
			ppid: process.pid,
			loadPrune: () => ({runDailyPrune: () => (passes += 1)}),
			log: () => {},
		});
		runHook(input(JSON.stringify({hook_event_name: 'SessionEnd', session_id: 's1'})));
		expect(passes).toBe(0);
		runHook(input(payload));
		runHook(input(payload));
		expect(passes).toBe(1);
	});
});
