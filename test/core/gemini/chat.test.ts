// A Gemini CLI session file folded: the real files of test/fixtures/gemini, and what a file can do
// that they did not (rewinds, hostile text, bad lines, a file read in pieces).
import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {chatToolCalls, EMPTY_CHAT, foldGeminiChat, GEMINI_TEXT_MAX} from '../../../src/core/gemini/chat.js';
import {foldGeminiFile, geminiFile} from '../../helpers/gemini.js';

describe('foldGeminiChat on the real files', () => {
	it('reads a subagent file: its id, kind, start, each message once (the last copy of an id), its summary', () => {
		const {path, id} = geminiFile('tools', 'reader');
		const chat = foldGeminiFile(path);
		expect(chat.meta).toMatchObject({sessionId: id, kind: 'subagent'});
		expect(chat.meta?.startTime).toMatch(/^2026-/);
		const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean);
		const ids = lines.map(l => JSON.parse(l) as {id?: string}).flatMap(o => (o.id === undefined ? [] : [o.id]));
		// The CLI wrote each gemini message twice (before and after its tool calls).
		expect(ids.length).toBeGreaterThan(new Set(ids).size);
		expect(chat.messages.map(m => m.id)).toEqual([...new Set(ids)]);
		expect(chatToolCalls(chat).map(c => c.name)).toEqual(['read_file', 'run_shell_command', 'complete_task']);
		expect(chat.summary).toContain('notes.txt has 3 lines');
		expect(chat.badLines).toBe(0);
	});

	it('reads the parent invoke_agent calls: the child id, its name, prompt, end reason and report', () => {
		const main = foldGeminiFile(geminiFile('tools', 'main').path);
		expect(main.meta?.kind).toBe('main');
		const calls = chatToolCalls(main).filter(c => c.name === 'invoke_agent');
		expect(calls.map(c => [c.agentId, c.agentName, c.terminateReason, c.state])).toEqual([
			[geminiFile('tools', 'reader').id, 'generalist', 'GOAL', 'completed'],
			[geminiFile('tools', 'lister').id, 'lister', 'GOAL', 'completed'],
		]);
		expect(calls[0]!.prompt).toContain('[fixture:reader]');
		expect(calls[0]!.report).toContain('notes.txt has 3 lines');
		expect(calls[1]!.report).toBe('The folder holds notes.txt only.');
		// The session's own context ($set.messages) is not a message of it.
		expect(main.messages.some(m => m.text.includes('<session_context>'))).toBe(false);
	});

	it('reads a failed child from its parent: ERROR and the error line', () => {
		const call = chatToolCalls(foldGeminiFile(geminiFile('fail', 'main').path)).find(c => c.name === 'invoke_agent');
		expect(call).toMatchObject({terminateReason: 'ERROR', state: 'error'});
		expect(call?.error).toContain('fixture: the stand-in refuses');
	});

	it('a killed run: the parent has no invoke_agent call at all', () => {
		expect(chatToolCalls(foldGeminiFile(geminiFile('cut', 'main').path))).toEqual([]);
	});

	it('gives the same state read whole or in pieces', () => {
		const lines = readFileSync(geminiFile('parallel', 'main').path, 'utf8').split('\n');
		const whole = foldGeminiChat(EMPTY_CHAT, lines);
		let pieces = EMPTY_CHAT;
		for (let i = 0; i < lines.length; i += 3) {
			pieces = foldGeminiChat(pieces, lines.slice(i, i + 3));
		}
		expect(pieces).toEqual(whole);
	});
});

describe('foldGeminiChat on made-up lines', () => {
	const meta = JSON.stringify({sessionId: 'child-1', kind: 'subagent', startTime: '2026-11-29T10:00:00.000Z'});
	const msg = (id: string, s: number, extra: Record<string, unknown> = {}) =>
		JSON.stringify({id, timestamp: new Date(Date.parse('2026-11-29T10:00:00.000Z') + s * 1000).toISOString(), type: 'gemini', content: 'x', ...extra});

	it('drops a rewound message and what came after', () => {
		const chat = foldGeminiChat(EMPTY_CHAT, [meta, msg('a', 1), msg('b', 2), msg('c', 3), JSON.stringify({$rewindTo: 'b'}), msg('d', 4)]);
		expect(chat.messages.map(m => m.id)).toEqual(['a', 'd']);
	});

	it('makes text safe and bounded, counts bad lines, skips unknown ones', () => {
		const huge = 'y'.repeat(GEMINI_TEXT_MAX * 2);
		const chat = foldGeminiChat(EMPTY_CHAT, [
			meta,
			'not json',
			'[1,2]',
			JSON.stringify({something: 'else'}),
			msg('a', 1, {content: [{text: `\u001b[31mred\u001b[0m ${huge}`}], model: 'gemini\u001b]0;x\u0007-pro'}),
			JSON.stringify({$set: {summary: `\u001b[2Jdone ${huge}`}}),
		]);
		expect(chat.badLines).toBe(2);
		expect(chat.messages).toHaveLength(1);
		expect(chat.messages[0]!.text).not.toContain('\u001b');
		expect(chat.messages[0]!.text.length).toBeLessThanOrEqual(GEMINI_TEXT_MAX);
		expect(chat.messages[0]!.model).not.toContain('\u001b');
		expect(chat.summary).not.toContain('\u001b');
		expect(chat.summary!.length).toBeLessThanOrEqual(GEMINI_TEXT_MAX);
	});

	it('ignores ids and kinds it cannot use', () => {
		const chat = foldGeminiChat(EMPTY_CHAT, [JSON.stringify({sessionId: '../etc', kind: 'subagent'}), msg('../x', 1)]);
		expect(chat.meta).toBeUndefined();
		expect(chat.messages).toEqual([]);
	});
});
