// What a rollout's items say as text: ids, labels and texts kept safe and bounded, the files a
// patch names, a tool's output without Codex's wrapping, a call's one-line summary, a time.
import {describe, expect, it} from 'vitest';
import {
	callSummary,
	CODEX_TEXT_MAX,
	contentText,
	isContextMessage,
	isoOf,
	label,
	outputText,
	patchFiles,
	patchText,
	safeId,
	SUMMARY_LENGTH,
	text,
} from '../../../src/core/codex/rollout-items.js';
import {ALL_HOSTILE, RAW_CONTROL} from '../../helpers/hostile.js';

describe('safeId, text, label', () => {
	it('safeId keeps Codex’s ids only', () => {
		expect(safeId('019a-b.c:d@e_f')).toBe('019a-b.c:d@e_f');
		for (const v of ['', '.x', 'a b', 'a/b', 'a'.repeat(129), 12, null]) {
			expect(safeId(v), String(v)).toBeUndefined();
		}
	});

	it('text is safe, keeps newlines, and is cut to its bound', () => {
		expect(text(undefined)).toBeUndefined();
		expect(text('a\nb\u001B[2Jc')).toBe('a\nb␛[2Jc');
		expect(text(ALL_HOSTILE)).not.toMatch(RAW_CONTROL);
		expect(text('x'.repeat(CODEX_TEXT_MAX + 10))).toHaveLength(CODEX_TEXT_MAX);
		expect(text('abcdef', 3)).toBe('abc');
		// A cut never leaves half a surrogate pair.
		expect(text('ab😀', 3)).toBe('ab');
	});

	it('label is one safe line of at most 256, blank is none', () => {
		expect(label('a\tb\nc')).toBe('a b c');
		expect(label(' \n ')).toBeUndefined();
		expect(label(5)).toBeUndefined();
		expect(label('y'.repeat(300))).toHaveLength(256);
	});
});

describe('patchFiles and patchText', () => {
	it('names every added, updated, deleted and moved file once, in order', () => {
		const patch = [
			'*** Begin Patch',
			'*** Update File: src/a.ts',
			'@@',
			'-old',
			'+*** Add File: not/a/header.ts',
			'*** Move to: src/b.ts',
			'*** Add File: src/c.ts',
			'*** Delete File: src/a.ts',
			'*** Delete File:    ',
			'*** End Patch',
		].join('\n');
		expect(patchFiles(patch)).toEqual(['src/a.ts', 'src/b.ts', 'src/c.ts']);
		expect(patchFiles('')).toEqual([]);
	});

	it('reads the raw input, or the input of JSON arguments; broken JSON is the raw text', () => {
		expect(patchText({input: '*** Begin Patch'})).toBe('*** Begin Patch');
		expect(patchText({arguments: JSON.stringify({input: '*** Add File: x'})})).toBe('*** Add File: x');
		expect(patchText({arguments: '  {not json'})).toBe('  {not json');
		expect(patchText({arguments: '{"other":1}'})).toBeUndefined();
		expect(patchText({arguments: '[1]'})).toBe('[1]');
		expect(patchText({})).toBeUndefined();
	});
});

describe('isoOf', () => {
	it('seconds become ISO; anything else falls back to the line’s time', () => {
		expect(isoOf(1_763_632_800, 'line')).toBe('2025-11-20T10:00:00.000Z');
		expect(isoOf(1_763_632_800.5, undefined)).toBe('2025-11-20T10:00:00.500Z');
		for (const v of [0, -5, Number.NaN, Number.POSITIVE_INFINITY, 1e300, '1763632800', undefined]) {
			expect(isoOf(v, 'line'), String(v)).toBe('line');
		}
		expect(isoOf(8.64e12, undefined)).toBe(new Date(8.64e15).toISOString());
		expect(isoOf(8.64e12 + 1, undefined)).toBeUndefined();
	});
});

describe('contentText and outputText', () => {
	it('joins the text parts of a message, skipping what has none', () => {
		expect(contentText('plain')).toBe('plain');
		expect(contentText([{type: 'input_text', text: 'a'}, {type: 'image'}, 'x', null, {text: ''}, {type: 'output_text', text: 'b'}])).toBe('a\nb');
		expect(contentText({text: 'obj'})).toBe('');
		expect(contentText(undefined)).toBe('');
	});

	it('unwraps exec_command’s header, keeping a non-zero exit code in front', () => {
		const wrapped = (code: string | undefined) =>
			`Chunk ID: 1\nWall time: 0.1s\n${code === undefined ? '' : `Process exited with code ${code}\n`}Original token count: 3\nOutput:\nhello\n`;
		expect(outputText(wrapped('0'))).toBe('hello\n');
		expect(outputText(wrapped(undefined))).toBe('hello\n');
		expect(outputText(wrapped('2'))).toBe('exit 2: hello\n');
		expect(outputText(wrapped('-1'))).toBe('exit -1: hello\n');
	});

	it('unwraps code mode’s script output from its JSON; broken JSON keeps the text after the header', () => {
		const head = 'Script completed\nWall time 1s\nOutput:\n';
		expect(outputText(`${head}${JSON.stringify({output: 'done', exit_code: 0})}`)).toBe('done');
		expect(outputText(`${head}${JSON.stringify({output: 'boom', exit_code: 3})}`)).toBe('exit 3: boom');
		expect(outputText(`${head}{broken`)).toBe('{broken');
		expect(outputText(`${head}{"output":7}`)).toBe('{"output":7}');
	});

	it('takes arrays of parts and objects with content; anything else is empty', () => {
		expect(outputText([{text: 'part'}])).toBe('part');
		expect(outputText({content: 'c'})).toBe('c');
		expect(outputText(42)).toBe('');
		expect(outputText('Chunk ID without the rest')).toBe('Chunk ID without the rest');
	});
});

describe('isContextMessage', () => {
	it('is Codex’s own tagged context, not a task', () => {
		expect(isContextMessage('  <environment_context>\n<cwd>/x</cwd>')).toBe(true);
		expect(isContextMessage('<user_instructions>')).toBe(true);
		expect(isContextMessage('Fix <b>this</b>')).toBe(false);
		expect(isContextMessage('<Capital>')).toBe(false);
	});
});

describe('callSummary', () => {
	it('names the command, message, task or path that matters', () => {
		expect(callSummary('shell', JSON.stringify({command: ['bash', '-lc', 'ls -la', 7]}))).toBe('shell bash -lc ls -la');
		expect(callSummary('exec_command', JSON.stringify({cmd: 'npm test'}))).toBe('exec_command npm test');
		expect(callSummary('send_input', {message: 'go on'})).toBe('send_input go on');
		expect(callSummary('spawn_agent', JSON.stringify({task_name: 'scan'}))).toBe('spawn_agent scan');
		expect(callSummary('view_image', JSON.stringify({path: '/a.png'}))).toBe('view_image /a.png');
	});

	it('is the bare name for broken or unknown arguments', () => {
		expect(callSummary('shell', '{broken')).toBe('shell');
		expect(callSummary('shell', JSON.stringify({other: 1}))).toBe('shell');
		expect(callSummary('shell', undefined)).toBe('shell');
	});

	it('is one safe line cut to its length', () => {
		const s = callSummary('shell', JSON.stringify({cmd: `${ALL_HOSTILE}\n${'z'.repeat(500)}`}));
		expect(s).not.toMatch(RAW_CONTROL);
		expect(s).not.toContain('\n');
		expect(s.endsWith('…')).toBe(true);
		const long = callSummary('shell', JSON.stringify({cmd: 'z'.repeat(500)}));
		expect([...long].length).toBe(SUMMARY_LENGTH + 1);
		expect(long).toBe(`shell ${'z'.repeat(SUMMARY_LENGTH - 6)}…`);
	});
});
