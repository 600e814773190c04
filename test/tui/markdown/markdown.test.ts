// The detail pane's Markdown: rendered once per (message, width), piece by piece for a long one.
import chalk from 'chalk';
import {describe, expect, it, vi} from 'vitest';
import {DISPLAY_LIMIT} from '../../../src/tui/model/markdown-pieces.js';
import {keepOnlyMarkdown, preloadMarkdown, renderedMarkdown, renderMarkdown, watchMarkdown} from '../../../src/tui/markdown/markdown.js';

const paragraphs = (n: number, tag = 'p') => Array.from({length: n}, (_, i) => `${tag} ${i}: some **bold** words and \`code\` to render.`).join('\n\n');

describe('markdown', () => {
	it('renders a short message in one piece, without Markdown marks', async () => {
		const lines = await renderMarkdown('## Done\n\nFound **4** routes in `src/routes`.', 60);
		expect(lines.join('\n')).toContain('Found 4 routes in src/routes.');
		expect(lines.join('\n')).not.toContain('**');
		expect(renderedMarkdown('## Done\n\nFound **4** routes in `src/routes`.', 60)).toMatchObject({done: 1, pieces: 1, cutAt: undefined});
	});

	it('renders a long message piece by piece, letting other work run between pieces', async () => {
		const text = paragraphs(4000);
		let progress = 0;
		let finished = false;
		// Other work (keys, timers) queued all along: it runs between the pieces.
		let turns = 0;
		const spin = () => {
			turns += 1;
			if (!finished) {
				setImmediate(spin);
			}
		};
		setImmediate(spin);
		await new Promise<void>(resolve => {
			const stop = watchMarkdown(text, 80, () => {
				progress += 1;
				const view = renderedMarkdown(text, 80);
				if (view && view.done === view.pieces) {
					finished = true;
					stop();
					resolve();
				}
			});
		});
		const view = renderedMarkdown(text, 80);
		expect(view?.pieces).toBeGreaterThan(3);
		expect(turns).toBeGreaterThanOrEqual((view?.pieces ?? 0) - 1);
		// Told at the first piece and at the end at least.
		expect(progress).toBeGreaterThanOrEqual(2);
		const all = (view?.lines ?? []).join('\n');
		expect(all).toContain('p 0: some bold words');
		expect(all).toContain('p 3999: some bold words');
		expect(all).not.toContain('**');
	});

	it('renders at most DISPLAY_LIMIT characters and says where it cut', async () => {
		const text = paragraphs(Math.ceil((DISPLAY_LIMIT * 1.5) / 50));
		const lines = await renderMarkdown(text, 100);
		expect(renderedMarkdown(text, 100)?.cutAt).toBe(DISPLAY_LIMIT);
		expect(lines.join('\n')).not.toContain(`p ${Math.ceil((DISPLAY_LIMIT * 1.5) / 50) - 1}:`);
	});

	it('keeps a code fence whole across pieces', async () => {
		const code = Array.from({length: 3000}, (_, i) => `const x${i} = ${i};\n`).join('\n');
		const text = `intro\n\n\`\`\`js\n${code}\`\`\`\n\nafter the **code**`;
		const lines = (await renderMarkdown(text, 100)).join('\n');
		expect(lines).not.toContain('```');
		expect(lines).toContain('after the code');
	});

	it('drops the renderings of messages no longer shown', async () => {
		await renderMarkdown('one **message**', 60);
		await renderMarkdown('another **message**', 60);
		const one = renderedMarkdown('one **message**', 60);
		const another = renderedMarkdown('another **message**', 60);
		keepOnlyMarkdown('another **message**');
		expect(renderedMarkdown('another **message**', 60)).toBe(another);
		// Asked again, it is rendered anew: the old rendering was let go.
		expect(renderedMarkdown('one **message**', 60)).not.toBe(one);
		keepOnlyMarkdown(undefined);
		expect(renderedMarkdown('another **message**', 60)).not.toBe(another);
	});

	it('once the renderer is loaded, renders a message asked for the first time at once: a detail pane never opens on raw Markdown', async () => {
		preloadMarkdown();
		await renderMarkdown('warm **up**', 50);
		const text = '## Findings\n\n- **Latest Version:** 2.1\n- done';
		const first = renderedMarkdown(text, 50);
		expect(first).toBeDefined();
		expect(first!.lines.join('\n')).toContain('Latest Version:');
		expect(first!.lines.join('\n')).not.toContain('**');
	});
});

describe('markdown while the TUI runs', () => {
	it('writes nothing to the terminal itself: a code fence in a language highlight.js does not know', async () => {
		// Colours on, as in a terminal: only then is a fence highlighted.
		const level = chalk.level;
		chalk.level = 1;
		const writes: string[] = [];
		const spies = [
			vi.spyOn(process.stderr, 'write').mockImplementation(chunk => (writes.push(String(chunk)), true)),
			vi.spyOn(process.stdout, 'write').mockImplementation(chunk => (writes.push(String(chunk)), true)),
			...(['error', 'warn', 'log', 'info', 'debug'] as const).map(name =>
				vi.spyOn(console, name).mockImplementation((...args: unknown[]) => void writes.push(args.map(String).join(' '))),
			),
		];
		try {
			const lines = await renderMarkdown('## Plan\n\n```mermaid\ngantt\n    title x\n```\n\n```no-such-language\nx = 1\n```\n', 80);
			expect(lines.join('\n')).toContain('gantt');
			expect(lines.join('\n')).toContain('x = 1');
		} finally {
			for (const spy of spies) spy.mockRestore();
			chalk.level = level;
		}
		expect(writes).toEqual([]);
	});
});
