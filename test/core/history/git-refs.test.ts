import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {
	branchOf,
	findPackedRef,
	isPerWorktreeRef,
	isSafeRefName,
	parseCommondir,
	parseGitdirFile,
	parseHead,
	MAX_PATH_CHARS,
} from '../../../src/core/history/git-refs.js';
import {ALL_HOSTILE} from '../../helpers/hostile.js';

const SHA1 = 'a'.repeat(39) + 'b';
const SHA1B = '0123456789abcdef0123456789abcdef01234567';
const SHA256 = 'c'.repeat(63) + 'd';

describe('parseHead', () => {
	it('reads a symbolic HEAD', () => {
		expect(parseHead('ref: refs/heads/main\n')).toEqual({ref: 'refs/heads/main'});
		expect(parseHead('ref:refs/heads/feature/x')).toEqual({ref: 'refs/heads/feature/x'});
		expect(parseHead('ref: refs/heads/main\r\n')).toEqual({ref: 'refs/heads/main'});
	});

	it('reads a detached HEAD of SHA-1 or SHA-256, in lower case', () => {
		expect(parseHead(`${SHA1}\n`)).toEqual({sha: SHA1});
		expect(parseHead(SHA256)).toEqual({sha: SHA256});
		expect(parseHead(SHA1B.toUpperCase())).toEqual({sha: SHA1B});
	});

	it('gives undefined for garbage, never throwing', () => {
		for (const text of ['', '\n', 'hello', 'ref:', 'ref: ', SHA1.slice(1), `${SHA1}0`, 'g'.repeat(40), '\0'.repeat(10), ALL_HOSTILE, 'x'.repeat(5_000_000)]) {
			expect(parseHead(text)).toBeUndefined();
		}
	});

	it('refuses ref names that would leave the refs folder or are not git refs', () => {
		for (const ref of [
			'../../etc/passwd',
			'refs/../../x',
			'refs/heads/../../../x',
			'HEAD',
			'/abs/refs/heads/x',
			'refs/heads/.invalid',
			'refs/heads/a b',
			'refs/heads/x.lock',
			'refs/heads/',
			'refs//x',
			`refs/heads/${'\u001b'}]0;x`,
		]) {
			expect(parseHead(`ref: ${ref}`)).toBeUndefined();
		}
		expect(parseHead(`ref: refs/heads/${'x'.repeat(2000)}`)).toBeUndefined();
	});
});

describe('isSafeRefName', () => {
	it('accepts ordinary branch names, unicode included', () => {
		for (const ref of ['refs/heads/main', 'refs/heads/feat/issue-12', 'refs/heads/über', 'refs/remotes/origin/HEAD', 'refs/heads/v1.2']) {
			expect(isSafeRefName(ref)).toBe(true);
		}
	});

	it('refuses what git refuses and what could escape', () => {
		for (const ref of [
			'refs/heads/a..b',
			'refs/heads/a~1',
			'refs/heads/a^',
			'refs/heads/a:b',
			'refs/heads/a?',
			'refs/heads/a*',
			'refs/heads/a[',
			'refs/heads/a\\b',
			'refs/heads/a@{1}',
			'refs/heads/a.',
			'heads/main',
		]) {
			expect(isSafeRefName(ref)).toBe(false);
		}
	});
});

describe('parseGitdirFile', () => {
	it('resolves a relative gitdir from the folder of the .git file', () => {
		expect(parseGitdirFile('gitdir: ../.git/modules/sub\n', '/r/sub')).toBe(path.resolve('/r/.git/modules/sub'));
	});

	it('keeps an absolute gitdir', () => {
		expect(parseGitdirFile('gitdir: /main/.git/worktrees/wt', '/elsewhere/wt')).toBe('/main/.git/worktrees/wt');
	});

	it('gives undefined for garbage', () => {
		for (const text of [
			'',
			'gitdir:',
			'gitdir:   \n',
			'gitdir /x',
			'ref: refs/heads/main',
			'gitdir: a\0b',
			`gitdir: /${'x'.repeat(MAX_PATH_CHARS + 1)}`,
			ALL_HOSTILE,
		]) {
			expect(parseGitdirFile(text, '/r')).toBeUndefined();
		}
		expect(parseGitdirFile('gitdir: x', 'relative/base')).toBeUndefined();
	});
});

describe('parseCommondir', () => {
	it('resolves commondir from the git folder', () => {
		expect(parseCommondir('../..\n', '/main/.git/worktrees/wt')).toBe('/main/.git');
		expect(parseCommondir('/main/.git', '/other')).toBe('/main/.git');
	});

	it('gives undefined for an empty or oversized one', () => {
		expect(parseCommondir('', '/g')).toBeUndefined();
		expect(parseCommondir('\n', '/g')).toBeUndefined();
		expect(parseCommondir('x'.repeat(MAX_PATH_CHARS + 5), '/g')).toBeUndefined();
	});
});

describe('findPackedRef', () => {
	const packed = [
		'# pack-refs with: peeled fully-peeled sorted ',
		`${SHA1B} refs/heads/main`,
		`${SHA1} refs/heads/main-old`,
		`${SHA1} refs/tags/v1`,
		`^${SHA1B}`,
		`${SHA256} refs/heads/sha256`,
		'',
	].join('\n');

	it('finds a ref, not one it is a prefix of', () => {
		expect(findPackedRef(packed, 'refs/heads/main')).toBe(SHA1B);
		expect(findPackedRef(packed, 'refs/heads/main-old')).toBe(SHA1);
		expect(findPackedRef(packed, 'refs/heads/sha256')).toBe(SHA256);
		expect(findPackedRef(packed, 'refs/heads/mai')).toBeUndefined();
		expect(findPackedRef(packed, 'refs/heads/absent')).toBeUndefined();
	});

	it('reads the bytes of the file as well as text, a non-ASCII branch included', () => {
		expect(findPackedRef(Buffer.from(`${packed}${SHA1} refs/heads/über\n`), 'refs/heads/über')).toBe(SHA1);
		expect(findPackedRef(Buffer.from(packed), 'refs/heads/main')).toBe(SHA1B);
	});

	it('reads CRLF lines and a last line without a newline', () => {
		expect(findPackedRef(`# pack-refs with: peeled\r\n${SHA1} refs/heads/x\r\n`, 'refs/heads/x')).toBe(SHA1);
		expect(findPackedRef(`${SHA1} refs/heads/x`, 'refs/heads/x')).toBe(SHA1);
	});

	it('skips lines that only end with the ref name', () => {
		expect(findPackedRef(`junk ${SHA1} refs/heads/x\n`, 'refs/heads/x')).toBeUndefined();
		expect(findPackedRef(`zz${SHA1.slice(2)} refs/heads/x\n`, 'refs/heads/x')).toBeUndefined();
		expect(findPackedRef(`${SHA1} refs/heads/x y\n${SHA1B} refs/heads/x\n`, 'refs/heads/x')).toBe(SHA1B);
	});

	it('gives undefined for garbage or an unsafe ref', () => {
		expect(findPackedRef(ALL_HOSTILE, 'refs/heads/main')).toBeUndefined();
		expect(findPackedRef('', 'refs/heads/main')).toBeUndefined();
		expect(findPackedRef(packed, '../x')).toBeUndefined();
	});
});

describe('branchOf and isPerWorktreeRef', () => {
	it('drops refs/heads/ only', () => {
		expect(branchOf('refs/heads/feat/x')).toBe('feat/x');
		expect(branchOf('refs/remotes/origin/main')).toBe('refs/remotes/origin/main');
	});

	it('knows the per-worktree refs', () => {
		expect(isPerWorktreeRef('refs/bisect/bad')).toBe(true);
		expect(isPerWorktreeRef('refs/heads/main')).toBe(false);
	});
});
