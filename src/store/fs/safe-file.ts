// Opening files that anyone could have planted: only regular files, never a FIFO, socket or
// device (open() on a FIFO blocks until a writer comes, which would freeze the monitor or the
// hook for good), never through a symlink unless asked, and never more than a bound. Node
// built-ins only: the hook bundles this too (with named imports: a default import of node:fs costs the
// bundled hook ~0.1 ms per importing file, for esbuild's CommonJS interop copy of the module).
import {closeSync, constants, fstatSync, lstatSync, openSync, type Stats} from 'node:fs';
import {codeOf} from './errors.js';
import {readFull} from './read-full.js';
import {utf8Text} from './utf8-text.js';

export type SafeReadResult =
	| {readonly ok: true; readonly data: Buffer; readonly size: number; readonly mtimeMs: number; readonly truncated: boolean; readonly stats: Stats}
	| {readonly ok: false; readonly reason: SafeReadFailure; readonly message: string};

/** Why a read failed: `missing` is the normal case of a file removed between listing and reading. */
export type SafeReadFailure = 'missing' | 'not-regular' | 'symlink' | 'too-large' | 'unreadable';

export interface SafeReadOptions {
	/** Read at most this many bytes. */
	readonly maxBytes: number;
	/** Past `maxBytes`: `'fail'` (default) or `'truncate'` (return the first `maxBytes`). */
	readonly overflow?: 'fail' | 'truncate';
	/** Follow a symlink to a regular file (default false: a symlink is refused). */
	readonly followSymlinks?: boolean;
}

const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const NONBLOCK = constants.O_NONBLOCK ?? 0;

function failure(reason: SafeReadFailure, message: string): {readonly ok: false; readonly reason: SafeReadFailure; readonly message: string} {
	return {ok: false, reason, message};
}

/** Reads a regular file safely (see `openRegularFile`), at most `maxBytes` of it. */
export function readRegularFile(file: string, options: SafeReadOptions): SafeReadResult {
	const opened = openRegularFile(file, options.followSymlinks ?? false);
	if (!opened.ok) {
		return opened;
	}
	const {fd, stats} = opened;
	try {
		if (stats.size > options.maxBytes && (options.overflow ?? 'fail') === 'fail') {
			return failure('too-large', `is ${stats.size} bytes, over the ${options.maxBytes}-byte limit`);
		}
		const want = Math.min(stats.size, options.maxBytes);
		const data = Buffer.allocUnsafe(want);
		const got = readFull(fd, data, 0);
		return {ok: true, data: got === want ? data : data.subarray(0, got), size: stats.size, mtimeMs: stats.mtimeMs, truncated: stats.size > got, stats};
	} catch (error) {
		return failure('unreadable', `cannot read: ${codeOf(error) ?? String(error)}`);
	} finally {
		closeSync(fd);
	}
}

/** `readRegularFile` as UTF-8 text. */
export function readRegularText(
	file: string,
	options: SafeReadOptions,
):
	| {readonly ok: true; readonly text: string; readonly truncated: boolean; readonly mtimeMs: number; readonly stats: Stats}
	| {readonly ok: false; readonly reason: SafeReadFailure; readonly message: string} {
	const r = readRegularFile(file, options);
	return r.ok ? {ok: true, text: utf8Text(r.data), truncated: r.truncated, mtimeMs: r.mtimeMs, stats: r.stats} : r;
}

export type SafeOpenResult =
	{readonly ok: true; readonly fd: number; readonly stats: Stats} | {readonly ok: false; readonly reason: SafeReadFailure; readonly message: string};

/**
 * Why a path that is not a regular file is refused, as a phrase after its name. One wording for
 * every command that reads or replaces a user's file (install-hook's settings, export -o).
 */
export function refusalOf(failure: {readonly reason: SafeReadFailure; readonly message: string}): string {
	if (failure.reason === 'not-regular') {
		return failure.message === 'is a folder'
			? 'is a folder, not a file'
			: 'is not a regular file (a FIFO, socket or device?); agentlog only reads and replaces regular files';
	}
	return failure.reason === 'symlink' ? 'is a symbolic link; agentlog never writes through one nor replaces it' : failure.message;
}

export type ReplaceCheck = {readonly ok: true; readonly exists: boolean} | {readonly ok: false; readonly why: string};

/**
 * Whether a file may be written at `file`, replacing what is there: only when nothing is there or
 * a regular file is (never a device such as /dev/null, a FIFO, a socket, a folder or a symlink,
 * dangling or not). Checked as `openRegularFile` checks (lstat, open O_NOFOLLOW | O_NONBLOCK,
 * fstat); a regular file that cannot be opened for reading (no permission) still counts as one.
 */
export function replaceableFile(file: string): ReplaceCheck {
	const opened = openRegularFile(file, false);
	if (opened.ok) {
		closeSync(opened.fd);
		return {ok: true, exists: true};
	}
	if (opened.reason === 'missing') {
		return lstatOrNothing(file) === undefined ? {ok: true, exists: false} : {ok: false, why: 'keeps changing'};
	}
	if (opened.reason === 'unreadable' && lstatOrNothing(file)?.isFile() === true) {
		return {ok: true, exists: true};
	}
	return {ok: false, why: refusalOf(opened)};
}

function lstatOrNothing(file: string): Stats | undefined {
	try {
		return lstatSync(file);
	} catch {
		return undefined;
	}
}

/**
 * Opens a file for reading only if it is a regular file: `lstat` first (nothing is opened unless
 * it is a regular file, or a symlink when `followSymlinks`), then `open` non-blocking (a FIFO
 * swapped in after the check still cannot block), then `fstat` of the descriptor, the only check
 * that cannot race. The caller closes the descriptor.
 */
export function openRegularFile(file: string, followSymlinks = false): SafeOpenResult {
	let st: Stats | undefined;
	try {
		// A missing file is the usual case for some readers: no exception for it (each costs the hook ~0.05 ms).
		st = lstatSync(file, {throwIfNoEntry: false});
	} catch (error) {
		const code = codeOf(error);
		return code === 'ENOTDIR' ? failure('missing', 'file is gone') : failure('unreadable', `cannot read: ${code ?? String(error)}`);
	}
	if (st === undefined) {
		return failure('missing', 'file is gone');
	}
	if (st.isSymbolicLink() && !followSymlinks) {
		return failure('symlink', 'is a symbolic link');
	}
	if (!st.isSymbolicLink() && !st.isFile()) {
		return failure('not-regular', st.isDirectory() ? 'is a folder' : 'is not a regular file');
	}
	let fd: number;
	try {
		fd = openSync(file, constants.O_RDONLY | NONBLOCK | (followSymlinks ? 0 : NOFOLLOW));
	} catch (error) {
		const code = codeOf(error);
		return failure(
			code === 'ENOENT' ? 'missing' : code === 'ELOOP' ? 'symlink' : 'unreadable',
			code === 'ENOENT' ? 'file is gone' : `cannot read: ${code ?? String(error)}`,
		);
	}
	try {
		const stats = fstatSync(fd);
		if (stats.isFile()) {
			return {ok: true, fd, stats};
		}
		closeSync(fd);
		return failure('not-regular', stats.isDirectory() ? 'is a folder' : 'is not a regular file');
	} catch (error) {
		closeSync(fd);
		return failure('unreadable', `cannot read: ${codeOf(error) ?? String(error)}`);
	}
}
