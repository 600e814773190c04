// The checks written without patterns (isSafeId, isSha, a ref name's characters, safeText's look
// at short strings, an interrupted status, a folded prefix) say exactly what the patterns they
// replaced said, on strings made to sit at their edges.
import {describe, expect, it} from 'vitest';
import {isSafeId} from '../../../src/core/record/agent-record.js';
import {isSafeRefName, isSha} from '../../../src/core/history/git-refs.js';
import {isInterruptedToolStatus} from '../../../src/core/hook/agent-call.js';
import {parseProcStat} from '../../../src/core/monitor/session-process-rules.js';
import {foldedPrefix} from '../../../src/core/text/bounded.js';
import {safeLine, safeText} from '../../../src/core/text/safe-text.js';
import {seededRandom} from '../../helpers/seeded-random.js';

function strings(alphabet: readonly string[], lengths: readonly number[], count: number, seed: number): string[] {
	const next = seededRandom(seed);
	const out: string[] = [];
	for (let i = 0; i < count; i++) {
		const length = lengths[Math.floor(next() * lengths.length)]!;
		let s = '';
		for (let k = 0; k < length; k++) {
			s += alphabet[Math.floor(next() * alphabet.length)]!;
		}
		out.push(s);
	}
	return out;
}

const EDGES = [
	'a',
	'z',
	'A',
	'Z',
	'0',
	'9',
	'.',
	'_',
	'@',
	'-',
	'/',
	' ',
	'`',
	'[',
	'{',
	':',
	'\u0000',
	'\n',
	'\u007f',
	'é',
	'\u0660',
	'😀',
	'f',
	'F',
	'g',
	'G',
];

describe('isSafeId', () => {
	const PATTERN = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,127}$/;
	it('agrees with its pattern', () => {
		const cases = [...strings(EDGES, [0, 1, 2, 3, 8, 127, 128, 129, 130], 20_000, 1), 'a'.repeat(128), 'a'.repeat(129), '.a', 'a.', '-', '@x'];
		for (const s of cases) {
			expect(isSafeId(s), JSON.stringify(s)).toBe(PATTERN.test(s));
		}
		expect(cases.filter(s => isSafeId(s)).length).toBeGreaterThan(100);
		expect(isSafeId(42)).toBe(false);
		expect(isSafeId(undefined)).toBe(false);
	});
});

describe('isSha', () => {
	const PATTERN = /^(?:[\da-f]{40}|[\da-f]{64})$/i;
	it('agrees with its pattern', () => {
		const hex = ['0', '9', 'a', 'f', 'A', 'F', 'g', 'G', '/', ':', '`', '@', ' ', '\u0010', '\u0666'];
		const cases = [...strings(hex, [0, 39, 40, 41, 63, 64, 65], 20_000, 2), 'a'.repeat(40), 'F'.repeat(64), `${'a'.repeat(39)}\u0010`];
		for (const s of cases) {
			expect(isSha(s), JSON.stringify(s)).toBe(PATTERN.test(s));
		}
	});
});

describe('isSafeRefName', () => {
	/** The rule as it was written with a pattern for the characters. */
	function byPattern(ref: string): boolean {
		if (ref.length > 1024 || !ref.startsWith('refs/') || ref.endsWith('/') || ref.endsWith('.lock') || ref.includes('@{') || ref.includes('..')) {
			return false;
		}
		// eslint-disable-next-line no-control-regex
		if (/[\u0000-\u0020\u007f~^:?*[\\]/.test(ref)) {
			return false;
		}
		return ref.split('/').every(part => part !== '' && !part.startsWith('.') && !part.endsWith('.'));
	}
	it('agrees with the pattern it replaced', () => {
		const chars = ['a', 'b', '/', '.', '-', '~', '^', ':', '?', '*', '[', '\\', ']', ' ', '\t', '\u0000', '\u007f', '\u0080', 'é', '@', '{'];
		const cases = strings(chars, [1, 3, 6, 10], 20_000, 3).map(tail => `refs/${tail}`);
		for (const ref of cases) {
			expect(isSafeRefName(ref), JSON.stringify(ref)).toBe(byPattern(ref));
		}
		expect(cases.some(ref => isSafeRefName(ref))).toBe(true);
	});
});

describe('safeText and safeLine on short strings', () => {
	// eslint-disable-next-line no-control-regex
	const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
	const INVISIBLE = /[\u061C\u200B\u200C\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u180E]/;
	it('return the string itself exactly when the patterns find nothing to change', () => {
		const chars = [
			'a',
			' ',
			'\t',
			'\n',
			'\r',
			'\u001b',
			'\u0000',
			'\u001f',
			'\u007e',
			'\u007f',
			'\u0085',
			'\u009f',
			'\u00a0',
			'\u061b',
			'\u061c',
			'\u180e',
			'\u200a',
			'\u200b',
			'\u200d',
			'\u200f',
			'\u2010',
			'\u2029',
			'\u202a',
			'\u202e',
			'\u202f',
			'\u205f',
			'\u2060',
			'\u2064',
			'\u2065',
			'\u2066',
			'\u2069',
			'\u206a',
			'\ufeff',
			'\ufffd',
			'😀',
		];
		const cases = strings(chars, [0, 1, 2, 4, 16, 256, 257], 20_000, 4);
		for (const s of cases) {
			const plain = !CONTROLS.test(s) && !INVISIBLE.test(s);
			expect(safeText(s) === s, JSON.stringify(s)).toBe(plain);
			expect(safeLine(s) === s, JSON.stringify(s)).toBe(plain && !/[\n\t]/.test(s));
			expect(safeText(safeText(s))).toBe(safeText(s));
			for (const kept of ['\n', '\t', '\u001b', '\u200b']) {
				expect(safeLine(s)).not.toContain(kept);
			}
		}
		expect(cases.filter(s => safeText(s) === s).length).toBeGreaterThan(100);
	});
});

describe('isInterruptedToolStatus', () => {
	it('agrees with the pattern it replaced', () => {
		const PATTERN = /interrupt|cancel|abort|kill/i;
		for (const status of [
			'completed',
			'async_launched',
			'interrupted',
			'Interrupted by user',
			'CANCELLED',
			'aborted',
			'killed',
			'skill',
			'abor',
			'cance',
			'',
			'teammate_spawned',
		]) {
			expect(isInterruptedToolStatus(status), status).toBe(PATTERN.test(status));
		}
	});
});

describe('parseProcStat', () => {
	it('reads a real /proc line, a comm with spaces and brackets included', () => {
		const line = '4242 (my (odd) name) S 4000 4242 4000 34816 4242 4194304 1 2 3 4 5 6 7 8 20 0 1 0 987654 1000 200 18446744073709551615\n';
		expect(parseProcStat(line)).toEqual({pid: 4242, comm: 'my (odd) name', ppid: 4000, start: 987654});
	});
});

describe('foldedPrefix', () => {
	it("is the pattern's fold, trimmed, then cut", () => {
		const chars = [
			'a',
			'b',
			' ',
			' ',
			'\t',
			'\n',
			'\r',
			'\u000b',
			'\u000c',
			'\u00a0',
			'\u1680',
			'\u2000',
			'\u200a',
			'\u200b',
			'\u2028',
			'\u202f',
			'\u205f',
			'\u3000',
			'\ufeff',
			'\u0085',
			'😀',
		];
		const cases = strings(chars, [0, 1, 3, 10, 199, 200, 201, 202, 400], 20_000, 5);
		for (const s of cases) {
			for (const max of [0, 1, 5, 200]) {
				expect(foldedPrefix(s, max), JSON.stringify([s, max])).toBe(s.replace(/\s+/g, ' ').trim().slice(0, max));
			}
		}
	});
});
