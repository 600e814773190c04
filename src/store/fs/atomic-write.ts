// Writing a file whole or not at all. Node built-ins only: the hook bundles this too.
import {closeSync, fstatSync, openSync, renameSync, writeSync, type Stats} from 'node:fs';
import {basename, dirname, join} from 'node:path';
import {codeOf, removeFile} from './errors.js';

let tempCounter = 0;

/**
 * Creates `file`, which must not exist (O_EXCL: never through a planted link), with `text` in it,
 * and returns its stats. A file that could not be written whole (a full disk: ENOSPC) is removed
 * before the error is thrown: no empty temp or lock file is left behind.
 */
export function writeNewFile(file: string, text: string, mode = 0o666): Stats {
	const fd = openSync(file, 'wx', mode);
	let ok = false;
	try {
		const bytes = Buffer.from(text, 'utf8');
		for (let offset = 0; offset < bytes.length;) {
			offset += writeSync(fd, bytes, offset, bytes.length - offset);
		}
		const stats = fstatSync(fd);
		ok = true;
		return stats;
	} finally {
		closeSync(fd);
		if (!ok) {
			removeFile(file);
		}
	}
}

/** A fresh hidden temp name beside `base` (readers skip names starting with `.`). */
function defaultTempName(base: string): string {
	return `.${base}.${process.pid}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}${++tempCounter}.tmp`;
}

/**
 * Writes `file` whole or not at all: a temp file beside it, created with O_EXCL (a link planted at
 * the temp name makes the create fail instead of writing through it; another name is tried),
 * then renamed over `file` (rename replaces a link at `file` itself, never its target).
 */
export function writeAtomic(file: string, text: string, tempName: (base: string) => string = defaultTempName): void {
	const dir = dirname(file);
	for (let attempt = 0; ; attempt++) {
		const tmp = join(dir, tempName(basename(file)));
		try {
			writeNewFile(tmp, text);
		} catch (error) {
			if (codeOf(error) === 'EEXIST' && attempt < 4) {
				continue;
			}
			throw error;
		}
		try {
			renameSync(tmp, file);
		} catch (error) {
			removeFile(tmp);
			throw error;
		}
		return;
	}
}
