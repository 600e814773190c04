// Reading and writing a V8 code cache beside a bundle (the hook's, `agentlog status`'s and the
// CLI's; the names are in core/install/code-cache.ts). Anything wrong with a cache costs only the
// compile it would have saved, so neither function ever throws: a cache is read only when it is a
// regular file (never through a symlink, never a FIFO) of sane size, and written through a new
// temp file renamed into place (O_EXCL: a link planted at the temp name makes the write fail
// rather than write through it), after which the older caches of the same bundle are removed.
import {closeSync, constants, fstatSync, openSync, readdirSync, readSync, renameSync, unlinkSync, writeFileSync} from 'node:fs';
import {basename, dirname, join} from 'node:path';

export const MAX_CODE_CACHE_BYTES = 64 * 1024 * 1024;

/** The cache's bytes, or undefined when there is none or it is not a plain file of sane size. */
export function readCodeCache(file: string): Buffer | undefined {
	let fd: number;
	try {
		fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
	} catch {
		return undefined;
	}
	try {
		const st = fstatSync(fd);
		if (!st.isFile() || st.size === 0 || st.size > MAX_CODE_CACHE_BYTES) {
			return undefined;
		}
		const data = Buffer.allocUnsafe(st.size);
		let offset = 0;
		while (offset < st.size) {
			const n = readSync(fd, data, offset, st.size - offset, offset);
			if (n <= 0) {
				return undefined;
			}
			offset += n;
		}
		return data;
	} catch {
		return undefined;
	} finally {
		closeSync(fd);
	}
}

/** Writes `data` as `file`, then removes the other files of its folder that `isOlder` names (caches of earlier builds). */
export function writeCodeCache(file: string, data: Buffer, isOlder: (name: string) => boolean): void {
	const dir = dirname(file);
	const tmp = `${file}.${process.pid}.${Date.now().toString(36)}.tmp`;
	try {
		writeFileSync(tmp, data, {flag: 'wx', mode: 0o644});
		renameSync(tmp, file);
		for (const name of readdirSync(dir)) {
			if (name !== basename(file) && isOlder(name)) {
				unlinkSync(join(dir, name));
			}
		}
	} catch {
		try {
			unlinkSync(tmp);
		} catch {
			// Never made.
		}
	}
}
