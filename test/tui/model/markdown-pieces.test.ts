import {describe, expect, it} from 'vitest';
import {displayEnd, FIRST_PIECE, nextPiece, piecesLeft, type PieceCursor} from '../../../src/tui/model/markdown-pieces.js';

/** Every piece of `text` (its source and where it started). */
function pieces(text: string, size: number, end = text.length): Array<{source: string; at: number; fence: string | undefined}> {
	const out: Array<{source: string; at: number; fence: string | undefined}> = [];
	let cursor: PieceCursor = FIRST_PIECE;
	for (let piece = nextPiece(text, cursor, end, size); piece; piece = nextPiece(text, cursor, end, size)) {
		out.push({source: piece.source, at: cursor.at, fence: cursor.fence});
		cursor = piece.next;
	}
	return out;
}

const strip = (p: {source: string; fence: string | undefined}) => (p.fence === undefined ? p.source : p.source.slice(p.fence.length + 1));

describe('markdown pieces', () => {
	it('gives a short text in one piece', () => {
		expect(pieces('# Title\n\nbody', 1000)).toEqual([{source: '# Title\n\nbody', at: 0, fence: undefined}]);
	});

	it('cuts a long text at paragraph ends, losing nothing', () => {
		const text = Array.from({length: 200}, (_, i) => `paragraph ${i} ${'word '.repeat(i % 7)}`).join('\n\n');
		const all = pieces(text, 500);
		expect(all.length).toBeGreaterThan(5);
		expect(all.map(strip).join('')).toBe(text);
		for (const p of all.slice(0, -1)) {
			expect(p.source.endsWith('\n\n')).toBe(true);
		}
	});

	it('does not end a piece at a blank line inside a code fence', () => {
		const code = Array.from({length: 100}, (_, i) => `line ${i}\n`).join('\n');
		const text = `intro\n\n\`\`\`\n${code}\`\`\`\n\nafter\n\n${'tail '.repeat(50)}`;
		const all = pieces(text, 300);
		expect(all.map(strip).join('')).toBe(text);
		expect(all[0]?.source.endsWith('```\n\n')).toBe(true);
		expect(all[0]?.source).toContain('line 99');
	});

	it('opens the fence again when a piece has to end inside one', () => {
		const code = 'x = 1\n'.repeat(2000);
		const text = `\`\`\`py\n${code}\`\`\`\n\nafter`;
		const all = pieces(text, 1000);
		expect(all.length).toBeGreaterThan(2);
		expect(all[1]?.fence).toBe('```');
		expect(all[1]?.source.startsWith('```\nx = 1')).toBe(true);
		expect(all.at(-1)?.fence).toBeUndefined();
		expect(all.map(strip).join('')).toBe(text);
	});

	it('cuts a text without line ends anywhere, never inside a surrogate pair', () => {
		const text = '😀'.repeat(5000);
		const all = pieces(text, 999);
		expect(all.map(strip).join('')).toBe(text);
		for (const p of all) {
			expect(p.source).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u);
		}
	});

	it('renders up to the display limit, and says how many pieces are left', () => {
		expect(displayEnd('abc', 10)).toEqual({end: 3, cut: false});
		expect(displayEnd('abcdef', 4)).toEqual({end: 4, cut: true});
		expect(displayEnd('ab😀', 3)).toEqual({end: 2, cut: true});
		expect(pieces('a'.repeat(100), 10, 50).map(strip).join('')).toBe('a'.repeat(50));
		expect(piecesLeft({at: 0, fence: undefined}, 100, 32)).toBe(4);
	});
});
