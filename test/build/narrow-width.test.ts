// The build gives string-width a fast path: a text made only of NARROW_CLASS's characters is as
// wide as it is long. Each of them must be one cluster of width 1 for string-width itself, alone
// and among the others, or the fast path would measure differently than the slow one.
import stringWidth from 'string-width';
import {describe, expect, it} from 'vitest';
// @ts-expect-error: a plain ES module of the build's, without types.
import {NARROW_CLASS, NARROW_RANGES} from '../../scripts/narrow-chars.mjs';

const ranges = NARROW_RANGES as readonly (readonly [number, number])[];
const chars = ranges.flatMap(([from, to]) => Array.from({length: to - from + 1}, (_, i) => String.fromCodePoint(from + i)));

describe('the narrow characters of the width fast path', () => {
	it('are each one column wide for string-width (ambiguous ones narrow, its default)', () => {
		const wrong = chars.filter(ch => stringWidth(ch) !== 1);
		expect(wrong).toEqual([]);
	});

	it('are each a cluster of their own among the others', () => {
		const all = chars.join('');
		expect([...new Intl.Segmenter().segment(all)]).toHaveLength(chars.length);
		expect(stringWidth(all)).toBe(chars.length);
		expect(stringWidth([...chars].reverse().join(''))).toBe(chars.length);
	});

	it('are what the class the build puts in string-width matches, and nothing around them', () => {
		const re = new RegExp(`^[${NARROW_CLASS as string}]*$`, 'u');
		expect(chars.every(ch => re.test(ch))).toBe(true);
		for (const outside of ['\u00AD', '\u200B', '\u25B6', '\u25FE', '\u2194', '\u00E9', '\t', '\u001B', '😀', '\u25C6\uFE0F']) {
			expect(re.test(outside)).toBe(false);
		}
	});
});
