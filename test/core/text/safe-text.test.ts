import {describe, expect, it} from 'vitest';
import {safeJson, safeJsonStringify, safeLine, safeText, visibleText} from '../../../src/core/text/safe-text.js';
import {HOSTILE, RAW_CONTROL} from '../../helpers/hostile.js';

describe('safeText', () => {
	it('leaves ordinary text, newlines, tabs and emoji alone (and returns the same string)', () => {
		const text = 'Hello\n\tworld — ✓ 👩‍💻 日本語';
		expect(safeText(text)).toBe(text);
	});

	it.each(Object.entries(HOSTILE))('neutralises %s', (_name, text) => {
		const out = safeText(text);
		expect(out).not.toMatch(RAW_CONTROL);
		expect(safeText(out)).toBe(out);
	});

	it('shows ESC as a visible glyph so the attempt stays readable', () => {
		expect(safeText(HOSTILE.title)).toBe('␛]0;pwned␇');
		expect(safeText(HOSTILE.csiC1)).toBe('\\x9b31mred');
	});

	it('drops bidi overrides and zero-width characters', () => {
		expect(safeText(HOSTILE.bidi)).toBe('abcdcba');
		expect(safeText(HOSTILE.zeroWidth)).toBe('paypal');
	});

	it('drops a carriage return so it cannot overwrite the start of a line', () => {
		expect(safeText(HOSTILE.carriageReturn)).toBe('safeEVIL');
		expect(safeText('line\r\nnext')).toBe('line\nnext');
	});

	it('is fast on a large clean string (no copy)', () => {
		const big = 'x'.repeat(5_000_000);
		expect(safeText(big)).toBe(big);
	});
});

describe('safeLine', () => {
	it('flattens newlines and tabs too', () => {
		expect(safeLine('a\nb\tc\u001B')).toBe('a b c␛');
	});
});

describe('safeJson', () => {
	it('cleans every string, keys included, and keeps other values', () => {
		const value = {a: HOSTILE.title, n: 3, list: [HOSTILE.bidi, true, null], ['k\u001B']: {deep: HOSTILE.csiC1}};
		const out = safeJson(value);
		expect(JSON.stringify(out)).not.toMatch(/\\u001b|\u009b/i);
		expect(out.n).toBe(3);
		expect(out.list[1]).toBe(true);
		expect(Object.keys(out)).toContain('k␛');
	});

	it('returns the same object when nothing changes', () => {
		const value = {a: 'x', b: [1, 'y']};
		expect(safeJson(value)).toBe(value);
	});
});

describe('safeJsonStringify', () => {
	it('escapes C1 and bidi controls and still parses to the same value', () => {
		const value = {m: `x${HOSTILE.csiC1}${HOSTILE.bidi}\u2028`};
		const text = safeJsonStringify(value);
		expect(text).not.toMatch(/[\u0080-\u009F\u202A-\u202E\u2028]/);
		expect(text).toContain('\\u009b');
		expect(text).toContain('\\u202e');
		expect(JSON.parse(text)).toEqual(value);
	});

	it('keeps ESC escaped as JSON does', () => {
		expect(safeJsonStringify({t: HOSTILE.title})).toBe('{"t":"\\u001b]0;pwned\\u0007"}');
	});
});

describe('visibleText', () => {
	it('shows bidi controls and invisible characters as escapes, and controls as safeText does', () => {
		expect(visibleText('a\u202Eb\u200Bc')).toBe('a\\u202Eb\\u200Bc');
		expect(visibleText('x\u001b[2Jy')).toBe(safeText('x\u001b[2Jy'));
		expect(visibleText('plain')).toBe('plain');
	});
});
