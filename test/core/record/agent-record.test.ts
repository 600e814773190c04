// parseAgentRecord: the lifecycle and Agent-call fields are kept when well formed and
// dropped, not fatal, when not.
import {describe, expect, it} from 'vitest';
import {parseAgentRecord} from '../../../src/core/record/agent-record.js';

const base = {agentId: 'a1', type: 'Explore', status: 'stopped', startedAt: '2026-11-20T10:00:00.000Z', stoppedAt: '2026-11-20T10:05:00.000Z'};

describe('parseAgentRecord: lifecycle and call fields', () => {
	it('keeps them when well formed', () => {
		const fields = {
			interrupted: true,
			stopReason: 'session-end:prompt_input_exit',
			resumedAt: '2026-11-20T10:02:00.000Z',
			resumeCount: 2,
			description: 'Find routes',
			model: 'claude-haiku-4-5',
			totalTokens: 12450,
			totalToolUseCount: 7,
			totalDurationMs: 48211,
			parentAgentId: 'a0f3',
		};
		const parsed = parseAgentRecord({...base, ...fields});
		expect(parsed.ok && parsed.value).toMatchObject(fields);
	});

	it('drops each when of the wrong type or unsafe, and keeps the record', () => {
		const parsed = parseAgentRecord({
			...base,
			interrupted: 'yes',
			stopReason: 3,
			resumedAt: 'not a time',
			resumeCount: -1,
			description: {},
			model: [],
			totalTokens: Number.NaN,
			totalToolUseCount: '7',
			totalDurationMs: null,
			parentAgentId: '../etc',
		});
		expect(parsed.ok).toBe(true);
		const value = parsed.ok ? (parsed.value as unknown as Record<string, unknown>) : {};
		for (const key of [
			'interrupted',
			'stopReason',
			'resumedAt',
			'resumeCount',
			'description',
			'model',
			'totalTokens',
			'totalToolUseCount',
			'totalDurationMs',
			'parentAgentId',
		]) {
			expect(value, key).not.toHaveProperty(key);
		}
	});
});
