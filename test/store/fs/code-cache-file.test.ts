// A V8 code cache beside a bundle: read only as a plain file of sane size, written through a temp
// file renamed into place, older caches removed; never a throw.
import {existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, truncateSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {MAX_CODE_CACHE_BYTES, readCodeCache, writeCodeCache} from '../../../src/store/fs/code-cache-file.js';
import {tempDir} from '../../helpers/tmp.js';
import {runIsolated} from '../../helpers/isolated.js';
import {execFileSync} from 'node:child_process';

describe('readCodeCache', () => {
	it('reads a plain file whole', () => {
		const file = path.join(tempDir('cc-'), 'hook.v8cache');
		writeFileSync(file, Buffer.from([1, 2, 3, 4]));
		expect(readCodeCache(file)).toEqual(Buffer.from([1, 2, 3, 4]));
	});

	it('is nothing for a missing, empty or oversized file, a folder or a symlink', () => {
		const dir = tempDir('cc-');
		expect(readCodeCache(path.join(dir, 'missing'))).toBeUndefined();
		writeFileSync(path.join(dir, 'empty'), '');
		expect(readCodeCache(path.join(dir, 'empty'))).toBeUndefined();
		writeFileSync(path.join(dir, 'huge'), '');
		truncateSync(path.join(dir, 'huge'), MAX_CODE_CACHE_BYTES + 1);
		expect(readCodeCache(path.join(dir, 'huge'))).toBeUndefined();
		mkdirSync(path.join(dir, 'folder'));
		expect(readCodeCache(path.join(dir, 'folder'))).toBeUndefined();
		writeFileSync(path.join(dir, 'real'), 'data');
		symlinkSync(path.join(dir, 'real'), path.join(dir, 'link'));
		expect(readCodeCache(path.join(dir, 'link'))).toBeUndefined();
	});

	it('never blocks on a FIFO', () => {
		const fifo = path.join(tempDir('cc-fifo-'), 'hook.v8cache');
		execFileSync('mkfifo', [fifo]);
		const r = runIsolated(`import {readCodeCache} from './src/store/fs/code-cache-file.js'; emit(readCodeCache(${JSON.stringify(fifo)}) === undefined);`);
		expect(r.timedOut).toBe(false);
		expect(r.value).toBe(true);
	});
});

describe('writeCodeCache', () => {
	it('writes the cache and removes only the older ones it is told of', () => {
		const dir = tempDir('cc-');
		for (const name of ['hook-1.v8cache', 'hook-2.v8cache', 'other.txt']) {
			writeFileSync(path.join(dir, name), 'old');
		}
		writeCodeCache(path.join(dir, 'hook-3.v8cache'), Buffer.from('new'), name => name.startsWith('hook-'));
		expect(readdirSync(dir).sort()).toEqual(['hook-3.v8cache', 'other.txt']);
		expect(readFileSync(path.join(dir, 'hook-3.v8cache'), 'utf8')).toBe('new');
	});

	it('replaces a cache of the same name, leaving no temp file', () => {
		const dir = tempDir('cc-');
		const file = path.join(dir, 'cli.v8cache');
		writeCodeCache(file, Buffer.from('one'), () => false);
		writeCodeCache(file, Buffer.from('two'), () => false);
		expect(readFileSync(file, 'utf8')).toBe('two');
		expect(readdirSync(dir)).toEqual(['cli.v8cache']);
	});

	it('a folder that is not there: nothing written, nothing thrown', () => {
		const file = path.join(tempDir('cc-'), 'gone', 'cli.v8cache');
		expect(() => writeCodeCache(file, Buffer.from('x'), () => true)).not.toThrow();
		expect(existsSync(file)).toBe(false);
	});

	it('a folder where the cache should be: the temp file is removed', () => {
		const dir = tempDir('cc-');
		mkdirSync(path.join(dir, 'cli.v8cache'));
		writeFileSync(path.join(dir, 'cli.v8cache', 'inside'), 'x');
		expect(() => writeCodeCache(path.join(dir, 'cli.v8cache'), Buffer.from('x'), () => true)).not.toThrow();
		expect(readdirSync(dir)).toEqual(['cli.v8cache']);
	});
});
