// Writing a file whole or not at all. Node built-ins only: the hook bundles this too.
import {renameSync, writeFileSync} from 'node:fs';
import {basename, dirname, join} from 'node:path';
import {codeOf, removeFile} from './errors.js';

let tempCounter = 0;

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
			writeFileSync(tmp, text, {flag: 'wx'});
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
