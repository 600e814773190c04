import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {costTotals, emptySummary, foldLines, tokenTotals} from '../../../src/core/transcript/summary.js';
import {LIST_PRICES} from '../../../src/core/cost/price.js';
import {MAX_SEGMENTS, parseTally, runFigures, tallyLines, tallyTotals, tokenSum, TallyFold} from '../../../src/core/transcript/tally.js';
import {agentFigures, SYNTHETIC_MODEL} from '../../../src/core/transcript/agent-figures.js';
import {sumCounts} from '../../../src/core/record/name-counts.js';
import {assistantLine, isoAt, promptLine, textLine, toolResultLine, toolUseBlock, toolUseLine} from '../../helpers/transcript-lines.js';

const fixtures = path.resolve(import.meta.dirname, '..', '..', 'fixtures', 'claude');

function fixtureTranscripts(): string[] {
	return readdirSync(fixtures, {recursive: true, encoding: 'utf8'})
		.filter(f => /agent-[^/]+\.jsonl$/u.test(f))
		.map(f => path.join(fixtures, f));
}

const usage = (input: number, output: number, read: number, write: number) => ({
	input_tokens: input,
	output_tokens: output,
	cache_read_input_tokens: read,
	cache_creation_input_tokens: write,
});

describe('the tally of a transcript', () => {
	it("gives every fixture transcript the same tokens, tool calls and model as the monitor's summary", () => {
		const files = fixtureTranscripts();
		expect(files.length).toBeGreaterThanOrEqual(15);
		for (const file of files) {
			const lines = readFileSync(file, 'utf8').split('\n');
			const tally = tallyLines(lines, LIST_PRICES);
			const summary = foldLines(emptySummary(LIST_PRICES), lines.filter(Boolean));
			const t = tokenTotals(summary);
			const totals = tallyTotals(tally);
			expect(totals.tokens, file).toEqual({input: t.input, output: t.output, cacheRead: t.cacheRead, cacheCreation: t.cacheWrite});
			const cost = costTotals(summary);
			expect(totals.cost.usd, file).toBeCloseTo(cost.usd, 12);
			expect([totals.cost.priced, totals.cost.unpriced], file).toEqual([cost.priced, cost.unpriced]);
			// Every fixture response with tokens is of a listed model; the workflow's failed agent has only `<synthetic>`, tokenless.
			expect(cost.priced > 0, file).toBe(tokenSum(totals.tokens) > 0);
			expect(cost.unpriced, file).toBe(0);
			expect(tally.pricesAsOf, file).toBe(LIST_PRICES.asOf);
			expect(totals.toolCalls, file).toBe(sumCounts(summary.toolCounts));
			expect(tally.model, file).toBe(summary.model);
			expect(tally.lastAt, file).toBe(summary.lastAt);
		}
	});

	it('counts a response written as several lines once (its latest usage), and every tool call', () => {
		const lines = [
			promptLine('Find the routes.', {seconds: 0}),
			assistantLine([toolUseBlock('t1', 'Grep', {})], {messageId: 'm1', usage: usage(3, 10, 0, 100), seconds: 1}),
			assistantLine([toolUseBlock('t2', 'Read', {})], {messageId: 'm1', usage: usage(3, 40, 0, 100), seconds: 1}),
			toolResultLine('t1', 'x', {seconds: 2}),
			toolResultLine('t2', 'y', {seconds: 2}),
			textLine('Done.', {messageId: 'm2', usage: usage(1, 5, 100, 20), stopReason: 'end_turn', seconds: 3}),
		];
		const tally = tallyLines(lines);
		// No prices given: each response with tokens is counted unpriced, never $0.
		expect(tallyTotals(tally)).toEqual({
			tokens: {input: 4, output: 45, cacheRead: 100, cacheCreation: 120},
			cost: {usd: 0, priced: 0, unpriced: 2},
			responses: 2,
			toolCalls: 2,
		});
		expect(tally.segments).toHaveLength(1);
		expect(tally.lastAt).toBe(Date.parse(isoAt(3)));
	});

	it('splits at a response that ended the turn: each run is its own segment, timed by its first response', () => {
		const lines = [
			promptLine('First task.', {seconds: 0}),
			toolUseLine('t1', 'Bash', {command: 'ls'}, {messageId: 'm1', usage: usage(1, 1, 1, 1), seconds: 1}),
			toolResultLine('t1', 'README', {seconds: 2}),
			textLine('First report.', {messageId: 'm2', usage: usage(1, 1, 1, 1), stopReason: 'end_turn', seconds: 3}),
			// SendMessage's second task comes as a user line Claude Code marks isMeta.
			JSON.stringify({type: 'user', isMeta: true, timestamp: isoAt(10), message: {role: 'user', content: 'The coordinator sent a message…'}}),
			toolUseLine('t2', 'Bash', {command: 'wc'}, {messageId: 'm3', usage: usage(2, 2, 2, 2), seconds: 11}),
			toolResultLine('t2', '8', {seconds: 12}),
			textLine('Second report.', {messageId: 'm4', usage: usage(2, 2, 2, 2), stopReason: 'end_turn', seconds: 13}),
		];
		const tally = tallyLines(lines);
		expect(tally.segments.map(s => [s.at, tokenSum(s.tokens), s.toolCalls])).toEqual([
			[Date.parse(isoAt(1)), 8, 1],
			[Date.parse(isoAt(11)), 16, 1],
		]);
		// Runs by the lifecycle's starts: each segment to the last run started before its first response.
		expect(runFigures(tally, [isoAt(0.5), isoAt(10.5)]).map(r => [r.tokens, r.toolCalls])).toEqual([
			[8, 1],
			[16, 1],
		]);
		// One start known: everything is its run; a start after every response: the first run takes what came before.
		expect(runFigures(tally, [isoAt(0.5)]).map(r => [r.tokens, r.toolCalls])).toEqual([[24, 2]]);
		expect(runFigures(tally, [isoAt(20), isoAt(30)]).map(r => r.tokens)).toEqual([24, 0]);
	});

	it('keeps at most MAX_SEGMENTS, the rest added into the last; reads lines that are not JSON as bad, skips them', () => {
		const fold = new TallyFold();
		for (let i = 0; i < MAX_SEGMENTS + 10; i++) {
			fold.add(textLine(`Report ${i}.`, {messageId: `m${i}`, usage: usage(1, 0, 0, 0), stopReason: 'end_turn', seconds: i}));
		}
		fold.add('{"type":"assistant", torn');
		const tally = fold.result();
		expect(tally.segments).toHaveLength(MAX_SEGMENTS);
		expect(tallyTotals(tally).tokens.input).toBe(MAX_SEGMENTS + 10);
		expect(tally.badLines).toBe(1);
	});

	it('reads only the time of a line that cannot be a response or a prompt', () => {
		const blob = JSON.stringify({type: 'api-request-blob', message: {role: 'x', content: 'y'.repeat(1000)}, timestamp: isoAt(50)});
		expect(tallyLines([blob]).lastAt).toBe(Date.parse(isoAt(50)));
		expect(tallyTotals(tallyLines([blob])).responses).toBe(0);
	});

	it('a cached tally is taken back only in its own shape', () => {
		const tally = tallyLines([textLine('x', {messageId: 'm', usage: usage(1, 2, 3, 4), seconds: 1})], LIST_PRICES);
		expect(tally.pricesAsOf).toBe(LIST_PRICES.asOf);
		expect(parseTally(JSON.parse(JSON.stringify(tally)))).toEqual(tally);
		const segment = tally.segments[0]!;
		expect(parseTally({segments: [{...segment, cost: undefined}]})).toBeUndefined();
		expect(parseTally({segments: [{...segment, cost: {usd: 'x', priced: 1, unpriced: 0}}]})).toBeUndefined();
		expect(parseTally({segments: [{at: 1, tokens: {input: -1, output: 0, cacheRead: 0, cacheCreation: 0}, responses: 1, toolCalls: 0}]})).toBeUndefined();
		expect(parseTally({segments: 'no'})).toBeUndefined();
		expect(parseTally({segments: [], model: '\u001b[31mred'})?.model).not.toContain('\u001b');
	});
});

describe('the figures of an agent (one decision for every view)', () => {
	const transcript = {tokens: {input: 7, output: 68, cacheRead: 702, cacheCreation: 943}, toolCalls: 1, model: 'claude-opus-5-5'};

	it("takes tokens from the transcript only, never Claude Code's totalTokens (the last request's)", () => {
		expect(agentFigures({transcript, call: {lastRequestTokens: 868, toolUseCount: 1}})).toMatchObject({tokens: 1720, lastRequestTokens: 868, toolCalls: 1});
		const noTranscript = agentFigures({call: {lastRequestTokens: 868, toolUseCount: 3}});
		expect(noTranscript.tokens).toBeUndefined();
		expect(noTranscript).toMatchObject({lastRequestTokens: 868, toolCalls: 3});
	});

	it("model: the transcript's (not <synthetic>), else .meta.json's, else the call's; description: the call's, else .meta.json's, else the prompt's", () => {
		expect(agentFigures({transcript, meta: {model: 'm'}, call: {model: 'c'}}).model).toBe('claude-opus-5-5');
		expect(agentFigures({transcript: {...transcript, model: SYNTHETIC_MODEL}, meta: {model: 'm'}, call: {model: 'c'}}).model).toBe('m');
		expect(agentFigures({call: {model: 'c'}}).model).toBe('c');
		expect(agentFigures({call: {description: 'call'}, meta: {description: 'meta'}, promptLine: 'p'}).description).toBe('call');
		expect(agentFigures({call: {description: ' '}, meta: {description: 'meta'}, promptLine: 'p'}).description).toBe('meta');
		expect(agentFigures({promptLine: 'p'}).description).toBe('p');
	});
});
