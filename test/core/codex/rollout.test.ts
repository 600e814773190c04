// A Codex child's rollout folded into agentlog's agent: shapes after docs/codex-rollouts.md#rollout-files (the real
// fixtures in test/fixtures/codex are read by test/store/codex).
import {describe, expect, it} from 'vitest';
import {codexCountFacts, codexFacts, codexRecord, mergeCodexRecords, providerOf} from '../../../src/core/codex/codex-agent.js';
import {EMPTY_THREAD, foldRollout, outputText, patchFiles} from '../../../src/core/codex/rollout.js';
import {tokenTotals} from '../../../src/core/transcript/summary.js';
import type {AgentRecord} from '../../../src/core/record/agent-record.js';

const ROOT = '019a8b2c-0000-7000-8000-000000000001';
const CHILD = '019a8b2c-0000-7000-8000-000000000002';
const GRANDCHILD = '019a8b2c-0000-7000-8000-000000000003';
const T = (s: number) => new Date(Date.parse('2026-11-20T10:00:00.000Z') + s * 1000).toISOString();
const line = (s: number, type: string, payload: Record<string, unknown>) => JSON.stringify({timestamp: T(s), type, payload});

function childMeta(id: string, parent: string, depth: number, extra: Record<string, unknown> = {}): string {
	return line(0, 'session_meta', {
		id,
		session_id: ROOT,
		timestamp: T(0),
		cwd: '/home/dev/shop',
		originator: 'codex_exec',
		cli_version: '0.169.0',
		source: {subagent: {thread_spawn: {parent_thread_id: parent, depth, agent_nickname: 'Erdos', agent_role: 'explorer'}}},
		thread_source: 'subagent',
		parent_thread_id: parent,
		agent_nickname: 'Erdos',
		agent_role: 'explorer',
		base_instructions: {text: 'x'.repeat(40_000)},
		...extra,
	});
}

const v1Child = [
	childMeta(CHILD, ROOT, 1),
	line(0.1, 'turn_context', {turn_id: 't1', model: 'gpt-5.5-codex', cwd: '/home/dev/shop'}),
	line(0.2, 'event_msg', {type: 'task_started', turn_id: 't1', started_at: Date.parse(T(0.2)) / 1000}),
	line(0.3, 'response_item', {
		type: 'message',
		role: 'user',
		content: [{type: 'input_text', text: '<environment_context>\n<cwd>/home/dev/shop</cwd>\n</environment_context>'}],
	}),
	line(0.4, 'response_item', {type: 'message', role: 'user', content: [{type: 'input_text', text: 'Find the API routes\nand list them.'}]}),
	line(1, 'response_item', {
		type: 'function_call',
		name: 'shell',
		namespace: 'functions',
		arguments: JSON.stringify({command: ['rg', 'router']}),
		call_id: 'c1',
	}),
	line(2, 'response_item', {type: 'function_call_output', call_id: 'c1', output: 'src/app.ts:3 router.get'}),
	line(2.5, 'event_msg', {
		type: 'token_count',
		info: {total_token_usage: {input_tokens: 900, cached_input_tokens: 100, output_tokens: 80, reasoning_output_tokens: 10, total_tokens: 980}},
	}),
	line(3, 'response_item', {type: 'message', role: 'assistant', content: [{type: 'output_text', text: 'Found 4 routes.'}]}),
	line(3.1, 'event_msg', {
		type: 'task_complete',
		turn_id: 't1',
		last_agent_message: 'Found 4 routes:\n- GET /a',
		completed_at: Date.parse(T(3.1)) / 1000,
		duration_ms: 2900,
	}),
];

describe('foldRollout → codexRecord', () => {
	it('a v1 child: its role as type, nickname, task as description, report, tokens, tool calls, no parent at depth 1', () => {
		const thread = foldRollout(EMPTY_THREAD, v1Child);
		const record = codexRecord(thread, '/c/rollout.jsonl');
		expect(record).toEqual({
			agentId: CHILD,
			type: 'explorer',
			status: 'stopped',
			startedAt: T(0.2),
			updatedAt: T(3.1),
			stoppedAt: T(3.1),
			lastMessage: 'Found 4 routes:\n- GET /a',
			sessionId: ROOT,
			cwd: '/home/dev/shop',
			transcriptPath: '/c/rollout.jsonl',
			teammateName: 'Erdos',
			stopReason: 'task-complete',
			description: 'Find the API routes\nand list them.',
			model: 'gpt-5.5-codex',
			totalTokens: 980,
			totalToolUseCount: 1,
			provider: 'codex',
		});
		const facts = codexFacts(thread);
		expect(facts.summary.toolCalls).toEqual([{id: 'c1', name: 'shell', summary: 'shell rg router', at: Date.parse(T(1)), result: 'src/app.ts:3 router.get'}]);
		expect(facts).toMatchObject({finalReport: 'Found 4 routes:\n- GET /a', endedTurn: true, prompt: 'Find the API routes\nand list them.'});
		expect(providerOf(record!)).toBe('codex');
		expect(providerOf({})).toBe('claude');
	});

	it("gives its tokens as Claude's are counted: input without the cached part, cache read, output", () => {
		const facts = codexFacts(foldRollout(EMPTY_THREAD, v1Child));
		expect(tokenTotals(facts.summary)).toEqual({input: 800, output: 80, cacheWrite: 0, cacheRead: 100});
	});

	it('keeps its turns as lifecycle steps: spawned, completed, resumed with a second task, interrupted', () => {
		const again = foldRollout(foldRollout(EMPTY_THREAD, v1Child), [
			line(10, 'event_msg', {type: 'task_started', turn_id: 't2', started_at: Date.parse(T(10)) / 1000}),
			line(12, 'event_msg', {type: 'turn_aborted', turn_id: 't2', reason: 'interrupted'}),
		]);
		expect(again.steps).toEqual([
			{kind: 'spawned', at: T(0.2)},
			{kind: 'completed', at: T(3.1), reason: 'task-complete'},
			{kind: 'resumed', at: T(10)},
			{kind: 'interrupted', at: T(12), reason: 'turn-aborted:interrupted'},
		]);
		expect(codexFacts(again).lifecycle).toEqual(again.steps);
	});

	it('reads the same, line by line: a growing file is folded once', () => {
		let thread = EMPTY_THREAD;
		for (const l of v1Child) {
			thread = foldRollout(thread, [l]);
		}
		expect(codexRecord(thread, 'p')).toEqual(codexRecord(foldRollout(EMPTY_THREAD, v1Child), 'p'));
	});

	it('counts tools named like object members as any other name, and skips a time no Date can hold', () => {
		const names = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'shell'];
		const thread = foldRollout(EMPTY_THREAD, [
			...v1Child.slice(0, 5),
			...names.map((name, i) => line(1 + i / 10, 'response_item', {type: 'function_call', name, arguments: '{}', call_id: `k${i}`})),
			line(2, 'event_msg', {type: 'task_started', turn_id: 't9', started_at: 1e300}),
		]);
		expect({...thread.toolCounts}).toEqual(Object.fromEntries(names.map(n => [n, 1])));
		expect(codexRecord(thread, 'p')!.totalToolUseCount).toBe(5);
		expect(thread.badLines).toBe(0);
		expect(thread.phase).toBe('active');
	});

	it('without its calls (a listing): the same record, tool counts kept, no call parsed or kept', () => {
		const counted = foldRollout(EMPTY_THREAD, v1Child, {calls: false});
		expect(counted.toolCalls).toEqual([]);
		expect(counted.toolCounts).toEqual({shell: 1});
		expect(codexRecord(counted, 'p')).toEqual(codexRecord(foldRollout(EMPTY_THREAD, v1Child), 'p'));
		const running = foldRollout(EMPTY_THREAD, v1Child.slice(0, 6), {calls: false});
		expect(running.activity).toBe('shell');
		// Work of its own (a call, no report yet) whether or not the calls were kept: the counts and the screen agree.
		expect(codexCountFacts(running).hasWork).toBe(true);
		expect(codexFacts(foldRollout(EMPTY_THREAD, v1Child.slice(0, 6))).hasWork).toBe(true);
	});

	it('active while its turn runs (the current call as activity); a second task resumes it; an abort interrupts it', () => {
		const running = foldRollout(EMPTY_THREAD, v1Child.slice(0, 6));
		expect(codexRecord(running, 'p')?.status).toBe('active');
		expect(codexFacts(running).summary.activity).toBe('shell rg router');
		const again = foldRollout(foldRollout(EMPTY_THREAD, v1Child), [
			line(10, 'event_msg', {type: 'task_started', turn_id: 't2', started_at: Date.parse(T(10)) / 1000}),
		]);
		expect(codexRecord(again, 'p')).toMatchObject({status: 'active', resumeCount: 1, resumedAt: T(10), lastMessage: 'Found 4 routes:\n- GET /a'});
		expect(codexRecord(again, 'p')?.stoppedAt).toBeUndefined();
		const aborted = foldRollout(again, [line(12, 'event_msg', {type: 'turn_aborted', turn_id: 't2', reason: 'interrupted'})]);
		expect(codexRecord(aborted, 'p')).toMatchObject({status: 'stopped', stoppedAt: T(12), interrupted: true, stopReason: 'turn-aborted:interrupted'});
	});

	it('a v2 child (task path, role default) and a nested one (its parent thread)', () => {
		const v2 = foldRollout(EMPTY_THREAD, [
			line(0, 'session_meta', {
				id: CHILD,
				session_id: ROOT,
				source: {subagent: {thread_spawn: {parent_thread_id: ROOT, depth: 1, agent_path: '/root/worker_one', agent_nickname: 'Hooke', agent_role: 'default'}}},
				agent_path: '/root/worker_one',
				agent_nickname: 'Hooke',
				agent_role: 'default',
			}),
		]);
		expect(codexRecord(v2, 'p')).toMatchObject({type: 'worker_one', description: '/root/worker_one', teammateName: 'Hooke', status: 'active'});
		const nested = foldRollout(EMPTY_THREAD, [childMeta(GRANDCHILD, CHILD, 2)]);
		expect(codexRecord(nested, 'p')?.parentAgentId).toBe(CHILD);
	});

	it('a root thread is the session, not an agent; bad lines are counted and skipped; hostile text is made safe', () => {
		const root = foldRollout(EMPTY_THREAD, [line(0, 'session_meta', {id: ROOT, session_id: ROOT, source: 'exec', thread_source: 'user'})]);
		expect(root.meta).toMatchObject({threadId: ROOT, isChild: false});
		expect(codexRecord(root, 'p')).toBeUndefined();
		const messy = foldRollout(EMPTY_THREAD, [
			childMeta(CHILD, ROOT, 1, {agent_nickname: 'Ev\u001b]52;c;eA==\u0007il'}),
			'not json',
			'[1,2]',
			line(1, 'event_msg', {type: 'something_new'}),
			JSON.stringify({timestamp: T(2), type: 'event_msg'}),
			line(3, 'event_msg', {type: 'task_complete', last_agent_message: 'done \u001b[2J\u202e'}),
		]);
		expect(messy.badLines).toBe(2);
		const record = codexRecord(messy, 'p')!;
		expect(record.teammateName).toBe('Ev␛]52;c;eA==␇il');
		expect(record.lastMessage).toBe('done ␛[2J');
		// A thread id that could not be a path part is no agent.
		expect(foldRollout(EMPTY_THREAD, [line(0, 'session_meta', {id: '../etc', session_id: ROOT})]).meta).toBeUndefined();
	});
});

describe('mergeCodexRecords', () => {
	const rollout = codexRecord(foldRollout(EMPTY_THREAD, v1Child), '/c/rollout.jsonl')!;
	const hook: AgentRecord = {
		agentId: CHILD,
		type: 'explorer',
		status: 'stopped',
		startedAt: T(0.1),
		updatedAt: T(3.05),
		stoppedAt: T(3.05),
		sessionId: ROOT,
		provider: 'codex',
	};

	it("keeps the hook's start and stop, takes the rollout's report, tokens and activity path", () => {
		expect(mergeCodexRecords(hook, rollout)).toMatchObject({
			startedAt: T(0.1),
			stoppedAt: T(3.05),
			lastMessage: 'Found 4 routes:\n- GET /a',
			totalTokens: 980,
			transcriptPath: '/c/rollout.jsonl',
			teammateName: 'Erdos',
			updatedAt: T(3.1),
			provider: 'codex',
		});
	});

	it('an abort the hook never heard of (no SubagentStop for an interrupted child) stops it', () => {
		const aborted = codexRecord(foldRollout(EMPTY_THREAD, [...v1Child.slice(0, 6), line(5, 'event_msg', {type: 'turn_aborted', reason: 'interrupted'})]), 'p')!;
		const merged = mergeCodexRecords({...hook, status: 'active', stoppedAt: undefined}, aborted);
		expect(merged).toMatchObject({status: 'stopped', stoppedAt: T(5), interrupted: true, startedAt: T(0.1)});
	});
});

describe('outputText', () => {
	it("unwraps exec_command's header and code mode's script result to what the tool printed, keeping a failing exit", () => {
		const exec = (code: number, out: string) =>
			`Chunk ID: 8e8e34\nWall time: 1.9015 seconds\nProcess exited with code ${code}\nOriginal token count: 3\nOutput:\n${out}`;
		expect(outputText(exec(0, '.\n..\nREADME\n'))).toBe('.\n..\nREADME\n');
		expect(outputText(exec(2, 'npm ERR! test failed'))).toBe('exit 2: npm ERR! test failed');
		const script = (code: number) => [
			{type: 'input_text', text: 'Script completed\nWall time 0.2 seconds\nOutput:\n'},
			{type: 'input_text', text: JSON.stringify({chunk_id: '2b2d59', wall_time_seconds: 0.1, exit_code: code, original_token_count: 3, output: 'README\n'})},
		];
		expect(outputText(script(0))).toBe('README\n');
		expect(outputText(script(1))).toBe('exit 1: README\n');
		expect(outputText('{"agent_id":"x"}')).toBe('{"agent_id":"x"}');
		expect(outputText({content: 'plain'})).toBe('plain');
		expect(outputText(42)).toBe('');
	});
});

describe('apply_patch', () => {
	const patch = [
		'*** Begin Patch',
		'*** Update File: /home/dev/shop/src/checkout/cart.ts',
		'@@',
		'-a',
		'+b',
		'*** Add File: src/new.ts',
		'+x',
		'*** Update File: src/old.ts',
		'*** Move to: src/moved.ts',
		'*** End Patch',
	].join('\n');

	it('names the files a patch touches, once each', () => {
		expect(patchFiles(patch)).toEqual(['/home/dev/shop/src/checkout/cart.ts', 'src/new.ts', 'src/old.ts', 'src/moved.ts']);
		expect(patchFiles('no patch here')).toEqual([]);
	});

	it('lists them as its files (short paths) and in the call, as a custom tool or a function', () => {
		const custom = foldRollout(EMPTY_THREAD, [
			...v1Child.slice(0, 5),
			line(1, 'response_item', {type: 'custom_tool_call', name: 'apply_patch', input: patch, call_id: 'p1'}),
		]);
		expect(custom.files).toEqual(['src/checkout/cart.ts', 'src/new.ts', 'src/old.ts', 'src/moved.ts']);
		expect(custom.toolCalls.at(-1)!.summary).toBe('apply_patch src/checkout/cart.ts (+3 more)');
		expect(codexFacts(custom).summary.files).toEqual(custom.files);
		const fn = foldRollout(EMPTY_THREAD, [
			...v1Child.slice(0, 5),
			line(1, 'response_item', {type: 'function_call', name: 'apply_patch', arguments: JSON.stringify({input: patch}), call_id: 'p2'}),
		]);
		expect(fn.files).toEqual(custom.files);
	});
});
