import {describe, expect, it} from 'vitest';
import {foldEvents} from '../../../src/core/history/fold.js';
import {withTranscriptFacts} from '../../../src/core/history/with-transcript.js';
import type {EventLine} from '../../../src/core/record/event-line.js';
import {tallyLines} from '../../../src/core/transcript/tally.js';

const T0 = Date.parse('2026-05-01T10:00:00Z');
const at = (s: number) => new Date(T0 + s * 1000).toISOString();
const line = (event: string, s: number, extra: Partial<EventLine> = {}): EventLine => ({v: 1, at: at(s), event, sessionId: 's1', agentId: 'a1', ...extra});
const response = (id: string, s: number, n: number, stop?: string) =>
	JSON.stringify({
		type: 'assistant',
		timestamp: at(s),
		message: {
			id,
			model: 'claude-opus-5-5',
			...(stop ? {stop_reason: stop} : {}),
			content: [{type: 'tool_use', id: `t${id}`, name: 'Bash', input: {}}],
			usage: {input_tokens: n, output_tokens: n},
		},
	});

describe("an agent's history joined with its transcript's facts", () => {
	it('gives each run its figures by the lifecycle (a resume starts a run), and the sum', () => {
		const [h] = foldEvents(
			[
				line('SubagentStart', 0, {type: 'Explore'}),
				line('SubagentStop', 10, {type: 'Explore'}),
				line('SubagentStart', 10.4, {type: 'Explore'}),
				line('SubagentStop', 20, {type: 'Explore'}),
			],
			{now: T0 + 60_000},
		);
		const tally = tallyLines([response('m1', 1, 5, 'end_turn'), response('m2', 11, 7, 'end_turn')]);
		const joined = withTranscriptFacts(h!, {tally}, {now: T0 + 60_000});
		expect(joined).toMatchObject({resumeCount: 1, tokens: 24, toolCalls: 2, model: 'claude-opus-5-5'});
		expect(joined.runs?.map(r => [r.startedAt, r.tokens, r.toolCalls])).toEqual([
			[at(0), 10, 1],
			[at(10.4), 14, 1],
		]);
	});

	it('an agent cut off keeps the description, model and type .meta.json gives', () => {
		const [h] = foldEvents([line('SubagentStart', 0), {v: 1, at: at(5), event: 'SessionEnd', sessionId: 's1', data: {reason: 'other', interrupted: ['a1']}}], {
			now: T0 + 60_000,
		});
		const joined = withTranscriptFacts(
			h!,
			{
				tally: tallyLines([response('m1', 1, 3)]),
				meta: {description: 'Run the long job', model: 'claude-opus-5-5', agentType: 'general-purpose', parentAgentId: 'p1'},
			},
			{now: T0 + 60_000},
		);
		expect(joined).toMatchObject({
			status: 'interrupted',
			description: 'Run the long job',
			model: 'claude-opus-5-5',
			type: 'general-purpose',
			parentAgentId: 'p1',
			tokens: 6,
			toolCalls: 1,
		});
	});

	it('a transcript written after the last log line is a later sign of life: not stale until it too is old', () => {
		const [h] = foldEvents([line('SubagentStart', 0, {type: 'Plan'})], {now: T0 + 400_000});
		expect(h!.status).toBe('stale');
		const tally = tallyLines([response('m1', 350, 1)]);
		const joined = withTranscriptFacts(h!, {tally}, {now: T0 + 400_000});
		expect(joined).toMatchObject({status: 'active', lastActivityAt: at(350), durationMs: 400_000});
		const later = withTranscriptFacts(h!, {tally}, {now: T0 + 700_000});
		expect(later).toMatchObject({status: 'stale', durationMs: 350_000});
	});

	it('no facts: the history as the log says it', () => {
		const [h] = foldEvents([line('SubagentStart', 0), line('PostToolUse', 1, {data: {totalTokens: 9, totalToolUseCount: 2}})], {now: T0 + 10_000});
		expect(withTranscriptFacts(h!, undefined, {now: T0 + 10_000})).toBe(h);
		expect(h).toMatchObject({lastRequestTokens: 9, toolCalls: 2});
		expect(h!.tokens).toBeUndefined();
	});
});
