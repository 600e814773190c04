import {describe, expect, it} from 'vitest';
import {remoteSessionsJson, sessionsJson, sessionsTable, skippedRolloutsText, unreadableFilesText} from '../../src/present/sessions-text.js';

const now = Date.parse('2026-03-01T12:00:00Z');
const counts = {waiting: 0, active: 1, idle: 0, stopped: 2, stale: 0};
const rows = [
	{id: 'aaaa-1', provider: 'claude' as const, label: 'aaaa-1', counts, lastActivity: now - 60_000, warnings: 0},
	{id: 'bbbb-2', provider: 'codex' as const, label: 'bbbb-2', counts, lastActivity: now - 120_000, warnings: 2},
];

describe('sessionsTable', () => {
	it('one line per session, the tool marked; COST only with --cost, even when no cost is known', () => {
		const plain = sessionsTable(rows, now).split('\n');
		expect(plain[0]).toMatch(/^SESSION\s+ACTIVE\s+IDLE\s+STOPPED\s+LAST ACTIVITY$/u);
		expect(plain[2]).toMatch(/^\[codex\] bbbb-2\s+● 1\s+◐ 0\s+○ 2\s+\S/u);
		const withCost = sessionsTable(rows, now, [undefined, undefined]).split('\n');
		expect(withCost[0]).toMatch(/STOPPED\s+COST\s+LAST ACTIVITY$/u);
	});
});

describe('sessions JSON', () => {
	it('--json: the listing entries; --cost adds a cost (null when unknown)', () => {
		expect((JSON.parse(sessionsJson(rows, undefined)) as object[])[0]).not.toHaveProperty('cost');
		expect((JSON.parse(sessionsJson(rows, [undefined, undefined])) as {cost: unknown}[])[0]!.cost).toBeNull();
	});

	it('--host --json: each names its host, the time as ISO', () => {
		expect(JSON.parse(remoteSessionsJson('box', [{lastActivity: now}]))).toEqual([{host: 'box', lastActivity: '2026-03-01T12:00:00.000Z'}]);
	});
});

describe('sessions notes', () => {
	it('say the rollouts skipped and each session with unreadable files', () => {
		expect(skippedRolloutsText(0)).toBe('');
		expect(skippedRolloutsText(1)).toMatch(/^agentlog: 1 Codex rollout file skipped/u);
		expect(unreadableFilesText(rows)).toBe('agentlog: session bbbb-2: 2 unreadable files skipped (agentlog ls bbbb-2 names them)\n');
	});
});
