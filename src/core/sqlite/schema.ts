// What a SQLite database says of itself: its header (page size, encoding, size) and its schema
// table (each table's and index's root page, a table's column names from its CREATE TABLE). Pure.
import {scanTable, type PageSource} from './btree.js';
import {SqliteFormatError, type SqliteValue} from './record.js';

export interface DatabaseHeader {
	readonly pageSize: number;
	readonly reserved: number;
	/** The size in pages the header gives (0 in files written by very old SQLite: then the file's size says). */
	readonly pages: number;
}

/** The 100-byte header at the start of the main file. */
export function readDatabaseHeader(bytes: Uint8Array): DatabaseHeader {
	if (bytes.byteLength < 100 || new TextDecoder().decode(bytes.subarray(0, 16)) !== 'SQLite format 3\0') {
		throw new SqliteFormatError('not a SQLite 3 database');
	}
	const view = new DataView(bytes.buffer, bytes.byteOffset, 100);
	const raw = view.getUint16(16);
	const pageSize = raw === 1 ? 65536 : raw;
	if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0) {
		throw new SqliteFormatError(`page size ${pageSize} is not one SQLite writes`);
	}
	const encoding = view.getUint32(56);
	if (encoding !== 0 && encoding !== 1) {
		throw new SqliteFormatError('the database is not UTF-8');
	}
	return {pageSize, reserved: bytes[20]!, pages: view.getUint32(28)};
}

export interface SchemaEntry {
	readonly type: 'table' | 'index';
	readonly name: string;
	readonly table: string;
	readonly root: number;
	/** A table's column names, in order (empty for an index). */
	readonly columns: readonly string[];
	/** An index's column names, in order (empty for a table or an automatic index). */
	readonly indexColumns: readonly string[];
}

/** A name as SQL writes it: `name`, "name", [name] or bare. */
function unquote(name: string): string {
	const t = name.trim();
	const q = t[0];
	if ((q === '`' || q === '"') && t.endsWith(q)) {
		return t.slice(1, -1).replaceAll(q + q, q);
	}
	if (q === '[' && t.endsWith(']')) {
		return t.slice(1, -1);
	}
	return t;
}

/** The parts of a parenthesised list at depth one, split on its top-level commas. */
function topLevelParts(sql: string): string[] {
	const open = sql.indexOf('(');
	if (open < 0) {
		return [];
	}
	const parts: string[] = [];
	let depth = 0;
	let quote: string | undefined;
	let start = open + 1;
	for (let i = open + 1; i < sql.length; i++) {
		const c = sql[i]!;
		if (quote !== undefined) {
			if (c === quote) {
				quote = undefined;
			}
			continue;
		}
		if (c === '`' || c === '"' || c === "'" || c === '[') {
			quote = c === '[' ? ']' : c;
		} else if (c === '(') {
			depth++;
		} else if (c === ')') {
			if (depth === 0) {
				parts.push(sql.slice(start, i));
				return parts;
			}
			depth--;
		} else if (c === ',' && depth === 0) {
			parts.push(sql.slice(start, i));
			start = i + 1;
		}
	}
	return parts;
}

const CONSTRAINT = /^(constraint|primary\s+key|unique|check|foreign\s+key)\b/iu;

/** Where the name quoted by `q` at the start of `t` ends: a doubled quote is part of the name. */
function closingQuote(t: string, q: string): number {
	let i = t.indexOf(q, 1);
	while (i > 0 && t[i + 1] === q) {
		i = t.indexOf(q, i + 2);
	}
	return i;
}

/** The first name of a column definition (`\`id\` text PRIMARY KEY` → id). */
function leadingName(part: string): string {
	const t = part.trim();
	const q = t[0];
	const close = q === '`' || q === '"' ? closingQuote(t, q) : q === '[' ? t.indexOf(']') : -1;
	if (close > 0) {
		return unquote(t.slice(0, close + 1));
	}
	return t.split(/\s/u)[0] ?? '';
}

/** A table's column names from its CREATE TABLE statement. */
export function tableColumns(sql: string): string[] {
	return topLevelParts(sql)
		.filter(part => !CONSTRAINT.test(part.trim()))
		.map(leadingName)
		.filter(name => name !== '');
}

/** Every table and index the schema table names. */
export function readSchema(src: PageSource): SchemaEntry[] {
	const entries: SchemaEntry[] = [];
	for (const row of scanTable(src, 1)) {
		const [type, name, table, root, sql] = row.values as [SqliteValue, SqliteValue, SqliteValue, SqliteValue, SqliteValue];
		if ((type !== 'table' && type !== 'index') || typeof name !== 'string' || typeof table !== 'string' || typeof root !== 'number' || root < 1) {
			continue;
		}
		const text = typeof sql === 'string' ? sql : '';
		entries.push({
			type,
			name,
			table,
			root,
			columns: type === 'table' ? tableColumns(text) : [],
			indexColumns: type === 'index' && text !== '' ? tableColumns(text.slice(text.toLowerCase().lastIndexOf(' on '))) : [],
		});
	}
	return entries;
}
