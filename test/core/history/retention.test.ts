import {describe, expect, it} from 'vitest';
import type {EventLine} from '../../../src/core/record/event-line.js';
import {foldEvents} from '../../../src/core/history/fold.js';
import {
	DEFAULT_RETENTION_MS,
	formatBytes,
	formatRetention,
	isLive,
	livesFromHistory,
	newest,
	parseRetention,
	retentionFrom,
	sessionsToPrune,
	type SessionFacts,
} from '../../../src/core/history/retention.js';
import {DEFAULT_STALE_MS} from '../../../src/core/monitor/stale.js';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

describe('parseRetention', () => {
	it('reads durations', () => {
		expect(parseRetention('30d')).toEqual({ok: true, value: 30 * DAY});
		expect(parseRetention('12h')).toEqual({ok: true, value: 12 * 60 * MIN});
		expect(parseRetention('90m')).toEqual({ok: true, value: 90 * MIN});
		expect(parseRetention(' 1d12h ')).toEqual({ok: true, value: 36 * 60 * MIN});
	});

	it.each(['1m', '1ms', '59m', '30s'])('rejects %j, under an hour (1m is a minute, not a month), saying so', text => {
		const parsed = parseRetention(text);
		expect(parsed.ok).toBe(false);
		expect(parsed.ok ? '' : parsed.error).toMatch(/is under 1h, .*1m is one minute; a month is 30d/);
		expect(parseRetention('1h')).toEqual({ok: true, value: 60 * MIN});
	});

	it('a tiny AGENTLOG_RETENTION is not used by the hook: the default, with why', () => {
		expect(retentionFrom({AGENTLOG_RETENTION: '1m'})).toMatchObject({ms: 30 * DAY, source: 'default'});
		expect(retentionFrom({AGENTLOG_RETENTION: '1m'}).warning).toMatch(/under 1h/);
	});

	it.each(['0d', '0', '-3d', 'soon', '', '30', '3x'])('rejects %j with a message that says so', text => {
		const parsed = parseRetention(text);
		expect(parsed.ok).toBe(false);
		expect(parsed.ok ? '' : parsed.error).toMatch(/^invalid retention: invalid duration .*; use a number with a unit/);
	});
});

describe('retentionFrom', () => {
	it('is 30 days by default', () => {
		expect(DEFAULT_RETENTION_MS).toBe(30 * DAY);
		expect(retentionFrom({})).toEqual({ms: 30 * DAY, source: 'default'});
		expect(retentionFrom({AGENTLOG_RETENTION: '  '})).toEqual({ms: 30 * DAY, source: 'default'});
	});

	it('takes AGENTLOG_RETENTION', () => {
		expect(retentionFrom({AGENTLOG_RETENTION: '7d'})).toEqual({ms: 7 * DAY, source: 'env'});
	});

	it('falls back to the default on an invalid value, and says why', () => {
		const r = retentionFrom({AGENTLOG_RETENTION: '0d'});
		expect(r.ms).toBe(30 * DAY);
		expect(r.source).toBe('default');
		expect(r.warning).toMatch(/^AGENTLOG_RETENTION: invalid retention: .*more than 0.*; using the default, 30d$/);
	});
});

function session(id: string, lastEventMs: number | undefined, agents: SessionFacts['agents'] = [], bytes = 100): SessionFacts {
	return {id, lastEventMs, agents, bytes};
}

describe('sessionsToPrune', () => {
	const rule = {now: NOW, olderThanMs: 30 * DAY};

	it('removes sessions whose last event is at least the retention old; keeps the others', () => {
		const d = sessionsToPrune([session('old', NOW - 31 * DAY), session('edge', NOW - 30 * DAY), session('new', NOW - 29 * DAY)], rule);
		expect(d.remove.map(s => s.id)).toEqual(['old', 'edge']);
		expect(d.keep).toEqual([{session: session('new', NOW - 29 * DAY), reason: 'recent'}]);
	});

	it('keeps an old session with an idle agent, or an active one that is not stale', () => {
		const d = sessionsToPrune(
			[
				session('idle', NOW - 90 * DAY, [{agentId: 'a1', status: 'idle', lifeMs: NOW - 90 * DAY}]),
				// Active with a sign of life a minute ago (e.g. its log was read and folded at now).
				session('running', NOW - 40 * DAY, [
					{agentId: 'b0', status: 'stopped', lifeMs: NOW - 40 * DAY},
					{agentId: 'b1', status: 'active', lifeMs: NOW - MIN},
				]),
			],
			rule,
		);
		expect(d.remove).toEqual([]);
		expect(d.keep.map(k => [k.session.id, k.reason, k.agentId])).toEqual([
			['idle', 'live-agent', 'a1'],
			['running', 'live-agent', 'b1'],
		]);
	});

	it('removes an old session whose active agent is stale (the monitor shows it stopped)', () => {
		const d = sessionsToPrune([session('s', NOW - 40 * DAY, [{agentId: 'a', status: 'active', lifeMs: NOW - 40 * DAY}])], rule);
		expect(d.remove.map(s => s.id)).toEqual(['s']);
	});

	it('applies the stale time it is given', () => {
		const agents = [{agentId: 'a', status: 'active' as const, lifeMs: NOW - 10 * MIN}];
		expect(sessionsToPrune([session('s', NOW - 40 * DAY, agents)], {...rule, staleMs: 60 * MIN}).remove).toEqual([]);
		expect(sessionsToPrune([session('s', NOW - 40 * DAY, agents)], {...rule, staleMs: 5 * MIN}).remove).toHaveLength(1);
	});

	it('keeps a session whose age is unknown', () => {
		expect(sessionsToPrune([session('s', undefined)], rule).keep[0]?.reason).toBe('unknown-age');
	});
});

describe('isLive and livesFromHistory: the monitor and the fold rules', () => {
	it('is the monitor rule: idle always, active until stale, never stopped', () => {
		expect(isLive({agentId: 'a', status: 'idle', lifeMs: NOW - 365 * DAY}, NOW)).toBe(true);
		expect(isLive({agentId: 'a', status: 'active', lifeMs: NOW - DEFAULT_STALE_MS + 1}, NOW)).toBe(true);
		expect(isLive({agentId: 'a', status: 'active', lifeMs: NOW - DEFAULT_STALE_MS}, NOW)).toBe(false);
		expect(isLive({agentId: 'a', status: 'stopped', lifeMs: NOW}, NOW)).toBe(false);
	});

	it('gives the fold statuses as the monitor sees them: active, resumed and idle live; completed, interrupted and stale do not', () => {
		const at = (ms: number) => new Date(NOW + ms).toISOString();
		const line = (event: string, agentId: string, ms: number, state: EventLine['state']): EventLine => ({
			v: 1,
			at: at(ms),
			event,
			sessionId: 's',
			agentId,
			state,
		});
		const lines: EventLine[] = [
			line('SubagentStart', 'done', -10 * MIN, 'active'),
			line('SubagentStop', 'done', -9 * MIN, 'stopped'),
			line('SubagentStart', 'stale', -10 * MIN, 'active'),
			line('SubagentStart', 'running', -MIN, 'active'),
			line('SubagentStart', 'resumed', -10 * MIN, 'active'),
			line('SubagentStop', 'resumed', -9 * MIN, 'stopped'),
			line('SubagentStart', 'resumed', -MIN, 'active'),
			line('SubagentStart', 'teammate', -10 * MIN, 'active'),
			line('TeammateIdle', 'teammate', -9 * MIN, 'idle'),
		];
		const histories = foldEvents(lines, {now: NOW});
		const status = Object.fromEntries(histories.map(h => [h.agentId, h.status]));
		expect(status).toEqual({done: 'completed', stale: 'stale', running: 'active', resumed: 'resumed', teammate: 'idle'});
		const live = livesFromHistory(histories)
			.filter(a => isLive(a, NOW))
			.map(a => a.agentId)
			.sort();
		expect(live).toEqual(['resumed', 'running', 'teammate']);
	});

	it('a failed agent and one stopped by you, a minute ago, are stopped: they keep no session alive', () => {
		const at = (ms: number) => new Date(NOW + ms).toISOString();
		const lines: EventLine[] = [
			{v: 1, at: at(-2 * MIN), event: 'SubagentStart', sessionId: 's', agentId: 'failed', state: 'active'},
			{v: 1, at: at(-MIN), event: 'StopFailure', sessionId: 's', agentId: 'failed', state: 'stopped', data: {error: 'rate_limit'}},
			{v: 1, at: at(-2 * MIN), event: 'SubagentStart', sessionId: 's', agentId: 'mine', state: 'active'},
			{v: 1, at: at(-MIN), event: 'UserStop', sessionId: 's', agentId: 'mine', state: 'stopped'},
		];
		const histories = foldEvents(lines, {now: NOW});
		expect(Object.fromEntries(histories.map(h => [h.agentId, h.status]))).toEqual({failed: 'failed', mine: 'user-stopped'});
		expect(livesFromHistory(histories).filter(a => isLive(a, NOW))).toEqual([]);
	});
});

describe('newest, formatRetention and formatBytes', () => {
	it('writes a retention as it would be given', () => {
		expect(formatRetention(30 * DAY)).toBe('30d');
		expect(formatRetention(36 * 60 * MIN)).toBe('1d12h');
		expect(formatRetention(90 * MIN)).toBe('1h30m');
		expect(formatRetention(1500)).toBe('1s500ms');
		expect(parseRetention(formatRetention(DAY + 61_001))).toEqual({ok: true, value: DAY + 61_001});
	});

	it('newest skips unknown times', () => {
		expect(newest([undefined, 3, Number.NaN, 7, 5])).toBe(7);
		expect(newest([undefined])).toBeUndefined();
	});

	it('formats sizes', () => {
		expect(formatBytes(0)).toBe('0 B');
		expect(formatBytes(1023)).toBe('1023 B');
		expect(formatBytes(1024)).toBe('1 KB');
		expect(formatBytes(1536)).toBe('1.5 KB');
		expect(formatBytes(23 * 1024 * 1024 + 5)).toBe('23 MB');
		expect(formatBytes(1.25 * 1024 ** 3)).toBe('1.2 GB');
	});
});
