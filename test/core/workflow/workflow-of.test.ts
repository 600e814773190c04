import {describe, expect, it} from 'vitest';
import {emptyRun, foldJournal} from '../../../src/core/workflow/run.js';
import {groupWorkflows} from '../../../src/core/workflow/group.js';
import {indexRuns, runIdOfPath, sessionFolderOf, sessionFolderOfTranscript, workflowOf} from '../../../src/core/workflow/workflow-of.js';

const SESSION = '/home/u/.claude/projects/-w/3346aa6b';
const inRun = `${SESSION}/subagents/workflows/wf_fac5b0fb-872/agent-abb0b070673cb8dac.jsonl`;
const started = (agentId: string, label: string, phase: string) => JSON.stringify({type: 'started', key: 'k', agentId, label, phase});

describe('workflowOf', () => {
	it('reads the run id from a workflow agent’s transcript path, the session folder from any subagent’s', () => {
		expect(runIdOfPath(inRun)).toBe('wf_fac5b0fb-872');
		expect(runIdOfPath(`${SESSION}/subagents/agent-abb0b070673cb8dac.jsonl`)).toBeUndefined();
		expect(runIdOfPath(`${SESSION}/subagents/workflows/../agent-a.jsonl`)).toBeUndefined();
		expect(sessionFolderOfTranscript(inRun)).toBe(SESSION);
		expect(sessionFolderOfTranscript(`${SESSION}/subagents/agent-a1.jsonl`)).toBe(SESSION);
		expect(sessionFolderOfTranscript('/tmp/x.jsonl')).toBeUndefined();
		expect(sessionFolderOf([{provider: 'codex', transcriptPath: inRun}, {}, {transcriptPath: inRun}])).toBe(SESSION);
	});

	it('takes the run’s files first, then the agent’s own (path and .meta.json)', () => {
		const run = foldJournal({...emptyRun('wf_fac5b0fb-872'), name: 'fixture-checks'}, [started('a681a308a687c1dcc', 'read-readme', 'Check')]);
		const index = indexRuns([run]);
		// The record of a failed workflow agent names the wrong path (subagents/agent-<id>.jsonl): the journal knows it.
		expect(workflowOf('a681a308a687c1dcc', {transcriptPath: `${SESSION}/subagents/agent-a681a308a687c1dcc.jsonl`}, index)).toEqual({
			runId: 'wf_fac5b0fb-872',
			name: 'fixture-checks',
			phase: 'Check',
			label: 'read-readme',
		});
		// Not in the journal yet: the path and the sidecar.
		expect(
			workflowOf('abb0b070673cb8dac', {transcriptPath: inRun, meta: {description: 'count-files', workflowPhase: 'Check', inWorkflowRun: true}}, index),
		).toEqual({
			runId: 'wf_fac5b0fb-872',
			name: 'fixture-checks',
			phase: 'Check',
			label: 'count-files',
		});
		expect(workflowOf('abb0b070673cb8dac', {transcriptPath: inRun}, undefined)).toEqual({runId: 'wf_fac5b0fb-872', name: null, phase: null, label: null});
		// Any other agent: none, whatever its sidecar's description.
		expect(workflowOf('a1', {transcriptPath: `${SESSION}/subagents/agent-a1.jsonl`, meta: {description: 'Find routes'}}, index)).toBeUndefined();
	});
});

describe('groupWorkflows', () => {
	const tag = (runId: string, phase: string | null = 'Check') => ({runId, name: null, phase, label: null});

	it('groups a run’s agents: counts by state, tokens summed, the run’s name and phases', () => {
		const run = foldJournal({...emptyRun('wf_a'), name: 'checks', phases: ['Plan', 'Check']}, [
			started('a1', 'one', 'Check'),
			started('a2', 'two', 'Check'),
			started('a3', 'three', 'Check'),
			JSON.stringify({type: 'result', agentId: 'a3'}),
			started('a4', 'four', 'Check'),
			JSON.stringify({type: 'failed', agentId: 'a4'}),
		]);
		const groups = groupWorkflows(
			[
				{agentId: 'a1', workflow: tag('wf_a'), state: 'running', tokens: 100, cost: {usd: 0.25, priced: 2, unpriced: 0}},
				{agentId: 'x9', workflow: tag('wf_b', 'Build'), state: 'done', tokens: undefined},
				{agentId: 'a2', workflow: tag('wf_a', 'Extra'), state: 'done', tokens: 50, cost: {usd: 0.5, priced: 1, unpriced: 1}},
			],
			indexRuns([run]),
		);
		expect(groups).toEqual([
			{
				runId: 'wf_a',
				name: 'checks',
				phases: ['Plan', 'Check', 'Extra'],
				agentIds: ['a1', 'a2'],
				// a3 and a4 only in the run's files (their agent files gone): counted as the run says.
				counts: {running: 1, done: 2, failed: 1, interrupted: 0, stopped: 0},
				tokens: 150,
				tokensOf: 2,
				cost: {usd: 0.75, priced: 3, unpriced: 1},
				costOf: 2,
				state: 'running',
			},
			{
				runId: 'wf_b',
				name: null,
				phases: ['Build'],
				agentIds: ['x9'],
				counts: {running: 0, done: 1, failed: 0, interrupted: 0, stopped: 0},
				tokens: null,
				tokensOf: 0,
				cost: null,
				costOf: 0,
				state: 'done',
			},
		]);
	});

	it('says failed when one failed and none runs, interrupted when one was cut off', () => {
		const one = (state: 'done' | 'failed' | 'interrupted') => groupWorkflows([{agentId: 'a', workflow: tag('wf_a'), state}])[0]!.state;
		expect(one('failed')).toBe('failed');
		expect(one('interrupted')).toBe('interrupted');
		expect(one('done')).toBe('done');
		expect(groupWorkflows([])).toEqual([]);
	});
});
