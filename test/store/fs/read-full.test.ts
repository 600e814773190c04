import type * as nodeFs from 'node:fs';
import {closeSync, openSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {tempDir} from '../../helpers/tmp.js';

afterEach(() => {
	vi.doUnmock('node:fs');
	vi.resetModules();
});

describe('readFull', () => {
	it('reads a range whole, and stops at the end of the file', async () => {
		const {readFull} = await import('../../../src/store/fs/read-full.js');
		const file = path.join(tempDir(), 'f');
		writeFileSync(file, 'abcdefghij');
		const fd = openSync(file, 'r');
		try {
			const buf = Buffer.alloc(4);
			expect(readFull(fd, buf, 3)).toBe(4);
			expect(buf.toString()).toBe('defg');
			const past = Buffer.alloc(8);
			expect(readFull(fd, past, 6)).toBe(4);
			expect(past.subarray(0, 4).toString()).toBe('ghij');
		} finally {
			closeSync(fd);
		}
	});

	it('calls read again when it returns fewer bytes than asked', async () => {
		vi.doMock('node:fs', async importOriginal => {
			const fs = await importOriginal<typeof nodeFs>();
			// Two bytes at most per call, as a file system may give.
			return {
				...fs,
				readSync: (fd: number, buf: Uint8Array, offset: number, length: number, position: number) =>
					fs.readSync(fd, buf, offset, Math.min(2, length), position),
			};
		});
		const {readFull} = await import('../../../src/store/fs/read-full.js');
		const file = path.join(tempDir(), 'f');
		writeFileSync(file, 'abcdefghij');
		const fd = openSync(file, 'r');
		try {
			const buf = Buffer.alloc(7);
			expect(readFull(fd, buf, 1)).toBe(7);
			expect(buf.toString()).toBe('bcdefgh');
		} finally {
			closeSync(fd);
		}
	});
});
