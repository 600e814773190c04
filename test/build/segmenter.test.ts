// The build gives Ink's text packages a grapheme segmenter that makes Intl's only when a text
// needs it (scripts/ink/segmenter.mjs). For every text it must give Intl's segments: the same
// texts, at the same places, by iteration and by `containing`.
import {describe, expect, it} from 'vitest';
// @ts-expect-error: a plain ES module of the build's, without types.
import {agentlogSegmenter, isSimpleText} from '../../scripts/ink/segmenter.mjs';
// @ts-expect-error: a plain ES module of the build's, without types.
import {NARROW_RANGES} from '../../scripts/narrow-chars.mjs';

interface Segment {
	readonly segment: string;
	readonly index: number;
	readonly input: string;
}
interface Segments extends Iterable<Segment> {
	containing(index?: number): Segment | undefined;
}
const make = agentlogSegmenter as (locales?: string, options?: Intl.SegmenterOptions) => {segment(text: string): Segments};
const simple = isSimpleText as (text: string) => boolean;

const narrow = (NARROW_RANGES as readonly (readonly [number, number])[]).flatMap(([from, to]) =>
	Array.from({length: to - from + 1}, (_, i) => String.fromCodePoint(from + i)),
);
const ascii = Array.from({length: 128}, (_, i) => String.fromCharCode(i));
const others = ['é', 'e\u0301', '😀', '👩‍💻', '\u25C6\uFE0F', '🇫🇷', '한', '\u1100\u1161', '\u200D', '\uFE0F', 'क्षि', '\u00AD'];

/** A text of `length` characters drawn from `pool` by a fixed sequence (no randomness: the same texts every run). */
function textOf(pool: readonly string[], length: number, seed: number): string {
	let x = seed;
	let out = '';
	for (let i = 0; i < length; i++) {
		x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
		out += pool[x % pool.length];
	}
	return out;
}

function same(text: string): void {
	const ours = make().segment(text);
	const intl = new Intl.Segmenter().segment(text);
	expect([...ours].map(s => [s.segment, s.index, s.input])).toEqual([...intl].map(s => [s.segment, s.index, s.input]));
	for (const at of [-1, 0, 1, text.length - 1, text.length, text.length + 3, Number.NaN, 1.7]) {
		const a = ours.containing(at);
		const b = intl.containing(at);
		expect(a === undefined ? undefined : [a.segment, a.index, a.input], `containing(${at}) of ${JSON.stringify(text)}`).toEqual(
			b === undefined ? undefined : [b.segment, b.index, b.input],
		);
	}
}

describe("the build's grapheme segmenter", () => {
	it('gives the segments Intl gives for texts of ASCII (controls, escapes, CR LF) and the narrow marks', () => {
		const pool = [...ascii, ...narrow, '\u001B[1m', '\u001B[0m', '\r\n', '\r', '\n'];
		for (let seed = 1; seed <= 300; seed++) {
			same(textOf(pool, seed % 60, seed));
		}
	});

	it('gives the segments Intl gives for texts it hands to Intl: marks, emoji, joiners, Hangul', () => {
		const pool = [...ascii.slice(32), ...narrow.slice(0, 20), ...others];
		for (let seed = 1; seed <= 200; seed++) {
			same(textOf(pool, 1 + (seed % 40), seed));
		}
		for (const text of others) {
			same(`a${text}b`);
			same(`\u25CF${text}`);
		}
	});

	it('takes as simple only texts whose every character is a grapheme of its own', () => {
		expect(simple('plain ASCII \u001B[1mbold\u001B[0m \u2502 \u25CF \u2026')).toBe(true);
		expect(simple('')).toBe(true);
		expect(simple('a\r\nb')).toBe(false);
		for (const text of others) {
			expect(simple(`x${text}`), text).toBe(false);
		}
	});

	it('leaves other granularities to Intl', () => {
		const words = make(undefined, {granularity: 'word'}).segment('two words');
		expect([...words].map(s => s.segment)).toEqual(['two', ' ', 'words']);
	});
});
