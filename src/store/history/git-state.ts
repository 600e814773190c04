// The git commit of a working folder (`HEAD` and branch) for the event log's `git` field (issue
// 12, "Body state"), read from the repository's files: no `git` process (the hook runs this on
// every event and must stay cheap). Node built-ins only, named imports: the hook bundles it.
//
// What is followed and what is not:
// - `.git` may be a folder, a file (`gitdir: …`, worktrees and submodules) or a SYMLINK to either:
//   a symlinked `.git` (dotfile managers, repositories kept on another disk) is common, and
//   following it is safe here because everything read under it still goes through
//   readRegularText: regular files only (never a FIFO, socket or device), bounded, and the files
//   inside the git folder (`HEAD`, refs, `packed-refs`, `commondir`) are never read through a
//   symlink. A symlinked `HEAD` (the format of git before 1.5) therefore gives no state.
// - Ref names come from `HEAD` and are checked (isSafeRefName) before they become paths.
// - The search stops at the first `.git` found: one that is broken gives undefined rather than the
//   state of an outer repository. `GIT_DIR`, `GIT_CEILING_DIRECTORIES` and reftable repositories
//   (`extensions.refStorage`) are not supported; the last give undefined, not a wrong branch.
import {lstatSync, statSync} from 'node:fs';
import {dirname, isAbsolute, join, resolve} from 'node:path';
import type {GitState} from '../../core/record/event-line.js';
import {branchOf, isPerWorktreeRef, isSha, parseCommondir, parseGitdirFile, parseHead, parseLooseRef, findPackedRef} from '../../core/history/git-refs.js';
import {readRegularFile, readRegularText} from '../fs/safe-file.js';

/** How many folders, from `cwd` up, are searched for `.git`. */
export const MAX_GIT_SEARCH_DEPTH = 40;

const SMALL_FILE_BYTES = 4 * 1024;
const PACKED_REFS_BYTES = 8 * 1024 * 1024;
/** How many symbolic refs are followed from `HEAD` (git allows 5). */
const MAX_SYMREF_DEPTH = 5;

function readSmall(file: string): string | undefined {
	const r = readRegularText(file, {maxBytes: SMALL_FILE_BYTES});
	return r.ok ? r.text : undefined;
}

/** The kind of `dir/.git`: a folder or a file (a symlink to either is followed), or undefined. */
function dotGitKind(dotGit: string): 'folder' | 'file' | undefined {
	let st = lstatSync(dotGit, {throwIfNoEntry: false});
	if (st?.isSymbolicLink()) {
		st = statSync(dotGit, {throwIfNoEntry: false});
	}
	// Anything else that is there (a FIFO, a socket…) counts as a file: reading it safely then fails.
	return st === undefined ? undefined : st.isDirectory() ? 'folder' : 'file';
}

interface GitDirs {
	/** The git folder of this working tree (holds `HEAD`). */
	readonly gitDir: string;
	/** The folder of the shared refs and `packed-refs` (the main repository's for a worktree). */
	readonly commonDir: string;
}

/** Finds the git folders of the repository holding `cwd`: undefined outside one, or when its `.git` is odd. */
export function findGitDirs(cwd: string): GitDirs | undefined {
	let dir = cwd;
	for (let level = 0; level < MAX_GIT_SEARCH_DEPTH; level++) {
		const dotGit = join(dir, '.git');
		const kind = dotGitKind(dotGit);
		if (kind !== undefined) {
			let gitDir: string | undefined = dotGit;
			if (kind === 'file') {
				const r = readRegularText(dotGit, {maxBytes: SMALL_FILE_BYTES, followSymlinks: true});
				gitDir = r.ok ? parseGitdirFile(r.text, dir) : undefined;
			}
			if (gitDir === undefined) {
				return undefined;
			}
			// Only worktrees have one: look before reading, as a missing file costs the read an exception
			// (~0.1 ms in a fresh process, where the hook runs this once).
			const commondirFile = join(gitDir, 'commondir');
			const commondir = lstatSync(commondirFile, {throwIfNoEntry: false}) === undefined ? undefined : readSmall(commondirFile);
			const commonDir = commondir === undefined ? gitDir : parseCommondir(commondir, gitDir);
			return commonDir === undefined ? undefined : {gitDir, commonDir};
		}
		const parent = dirname(dir);
		if (parent === dir) {
			return undefined;
		}
		dir = parent;
	}
	return undefined;
}

/** The commit id `ref` names: its loose file, else `packed-refs`; symbolic refs are followed a few times. */
function resolveRef(dirs: GitDirs, ref: string, depth: number): string | undefined {
	const looseText = readSmall(join(isPerWorktreeRef(ref) ? dirs.gitDir : dirs.commonDir, ref));
	if (looseText !== undefined) {
		const loose = parseLooseRef(looseText);
		if (loose === undefined) {
			return undefined;
		}
		if ('sha' in loose) {
			return loose.sha;
		}
		return depth < MAX_SYMREF_DEPTH ? resolveRef(dirs, loose.ref, depth + 1) : undefined;
	}
	const packed = readRegularFile(join(dirs.commonDir, 'packed-refs'), {maxBytes: PACKED_REFS_BYTES});
	return packed.ok ? findPackedRef(packed.data, ref) : undefined;
}

/**
 * The git state of the working folder `cwd` (absolute): `{head, branch}` on a branch (`branch`
 * without `refs/heads/`), `{head}` when detached, `{branch}` on an unborn branch (no commit yet,
 * or a ref that cannot be read). Undefined outside a repository, or for one that cannot be read.
 * Never throws, never starts a process.
 */
export function readGitState(cwd: string): GitState | undefined {
	try {
		if (typeof cwd !== 'string' || !isAbsolute(cwd) || cwd.includes('\0')) {
			return undefined;
		}
		const dirs = findGitDirs(resolve(cwd));
		if (dirs === undefined) {
			return undefined;
		}
		const headText = readSmall(join(dirs.gitDir, 'HEAD'));
		const parsed = headText === undefined ? undefined : parseHead(headText);
		if (parsed === undefined) {
			return undefined;
		}
		if ('sha' in parsed) {
			return {head: parsed.sha};
		}
		const sha = resolveRef(dirs, parsed.ref, 0);
		const branch = branchOf(parsed.ref);
		return sha !== undefined && isSha(sha) ? {head: sha, branch} : {branch};
	} catch {
		return undefined;
	}
}
