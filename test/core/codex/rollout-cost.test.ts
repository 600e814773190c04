// A Codex child's requests priced one by one from its rollout's `token_count` lines (docs/codex-rollouts.md#rollout-files):
// each request's own `last_token_usage`, with the model of its turn, a request Codex reported twice
// counted once. The real rollouts are checked in test/store/codex/codex-cost-fixtures.test.ts.
import {describe, expect, it} from 'vitest';
import {codexFacts, codexRecord, codexTally} from '../../../src/core/codex/codex-agent.js';
import {EMPTY_THREAD, foldRollout} from '../../../src/core/codex/rollout.js';
import type {Pricer} from '../../../src/core/cost/cost.js';
import {LIST_PRICES, requestPrice} from '../../../src/core/cost/price.js';
import {monitorFigures} from '../../../src/core/monitor/figures.js';
import {tallyTotals} from '../../../src/core/transcript/tally.js';
import {costTotals, tokenTotals} from '../../../src/core/transcript/summary.js';
import type {AgentRecord} from '../../../src/core/record/agent-record.js';

const ROOT = '019a8b2c-0000-7000-8000-000000000001';
const CHILD = '019a8b2c-0000-7000-8000-000000000002';
const T0 = Date.parse('2026-11-20T10:00:00.000Z');
const T = (s: number) => new Date(T0 + s * 1000).toISOString();
const line = (s: number, type: string, payload: Record<string, unknown>) => JSON.stringify({timestamp: T(s), type, payload});

const meta = line(0, 'session_meta', {
	id: CHILD,
	session_id: ROOT,
	timestamp: T(0),
	source: {subagent: {thread_spawn: {parent_thread_id: ROOT, depth: 1, agent_nickname: 'Erdos', agent_role: 'explorer'}}},
	thread_source: 'subagent',
	parent_thread_id: ROOT,
});

interface Usage {
	readonly input: number;
	readonly cached?: number;
	readonly write?: number;
	readonly output: number;
	readonly reasoning?: number;
}

const usage = (u: Usage) => ({
	input_tokens: u.input,
	cached_input_tokens: u.cached ?? 0,
	cache_write_input_tokens: u.write ?? 0,
	output_tokens: u.output,
	reasoning_output_tokens: u.reasoning ?? 0,
	total_tokens: u.input + u.output,
});

/** A token_count as Codex writes it: the running total and this request's own usage. */
const tokenCount = (s: number, total: Usage, last: Usage | undefined) =>
	line(s, 'event_msg', {
		type: 'token_count',
		info: {total_token_usage: usage(total), ...(last === undefined ? {} : {last_token_usage: usage(last)}), model_context_window: 258400},
		rate_limits: null,
	});

const turn = (s: number, id: string, model: string) => [
	line(s, 'event_msg', {type: 'task_started', turn_id: id, started_at: (T0 + s * 1000) / 1000}),
	line(s + 0.1, 'turn_context', {turn_id: id, model}),
];

const call = (s: number, id: string) => line(s, 'response_item', {type: 'function_call', name: 'shell', arguments: '{"command":["ls"]}', call_id: id});

const R1: Usage = {input: 2000, output: 30, reasoning: 10};
const R2: Usage = {input: 2200, cached: 512, output: 40};
const R3: Usage = {input: 3000, cached: 1024, write: 500, output: 60, reasoning: 20};
const sum = (...us: Usage[]): Usage => ({
	input: us.reduce((n, u) => n + u.input, 0),
	cached: us.reduce((n, u) => n + (u.cached ?? 0), 0),
	write: us.reduce((n, u) => n + (u.write ?? 0), 0),
	output: us.reduce((n, u) => n + u.output, 0),
	reasoning: us.reduce((n, u) => n + (u.reasoning ?? 0), 0),
});

/** Two turns on two models, the first request reported twice (as Codex does after an abort). */
const lines = [
	meta,
	...turn(1, 't1', 'gpt-5.5'),
	call(2, 'c1'),
	tokenCount(3, R1, R1),
	tokenCount(3.1, R1, R1),
	call(4, 'c2'),
	tokenCount(5, sum(R1, R2), R2),
	line(6, 'event_msg', {type: 'task_complete', turn_id: 't1', last_agent_message: 'done'}),
	...turn(10, 't2', 'gpt-5.4'),
	tokenCount(11, sum(R1, R2, R3), R3),
	line(12, 'event_msg', {type: 'task_complete', turn_id: 't2', last_agent_message: 'done again'}),
];

/** One request as OpenAI bills it: cached input and cache writes are inside input_tokens. */
const billed = (u: Usage) => ({input: u.input - (u.cached ?? 0) - (u.write ?? 0), output: u.output, cacheRead: u.cached ?? 0, cacheWrite: u.write ?? 0});
const at = (s: number) => T0 + s * 1000;

describe('a Codex rollout priced request by request', () => {
	it('prices each request on its own last_token_usage with its turn’s model, a repeated token_count once; one segment per turn', () => {
		const thread = foldRollout(EMPTY_THREAD, lines, {pricer: LIST_PRICES});
		const tally = codexTally(thread)!;
		const expected = [requestPrice('gpt-5.5', billed(R1), at(3))! + requestPrice('gpt-5.5', billed(R2), at(5))!, requestPrice('gpt-5.4', billed(R3), at(11))!];
		// gpt-5.5 and gpt-5.4 have different prices: pricing a request with the other turn's model would show.
		expect(requestPrice('gpt-5.4', billed(R3), at(11))).not.toBeCloseTo(requestPrice('gpt-5.5', billed(R3), at(11))!, 6);
		expect(tally.segments).toHaveLength(2);
		expect(tally.segments.map(s => s.responses)).toEqual([2, 1]);
		expect(tally.segments.map(s => s.toolCalls)).toEqual([2, 0]);
		expect(tally.segments.map(s => s.at)).toEqual([at(2), at(11)]);
		expect(tally.segments.map(s => s.cost.priced)).toEqual([2, 1]);
		tally.segments.forEach((s, i) => expect(s.cost.usd).toBeCloseTo(expected[i]!, 12));
		expect(tally.segments[1]!.tokens).toEqual({input: 1476, output: 60, cacheRead: 1024, cacheCreation: 500});
		expect(tally).toMatchObject({model: 'gpt-5.4', pricesAsOf: LIST_PRICES.asOf, lastAt: at(12), badLines: 0});
	});

	it('its tokens are the running total Codex gives (input without its cached part), and the detail pane and ls read the same cost', () => {
		const thread = foldRollout(EMPTY_THREAD, lines, {pricer: LIST_PRICES});
		const total = sum(R1, R2, R3);
		const facts = codexFacts(thread);
		expect(tokenTotals(facts.summary)).toEqual(billed(total));
		const totals = tallyTotals(codexTally(thread)!);
		expect(costTotals(facts.summary)).toEqual(totals.cost);
		const agent = {agentId: CHILD, type: 'explorer', status: 'stopped', startedAt: T(1), updatedAt: T(12), provider: 'codex'} as AgentRecord;
		const {figures} = monitorFigures({agent, activity: facts, model: undefined});
		expect(figures.cost).toEqual({...totals.cost, asOf: LIST_PRICES.asOf});
		expect(figures.tokens).toBe(total.input + total.output);
	});

	it('its last request, as a Claude Agent result gives it: its tokens, and how full its context was', () => {
		const thread = foldRollout(EMPTY_THREAD, lines, {pricer: LIST_PRICES});
		const record = codexRecord(thread, '/c/rollout.jsonl')!;
		expect(record.totalTokens).toBe(R3.input + R3.output);
		const facts = codexFacts(thread);
		const agent = {...record, status: 'stopped'} as AgentRecord;
		expect(monitorFigures({agent, activity: facts, model: undefined}).contextUsed).toEqual({tokens: R3.input, window: 258400});
		// Without a window in the rollout: the table's, for its model.
		const bare = foldRollout(
			EMPTY_THREAD,
			[meta, ...turn(1, 't1', 'gpt-5.5'), line(2, 'event_msg', {type: 'token_count', info: {total_token_usage: usage(R1), last_token_usage: usage(R1)}})],
			{
				pricer: LIST_PRICES,
			},
		);
		expect(codexFacts(bare).summary.lastRequest).toEqual({input: R1.input, window: LIST_PRICES.contextWindow('gpt-5.5')});
	});

	it('is the same folded line by line (a growing file read as it grows)', () => {
		let thread = foldRollout(EMPTY_THREAD, [lines[0]!], {pricer: LIST_PRICES});
		for (const l of lines.slice(1)) {
			thread = foldRollout(thread, [l]);
		}
		expect(codexTally(thread)).toEqual(codexTally(foldRollout(EMPTY_THREAD, lines, {pricer: LIST_PRICES})));
	});

	it('a model the table lacks is not priced ($0 never): counted apart', () => {
		const thread = foldRollout(EMPTY_THREAD, [meta, ...turn(1, 't1', 'gpt-6.1-sol'), tokenCount(2, R1, R1), tokenCount(3, sum(R1, R2), R2)], {
			pricer: LIST_PRICES,
		});
		expect(tallyTotals(codexTally(thread)!).cost).toEqual({usd: 0, priced: 0, unpriced: 2});
	});

	it('a request over the long-context tier is priced wholly at it, by its own input, not the running total', () => {
		const big: Usage = {input: 300_000, cached: 200_000, output: 1000};
		const small: Usage = {input: 200_000, cached: 150_000, output: 1000};
		const thread = foldRollout(EMPTY_THREAD, [meta, ...turn(1, 't1', 'gpt-5.5'), tokenCount(2, small, small), tokenCount(3, sum(small, big), big)], {
			pricer: LIST_PRICES,
		});
		// gpt-5.5: $5 / $30 / $0.50 per million, $10 / $45 / $1 over 272k input.
		const usd = (50_000 * 5 + 1000 * 30 + 150_000 * 0.5) / 1e6 + (100_000 * 10 + 1000 * 45 + 200_000 * 1) / 1e6;
		expect(tallyTotals(codexTally(thread)!).cost.usd).toBeCloseTo(usd, 12);
	});

	it('without last_token_usage (an older Codex): what the running total grew by', () => {
		const thread = foldRollout(EMPTY_THREAD, [meta, ...turn(1, 't1', 'gpt-5.5'), tokenCount(2, R1, undefined), tokenCount(3, sum(R1, R2), undefined)], {
			pricer: LIST_PRICES,
		});
		const segment = codexTally(thread)!.segments[0]!;
		expect(segment.responses).toBe(2);
		expect(segment.cost.usd).toBeCloseTo(requestPrice('gpt-5.5', billed(R1), at(2))! + requestPrice('gpt-5.5', billed(R2), at(3))!, 12);
	});

	it('hostile numbers cost nothing odd: negative tokens are none, a cached part larger than the input is the input', () => {
		const odd = (s: number, total: Record<string, unknown>, last: Record<string, unknown>) =>
			line(s, 'event_msg', {type: 'token_count', info: {total_token_usage: total, last_token_usage: last}});
		const thread = foldRollout(
			EMPTY_THREAD,
			[
				meta,
				...turn(1, 't1', 'gpt-5.5'),
				odd(2, {input_tokens: 10, output_tokens: 1}, {input_tokens: -5_000_000, output_tokens: -1, cached_input_tokens: 'x'}),
				odd(3, {input_tokens: 20, output_tokens: 2}, {input_tokens: 100, cached_input_tokens: 900, cache_write_input_tokens: 50, output_tokens: 1e308}),
			],
			{pricer: LIST_PRICES},
		);
		const [segment] = codexTally(thread)!.segments;
		expect(segment!.tokens).toEqual({input: 0, output: 1e308, cacheRead: 100, cacheCreation: 0});
		expect(segment!.cost.usd).toBeGreaterThanOrEqual(0);
	});

	it('no cost from a fold that began mid-file (a cache kept the thread without its requests) or without prices', () => {
		const cut = foldRollout(EMPTY_THREAD, lines.slice(0, 5));
		expect(codexTally(foldRollout(cut, lines.slice(5), {pricer: LIST_PRICES}))).toBeUndefined();
		expect(codexFacts(foldRollout(EMPTY_THREAD, lines)).summary.pricer).toBeUndefined();
	});

	it('prices with the pricer it was given (the user’s prices file)', () => {
		const seen: string[] = [];
		const pricer: Pricer = {asOf: '2026-01-01', key: 'test', price: (model, u) => (seen.push(model), u.input + u.output), contextWindow: () => undefined};
		const thread = foldRollout(EMPTY_THREAD, lines, {pricer});
		expect(seen).toEqual(['gpt-5.5', 'gpt-5.5', 'gpt-5.4']);
		expect(tallyTotals(codexTally(thread)!).cost.usd).toBe(billed(R1).input + 30 + billed(R2).input + 40 + billed(R3).input + 60);
		expect(codexTally(thread)!.pricesAsOf).toBe('2026-01-01');
	});
});
