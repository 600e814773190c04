// Workflow agents in the monitor model: each carries its run (workflow-of.ts decides), the
// model groups the runs, and a failed agent's made-up model (`<synthetic>`) is never shown.
import {describe, expect, it} from 'vitest';
import {buildMonitorModel, type TranscriptFacts} from '../../../src/core/monitor/model.js';
import {costTotals, EMPTY_SUMMARY, emptySummary, foldLines} from '../../../src/core/transcript/summary.js';
import {LIST_PRICES} from '../../../src/core/cost/price.js';
import {runSummary} from '../../../src/present/workflow-text.js';
import {emptyRun, foldJournal} from '../../../src/core/workflow/run.js';
import {indexRuns} from '../../../src/core/workflow/workflow-of.js';
import {lsJsonFields} from '../../../src/present/json-shapes.js';
import {agent, ms} from '../../helpers/agent-fixtures.js';
import {assistantLine, textBlock} from '../../helpers/transcript-lines.js';

const options = {staleMs: 300_000, dedup: true, showGhosts: false, showAll: false, max: 2};
const SESSION = '/c/projects/-w/s1';
const pathIn = (run: string, id: string) => `${SESSION}/subagents/workflows/${run}/agent-${id}.jsonl`;

function facts(extra: Partial<TranscriptFacts> = {}): TranscriptFacts {
	return {summary: EMPTY_SUMMARY, description: undefined, parentAgentId: undefined, history: undefined, missing: false, ...extra};
}

describe('workflow agents in the monitor model', () => {
	const run = foldJournal({...emptyRun('wf_a1'), name: 'checks', phases: ['Check']}, [
		JSON.stringify({type: 'started', agentId: 'w1', label: 'count-files', phase: 'Check'}),
		JSON.stringify({type: 'started', agentId: 'w2', label: 'read-readme', phase: 'Check'}),
		JSON.stringify({type: 'failed', agentId: 'w2'}),
		JSON.stringify({type: 'started', agentId: 'w3', label: 'third', phase: 'Check'}),
	]);
	const workflows = indexRuns([run]);
	const used = foldLines(emptySummary(LIST_PRICES), [assistantLine([textBlock('done')], {usage: {cache_creation_input_tokens: 100}})]);
	// A failed agent's transcript holds one message Claude Code made up: its model is `<synthetic>`.
	const synthetic = foldLines(EMPTY_SUMMARY, [assistantLine([textBlock('API Error: 400')], {model: '<synthetic>', usage: null})]);
	const agents = [
		agent('w1', {type: 'workflow-subagent', start: 0, stop: 30, extra: {transcriptPath: pathIn('wf_a1', 'w1')}}),
		// Its record names the path every workflow agent's start does (wrong); the journal knows it.
		agent('w2', {
			type: 'workflow-subagent',
			start: 1,
			stop: 2,
			extra: {transcriptPath: `${SESSION}/subagents/agent-w2.jsonl`, stopReason: 'stop-failure:unknown'},
		}),
		agent('w3', {type: 'workflow-subagent', start: 3, extra: {transcriptPath: pathIn('wf_a1', 'w3')}}),
		agent('plain', {type: 'Explore', start: 4, extra: {transcriptPath: `${SESSION}/subagents/agent-plain.jsonl`}}),
	];
	const transcripts = new Map([
		['w1', facts({summary: used, meta: {description: 'count-files', workflowPhase: 'Check', inWorkflowRun: true, model: 'claude-opus-5-5'}})],
		['w2', facts({summary: synthetic, meta: {description: 'read-readme', workflowPhase: 'Check', inWorkflowRun: true, model: 'claude-opus-5-5'}})],
	]);
	const model = buildMonitorModel({agents, transcripts, now: ms(60), options, workflows});

	it('each workflow agent carries its run, phase and label; any other agent none', () => {
		const shown = new Map(model.items.map(item => [item.agent.agentId, item]));
		expect(shown.get('w3')?.workflow).toEqual({runId: 'wf_a1', name: 'checks', phase: 'Check', label: 'third'});
		expect(shown.get('plain')?.workflow).toBeUndefined();
		expect(lsJsonFields(shown.get('plain')!).workflow).toBeNull();
		expect(lsJsonFields(shown.get('w3')!).workflow).toEqual({runId: 'wf_a1', name: 'checks', phase: 'Check', label: 'third'});
	});

	it('groups the run over all its agents, the cap notwithstanding', () => {
		// max 2: only `plain` and w3 are shown, the group counts all three.
		expect(model.items.map(item => item.agent.agentId)).toEqual(['plain', 'w3']);
		expect(model.workflows).toEqual([
			{
				runId: 'wf_a1',
				name: 'checks',
				phases: ['Check'],
				agentIds: ['w3', 'w2', 'w1'],
				counts: {running: 1, done: 1, failed: 1, interrupted: 0, stopped: 0},
				tokens: lsTokens(used),
				tokensOf: 2,
				// w2's transcript was folded without prices: left out (unknown), never $0.
				cost: costTotals(used),
				costOf: 1,
				state: 'running',
			},
		]);
		// Sonnet 4.5: 3 input at $3 and 100 cache write at $3.75 and 3 output at $15 per million.
		expect(costTotals(used).usd).toBeCloseTo((3 * 3 + 100 * 3.75 + 3 * 15) / 1e6, 12);
		// w3's transcript is not read, and w2's cost is unknown: each sum says over how many agents.
		expect(runSummary(model.workflows[0]!)).toBe(
			'workflow wf_a1 · Check · 1 running · 1 done · 1 failed · 106 tokens (2 of 3 agents) · $0.0004 (1 of 3 agents)',
		);
	});

	it('a failed agent’s made-up model is not shown: its sidecar’s is', () => {
		const all = buildMonitorModel({agents, transcripts, now: ms(60), options: {...options, showAll: true}, workflows});
		const failed = all.items.find(item => item.agent.agentId === 'w2')!;
		expect(failed.model).toBe('claude-opus-5-5');
		expect(lsJsonFields(failed).model).toBe('claude-opus-5-5');
	});
});

function lsTokens(summary: typeof EMPTY_SUMMARY): number {
	let n = 0;
	for (const u of summary.usage.values()) {
		n += u.input + u.output + u.cacheRead + u.cacheWrite;
	}
	return n;
}
