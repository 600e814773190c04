// Every session, newest first, with its counts (what `agentlog sessions` prints), and what one
// session's agents cost, summed from the same figures `ls --json` gives each.
import {utimesSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {listSessions, sessionCost} from '../../../src/app/session/listing.js';
import type {Pricer} from '../../../src/core/cost/cost.js';
import type {TranscriptFacts} from '../../../src/core/monitor/model.js';
import {EMPTY_SUMMARY, type ResponseUsage} from '../../../src/core/transcript/summary.js';
import {agent, ms} from '../../helpers/agent-fixtures.js';
import {writeRecord} from '../../helpers/session-fixtures.js';
import {tempDir} from '../../helpers/tmp.js';

const OLD = '4d5611e5-241a-462a-8d15-5122611a9569';
const NEW = '9c0011e5-241a-462a-8d15-5122611a9569';
const rules = {stale: 300_000, dedup: true};

function activity(): string {
	const dir = tempDir('activity-');
	writeRecord(path.join(dir, OLD), agent('o1', {start: 0, stop: 10}), ms(10));
	writeRecord(path.join(dir, NEW), agent('n1', {start: 500, extra: {transcriptPath: '/nowhere/n1.jsonl'}}), ms(500));
	writeRecord(path.join(dir, NEW), agent('n2', {start: 400, extra: {transcriptPath: '/nowhere/n2.jsonl'}}), ms(500));
	utimesSync(path.join(dir, OLD), ms(10) / 1000, ms(10) / 1000);
	utimesSync(path.join(dir, NEW), ms(500) / 1000, ms(500) / 1000);
	return dir;
}

describe('listSessions', () => {
	it('lists every session folder, newest first, with its counts', () => {
		const {sessions, skipped} = listSessions(activity(), rules, ms(600));
		expect(skipped).toBe(0);
		expect(sessions.map(s => [s.id, s.provider])).toEqual([
			[NEW, 'claude'],
			[OLD, 'claude'],
		]);
		expect(sessions[0]?.counts).toEqual({waiting: 0, active: 2, idle: 0, stopped: 0, stale: 0});
		expect(sessions[1]?.counts).toEqual({waiting: 0, active: 0, idle: 0, stopped: 1, stale: 0});
	});

	it('no activity folder: no sessions', () => {
		expect(listSessions(path.join(tempDir('activity-'), 'none'), rules, ms(600)).sessions).toEqual([]);
	});
});

describe('sessionCost', () => {
	// A cost is known only when the transcript was priced (its pricer says as of when).
	const pricer: Pricer = {asOf: '2026-11-01', key: 'k', price: () => undefined, contextWindow: () => undefined};
	const usage = (usd: number): ResponseUsage => ({input: 10, output: 5, cacheRead: 0, cacheWrite: 0, cost: {usd, priced: 1, unpriced: 0}});
	const facts = (usd: number): TranscriptFacts => ({
		summary: {...EMPTY_SUMMARY, lines: 2, usage: new Map([['msg_1', usage(usd)]]), pricer},
		description: undefined,
		parentAgentId: undefined,
		history: undefined,
		missing: false,
		mtimeMs: ms(500),
	});

	it('sums each agent’s dollars as ls prints them, to the millionth', async () => {
		const cost = await sessionCost(activity(), NEW, rules, () =>
			Promise.resolve(
				new Map([
					['n1', facts(0.1234564)],
					['n2', facts(0.0000004)],
				]),
			),
		);
		expect(cost?.usd).toBe(0.123456);
		expect(cost?.priced).toBe(2);
	});

	it('no agent’s cost known: none', async () => {
		expect(await sessionCost(activity(), NEW, rules, () => Promise.resolve(new Map()))).toBeUndefined();
	});
});
