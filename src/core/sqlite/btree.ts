// SQLite's b-trees (https://www.sqlite.org/fileformat2.html, "B-tree Pages"), read only: a whole
// table in row-id order, one row by its id, and the entries of an index whose first column equals a
// text. Pure: pages come from a PageSource (the store reads them from the file and its log). A
// hostile or torn file cannot loop or run away: every page number is checked against the database's
// size, a walk goes at most MAX_DEPTH deep and meets each page once (a page shared by many parents
// would make a small file a walk of millions of pages), and an overflow chain visits each page once,
// at most as many as its payload needs.
import {decodeRecord, readVarint, SqliteFormatError, type SqliteValue} from './record.js';

export interface PageSource {
	/** The page's bytes (pageSize long); page 1 includes the 100-byte database header. */
	page(n: number): Uint8Array;
	readonly pageSize: number;
	/** pageSize less the bytes reserved at the end of each page. */
	readonly usable: number;
	/** The database's size in pages. */
	readonly pages: number;
}

const MAX_DEPTH = 40;

const LEAF_TABLE = 0x0d;
const INTERIOR_TABLE = 0x05;
const LEAF_INDEX = 0x0a;
const INTERIOR_INDEX = 0x02;

interface PageHead {
	readonly bytes: Uint8Array;
	readonly type: number;
	readonly cells: number;
	/** Where the cell pointer array starts. */
	readonly pointers: number;
	readonly rightMost: number;
}

function checkedPage(src: PageSource, n: number): Uint8Array {
	if (!Number.isInteger(n) || n < 1 || n > src.pages) {
		throw new SqliteFormatError(`page ${n} is outside the database`);
	}
	return src.page(n);
}

function pageHead(src: PageSource, n: number): PageHead {
	const bytes = checkedPage(src, n);
	const at = n === 1 ? 100 : 0;
	const type = bytes[at]!;
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	const interior = type === INTERIOR_TABLE || type === INTERIOR_INDEX;
	if (type !== LEAF_TABLE && type !== LEAF_INDEX && !interior) {
		throw new SqliteFormatError(`page ${n} is not a b-tree page`);
	}
	const cells = view.getUint16(at + 3);
	const pointers = at + (interior ? 12 : 8);
	if (pointers + cells * 2 > src.usable) {
		throw new SqliteFormatError(`page ${n} holds more cells than fit`);
	}
	return {bytes, type, cells, pointers, rightMost: interior ? view.getUint32(at + 8) : 0};
}

function cellOffset(head: PageHead, i: number, src: PageSource): number {
	const offset = (head.bytes[head.pointers + 2 * i]! << 8) | head.bytes[head.pointers + 2 * i + 1]!;
	if (offset >= src.usable) {
		throw new SqliteFormatError('a cell lies outside its page');
	}
	return offset;
}

/** How much of a payload of `size` bytes is kept on the page (the rest goes to overflow pages). */
function localSize(size: number, usable: number, table: boolean): number {
	const maxLocal = table ? usable - 35 : Math.floor(((usable - 12) * 64) / 255) - 23;
	if (size <= maxLocal) {
		return size;
	}
	const minLocal = Math.floor(((usable - 12) * 32) / 255) - 23;
	const k = minLocal + ((size - minLocal) % (usable - 4));
	return k <= maxLocal ? k : minLocal;
}

/** A cell's whole payload: its local part, then its overflow chain. */
function payload(src: PageSource, bytes: Uint8Array, at: number, size: number, table: boolean): Uint8Array {
	const local = localSize(size, src.usable, table);
	// A spilled payload's local part is followed by the first overflow page's number.
	if (at + local + (local === size ? 0 : 4) > src.usable) {
		throw new SqliteFormatError('a cell runs past its page');
	}
	if (local === size) {
		return bytes.subarray(at, at + size);
	}
	const out = new Uint8Array(size);
	out.set(bytes.subarray(at, at + local), 0);
	let filled = local;
	let next = new DataView(bytes.buffer, bytes.byteOffset + at + local, 4).getUint32(0);
	const per = src.usable - 4;
	const seen = new Set<number>();
	while (filled < size) {
		if (seen.has(next) || seen.size > Math.ceil(size / per)) {
			throw new SqliteFormatError('an overflow chain loops or is longer than its payload');
		}
		seen.add(next);
		const page = checkedPage(src, next);
		const take = Math.min(per, size - filled);
		out.set(page.subarray(4, 4 + take), filled);
		filled += take;
		next = new DataView(page.buffer, page.byteOffset, 4).getUint32(0);
	}
	return out;
}

/** One row of a table: its row id and its values (a row-id alias column reads null here, as stored). */
export interface TableRow {
	readonly rowid: number;
	readonly values: SqliteValue[];
}

function leafTableRow(src: PageSource, head: PageHead, i: number): TableRow {
	const at = cellOffset(head, i, src);
	const size = readVarint(head.bytes, at);
	const rowid = readVarint(head.bytes, at + size.length);
	const body = payload(src, head.bytes, at + size.length + rowid.length, size.value, true);
	return {rowid: rowid.value, values: decodeRecord(body)};
}

function childPointer(head: PageHead, at: number): number {
	return new DataView(head.bytes.buffer, head.bytes.byteOffset + at, 4).getUint32(0);
}

/** Records a page met by a walk; a page met twice means the tree is no tree. */
function visit(seen: Set<number>, page: number, depth: number): void {
	if (depth > MAX_DEPTH) {
		throw new SqliteFormatError('a b-tree is deeper than any SQLite writes');
	}
	if (seen.has(page)) {
		throw new SqliteFormatError(`page ${page} is reached twice in one b-tree`);
	}
	seen.add(page);
}

/** Every row of the table whose root is `root`, in row-id order. */
export function* scanTable(src: PageSource, root: number, depth = 0, seen = new Set<number>()): Generator<TableRow> {
	visit(seen, root, depth);
	const head = pageHead(src, root);
	if (head.type === LEAF_TABLE) {
		for (let i = 0; i < head.cells; i++) {
			yield leafTableRow(src, head, i);
		}
		return;
	}
	if (head.type !== INTERIOR_TABLE) {
		throw new SqliteFormatError(`page ${root} is not a table page`);
	}
	for (let i = 0; i < head.cells; i++) {
		yield* scanTable(src, childPointer(head, cellOffset(head, i, src)), depth + 1, seen);
	}
	yield* scanTable(src, head.rightMost, depth + 1, seen);
}

/** The row of the table whose root is `root` with this row id, or undefined. */
export function tableRow(src: PageSource, root: number, rowid: number): TableRow | undefined {
	let page = root;
	for (let depth = 0; depth <= MAX_DEPTH; depth++) {
		const head = pageHead(src, page);
		if (head.type === LEAF_TABLE) {
			for (let i = 0; i < head.cells; i++) {
				const at = cellOffset(head, i, src);
				const size = readVarint(head.bytes, at);
				if (readVarint(head.bytes, at + size.length).value === rowid) {
					return leafTableRow(src, head, i);
				}
			}
			return undefined;
		}
		if (head.type !== INTERIOR_TABLE) {
			throw new SqliteFormatError(`page ${page} is not a table page`);
		}
		let next = head.rightMost;
		for (let i = 0; i < head.cells; i++) {
			const at = cellOffset(head, i, src);
			if (rowid <= readVarint(head.bytes, at + 4).value) {
				next = childPointer(head, at);
				break;
			}
		}
		page = next;
	}
	throw new SqliteFormatError('a b-tree is deeper than any SQLite writes');
}

const encoder = new TextEncoder();

/** SQLite's order of a stored first column against a text (BINARY collation: bytes; null and numbers sort before text, blobs after). */
function compareToText(value: SqliteValue, key: Uint8Array): number {
	if (value === null || typeof value === 'number' || typeof value === 'bigint') {
		return -1;
	}
	if (value instanceof Uint8Array) {
		return 1;
	}
	const bytes = encoder.encode(value);
	const n = Math.min(bytes.length, key.length);
	for (let i = 0; i < n; i++) {
		if (bytes[i] !== key[i]) {
			return bytes[i]! - key[i]!;
		}
	}
	return bytes.length - key.length;
}

function indexCell(src: PageSource, head: PageHead, i: number, interior: boolean): {readonly child: number; readonly values: SqliteValue[]} {
	const at = cellOffset(head, i, src);
	const start = interior ? at + 4 : at;
	const size = readVarint(head.bytes, start);
	const body = payload(src, head.bytes, start + size.length, size.value, false);
	return {child: interior ? childPointer(head, at) : 0, values: decodeRecord(body)};
}

/**
 * The entries of the index whose root is `root` whose first column is the text `key`, in index
 * order: each entry's values, the row id last (as SQLite stores an index of a rowid table).
 */
export function indexEntries(src: PageSource, root: number, key: string): SqliteValue[][] {
	const out: SqliteValue[][] = [];
	const wanted = encoder.encode(key);
	const seen = new Set<number>();
	const walk = (page: number, depth: number): void => {
		visit(seen, page, depth);
		const head = pageHead(src, page);
		const interior = head.type === INTERIOR_INDEX;
		if (!interior && head.type !== LEAF_INDEX) {
			throw new SqliteFormatError(`page ${page} is not an index page`);
		}
		for (let i = 0; i < head.cells; i++) {
			const cell = indexCell(src, head, i, interior);
			const order = compareToText(cell.values[0] ?? null, wanted);
			if (order < 0) {
				continue;
			}
			if (interior) {
				walk(cell.child, depth + 1);
			}
			if (order > 0) {
				return;
			}
			out.push(cell.values);
		}
		if (interior) {
			walk(head.rightMost, depth + 1);
		}
	};
	walk(root, 0);
	return out;
}
