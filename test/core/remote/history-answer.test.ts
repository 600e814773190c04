import {describe, expect, it} from 'vitest';
import {decodeHistory, decodeHistoryAgent, MAX_HISTORY} from '../../../src/core/remote/history-answer.js';
import {historyJsonAgent} from '../../../src/present/history-json.js';
import type {AgentHistory} from '../../../src/core/history/fold.js';

const base = {agentId: 'a1', sessionId: 's1', type: 'Explore', status: 'completed', startedAt: '2026-11-26T10:00:00.000Z'};

describe('decodeHistoryAgent', () => {
	it('keeps a well-formed value as it is', () => {
		const full = {
			...base,
			name: 'scout',
			description: 'look',
			stoppedAt: '2026-11-26T10:01:00.000Z',
			durationMs: 60_000,
			resumeCount: 1,
			stopReason: 'done',
			tokens: 10,
			usage: {input: 1, output: 2, cacheRead: 3, cacheCreation: 4},
			cost: {usd: 0.5, pricesAsOf: '2026-01-01', estimated: true, unpricedResponses: 0},
			runs: [{startedAt: '2026-11-26T10:00:00.000Z', tokens: 10, toolCalls: 2}],
			lastRequestTokens: 5,
			toolCalls: 2,
			model: 'claude-x',
			git: {start: {head: 'abc', branch: 'main'}, stop: null},
			parentAgentId: 'p1',
			lastActivityAt: '2026-11-26T10:01:00.000Z',
			source: 'hook',
			provider: 'claude',
			workflow: {runId: 'r1', name: 'w', phase: null, label: 'l'},
		};
		expect(decodeHistoryAgent(full)).toEqual(full);
	});

	it('makes strings safe, drops what is not what it says, and skips an agent without id, status or start', () => {
		const a = decodeHistoryAgent({...base, type: 'E\u001b[2Jx', durationMs: -1, tokens: 1.5, parentAgentId: '../x', source: 'evil', git: 'no'});
		expect(a).toMatchObject({type: 'E␛[2Jx', durationMs: null, tokens: null, parentAgentId: null, source: 'hook', git: {start: null, stop: null}});
		expect(decodeHistoryAgent({...base, agentId: 'a b'})).toBeUndefined();
		expect(decodeHistoryAgent({...base, status: 'gone'})).toBeUndefined();
		expect(decodeHistoryAgent({...base, startedAt: 'yesterday'})).toBeUndefined();
	});

	it('reads back what history --json writes', () => {
		const h = {...base, resumeCount: 0, git: {}, source: 'hook', provider: 'claude', lastEventAt: base.startedAt} as unknown as AgentHistory;
		const json = JSON.parse(JSON.stringify(historyJsonAgent(h))) as unknown;
		expect(decodeHistoryAgent(json)).toEqual(json);
	});
});

describe('decodeHistory', () => {
	it('reads at most MAX_HISTORY agents and counts the rest as over the limit', () => {
		const many = Array.from({length: MAX_HISTORY + 3}, (_, i) => ({...base, agentId: `a${i}`}));
		const decoded = decodeHistory(many);
		expect(decoded?.items).toHaveLength(MAX_HISTORY);
		expect(decoded).toMatchObject({skipped: 0, overLimit: 3});
		expect(decodeHistory({})).toBeUndefined();
	});
});
