// The past keeps a Codex agent's rollout as it keeps a Claude transcript: its requests' tokens,
// cost and tool calls (core/codex/rollout.ts), read from under `$CODEX_HOME/sessions` only, kept in
// the same cache while the file is the same one, and kept when the rollout is gone.
import {mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {LIST_PRICES, requestPrice} from '../../../src/core/cost/price.js';
import {formatEventLine, type EventLine} from '../../../src/core/record/event-line.js';
import {readHistories} from '../../../src/store/history/histories.js';
import {TranscriptFacts} from '../../../src/store/history/transcript-facts.js';
import {childMetaLine, codexLine, codexTime, rootMetaLine, writeRollout} from '../../helpers/codex.js';
import {tempDir} from '../../helpers/tmp.js';

const ROOT = '019ab000-0000-7000-8000-00000000f000';
const CHILD = '019ab000-0000-7000-8000-00000000f001';
const T0 = Date.parse('2026-11-20T10:00:00.000Z');
const at = (s: number) => codexTime(s, T0);
const usage = (input: number, cached: number, output: number) => ({
	input_tokens: input,
	cached_input_tokens: cached,
	output_tokens: output,
	reasoning_output_tokens: 0,
	total_tokens: input + output,
});

interface Setup {
	readonly activity: string;
	readonly codexHome: string;
	readonly cache: string;
	readonly rollout: string;
	readonly log: string;
}

/** A Codex child recorded by the hook (its rollout as its transcript) that made two requests and one tool call. */
function setup(): Setup {
	const root = tempDir('codex-facts-');
	const codexHome = path.join(root, 'codex');
	writeRollout(codexHome, ROOT, T0, [rootMetaLine(at(0), ROOT)]);
	const rollout = writeRollout(codexHome, CHILD, T0, [
		childMetaLine(at(0), {id: CHILD, root: ROOT, role: 'explorer'}),
		codexLine(at(0.1), 'event_msg', {type: 'task_started', turn_id: 't1', started_at: (T0 + 100) / 1000}),
		codexLine(at(0.2), 'turn_context', {turn_id: 't1', model: 'gpt-5.5'}),
		codexLine(at(1), 'response_item', {type: 'function_call', name: 'shell', arguments: '{"command":["ls"]}', call_id: 'c1'}),
		codexLine(at(1.5), 'event_msg', {type: 'token_count', info: {total_token_usage: usage(2000, 0, 30), last_token_usage: usage(2000, 0, 30)}}),
		codexLine(at(1.6), 'event_msg', {type: 'token_count', info: {total_token_usage: usage(2000, 0, 30), last_token_usage: usage(2000, 0, 30)}}),
		codexLine(at(2), 'event_msg', {type: 'token_count', info: {total_token_usage: usage(4200, 512, 70), last_token_usage: usage(2200, 512, 40)}}),
		codexLine(at(3), 'event_msg', {type: 'task_complete', turn_id: 't1', last_agent_message: 'Done.'}),
	]);
	const activity = path.join(root, 'activity');
	const base = {v: 1, sessionId: ROOT, agentId: CHILD, type: 'explorer', provider: 'codex', cwd: '/home/dev/shop'} as const;
	const lines: EventLine[] = [
		{...base, at: at(0), event: 'SubagentStart', state: 'active', data: {agentTranscriptPath: rollout}},
		{...base, at: at(3), event: 'SubagentStop', state: 'stopped'},
	];
	const log = path.join(activity, ROOT, 'events.jsonl');
	mkdirSync(path.dirname(log), {recursive: true});
	writeFileSync(log, lines.map(formatEventLine).join(''));
	return {activity, codexHome, cache: path.join(root, 'state', 'transcript-facts'), rollout, log};
}

function history(s: Setup, options: {readonly cache?: boolean; readonly codexHome?: string} = {}) {
	const transcripts = new TranscriptFacts({
		claudeDir: path.join(s.activity, '..', 'claude'),
		codexHome: options.codexHome ?? s.codexHome,
		...(options.cache === false ? {} : {cacheDir: s.cache}),
	});
	const [h] = readHistories(s.activity, {vars: process.env, now: T0 + 3_600_000, transcripts}).agents;
	return {tokens: h?.tokens, usage: h?.usage, cost: h?.cost, toolCalls: h?.toolCalls, model: h?.model};
}

const USD =
	requestPrice('gpt-5.5', {input: 2000, output: 30, cacheRead: 0, cacheWrite: 0}, T0 + 1500)! +
	requestPrice('gpt-5.5', {input: 1688, output: 40, cacheRead: 512, cacheWrite: 0}, T0 + 2000)!;

const EXPECTED = {
	tokens: 4270,
	usage: {input: 3688, output: 70, cacheRead: 512, cacheCreation: 0},
	cost: {usd: expect.closeTo(USD, 12) as number, priced: 2, unpriced: 0, asOf: LIST_PRICES.asOf},
	toolCalls: 1,
	model: 'gpt-5.5',
};

describe("the past keeps a Codex agent's rollout", () => {
	it('its requests priced one by one (the repeated token_count once), its tokens and tool calls', () => {
		expect(history(setup(), {cache: false})).toEqual(EXPECTED);
	});

	it('kept in the cache: the same file is not read again, and a rollout gone still leaves its facts', () => {
		const s = setup();
		expect(history(s)).toEqual(EXPECTED);
		rmSync(s.rollout);
		expect(history(s)).toEqual(EXPECTED);
	});

	it('never opens a rollout outside <codex>/sessions: named by the log, or through a link inside it', () => {
		const s = setup();
		const outside = path.join(path.dirname(s.codexHome), 'elsewhere.jsonl');
		writeFileSync(outside, readFileSync(s.rollout));
		writeFileSync(s.log, readFileSync(s.log, 'utf8').replace(JSON.stringify(s.rollout), JSON.stringify(outside)));
		expect(history(s, {cache: false}).cost).toBeUndefined();
		const link = path.join(path.dirname(s.rollout), `rollout-link-${CHILD}.jsonl`);
		symlinkSync(outside, link);
		writeFileSync(s.log, readFileSync(s.log, 'utf8').replace(JSON.stringify(outside), JSON.stringify(link)));
		expect(history(s, {cache: false}).cost).toBeUndefined();
		// Another Codex home: its rollouts only.
		writeFileSync(s.log, readFileSync(s.log, 'utf8').replace(JSON.stringify(link), JSON.stringify(s.rollout)));
		expect(history(s, {cache: false, codexHome: path.join(s.codexHome, 'other')}).cost).toBeUndefined();
		expect(history(s, {cache: false}).cost).toEqual(EXPECTED.cost);
	});
});
