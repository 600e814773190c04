// SQLite's b-trees read from pages built here byte by byte (the layout of
// https://www.sqlite.org/fileformat2.html, "B-tree Pages"): tables scanned in row-id order and
// searched by row id, payloads spilled to overflow chains, index entries by their first column;
// and hostile trees (pages outside the file, cycles, a page shared by many parents, chains that
// loop or run past their page) stopped with SqliteFormatError. The real files SQLite wrote are read
// by test/store/sqlite/sqlite-snapshot.test.ts.
import {describe, expect, it} from 'vitest';
import {indexEntries, scanTable, tableRow, type PageSource} from '../../../src/core/sqlite/btree.js';
import {SqliteFormatError} from '../../../src/core/sqlite/record.js';

function varint(n: number): number[] {
	if (n < 0x80) return [n];
	const out: number[] = [];
	let v = n;
	while (v > 0) {
		out.unshift(v & 0x7f);
		v = Math.floor(v / 128);
	}
	return out.map((b, i) => (i < out.length - 1 ? b | 0x80 : b));
}

/** A record: null, small integers (1-byte) and text. */
function record(values: readonly (null | number | string)[]): number[] {
	const types: number[] = [];
	const body: number[] = [];
	for (const v of values) {
		if (v === null) {
			types.push(0);
		} else if (typeof v === 'number') {
			types.push(1);
			body.push(v & 0xff);
		} else {
			const bytes = [...Buffer.from(v)];
			types.push(bytes.length * 2 + 13);
			body.push(...bytes);
		}
	}
	const typeBytes = types.flatMap(varint);
	let headerSize = typeBytes.length + 1;
	if (varint(headerSize).length > 1) headerSize += 1;
	return [...varint(headerSize), ...typeBytes, ...body];
}

const u32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];

/** An in-memory database of `size`-byte pages; page 1 is an empty leaf table behind the 100-byte header. */
class Pages implements PageSource {
	readonly list: Uint8Array[] = [];
	constructor(
		readonly pageSize = 512,
		readonly usable = 512,
	) {
		this.list.push(this.leafBytes(0x0d, [], 100));
	}
	get pages(): number {
		return this.list.length;
	}
	page(n: number): Uint8Array {
		return this.list[n - 1]!;
	}
	/** A b-tree page of `type` with these cells (each a byte list), packed at the end of the usable part. */
	leafBytes(type: number, cells: readonly number[][], at = 0, rightMost?: number): Uint8Array {
		const bytes = new Uint8Array(this.pageSize);
		const interior = type === 0x05 || type === 0x02;
		bytes[at] = type;
		bytes[at + 3] = cells.length >> 8;
		bytes[at + 4] = cells.length & 0xff;
		if (interior) bytes.set(u32(rightMost ?? 0), at + 8);
		let end = this.usable;
		const pointers = at + (interior ? 12 : 8);
		cells.forEach((cell, i) => {
			end -= cell.length;
			bytes.set(cell, end);
			bytes[pointers + 2 * i] = end >> 8;
			bytes[pointers + 2 * i + 1] = end & 0xff;
		});
		return bytes;
	}
	add(bytes: Uint8Array): number {
		this.list.push(bytes);
		return this.list.length;
	}
	/** The next page's number, to point at before it is added. */
	next(k = 0): number {
		return this.list.length + 1 + k;
	}
	leafTable(rows: readonly [number, (null | number | string)[]][]): number {
		return this.add(
			this.leafBytes(
				0x0d,
				rows.map(([rowid, values]) => {
					const payload = record(values);
					return [...varint(payload.length), ...varint(rowid), ...payload];
				}),
			),
		);
	}
	interiorTable(children: readonly [number, number][], rightMost: number): number {
		return this.add(
			this.leafBytes(
				0x05,
				children.map(([child, key]) => [...u32(child), ...varint(key)]),
				0,
				rightMost,
			),
		);
	}
	leafIndex(entries: readonly (null | number | string)[][]): number {
		return this.add(
			this.leafBytes(
				0x0a,
				entries.map(values => {
					const payload = record(values);
					return [...varint(payload.length), ...payload];
				}),
			),
		);
	}
	interiorIndex(cells: readonly [number, (null | number | string)[]][], rightMost: number): number {
		return this.add(
			this.leafBytes(
				0x02,
				cells.map(([child, values]) => {
					const payload = record(values);
					return [...u32(child), ...varint(payload.length), ...payload];
				}),
				0,
				rightMost,
			),
		);
	}
}

const rowsOf = (src: PageSource, root: number) => [...scanTable(src, root)].map(r => [r.rowid, ...r.values]);

/** A two-level table: rows 1–3 on one leaf, 4–6 on another. */
function twoLevel(): {db: Pages; root: number} {
	const db = new Pages();
	const a = db.leafTable([
		[1, ['one', 1]],
		[2, ['two', 2]],
		[3, [null, 3]],
	]);
	const b = db.leafTable([
		[4, ['four', 4]],
		[5, ['five', 5]],
		[6, ['six', 6]],
	]);
	const root = db.interiorTable([[a, 3]], b);
	return {db, root};
}

describe('a table', () => {
	it('is scanned in row-id order across its leaves', () => {
		const {db, root} = twoLevel();
		expect(rowsOf(db, root)).toEqual([
			[1, 'one', 1],
			[2, 'two', 2],
			[3, null, 3],
			[4, 'four', 4],
			[5, 'five', 5],
			[6, 'six', 6],
		]);
	});

	it('finds a row by its id, on either side of a key, and nothing for an id it lacks', () => {
		const {db, root} = twoLevel();
		expect(tableRow(db, root, 3)).toEqual({rowid: 3, values: [null, 3]});
		expect(tableRow(db, root, 4)).toEqual({rowid: 4, values: ['four', 4]});
		expect(tableRow(db, root, 6)?.values).toEqual(['six', 6]);
		expect(tableRow(db, root, 0)).toBeUndefined();
		expect(tableRow(db, root, 7)).toBeUndefined();
	});

	it('reads an empty table, and page 1 behind the database header', () => {
		const db = new Pages();
		expect(rowsOf(db, 1)).toEqual([]);
		expect(tableRow(db, 1, 1)).toBeUndefined();
	});

	it('reassembles a payload spilled to an overflow chain', () => {
		const db = new Pages();
		const text = 'x'.repeat(300) + 'y'.repeat(400) + 'z'.repeat(300);
		const payload = record([text]);
		// usable 512: a table payload over 477 bytes keeps minLocal + (size - minLocal) % 508 on the page, or minLocal (39).
		const size = payload.length;
		const minLocal = Math.floor(((512 - 12) * 32) / 255) - 23;
		const k = minLocal + ((size - minLocal) % 508);
		const local = k <= 477 ? k : minLocal;
		const first = db.next(1);
		const second = db.next(2);
		db.add(db.leafBytes(0x0d, [[...varint(size), ...varint(1), ...payload.slice(0, local), ...u32(first)]]));
		const rest = payload.slice(local);
		const o1 = new Uint8Array(512);
		o1.set(u32(second));
		o1.set(rest.slice(0, 508), 4);
		db.add(o1);
		const o2 = new Uint8Array(512);
		o2.set(rest.slice(508), 4);
		db.add(o2);
		expect(rowsOf(db, 2)).toEqual([[1, text]]);
		expect(tableRow(db, 2, 1)?.values).toEqual([text]);
	});
});

describe('an index', () => {
	function index(): {db: Pages; root: number} {
		const db = new Pages();
		const left = db.leafIndex([
			[null, 9],
			[5, 8],
			['a', 1],
			['b', 2],
		]);
		const mid = db.leafIndex([
			['b', 4],
			['c', 5],
		]);
		const right = db.leafIndex([
			['c', 7],
			['cc', 6],
		]);
		const root = db.interiorIndex(
			[
				[left, ['b', 3]],
				[mid, ['c', 6]],
			],
			right,
		);
		return {db, root};
	}

	it('gives the entries whose first column is the text, in index order, interior cells included', () => {
		const {db, root} = index();
		expect(indexEntries(db, root, 'b')).toEqual([
			['b', 2],
			['b', 3],
			['b', 4],
		]);
		expect(indexEntries(db, root, 'c')).toEqual([
			['c', 5],
			['c', 6],
			['c', 7],
		]);
		expect(indexEntries(db, root, 'cc')).toEqual([['cc', 6]]);
	});

	it('gives nothing for a text it lacks, or one sorting before or after every entry', () => {
		const {db, root} = index();
		for (const key of ['', 'ab', 'bb', 'd', 'zzz']) {
			expect(indexEntries(db, root, key)).toEqual([]);
		}
	});

	it('compares bytes, not UTF-16 units', () => {
		const db = new Pages();
		// Stored in SQLite's (UTF-8 byte) order: U+FF5E (EF BD 9E) before U+1F600 (F0 9F 98 80), though in
		// UTF-16 units U+1F600 (D83D …) comes first; a UTF-16 comparison would stop before the emoji.
		const root = db.leafIndex([
			['\uFF5E', 1],
			['😀', 2],
		]);
		expect(indexEntries(db, root, '😀')).toEqual([['😀', 2]]);
		expect(indexEntries(db, root, '\uFF5E')).toEqual([['\uFF5E', 1]]);
	});
});

describe('a hostile file', () => {
	const fails = (read: () => unknown) => expect(read).toThrow(SqliteFormatError);

	it('names no page outside the database', () => {
		const db = new Pages();
		const root = db.interiorTable([[99, 1]], 2);
		fails(() => rowsOf(db, root));
		fails(() => tableRow(db, root, 1));
		fails(() => rowsOf(db, 0));
		fails(() => rowsOf(db, 1.5));
		fails(() => indexEntries(db, 7, 'x'));
	});

	it('stops a tree that points back at itself', () => {
		const db = new Pages();
		const self = db.next();
		db.interiorTable([[self, 10]], self);
		fails(() => rowsOf(db, self));
		fails(() => tableRow(db, self, 5));
		const idx = db.next();
		db.interiorIndex([[idx, ['a', 1]]], idx);
		fails(() => indexEntries(db, idx, 'a'));
	});

	it('stops a tree whose pages are shared by many parents instead of walking it again and again', () => {
		// 60 cells per level, each to the same child: 216,000 visits of one leaf without the check.
		const db = new Pages(4096, 4096);
		const leaf = db.leafTable([[1, ['row']]]);
		const level1 = db.interiorTable(
			Array.from({length: 60}, (_, i) => [leaf, i] as [number, number]),
			leaf,
		);
		const level2 = db.interiorTable(
			Array.from({length: 60}, (_, i) => [level1, i] as [number, number]),
			level1,
		);
		const level3 = db.interiorTable(
			Array.from({length: 60}, (_, i) => [level2, i] as [number, number]),
			level2,
		);
		fails(() => rowsOf(db, level3));
		const ileaf = db.leafIndex([['k', 1]]);
		const i1 = db.interiorIndex(
			Array.from({length: 60}, () => [ileaf, ['k', 1]] as [number, (string | number)[]]),
			ileaf,
		);
		const i2 = db.interiorIndex(
			Array.from({length: 60}, () => [i1, ['k', 1]] as [number, (string | number)[]]),
			i1,
		);
		fails(() => indexEntries(db, i2, 'k'));
	});

	it('refuses a page that is no b-tree page, a table read as an index and an index as a table', () => {
		const db = new Pages();
		const junk = db.add(new Uint8Array(512).fill(0x41));
		fails(() => rowsOf(db, junk));
		const table = db.leafTable([[1, ['a']]]);
		const idx = db.leafIndex([['a', 1]]);
		fails(() => indexEntries(db, table, 'a'));
		fails(() => rowsOf(db, idx));
		fails(() => tableRow(db, idx, 1));
	});

	it('refuses more cells than fit, and a cell pointer past the usable part', () => {
		const db = new Pages(512, 480);
		const many = new Uint8Array(512);
		many[0] = 0x0d;
		many[3] = 0xff;
		many[4] = 0xff;
		fails(() => rowsOf(db, db.add(many)));
		const outside = db.leafBytes(0x0d, [[3, 1, ...record(['a']).slice(1)]]);
		outside[8] = 0x01;
		outside[9] = 0xf0; // 496: inside the page, past the usable 480 bytes
		fails(() => rowsOf(db, db.add(outside)));
	});

	it('stops an overflow chain that loops, ends early or runs past its page', () => {
		const make = (chain: (db: Pages, first: number) => void, usable = 512) => {
			const db = new Pages(512, usable);
			const payload = record(['q'.repeat(2000)]);
			const first = db.next(1);
			db.add(db.leafBytes(0x0d, [[...varint(payload.length), ...varint(1), ...payload.slice(0, 39), ...u32(first)]]));
			chain(db, first);
			return db;
		};
		const loop = make((db, first) => {
			const page = new Uint8Array(512);
			page.set(u32(first));
			db.add(page);
		});
		fails(() => rowsOf(loop, 2));
		const early = make(db => db.add(new Uint8Array(512)));
		fails(() => rowsOf(early, 2));
	});

	it('refuses an overflow pointer that would be read past the end of the page', () => {
		const db = new Pages(512, 512);
		const payload = record(['w'.repeat(2000)]);
		// A cell whose local part ends exactly at the page's end: its overflow pointer has no room.
		const cell = [...varint(payload.length), ...varint(1), ...payload.slice(0, 39)];
		const bytes = new Uint8Array(512);
		bytes[0] = 0x0d;
		bytes[4] = 1;
		const at = 512 - cell.length;
		bytes.set(cell, at);
		bytes[8] = at >> 8;
		bytes[9] = at & 0xff;
		fails(() => rowsOf(db, db.add(bytes)));
	});

	it('reads no values from a record whose header lies', () => {
		const db = new Pages();
		const liar = db.add(db.leafBytes(0x0d, [[4, 1, 0x7f, 0x01, 0x01, 0x01]]));
		fails(() => rowsOf(db, liar));
	});
});
