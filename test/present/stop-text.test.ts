// The words of the user's stop: the confirmation, what `agentlog stop` prints once it asked or
// withdrew, and the row's `stopping…`.
import {describe, expect, it} from 'vitest';
import {agent, ms} from '../helpers/agent-fixtures.js';
import {buildMonitorModel} from '../../src/core/monitor/model.js';
import {newStopRequest} from '../../src/core/stop/stop-request.js';
import {planStop, type StopPlan} from '../../src/core/stop/stop-target.js';
import {STOP_LIMITS, STOP_OFF_TEXT, stopAskedText, stopCancelText, stopQuestion, stoppingText} from '../../src/present/stop-text.js';

const NOW = ms(100);

function planOf(target: string): StopPlan {
	const {items} = buildMonitorModel({
		agents: [
			agent('aparent0001', {type: 'Explore', extra: {description: 'Find the routes'}}),
			agent('achild00001', {extra: {parentAgentId: 'aparent0001', description: 'Read one file'}}),
			agent('aother00001'),
		],
		transcripts: new Map(),
		now: NOW,
		options: {staleMs: 300_000, dedup: true, showGhosts: true, showAll: true},
	});
	const plan = planStop(target, items);
	if (!plan.ok) {
		throw new Error(plan.error);
	}
	return plan.value;
}

function asked(target: string, installed = true) {
	const plan = planOf(target);
	return {plan, request: newStopRequest('r1', plan.agents, plan.runs, NOW), installed};
}

describe('stopQuestion', () => {
	it('names the agent and counts the agents under it', () => {
		expect(stopQuestion(planOf('aparent0001'))).toBe("stop Explore 'Find the routes' and its 1 agent? y/n");
	});
});

describe('stopAskedText', () => {
	it('says what it asked, each agent it stops, what a stop does not do and when it expires', () => {
		const lines = stopAskedText(asked('aparent0001'), false, NOW).split('\n');
		expect(lines[0]).toBe("Asked to stop Explore 'Find the routes' and its 1 agent.");
		expect(lines[1]).toBe('  aparent0001  Explore  Find the routes');
		expect(lines[2]).toMatch(/^ {2}achild00001 {2}\S+ {2}Read one file$/u);
		expect(lines[3]).toBe(STOP_LIMITS);
		expect(lines[4]).toMatch(/^The request expires after 30m 00s .*\(at .+; `agentlog stop --cancel` withdraws it\)\.$/u);
		expect(lines.at(-1)).toBe('');
		expect(lines).toHaveLength(6);
	});

	it('with --dry-run says it would, and warns when the hook will not carry it out', () => {
		const text = stopAskedText(asked('aother00001', false), true, NOW);
		expect(text.startsWith("Would stop worker 'worker' (dry run: nothing written).\n  aother00001  worker  worker\n")).toBe(true);
		expect(text.trimEnd().split('\n').at(-1)).toBe(`warning: ${STOP_OFF_TEXT}`);
	});
});

describe('stopCancelText', () => {
	it('says none, one or many withdrawn, the session made safe to print', () => {
		expect(stopCancelText('s1', 0)).toBe('Session s1 has no stop waiting.\n');
		expect(stopCancelText('s1', 1)).toBe('Withdrew 1 stop request of session s1: agents already stopped stay stopped.\n');
		expect(stopCancelText('s\u001b[2J1', 2)).toMatch(/^Withdrew 2 stop requests of session s\S*1: /u);
		expect(stopCancelText('s\u001b[2J1', 2)).not.toContain('\u001b');
	});
});

describe('stoppingText', () => {
	it('counts from the request, never below zero', () => {
		expect(stoppingText(ms(96), NOW)).toBe('stopping… 4s');
		expect(stoppingText(ms(200), NOW)).toBe('stopping… 0s');
	});
});
