// Links in a report: the address is always printed beside the text. marked-terminal writes a
// link as an OSC 8 hyperlink when it guesses the terminal supports them (VTE, iTerm, WezTerm, VS
// Code, FORCE_HYPERLINK): Ink drops that sequence, so the address vanished and "your bank" showed
// with no hint of where it points — and a terminal that got the sequence would hold a link the
// agent planted.
import {Marked} from 'marked';
import {describe, expect, it} from 'vitest';
import {visibleLinks} from '../../../src/tui/markdown/markdown-links.js';

// Before marked-terminal is loaded (lazily, by the first render): the terminal "supports" links.
process.env.FORCE_HYPERLINK = '1';
const {renderMarkdown} = await import('../../../src/tui/markdown/markdown.js');

describe('markdown links', () => {
	it('prints the address beside the text, never as a hyperlink escape', async () => {
		const text = 'See [your bank](https://evil.example/steal) now.\n\n- item [docs](https://evil.example/x)\n';
		const out = (await renderMarkdown(text, 80)).join('\n');
		expect(out).toContain('https://evil.example/steal');
		expect(out).toContain('https://evil.example/x');
		expect(out).toContain('your bank');
		expect(out).not.toContain('\u001b]8');
	});

	it('prints a bare address once', async () => {
		const out = (await renderMarkdown('Go to <https://example.com/a>.', 80)).join('\n');
		expect(out.split('https://example.com/a').length - 1).toBe(1);
	});
});

describe('visibleLinks, on its own', () => {
	it('writes a link as its text and address, or the address alone', () => {
		const marked = new Marked(visibleLinks());
		expect(marked.parse('[your bank](https://evil.example/steal)', {async: false})).toBe('<p>your bank (https://evil.example/steal)</p>\n');
		expect(marked.parse('<https://example.com/a>', {async: false})).toBe('<p>https://example.com/a</p>\n');
		expect(marked.parse('[https://example.com/a](https://example.com/a)', {async: false})).toBe('<p>https://example.com/a</p>\n');
		expect(marked.parse('[**bold** words](https://x.example)', {async: false})).toBe('<p><strong>bold</strong> words (https://x.example)</p>\n');
	});
});
