import {describe, expect, it} from 'vitest';
import {
	formatStopFile,
	isRunId,
	MAX_STOP_FILE_BYTES,
	newStopRequest,
	parseStopFile,
	STOP_EXPIRES_MS,
	withoutRequests,
	withRequest,
	type StopFile,
} from '../../../src/core/stop/stop-request.js';

const NOW = Date.parse('2026-11-29T03:00:00.000Z');
const S = 'sess-1';

function fileWith(requests: unknown[], extra: Record<string, unknown> = {}): string {
	return JSON.stringify({v: 1, kind: 'agentlog-stop', sessionId: S, requests, ...extra});
}

const good = () => newStopRequest('r1', ['a1'], ['wf_abc-123'], NOW);

describe('parseStopFile', () => {
	it('reads the file agentlog writes, the same back', () => {
		const file = withRequest(undefined, S, good(), NOW);
		const parsed = parseStopFile(formatStopFile(file), S);
		expect(parsed).toEqual({ok: true, value: file});
		expect(file.requests[0]).toMatchObject({agents: ['a1'], runs: ['wf_abc-123'], expiresAt: new Date(NOW + STOP_EXPIRES_MS).toISOString()});
	});

	it.each([
		['a torn file', fileWith([good()]).slice(0, 40)],
		['not ours', JSON.stringify({v: 1, kind: 'other', sessionId: S, requests: []})],
		['another version', fileWith([good()], {v: 2})],
		['an unsafe agent id', fileWith([{...good(), agents: ['../x']}])],
		['a run id that is not one', fileWith([{...good(), runs: ['wf_../../x']}])],
		['a request naming nothing', fileWith([{...good(), agents: [], runs: []}])],
		['agents that are not a list', fileWith([{...good(), agents: 'a1'}])],
		['a time that is not ISO', fileWith([{...good(), requestedAt: 'yesterday'}])],
		['an expiry before the request', fileWith([{...good(), expiresAt: new Date(NOW - 1).toISOString()}])],
		['an expiry far past the bound', fileWith([{...good(), expiresAt: new Date(NOW + STOP_EXPIRES_MS + 1).toISOString()}])],
		['an id with odd characters', fileWith([{...good(), id: 'r 1'}])],
		['one bad request among good ones', fileWith([good(), {...good(), id: 'r2', agents: [7]}])],
		['a huge file', fileWith([good()]).padEnd(MAX_STOP_FILE_BYTES + 1, ' ')],
	])('refuses %s: it stops nothing', (_what, text) => {
		expect(parseStopFile(text, S).ok).toBe(false);
	});

	it('refuses a file that names another session than its own name', () => {
		const text = formatStopFile(withRequest(undefined, 'other', good(), NOW));
		const parsed = parseStopFile(text, S);
		expect(parsed.ok).toBe(false);
		expect(parsed.ok ? '' : parsed.error).toContain('other');
	});
});

describe('withRequest / withoutRequests', () => {
	it('adds a request and drops the expired ones', () => {
		const old = newStopRequest('old', ['a0'], [], NOW - STOP_EXPIRES_MS - 1);
		const file: StopFile = withRequest(withRequest(undefined, S, old, NOW - STOP_EXPIRES_MS - 1), S, good(), NOW);
		expect(file.requests.map(r => r.id)).toEqual(['r1']);
	});

	it('withdraws the requests named, or all of them', () => {
		const file = withRequest(withRequest(undefined, S, good(), NOW), S, newStopRequest('r2', ['a2'], [], NOW), NOW);
		expect(withoutRequests(file, NOW, new Set(['r1'])).requests.map(r => r.id)).toEqual(['r2']);
		expect(withoutRequests(file, NOW).requests).toEqual([]);
	});
});

it('isRunId takes Claude Code run ids only', () => {
	expect(isRunId('wf_d3608857-d0c')).toBe(true);
	expect(isRunId('wf_')).toBe(false);
	expect(isRunId('a1')).toBe(false);
	expect(isRunId('wf_a/b')).toBe(false);
});
