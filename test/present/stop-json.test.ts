// `agentlog stop --json` and `--cancel --json`: the shapes printed.
import {describe, expect, it} from 'vitest';
import {agent, ms} from '../helpers/agent-fixtures.js';
import {buildMonitorModel} from '../../src/core/monitor/model.js';
import {newStopRequest} from '../../src/core/stop/stop-request.js';
import {planStop} from '../../src/core/stop/stop-target.js';
import {stopCancelJson, stopJson} from '../../src/present/stop-json.js';

const NOW = ms(100);

describe('stopJson', () => {
	it('gives the request, every agent it stops, and whether the hook carries it out', () => {
		const {items} = buildMonitorModel({
			agents: [agent('aparent0001'), agent('achild00001', {extra: {parentAgentId: 'aparent0001'}})],
			transcripts: new Map(),
			now: NOW,
			options: {staleMs: 300_000, dedup: true, showGhosts: true, showAll: true},
		});
		const plan = planStop('aparent0001', items);
		if (!plan.ok) {
			throw new Error(plan.error);
		}
		const request = newStopRequest('r1', plan.value.agents, plan.value.runs, NOW);
		expect(stopJson('s1', {plan: plan.value, request, installed: false}, true)).toEqual({
			sessionId: 's1',
			requestId: 'r1',
			dryRun: true,
			agents: ['aparent0001'],
			runs: [],
			stops: ['aparent0001', 'achild00001'],
			requestedAt: new Date(NOW).toISOString(),
			expiresAt: new Date(NOW + 30 * 60_000).toISOString(),
			installed: false,
		});
	});
});

describe('stopCancelJson', () => {
	it('gives the session and how many requests were withdrawn', () => {
		expect(stopCancelJson('s1', 2)).toEqual({sessionId: 's1', cancelled: 2});
	});
});
