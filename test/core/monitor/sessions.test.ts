import {describe, expect, it} from 'vitest';
import {byRecent, latestSession, resolveSession, summarizeSession, type SessionInfo, type TeamInfo} from '../../../src/core/monitor/sessions.js';
import {agent, ms} from '../../helpers/agent-fixtures.js';

function session(id: string, lastActivity: number): SessionInfo {
	return {id, lastActivity, counts: {waiting: 0, active: 1, idle: 0, stopped: 2, stale: 0}};
}

const A = 'a1b2c3d4-1111-4000-8000-000000000001';
const B = 'a1b2ffff-2222-4000-8000-000000000002';
const C = 'c0ffee00-3333-4000-8000-000000000003';
const D = 'a1b2c3d4-4444-4000-8000-000000000004';
const sessions = [session(A, ms(10)), session(B, ms(30)), session(C, ms(20))];
const noTeams = new Map<string, TeamInfo>();

describe('resolveSession', () => {
	it('matches an exact id', () => {
		expect(resolveSession(A, sessions, noTeams)).toEqual({ok: true, sessionId: A, via: 'exact', known: true});
	});

	it('matches a unique prefix, ignoring case', () => {
		expect(resolveSession('c0f', sessions, noTeams)).toEqual({ok: true, sessionId: C, via: 'prefix', known: true});
		expect(resolveSession('A1B2C3', sessions, noTeams)).toMatchObject({ok: true, sessionId: A});
	});

	it('reports an ambiguous prefix with every match, most recent first', () => {
		const result = resolveSession('a1b2', sessions, noTeams);
		expect(result.ok).toBe(false);
		if (!result.ok) {
			expect(result.reason).toBe('ambiguous');
			expect(result.candidates.map(s => s.id)).toEqual([B, A]);
			expect(result.message).toContain('ambiguous');
			expect(result.message.split('\n').slice(1)).toEqual([`  ${B}  (1 active, 0 idle, 2 stopped)`, `  ${A}  (1 active, 0 idle, 2 stopped)`]);
		}
	});

	it('resolves a team name to its lead session', () => {
		const teams = new Map([['humble-chasing-goose', {leadSessionId: C}]]);
		expect(resolveSession('humble-chasing-goose', sessions, teams)).toEqual({ok: true, sessionId: C, via: 'team', known: true});
	});

	it('resolves a team whose lead has no agent file yet, flagged unknown', () => {
		const teams = new Map([['fresh', {leadSessionId: D}]]);
		expect(resolveSession('fresh', sessions, teams)).toEqual({ok: true, sessionId: D, via: 'team', known: false});
	});

	it('ignores a team with no or a malformed leadSessionId', () => {
		const teams = new Map<string, TeamInfo>([
			['nolead', {}],
			['evil', {leadSessionId: '../../etc'}],
		]);
		expect(resolveSession('nolead', sessions, teams)).toMatchObject({ok: false, reason: 'unknown'});
		expect(resolveSession('evil', sessions, teams)).toMatchObject({ok: false, reason: 'unknown'});
	});

	it('prefers an exact id over a team of the same name', () => {
		const teams = new Map([[A, {leadSessionId: C}]]);
		expect(resolveSession(A, sessions, teams)).toMatchObject({ok: true, sessionId: A, via: 'exact'});
	});

	it('treats an implicit team name session-<8 chars> as a prefix', () => {
		expect(resolveSession('session-c0ffee00', sessions, noTeams)).toEqual({
			ok: true,
			sessionId: C,
			via: 'implicit-team',
			known: true,
		});
	});

	it('reports an ambiguous implicit team name', () => {
		const withD = [...sessions, session(D, ms(40))];
		const result = resolveSession('session-a1b2c3d4', withD, noTeams);
		expect(result).toMatchObject({ok: false, reason: 'ambiguous'});
		expect(result.ok ? [] : result.candidates.map(s => s.id)).toEqual([D, A]);
	});

	it('lets a team config win over the implicit name', () => {
		const teams = new Map([['session-c0ffee00', {leadSessionId: A}]]);
		expect(resolveSession('session-c0ffee00', sessions, teams)).toMatchObject({sessionId: A, via: 'team'});
	});

	it('reports an unknown argument with the closest sessions', () => {
		const result = resolveSession('a1b2c3ff', sessions, noTeams);
		expect(result).toMatchObject({ok: false, reason: 'unknown'});
		if (!result.ok) {
			// A shares 6 characters, B 4, C none.
			expect(result.candidates.map(s => s.id)).toEqual([A, B, C]);
			expect(result.message).toContain('no session matches "a1b2c3ff"');
			expect(result.message).toContain(A);
		}
	});

	it('suggests at most 5, most recent first among equals', () => {
		const lots = Array.from({length: 7}, (_, i) => session(`s${i}`, ms(i)));
		const result = resolveSession('zzz', lots, noTeams);
		expect(result.ok ? [] : result.candidates.map(s => s.id)).toEqual(['s6', 's5', 's4', 's3', 's2']);
	});

	it('says so when there are no sessions at all', () => {
		const result = resolveSession('abc', [], noTeams);
		expect(result).toMatchObject({ok: false, reason: 'unknown', candidates: []});
		expect(result.ok ? '' : result.message).toContain('no sessions yet');
	});

	it('rejects an empty argument', () => {
		expect(resolveSession('  ', sessions, noTeams)).toMatchObject({ok: false, reason: 'empty'});
	});
});

describe('latestSession', () => {
	it('picks the most recently active session', () => {
		expect(latestSession(sessions)?.id).toBe(B);
		expect(latestSession([])).toBeUndefined();
	});

	it('is the order of every session list: the first of a list sorted by byRecent', () => {
		expect([...sessions].sort(byRecent)[0]).toBe(latestSession(sessions));
	});

	it('breaks ties by id, stably', () => {
		const tied = [session('x1', ms(5)), session('x2', ms(5))];
		expect(latestSession(tied)?.id).toBe('x2');
		expect(latestSession([...tied].reverse())?.id).toBe('x2');
	});
});

describe('summarizeSession', () => {
	const agents = [
		agent('run', {type: 'a', start: 0, updated: 900}),
		agent('quiet', {type: 'b', start: 0, updated: 100}),
		agent('wait', {type: 'c', start: 0, updated: 950, status: 'idle'}),
		agent('worker', {type: 'd', start: 0, stop: 500}),
		agent('ghost', {type: 'd', start: 505, stop: 960}),
	];

	it('counts display statuses, ghosts left out', () => {
		expect(summarizeSession(agents, {now: ms(1000), staleMs: 300_000, dedup: true})).toEqual({waiting: 0, active: 1, idle: 1, stopped: 2, stale: 1});
	});

	it('counts ghosts without dedup', () => {
		expect(summarizeSession(agents, {now: ms(1000), staleMs: 300_000, dedup: false}).stopped).toBe(3);
	});

	it('counts nothing for no agents', () => {
		expect(summarizeSession([], {now: ms(1000), staleMs: 300_000, dedup: true})).toEqual({waiting: 0, active: 0, idle: 0, stopped: 0, stale: 0});
	});
});
