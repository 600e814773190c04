#!/usr/bin/env python3
"""Makes the small SQLite databases under test/fixtures/sqlite/ that test agentlog's own reader of
SQLite files (src/core/sqlite, src/store/sqlite) against what SQLite itself writes. Not part of
`npm test` (which only reads the committed files); run it with any Python 3:

    python3 scripts/opencode-fixtures/make-sqlite-samples.py

Each sample is copied while its connection is still open, so its write-ahead log (-wal) is kept as
SQLite left it (closing the last connection would checkpoint the log into the main file and remove
it). `expected.json` says what each holds, as SQLite itself reads it back.
"""
import hashlib, json, os, shutil, sqlite3, tempfile

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'test', 'fixtures', 'sqlite')

def text(i, n):
    # Deterministic text of n characters, with some non-ASCII so UTF-8 is exercised.
    base = f'row {i} · é ✓ '
    return (base * (n // len(base) + 1))[:n]

def make(name, page_size, build):
    tmp = tempfile.mkdtemp()
    db = os.path.join(tmp, 'sample.db')
    con = sqlite3.connect(db, isolation_level=None)
    con.execute(f'PRAGMA page_size={page_size}')
    con.execute('PRAGMA journal_mode=wal')
    con.execute('PRAGMA wal_autocheckpoint=0')
    expected = build(con)
    os.makedirs(OUT, exist_ok=True)
    for suffix in ('', '-wal'):
        src = db + suffix
        dst = os.path.join(OUT, name + '.db' + suffix)
        if os.path.exists(src):
            shutil.copyfile(src, dst)
        elif os.path.exists(dst):
            os.remove(dst)
    con.close()
    shutil.rmtree(tmp)
    return expected

SCHEMA = '''CREATE TABLE `item` (
  `id` text PRIMARY KEY,
  `group_id` text NOT NULL,
  `n` integer NOT NULL,
  `score` real,
  `data` text NOT NULL,
  `blob` blob,
  CONSTRAINT `fk` FOREIGN KEY (`group_id`) REFERENCES `grp`(`id`)
)'''

def digest(value):
    # A long text is checked by its length and SHA-256, so expected.json stays small.
    if isinstance(value, str) and len(value) > 40:
        return {'length': len(value), 'sha256': hashlib.sha256(value.encode('utf-8')).hexdigest()}
    return value

def rows_of(con):
    return [[digest(v) for v in r] for r in con.execute('SELECT id, group_id, n, score, data, hex(blob) FROM item ORDER BY rowid')]

def wal_only(con):
    # Everything after the schema stays in the log: the main file has only what a checkpoint put there.
    con.execute(SCHEMA)
    con.execute('CREATE INDEX `item_group_idx` ON `item` (`group_id`)')
    con.execute('PRAGMA wal_checkpoint(TRUNCATE)')
    for i in range(120):
        size = [10, 500, 3000, 12000][i % 4]  # on-page, near the limit, one and many overflow pages
        con.execute('INSERT INTO item VALUES (?,?,?,?,?,?)', (f'it_{i:04d}', f'g{i % 7}', [0, 1, -1, 127, -128, 32767, -40000, 2**40, -(2**40), 2**62][i % 10], (i / 3) if i % 5 else None, text(i, size), bytes([i % 256, 0, 255]) if i % 3 == 0 else None))
    con.execute("UPDATE item SET data = 'changed' WHERE id = 'it_0005'")
    con.execute("DELETE FROM item WHERE id = 'it_0006'")
    con.execute('ALTER TABLE item ADD COLUMN `late` text')
    con.execute("INSERT INTO item (id, group_id, n, data, late) VALUES ('it_late', 'g1', 5, 'x', 'added later')")
    return {'rows': rows_of(con), 'group_g3': [r[0] for r in con.execute("SELECT id FROM item WHERE group_id = 'g3' ORDER BY group_id, rowid")], 'late': con.execute("SELECT late FROM item WHERE id='it_late'").fetchone()[0]}

def checkpointed(con):
    # The same rows, all checkpointed into the main file: no log.
    expected = wal_only(con)
    con.execute('PRAGMA wal_checkpoint(TRUNCATE)')
    return expected

def big_pages(con):
    con.execute(SCHEMA)
    for i in range(4):
        con.execute('INSERT INTO item VALUES (?,?,?,?,?,?)', (f'big_{i}', 'g', i, 0.5, text(i, 100000), None))
    return {'rows': rows_of(con)}

def main():
    expected = {
        'wal-only': make('wal-only', 4096, wal_only),
        'checkpointed': make('checkpointed', 4096, checkpointed),
        'big-pages': make('big-pages', 65536, big_pages),
        'small-pages': make('small-pages', 512, wal_only),
    }
    with open(os.path.join(OUT, 'expected.json'), 'w') as f:
        json.dump({'sqlite': sqlite3.sqlite_version, 'samples': expected}, f, ensure_ascii=False)
        f.write('\n')

main()
