import {describe, expect, it} from 'vitest';
import {
	agentsCovered,
	ancestorsOf,
	coveringRequest,
	requestDone,
	requestDoneIn,
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

describe('requestDoneIn', () => {
	/** The rule as first written: every agent's facts read, then the covered ones all stopped. */
	const reference = (request: ReturnType<typeof newStopRequest>, known: readonly KnownAgent[], runEnded: (run: string) => boolean) => {
		const covered = agentsCovered(request, known);
		return request.agents.every(id => covered.some(a => a.agentId === id)) && covered.every(a => a.status === 'stopped') && request.runs.every(runEnded);
	};

	it('answers as the rule over every agent does, on random trees', () => {
		let seed = 7;
		const rand = (n: number) => {
			seed = (seed * 1103515245 + 12345) % 2 ** 31;
			return seed % n;
		};
		for (let round = 0; round < 400; round++) {
			const n = 1 + rand(9);
			const known: KnownAgent[] = [];
			for (let i = 0; i < n; i++) {
				const parent = i > 0 && rand(2) === 0 ? `a${rand(i)}` : undefined;
				const run = rand(4) === 0 ? 'wf_run-1' : undefined;
				known.push({agentId: `a${i}`, status: rand(2) === 0 ? 'stopped' : 'active', ...(parent ? {parentAgentId: parent} : {}), ...(run ? {runId: run} : {})});
			}
			const named = rand(3) === 0 ? [] : [`a${rand(n + 1)}`];
			const request = newStopRequest('r1', named, named.length === 0 || rand(3) === 0 ? ['wf_run-1'] : [], NOW);
			const ended = rand(2) === 0;
			const byId2 = new Map(known.map(a => [a.agentId, a]));
			const lazy = requestDoneIn(
				request,
				{ids: known.map(a => a.agentId), stopped: id => byId2.get(id)?.status === 'stopped', agentOf: id => byId2.get(id), runOf: id => byId2.get(id)?.runId},
				() => ended,
			);
			expect(lazy, JSON.stringify({known, request})).toBe(reference(request, known, () => ended));
			expect(requestDone(request, known, () => ended)).toBe(lazy);
		}
	});

	it('seeks no lineage of an agent that stopped, nor any while a named agent still runs', () => {
		const asked: string[] = [];
		const session = (list: readonly KnownAgent[]) => {
			const m = new Map(list.map(a => [a.agentId, a]));
			return {
				ids: list.map(a => a.agentId),
				stopped: (id: string) => m.get(id)?.status === 'stopped',
				agentOf: (id: string) => (asked.push(id), m.get(id)),
				runOf: (id: string) => m.get(id)?.runId,
			};
		};
		const many: KnownAgent[] = [
			{agentId: 'x', status: 'stopped'},
			...Array.from({length: 30}, (_, i): KnownAgent => ({agentId: `s${i}`, status: 'stopped'})),
			{agentId: 'r', status: 'active'},
		];
		expect(requestDoneIn(newStopRequest('r1', ['x'], [], NOW), session(many), () => true)).toBe(true);
		expect(new Set(asked)).toEqual(new Set(['x', 'r']));
		asked.length = 0;
		const running = many.map(a => (a.agentId === 'x' ? {...a, status: 'active' as const} : a));
		expect(requestDoneIn(newStopRequest('r1', ['x'], [], NOW), session(running), () => true)).toBe(false);
		expect(asked).toEqual(['x']);
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
