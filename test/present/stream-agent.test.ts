// One agent as `agentlog stream` writes it: `ls --json`'s element narrowed and bounded (the
// newest tool calls, the first files, the report cut), optional fields only when set.
import {describe, expect, it} from 'vitest';
import {buildMonitorModel, type TranscriptFacts} from '../../src/core/monitor/model.js';
import type {AgentRecord} from '../../src/core/record/agent-record.js';
import {EMPTY_SUMMARY, type ToolCall} from '../../src/core/transcript/summary.js';
import {streamAgent} from '../../src/present/stream-agent.js';
import {agent, ms} from '../helpers/agent-fixtures.js';
import {streamAgentFixture} from '../helpers/stream-agents.js';

const options = {staleMs: 300_000, dedup: true, showGhosts: false, showAll: true};

function streamed(record: AgentRecord, facts?: Partial<TranscriptFacts['summary']>) {
	const transcripts = new Map<string, TranscriptFacts>(
		facts === undefined
			? []
			: [
					[
						record.agentId,
						{
							summary: {...EMPTY_SUMMARY, lines: 1, ...facts},
							description: undefined,
							parentAgentId: undefined,
							history: undefined,
							missing: false,
							mtimeMs: ms(50),
						},
					],
				],
	);
	const [item] = buildMonitorModel({agents: [record], transcripts, now: ms(60), options}).items;
	return streamAgent(record, item!);
}

const call = (i: number): ToolCall => ({id: `c${i}`, name: 'Bash', summary: `Bash step ${i}`, at: ms(i)});

describe('streamAgent', () => {
	it('a plain running agent: the fields every stream agent has, nothing optional', () => {
		expect(streamed(agent('a1', {type: 'Explore', start: 10}))).toEqual(
			streamAgentFixture('a1', {
				startedAt: '2026-03-01T12:00:10Z',
				updatedAt: '2026-03-01T12:00:10Z',
				description: null,
				lastSignOfLifeAt: '2026-03-01T12:00:10.000Z',
			}),
		);
	});

	it('optional fields appear only when the record sets them', () => {
		const a = streamed(
			agent('a2', {
				start: 0,
				stop: 30,
				extra: {sessionId: 's1', cwd: '/repo', teammateName: 'scout', interrupted: true, stopReason: 'session-end', resumeCount: 1, spawnDepth: 2},
			}),
		);
		expect(a).toMatchObject({
			stoppedAt: '2026-03-01T12:00:30Z',
			sessionId: 's1',
			cwd: '/repo',
			teammateName: 'scout',
			interrupted: true,
			stopReason: 'session-end',
			resumeCount: 1,
			spawnDepth: 2,
		});
		const plain = streamed(agent('a3', {start: 0, extra: {interrupted: false}}));
		for (const key of [
			'stoppedAt',
			'sessionId',
			'cwd',
			'teammateName',
			'interrupted',
			'stopReason',
			'resumeCount',
			'spawnDepth',
			'waitingFor',
			'waitingSince',
		]) {
			expect(plain, key).not.toHaveProperty(key);
		}
	});

	it('keeps the newest 8 tool calls and the first 50 files', () => {
		const a = streamed(agent('a4', {start: 40}), {
			toolCalls: Array.from({length: 20}, (_, i) => call(i)),
			toolCounts: {Bash: 20},
			files: Array.from({length: 80}, (_, i) => `f${i}.ts`),
		});
		expect(a.toolCalls?.map(c => c.summary)).toEqual(Array.from({length: 8}, (_, i) => `Bash step ${i + 12}`));
		expect(a.files).toHaveLength(50);
		expect(a.files?.[49]).toBe('f49.ts');
		expect(a.toolCounts).toEqual({Bash: 20});
	});

	it('cuts the report to 16,000 units, never a total of tokens the record had', () => {
		const a = streamed(agent('a5', {start: 0, stop: 20, extra: {lastMessage: 'r'.repeat(50_000), totalTokens: 1234}}));
		expect(a.report).toHaveLength(16_000);
		expect(a.reportSource).not.toBeNull();
		expect(a).not.toHaveProperty('totalTokens');
		expect(streamed(agent('a6', {start: 0})).report).toBeNull();
	});
});
