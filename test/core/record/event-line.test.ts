import {describe, expect, it} from 'vitest';
import {CUT_MESSAGE_CHARS} from '../../../src/core/record/limits.js';
import {DATA_STRING_CHARS, formatEventLine, parseEventLine, parseEventLog, PROMPT_CHARS, type EventLine} from '../../../src/core/record/event-line.js';
import {HOSTILE} from '../../helpers/hostile.js';

const AT = '2026-03-01T12:00:00.123Z';
const base = {v: 1, at: AT, event: 'SubagentStart', sessionId: 's1'};

describe('parseEventLine', () => {
	it('reads a full line', () => {
		const line = {
			...base,
			agentId: 'a1',
			type: 'Explore',
			state: 'active',
			data: {x: 1},
			cwd: '/w',
			git: {head: 'abc', branch: 'main'},
		};
		expect(parseEventLine(JSON.stringify(line))).toEqual({ok: true, value: line});
	});

	it('reads a session line without agentId, and a line with its newline', () => {
		const parsed = parseEventLine(`${JSON.stringify({...base, event: 'SessionEnd', data: {reason: 'other'}})}\n`);
		expect(parsed.ok && parsed.value).toEqual({...base, event: 'SessionEnd', data: {reason: 'other'}});
	});

	it('ignores unknown fields and drops fields of the wrong type', () => {
		const parsed = parseEventLine(
			JSON.stringify({...base, extra: 'x', agentId: 5, type: 7, state: 'flying', data: 'text', cwd: [], git: {head: 3, branch: 'b'}}),
		);
		expect(parsed).toEqual({ok: true, value: {...base, git: {branch: 'b'}}});
		const noGit = parseEventLine(JSON.stringify({...base, git: {head: 1}}));
		expect(noGit.ok && noGit.value.git).toBeUndefined();
	});

	it.each([
		['not JSON', '{"v":1,"at":'],
		['empty', ''],
		['an array', '[1,2]'],
		['a number', '42'],
		['null', 'null'],
		['no v', JSON.stringify({...base, v: undefined})],
		['v 0', JSON.stringify({...base, v: 0})],
		['v a string', JSON.stringify({...base, v: '1'})],
		['no at', JSON.stringify({...base, at: undefined})],
		['a bad at', JSON.stringify({...base, at: 'yesterday'})],
		['no event', JSON.stringify({...base, event: ''})],
		['no sessionId', JSON.stringify({...base, sessionId: undefined})],
		['an unsafe sessionId', JSON.stringify({...base, sessionId: '../x'})],
		['an unsafe agentId', JSON.stringify({...base, agentId: 'a/b'})],
	])('returns an error, never throws, for %s', (_name, text) => {
		const parsed = parseEventLine(text);
		expect(parsed.ok).toBe(false);
	});

	it('keeps hostile strings exact (display safety is applied where lines are shown)', () => {
		const line = {...base, agentId: 'a1', type: HOSTILE.title, data: {lastMessage: HOSTILE.clipboard}, cwd: HOSTILE.bidi};
		expect(parseEventLine(JSON.stringify(line))).toEqual({ok: true, value: line});
	});
});

describe('parseEventLog', () => {
	it('keeps every good line, skips a garbage line and a cut last line, and says which', () => {
		const a = JSON.stringify({...base, agentId: 'a1'});
		const b = JSON.stringify({...base, agentId: 'a2'});
		const text = `${a}\n\ngarbage\n${b}\n${b.slice(0, 20)}`;
		const {lines, skipped} = parseEventLog(text);
		expect(lines.map(l => l.agentId)).toEqual(['a1', 'a2']);
		expect(skipped).toEqual([
			{lineNumber: 3, error: 'not JSON'},
			{lineNumber: 5, error: 'not JSON'},
		]);
	});

	it('reads an empty log as nothing', () => {
		expect(parseEventLog('')).toEqual({lines: [], skipped: []});
		expect(parseEventLog('\n')).toEqual({lines: [], skipped: []});
	});
});

describe('formatEventLine', () => {
	const line: EventLine = {
		v: 1,
		at: AT,
		event: 'SubagentStop',
		sessionId: 's1',
		agentId: 'a1',
		type: 'Explore',
		state: 'stopped',
		data: {lastMessage: 'line one\nline two\u2028'},
		cwd: '/w',
		git: {head: 'abc'},
	};

	it('writes one JSON line ending in a newline that reads back the same', () => {
		const text = formatEventLine(line);
		expect(text.endsWith('\n')).toBe(true);
		expect(text.indexOf('\n')).toBe(text.length - 1);
		expect(parseEventLine(text)).toEqual({ok: true, value: line});
	});

	it('writes the fields in a fixed order and leaves absent ones out', () => {
		expect(formatEventLine({v: 1, at: AT, event: 'SessionStart', sessionId: 's1', data: {source: 'resume'}})).toBe(
			`{"v":1,"at":"${AT}","event":"SessionStart","sessionId":"s1","data":{"source":"resume"}}\n`,
		);
	});

	it('cuts a lastMessage over 1 MiB and marks it', () => {
		const huge = 'x'.repeat(CUT_MESSAGE_CHARS + 10);
		const text = formatEventLine({...line, data: {lastMessage: huge, agentTranscriptPath: '/t'}});
		const back = parseEventLine(text);
		expect(back.ok).toBe(true);
		const data = back.ok ? back.value.data : undefined;
		expect(data?.lastMessage).toBe('x'.repeat(CUT_MESSAGE_CHARS));
		expect(data?.lastMessageCut).toBe(true);
		expect(data?.agentTranscriptPath).toBe('/t');
	});

	it('keeps a lastMessage of exactly 1 MiB whole and unmarked', () => {
		const text = formatEventLine({...line, data: {lastMessage: 'y'.repeat(CUT_MESSAGE_CHARS)}});
		const back = parseEventLine(text);
		expect(back.ok && back.value.data).toEqual({lastMessage: 'y'.repeat(CUT_MESSAGE_CHARS)});
	});

	it('never cuts a surrogate pair in half', () => {
		const text = formatEventLine({...line, data: {lastMessage: `${'x'.repeat(CUT_MESSAGE_CHARS - 1)}😀😀`}});
		const back = parseEventLine(text);
		const message = back.ok ? (back.value.data?.lastMessage as string) : '';
		expect(message).toBe('x'.repeat(CUT_MESSAGE_CHARS - 1));
	});

	it('bounds the prompt and other data strings', () => {
		const text = formatEventLine({
			...line,
			event: 'PostToolUse',
			data: {prompt: 'p'.repeat(5000), description: 'd'.repeat(DATA_STRING_CHARS + 1), totalTokens: 5},
		});
		const back = parseEventLine(text);
		const data = back.ok ? back.value.data : undefined;
		expect((data?.prompt as string).length).toBe(PROMPT_CHARS);
		expect((data?.description as string).length).toBe(DATA_STRING_CHARS);
		expect(data?.totalTokens).toBe(5);
		expect(data?.lastMessageCut).toBeUndefined();
	});

	it('does not change the line it is given', () => {
		const data = {lastMessage: 'z'.repeat(CUT_MESSAGE_CHARS + 1)};
		formatEventLine({...line, data});
		expect(data.lastMessage.length).toBe(CUT_MESSAGE_CHARS + 1);
		expect(data).not.toHaveProperty('lastMessageCut');
	});
});
