// Reading a whole range of an open file, however few bytes each read returns.
import type * as fsModule from 'node:fs';
import {closeSync, openSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {readFull} from '../../../src/store/fs/read-full.js';
import {tempDir} from '../../helpers/tmp.js';

// readSync as the system may give it: at most `cap` bytes a call (a signal, a file system's limits).
const short = vi.hoisted(() => ({cap: Number.POSITIVE_INFINITY, calls: 0}));
vi.mock('node:fs', async original => {
	const fs = await original<typeof fsModule>();
	const readSync = (fd: number, buf: Uint8Array, offset: number, length: number, position: number) => {
		short.calls += 1;
		return fs.readSync(fd, buf, offset, Math.min(length, short.cap), position);
	};
	return {...fs, readSync, default: {...fs, readSync}};
});

afterEach(() => {
	short.cap = Number.POSITIVE_INFINITY;
	short.calls = 0;
});

function withFile<T>(content: string, run: (fd: number) => T): T {
	const file = path.join(tempDir('read-full-'), 'f');
	writeFileSync(file, content);
	const fd = openSync(file, 'r');
	try {
		return run(fd);
	} finally {
		closeSync(fd);
	}
}

describe('readFull', () => {
	it('fills the buffer from the position', () => {
		const buf = new Uint8Array(5);
		expect(withFile('0123456789', fd => readFull(fd, buf, 3))).toBe(5);
		expect(Buffer.from(buf).toString()).toBe('34567');
	});

	it('calls again after a short read until the buffer is full', () => {
		short.cap = 2;
		const buf = new Uint8Array(7);
		expect(withFile('abcdefghij', fd => readFull(fd, buf, 1))).toBe(7);
		expect(Buffer.from(buf).toString()).toBe('bcdefgh');
		expect(short.calls).toBe(4);
	});

	it('stops at the end of the file, saying how much came', () => {
		short.cap = 1;
		const buf = new Uint8Array(8).fill(0x2a);
		expect(withFile('abc', fd => readFull(fd, buf, 1))).toBe(2);
		expect(Buffer.from(buf).toString()).toBe('bc******');
		expect(withFile('abc', fd => readFull(fd, new Uint8Array(4), 10))).toBe(0);
		expect(withFile('', fd => readFull(fd, new Uint8Array(4), 0))).toBe(0);
	});

	it('an empty buffer reads nothing', () => {
		expect(withFile('abc', fd => readFull(fd, new Uint8Array(0), 0))).toBe(0);
		expect(short.calls).toBe(0);
	});

	it('throws what the read throws (a folder is no file)', () => {
		const fd = openSync(tempDir('read-full-dir-'), 'r');
		try {
			expect(() => readFull(fd, new Uint8Array(1), 0)).toThrow(/EISDIR/);
		} finally {
			closeSync(fd);
		}
	});
});
