// The waiting rule: start → permission request → tool result → stop, a request of the
// main session, a request after the stop, two requests in a row — through the model, as watch shows it.
import {describe, expect, it} from 'vitest';
import {buildMonitorModel, type TranscriptFacts} from '../../../src/core/monitor/model.js';
import {mainWaitingOf, waitingOf} from '../../../src/core/monitor/waiting.js';
import {EMPTY_SUMMARY} from '../../../src/core/transcript/summary.js';
import {agent, ms} from '../../helpers/agent-fixtures.js';

const iso = (s: number) => new Date(ms(s)).toISOString();
const facts = (lastAt?: number): TranscriptFacts => ({
	summary: {...EMPTY_SUMMARY, lastAt},
	description: undefined,
	parentAgentId: undefined,
	history: undefined,
	missing: false,
});
const model = (records: Parameters<typeof buildMonitorModel>[0]['agents'], now: number, transcripts = new Map<string, TranscriptFacts>()) =>
	buildMonitorModel({agents: records, transcripts, now, options: {staleMs: 300_000, dedup: true, showGhosts: false, showAll: true}});

describe('waiting', () => {
	it('start → request: waiting, never stale, counted apart; a transcript line after the request: working again; the stop: stopped', () => {
		const asked = agent('a1', {type: 'Explore', start: 0, extra: {updatedAt: iso(10), waitingFor: 'Bash: npm publish', waitingSince: iso(10)}});
		// An hour later, still waiting: not stale.
		const m = model([asked], ms(3600));
		expect(m.items[0]).toMatchObject({displayStatus: 'waiting', stale: false, waiting: {waitingFor: 'Bash: npm publish', since: ms(10)}});
		expect(m.counts).toEqual({waiting: 1, active: 0, idle: 0, stopped: 0, stale: 0});
		// The transcript line of the tool call itself (before the request) keeps it waiting; the result after it does not.
		expect(model([asked], ms(20), new Map([['a1', facts(ms(9))]])).items[0]?.displayStatus).toBe('waiting');
		expect(model([asked], ms(20), new Map([['a1', facts(ms(11))]])).items[0]?.displayStatus).toBe('active');
		const stopped = agent('a1', {type: 'Explore', start: 0, stop: 30, extra: {waitingFor: 'Bash: npm publish', waitingSince: iso(10)}});
		expect(model([stopped], ms(40)).items[0]?.displayStatus).toBe('stopped');
	});

	it('a teammate waiting while idle is waiting; an inferred stop is not waiting', () => {
		expect(waitingOf({status: 'idle', waitingFor: 'Edit: a.ts', waitingSince: iso(5)}, undefined)).toEqual({waitingFor: 'Edit: a.ts', since: ms(5)});
		const asked = agent('a1', {type: 'Explore', start: 0, extra: {waitingFor: 'Bash: ls', waitingSince: iso(10)}});
		const ended = {...facts(ms(9)), endedTurn: true} as TranscriptFacts;
		expect(model([asked], ms(20), new Map([['a1', ended]])).items[0]?.displayStatus).toBe('stopped');
	});

	it('the main session: waiting until a line of its transcript after the request; no request, no waiting', () => {
		const ask = {since: iso(10), waitingFor: 'Write: a.ts'};
		expect(mainWaitingOf(ask, ms(9))).toEqual({waitingFor: 'Write: a.ts', since: ms(10)});
		expect(mainWaitingOf(ask, ms(12))).toBeUndefined();
		expect(mainWaitingOf(undefined, undefined)).toBeUndefined();
		expect(waitingOf({status: 'active', waitingSince: 'garbage'}, undefined)).toBeUndefined();
	});
});
