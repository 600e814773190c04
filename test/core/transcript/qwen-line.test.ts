// A Qwen Code record read as the Claude Code line that says the same: tokens split the way Claude
// counts them, calls and results with their ids, thoughts kept apart from text.
import {describe, expect, it} from 'vitest';
import {isQwenLine, qwenLineAsClaude} from '../../../src/core/transcript/qwen-line.js';

const base = {uuid: 'u1', timestamp: '2026-11-20T10:00:00.000Z', version: '0.2.0', cwd: '/repo'};

describe('isQwenLine', () => {
	it('is a message of role model or user with parts', () => {
		expect(isQwenLine({message: {role: 'model', parts: []}})).toBe(true);
		expect(isQwenLine({message: {role: 'user', parts: [{text: 'hi'}]}})).toBe(true);
		expect(isQwenLine({message: {role: 'assistant', content: []}})).toBe(false);
		expect(isQwenLine({message: {role: 'model', parts: 'x'}})).toBe(false);
		expect(isQwenLine({type: 'assistant'})).toBe(false);
	});
});

describe('qwenLineAsClaude', () => {
	it('an assistant record: text, thought and call blocks, its usage with cached input apart', () => {
		const line = qwenLineAsClaude({
			...base,
			type: 'assistant',
			model: 'qwen3-coder',
			message: {
				role: 'model',
				parts: [
					{text: 'hmm', thought: true},
					{text: 'Reading.'},
					{functionCall: {id: 'c1', name: 'read_file', args: {path: 'a.ts'}}},
					{functionCall: {args: 'bad'}},
					'junk',
					{other: 1},
				],
			},
			usageMetadata: {promptTokenCount: 1000, cachedContentTokenCount: 300, candidatesTokenCount: 40, thoughtsTokenCount: 10},
		});
		expect(line).toEqual({
			timestamp: base.timestamp,
			version: base.version,
			cwd: base.cwd,
			type: 'assistant',
			message: {
				id: 'u1',
				usage: {input_tokens: 700, output_tokens: 50, cache_read_input_tokens: 300, cache_creation_input_tokens: 0},
				model: 'qwen3-coder',
				content: [
					{type: 'thinking'},
					{type: 'text', text: 'Reading.'},
					{type: 'tool_use', id: 'c1', name: 'read_file', input: {path: 'a.ts'}},
					{type: 'tool_use', id: '', name: 'tool', input: {}},
				],
			},
		});
	});

	it('a record without usage is no response of its own: no id, no usage', () => {
		const line = qwenLineAsClaude({...base, type: 'assistant', message: {role: 'model', parts: [{functionCall: {id: 'c2', name: 'shell', args: {}}}]}});
		expect(line?.message).toEqual({content: [{type: 'tool_use', id: 'c2', name: 'shell', input: {}}]});
	});

	it('hostile counts: negative, fractional, cached above the prompt', () => {
		const line = qwenLineAsClaude({
			...base,
			type: 'assistant',
			message: {role: 'model', parts: []},
			usageMetadata: {promptTokenCount: 10.9, cachedContentTokenCount: 50, candidatesTokenCount: -5, thoughtsTokenCount: '7'},
		});
		expect((line?.message as {usage: unknown}).usage).toEqual({input_tokens: 0, output_tokens: 0, cache_read_input_tokens: 50, cache_creation_input_tokens: 0});
	});

	it('a tool result: output, else error (plain or with a message), else the response as bounded JSON', () => {
		const line = qwenLineAsClaude({
			...base,
			type: 'tool_result',
			message: {
				role: 'user',
				parts: [
					{functionResponse: {id: 'c1', name: 'read_file', response: {output: 'file text'}}},
					{functionResponse: {id: 'c2', response: {error: 'denied'}}},
					{functionResponse: {id: 'c3', response: {error: {message: 'boom'}}}},
					{functionResponse: {id: 'c4', response: {big: 'y'.repeat(10_000)}}},
					{functionResponse: {response: 'just text'}},
				],
			},
		});
		const content = (line?.message as {content: Array<Record<string, unknown>>}).content;
		expect(content.slice(0, 3)).toEqual([
			{type: 'tool_result', tool_use_id: 'c1', content: 'file text'},
			{type: 'tool_result', tool_use_id: 'c2', content: 'denied', is_error: true},
			{type: 'tool_result', tool_use_id: 'c3', content: 'boom', is_error: true},
		]);
		expect(content[3]?.content).toHaveLength(4096);
		expect(content[4]).toEqual({type: 'tool_result', tool_use_id: '', content: 'just text'});
		expect(line?.type).toBe('user');
	});

	it('a user prompt is a user text line; one with nothing the fold reads is none', () => {
		expect(qwenLineAsClaude({type: 'user', message: {role: 'user', parts: [{text: 'Do it'}]}})).toEqual({
			type: 'user',
			message: {role: 'user', content: [{type: 'text', text: 'Do it'}]},
		});
		expect(qwenLineAsClaude({type: 'user', message: {role: 'user', parts: [{inlineData: {}}]}})).toBeUndefined();
	});

	it('system records and mismatched roles say nothing', () => {
		expect(qwenLineAsClaude({type: 'system', message: {role: 'user', parts: [{text: 'x'}]}})).toBeUndefined();
		expect(qwenLineAsClaude({type: 'assistant', message: {role: 'user', parts: [{text: 'x'}]}})).toBeUndefined();
		expect(qwenLineAsClaude({type: 'user', message: {role: 'model', parts: [{text: 'x'}]}})).toBeUndefined();
		expect(qwenLineAsClaude({type: 'assistant'})).toBeUndefined();
	});

	it('non-string timestamp, version or cwd are left out', () => {
		const line = qwenLineAsClaude({timestamp: 5, version: {}, cwd: null, type: 'assistant', message: {role: 'model', parts: []}});
		expect(line).toEqual({type: 'assistant', message: {content: []}});
	});
});
