import {describe, expect, it} from 'vitest';
import {wrapText} from '../../../src/core/text/wrap.js';

/** Columns of a line: its code points. */
const width = (text: string): number => [...text].length;

describe('wrapText', () => {
	it('wraps at word boundaries', () => {
		expect(wrapText('the quick brown fox jumps', 10, 5)).toEqual(['the quick', 'brown fox', 'jumps']);
	});

	it('returns no line for empty text', () => {
		expect(wrapText('   ', 10, 3)).toEqual([]);
	});

	it('cuts the last line with … when the text needs more lines', () => {
		const lines = wrapText('the quick brown fox jumps over the lazy dog', 10, 2);
		expect(lines).toEqual(['the quick', 'brown fox…']);
	});

	it('cuts a word longer than the width', () => {
		expect(wrapText('abcdefghijklmnop qr', 6, 3)).toEqual(['abcde…', 'qr']);
	});

	it('never gives more lines than asked, nor lines wider than the width', () => {
		const texts = [
			'the quick brown fox jumps over the lazy dog',
			'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.',
			'supercalifragilisticexpialidocious is long; so is pneumonoultramicroscopicsilicovolcanoconiosis',
			'a b c d e f g h i j k l m n o p q r s t u v w x y z',
			'émoji 🙂🙂🙂 and ünïcödé wörds ✓ ✓ ✓ mixed in between',
		];
		for (const text of texts) {
			for (let w = 1; w <= 50; w += 1) {
				const total = wrapText(text, w, Number.MAX_SAFE_INTEGER).length;
				for (let n = 1; n <= 6; n += 1) {
					const lines = wrapText(text, w, n);
					const where = `${JSON.stringify(text)} in ${n}×${w}`;
					expect(lines.length, where).toBeLessThanOrEqual(n);
					for (const line of lines) {
						expect(width(line), where).toBeLessThanOrEqual(w);
					}
					if (total > n) {
						expect(lines.at(-1)?.endsWith('…'), where).toBe(true);
					}
				}
			}
		}
	});

	it('keeps every word when the text fits', () => {
		const text = 'one two three four five six';
		expect(wrapText(text, 9, 10).join(' ')).toBe(text);
	});
});
