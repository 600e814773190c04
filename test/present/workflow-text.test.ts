import {describe, expect, it} from 'vitest';
import type {WorkflowGroup} from '../../src/core/workflow/group.js';
import {runCountsText, runName, runSummary} from '../../src/present/workflow-text.js';

const group = (over: Partial<WorkflowGroup> = {}): WorkflowGroup => ({
	runId: 'wf_fac5b0fb-872',
	name: 'fixture-checks',
	phases: ['Check'],
	agentIds: ['a1', 'a2', 'a3'],
	counts: {running: 0, done: 2, failed: 1, interrupted: 0, stopped: 0},
	tokens: 1400,
	tokensOf: 3,
	cost: {usd: 0.0123, priced: 3, unpriced: 0},
	costOf: 3,
	state: 'failed',
	...over,
});

describe('runSummary', () => {
	it('gives the run, its phases, its counts, its tokens and cost', () => {
		expect(runSummary(group())).toBe('workflow wf_fac5b0fb-872 · Check · 2 done · 1 failed · 1.4k tokens · $0.01');
		expect(runSummary(group({phases: ['A', 'B', 'C', 'D']}))).toBe('workflow wf_fac5b0fb-872 · 4 phases · 2 done · 1 failed · 1.4k tokens · $0.01');
	});

	it('says over how many agents a sum is when not every agent’s figures are known', () => {
		expect(runSummary(group({tokensOf: 2, costOf: 2}))).toBe('workflow wf_fac5b0fb-872 · Check · 2 done · 1 failed · 1.4k tokens · $0.01 (2 of 3 agents)');
		expect(runSummary(group({tokensOf: 2, costOf: 1}))).toBe(
			'workflow wf_fac5b0fb-872 · Check · 2 done · 1 failed · 1.4k tokens (2 of 3 agents) · $0.01 (1 of 3 agents)',
		);
		expect(runSummary(group({tokensOf: 1, cost: null, costOf: 0}))).toBe('workflow wf_fac5b0fb-872 · Check · 2 done · 1 failed · 1.4k tokens (1 of 3 agents)');
		expect(runSummary(group({tokens: null, tokensOf: 0, cost: null, costOf: 0}))).toBe('workflow wf_fac5b0fb-872 · Check · 2 done · 1 failed');
	});
});

describe('runCountsText and runName', () => {
	it('names only the states that are not 0, and the run by its name, else its id', () => {
		expect(runCountsText({running: 1, done: 0, failed: 0, interrupted: 2, stopped: 1})).toBe('1 running · 2 interrupted · 1 stopped by you');
		expect(runCountsText({running: 0, done: 0, failed: 0, interrupted: 0, stopped: 0})).toBe('no agents');
		expect(runName(group(), false)).toMatch(/fixture-checks$/u);
		expect(runName(group({name: null}), true)).toMatch(/wf_fac5b0fb-872$/u);
		expect(runName(group(), true)).not.toBe(runName(group(), false));
	});
});
