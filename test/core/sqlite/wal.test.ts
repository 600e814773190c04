import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {indexWal, readWalHeader, WAL_FRAME_HEADER_BYTES, WAL_HEADER_BYTES} from '../../../src/core/sqlite/wal.js';

const wal = new Uint8Array(readFileSync(path.resolve(import.meta.dirname, '../../fixtures/sqlite/wal-only.db-wal')));

function framesOf(bytes: Uint8Array, pageSize: number): (i: number) => Uint8Array | undefined {
	const size = WAL_FRAME_HEADER_BYTES + pageSize;
	return i => {
		const at = WAL_HEADER_BYTES + i * size;
		return at + size <= bytes.length ? bytes.subarray(at, at + size) : undefined;
	};
}

describe('indexWal', () => {
	const header = readWalHeader(wal)!;

	it('reads SQLite’s own log: every frame valid, the last one a commit', () => {
		const index = indexWal(header, framesOf(wal, header.pageSize));
		expect(index.frames).toBe((wal.length - WAL_HEADER_BYTES) / (WAL_FRAME_HEADER_BYTES + header.pageSize));
		expect(index.dbPages).toBeGreaterThan(1);
		expect(index.pages.size).toBeGreaterThan(1);
	});

	it('stops at a frame whose checksum fails, keeping only what was committed before it', () => {
		const all = indexWal(header, framesOf(wal, header.pageSize));
		const copy = wal.slice();
		const size = WAL_FRAME_HEADER_BYTES + header.pageSize;
		const middle = Math.floor(all.frames / 2);
		copy[WAL_HEADER_BYTES + middle * size + WAL_FRAME_HEADER_BYTES + 100]! ^= 0xff;
		const cut = indexWal(header, framesOf(copy, header.pageSize));
		expect(cut.frames).toBe(middle);
		expect(cut.dbPages).toBeLessThanOrEqual(all.dbPages!);
		for (const offset of cut.pages.values()) {
			expect(offset).toBeLessThan(WAL_HEADER_BYTES + middle * size);
		}
	});

	it('stops at a frame of an older log (other salts)', () => {
		const copy = wal.slice();
		const size = WAL_FRAME_HEADER_BYTES + header.pageSize;
		copy[WAL_HEADER_BYTES + 3 * size + 8]! ^= 0x01;
		expect(indexWal(header, framesOf(copy, header.pageSize)).frames).toBe(3);
	});

	it('a log with a bad header replaces nothing', () => {
		const copy = wal.slice();
		copy[12]! ^= 0x01; // the checkpoint sequence: the header checksum no longer holds
		expect(readWalHeader(copy)).toBeUndefined();
		expect(readWalHeader(new Uint8Array(10))).toBeUndefined();
	});
});
