// Reading another program's SQLite database without SQLite: the main file and its write-ahead log,
// by positioned reads, as one consistent committed state (core/sqlite). Nothing is written, locked
// or created: no -shm file is touched, no lock taken, so the program that owns the database never
// waits on agentlog and never sees it. Committed rows still in the log are read (a database in WAL
// mode keeps its newest rows there). Only regular files are opened; the log is read up to
// MAX_WAL_BYTES, past which the rest is left unread and `walCut` says so.
import {closeSync, fstatSync} from 'node:fs';
import {indexEntries, scanTable, tableRow, type PageSource} from '../../core/sqlite/btree.js';
import {SqliteFormatError, type SqliteValue} from '../../core/sqlite/record.js';
import {readDatabaseHeader, readSchema, type SchemaEntry} from '../../core/sqlite/schema.js';
import {indexWal, readWalHeader, WAL_FRAME_HEADER_BYTES, WAL_HEADER_BYTES, type WalIndex} from '../../core/sqlite/wal.js';
import {openRegularFile} from '../fs/safe-file.js';
import {readFull} from '../fs/read-full.js';

/** The most of a log read (SQLite checkpoints at about 4 MB by default). */
export const MAX_WAL_BYTES = 256 * 1024 * 1024;
/** The most pages kept in memory by one snapshot. */
const CACHE_PAGES = 4096;

export type Row = Readonly<Record<string, SqliteValue>>;

export interface SqliteSnapshot {
	/** Every row of a table, as column name → value; [] for a table the database does not have. */
	rows(table: string): Row[];
	/** The rows of `table` whose entry in `index` starts with the text `key`; undefined when there is no such index. */
	rowsByIndex(table: string, index: string, key: string): Row[] | undefined;
	/** The table's column names ([] when it is missing). */
	columns(table: string): readonly string[];
	/** True when the log was larger than MAX_WAL_BYTES and its end was not read. */
	readonly walCut: boolean;
	close(): void;
}

export type SnapshotResult = {readonly ok: true; readonly snapshot: SqliteSnapshot} | {readonly ok: false; readonly problem: string};

/**
 * The last logs indexed, by what they were when indexed (inode, size, write time, header with its
 * salts): a log read again unchanged (the newest-session rule, then the whole read, in one run) is
 * not walked and checksummed again. A log that is reset gets new salts; one that grows, a new size.
 */
const walIndexes = new Map<string, WalIndex | undefined>();
const WAL_INDEXES_KEPT = 4;

function readWal(
	file: string,
	pageSize: number,
	maxBytes: number,
): {readonly fd: number | undefined; readonly index: WalIndex | undefined; readonly cut: boolean} {
	const opened = openRegularFile(file);
	if (!opened.ok) {
		return {fd: undefined, index: undefined, cut: false};
	}
	const fd = opened.fd;
	const size = opened.stats.size;
	const head = new Uint8Array(WAL_HEADER_BYTES);
	if (readFull(fd, head, 0) < WAL_HEADER_BYTES) {
		return {fd, index: undefined, cut: false};
	}
	const header = readWalHeader(head);
	if (header === undefined || header.pageSize !== pageSize) {
		return {fd, index: undefined, cut: false};
	}
	const {ino, mtimeMs} = opened.stats;
	const key = `${file}\0${ino}:${size}:${mtimeMs}:${pageSize}:${maxBytes}:${Buffer.from(head).toString('hex')}`;
	if (walIndexes.has(key)) {
		return {fd, index: walIndexes.get(key), cut: size > maxBytes};
	}
	const frameBytes = WAL_FRAME_HEADER_BYTES + pageSize;
	const readable = Math.min(size, maxBytes);
	const frame = new Uint8Array(frameBytes);
	const index = indexWal(header, i => {
		const at = WAL_HEADER_BYTES + i * frameBytes;
		if (at + frameBytes > readable) {
			return undefined;
		}
		return readFull(fd, frame, at) === frameBytes ? frame : undefined;
	});
	if (walIndexes.size >= WAL_INDEXES_KEPT) {
		walIndexes.delete(walIndexes.keys().next().value!);
	}
	walIndexes.set(key, index);
	return {fd, index, cut: size > maxBytes};
}

/**
 * Opens the database at `file` (and `file`-wal beside it) as one snapshot. The caller closes it;
 * a snapshot reads pages lazily, so it sees the files as they are while it is open: read what you
 * need, then close it (the log's committed frames are fixed when it opens).
 */
export function openSqliteSnapshot(file: string, options: {readonly maxWalBytes?: number} = {}): SnapshotResult {
	const opened = openRegularFile(file);
	if (!opened.ok) {
		return {ok: false, problem: `${file}: ${opened.message}`};
	}
	const fd = opened.fd;
	let walFd: number | undefined;
	try {
		const first = new Uint8Array(100);
		if (readFull(fd, first, 0) < 100) {
			throw new SqliteFormatError('not a SQLite 3 database');
		}
		const header = readDatabaseHeader(first);
		const wal = readWal(`${file}-wal`, header.pageSize, options.maxWalBytes ?? MAX_WAL_BYTES);
		walFd = wal.fd;
		const filePages = Math.floor(fstatSync(fd).size / header.pageSize);
		const pages = wal.index?.dbPages ?? Math.max(header.pages, filePages);
		const cache = new Map<number, Uint8Array>();
		const src: PageSource = {
			pageSize: header.pageSize,
			usable: header.pageSize - header.reserved,
			pages,
			page(n) {
				const hit = cache.get(n);
				if (hit !== undefined) {
					return hit;
				}
				const bytes = new Uint8Array(header.pageSize);
				const inWal = wal.index?.pages.get(n);
				const got = inWal !== undefined && walFd !== undefined ? readFull(walFd, bytes, inWal) : readFull(fd, bytes, (n - 1) * header.pageSize);
				if (got !== header.pageSize) {
					throw new SqliteFormatError(`page ${n} is missing from the file`);
				}
				if (cache.size >= CACHE_PAGES) {
					cache.clear();
				}
				cache.set(n, bytes);
				return bytes;
			},
		};
		const schema = readSchema(src);
		const table = (name: string): SchemaEntry | undefined => schema.find(e => e.type === 'table' && e.name === name);
		const toRow = (entry: SchemaEntry, rowid: number, values: SqliteValue[]): Row => {
			const row: Record<string, SqliteValue> = Object.create(null) as Record<string, SqliteValue>;
			entry.columns.forEach((column, i) => {
				// A column added after the row was written is not in its record: its default, null here.
				row[column] = values[i] ?? null;
			});
			row['rowid'] ??= rowid;
			return row;
		};
		let closed = false;
		return {
			ok: true,
			snapshot: {
				walCut: wal.cut,
				columns: name => table(name)?.columns ?? [],
				rows(name) {
					const entry = table(name);
					if (entry === undefined) {
						return [];
					}
					const out: Row[] = [];
					for (const row of scanTable(src, entry.root)) {
						out.push(toRow(entry, row.rowid, row.values));
					}
					return out;
				},
				rowsByIndex(name, indexName, key) {
					const entry = table(name);
					const index = schema.find(e => e.type === 'index' && e.name === indexName && e.table === name);
					if (entry === undefined || index === undefined) {
						return undefined;
					}
					const out: Row[] = [];
					for (const values of indexEntries(src, index.root, key)) {
						const rowid = values.at(-1);
						if (typeof rowid !== 'number') {
							continue;
						}
						const row = tableRow(src, entry.root, rowid);
						if (row !== undefined) {
							out.push(toRow(entry, row.rowid, row.values));
						}
					}
					return out;
				},
				close() {
					if (closed) {
						return;
					}
					closed = true;
					closeSync(fd);
					if (walFd !== undefined) {
						closeSync(walFd);
					}
				},
			},
		};
	} catch (error) {
		closeSync(fd);
		if (walFd !== undefined) {
			closeSync(walFd);
		}
		return {ok: false, problem: `${file}: ${error instanceof Error ? error.message : String(error)}`};
	}
}
