// A full disk (ENOSPC on write) leaves no empty temp or lock file behind: the hook's atomic
// writes, its locks and the daily prune's stamp remove what they created when the write fails.
import * as fs from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {tempDir} from '../../helpers/tmp.js';

// writeSync fails with ENOSPC while `full` is set, as on a full disk (the file was created: an
// inode was free, a data block was not).
const disk = vi.hoisted(() => ({full: false}));
vi.mock('node:fs', async importOriginal => {
	const real = await importOriginal<typeof fs>();
	const writeSync = ((...args: Parameters<typeof real.writeSync>) => {
		if (disk.full) {
			throw Object.assign(new Error('ENOSPC: no space left on device, write'), {code: 'ENOSPC', errno: -28, syscall: 'write'});
		}
		return (real.writeSync as (...a: unknown[]) => number)(...args);
	}) as typeof real.writeSync;
	return {...real, writeSync, default: {...real, writeSync}};
});

const {writeAtomic, writeNewFile} = await import('../../../src/store/fs/atomic-write.js');
const {acquireLock, tryLock} = await import('../../../src/store/hook/lock.js');
const {claimDailyPrune, PRUNE_STAMP_NAME} = await import('../../../src/store/history/daily-prune.js');
const {openAtomicStream} = await import('../../../src/store/fs/atomic-stream.js');

afterEach(() => {
	disk.full = false;
});

describe('on a full disk', () => {
	it('writeAtomic throws ENOSPC and leaves neither a temp file nor a changed target', () => {
		const dir = tempDir();
		const file = path.join(dir, 'a1.json');
		fs.writeFileSync(file, 'old');
		disk.full = true;
		expect(() => writeAtomic(file, 'new')).toThrow(/ENOSPC/);
		expect(fs.readdirSync(dir)).toEqual(['a1.json']);
		expect(fs.readFileSync(file, 'utf8')).toBe('old');
	});

	it('writeNewFile removes the file it created; one that existed is never touched', () => {
		const dir = tempDir();
		disk.full = true;
		expect(() => writeNewFile(path.join(dir, 'x'), 'text')).toThrow(/ENOSPC/);
		expect(fs.readdirSync(dir)).toEqual([]);
		fs.writeFileSync(path.join(dir, 'y'), 'theirs');
		expect(() => writeNewFile(path.join(dir, 'y'), 'text')).toThrow(/EEXIST/);
		expect(fs.readFileSync(path.join(dir, 'y'), 'utf8')).toBe('theirs');
	});

	it('a lock whose content could not be written is removed, not left empty (and not held)', () => {
		const dir = tempDir();
		const lock = path.join(dir, '.a1.lock');
		disk.full = true;
		expect(() => tryLock(lock)).toThrow(/ENOSPC/);
		expect(() => acquireLock(lock, 10)).toThrow(/ENOSPC/);
		expect(fs.readdirSync(dir)).toEqual([]);
		disk.full = false;
		expect(tryLock(lock)).toBeDefined();
	});

	it('the daily prune’s claim leaves no lock and no stamp temp file', () => {
		const activity = tempDir();
		disk.full = true;
		expect(() => claimDailyPrune(activity, Date.now())).toThrow(/ENOSPC/);
		expect(fs.readdirSync(activity)).toEqual([]);
		disk.full = false;
		expect(claimDailyPrune(activity, Date.now())).toBe(true);
		expect(fs.readdirSync(activity)).toEqual([PRUNE_STAMP_NAME]);
	});

	it('export’s stream leaves no temp file when a write fails and it is aborted', () => {
		const dir = tempDir();
		const out = openAtomicStream(path.join(dir, 'out.csv'));
		disk.full = true;
		expect(() => out.write('a,b\n')).toThrow(/ENOSPC/);
		out.abort();
		expect(fs.readdirSync(dir)).toEqual([]);
	});
});
