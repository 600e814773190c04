// One-shot answers from another machine (ls --json, sessions --json, status json) are checked
// and bounded like stream lines.
import {describe, expect, it} from 'vitest';
import {decodeAgents, decodeSessions, decodeStatus, MAX_SESSIONS} from '../../../src/core/remote/answers.js';
import {streamAgentFixture} from '../../helpers/stream-agents.js';
import {MAX_AGENTS} from '../../../src/core/remote/decode.js';

describe('one-shot answers', () => {
	it('keeps the valid agents of an ls --json array and counts the rest', () => {
		expect(decodeAgents({})).toBeUndefined();
		const decoded = decodeAgents([streamAgentFixture('a1'), {agentId: 'x'}, 'junk']);
		expect(decoded?.items.map(a => a.agentId)).toEqual(['a1']);
		expect(decoded?.skipped).toBe(2);
	});

	it('counts the agents past the cap apart from those not valid', () => {
		const decoded = decodeAgents([...Array.from({length: MAX_AGENTS + 100}, (_, i) => streamAgentFixture(`a${i}`))]);
		expect(decoded).toMatchObject({skipped: 0, overLimit: 100});
		expect(decoded?.items).toHaveLength(MAX_AGENTS);
	});

	it('checks sessions: safe ids, counts that are whole numbers, a real time; capped', () => {
		const decoded = decodeSessions([
			{id: 'ab\u001b[2Jcd', counts: {active: 2, idle: -1, stopped: 'x'}, lastActivity: '2026-11-20T10:00:00.000Z', provider: 'codex'},
			{id: 'no-time', counts: {}, lastActivity: 'soon'},
		]);
		expect(decoded?.items).toEqual([
			{
				id: 'ab␛[2Jcd',
				counts: {waiting: 0, active: 2, idle: 0, stopped: 0, stale: 0},
				lastActivity: Date.parse('2026-11-20T10:00:00.000Z'),
				mainWaiting: false,
				provider: 'codex',
			},
		]);
		const many = Array.from({length: MAX_SESSIONS + 5}, (_, i) => ({id: `s${i}`, counts: {}, lastActivity: '2026-11-20T10:00:00.000Z'}));
		expect(decodeSessions(many)?.items).toHaveLength(MAX_SESSIONS);
	});

	it('checks a status', () => {
		expect(decodeStatus([])).toBeUndefined();
		expect(decodeStatus({sessionId: 5, counts: {active: 1}, mainWaiting: 'yes'})).toEqual({
			sessionId: undefined,
			counts: {waiting: 0, active: 1, idle: 0, stopped: 0, stale: 0},
			mainWaiting: false,
			provider: 'claude',
		});
	});
});
