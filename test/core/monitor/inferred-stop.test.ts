import {describe, expect, it} from 'vitest';
import {inferredStop, type TranscriptFacts} from '../../../src/core/monitor/inferred-stop.js';
import {EMPTY_SUMMARY} from '../../../src/core/transcript/summary.js';

const END_OF_RUN_1 = Date.parse('2026-11-26T09:06:21.727Z');
const RESUMED = Date.parse('2026-11-26T09:06:22.449Z');

function facts(more: Partial<TranscriptFacts> & {lastAt?: number}): TranscriptFacts {
	const {lastAt, ...rest} = more;
	return {
		summary: {...EMPTY_SUMMARY, lastAt},
		description: undefined,
		parentAgentId: undefined,
		history: undefined,
		missing: false,
		...rest,
	};
}

const completed = {status: 'completed', totalTokens: 868, totalToolUseCount: 1, totalDurationMs: 679, report: 'Helper report'} as const;

describe('inferredStop', () => {
	it('infers a stop from an ended turn or a completed Agent result of an agent never resumed', () => {
		expect(inferredStop({status: 'active'}, facts({endedTurn: true, lastAt: END_OF_RUN_1}))).toEqual({at: END_OF_RUN_1});
		expect(inferredStop({status: 'active'}, facts({taskResult: completed, lastAt: END_OF_RUN_1}))).toEqual({at: END_OF_RUN_1});
		expect(inferredStop({status: 'active'}, facts({lastAt: END_OF_RUN_1}))).toBeUndefined();
		expect(inferredStop({status: 'stopped'}, facts({endedTurn: true, lastAt: END_OF_RUN_1}))).toBeUndefined();
	});

	it('lets a resumed agent run: the end of turn before the resume is the earlier run’s', () => {
		expect(inferredStop({status: 'active', resumed: RESUMED}, facts({endedTurn: true, lastAt: END_OF_RUN_1}))).toBeUndefined();
		// The resume's own message came just before its SubagentStart: still before the start.
		expect(inferredStop({status: 'active', resumed: RESUMED}, facts({endedTurn: true, lastAt: RESUMED - 29}))).toBeUndefined();
		expect(inferredStop({status: 'active', resumed: RESUMED}, facts({endedTurn: true}))).toBeUndefined();
	});

	it('never takes the parent’s completed Agent result for the end of a resumed run', () => {
		expect(inferredStop({status: 'active', resumed: RESUMED}, facts({taskResult: completed, lastAt: RESUMED + 100}))).toBeUndefined();
	});

	it('infers the stop of the resumed run from an end of turn written after the resume', () => {
		const end = RESUMED + 281;
		expect(inferredStop({status: 'active', resumed: RESUMED}, facts({endedTurn: true, taskResult: completed, lastAt: end}))).toEqual({at: end});
	});
});
