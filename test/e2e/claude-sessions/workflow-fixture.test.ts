// A Workflow run of the real Claude Code 2.1.328 (test/fixtures/claude/workflow: two agents, one
// of which died on an API error), its hook payloads played through the installed hook and its
// files read where Claude Code wrote them: every view carries each agent's run — ls --json,
// history --json, export (JSONL and CSV), stats --by workflow, the snapshot of watch and the OTLP
// spans — and shows the task, not the harness's frame, and no made-up model.
import {spawnSync} from 'node:child_process';
import {cpSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {HOOK_EVENTS} from '../../../src/core/hook/hook-event.js';
import {hookEnv, installedHook, runHook} from '../../helpers/hook.js';
import {tempDir} from '../../helpers/tmp.js';
import {runCli} from '../../helpers/otlp-fixtures.js';
import {receiversClosedAfterEach} from '../../helpers/otlp-receiver.js';

const fixture = path.resolve(import.meta.dirname, '..', '..', 'fixtures', 'claude', 'workflow');
const manifest = (
	JSON.parse(readFileSync(path.resolve(fixture, '..', 'manifest.json'), 'utf8')) as {scenarios: Record<string, {root: string; sessionId: string}>}
).scenarios.workflow!;
const cli = path.resolve(import.meta.dirname, '..', '..', '..', 'bin', 'agentlog.js');
const RUN = {runId: 'wf_fac5b0fb-872', name: 'fixture-checks', phase: 'Check'};
const FAILED = 'a681a308a687c1dcc';
const DONE = 'abb0b070673cb8dac';
const events = new Set<string>(HOOK_EVENTS);

let env: NodeJS.ProcessEnv;

/** The fixture's claude folder copied to a temp root, and its payloads (paths moved there) played through the hook. */
beforeAll(() => {
	const root = tempDir('wf-');
	cpSync(path.join(fixture, 'claude'), path.join(root, 'claude'), {recursive: true});
	const activity = path.join(root, 'activity');
	const launcher = installedHook();
	for (const text of readFileSync(path.join(fixture, 'hook-payloads.jsonl'), 'utf8').split('\n').filter(Boolean)) {
		if (events.has((JSON.parse(text) as {hook_event_name: string}).hook_event_name)) {
			expect(runHook(launcher, text.replaceAll(manifest.root, root), hookEnv(activity))).toMatchObject({status: 0, stdout: ''});
		}
	}
	env = {...process.env, AGENTLOG_DIR: activity, CLAUDE_CONFIG_DIR: path.join(root, 'claude')};
});

function run(...args: string[]): string {
	const r = spawnSync(process.execPath, [cli, ...args], {env, encoding: 'utf8'});
	expect(r.stderr).toBe('');
	expect(r.status).toBe(0);
	return r.stdout;
}

const receiver = receiversClosedAfterEach();

describe('a real workflow run in every view', () => {
	it('ls --json: each agent’s run, its task (not the frame), its real model', () => {
		const agents = JSON.parse(run('ls', manifest.sessionId, '--json')) as Array<Record<string, unknown>>;
		const failed = agents.find(a => a.agentId === FAILED)!;
		const done = agents.find(a => a.agentId === DONE)!;
		expect(failed.workflow).toEqual({...RUN, label: 'read-readme'});
		expect(done.workflow).toEqual({...RUN, label: 'count-files'});
		expect(failed).toMatchObject({displayStatus: 'stopped', description: 'read-readme', prompt: '[fixture:wf_broken] Read the README and summarise it.'});
		expect(done).toMatchObject({description: 'count-files', prompt: '[fixture:wf_count] Count the files in the workspace and report the number.'});
		for (const a of agents) {
			expect(String(a.prompt)).not.toContain('Workflow harness');
			expect(a.model).toBe('claude-opus-5-5');
		}
	});

	it('history --json and export (JSONL, CSV) carry the same run; stats groups by it', () => {
		const history = JSON.parse(run('history', '--json')) as Array<Record<string, unknown>>;
		expect(history.find(a => a.agentId === FAILED)).toMatchObject({
			status: 'failed',
			workflow: {...RUN, label: 'read-readme'},
			description: 'read-readme',
			model: 'claude-opus-5-5',
		});
		expect(history.find(a => a.agentId === DONE)).toMatchObject({status: 'completed', workflow: {...RUN, label: 'count-files'}, description: 'count-files'});
		const jsonl = run('export')
			.trim()
			.split('\n')
			.map(line => JSON.parse(line) as Record<string, unknown>);
		expect(jsonl.map(a => a.workflow)).toEqual(history.map(a => a.workflow).reverse());
		const [header, ...rows] = run('export', '--format', 'csv').trim().split('\n');
		expect(header).toMatch(/,workflowRunId,workflowName,workflowPhase,workflowLabel$/u);
		expect(rows.map(r => r.split(',').slice(-4).join(','))).toEqual(
			expect.arrayContaining([`${RUN.runId},${RUN.name},Check,read-readme`, `${RUN.runId},${RUN.name},Check,count-files`]),
		);
		const stats = JSON.parse(run('stats', '--by', 'workflow', '--json')) as {byWorkflow: Record<string, {agents: number}>};
		expect(Object.keys(stats.byWorkflow)).toEqual([`${RUN.name} ${RUN.runId}`]);
		expect(stats.byWorkflow[`${RUN.name} ${RUN.runId}`]!.agents).toBe(2);
		expect(run('stats', '--by', 'workflow')).toMatch(/^fixture-checks wf_fac5b0fb-872\s+2\s/mu);
	});

	it('the snapshot of watch shows the run as a group with its agents under it', () => {
		const lines = run('watch', manifest.sessionId).split('\n');
		const at = lines.findIndex(line => line.includes('⊟ fixture-checks'));
		expect(lines[at]).toContain('workflow wf_fac5b0fb-872 · Check · 1 done · 1 failed');
		// A tree under the run's row: ├ then └.
		expect(lines[at + 1]).toContain('├ workflow-subagent');
		expect(lines[at + 2]).toContain('└ workflow-subagent');
		expect(lines.slice(at + 1, at + 3).join('\n')).toMatch(/read-readme[^]*count-files|count-files[^]*read-readme/u);
	});

	it('the OTLP export nests the run’s agents under a span for the run', async () => {
		const r = await receiver();
		const sent = await runCli(['export', '--otlp', r.url], env);
		expect(sent.status).toBe(0);
		const spans = r.accepted();
		const runSpan = spans.find(s => s.name === 'workflow fixture-checks')!;
		const session = spans.find(s => s.name === 'claude_code.session')!;
		expect(runSpan.parentSpanId).toBe(session.spanId);
		expect(runSpan.attributes).toMatchObject({'agentlog.workflow.run_id': RUN.runId, 'agentlog.workflow.done': 1, 'agentlog.workflow.failed': 1});
		expect(runSpan.status.code).toBe(2);
		const agents = spans.filter(s => s.attributes['gen_ai.agent.id'] !== undefined);
		expect(agents).toHaveLength(2);
		for (const agent of agents) {
			expect(agent.parentSpanId).toBe(runSpan.spanId);
			expect(agent.attributes['agentlog.workflow.name']).toBe(RUN.name);
		}
	});
});
