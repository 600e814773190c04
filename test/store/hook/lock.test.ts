// The hook's file helpers on their own: O_EXCL temp files and lock files, stale-lock recovery.
import {lstatSync, readdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {acquireLock, hostName, releaseLock, STALE_MS, tryLock} from '../../../src/store/hook/lock.js';
import {writeAtomic} from '../../../src/store/fs/atomic-write.js';
import {tempDir} from '../../helpers/tmp.js';

describe('writeAtomic', () => {
	it('never writes through a link planted at its temp name: it takes another name', () => {
		const dir = tempDir();
		const victim = path.join(tempDir(), 'victim.txt');
		writeFileSync(victim, 'precious');
		symlinkSync(victim, path.join(dir, '.planted.tmp'));
		const names = ['.planted.tmp', '.fresh.tmp'];
		writeAtomic(path.join(dir, 'a1.json'), 'new text', () => names.shift() ?? '.other.tmp');
		expect(readFileSync(victim, 'utf8')).toBe('precious');
		expect(readFileSync(path.join(dir, 'a1.json'), 'utf8')).toBe('new text');
		expect(readdirSync(dir).sort()).toEqual(['.planted.tmp', 'a1.json']);
	});

	it('replaces a link at the file itself, not its target', () => {
		const dir = tempDir();
		const victim = path.join(tempDir(), 'victim.txt');
		writeFileSync(victim, 'precious');
		symlinkSync(victim, path.join(dir, 'a1.json'));
		writeAtomic(path.join(dir, 'a1.json'), 'new text');
		expect(readFileSync(victim, 'utf8')).toBe('precious');
		expect(lstatSync(path.join(dir, 'a1.json')).isFile()).toBe(true);
	});
});

describe('hook locks', () => {
	it('gives a lock to one holder at a time, and releases it', () => {
		const file = path.join(tempDir(), '.a1.lock');
		const first = tryLock(file);
		expect(first).toBeDefined();
		expect(tryLock(file)).toBeUndefined();
		releaseLock(first!);
		const second = tryLock(file);
		expect(second).toBeDefined();
		releaseLock(second!);
		expect(readdirSync(path.dirname(file))).toEqual([]);
	});

	it('writes pid, time and host into the lock, the host being os.hostname()', () => {
		expect(hostName()).toBe(os.hostname());
		const file = path.join(tempDir(), '.a1.lock');
		const lock = tryLock(file, 1234)!;
		expect(readFileSync(file, 'utf8')).toBe(`${process.pid} 1234 ${os.hostname()}`);
		releaseLock(lock);
	});

	it('waits a bounded time, then gives up', () => {
		const file = path.join(tempDir(), '.a1.lock');
		const held = tryLock(file)!;
		const t0 = Date.now();
		expect(acquireLock(file, 50)).toBeUndefined();
		expect(Date.now() - t0).toBeLessThan(1000);
		releaseLock(held);
	});

	it('breaks a lock older than the stale age, or one whose process is gone', () => {
		const dir = tempDir();
		const old = path.join(dir, '.old.lock');
		writeFileSync(old, `${process.pid} 0 somewhere`);
		const t = new Date(Date.now() - STALE_MS - 1000);
		utimesSync(old, t, t);
		expect(tryLock(old)).toBeDefined();
		const dead = path.join(dir, '.dead.lock');
		// A pid above the kernel's largest cannot be running.
		writeFileSync(dead, `${2 ** 22 + 1} ${Date.now()} ${os.hostname()}`);
		expect(tryLock(dead)).toBeDefined();
		const alive = path.join(dir, '.alive.lock');
		writeFileSync(alive, `${process.pid} ${Date.now()} ${os.hostname()}`);
		expect(tryLock(alive)).toBeUndefined();
	});

	it('does not remove a lock that is no longer its own', () => {
		const file = path.join(tempDir(), '.a1.lock');
		const mine = tryLock(file)!;
		// Broken as stale by another process, which now holds a lock of its own.
		const t = new Date(Date.now() - STALE_MS - 1000);
		utimesSync(file, t, t);
		const theirs = tryLock(file);
		expect(theirs).toBeDefined();
		releaseLock(mine);
		expect(lstatSync(file).isFile()).toBe(true);
		releaseLock(theirs!);
	});
});
