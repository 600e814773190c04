// SQLite's write-ahead log (https://www.sqlite.org/fileformat2.html, "The WAL File Format"): which
// pages the committed transactions in the log replace. A database in WAL mode keeps its newest rows
// here until a checkpoint copies them into the main file, so a reader of the main file alone misses
// them. Read the way SQLite recovers a log: frames count while their salts match the header and
// the running checksum holds; the pages are those of the last commit frame so far. A frame torn by
// a writer in the middle of a transaction fails its checksum and ends the log there. Pure.
import {SqliteFormatError} from './record.js';

export const WAL_HEADER_BYTES = 32;
export const WAL_FRAME_HEADER_BYTES = 24;

export interface WalHeader {
	readonly bigEndian: boolean;
	readonly pageSize: number;
	readonly salt1: number;
	readonly salt2: number;
	/** The checksum of the header: where the frames' running checksum starts. */
	readonly checksum: readonly [number, number];
}

/** The committed state of a log: the newest copy of each page, and the database's size in pages. */
export interface WalIndex {
	/** Page number → the byte offset of that page's newest committed copy in the log. */
	readonly pages: ReadonlyMap<number, number>;
	/** The database's size in pages after the last commit; undefined when nothing was committed. */
	readonly dbPages: number | undefined;
	/** Frames counted (committed or not); where a later read may go on from. */
	readonly frames: number;
}

/** SQLite's checksum over `bytes` (a multiple of 8 long), from `start`. */
export function walChecksum(bytes: Uint8Array, bigEndian: boolean, start: readonly [number, number]): [number, number] {
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	let s1 = start[0];
	let s2 = start[1];
	for (let i = 0; i + 8 <= bytes.byteLength; i += 8) {
		s1 = (s1 + view.getUint32(i, !bigEndian) + s2) >>> 0;
		s2 = (s2 + view.getUint32(i + 4, !bigEndian) + s1) >>> 0;
	}
	return [s1, s2];
}

/** The log's header, or undefined for an empty or foreign log (which then replaces nothing). */
export function readWalHeader(bytes: Uint8Array): WalHeader | undefined {
	if (bytes.byteLength < WAL_HEADER_BYTES) {
		return undefined;
	}
	const view = new DataView(bytes.buffer, bytes.byteOffset, WAL_HEADER_BYTES);
	const magic = view.getUint32(0);
	if (magic !== 0x377f0682 && magic !== 0x377f0683) {
		return undefined;
	}
	const bigEndian = magic === 0x377f0683;
	const pageSize = view.getUint32(8);
	if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0) {
		throw new SqliteFormatError(`the log's page size ${pageSize} is not one SQLite writes`);
	}
	const checksum = walChecksum(bytes.subarray(0, 24), bigEndian, [0, 0]);
	if (checksum[0] !== view.getUint32(24) || checksum[1] !== view.getUint32(28)) {
		return undefined;
	}
	return {bigEndian, pageSize, salt1: view.getUint32(16), salt2: view.getUint32(20), checksum};
}

/**
 * Walks the frames of a log whose header is `header`. `frameAt(i)` gives the bytes of frame i
 * (header and page, 24 + pageSize bytes) or undefined past the end of what was read.
 */
export function indexWal(header: WalHeader, frameAt: (i: number) => Uint8Array | undefined): WalIndex {
	const committed = new Map<number, number>();
	const pending = new Map<number, number>();
	let dbPages: number | undefined;
	let running: readonly [number, number] = header.checksum;
	let i = 0;
	for (;;) {
		const frame = frameAt(i);
		if (frame === undefined || frame.byteLength !== WAL_FRAME_HEADER_BYTES + header.pageSize) {
			break;
		}
		const view = new DataView(frame.buffer, frame.byteOffset, WAL_FRAME_HEADER_BYTES);
		if (view.getUint32(8) !== header.salt1 || view.getUint32(12) !== header.salt2) {
			break;
		}
		let sum = walChecksum(frame.subarray(0, 8), header.bigEndian, running);
		sum = walChecksum(frame.subarray(WAL_FRAME_HEADER_BYTES), header.bigEndian, sum);
		if (sum[0] !== view.getUint32(16) || sum[1] !== view.getUint32(20)) {
			break;
		}
		running = sum;
		const page = view.getUint32(0);
		if (page === 0) {
			break;
		}
		pending.set(page, WAL_HEADER_BYTES + i * (WAL_FRAME_HEADER_BYTES + header.pageSize) + WAL_FRAME_HEADER_BYTES);
		const commitSize = view.getUint32(4);
		if (commitSize !== 0) {
			for (const [p, offset] of pending) {
				committed.set(p, offset);
			}
			pending.clear();
			dbPages = commitSize;
		}
		i++;
	}
	return {pages: committed, dbPages, frames: i};
}
