// One line about a tool call, and the file an editing tool changes.
import {describe, expect, it} from 'vitest';
import {editedFile, oneLine, shortPath, toolSummary} from '../../../src/core/transcript/tool-summary.js';
import {ALL_HOSTILE, RAW_CONTROL} from '../../helpers/hostile.js';
import {hugeText} from '../../helpers/huge-text.js';

describe('toolSummary', () => {
	it('names the input that matters for each tool', () => {
		expect(toolSummary('Bash', {command: 'ls -la\nrm x', description: 'List files'})).toBe('Bash List files');
		expect(toolSummary('Bash', {command: 'ls -la\nrm x'})).toBe('Bash ls -la');
		expect(toolSummary('Grep', {pattern: 'router\\.(get|post)', path: '/repo/src'}, '/repo')).toBe('Grep router\\.(get|post) in src');
		expect(toolSummary('Glob', {pattern: '**/*.ts'})).toBe('Glob **/*.ts');
		expect(toolSummary('WebFetch', {url: 'https://example.com'})).toBe('WebFetch https://example.com');
		expect(toolSummary('WebSearch', {query: 'vitest'})).toBe('WebSearch vitest');
		expect(toolSummary('Agent', {description: 'Find routes', subagent_type: 'Explore'})).toBe('Agent Find routes');
		expect(toolSummary('Task', {subagent_type: 'Explore'})).toBe('Task Explore');
		expect(toolSummary('TodoWrite', {todos: [1, 2, 3]})).toBe('TodoWrite 3 todos');
		expect(toolSummary('Edit', {file_path: '/repo/src/app.ts', old_string: 'a'}, '/repo')).toBe('Edit src/app.ts');
		expect(toolSummary('NotebookEdit', {notebook_path: '/n.ipynb'})).toBe('NotebookEdit /n.ipynb');
		expect(toolSummary('mcp__x__y', {count: 3, name: 'first string'})).toBe('mcp__x__y first string');
	});

	it('is the bare name when the input says nothing', () => {
		expect(toolSummary('Bash', undefined)).toBe('Bash');
		expect(toolSummary('Read', [1, 2])).toBe('Read');
		expect(toolSummary('TodoWrite', {todos: 'x'})).toBe('TodoWrite');
		expect(toolSummary('Grep', {})).toBe('Grep');
	});

	it('is one safe line, cut at 120', () => {
		const s = toolSummary('Bash', {command: `${ALL_HOSTILE}`});
		expect(s).not.toMatch(RAW_CONTROL);
		expect(s).not.toContain('\n');
		const long = toolSummary('WebSearch', {query: 'q'.repeat(500)});
		expect([...long]).toHaveLength(121);
		expect(long.endsWith('q…')).toBe(true);
	});
});

describe('shortPath', () => {
	it('is relative inside the working folder only', () => {
		expect(shortPath('/repo/a/b.ts', '/repo')).toBe('a/b.ts');
		expect(shortPath('/repository/b.ts', '/repo')).toBe('/repository/b.ts');
		expect(shortPath('/repo', '/repo')).toBe('/repo');
		expect(shortPath('/repo/b.ts', undefined)).toBe('/repo/b.ts');
		expect(shortPath('/repo/b.ts', '')).toBe('/repo/b.ts');
	});
});

describe('oneLine', () => {
	it('folds whitespace, cuts, and reads only the start of a huge text', () => {
		expect(oneLine('  a\n\tb  ', 10)).toBe('a b');
		const huge = hugeText(50_000_000);
		expect(oneLine(huge.text, 20)).toBe('Found **routes** in…');
		expect(huge.read()).toBeLessThan(1 << 21);
	});
});

describe('editedFile', () => {
	it('is the file of Write, Edit, MultiEdit and NotebookEdit only', () => {
		expect(editedFile('Write', {file_path: '/a.ts'})).toBe('/a.ts');
		expect(editedFile('MultiEdit', {file_path: '/b.ts'})).toBe('/b.ts');
		expect(editedFile('NotebookEdit', {notebook_path: '/n.ipynb'})).toBe('/n.ipynb');
		expect(editedFile('Read', {file_path: '/a.ts'})).toBeUndefined();
		expect(editedFile('Edit', 'not an object')).toBeUndefined();
		expect(editedFile('Edit', {file_path: 3})).toBeUndefined();
	});
});
