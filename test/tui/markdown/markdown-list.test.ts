// Inline Markdown inside list items (marked-terminal 7.3.1 printed `**bold**` and `code` marks
// there as they are): a report of nested bullets, bold, code, links and a table.
import chalk from 'chalk';
import {Marked} from 'marked';
import {afterEach, describe, expect, it} from 'vitest';
import {listItemsInline} from '../../../src/tui/markdown/markdown-list.js';
import {keepOnlyMarkdown, renderMarkdown} from '../../../src/tui/markdown/markdown.js';

const REPORT = [
	'## Findings',
	'',
	'- **Routes**: 4 in `src/routes` (see [the docs](https://example.com/docs))',
	'  - `GET /users` is *cached*',
	'    - **deeper**: `ttl = 60`',
	'- Second point with **bold** and `code`',
	'',
	'1. First **step**',
	'2. Second `step`',
	'',
	'- [x] done **task**',
	'',
	'| File | Lines |',
	'|------|-------|',
	'| **a.ts** | `12` |',
	'',
	'A closing paragraph with **bold**.',
].join('\n');

const level = chalk.level;

afterEach(() => {
	chalk.level = level;
	keepOnlyMarkdown(undefined);
});

async function render(colours: 0 | 3): Promise<string[]> {
	chalk.level = colours;
	keepOnlyMarkdown(undefined);
	return [...(await renderMarkdown(REPORT, 80))];
}

const ESC = '\u001B';
/** A colour code (SGR). */
const SGR = new RegExp(`${ESC}\\[[0-9;]*m`, 'gu');

describe('markdown list items', () => {
	it('renders bold, code and links inside list items, keeping the nesting (no colour)', async () => {
		const lines = await render(0);
		const text = lines.join('\n');
		expect(text).not.toContain('**');
		expect(text).not.toContain('`');
		expect(text).not.toContain(ESC);
		expect(lines).toContain('  * Routes: 4 in src/routes (see the docs (https://example.com/docs))');
		expect(lines).toContain('    * GET /users is cached');
		expect(lines).toContain('      * deeper: ttl = 60');
		expect(lines).toContain('  * Second point with bold and code');
		expect(lines).toContain('  1. First step');
		expect(lines).toContain('  2. Second step');
		// One checkbox, not two.
		expect(lines.filter(line => line.includes('done task'))).toEqual(['  * [X]  done task']);
		expect(text).toMatch(/│ a\.ts\s*│ 12\s*│/u);
		expect(text).toContain('A closing paragraph with bold.');
	});

	it('draws bold and code in list items with their colours (FORCE_COLOR=3)', async () => {
		const lines = await render(3);
		const item = lines.find(line => line.includes('Routes')) ?? '';
		expect(item).toContain(`${ESC}[1mRoutes${ESC}[22m`);
		expect(item).toContain(`${ESC}[33msrc/routes${ESC}[39m`);
		const deeper = lines.find(line => line.includes('deeper')) ?? '';
		expect(deeper).toContain(`${ESC}[1mdeeper${ESC}[22m`);
		expect(deeper.startsWith('      * ')).toBe(true);
		// The nested items follow each other, no stray line between them.
		const first = lines.findIndex(line => line.includes('Routes'));
		expect(lines.slice(first, first + 4).map(line => line.replaceAll(SGR, '').slice(0, 8))).toEqual(['  * Rout', '    * GE', '      * ', '  * Seco']);
		// Every escape is whole: none lost its ESC to a control-character filter.
		expect(lines.join('\n').replaceAll(SGR, '')).not.toMatch(/\[\d+m/u);
	});
});

describe('listItemsInline, on its own', () => {
	it('renders an item’s inline Markdown and drops the task checkbox token', () => {
		const marked = new Marked(listItemsInline());
		const html = marked.parse('- a **b** `c`\n- [x] done *task*\n', {async: false});
		expect(html).toContain('a <strong>b</strong> <code>c</code>');
		expect(html).toContain('done <em>task</em>');
		expect(html).not.toContain('**');
		expect(html).not.toContain('checkbox');
	});
});
