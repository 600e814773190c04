// What a SQLite database says of itself: the header checked, and the schema table read from a
// file SQLite wrote (test/fixtures/sqlite), a table's and an index's columns from their SQL.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import type {PageSource} from '../../../src/core/sqlite/btree.js';
import {SqliteFormatError} from '../../../src/core/sqlite/record.js';
import {readDatabaseHeader, readSchema, tableColumns} from '../../../src/core/sqlite/schema.js';

// Its log is empty: the main file holds everything.
const FILE = readFileSync(path.resolve(import.meta.dirname, '../../fixtures/sqlite/checkpointed.db'));

function header(patch: (b: Uint8Array) => void): Uint8Array {
	const b = new Uint8Array(FILE.subarray(0, 100));
	patch(b);
	return b;
}

describe('readDatabaseHeader', () => {
	it('reads the page size, reserved bytes and size of a file SQLite wrote', () => {
		expect(readDatabaseHeader(FILE)).toEqual({pageSize: 4096, reserved: 0, pages: 180});
	});

	it('a page size of 1 means 65536', () => {
		expect(readDatabaseHeader(header(b => ((b[16] = 0), (b[17] = 1)))).pageSize).toBe(65536);
	});

	it('refuses what is not a UTF-8 SQLite 3 file with a page size SQLite writes', () => {
		const bad: Array<[Uint8Array, string]> = [
			[FILE.subarray(0, 99), 'not a SQLite 3 database'],
			[new TextEncoder().encode('SQLite format 2\0'.padEnd(100, ' ')), 'not a SQLite 3 database'],
			[header(b => ((b[16] = 0x03), (b[17] = 0x00))), 'page size 768'],
			[header(b => ((b[16] = 0x01), (b[17] = 0x00))), 'page size 256'],
			[header(b => (b[59] = 2)), 'not UTF-8'],
		];
		for (const [bytes, message] of bad) {
			expect(() => readDatabaseHeader(bytes), message).toThrow(SqliteFormatError);
			expect(() => readDatabaseHeader(bytes)).toThrow(message);
		}
	});
});

describe('readSchema', () => {
	it('names each table and index with its root page and columns', () => {
		const {pageSize, pages} = readDatabaseHeader(FILE);
		const src: PageSource = {pageSize, usable: pageSize, pages, page: n => FILE.subarray((n - 1) * pageSize, n * pageSize)};
		expect(readSchema(src)).toEqual([
			{type: 'table', name: 'item', table: 'item', root: 2, columns: ['id', 'group_id', 'n', 'score', 'data', 'blob', 'late'], indexColumns: []},
			{type: 'index', name: 'sqlite_autoindex_item_1', table: 'item', root: 3, columns: [], indexColumns: []},
			{type: 'index', name: 'item_group_idx', table: 'item', root: 4, columns: [], indexColumns: ['group_id']},
		]);
	});
});

describe('tableColumns', () => {
	it('reads every way SQL quotes a name and skips table constraints', () => {
		const sql =
			'CREATE TABLE t (`a``b` text, "c""d" int, [e f] blob, g, h integer DEFAULT (1, 2), PRIMARY KEY (a), UNIQUE (g), CHECK (g > 0), FOREIGN KEY (h) REFERENCES x(y), CONSTRAINT k CHECK (1))';
		expect(tableColumns(sql)).toEqual(['a`b', 'c"d', 'e f', 'g', 'h']);
	});

	it('commas and parentheses inside quotes or nested lists do not split', () => {
		expect(tableColumns(`CREATE TABLE t ("x,(y" text DEFAULT 'a,b)', z text CHECK (z IN ('p', 'q')))`)).toEqual(['x,(y', 'z']);
	});

	it('no list has no columns', () => {
		expect(tableColumns('CREATE TABLE t AS SELECT 1')).toEqual([]);
		expect(tableColumns('')).toEqual([]);
	});

	it('an index’s columns from the list after ON', () => {
		const sql = 'CREATE INDEX i ON t (`x`, y DESC)';
		expect(tableColumns(sql.slice(sql.toLowerCase().lastIndexOf(' on ')))).toEqual(['x', 'y']);
	});
});
