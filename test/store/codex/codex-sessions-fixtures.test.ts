// The rollouts the real Codex CLI 0.169.0 wrote (test/fixtures/codex, made by
// scripts/codex-fixtures/make-fixtures.mjs; manifest.json says what each thread is) read as
// agentlog's agents: one session per root, each child an agent with its role or task path, its
// nickname, its parent below depth 1, and how its turns went.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import type {AgentRecord} from '../../../src/core/record/agent-record.js';
import {readCodexAgents, scanCodexSessions} from '../../../src/store/codex/codex-sessions.js';

const base = path.resolve(import.meta.dirname, '..', '..', 'fixtures', 'codex');

interface Thread {
	readonly script: string;
	readonly id: string;
	readonly parent: string | null;
	readonly depth: number;
	readonly nickname: string | null;
	readonly role: string | null;
	readonly path: string | null;
}

const manifest = JSON.parse(readFileSync(path.join(base, 'manifest.json'), 'utf8')) as {
	codexVersion: string;
	scenarios: Record<string, {root: string; threads: Thread[]}>;
};

function agentsOf(scenario: string): {root: string; agents: Map<string, AgentRecord>; threads: Thread[]} {
	const {root, threads} = manifest.scenarios[scenario]!;
	const scan = scanCodexSessions({codexHome: path.join(base, scenario)});
	expect(scan.skipped).toBe(0);
	expect(scan.sessions.map(s => s.sessionId)).toEqual([root]);
	const {agents, problems} = readCodexAgents(scan.sessions[0]!);
	expect(problems).toBe(0);
	return {root, threads, agents: new Map(agents.map(a => [a.agentId, a]))};
}

const byScript = (threads: Thread[], script: string): Thread => threads.find(t => t.script === script)!;

describe(`Codex ${manifest.codexVersion} rollouts`, () => {
	it('every scenario: one session (the root), every child an agent named as the manifest says, the root no agent', () => {
		for (const scenario of Object.keys(manifest.scenarios)) {
			const {root, threads, agents} = agentsOf(scenario);
			expect(agents.has(root), scenario).toBe(false);
			for (const t of threads.filter(x => x.depth > 0)) {
				const a = agents.get(t.id);
				expect(a, `${scenario} ${t.script}`).toBeDefined();
				expect(a, `${scenario} ${t.script}`).toMatchObject({
					provider: 'codex',
					sessionId: root,
					type: t.role ?? t.path!.split('/').at(-1),
					teammateName: t.nickname,
				});
				expect(a!.parentAgentId, `${scenario} ${t.script}`).toBe(t.depth > 1 ? t.parent : undefined);
			}
			expect(agents.size, scenario).toBe(threads.filter(x => x.depth > 0).length);
		}
	});

	it('v1: both finished with their reports, the task as description, tokens and tool calls; the worker nested under the explorer', () => {
		const {threads, agents} = agentsOf('v1');
		const explorer = agents.get(byScript(threads, 'explorer').id)!;
		const worker = agents.get(byScript(threads, 'worker').id)!;
		for (const a of [explorer, worker]) {
			expect(a.status).toBe('stopped');
			expect(a.interrupted).toBeUndefined();
			expect(a.lastMessage).toMatch(/report/i);
			expect(a.description).toMatch(/^\[fixture:/);
			expect(a.totalTokens).toBeGreaterThan(0);
			expect(a.totalToolUseCount).toBeGreaterThan(0);
			expect(Date.parse(a.stoppedAt!)).toBeGreaterThanOrEqual(Date.parse(a.startedAt));
		}
		expect(worker.parentAgentId).toBe(explorer.agentId);
	});

	it("v2: a forked child is not read as its parent's copied history (no resume, no interruption, its task path); a second task is a resume", () => {
		const {threads, agents} = agentsOf('v2');
		const fileCounter = agents.get(byScript(threads, 'file_counter').id)!;
		expect(fileCounter).toMatchObject({status: 'stopped', description: '/root/file_counter', stopReason: 'task-complete'});
		expect(fileCounter.resumeCount).toBeUndefined();
		expect(fileCounter.interrupted).toBeUndefined();
		const lineCounter = agents.get(byScript(threads, 'line_counter').id)!;
		expect(lineCounter).toMatchObject({status: 'stopped', resumeCount: 1, description: '/root/line_counter'});
		expect(lineCounter.lastMessage).toMatch(/second report/i);
	});

	it('an interrupted child (close_agent, interrupt_agent, the run killed) is stopped and interrupted, with no report', () => {
		for (const [scenario, script] of [
			['interrupted', 'slow'],
			['interrupted-v2', 'long_job'],
			['killed-v1', 'stuck'],
		] as const) {
			const {threads, agents} = agentsOf(scenario);
			const a = agents.get(byScript(threads, script).id)!;
			expect(a, scenario).toMatchObject({status: 'stopped', interrupted: true, stopReason: 'turn-aborted:interrupted'});
			expect(a.lastMessage, scenario).toBeUndefined();
		}
	});

	it('a child given a second task: resumed once, its second report', () => {
		const {threads, agents} = agentsOf('second-task');
		const a = agents.get(byScript(threads, 'helper').id)!;
		expect(a).toMatchObject({status: 'stopped', resumeCount: 1});
		expect(a.lastMessage).toMatch(/second report/i);
	});

	it('code mode: its exec calls are counted as tool calls', () => {
		const {threads, agents} = agentsOf('v2-code-mode');
		expect(agents.get(byScript(threads, 'lister').id)!.totalToolUseCount).toBeGreaterThan(0);
	});
});
