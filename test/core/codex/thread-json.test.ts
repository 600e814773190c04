// A folded Codex thread read back from agentlog's cache: the same thread, or none when any field
// is not as the fold writes it.
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {EMPTY_THREAD, foldRollout} from '../../../src/core/codex/rollout.js';
import {codexThreadFromJson} from '../../../src/core/codex/thread-json.js';

const root = path.join(import.meta.dirname, '../../fixtures/codex');
const threads = readdirSync(root, {recursive: true, encoding: 'utf8'})
	.filter(f => /rollout-.*\.jsonl$/.test(f))
	.map(f => foldRollout(EMPTY_THREAD, readFileSync(path.join(root, f), 'utf8').split('\n')));

describe('codexThreadFromJson', () => {
	it('reads back every real thread as it was folded', () => {
		expect(threads.length).toBeGreaterThan(5);
		for (const thread of threads) {
			expect(codexThreadFromJson(JSON.parse(JSON.stringify(thread)))).toEqual(JSON.parse(JSON.stringify(thread)));
		}
	});

	it('is no thread when a field is not as written', () => {
		const good = JSON.parse(JSON.stringify(threads[0])) as Record<string, unknown>;
		const broken: Array<Record<string, unknown>> = [
			{toolCounts: null},
			{toolCalls: {}},
			{toolCalls: [{id: 1}]},
			{phase: 'dancing'},
			{lines: -1},
			{resumeCount: 'two'},
			{meta: {threadId: 'x'}},
			{lastAt: 'yesterday'},
			{report: 42},
		];
		for (const change of broken) {
			expect(codexThreadFromJson({...good, ...change})).toBeUndefined();
		}
		expect(codexThreadFromJson(null)).toBeUndefined();
		expect(codexThreadFromJson([])).toBeUndefined();
	});

	it('takes ids only as the fold writes them, and only counts from the table', () => {
		const good = JSON.parse(JSON.stringify(threads[0])) as {meta: Record<string, unknown>} & Record<string, unknown>;
		expect(codexThreadFromJson({...good, meta: {...good.meta, sessionId: 'x\u001b]52;c;eA==\u0007'}})).toBeUndefined();
		expect(codexThreadFromJson({...good, meta: {...good.meta, parentThreadId: '../up'}})).toBeUndefined();
		const thread = codexThreadFromJson({...good, toolCounts: {shell: 2, bad: 'x', worse: -1}})!;
		expect({...thread.toolCounts}).toEqual({shell: 2});
	});
});
