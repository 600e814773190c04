import {execFileSync, spawnSync} from 'node:child_process';
import {mkdirSync, realpathSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {findGitDirs, readGitState} from '../../../src/store/history/git-state.js';
import {tempDir} from '../../helpers/tmp.js';

const SHA1 = '0123456789abcdef0123456789abcdef01234567';
const SHA2 = 'fedcba9876543210fedcba9876543210fedcba98';

const hasGit = spawnSync('git', ['--version']).status === 0;

function write(file: string, text: string): void {
	mkdirSync(path.dirname(file), {recursive: true});
	writeFileSync(file, text);
}

/** A repository written by hand: `<root>/.git` with HEAD and, when given, loose refs. */
function handRepo(head: string, refs: Record<string, string> = {}): string {
	const root = tempDir('repo-');
	write(path.join(root, '.git', 'HEAD'), head);
	mkdirSync(path.join(root, '.git', 'objects'), {recursive: true});
	mkdirSync(path.join(root, '.git', 'refs', 'heads'), {recursive: true});
	for (const [ref, text] of Object.entries(refs)) {
		write(path.join(root, '.git', ref), text);
	}
	return root;
}

function git(cwd: string, ...args: string[]): string {
	return execFileSync('git', args, {
		cwd,
		encoding: 'utf8',
		env: {...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t', GIT_CONFIG_NOSYSTEM: '1'},
	}).trim();
}

describe('readGitState on repositories written by hand', () => {
	it('reads the branch and its loose ref', () => {
		const root = handRepo('ref: refs/heads/main\n', {'refs/heads/main': `${SHA1}\n`});
		expect(readGitState(root)).toEqual({head: SHA1, branch: 'main'});
	});

	it('reads a detached HEAD as head only', () => {
		const root = handRepo(`${SHA2}\n`, {'refs/heads/main': `${SHA1}\n`});
		expect(readGitState(root)).toEqual({head: SHA2});
	});

	it('reads a branch that is only in packed-refs', () => {
		const root = handRepo('ref: refs/heads/feat/x\n');
		write(path.join(root, '.git', 'packed-refs'), `# pack-refs with: peeled fully-peeled sorted \n${SHA1} refs/heads/feat/x\n${SHA2} refs/tags/v1\n^${SHA1}\n`);
		expect(readGitState(root)).toEqual({head: SHA1, branch: 'feat/x'});
	});

	it('prefers the loose ref to an older packed one', () => {
		const root = handRepo('ref: refs/heads/main\n', {'refs/heads/main': `${SHA2}\n`});
		write(path.join(root, '.git', 'packed-refs'), `${SHA1} refs/heads/main\n`);
		expect(readGitState(root)).toEqual({head: SHA2, branch: 'main'});
	});

	it('gives the branch alone on an unborn branch', () => {
		const root = handRepo('ref: refs/heads/main\n');
		expect(readGitState(root)).toEqual({branch: 'main'});
	});

	it('walks up from a subfolder', () => {
		const root = handRepo('ref: refs/heads/main\n', {'refs/heads/main': `${SHA1}\n`});
		const deep = path.join(root, 'a', 'b', 'c');
		mkdirSync(deep, {recursive: true});
		expect(readGitState(deep)).toEqual({head: SHA1, branch: 'main'});
	});

	it('reads a worktree: a .git file, HEAD in its own folder, refs in the common folder', () => {
		const main = handRepo('ref: refs/heads/main\n', {'refs/heads/main': `${SHA1}\n`, 'refs/heads/wt': `${SHA2}\n`});
		const wtGit = path.join(main, '.git', 'worktrees', 'wt');
		write(path.join(wtGit, 'HEAD'), 'ref: refs/heads/wt\n');
		write(path.join(wtGit, 'commondir'), '../..\n');
		const wt = tempDir('wt-');
		write(path.join(wt, '.git'), `gitdir: ${wtGit}\n`);
		expect(readGitState(wt)).toEqual({head: SHA2, branch: 'wt'});
		expect(findGitDirs(wt)).toEqual({gitDir: wtGit, commonDir: path.join(main, '.git')});
	});

	it('reads a submodule: a relative gitdir, no commondir', () => {
		const root = handRepo('ref: refs/heads/main\n', {'refs/heads/main': `${SHA1}\n`});
		write(path.join(root, '.git', 'modules', 'sub', 'HEAD'), `${SHA2}\n`);
		write(path.join(root, 'sub', '.git'), 'gitdir: ../.git/modules/sub\n');
		expect(readGitState(path.join(root, 'sub'))).toEqual({head: SHA2});
	});

	it('follows a symlinked .git folder', () => {
		const real = handRepo('ref: refs/heads/main\n', {'refs/heads/main': `${SHA1}\n`});
		const root = tempDir('linked-');
		symlinkSync(path.join(real, '.git'), path.join(root, '.git'));
		expect(readGitState(root)).toEqual({head: SHA1, branch: 'main'});
	});

	it('follows a symbolic loose ref', () => {
		const root = handRepo('ref: refs/heads/alias\n', {'refs/heads/alias': 'ref: refs/heads/main\n', 'refs/heads/main': `${SHA1}\n`});
		expect(readGitState(root)).toEqual({head: SHA1, branch: 'alias'});
	});

	it('stops on a loop of symbolic refs', () => {
		const root = handRepo('ref: refs/heads/a\n', {'refs/heads/a': 'ref: refs/heads/b\n', 'refs/heads/b': 'ref: refs/heads/a\n'});
		expect(readGitState(root)).toEqual({branch: 'a'});
	});
});

describe('readGitState outside a repository or on an odd one', () => {
	it('gives undefined outside a repository', () => {
		// The sandbox sits in the system temp folder, outside any repository.
		const dir = tempDir('plain-');
		expect(readGitState(dir)).toBeUndefined();
		expect(readGitState('/')).toBeUndefined();
	});

	it('gives undefined for a relative, missing or odd cwd', () => {
		expect(readGitState('relative/dir')).toBeUndefined();
		expect(readGitState('')).toBeUndefined();
		expect(readGitState('/a\0b')).toBeUndefined();
		expect(readGitState(path.join(tempDir(), 'missing', 'deeper'))).toBeUndefined();
	});

	it('never opens a FIFO as HEAD, a ref, packed-refs or the .git file', () => {
		const started = Date.now();
		const headFifo = handRepo('x');
		execFileSync('rm', [path.join(headFifo, '.git', 'HEAD')]);
		execFileSync('mkfifo', [path.join(headFifo, '.git', 'HEAD')]);
		expect(readGitState(headFifo)).toBeUndefined();

		const refFifo = handRepo('ref: refs/heads/main\n');
		execFileSync('mkfifo', [path.join(refFifo, '.git', 'refs', 'heads', 'main')]);
		expect(readGitState(refFifo)).toEqual({branch: 'main'});

		const packedFifo = handRepo('ref: refs/heads/main\n');
		execFileSync('mkfifo', [path.join(packedFifo, '.git', 'packed-refs')]);
		expect(readGitState(packedFifo)).toEqual({branch: 'main'});

		const dotGitFifo = tempDir();
		execFileSync('mkfifo', [path.join(dotGitFifo, '.git')]);
		expect(readGitState(dotGitFifo)).toBeUndefined();
		expect(Date.now() - started).toBeLessThan(5000);
	});

	it('gives undefined for garbage HEAD, .git file or commondir, and no head for a garbage ref', () => {
		expect(readGitState(handRepo('garbage\n'))).toBeUndefined();
		expect(readGitState(handRepo('ref: ../../../../etc/passwd\n'))).toBeUndefined();
		expect(readGitState(handRepo('x'.repeat(100_000)))).toBeUndefined();
		expect(readGitState(handRepo('ref: refs/heads/main\n', {'refs/heads/main': 'not a sha\n'}))).toEqual({branch: 'main'});

		const badFile = tempDir();
		write(path.join(badFile, '.git'), 'not a gitdir line\n');
		expect(readGitState(badFile)).toBeUndefined();

		const goneGitdir = tempDir();
		write(path.join(goneGitdir, '.git'), 'gitdir: ./nowhere\n');
		expect(readGitState(goneGitdir)).toBeUndefined();

		const main = handRepo('ref: refs/heads/main\n', {'refs/heads/main': `${SHA1}\n`});
		const wtGit = path.join(main, '.git', 'worktrees', 'wt');
		write(path.join(wtGit, 'HEAD'), 'ref: refs/heads/main\n');
		write(path.join(wtGit, 'commondir'), '\n');
		const wt = tempDir();
		write(path.join(wt, '.git'), `gitdir: ${wtGit}\n`);
		expect(readGitState(wt)).toBeUndefined();
	});

	it('gives undefined when .git is a folder without a HEAD, or HEAD is a folder', () => {
		const empty = tempDir();
		mkdirSync(path.join(empty, '.git'));
		expect(readGitState(empty)).toBeUndefined();
		const headDir = tempDir();
		mkdirSync(path.join(headDir, '.git', 'HEAD'), {recursive: true});
		expect(readGitState(headDir)).toBeUndefined();
	});

	it('does not read HEAD through a symlink', () => {
		const root = handRepo('x');
		const outside = path.join(tempDir(), 'HEAD');
		writeFileSync(outside, `${SHA1}\n`);
		execFileSync('rm', [path.join(root, '.git', 'HEAD')]);
		symlinkSync(outside, path.join(root, '.git', 'HEAD'));
		expect(readGitState(root)).toBeUndefined();
	});
});

describe.runIf(hasGit)('readGitState agrees with git', () => {
	function realRepo(): string {
		const root = realpathSync(tempDir('git-'));
		git(root, 'init', '-q', '-b', 'main');
		writeFileSync(path.join(root, 'f.txt'), 'one');
		git(root, 'add', 'f.txt');
		git(root, 'commit', '-q', '-m', 'one');
		return root;
	}

	it('on a branch, after pack-refs, detached, and in a worktree', () => {
		const root = realRepo();
		expect(readGitState(root)).toEqual({head: git(root, 'rev-parse', 'HEAD'), branch: 'main'});

		git(root, 'pack-refs', '--all');
		expect(readGitState(root)).toEqual({head: git(root, 'rev-parse', 'HEAD'), branch: 'main'});

		writeFileSync(path.join(root, 'f.txt'), 'two');
		git(root, 'commit', '-q', '-am', 'two');
		expect(readGitState(root)).toEqual({head: git(root, 'rev-parse', 'HEAD'), branch: 'main'});

		git(root, 'checkout', '-q', '--detach', 'HEAD~1');
		expect(readGitState(root)).toEqual({head: git(root, 'rev-parse', 'HEAD')});

		const wt = path.join(realpathSync(tempDir('gwt-')), 'wt');
		git(root, 'worktree', 'add', '-q', '-b', 'side', wt, 'main');
		mkdirSync(path.join(wt, 'sub'));
		expect(readGitState(path.join(wt, 'sub'))).toEqual({head: git(wt, 'rev-parse', 'HEAD'), branch: 'side'});
	});

	it('on an unborn branch', () => {
		const root = realpathSync(tempDir('unborn-'));
		git(root, 'init', '-q', '-b', 'trunk');
		expect(readGitState(root)).toEqual({branch: 'trunk'});
	});
});
