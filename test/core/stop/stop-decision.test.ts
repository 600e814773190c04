import {describe, expect, it} from 'vitest';
import {
	agentsCovered,
	ancestorsOf,
	coveringRequest,
	requestDone,
	stopAnswer,
	userStopLine,
	type KnownAgent,
	type StopAgentFacts,
} from '../../../src/core/stop/stop-decision.js';
import {newStopRequest, STOP_EXPIRES_MS, USER_STOP_MESSAGE} from '../../../src/core/stop/stop-request.js';

const NOW = Date.parse('2026-11-29T03:00:00.000Z');

const agents: KnownAgent[] = [
	{agentId: 'p', status: 'active'},
	{agentId: 'c1', status: 'active', parentAgentId: 'p'},
	{agentId: 'g1', status: 'active', parentAgentId: 'c1'},
	{agentId: 'other', status: 'active'},
	{agentId: 'w1', status: 'active', runId: 'wf_run-1'},
	{agentId: 'w2', status: 'stopped', runId: 'wf_run-1'},
];
const byId = new Map<string, StopAgentFacts>(agents.map(a => [a.agentId, a]));
const agentOf = (id: string) => byId.get(id);

describe('coveringRequest', () => {
	const request = newStopRequest('r1', ['p'], [], NOW - 1000);

	it('covers the agent named and every agent under it, and nothing else', () => {
		const via = (agentId: string) => coveringRequest([request], {agentId, agentOf, nowMs: NOW})?.via;
		expect(via('p')).toBe('named');
		expect(via('c1')).toBe('descendant');
		expect(via('g1')).toBe('descendant');
		expect(via('other')).toBeUndefined();
		// An agent with no record: only a request that names it covers it.
		expect(via('unknown')).toBeUndefined();
	});

	it('covers a child started after the request: it is found through its parent', () => {
		const late = new Map(byId).set('c2', {agentId: 'c2', status: 'active', parentAgentId: 'p'});
		expect(coveringRequest([request], {agentId: 'c2', agentOf: id => late.get(id), nowMs: NOW})?.via).toBe('descendant');
	});

	it('covers every agent of a run it names', () => {
		const run = newStopRequest('r2', [], ['wf_run-1'], NOW - 1000);
		expect(coveringRequest([run], {agentId: 'w1', agentOf, runId: 'wf_run-1', nowMs: NOW})?.via).toBe('run');
		expect(coveringRequest([run], {agentId: 'other', agentOf, nowMs: NOW})).toBeUndefined();
	});

	it('lets an expired request go', () => {
		expect(coveringRequest([request], {agentId: 'p', agentOf, nowMs: NOW - 1000 + STOP_EXPIRES_MS})).toBeUndefined();
	});

	it('never covers an agent resumed after the request (SendMessage continued it)', () => {
		const resumed = new Map(byId).set('p', {agentId: 'p', status: 'active', resumedAt: new Date(NOW - 500).toISOString()});
		expect(coveringRequest([request], {agentId: 'p', agentOf: id => resumed.get(id), nowMs: NOW})).toBeUndefined();
		const before = new Map(byId).set('p', {agentId: 'p', status: 'active', resumedAt: new Date(NOW - 5000).toISOString()});
		expect(coveringRequest([request], {agentId: 'p', agentOf: id => before.get(id), nowMs: NOW})?.via).toBe('named');
	});

	it('survives a cycle of parents', () => {
		const loop = new Map<string, StopAgentFacts>([
			['x', {agentId: 'x', status: 'active', parentAgentId: 'y'}],
			['y', {agentId: 'y', status: 'active', parentAgentId: 'x'}],
		]);
		expect(ancestorsOf('x', id => loop.get(id))).toEqual(['y']);
		expect(coveringRequest([request], {agentId: 'x', agentOf: id => loop.get(id), nowMs: NOW})).toBeUndefined();
	});
});

describe('agentsCovered / requestDone', () => {
	it('names the agents a stop of a parent takes with it', () => {
		expect(agentsCovered({agents: ['p'], runs: []}, agents).map(a => a.agentId)).toEqual(['p', 'c1', 'g1']);
		expect(agentsCovered({agents: [], runs: ['wf_run-1']}, agents).map(a => a.agentId)).toEqual(['w1', 'w2']);
	});

	it('is done once everything it covers has stopped and its runs ended', () => {
		const request = newStopRequest('r1', ['c1'], [], NOW);
		expect(requestDone(request, agents, () => true)).toBe(false);
		const stopped = agents.map(a => (a.agentId === 'c1' || a.agentId === 'g1' ? {...a, status: 'stopped' as const} : a));
		expect(requestDone(request, stopped, () => true)).toBe(true);
		const run = newStopRequest('r2', [], ['wf_run-1'], NOW);
		const allStopped = agents.map(a => ({...a, status: 'stopped' as const}));
		expect(requestDone(run, allStopped, () => false)).toBe(false);
		expect(requestDone(run, allStopped, () => true)).toBe(true);
	});
});

describe('stopAnswer', () => {
	it('denies the tool call and ends the agent on PreToolUse', () => {
		const answer = stopAnswer('PreToolUse');
		expect(answer.endsWith('\n')).toBe(true);
		expect(answer.trim().includes('\n')).toBe(false);
		expect(JSON.parse(answer)).toEqual({
			continue: false,
			stopReason: USER_STOP_MESSAGE,
			hookSpecificOutput: {hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: USER_STOP_MESSAGE},
		});
	});

	it('ends the agent after its Agent call came back on PostToolUse', () => {
		expect(JSON.parse(stopAnswer('PostToolUse'))).toEqual({continue: false, stopReason: USER_STOP_MESSAGE});
	});
});

it('userStopLine is a stopped line of the UserStop event', () => {
	const line = userStopLine({
		at: new Date(NOW).toISOString(),
		sessionId: 's',
		agentId: 'p',
		type: 'Explore',
		hookEvent: 'PreToolUse',
		tool: 'Bash',
		toolUseId: 'toolu_1',
		requestId: 'r1',
		via: 'named',
	});
	expect(line).toMatchObject({event: 'UserStop', state: 'stopped', agentId: 'p', data: {hookEvent: 'PreToolUse', tool: 'Bash', requestId: 'r1', via: 'named'}});
});
