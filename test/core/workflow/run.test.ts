import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {emptyRun, foldJournal, isRunId, mergeRun, parseRunFile, scriptName} from '../../../src/core/workflow/run.js';
import {ALL_HOSTILE, RAW_CONTROL} from '../../helpers/hostile.js';

const session = path.resolve(
	import.meta.dirname,
	'../../fixtures/claude/workflow/claude/projects/-tmp-agentlog-claude-fixtures-workflow-workspace/3346aa6b-35c7-492e-80aa-4422bff0f369',
);
const runFile = JSON.parse(readFileSync(path.join(session, 'workflows/wf_fac5b0fb-872.json'), 'utf8')) as unknown;
const journal = readFileSync(path.join(session, 'subagents/workflows/wf_fac5b0fb-872/journal.jsonl'), 'utf8').split('\n');

describe('workflow run files', () => {
	it('parses the run file Claude Code 2.1.328 wrote', () => {
		const run = parseRunFile(runFile)!;
		expect(run).toMatchObject({
			runId: 'wf_fac5b0fb-872',
			name: 'fixture-checks',
			status: 'completed',
			phases: ['Check'],
			startMs: 1795683970955,
			durationMs: 1183,
		});
		expect([...run.agents.values()]).toEqual([
			{agentId: 'abb0b070673cb8dac', label: 'count-files', phase: 'Check', state: 'done', model: 'claude-opus-5-5'},
			{
				agentId: 'a681a308a687c1dcc',
				label: 'read-readme',
				phase: 'Check',
				state: 'error',
				error: 'API Error: 400 fixture: this request is refused on purpose',
				model: 'claude-opus-5-5',
			},
		]);
	});

	it('folds the journal as the run goes: started, then result or failed', () => {
		const started = foldJournal(emptyRun('wf_fac5b0fb-872'), journal.slice(0, 3));
		expect([...started.agents.values()].map(a => [a.agentId, a.label, a.phase, a.state])).toEqual([
			['abb0b070673cb8dac', 'count-files', 'Check', 'running'],
			['a681a308a687c1dcc', 'read-readme', 'Check', 'running'],
		]);
		expect(started.phases).toEqual(['Check']);
		const ended = foldJournal(started, journal.slice(3));
		expect(ended.agents.get('abb0b070673cb8dac')?.state).toBe('done');
		expect(ended.agents.get('a681a308a687c1dcc')?.state).toBe('error');
		// Nothing new: the same object.
		expect(foldJournal(ended, ['', 'not json', '{"type":"launched"}'])).toBe(ended);
	});

	it('names a run from its script file before the run file exists', () => {
		expect(scriptName('fixture-checks-wf_fac5b0fb-872.js')).toEqual({runId: 'wf_fac5b0fb-872', name: 'fixture-checks'});
		expect(scriptName('notes.js')).toBeUndefined();
		const live = mergeRun('wf_fac5b0fb-872', {journal: foldJournal(emptyRun('wf_fac5b0fb-872'), journal.slice(0, 3)), scriptName: 'fixture-checks'});
		expect(live.name).toBe('fixture-checks');
		expect(live.status).toBeUndefined();
		// The run file, once there, wins.
		const done = mergeRun('wf_fac5b0fb-872', {file: parseRunFile(runFile)!, journal: foldJournal(emptyRun('wf_fac5b0fb-872'), journal), scriptName: 'other'});
		expect(done).toMatchObject({name: 'fixture-checks', status: 'completed'});
		expect(done.agents.get('a681a308a687c1dcc')?.error).toMatch(/^API Error: 400/u);
	});

	it('takes no run id that could be a path, and makes every string safe', () => {
		for (const id of ['../wf_x', 'wf_', 'wf_a/b', 'x_wf', `wf_${'a'.repeat(80)}`, 12]) {
			expect(isRunId(id), String(id)).toBe(false);
			expect(parseRunFile({runId: id})).toBeUndefined();
		}
		const run = parseRunFile({
			runId: 'wf_ab-1',
			workflowName: `${ALL_HOSTILE}\nname`,
			phases: [{title: ALL_HOSTILE}, 'plain', 7, null],
			workflowProgress: [
				{type: 'workflow_agent', agentId: 'a1', label: ALL_HOSTILE, phaseTitle: 'x'.repeat(10_000), state: 'error', error: ALL_HOSTILE},
				{type: 'workflow_agent', agentId: '../etc', label: 'bad id'},
				{type: 'workflow_phase', title: 'not an agent'},
			],
		})!;
		expect(run.name).not.toMatch(RAW_CONTROL);
		expect(run.name).not.toContain('\n');
		expect(run.phases.every(p => !RAW_CONTROL.test(p))).toBe(true);
		expect([...run.agents.keys()]).toEqual(['a1']);
		const agent = run.agents.get('a1')!;
		expect(agent.label).not.toMatch(RAW_CONTROL);
		expect(agent.error).not.toMatch(RAW_CONTROL);
		expect([...agent.phase!].length).toBeLessThanOrEqual(200);
		const hostileJournal = foldJournal(emptyRun('wf_ab-1'), [JSON.stringify({type: 'started', agentId: 'a2', label: ALL_HOSTILE, phase: ALL_HOSTILE})]);
		expect(hostileJournal.agents.get('a2')?.label).not.toMatch(RAW_CONTROL);
	});
});
