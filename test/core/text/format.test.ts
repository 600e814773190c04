import {describe, expect, it} from 'vitest';
import {agentDuration} from '../../../src/core/monitor/duration.js';
import {formatDuration, formatLocalTime, parseDuration, parseTime, shortId} from '../../../src/core/text/format.js';
import {agent, ms} from '../../helpers/agent-fixtures.js';
import {truncate} from '../../../src/core/text/cut.js';

describe('formatDuration', () => {
	it.each([
		[0, '0s'],
		[999, '0s'],
		[45_000, '45s'],
		[59_999, '59s'],
		[60_000, '1m 00s'],
		[185_000, '3m 05s'],
		[3_599_000, '59m 59s'],
		[3_600_000, '1h 00m'],
		[3_720_000, '1h 02m'],
		[86_399_000, '23h 59m'],
		[86_400_000, '1d 0h'],
		[2 * 86_400_000 + 3 * 3_600_000 + 59 * 60_000, '2d 3h'],
		[400 * 86_400_000, '400d 0h'],
	])('%d ms → %s', (input, expected) => {
		expect(formatDuration(input)).toBe(expected);
	});

	it('shows 0s for negative and non-numbers', () => {
		expect(formatDuration(-5000)).toBe('0s');
		expect(formatDuration(Number.NaN)).toBe('0s');
		expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('0s');
	});
});

describe('agentDuration', () => {
	const live = {displayStatus: 'active', stale: false, lastLife: 0} as const;

	it('runs an active agent to now', () => {
		expect(agentDuration(agent('a', {start: 0, updated: 10}), ms(75), live)).toBe(75_000);
	});

	it('runs a stopped agent to its stop', () => {
		const a = agent('a', {start: 0, stop: 42});
		expect(agentDuration(a, ms(1000), {displayStatus: 'stopped', stale: false, lastLife: ms(42)})).toBe(42_000);
	});

	it('runs a stopped agent without stoppedAt to its last event', () => {
		const a = agent('a', {start: 0, updated: 30, status: 'stopped'});
		expect(agentDuration(a, ms(1000), {displayStatus: 'stopped', stale: false, lastLife: ms(30)})).toBe(30_000);
	});

	it('runs a stale agent to its last sign of life', () => {
		const a = agent('a', {start: 0, updated: 50});
		expect(agentDuration(a, ms(1000), {displayStatus: 'stopped', stale: true, lastLife: ms(50)})).toBe(50_000);
	});

	it('runs an idle agent to when it went idle, not to now', () => {
		const a = agent('t', {start: 0, updated: 20, status: 'idle'});
		expect(agentDuration(a, ms(5000), {displayStatus: 'idle', stale: false, lastLife: ms(20)})).toBe(20_000);
	});

	it('is unknown when the start was never seen or cannot be read', () => {
		const unseen = agent('a', {start: 0, stop: 5, extra: {startUnknown: true}});
		expect(agentDuration(unseen, ms(10), {displayStatus: 'stopped', stale: false, lastLife: ms(5)})).toBeUndefined();
		const bad = agent('b', {extra: {startedAt: 'nope'}});
		expect(agentDuration(bad, ms(10), live)).toBeUndefined();
	});

	it('is never negative', () => {
		expect(agentDuration(agent('a', {start: 100}), ms(90), live)).toBe(0);
	});
});

describe('truncate', () => {
	it('leaves short text alone', () => {
		expect(truncate('done', 60)).toBe('done');
		expect(truncate('x'.repeat(60), 60)).toBe('x'.repeat(60));
	});

	it('cuts to max characters and adds …', () => {
		expect(truncate('x'.repeat(61), 60)).toBe(`${'x'.repeat(60)}…`);
		expect(truncate('abcdefgh', 3)).toBe('abc…');
	});

	it('collapses whitespace and newlines first', () => {
		expect(truncate('  # Title\n\n- one\t two  ', 60)).toBe('# Title - one two');
		expect(truncate('a\n\n\nb c d', 3)).toBe('a b…');
	});

	it('drops a trailing space before the …', () => {
		expect(truncate('hello world', 6)).toBe('hello…');
	});

	it('counts emoji as one character and never splits a surrogate pair', () => {
		expect(truncate('😀😀😀', 3)).toBe('😀😀😀');
		expect(truncate('😀😀😀😀', 3)).toBe('😀😀😀…');
		const cut = truncate('ab😀cd', 3);
		expect(cut).toBe('ab😀…');
		// encodeURIComponent throws on a lone surrogate.
		expect(() => encodeURIComponent(cut)).not.toThrow();
		expect(truncate('𝒳𝒴𝒵', 1)).toBe('𝒳…');
	});

	it('keeps only … when max is below 1', () => {
		expect(truncate('abc', 0)).toBe('…');
		expect(truncate('', 0)).toBe('');
	});
});

describe('shortId', () => {
	it('takes the first 8 characters', () => {
		expect(shortId('a1b2c3d4-e5f6-7890-abcd-ef0123456789')).toBe('a1b2c3d4');
		expect(shortId('abc')).toBe('abc');
	});
});

describe('parseTime', () => {
	it('reads ISO timestamps and rejects the rest', () => {
		expect(parseTime('2026-03-01T12:00:05Z')).toBe(ms(5));
		expect(parseTime('garbage')).toBeUndefined();
		expect(parseTime('')).toBeUndefined();
		expect(parseTime(undefined)).toBeUndefined();
	});
});

describe('formatLocalTime', () => {
	const now = Date.parse('2026-11-21T23:30:00Z');

	it('shows only the time for today', () => {
		expect(formatLocalTime('2026-11-21T14:03:07Z', now, 'UTC')).toBe('14:03:07');
		expect(formatLocalTime('2026-11-21T00:00:00Z', now, 'UTC')).toBe('00:00:00');
	});

	it('shows date and minutes for another day', () => {
		expect(formatLocalTime('2026-11-20T14:03:07Z', now, 'UTC')).toBe('2026-11-20 14:03');
	});

	it('decides "today" in the given time zone', () => {
		// 23:30 UTC is already the 22nd in Tokyo (UTC+9); 14:03 UTC is 23:03 on the 21st there.
		expect(formatLocalTime('2026-11-21T14:03:07Z', now, 'Asia/Tokyo')).toBe('2026-11-21 23:03');
		expect(formatLocalTime('2026-11-21T15:03:07Z', now, 'Asia/Tokyo')).toBe('00:03:07');
	});

	it('falls back to the default zone for an unknown zone', () => {
		expect(formatLocalTime('2026-11-21T14:03:07Z', now, 'Not/AZone')).toMatch(/^(\d{4}-\d\d-\d\d )?\d\d:\d\d(:\d\d)?$/);
	});

	it('returns an unreadable timestamp as it is', () => {
		expect(formatLocalTime('soon', now, 'UTC')).toBe('soon');
	});

	it("says in the process's own zone what the formatter says naming that zone", () => {
		const saved = process.env.TZ;
		try {
			for (const zone of ['UTC', 'America/New_York', 'Europe/London', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Chatham']) {
				process.env.TZ = zone;
				// Every 247 minutes for a year and a half (DST changes both ways), a few far years, and the ends of a day.
				const times = [
					...Array.from({length: 3200}, (_, i) => Date.parse('2026-01-01T00:00:00Z') + i * 247 * 60_000),
					Date.parse('0999-06-01T12:00:00Z'),
					Date.parse('9999-12-31T23:59:59Z'),
					Date.parse('2026-11-21T00:00:00Z') - 1,
				];
				for (const ms of times) {
					const iso = new Date(ms).toISOString();
					for (const at of [now, ms + 3_600_000]) {
						expect(formatLocalTime(iso, at), `${zone} ${iso}`).toBe(formatLocalTime(iso, at, zone));
					}
				}
			}
		} finally {
			if (saved === undefined) {
				delete process.env.TZ;
			} else {
				process.env.TZ = saved;
			}
		}
	});
});

describe('parseDuration', () => {
	it.each([
		['90s', 90_000],
		['5m', 300_000],
		['1h', 3_600_000],
		['1h30m', 5_400_000],
		['1h 30m', 5_400_000],
		['500ms', 500],
		['2d', 172_800_000],
		['1m30s', 90_000],
		['1.5m', 90_000],
		[' 5M ', 300_000],
		['1h0m', 3_600_000],
	])('accepts %j → %d ms', (input, expected) => {
		expect(parseDuration(input)).toEqual({ok: true, value: expected});
	});

	it.each([
		['', 'empty'],
		['0s', 'more than 0'],
		['0', 'no unit'],
		['-5m', 'more than 0'],
		['300', 'no unit'],
		['5 minutes', 'not a duration'],
		['abc', 'not a duration'],
		['1h30', 'not a duration'],
		['5x', 'not a duration'],
		['30m1h', 'largest to smallest'],
		['5m5m', 'largest to smallest'],
		['m', 'not a duration'],
		['1e3s', 'not a duration'],
		['99999999999999999999d', 'too long'],
	])('rejects %j (%s) and says the accepted form', (input, why) => {
		const result = parseDuration(input);
		expect(result.ok).toBe(false);
		if (!result.ok) {
			expect(result.error).toContain(why);
			expect(result.error).toContain('e.g. 90s, 5m, 1h, 1h30m or 500ms');
		}
	});
});
