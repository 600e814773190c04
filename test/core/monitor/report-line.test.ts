import {describe, expect, it} from 'vitest';
import {plainText, SUMMARY_SCAN, summaryLine} from '../../../src/core/monitor/report-line.js';

describe('summaryLine', () => {
	it('skips a preamble that ends with a colon and takes the first heading', () => {
		const report = [
			'Perfect! Now I have all the information I need. Let me compile a report:',
			'',
			'## Summary of findings',
			'',
			'- **routes** live in `src/api`',
		].join('\n');
		expect(summaryLine(report)).toBe('Summary of findings');
	});

	it('skips a preamble followed directly by a heading or a rule', () => {
		expect(summaryLine('Now I have a complete picture.\n\n# Auth flow review\n\nText.')).toBe('Auth flow review');
		expect(summaryLine('Done exploring.\n---\n**Key files**\n\n1. a.ts')).toBe('Key files');
	});

	it('takes the first content after the preamble when there is no heading', () => {
		expect(summaryLine('Here is what I found:\n\n- Found **4** API routes in `src/api`\n- More')).toBe('Found 4 API routes in src/api');
	});

	it('keeps an opening line that is content, not an announcement', () => {
		expect(summaryLine('Found 4 API routes in `src/api/routes.ts`.\n\nThey are all registered in app.ts.\n\n## Details')).toBe(
			'Found 4 API routes in src/api/routes.ts.',
		);
		const long = `${'word '.repeat(80)}:\n\n## Heading`;
		expect(summaryLine(long)).toMatch(/^word word/u);
	});

	it('strips markup and skips rules, fences and blank lines', () => {
		expect(summaryLine('\n\n---\n```\ncode\n```\n## **Bold** `title`\n')).toBe('Bold title');
		expect(summaryLine('> [link text](http://x) and _it_')).toBe('link text and it');
	});

	it('is undefined for no report or one without words', () => {
		expect(summaryLine(undefined)).toBeUndefined();
		expect(summaryLine('  \n\n---\n')).toBeUndefined();
	});

	it("skips lines of punctuation alone: a workflow agent's StructuredOutput report, a table's rule", () => {
		// A workflow agent's report is its StructuredOutput input as pretty JSON: its first line is `{`.
		expect(summaryLine('{\n  "summary": "3 routes lack tests",\n  "count": 3\n}')).toBe('"summary": "3 routes lack tests",');
		expect(summaryLine('[\n  {\n    "file": "src/a.ts"\n  }\n]')).toBe('"file": "src/a.ts"');
		expect(summaryLine('| --- | --- |\n| Routes | 4 |')).toBe('| Routes | 4 |');
		expect(summaryLine('{\n}')).toBeUndefined();
	});

	it('reads only the start of a huge report', () => {
		const huge = `Let me compile a report:\n\n## Findings\n${'x'.repeat(50_000_000)}`;
		expect(summaryLine(huge)).toBe('Findings');
		const oneLine = 'y'.repeat(SUMMARY_SCAN * 4);
		expect(summaryLine(oneLine)?.length).toBeLessThanOrEqual(300);
	});
});

describe('plainText', () => {
	it('drops heading marks, emphasis, code ticks, bullets and links', () => {
		expect(plainText('## **Done** — see `a.ts`, [docs](http://x) and *this*')).toBe('Done — see a.ts, docs and this');
	});
});
