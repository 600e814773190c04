import {describe, expect, it} from 'vitest';
import {
	editedFile,
	EMPTY_SUMMARY,
	foldLines,
	MAX_TOOL_CALLS,
	mergeSummaries,
	oneLine,
	shortPath,
	tokenTotals,
	toolSummary,
	usageMayBePlaceholder,
	type TranscriptSummary,
} from '../../../src/core/transcript/summary.js';
import {completeLines, descriptionFromParent, metaDescription} from '../../../src/core/transcript/sources.js';
import {
	agentCallLine,
	agentResultLine,
	assistantLine,
	bashResultLine,
	compactBoundaryLine,
	CWD,
	fileHistoryLine,
	isoAt,
	jsonl,
	MODEL,
	progressLine,
	promptLine,
	T0,
	textBlock,
	textLine,
	thinkingBlock,
	thinkingLine,
	toolResultLine,
	toolUseBlock,
	toolUseLine,
} from '../../helpers/transcript-lines.js';
import {ALL_HOSTILE, HOSTILE, RAW_CONTROL} from '../../helpers/hostile.js';

const fold = (lines: readonly string[], cwd?: string): TranscriptSummary => foldLines(EMPTY_SUMMARY, lines, cwd);

/** A short transcript that uses every kind of line, with one response split over several lines. */
function fixture(): string[] {
	return [
		promptLine('Find every route handler and document it.', {seconds: 0}),
		assistantLine([textBlock("I'll look at the router first.")], {messageId: 'msg_1', seconds: 1}),
		toolUseLine('toolu_1', 'Grep', {pattern: 'router\\.(get|post)', path: `${CWD}/src`}, {messageId: 'msg_1', seconds: 2}),
		progressLine('toolu_1', {seconds: 2}),
		toolResultLine('toolu_1', 'src/app.ts:12:router.get("/")\nsrc/app.ts:20:router.post("/order")', {seconds: 3}),
		thinkingLine('The handlers are in app.ts.', {messageId: 'msg_2', usage: {input_tokens: 10, output_tokens: 40}, seconds: 4}),
		toolUseLine('toolu_2', 'Read', {file_path: `${CWD}/src/app.ts`}, {messageId: 'msg_2', usage: {input_tokens: 10, output_tokens: 90}, seconds: 5}),
		toolResultLine('toolu_2', ['     1→import express from "express";', '     2→const router = express.Router();'], {seconds: 6}),
		'{"type":"assistant","message":{"id":"msg_torn"',
		'',
		toolUseLine(
			'toolu_3',
			'Edit',
			{file_path: `${CWD}/src/app.ts`, old_string: 'a', new_string: 'b'},
			{messageId: 'msg_3', model: 'claude-opus-4-1-20250805', seconds: 7},
		),
		toolResultLine('toolu_3', 'The file has been updated.', {seconds: 8}),
		compactBoundaryLine(120_000, {seconds: 9}),
		toolUseLine('toolu_4', 'Bash', {command: 'npm test', description: 'Run the tests'}, {messageId: 'msg_4', seconds: 10}),
		bashResultLine('toolu_4', {stdout: '', stderr: 'Tests: 1 failed', isError: true}, {seconds: 11}),
		assistantLine([textBlock('\n\n')], {messageId: 'msg_5', seconds: 12}),
		toolUseLine('toolu_5', 'Write', {file_path: `${CWD}/docs/routes.md`, content: '# Routes'}, {messageId: 'msg_5', version: '2.1.40', seconds: 12}),
		toolUseLine('toolu_6', 'Edit', {file_path: `${CWD}/src/app.ts`, old_string: 'b', new_string: 'c'}, {messageId: 'msg_5', version: '2.1.40', seconds: 12}),
		toolResultLine('toolu_5', 'File created successfully at: docs/routes.md', {seconds: 13}),
		toolResultLine('toolu_6', 'The file has been updated.', {seconds: 13}),
		fileHistoryLine({seconds: 13}),
		'42',
		textLine('## Summary\n\nFound **2** routes.\n', {messageId: 'msg_6', usage: {output_tokens: 250}, seconds: 14}),
	];
}

describe('foldLines: parsing', () => {
	it('folds nothing into the same summary', () => {
		expect(foldLines(EMPTY_SUMMARY, [])).toBe(EMPTY_SUMMARY);
	});

	it('reads text, thinking and tool_use blocks of assistant lines', () => {
		const s = fold([textLine('Looking around.'), thinkingLine('hmm'), toolUseLine('toolu_a', 'Glob', {pattern: '**/*.ts'})]);
		expect(s.lines).toBe(3);
		expect(s.badLines).toBe(0);
		expect(s.toolCalls).toEqual([{id: 'toolu_a', name: 'Glob', summary: 'Glob **/*.ts', at: T0}]);
		expect(s.toolCounts).toEqual({Glob: 1});
		expect(s.model).toBe(MODEL);
		expect(s.version).toBe('2.1.39');
	});

	it('reads several blocks of one line in order (the last one is the activity)', () => {
		const s = fold([
			assistantLine([
				thinkingBlock('plan'),
				textBlock('Reading it.'),
				toolUseBlock('toolu_a', 'Read', {file_path: `${CWD}/a.ts`}),
				toolUseBlock('toolu_b', 'Read', {file_path: `${CWD}/b.ts`}),
			]),
		]);
		expect(s.toolCalls.map(c => c.summary)).toEqual(['Read a.ts', 'Read b.ts']);
		expect(s.toolCounts).toEqual({Read: 2});
		expect(s.activity).toBe('Read b.ts');
	});

	it('ignores line types it does not use, but counts them as lines', () => {
		const s = fold([
			progressLine('toolu_1'),
			compactBoundaryLine(155_000),
			fileHistoryLine(),
			'{"type":"queue-operation","operation":"enqueue"}',
			promptLine('Do it.'),
		]);
		expect(s.lines).toBe(5);
		expect(s.badLines).toBe(0);
		expect(s.toolCalls).toEqual([]);
		expect(s.activity).toBeUndefined();
		expect(tokenTotals(s)).toEqual({input: 0, output: 0, cacheWrite: 0, cacheRead: 0});
	});

	it('counts lines that are not JSON, or JSON but not an object, in badLines', () => {
		const s = fold(['{"type":"assistant","message":{"id"', 'not json', '42', '"text"', '[1,2]', 'null', textLine('ok')]);
		expect(s.lines).toBe(7);
		expect(s.badLines).toBe(6);
		expect(s.activity).toBe('ok');
	});

	it('ignores blank lines', () => {
		const s = fold(['', '   ', '\t', textLine('ok'), '']);
		expect(s.lines).toBe(1);
		expect(s.badLines).toBe(0);
	});

	it('survives odd shapes: no message, content not an array, blocks that are not objects', () => {
		const s = fold([
			JSON.stringify({type: 'assistant'}),
			JSON.stringify({type: 'assistant', message: {content: 'plain'}}),
			JSON.stringify({type: 'assistant', message: {content: [null, 3, 'x', {type: 'tool_use'}]}}),
			JSON.stringify({type: 'user', message: {content: [null, {type: 'tool_result'}]}}),
		]);
		expect(s.badLines).toBe(0);
		expect(s.toolCalls.map(c => c.name)).toEqual(['tool']);
	});

	it('keeps the newest timestamp, the version of the newest line and a parent agent id', () => {
		const s = fold([
			textLine('a', {seconds: 5}),
			textLine('b', {seconds: 3, version: '2.1.40', extra: {parentAgentId: 'a11'}}),
			textLine('c', {timestamp: 'not a time'}),
		]);
		expect(s.lastAt).toBe(T0 + 5000);
		expect(s.version).toBe('2.1.39');
		expect(fold([textLine('a'), textLine('b', {version: '2.1.40'})]).version).toBe('2.1.40');
		expect(s.parentAgentId).toBe('a11');
	});
});

describe('foldLines: activity', () => {
	it('is the tool call summary after a tool_use', () => {
		expect(fold([toolUseLine('toolu_1', 'Grep', {pattern: 'router\\.(get|post)'})]).activity).toBe('Grep router\\.(get|post)');
	});

	it('is "thinking…" after thinking', () => {
		expect(fold([textLine('Hi.'), thinkingLine('…')]).activity).toBe('thinking…');
	});

	it('is the last non-empty line of text, without leading #', () => {
		expect(fold([textLine('First.\n\n## Next: the router\n\n')]).activity).toBe('Next: the router');
		expect(fold([textLine('# Title')]).activity).toBe('Title');
		expect(fold([textLine('Plain words')]).activity).toBe('Plain words');
	});

	it('keeps the previous activity when the text is empty', () => {
		expect(fold([toolUseLine('toolu_1', 'Read', {file_path: '/x/a.ts'}), textLine('\n  \n')]).activity).toBe('Read /x/a.ts');
	});

	it('is "thinking…" once a tool result is back', () => {
		expect(fold([toolUseLine('toolu_1', 'Read', {file_path: '/x/a.ts'}), toolResultLine('toolu_1', 'content')]).activity).toBe('thinking…');
	});

	it('is cut when the text line is very long', () => {
		const activity = fold([textLine('word '.repeat(100))]).activity ?? '';
		expect([...activity].length).toBeLessThanOrEqual(121);
		expect(activity.endsWith('…')).toBe(true);
	});
});

describe('tokens', () => {
	it('counts the lines of one response (same message.id, same usage) once', () => {
		const usage = {input_tokens: 3, output_tokens: 3, cache_creation_input_tokens: 13522, cache_read_input_tokens: 0};
		const s = fold([
			textLine('Let me read.', {messageId: 'msg_a', usage}),
			toolUseLine('toolu_1', 'Read', {file_path: '/x/a.ts'}, {messageId: 'msg_a', usage}),
			textLine('Done.', {messageId: 'msg_b', usage: {input_tokens: 5, output_tokens: 100, cache_creation_input_tokens: 0, cache_read_input_tokens: 13522}}),
		]);
		expect(tokenTotals(s)).toEqual({input: 8, output: 103, cacheWrite: 13522, cacheRead: 13522});
	});

	it('takes the usage of a later line with the same id instead of the earlier one', () => {
		const s = fold([
			textLine('Let me read.', {messageId: 'msg_a', usage: {output_tokens: 3}}),
			toolUseLine('toolu_1', 'Read', {file_path: '/x/a.ts'}, {messageId: 'msg_a', usage: {output_tokens: 250}}),
		]);
		expect(tokenTotals(s).output).toBe(250);
	});

	it('totals nothing when there is no usage (no id, no usage key)', () => {
		expect(tokenTotals(EMPTY_SUMMARY)).toEqual({input: 0, output: 0, cacheWrite: 0, cacheRead: 0});
		const noId = JSON.stringify({type: 'assistant', message: {usage: {input_tokens: 9, output_tokens: 9}, content: []}});
		expect(tokenTotals(fold([noId, textLine('x', {usage: null})]))).toEqual({input: 0, output: 0, cacheWrite: 0, cacheRead: 0});
	});

	it('reads a missing or odd usage number as 0', () => {
		const line = JSON.stringify({type: 'assistant', message: {id: 'msg_x', usage: {input_tokens: 'many', output_tokens: 7}, content: []}});
		expect(tokenTotals(fold([line]))).toEqual({input: 0, output: 7, cacheWrite: 0, cacheRead: 0});
	});

	it('totals the fixture transcript', () => {
		// msg_1: 3/3/13522; msg_2 (the later line): 10/90/13522; msg_3, msg_4, msg_5: 3/3/13522; msg_6: 3/250/13522.
		expect(tokenTotals(fold(fixture()))).toEqual({input: 3 + 10 + 3 * 3 + 3, output: 3 + 90 + 3 * 3 + 250, cacheWrite: 6 * 13522, cacheRead: 0});
	});
});

describe('usageMayBePlaceholder', () => {
	it('is true before 2.1.97 and when the version is unknown', () => {
		expect(usageMayBePlaceholder('2.1.39')).toBe(true);
		expect(usageMayBePlaceholder('2.1.96')).toBe(true);
		expect(usageMayBePlaceholder('2.0.99')).toBe(true);
		expect(usageMayBePlaceholder('1.0.38')).toBe(true);
		expect(usageMayBePlaceholder(undefined)).toBe(true);
		expect(usageMayBePlaceholder('')).toBe(true);
		expect(usageMayBePlaceholder('next')).toBe(true);
	});

	it('is false from 2.1.97 on', () => {
		expect(usageMayBePlaceholder('2.1.97')).toBe(false);
		expect(usageMayBePlaceholder('2.1.98')).toBe(false);
		expect(usageMayBePlaceholder('2.1.215')).toBe(false);
		expect(usageMayBePlaceholder('2.2.0')).toBe(false);
		expect(usageMayBePlaceholder('3.0.0')).toBe(false);
	});
});

describe('toolSummary', () => {
	it('Bash: the description, else the first line of the command', () => {
		expect(toolSummary('Bash', {command: 'npm test -- --run', description: 'Run the tests'})).toBe('Bash Run the tests');
		expect(toolSummary('Bash', {command: 'git status\ngit diff --stat'})).toBe('Bash git status');
	});

	it('Grep and Glob: the pattern, and " in " the path relative to cwd', () => {
		expect(toolSummary('Grep', {pattern: 'router\\.(get|post)', path: `${CWD}/src`, output_mode: 'content'}, CWD)).toBe('Grep router\\.(get|post) in src');
		expect(toolSummary('Grep', {pattern: 'TODO'}, CWD)).toBe('Grep TODO');
		expect(toolSummary('Glob', {pattern: '**/*.test.ts', path: '/elsewhere/lib'}, CWD)).toBe('Glob **/*.test.ts in /elsewhere/lib');
	});

	it('Read, Write and Edit: the path relative to cwd', () => {
		expect(toolSummary('Read', {file_path: `${CWD}/src/app.ts`, offset: 10}, CWD)).toBe('Read src/app.ts');
		expect(toolSummary('Write', {file_path: `${CWD}/docs/a.md`, content: 'text'}, CWD)).toBe('Write docs/a.md');
		expect(toolSummary('Edit', {file_path: '/etc/hosts', old_string: 'a', new_string: 'b'}, CWD)).toBe('Edit /etc/hosts');
		expect(toolSummary('Read', {file_path: `${CWD}/src/app.ts`})).toBe(`Read ${CWD}/src/app.ts`);
		expect(toolSummary('NotebookEdit', {notebook_path: `${CWD}/nb.ipynb`, new_source: 'x'}, CWD)).toBe('NotebookEdit nb.ipynb');
	});

	it('WebFetch: the url; WebSearch: the query', () => {
		expect(toolSummary('WebFetch', {url: 'https://example.com/docs', prompt: 'Summarise'})).toBe('WebFetch https://example.com/docs');
		expect(toolSummary('WebSearch', {query: 'vitest waitFor interval'})).toBe('WebSearch vitest waitFor interval');
	});

	it('Agent and Task: the description, else the subagent type', () => {
		expect(toolSummary('Agent', {description: 'Find routes', prompt: 'Long prompt…', subagent_type: 'Explore'})).toBe('Agent Find routes');
		expect(toolSummary('Task', {prompt: 'Long prompt…', subagent_type: 'Plan'})).toBe('Task Plan');
	});

	it('TodoWrite: how many todos', () => {
		const todos = [
			{content: 'a', status: 'pending'},
			{content: 'b', status: 'in_progress'},
			{content: 'c', status: 'completed'},
		];
		expect(toolSummary('TodoWrite', {todos})).toBe('TodoWrite 3 todos');
		expect(toolSummary('TodoWrite', {})).toBe('TodoWrite');
	});

	it('an unknown tool: its path, else its first string input, else just the name', () => {
		expect(toolSummary('mcp__github__get_issue', {owner: 'acme', repo: 'shop', issue_number: 7})).toBe('mcp__github__get_issue acme');
		expect(toolSummary('LS', {path: `${CWD}/src`}, CWD)).toBe('LS src');
		expect(toolSummary('Odd', {n: 1, flag: true})).toBe('Odd');
		expect(toolSummary('Odd', 'not an object')).toBe('Odd');
		expect(toolSummary('Odd', null)).toBe('Odd');
	});

	it('cuts very long inputs to one short line', () => {
		const long = `echo ${'x'.repeat(500)}`;
		const summary = toolSummary('Bash', {command: long});
		expect([...summary].length).toBe(121);
		expect(summary.startsWith('Bash echo xxx')).toBe(true);
		expect(summary.endsWith('…')).toBe(true);
		expect(toolSummary('Bash', {description: 'Run\n  the\ttests'})).toBe('Bash Run the tests');
	});

	it('cuts by characters, not UTF-16 units', () => {
		const summary = toolSummary('WebSearch', {query: '🙂'.repeat(200)});
		expect(summary).toBe(`WebSearch ${'🙂'.repeat(110)}…`);
	});
});

describe('shortPath', () => {
	it('is relative only inside cwd', () => {
		expect(shortPath('/repo/src/a.ts', '/repo')).toBe('src/a.ts');
		expect(shortPath('/repo2/src/a.ts', '/repo')).toBe('/repo2/src/a.ts');
		expect(shortPath('/repo', '/repo')).toBe('/repo');
		expect(shortPath('/repo/a.ts', undefined)).toBe('/repo/a.ts');
	});
});

describe('files', () => {
	it('editedFile: Write/Edit/MultiEdit/NotebookEdit only', () => {
		expect(editedFile('Write', {file_path: '/r/a.ts'})).toBe('/r/a.ts');
		expect(editedFile('Edit', {file_path: '/r/a.ts'})).toBe('/r/a.ts');
		expect(editedFile('MultiEdit', {file_path: '/r/a.ts', edits: []})).toBe('/r/a.ts');
		expect(editedFile('NotebookEdit', {notebook_path: '/r/n.ipynb'})).toBe('/r/n.ipynb');
		expect(editedFile('Read', {file_path: '/r/a.ts'})).toBeUndefined();
		expect(editedFile('Bash', {command: 'touch a'})).toBeUndefined();
		expect(editedFile('Write', 'x')).toBeUndefined();
	});

	it('lists edited files relative to cwd, once each, in the order first touched; reads do not count', () => {
		const s = fold([
			toolUseLine('t1', 'Read', {file_path: `${CWD}/src/read-only.ts`}),
			toolUseLine('t2', 'Edit', {file_path: `${CWD}/src/b.ts`, old_string: 'x', new_string: 'y'}),
			toolUseLine('t3', 'Write', {file_path: `${CWD}/src/a.ts`, content: ''}),
			toolUseLine('t4', 'MultiEdit', {file_path: `${CWD}/src/b.ts`, edits: []}),
			toolUseLine('t5', 'NotebookEdit', {notebook_path: '/tmp/nb.ipynb', new_source: ''}),
			toolUseLine('t6', 'Edit', {file_path: `${CWD}/src/a.ts`, old_string: 'x', new_string: 'y'}),
		]);
		expect(s.files).toEqual(['src/b.ts', 'src/a.ts', '/tmp/nb.ipynb']);
	});

	it("takes the line's cwd over the one passed in", () => {
		const line = toolUseLine('t1', 'Write', {file_path: '/other/x.ts', content: ''}, {cwd: '/other'});
		expect(fold([line], CWD).files).toEqual(['x.ts']);
		const noCwd = JSON.stringify({type: 'assistant', message: {content: [toolUseBlock('t2', 'Write', {file_path: `${CWD}/y.ts`})]}});
		expect(fold([noCwd], CWD).files).toEqual(['y.ts']);
	});
});

describe('tool results', () => {
	it('attaches a result to its call (string content)', () => {
		const s = fold([toolUseLine('toolu_1', 'Read', {file_path: `${CWD}/a.ts`}), toolResultLine('toolu_1', '     1→export {};')]);
		expect(s.toolCalls[0]?.result).toBe('1→export {};');
		expect(s.toolCalls[0]?.isError).toBe(false);
		expect(s.orphanResults.size).toBe(0);
	});

	it('joins array-of-text content', () => {
		const s = fold([toolUseLine('toolu_1', 'Agent', {description: 'x'}), toolResultLine('toolu_1', ['Found 12 routes.', 'agentId: a1'])]);
		expect(s.toolCalls[0]?.result).toBe('Found 12 routes. agentId: a1');
	});

	it('falls back to toolUseResult.stdout when the block has no content', () => {
		const s = fold([toolUseLine('toolu_1', 'Bash', {command: 'ls'}), bashResultLine('toolu_1', {stdout: 'a.ts\nb.ts', withContent: false})]);
		expect(s.toolCalls[0]?.result).toBe('a.ts b.ts');
	});

	it('keeps is_error', () => {
		const s = fold([
			toolUseLine('toolu_1', 'Bash', {command: 'npm test'}),
			toolUseLine('toolu_2', 'Bash', {command: 'true'}),
			bashResultLine('toolu_1', {stdout: '', stderr: 'Error: 1 test failed', isError: true}),
			bashResultLine('toolu_2', {stdout: 'ok'}),
		]);
		expect(s.toolCalls.map(c => [c.id, c.result, c.isError])).toEqual([
			['toolu_1', 'Error: 1 test failed', true],
			['toolu_2', 'ok', false],
		]);
	});

	it('cuts a result to 200 characters', () => {
		const long = 'abcdefghij'.repeat(50);
		const s = fold([toolUseLine('toolu_1', 'Read', {file_path: '/a'}), toolResultLine('toolu_1', long)]);
		const result = s.toolCalls[0]?.result ?? '';
		expect(result.startsWith(long.slice(0, 200))).toBe(true);
		expect([...result].length).toBeLessThanOrEqual(201);
		expect(result.endsWith('…')).toBe(true);
	});

	it('keeps a result whose call is not in the fold as an orphan; mergeSummaries attaches it', () => {
		const calls = fold([toolUseLine('toolu_1', 'Grep', {pattern: 'x'}), toolUseLine('toolu_2', 'Grep', {pattern: 'y'})]);
		const results = fold([toolResultLine('toolu_2', 'two', {isError: true}), toolResultLine('toolu_9', 'nine')]);
		expect(results.toolCalls).toEqual([]);
		expect([...results.orphanResults.keys()]).toEqual(['toolu_2', 'toolu_9']);
		const merged = mergeSummaries(calls, results);
		expect(merged.toolCalls.map(c => [c.id, c.result, c.isError])).toEqual([
			['toolu_1', undefined, undefined],
			['toolu_2', 'two', true],
		]);
		expect([...merged.orphanResults.keys()]).toEqual(['toolu_9']);
	});

	it('does not change the summaries it merges', () => {
		const a = fold([toolUseLine('toolu_1', 'Grep', {pattern: 'x'})]);
		const b = fold([toolResultLine('toolu_1', 'hit')]);
		mergeSummaries(a, b);
		expect(a.toolCalls[0]?.result).toBeUndefined();
		expect(b.orphanResults.size).toBe(1);
	});
});

describe('foldLines on the fixture', () => {
	it('gives the expected summary', () => {
		const s = fold(fixture());
		expect(s.toolCalls.map(c => [c.summary, c.result, c.isError ?? false])).toEqual([
			['Grep router\\.(get|post) in src', 'src/app.ts:12:router.get("/") src/app.ts:20:router.post("/order")', false],
			['Read src/app.ts', '1→import express from "express"; 2→const router = express.Router();', false],
			['Edit src/app.ts', 'The file has been updated.', false],
			['Bash Run the tests', 'Tests: 1 failed', true],
			['Write docs/routes.md', 'File created successfully at: docs/routes.md', false],
			['Edit src/app.ts', 'The file has been updated.', false],
		]);
		expect(s.toolCounts).toEqual({Grep: 1, Read: 1, Edit: 2, Bash: 1, Write: 1});
		expect(s.files).toEqual(['src/app.ts', 'docs/routes.md']);
		expect(s.model).toBe(MODEL);
		// The version of the newest line that has one (toolu_5/6 said 2.1.40, the last line 2.1.39).
		expect(s.version).toBe('2.1.39');
		expect(s.activity).toBe('Found **2** routes.');
		expect(s.lines).toBe(22);
		expect(s.badLines).toBe(2);
		expect(s.lastAt).toBe(T0 + 14_000);
		expect(s.toolCalls[0]?.at).toBe(Date.parse(isoAt(2)));
	});
});

describe('mergeSummaries', () => {
	/** The fields that must not depend on where a transcript was split. */
	const fields = (s: TranscriptSummary) => ({
		toolCalls: s.toolCalls,
		toolCounts: s.toolCounts,
		files: s.files,
		tokenTotals: tokenTotals(s),
		model: s.model,
		version: s.version,
		activity: s.activity,
		lastAt: s.lastAt,
		orphanResults: s.orphanResults,
		lines: s.lines,
		badLines: s.badLines,
		toolErrors: s.toolErrors,
		prompt: s.prompt,
		hasWork: s.hasWork,
		turn: s.turn,
		firstMessages: s.firstMessages,
	});

	it('of two folds equals the fold of all the lines, wherever the split is', () => {
		const lines = fixture();
		const whole = fields(fold(lines, CWD));
		for (let k = 0; k <= lines.length; k++) {
			const merged = mergeSummaries(fold(lines.slice(0, k), CWD), fold(lines.slice(k), CWD));
			expect(fields(merged), `split at ${k}`).toEqual(whole);
		}
	});

	it('of three folds equals the fold of all the lines', () => {
		const lines = fixture();
		const whole = fields(fold(lines));
		for (const [i, j] of [
			[1, 5],
			[4, 11],
			[6, 7],
			[13, 19],
			[17, 18],
			[0, 22],
		] as const) {
			const left = mergeSummaries(mergeSummaries(fold(lines.slice(0, i)), fold(lines.slice(i, j))), fold(lines.slice(j)));
			const right = mergeSummaries(fold(lines.slice(0, i)), mergeSummaries(fold(lines.slice(i, j)), fold(lines.slice(j))));
			expect(fields(left), `splits at ${i}, ${j}`).toEqual(whole);
			expect(fields(right), `splits at ${i}, ${j} (right first)`).toEqual(whole);
		}
	});

	it('continues a summary: foldLines(foldLines(E, A), B) equals foldLines(E, A + B)', () => {
		const lines = fixture();
		const whole = fields(fold(lines));
		for (const k of [3, 8, 15, 21]) {
			expect(fields(foldLines(fold(lines.slice(0, k)), lines.slice(k))), `split at ${k}`).toEqual(whole);
		}
	});

	it('counts each response once over many responses, wherever the split is', () => {
		// 150 responses of two lines each (text, then a tool call with the final usage), results between.
		const lines: string[] = [];
		const expected = {input: 0, output: 0, cacheWrite: 0, cacheRead: 0};
		for (let i = 0; i < 150; i++) {
			const id = `msg_${i}`;
			const final = {input_tokens: i, output_tokens: 10 * i + 1, cache_creation_input_tokens: i % 7, cache_read_input_tokens: 1000 + i};
			lines.push(
				textLine(`Step ${i}.`, {
					messageId: id,
					usage: {input_tokens: i, output_tokens: 3, cache_creation_input_tokens: i % 7, cache_read_input_tokens: 1000 + i},
				}),
			);
			lines.push(toolUseLine(`toolu_${i}`, 'Grep', {pattern: `p${i}`}, {messageId: id, usage: final}));
			lines.push(toolResultLine(`toolu_${i}`, `hit ${i}`));
			expected.input += final.input_tokens;
			expected.output += final.output_tokens;
			expected.cacheWrite += final.cache_creation_input_tokens;
			expected.cacheRead += final.cache_read_input_tokens;
		}
		expect(tokenTotals(fold(lines))).toEqual(expected);
		for (let k = 0; k <= lines.length; k += 7) {
			const merged = mergeSummaries(fold(lines.slice(0, k)), fold(lines.slice(k)));
			expect(tokenTotals(merged), `split at ${k}`).toEqual(expected);
		}
		// In many pieces, each split inside a response (between its two lines).
		let chunks = fold(lines.slice(0, 1));
		for (let k = 1; k < lines.length; k += 30) {
			chunks = mergeSummaries(chunks, fold(lines.slice(k, k + 30)));
		}
		expect(tokenTotals(chunks)).toEqual(expected);
		// And folded on and on, a few lines at a time.
		let grown = EMPTY_SUMMARY;
		for (let k = 0; k < lines.length; k += 4) {
			grown = foldLines(grown, lines.slice(k, k + 4));
		}
		expect(tokenTotals(grown)).toEqual(expected);
	});

	it('with EMPTY_SUMMARY on either side changes nothing', () => {
		const s = fold(fixture());
		expect(fields(mergeSummaries(EMPTY_SUMMARY, s))).toEqual(fields(s));
		expect(fields(mergeSummaries(s, EMPTY_SUMMARY))).toEqual(fields(s));
	});
});

describe('MAX_TOOL_CALLS', () => {
	/** `n` Grep calls, each followed by its result. */
	const calls = (n: number, from = 0): string[] =>
		Array.from({length: n}, (_, i) => [
			toolUseLine(`toolu_${from + i}`, i % 3 === 0 ? 'Read' : 'Grep', {pattern: `p${from + i}`, file_path: `/f${from + i}`}),
			toolResultLine(`toolu_${from + i}`, `r${from + i}`),
		]).flat();

	it('keeps the newest calls and counts all of them', () => {
		const n = MAX_TOOL_CALLS + 25;
		const s = fold(calls(n));
		expect(s.toolCalls).toHaveLength(MAX_TOOL_CALLS);
		expect(s.toolCalls[0]?.id).toBe('toolu_25');
		expect(s.toolCalls.at(-1)?.id).toBe(`toolu_${n - 1}`);
		expect(s.toolCalls.at(-1)?.result).toBe(`r${n - 1}`);
		const reads = Math.ceil(n / 3);
		expect(s.toolCounts).toEqual({Read: reads, Grep: n - reads});
	});

	it('merges capped summaries like one fold', () => {
		const lines = calls(MAX_TOOL_CALLS + 700);
		const whole = fold(lines);
		for (const k of [1, 1400, 2 * MAX_TOOL_CALLS + 1, lines.length - 1]) {
			const merged = mergeSummaries(fold(lines.slice(0, k)), fold(lines.slice(k)));
			expect(merged.toolCalls, `split at ${k}`).toEqual(whole.toolCalls);
			expect(merged.toolCounts, `split at ${k}`).toEqual(whole.toolCounts);
		}
	});
});

describe('completeLines', () => {
	const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

	it('consumes nothing without a newline', () => {
		expect(completeLines(bytes('{"type":"assistant"'))).toEqual({lines: [], consumed: 0});
		expect(completeLines(new Uint8Array(0))).toEqual({lines: [], consumed: 0});
	});

	it('returns the lines up to the last newline and the index after it', () => {
		expect(completeLines(bytes('a\nb\n'))).toEqual({lines: ['a', 'b'], consumed: 4});
		expect(completeLines(bytes('a\nb\n{"par'))).toEqual({lines: ['a', 'b'], consumed: 4});
		expect(completeLines(bytes('\n'))).toEqual({lines: [''], consumed: 1});
	});

	it('counts consumed in bytes, not characters', () => {
		const line = '{"t":"é🙂"}';
		const {lines, consumed} = completeLines(bytes(`${line}\n{"t":`));
		expect(lines).toEqual([line]);
		expect(consumed).toBe(Buffer.byteLength(line) + 1);
	});

	it('decodes a multi-byte character split across two chunks intact once they are joined', () => {
		const first = textLine('Café ready 🙂');
		const second = textLine('Ünïcödé 🙂 done');
		const all = bytes(jsonl([first, second]));
		const emoji = all.indexOf(0xf0, Buffer.byteLength(first) + 1);
		expect(emoji).toBeGreaterThan(0);
		for (const cut of [emoji + 1, emoji + 2, emoji + 3]) {
			const chunk1 = all.subarray(0, cut);
			const chunk2 = all.subarray(cut);
			const one = completeLines(chunk1);
			expect(one.lines).toEqual([first]);
			expect(one.consumed).toBe(Buffer.byteLength(first) + 1);
			const joined = new Uint8Array([...chunk1.subarray(one.consumed), ...chunk2]);
			const two = completeLines(joined);
			expect(two.lines).toEqual([second]);
			expect(two.consumed).toBe(joined.length);
			expect(fold([...one.lines, ...two.lines]).activity).toBe('Ünïcödé 🙂 done');
		}
	});
});

describe('metaDescription', () => {
	it('reads description, parentAgentId and agentType', () => {
		expect(metaDescription({agentType: 'Explore', description: 'Find routes', parentAgentId: 'a11', toolUseId: 'toolu_1'})).toEqual({
			description: 'Find routes',
			parentAgentId: 'a11',
			agentType: 'Explore',
		});
	});

	it('gives nothing for what is not an object or not a string', () => {
		expect(metaDescription(null)).toEqual({});
		expect(metaDescription('Find routes')).toEqual({});
		expect(metaDescription([{description: 'x'}])).toEqual({});
		const odd = metaDescription({description: 7, parentAgentId: null});
		expect(odd.description).toBeUndefined();
		expect(odd.parentAgentId).toBeUndefined();
		expect(odd.agentType).toBeUndefined();
	});
});

describe('descriptionFromParent', () => {
	const parent = [
		promptLine('Look at the shop.', {}, false),
		agentCallLine('toolu_A', {description: 'Find routes', subagent_type: 'Explore'}),
		agentCallLine('toolu_B', {description: 'Review tests', subagent_type: 'general-purpose'}, {name: 'Task'}),
		agentCallLine('toolu_C', {description: 'Scan dependencies', run_in_background: true}),
		'{"torn line',
		agentResultLine('toolu_C', 'a333', 'async_launched'),
		agentResultLine('toolu_B', 'a222', 'completed'),
		agentResultLine('toolu_A', 'a111', 'completed'),
		agentCallLine('toolu_D', {description: 'Still running'}),
		textLine('All three are done.', {}),
	];

	it('finds the description of the call whose result names the agent', () => {
		expect(descriptionFromParent(parent, 'a111')).toBe('Find routes');
		expect(descriptionFromParent(parent, 'a222')).toBe('Review tests');
	});

	it('finds a background agent by its async_launched result', () => {
		expect(descriptionFromParent(parent, 'a333')).toBe('Scan dependencies');
	});

	it('is undefined when no result names the agent', () => {
		expect(descriptionFromParent(parent, 'a444')).toBeUndefined();
		expect(descriptionFromParent([], 'a111')).toBeUndefined();
		expect(descriptionFromParent([agentCallLine('toolu_A', {description: 'Find routes'})], 'a111')).toBeUndefined();
	});

	it('ignores Agent calls of other agents', () => {
		const lines = [agentCallLine('toolu_X', {description: 'Not mine'}), agentResultLine('toolu_X', 'a999', 'completed')];
		expect(descriptionFromParent(lines, 'a111')).toBeUndefined();
		expect(descriptionFromParent(lines, 'a999')).toBe('Not mine');
	});

	it('ignores other tools with the same tool_use id shape', () => {
		const lines = [toolUseLine('toolu_R', 'Read', {file_path: '/a', description: 'Not an agent'}, {}), agentResultLine('toolu_R', 'a111', 'completed')];
		expect(descriptionFromParent(lines, 'a111')).toBeUndefined();
	});
});

describe('hostile text in a transcript', () => {
	/** Every string a summary keeps, its map keys included. */
	function strings(s: TranscriptSummary): string[] {
		return [
			...s.toolCalls.flatMap(c => [c.name, c.summary, c.result ?? '']),
			...Object.keys(s.toolCounts),
			...s.files,
			s.model ?? '',
			s.activity ?? '',
			s.parentAgentId ?? '',
			...[...s.orphanResults.values()].map(r => r.result),
		];
	}

	const hostileLines = () => [
		textLine(`Reading.\n${ALL_HOSTILE}`, {model: ALL_HOSTILE, extra: {parentAgentId: `p${HOSTILE.title}`}}),
		toolUseLine('toolu_1', `Bash${HOSTILE.title}`, {command: `echo ${ALL_HOSTILE}`}),
		toolUseLine('toolu_2', 'Edit', {file_path: `${CWD}/${HOSTILE.bidi}${HOSTILE.csiC1}.ts`, old_string: 'a', new_string: 'b'}),
		toolResultLine('toolu_2', ALL_HOSTILE),
		toolResultLine('toolu_9', ALL_HOSTILE),
		toolUseLine('toolu_3', 'WebFetch', {url: `https://evil.example/${HOSTILE.hyperlink}`}),
		toolUseLine('toolu_4', 'Grep', {pattern: HOSTILE.clear, path: `${CWD}/${HOSTILE.zeroWidth}`}),
	];

	it('keeps every string visible but inert: no control, bidi or zero-width character', () => {
		const s = fold(hostileLines(), CWD);
		expect(s.toolCalls).toHaveLength(4);
		for (const text of strings(s)) {
			expect(text).not.toMatch(RAW_CONTROL);
		}
		expect(fold(hostileLines().slice(0, 1)).model).toContain('␛]0;pwned␇');
		expect(s.toolCalls[0]?.summary).toContain('echo ␛]0;pwned␇');
		expect(s.files).toEqual(['abcdcba\\x9b31mred.ts']);
		expect(s.orphanResults.get('toolu_9')?.result).toContain('␛]52;c;');
	});

	it('stays inert when a summary is merged from two halves', () => {
		const lines = hostileLines();
		const s = mergeSummaries(fold(lines.slice(0, 3), CWD), fold(lines.slice(3), CWD));
		for (const text of strings(s)) {
			expect(text).not.toMatch(RAW_CONTROL);
		}
		expect(s.toolCalls.find(c => c.id === 'toolu_2')?.result).toContain('␛[2J');
	});

	it('makes the task description safe, from the sidecar and from the parent transcript', () => {
		const meta = metaDescription({description: `Find ${ALL_HOSTILE}`, parentAgentId: `p${HOSTILE.bidi}`, agentType: HOSTILE.title});
		for (const text of [meta.description, meta.parentAgentId, meta.agentType]) {
			expect(text).toBeDefined();
			expect(text).not.toMatch(RAW_CONTROL);
			expect(text).not.toContain('\n');
		}
		const parent = [agentCallLine('toolu_A', {description: `Find\n${ALL_HOSTILE}`}), agentResultLine('toolu_A', 'a111', 'completed')];
		const description = descriptionFromParent(parent, 'a111');
		expect(description).toContain('Find ␛]0;pwned␇');
		expect(description).not.toMatch(RAW_CONTROL);
	});

	it('cuts a long result before making it safe, and leaves clean text as it is', () => {
		expect(oneLine('plain text', 200)).toBe('plain text');
		const long = `${'x'.repeat(300)}${HOSTILE.title}`;
		expect(oneLine(long, 200)).toBe(`${'x'.repeat(200)}…`);
		expect(oneLine(`${HOSTILE.title}${'y'.repeat(300)}`, 11)).toBe('␛]0;pwned␇y…');
		expect(oneLine('😀'.repeat(5), 3)).toBe('😀😀😀…');
	});
});
