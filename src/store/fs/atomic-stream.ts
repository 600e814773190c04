// Writing a file whole or not at all, a piece at a time (`agentlog export -o`): the pieces go to
// a hidden temp file beside the target, created with O_EXCL ('wx': a link planted at the temp
// name makes the create fail instead of writing through it), and the temp file then takes the
// target's name. Without `overwrite` that is a hard link, which fails if anything (a file, a
// link, even a dangling one) already has the name, so an existing file is never replaced; with
// `overwrite` it is a rename, which replaces only a regular file: anything else at the name (a
// device such as /dev/null, a FIFO, a folder, a symlink) is refused just before the rename
// (safe-file.ts replaceableFile, the rule install-hook follows too), and nothing is changed.
import {closeSync, fsyncSync, linkSync, openSync, renameSync, writeSync} from 'node:fs';
import {basename, dirname, join} from 'node:path';
import {codeOf, removeFile} from './errors.js';
import {replaceableFile} from './safe-file.js';

let tempCounter = 0;

function tempName(base: string): string {
	return `.${base}.${process.pid}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}${++tempCounter}.tmp`;
}

/** The target already exists and `overwrite` was not given. */
export class TargetExistsError extends Error {
	constructor(readonly file: string) {
		super(`${file} already exists`);
		this.name = 'TargetExistsError';
	}
}

/** Something other than a regular file is at the target: it is never replaced. */
export class TargetNotFileError extends Error {
	constructor(
		readonly file: string,
		readonly why: string,
	) {
		super(`${file} ${why}`);
		this.name = 'TargetNotFileError';
	}
}

export interface AtomicStream {
	/** Appends text to the temp file. */
	write(text: string): void;
	/** Gives the temp file the target's name. Throws TargetExistsError when it exists and overwrite is off. */
	commit(): void;
	/** Removes the temp file (after a failure); harmless after commit. */
	abort(): void;
}

function createTemp(file: string): {fd: number; tmp: string} {
	const dir = dirname(file);
	for (let attempt = 0; ; attempt++) {
		const tmp = join(dir, tempName(basename(file)));
		try {
			return {fd: openSync(tmp, 'wx', 0o644), tmp};
		} catch (error) {
			if (codeOf(error) === 'EEXIST' && attempt < 4) {
				continue;
			}
			throw error;
		}
	}
}

/** Opens a temp file for `file`; nothing is at `file` until `commit`. */
export function openAtomicStream(file: string, options: {readonly overwrite?: boolean} = {}): AtomicStream {
	const {fd, tmp} = createTemp(file);
	let open = true;
	let done = false;
	const close = (): void => {
		if (open) {
			open = false;
			closeSync(fd);
		}
	};
	return {
		write(text) {
			const bytes = Buffer.from(text, 'utf8');
			for (let offset = 0; offset < bytes.length;) {
				offset += writeSync(fd, bytes, offset);
			}
		},
		commit() {
			try {
				fsyncSync(fd);
				close();
				if (options.overwrite) {
					// Looked at again right before the rename: a device or link put there since open is refused too.
					const target = replaceableFile(file);
					if (!target.ok) {
						throw new TargetNotFileError(file, target.why);
					}
					renameSync(tmp, file);
				} else {
					try {
						linkSync(tmp, file);
					} catch (error) {
						if (codeOf(error) === 'EEXIST') {
							throw new TargetExistsError(file);
						}
						throw error;
					}
					removeFile(tmp);
				}
				done = true;
			} finally {
				if (!done) {
					removeFile(tmp);
				}
			}
		},
		abort() {
			close();
			if (!done) {
				removeFile(tmp);
			}
		},
	};
}
