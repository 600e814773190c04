// Gemini CLI subagents as agentlog agents, from the real files of test/fixtures/gemini.
import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {EMPTY_CHAT, foldGeminiChat} from '../../../src/core/gemini/chat.js';
import {
	COMPLETE_TASK_REASON,
	GEMINI_GONE,
	geminiCountFacts,
	geminiFacts,
	geminiRecord,
	geminiUsage,
	requestUsage,
	UNNAMED_TYPE,
	unendedSince,
} from '../../../src/core/gemini/gemini-agent.js';
import {LIST_PRICES} from '../../../src/core/cost/price.js';
import {isFailure} from '../../../src/core/record/limits.js';
import {foldGeminiFile, geminiFile} from '../../helpers/gemini.js';

function agent(scenario: string, script: string, withParent = true) {
	const child = geminiFile(scenario, script);
	const main = geminiFile(scenario, 'main');
	const parent = withParent ? foldGeminiFile(main.path) : undefined;
	const chat = foldGeminiFile(child.path);
	return {record: geminiRecord(chat, child.path, main.id, parent), facts: geminiFacts(chat, parent), chat, child, main};
}

describe('geminiRecord', () => {
	it('a child that completed: named by its parent call, its task, report, model, tokens, tool calls, stopped GOAL', () => {
		const {record, child, main} = agent('tools', 'reader');
		expect(record).toMatchObject({
			agentId: child.id,
			sessionId: main.id,
			type: 'generalist',
			status: 'stopped',
			stopReason: 'termination:GOAL',
			lastMessage: 'notes.txt has 3 lines; the first is "alpha".',
			model: 'gemini-2.5-pro',
			totalToolUseCount: 3,
			transcriptPath: child.path,
			provider: 'gemini',
		});
		expect(record!.description).toContain('[fixture:reader] Read notes.txt');
		expect(Date.parse(record!.stoppedAt!)).toBeGreaterThanOrEqual(Date.parse(record!.startedAt));
		expect(record!.interrupted).toBeUndefined();
	});

	it('a custom agent keeps its own name and plain-text report', () => {
		expect(agent('tools', 'lister').record).toMatchObject({type: 'lister', status: 'stopped', lastMessage: 'The folder holds notes.txt only.'});
	});

	it('before the parent writes its call: unnamed, task from its first message, stopped by its own complete_task', () => {
		const {record} = agent('tools', 'reader', false);
		expect(record).toMatchObject({
			type: UNNAMED_TYPE,
			status: 'stopped',
			stopReason: COMPLETE_TASK_REASON,
			lastMessage: 'notes.txt has 3 lines; the first is "alpha".',
		});
		expect(record!.description).toContain('[fixture:reader]');
	});

	it('a child whose model request failed: stopped as failed, with the error', () => {
		const {record} = agent('fail', 'broken');
		expect(record!.status).toBe('stopped');
		expect(isFailure(record!.stopReason)).toBe(true);
		expect(record!.stopReason).toContain('fixture: the stand-in refuses');
	});

	it('a child cut off by a kill: still active (the stale rule ends it), its last sign of life its last line', () => {
		const {record, chat, facts} = agent('cut', 'stuck');
		expect(record).toMatchObject({status: 'active', type: UNNAMED_TYPE});
		expect(record!.stoppedAt).toBeUndefined();
		expect(Date.parse(record!.updatedAt)).toBe(chat.lastAt);
		expect(facts.summary.activity).toContain('read_file');
		expect(facts.endedTurn).toBe(false);
	});

	it('a cut child once Gemini CLI no longer runs its session: interrupted at its last line, why said', () => {
		const {chat, child, main} = agent('cut', 'stuck');
		const parent = foldGeminiFile(main.path);
		expect(unendedSince(chat, parent)).toBe(Date.parse('2026-11-29T02:48:12.848Z'));
		const record = geminiRecord(chat, child.path, main.id, parent, true);
		expect(record).toMatchObject({status: 'stopped', interrupted: true, stopReason: GEMINI_GONE, stoppedAt: new Date(chat.lastAt!).toISOString()});
		const facts = geminiFacts(chat, parent, {gone: true});
		expect(facts.endedTurn).toBe(true);
		expect(facts.summary.activity).toBeUndefined();
		expect(geminiCountFacts(chat, parent, undefined, true).endedTurn).toBe(true);
	});

	it('gone changes nothing for a child that ended: its own end stands', () => {
		for (const [scenario, script] of [
			['tools', 'reader'],
			['fail', 'broken'],
		] as const) {
			const {chat, child, main} = agent(scenario, script);
			const parent = foldGeminiFile(main.path);
			expect(unendedSince(chat, parent)).toBeUndefined();
			expect(geminiRecord(chat, child.path, main.id, parent, true)).toEqual(geminiRecord(chat, child.path, main.id, parent));
		}
		// Before the parent's call, its own complete_task ends it.
		const {chat, child, main} = agent('tools', 'reader', false);
		expect(geminiRecord(chat, child.path, main.id, undefined, true)).toMatchObject({status: 'stopped', stopReason: COMPLETE_TASK_REASON});
	});

	it('out of turns but completed in the grace turn: GOAL, as the parent says', () => {
		expect(agent('turns', 'looper').record).toMatchObject({type: 'looper', status: 'stopped', stopReason: 'termination:GOAL'});
	});

	it('two children run at once are told apart by id', () => {
		const left = agent('parallel', 'left').record!;
		const right = agent('parallel', 'right').record!;
		expect(left.agentId).not.toBe(right.agentId);
		expect(left.description).toContain('[fixture:left]');
		expect(right.description).toContain('[fixture:right]');
		expect(Date.parse(right.startedAt)).toBeLessThan(Date.parse(left.stoppedAt!));
	});

	it('a main session file is not an agent', () => {
		const main = geminiFile('tools', 'main');
		expect(geminiRecord(foldGeminiFile(main.path), main.path, main.id, undefined)).toBeUndefined();
	});
});

describe('geminiFacts and geminiUsage', () => {
	it('counts each message once: the sum of the distinct messages, not of every line', () => {
		const {chat, facts} = agent('tools', 'reader');
		const usage = geminiUsage(chat)!;
		// From the file itself: the last line of each message id.
		const last = new Map<string, number>();
		for (const line of readFileSync(agent('tools', 'reader').child.path, 'utf8').split('\n').filter(Boolean)) {
			const o = JSON.parse(line) as {id?: string; tokens?: {input: number}};
			if (o.id !== undefined && o.tokens !== undefined) {
				last.set(o.id, o.tokens.input);
			}
		}
		const want = [...last.values()].reduce((a, b) => a + b, 0);
		expect(chat.messages).toHaveLength(new Set(chat.messages.map(m => m.id)).size);
		expect(usage.input + usage.cacheRead).toBe(want);
		expect(facts.summary.usage.get('requests')).toEqual(usage);
		expect(facts.summary.toolCalls.map(c => c.name)).toEqual(['read_file', 'run_shell_command', 'complete_task']);
		expect(facts.finalReport).toBe('notes.txt has 3 lines; the first is "alpha".');
		expect(facts.endedTurn).toBe(true);
	});

	it('the count facts say the same end and sign of life', () => {
		const {chat, facts} = agent('fail', 'broken');
		const counted = geminiCountFacts(chat, foldGeminiFile(geminiFile('fail', 'main').path));
		expect(counted.endedTurn).toBe(facts.endedTurn);
		expect(counted.summary.lastAt).toBe(facts.summary.lastAt);
	});

	it('a message written again with more tokens counts once, with the last copy', () => {
		const meta = JSON.stringify({sessionId: 'c1', kind: 'subagent', startTime: '2026-11-29T10:00:00.000Z'});
		const m = (tokens: number) =>
			JSON.stringify({
				id: 'm1',
				timestamp: '2026-11-29T10:00:01.000Z',
				type: 'gemini',
				content: '',
				tokens: {input: tokens, output: 1, cached: 0, thoughts: 2, tool: 0, total: tokens + 3},
			});
		const usage = geminiUsage(foldGeminiChat(EMPTY_CHAT, [meta, m(100), m(150)]))!;
		expect(usage).toMatchObject({input: 150, output: 3, cacheRead: 0});
	});

	it("is priced at Google's list price per message: uncached input, cached part, output with thinking, tool-use prompt as input", () => {
		// The real fixture: gemini-2.5-pro at $1.25 / $0.125 cached / $10 per million tokens, every message under 200k.
		const {chat} = agent('tools', 'reader');
		const usage = geminiUsage(chat, LIST_PRICES)!;
		expect(usage.cost).toMatchObject({priced: 3, unpriced: 0});
		expect(usage.cost.usd).toBeCloseTo((usage.input * 1.25 + usage.cacheRead * 0.125 + usage.output * 10) / 1_000_000, 12);
		expect(usage.cacheRead).toBeGreaterThan(0);
		// Each message: input + output + thoughts + tool is its total, and all of it is counted.
		const tokens = {input: 300_000, output: 10, cached: 100_000, thoughts: 90, tool: 50, total: 300_150};
		expect(requestUsage(tokens)).toEqual({input: 200_050, output: 100, cacheRead: 100_000, cacheWrite: 0});
		const line = (model: string) => JSON.stringify({id: 'm1', timestamp: '2026-11-29T10:00:01.000Z', type: 'gemini', content: '', model, tokens});
		const meta = JSON.stringify({sessionId: 'c1', kind: 'subagent', startTime: '2026-11-29T10:00:00.000Z'});
		// Over 200k prompt tokens (cached part included): wholly at the long-context rate ($2.50 / $0.25 / $15).
		const long = geminiUsage(foldGeminiChat(EMPTY_CHAT, [meta, line('gemini-2.5-pro')]), LIST_PRICES)!;
		expect(long.cost.usd).toBeCloseTo((200_050 * 2.5 + 100_000 * 0.25 + 100 * 15) / 1_000_000, 12);
		// A model the table lacks: unpriced, never $0.
		const unknown = geminiUsage(foldGeminiChat(EMPTY_CHAT, [meta, line('gemini-9-secret')]), LIST_PRICES)!;
		expect(unknown.cost).toMatchObject({usd: 0, priced: 0, unpriced: 1});
	});
});
