import {describe, expect, it} from 'vitest';
import {foldEvents} from '../../../src/core/history/fold.js';
import {matchesFilter, page, parseStatuses, parseTimeBound, resolveAgentPrefix, sortHistories, sortLines} from '../../../src/core/history/query.js';
import {gitText, historyRow, historyStatusText} from '../../../src/present/history-text.js';
import {ALL_HOSTILE, RAW_CONTROL} from '../../helpers/hostile.js';
import {NOW, at, histories, line} from '../../helpers/history-fixture.js';

describe('filters', () => {
	it('type is exact but case-insensitive, status a set, since/until on startedAt', () => {
		const all = histories();
		const ids = (f: Parameters<typeof matchesFilter>[1]) => all.filter(h => matchesFilter(h, f)).map(h => h.agentId);
		expect(ids({type: 'EXPLORE'})).toEqual(['aa11', 'aa22']);
		expect(ids({type: 'Expl'})).toEqual([]);
		expect(ids({statuses: new Set(['interrupted'])})).toEqual(['aa22', 'bb33']);
		expect(ids({statuses: new Set(['completed', 'active'])})).toEqual(['aa11', 'cc44']);
		expect(ids({sinceMs: NOW - 60 * 60_000})).toEqual(['aa22', 'bb33', 'cc44']);
		expect(ids({untilMs: NOW - 60 * 60_000})).toEqual(['aa11', 'aa22']);
		expect(ids({agent: 'aa'})).toEqual(['aa11', 'aa22']);
	});

	it('parseStatuses takes a comma list and names the valid ones on an unknown one', () => {
		const parsed = parseStatuses('completed, Interrupted');
		expect(parsed.ok && [...parsed.value]).toEqual(['completed', 'interrupted']);
		const bad = parseStatuses('done');
		expect(bad.ok).toBe(false);
		expect(!bad.ok && bad.error).toContain('completed, failed, interrupted, user-stopped, resumed, active, idle, stale');
	});

	it('parseTimeBound: a duration before now or an ISO time; anything else is an error', () => {
		expect(parseTimeBound('2h', NOW)).toEqual({ok: true, value: NOW - 2 * 3_600_000});
		expect(parseTimeBound('7d', NOW)).toEqual({ok: true, value: NOW - 7 * 86_400_000});
		expect(parseTimeBound('2026-02-01T00:00:00Z', NOW)).toEqual({ok: true, value: Date.parse('2026-02-01T00:00:00Z')});
		expect(parseTimeBound('yesterday', NOW).ok).toBe(false);
		expect(parseTimeBound('2026-13-45', NOW).ok).toBe(false);
	});

	it('an agent prefix must name one agent; an exact id wins; none is no match', () => {
		expect(resolveAgentPrefix('aa1', ['aa11'])).toEqual({ok: true, agentId: 'aa11'});
		expect(resolveAgentPrefix('aa11', ['aa11', 'aa11x'])).toEqual({ok: true, agentId: 'aa11'});
		expect(resolveAgentPrefix('zz', [])).toEqual({ok: true, agentId: undefined});
		const ambiguous = resolveAgentPrefix('aa', ['aa22', 'aa11', 'aa11']);
		expect(ambiguous.ok).toBe(false);
		expect(!ambiguous.ok && ambiguous.error).toContain('matches 2 agents (aa11, aa22)');
	});
});

describe('order and page', () => {
	it('newest first by startedAt, --asc oldest first, offset and limit (0: all)', () => {
		const all = histories();
		expect(sortHistories([...all]).map(h => h.agentId)).toEqual(['cc44', 'bb33', 'aa22', 'aa11']);
		expect(sortHistories([...all], true).map(h => h.agentId)).toEqual(['aa11', 'aa22', 'bb33', 'cc44']);
		expect(page([1, 2, 3, 4], 1, 2)).toEqual([2, 3]);
		expect(page([1, 2, 3, 4], 1, 0)).toEqual([2, 3, 4]);
		expect(page([1, 2, 3, 4])).toEqual([1, 2, 3, 4]);
	});

	it('sortLines is stable for equal times', () => {
		const lines = [
			{at: '2026-03-01T10:00:01.000Z', n: 1},
			{at: '2026-03-01T10:00:00.000Z', n: 2},
			{at: '2026-03-01T10:00:01.000Z', n: 3},
		];
		expect(sortLines(lines).map(l => l.n)).toEqual([2, 1, 3]);
	});
});

describe('history text row', () => {
	it('status glyph and word, the commits short, one sha when the same', () => {
		expect(historyStatusText({status: 'interrupted', resumeCount: 0})).toBe('○ interrupted');
		expect(historyStatusText({status: 'resumed', resumeCount: 2})).toBe('● resumed ×2');
		expect(gitText({start: {head: 'abcdef0123'}, stop: {head: '1234567890'}})).toBe('abcdef0→1234567');
		expect(gitText({start: {head: 'abcdef0123'}, stop: {head: 'abcdef0123'}})).toBe('abcdef0');
		expect(gitText({})).toBe('');
	});

	it('hostile text from the log never reaches a row raw', () => {
		const [h] = foldEvents(
			[
				line({event: 'SubagentStart', at: at(5), agentId: 'x1', type: ALL_HOSTILE, git: {head: ALL_HOSTILE}}),
				line({event: 'PostToolUse', at: at(4), agentId: 'x1', data: {description: ALL_HOSTILE}}),
			],
			{now: NOW},
		);
		const row = historyRow(h!, NOW);
		expect(row.join(' ')).not.toMatch(RAW_CONTROL);
		expect(row[3]).toContain('␛');
	});
});
