// Reading a whole range of an open file: `readSync` may return fewer bytes than asked (a signal,
// a file system's own limits), so it is called until the buffer is full or the file ends. The one
// loop every bounded read uses. Node built-ins only: the hook bundles this.
import {readSync} from 'node:fs';

/** Reads into `buf` from `position` until it is full or the file ends; returns how many bytes came. Throws what `readSync` throws. */
export function readFull(fd: number, buf: Uint8Array, position: number): number {
	let got = 0;
	while (got < buf.length) {
		const n = readSync(fd, buf, got, buf.length - got, position + got);
		if (n <= 0) {
			break;
		}
		got += n;
	}
	return got;
}
