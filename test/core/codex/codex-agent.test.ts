// A Codex thread as agentlog's agent: its type and parent, its record (with every fallback when
// the rollout says little), its facts and usage, and the merge with the record the hook wrote.
// Threads are built by hand here; test/core/codex/rollout.test.ts folds them from rollout lines.
import {describe, expect, it} from 'vitest';
import {
	codexCountFacts,
	codexFacts,
	codexParent,
	codexRecord,
	codexTally,
	codexType,
	mergeCodexRecords,
	providerOf,
} from '../../../src/core/codex/codex-agent.js';
import {EMPTY_THREAD, type CodexMeta, type CodexThread} from '../../../src/core/codex/rollout.js';
import type {AgentRecord} from '../../../src/core/record/agent-record.js';

const ROOT = 'root-thread';
const CHILD = 'child-thread';
const T0 = Date.parse('2026-11-20T10:00:00.000Z');
const iso = (s: number) => new Date(T0 + s * 1000).toISOString();

const meta = (extra: Partial<CodexMeta> = {}): CodexMeta => ({threadId: CHILD, sessionId: ROOT, isChild: true, parentThreadId: ROOT, depth: 1, ...extra});
const thread = (extra: Partial<CodexThread> = {}): CodexThread => ({...EMPTY_THREAD, meta: meta(), ...extra});

describe('providerOf', () => {
	it('is claude unless the record names a tool agentlog knows', () => {
		expect(providerOf({})).toBe('claude');
		expect(providerOf({provider: 'codex'})).toBe('codex');
		expect(providerOf({provider: 'nonsense' as never})).toBe('claude');
		expect(providerOf({provider: '__proto__' as never})).toBe('claude');
	});
});

describe('codexType', () => {
	it('is the role, else the task path’s last part, else the default role', () => {
		expect(codexType(thread({meta: meta({role: 'explorer', path: '/root/worker'})}))).toBe('explorer');
		expect(codexType(thread({meta: meta({role: 'default', path: '/root/worker_one/'})}))).toBe('worker_one');
		expect(codexType(thread({meta: meta({role: 'default', path: '/'})}))).toBe('default');
		expect(codexType(thread({meta: meta({path: ''})}))).toBe('default');
		expect(codexType({...EMPTY_THREAD})).toBe('default');
	});
});

describe('codexParent', () => {
	it('has none at depth 1 or when the parent is the session, else the parent thread', () => {
		expect(codexParent(thread())).toBeUndefined();
		expect(codexParent(thread({meta: meta({depth: 2, parentThreadId: ROOT})}))).toBeUndefined();
		expect(codexParent(thread({meta: meta({depth: 2, parentThreadId: 'mid'})}))).toBe('mid');
		expect(codexParent(thread({meta: meta({depth: undefined, parentThreadId: 'mid'})}))).toBe('mid');
		expect(codexParent(thread({meta: meta({parentThreadId: undefined, depth: 3})}))).toBeUndefined();
		expect(codexParent({...EMPTY_THREAD})).toBeUndefined();
	});
});

describe('codexRecord', () => {
	it('makes no record of a root thread or of a thread whose first line was not read', () => {
		expect(codexRecord({...EMPTY_THREAD}, '/r.jsonl')).toBeUndefined();
		expect(codexRecord(thread({meta: meta({isChild: false})}), '/r.jsonl')).toBeUndefined();
	});

	it('takes its start from the first task, else the meta, else its last line, else the epoch', () => {
		expect(codexRecord(thread({startedAt: iso(1), lastAt: T0 + 9000, meta: meta({startedAt: iso(0)})}), '/r')!.startedAt).toBe(iso(1));
		expect(codexRecord(thread({lastAt: T0 + 9000, meta: meta({startedAt: iso(0)})}), '/r')!.startedAt).toBe(iso(0));
		const onlyLast = codexRecord(thread({lastAt: T0 + 9000}), '/r')!;
		expect([onlyLast.startedAt, onlyLast.updatedAt]).toEqual([iso(9), iso(9)]);
		const nothing = codexRecord(thread(), '/r')!;
		expect([nothing.startedAt, nothing.updatedAt]).toEqual(['1970-01-01T00:00:00.000Z', '1970-01-01T00:00:00.000Z']);
	});

	it('writes a running child as active, with only the keys it has', () => {
		const r = codexRecord(thread({phase: 'active', startedAt: iso(0), lastAt: T0 + 5000}), '/home/u/.codex/sessions/r.jsonl')!;
		expect(r).toEqual({
			agentId: CHILD,
			type: 'default',
			status: 'active',
			startedAt: iso(0),
			updatedAt: iso(5),
			sessionId: ROOT,
			transcriptPath: '/home/u/.codex/sessions/r.jsonl',
			provider: 'codex',
		});
		expect(Object.values(r)).not.toContain(undefined);
	});

	it('writes a finished child stopped by task-complete, with its report, tokens and tool count', () => {
		const r = codexRecord(
			thread({
				phase: 'stopped',
				startedAt: iso(0),
				stoppedAt: iso(8),
				lastAt: T0 + 8000,
				report: 'Found 4 routes.',
				task: 'Find the routes',
				model: 'gpt-5.5-codex',
				lastRequest: {tokens: 1200, input: 1000},
				toolCounts: {shell: 3, apply_patch: 2},
				meta: meta({nickname: 'Erdos', cwd: '/home/dev/shop', depth: 2, parentThreadId: 'mid', path: '/root/x'}),
			}),
			'/r',
		)!;
		expect(r).toMatchObject({
			status: 'stopped',
			stoppedAt: iso(8),
			stopReason: 'task-complete',
			lastMessage: 'Found 4 routes.',
			description: 'Find the routes',
			model: 'gpt-5.5-codex',
			totalTokens: 1200,
			totalToolUseCount: 5,
			teammateName: 'Erdos',
			cwd: '/home/dev/shop',
			parentAgentId: 'mid',
			type: 'x',
		});
		expect(r.interrupted).toBeUndefined();
	});

	it('writes an aborted turn as interrupted, its reason named, and a resumed child’s count', () => {
		const aborted = codexRecord(thread({phase: 'interrupted', stoppedAt: iso(3), abortReason: 'interrupted'}), '/r')!;
		expect(aborted).toMatchObject({status: 'stopped', interrupted: true, stopReason: 'turn-aborted:interrupted', stoppedAt: iso(3)});
		expect(codexRecord(thread({phase: 'interrupted'}), '/r')!.stopReason).toBe('turn-aborted:aborted');
		const resumed = codexRecord(thread({phase: 'active', resumeCount: 2, resumedAt: iso(20), stoppedAt: iso(10)}), '/r')!;
		expect(resumed).toMatchObject({status: 'active', resumeCount: 2, resumedAt: iso(20)});
		expect(resumed.stoppedAt).toBeUndefined();
	});

	it('describes it by its task path when it has no task', () => {
		expect(codexRecord(thread({meta: meta({path: '/root/worker_one'})}), '/r')!.description).toBe('/root/worker_one');
	});
});

describe('codexCountFacts and codexFacts', () => {
	it('count work as a tool call or a report, and a finished turn only when stopped', () => {
		expect(codexCountFacts(thread())).toMatchObject({hasWork: false, endedTurn: false});
		expect(codexCountFacts(thread({toolCounts: {shell: 1}}))).toMatchObject({hasWork: true});
		expect(codexCountFacts(thread({report: 'done', phase: 'stopped'}), 42)).toMatchObject({hasWork: true, endedTurn: true, mtimeMs: 42});
		expect(codexCountFacts(thread({phase: 'interrupted'})).endedTurn).toBe(false);
	});

	it('agree with the counts on what the counts read', () => {
		for (const t of [thread(), thread({phase: 'stopped', report: 'r'}), thread({toolCounts: {x: 1}, phase: 'interrupted', lastAt: T0})]) {
			const counted = codexCountFacts(t, 7);
			const full = codexFacts(t, 7);
			expect([full.hasWork, full.endedTurn, full.mtimeMs, full.summary.lastAt]).toEqual([
				counted.hasWork,
				counted.endedTurn,
				counted.mtimeMs,
				counted.summary.lastAt,
			]);
		}
	});

	it('show the activity only while it runs', () => {
		expect(codexFacts(thread({phase: 'active', activity: 'shell rg'})).summary.activity).toBe('shell rg');
		expect(codexFacts(thread({phase: 'none', activity: 'starting'})).summary.activity).toBe('starting');
		expect(codexFacts(thread({phase: 'stopped', activity: 'shell rg'})).summary.activity).toBeUndefined();
	});

	it('read the unpriced running total Claude’s way, cached input never more than the input', () => {
		const usage = codexFacts(thread({usage: {input: 1000, cachedInput: 400, output: 50}})).summary.usage.get('requests')!;
		expect(usage).toMatchObject({input: 600, cacheRead: 400, cacheWrite: 0, output: 50});
		expect(usage.cost.unpriced).toBe(1);
		const odd = codexFacts(thread({usage: {input: 100, cachedInput: 500, output: 0}})).summary.usage.get('requests')!;
		expect(odd).toMatchObject({input: 0, cacheRead: 100});
		expect(codexFacts(thread()).summary.usage.size).toBe(0);
	});

	it('show no context fill for a request with no input', () => {
		expect(codexFacts(thread({lastRequest: {tokens: 10, input: 0}})).summary.lastRequest).toBeUndefined();
		expect(codexFacts(thread({lastRequest: {tokens: 10, input: 5, window: 400_000}})).summary.lastRequest).toEqual({input: 5, window: 400_000});
		expect(codexFacts(thread({lastRequest: {tokens: 10, input: 5}})).summary.lastRequest).toEqual({input: 5, window: undefined});
	});

	it('take the task as prompt and description, else the path with no source', () => {
		const withTask = codexFacts(thread({task: 'Do it', meta: meta({path: '/root/p'})}));
		expect(withTask).toMatchObject({description: 'Do it', descriptionSource: 'prompt', prompt: 'Do it'});
		const withPath = codexFacts(thread({meta: meta({path: '/root/p'})}));
		expect(withPath.description).toBe('/root/p');
		expect(withPath.descriptionSource).toBeUndefined();
		expect(withPath.prompt).toBeUndefined();
	});

	it('keep tool calls without an empty result key, and no lifecycle when there are no steps', () => {
		const facts = codexFacts(
			thread({
				toolCalls: [
					{id: 'c1', name: 'shell', summary: 'ls', at: T0},
					{id: 'c2', name: 'shell', summary: 'pwd', at: undefined, result: 'ok'},
				],
			}),
		);
		expect(facts.summary.toolCalls).toEqual([
			{id: 'c1', name: 'shell', summary: 'ls', at: T0},
			{id: 'c2', name: 'shell', summary: 'pwd', at: undefined, result: 'ok'},
		]);
		expect('result' in facts.summary.toolCalls[0]!).toBe(false);
		expect(facts.lifecycle).toBeUndefined();
	});

	it('have no tally without prices', () => {
		expect(codexTally(thread())).toBeUndefined();
	});
});

describe('mergeCodexRecords', () => {
	const base = {type: 'explorer', sessionId: ROOT, provider: 'codex'} as const;
	const hook = (extra: Partial<AgentRecord> = {}): AgentRecord => ({agentId: CHILD, status: 'active', startedAt: iso(0), updatedAt: iso(1), ...base, ...extra});
	const rollout = (extra: Partial<AgentRecord> = {}): AgentRecord => ({
		agentId: CHILD,
		status: 'active',
		startedAt: iso(0.5),
		updatedAt: iso(5),
		transcriptPath: '/rollout.jsonl',
		...base,
		...extra,
	});

	it('keeps the hook’s times and names, the rollout’s activity, tokens and report, the later update', () => {
		const merged = mergeCodexRecords(
			hook({description: 'from hook', teammateName: 'Hook', transcriptPath: '/hook-path'}),
			rollout({description: 'from rollout', teammateName: 'Roll', lastMessage: 'report', totalTokens: 99, totalToolUseCount: 4}),
		);
		expect(merged).toMatchObject({
			startedAt: iso(0),
			updatedAt: iso(5),
			description: 'from hook',
			teammateName: 'Hook',
			transcriptPath: '/rollout.jsonl',
			lastMessage: 'report',
			totalTokens: 99,
			totalToolUseCount: 4,
			provider: 'codex',
		});
		expect(mergeCodexRecords(hook({updatedAt: iso(9)}), rollout()).updatedAt).toBe(iso(9));
	});

	it('takes the rollout’s names when the hook has none, and leaves no undefined key', () => {
		const merged = mergeCodexRecords(hook(), rollout({description: 'r', teammateName: 'T', parentAgentId: 'p'}));
		expect(merged).toMatchObject({description: 'r', teammateName: 'T', parentAgentId: 'p'});
		expect(Object.values(merged)).not.toContain(undefined);
	});

	it('stops the agent when its rollout ended the turn by an abort and no hook stop came', () => {
		const merged = mergeCodexRecords(
			hook({status: 'active'}),
			rollout({status: 'stopped', stoppedAt: iso(4), interrupted: true, stopReason: 'turn-aborted:interrupted'}),
		);
		expect(merged).toMatchObject({status: 'stopped', stoppedAt: iso(4), interrupted: true, stopReason: 'turn-aborted:interrupted'});
		expect(Object.values(merged)).not.toContain(undefined);
	});

	it('runs the agent again when its rollout was resumed after the hook’s stop, dropping the old stop', () => {
		const merged = mergeCodexRecords(
			hook({status: 'stopped', stoppedAt: iso(3), stopReason: 'subagent-stop', interrupted: true}),
			rollout({status: 'active', resumeCount: 1, resumedAt: iso(6)}),
		);
		expect(merged.status).toBe('active');
		expect(merged.resumeCount).toBe(1);
		for (const key of ['stoppedAt', 'stopReason', 'interrupted'] as const) {
			expect(key in merged).toBe(false);
		}
		expect(Object.values(merged)).not.toContain(undefined);
	});

	it('keeps the hook’s stop when the rollout was not resumed past it', () => {
		const merged = mergeCodexRecords(
			hook({status: 'stopped', stoppedAt: iso(3), stopReason: 'subagent-stop', resumeCount: 1}),
			rollout({status: 'active', resumeCount: 1}),
		);
		expect(merged).toMatchObject({status: 'stopped', stoppedAt: iso(3), stopReason: 'subagent-stop'});
	});
});
