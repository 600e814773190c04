import {createHash} from 'node:crypto';
import {copyFileSync, readdirSync, readFileSync, statSync, symlinkSync, truncateSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {openSqliteSnapshot, type Row, type SqliteSnapshot} from '../../../src/store/sqlite/sqlite-snapshot.js';
import {tempDir} from '../../helpers/tmp.js';

// The samples are SQLite's own files (scripts/opencode-fixtures/make-sqlite-samples.py), and
// expected.json is what SQLite itself read back from them.
const SAMPLES = path.resolve(import.meta.dirname, '../../fixtures/sqlite');
interface Expected {
	readonly samples: Record<string, {readonly rows: unknown[][]; readonly group_g3?: string[]; readonly late?: string}>;
}
const expected = JSON.parse(readFileSync(path.join(SAMPLES, 'expected.json'), 'utf8')) as Expected;

function digest(value: unknown): unknown {
	if (typeof value === 'string' && value.length > 40) {
		return {length: value.length, sha256: createHash('sha256').update(value, 'utf8').digest('hex')};
	}
	return value;
}

const hex = (value: unknown): unknown => (value instanceof Uint8Array ? Buffer.from(value).toString('hex').toUpperCase() : value === null ? '' : value);

// JSON.parse reads 2^62 as the nearest double: a bigint is compared the same way.
function asExpected(rows: readonly Row[]): unknown[][] {
	return rows.map(r => [r.id, r.group_id, typeof r.n === 'bigint' ? Number(r.n) : r.n, r.score, r.data, hex(r.blob)].map(digest));
}

/** A copy of a sample in a temp folder (main file and log), to change or to watch for writes. */
function copySample(name: string): string {
	const dir = tempDir('sqlite-');
	for (const suffix of ['', '-wal']) {
		const from = path.join(SAMPLES, `${name}.db${suffix}`);
		if (statSync(from, {throwIfNoEntry: false}) !== undefined) {
			copyFileSync(from, path.join(dir, `${name}.db${suffix}`));
		}
	}
	return path.join(dir, `${name}.db`);
}

function open(file: string): SqliteSnapshot {
	const r = openSqliteSnapshot(file);
	if (!r.ok) {
		throw new Error(r.problem);
	}
	return r.snapshot;
}

describe('openSqliteSnapshot on what SQLite wrote', () => {
	for (const name of Object.keys(expected.samples)) {
		it(`${name}: every row, as SQLite reads it`, () => {
			const s = open(path.join(SAMPLES, `${name}.db`));
			try {
				const rows = s.rows('item');
				expect(rows.length).toBe(expected.samples[name]!.rows.length);
				expect(asExpected(rows)).toEqual(expected.samples[name]!.rows);
			} finally {
				s.close();
			}
		});
	}

	it('finds rows through an index as SQLite does, the same as a scan', () => {
		const s = open(path.join(SAMPLES, 'wal-only.db'));
		try {
			const byIndex = s.rowsByIndex('item', 'item_group_idx', 'g3')!.map(r => r.id);
			expect(byIndex).toEqual(expected.samples['wal-only']!.group_g3);
			expect(byIndex).toEqual(
				s
					.rows('item')
					.filter(r => r.group_id === 'g3')
					.map(r => r.id),
			);
			expect(s.rowsByIndex('item', 'item_group_idx', 'nope')).toEqual([]);
			expect(s.rowsByIndex('item', 'no_such_index', 'g3')).toBeUndefined();
		} finally {
			s.close();
		}
	});

	it('reads a column added after older rows were written (null in those rows)', () => {
		const s = open(path.join(SAMPLES, 'wal-only.db'));
		try {
			const rows = s.rows('item');
			expect(rows.find(r => r.id === 'it_late')!.late).toBe(expected.samples['wal-only']!.late);
			expect(rows.find(r => r.id === 'it_0001')!.late).toBeNull();
			expect(s.columns('item')).toEqual(['id', 'group_id', 'n', 'score', 'data', 'blob', 'late']);
		} finally {
			s.close();
		}
	});

	it('rows still in the log are read: the main file alone has none of them', () => {
		const file = copySample('wal-only');
		const withLog = open(file);
		expect(withLog.rows('item').length).toBeGreaterThan(100);
		withLog.close();
		writeFileSync(`${file}-wal`, '');
		const without = open(file);
		expect(without.rows('item')).toEqual([]);
		without.close();
	});

	it('a transaction torn at the end of the log is not read, those before it are', () => {
		const file = copySample('wal-only');
		truncateSync(`${file}-wal`, statSync(`${file}-wal`).size - 100);
		const s = open(file);
		try {
			const ids = s.rows('item').map(r => r.id);
			const all = expected.samples['wal-only']!.rows.map(r => r[0]);
			expect(ids).toEqual(all.slice(0, -1));
		} finally {
			s.close();
		}
	});

	it('writes nothing, creates no -shm, takes no lock: the folder is as it was', () => {
		const file = copySample('wal-only');
		const dir = path.dirname(file);
		const before = readdirSync(dir).map(f => [f, statSync(path.join(dir, f)).mtimeMs, statSync(path.join(dir, f)).size]);
		const s = open(file);
		s.rows('item');
		s.close();
		expect(readdirSync(dir).map(f => [f, statSync(path.join(dir, f)).mtimeMs, statSync(path.join(dir, f)).size])).toEqual(before);
	});
});

describe('openSqliteSnapshot on what is not a sound database', () => {
	it('refuses a file that is not SQLite, a missing one, and a symbolic link', () => {
		const dir = tempDir('sqlite-');
		writeFileSync(path.join(dir, 'text.db'), 'hello, this is not a database at all; it is long enough to have a header'.repeat(3));
		const problem = (file: string): string => {
			const r = openSqliteSnapshot(path.join(dir, file));
			return r.ok ? 'opened' : r.problem;
		};
		expect(problem('text.db')).toContain('not a SQLite 3 database');
		expect(problem('none.db')).toContain('file is gone');
		symlinkSync(path.join(SAMPLES, 'checkpointed.db'), path.join(dir, 'link.db'));
		expect(problem('link.db')).toContain('symbolic link');
	});

	it('a b-tree page that points at itself ends in an error, never a loop', () => {
		const file = copySample('checkpointed');
		const bytes = readFileSync(file);
		// Find an interior table page (type 0x05) and point its right-most child at itself.
		let patched = false;
		for (let page = 2; page * 4096 <= bytes.length && !patched; page++) {
			const at = (page - 1) * 4096;
			if (bytes[at] === 0x05) {
				bytes.writeUInt32BE(page, at + 8);
				patched = true;
			}
		}
		expect(patched).toBe(true);
		writeFileSync(file, bytes);
		const s = open(file);
		try {
			expect(() => s.rows('item')).toThrow(/deeper than any SQLite writes|reached twice|not a/u);
		} finally {
			s.close();
		}
	});

	it('a cell pointer past its page, or a page number past the file, is an error', () => {
		const file = copySample('checkpointed');
		const bytes = readFileSync(file);
		let page = 2;
		while (bytes[(page - 1) * 4096] !== 0x0d) {
			page++;
		}
		const at = (page - 1) * 4096;
		bytes.writeUInt16BE(0xfff0, at + 8); // the first cell pointer
		writeFileSync(file, bytes);
		const s = open(file);
		try {
			expect(() => s.rows('item')).toThrow(/outside its page|runs past/u);
		} finally {
			s.close();
		}
	});
});
