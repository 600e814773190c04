// The one merge of another tool's sessions into watch's sources (store/live/provider-live.ts):
// nothing told while nothing of the tool is there (an idle watch stays idle), and a tool whose hook
// writes records too (Codex) has the shown session's hook records handed to its load and merged
// again after they change.
import {mkdirSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, it, vi} from 'vitest';
import type {AgentRecord} from '../../../src/core/record/agent-record.js';
import {ProviderLive, type ProviderScan} from '../../../src/store/live/provider-live.js';
import {FakeSource} from '../../helpers/fake-source.js';
import {tempDir} from '../../helpers/tmp.js';

const SESSION = 'aaaa1111-2222-4333-8444-555566667777';
const lives: ProviderLive[] = [];
afterEach(() => {
	for (const live of lives.splice(0)) {
		live.close();
	}
});

const record = (agentId: string, extra: Partial<AgentRecord> = {}): AgentRecord => ({
	agentId,
	type: 'worker',
	status: 'active',
	startedAt: '2026-11-29T05:00:00.000Z',
	updatedAt: '2026-11-29T05:00:01.000Z',
	provider: 'codex',
	...extra,
});

describe('ProviderLive', () => {
	it('tells no one anything while the tool has no session (polls without news cost no frame)', async () => {
		const scan: ProviderScan = {key: () => '', read: () => []};
		const live = new ProviderLive({scan, activity: tempDir('activity-'), session: undefined, prefix: 'x:', pollMs: 5});
		lives.push(live);
		const inner = new FakeSource([], {sessionId: undefined});
		const agents = live.agents(inner);
		const told = vi.fn();
		agents.subscribe(told);
		agents.getSnapshot();
		live.start();
		await new Promise(resolve => setTimeout(resolve, 100));
		expect(told).not.toHaveBeenCalled();
	});

	it('withHooked: the hook records of the shown session go to load, merged again when they change', async () => {
		const activity = tempDir('activity-');
		mkdirSync(path.join(activity, SESSION));
		const loads: string[][] = [];
		const scan: ProviderScan = {
			key: () => 'one',
			read: () => [
				{
					sessionId: SESSION,
					lastActivity: 1,
					load: hooked => {
						loads.push(hooked.map(r => `${r.agentId}:${r.description ?? ''}`));
						const agents = [record('child', {description: hooked.find(r => r.agentId === 'child')?.description ?? 'from its rollout'})];
						return {agents, facts: new Map()};
					},
				},
			],
		};
		const live = new ProviderLive({scan, activity, session: SESSION, prefix: 'codex:', pollMs: 5, withHooked: 'codex'});
		lives.push(live);
		const inner = new FakeSource([record('child', {description: 'hooked'}), record('claude-agent', {provider: undefined})], {sessionId: SESSION});
		const agents = live.agents(inner);
		agents.getSnapshot();
		live.start();
		await vi.waitFor(() =>
			expect([...agents.getSnapshot().set.agents.values()].map(a => [a.agentId, a.description])).toEqual([
				['claude-agent', undefined],
				['child', 'hooked'],
			]),
		);
		// Only this tool's records are handed over; the session has a folder, so it is merged, not replaced.
		expect(loads[0]).toEqual(['child:hooked']);
		inner.setAgents([record('child', {description: 'hooked again'})]);
		agents.getSnapshot();
		await vi.waitFor(() => expect([...agents.getSnapshot().set.agents.values()].map(a => a.description)).toEqual(['hooked again']));
	});

	it('without withHooked, a session asked for replaces the inner one and load is given nothing', () => {
		const activity = tempDir('activity-');
		mkdirSync(path.join(activity, SESSION));
		let given: readonly AgentRecord[] | undefined;
		const scan: ProviderScan = {
			key: () => 'one',
			read: () => [
				{
					sessionId: SESSION,
					lastActivity: 1,
					load: hooked => {
						given = hooked;
						return {agents: [record('child', {provider: 'opencode'})], facts: new Map()};
					},
				},
			],
		};
		const live = new ProviderLive({scan, activity, session: SESSION, prefix: 'opencode:', pollMs: 1000});
		lives.push(live);
		const agents = live.agents(new FakeSource([record('claude-agent', {provider: undefined})], {sessionId: SESSION}));
		agents.getSnapshot();
		live.start();
		expect(given).toEqual([]);
		expect([...agents.getSnapshot().set.agents.keys()]).toEqual(['opencode:child']);
	});
});
