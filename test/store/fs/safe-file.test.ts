import {execFileSync} from 'node:child_process';
import {chmodSync, mkdirSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {openRegularFile, readRegularFile, readRegularText} from '../../../src/store/fs/safe-file.js';
import {tempDir} from '../../helpers/tmp.js';

describe('readRegularFile', () => {
	it('reads a regular file', () => {
		const dir = tempDir();
		writeFileSync(path.join(dir, 'a.json'), '{"x":1}');
		const r = readRegularText(path.join(dir, 'a.json'), {maxBytes: 1024});
		expect(r).toMatchObject({ok: true, text: '{"x":1}', truncated: false});
	});

	it('refuses a FIFO at once instead of blocking', () => {
		const dir = tempDir();
		const fifo = path.join(dir, 'trap.json');
		execFileSync('mkfifo', [fifo]);
		const started = Date.now();
		expect(readRegularFile(fifo, {maxBytes: 1024})).toMatchObject({ok: false, reason: 'not-regular'});
		expect(openRegularFile(fifo)).toMatchObject({ok: false, reason: 'not-regular'});
		expect(Date.now() - started).toBeLessThan(5000);
	});

	it('refuses a symlink to a FIFO even when following symlinks', () => {
		const dir = tempDir();
		execFileSync('mkfifo', [path.join(dir, 'fifo')]);
		symlinkSync(path.join(dir, 'fifo'), path.join(dir, 'link.json'));
		expect(readRegularFile(path.join(dir, 'link.json'), {maxBytes: 10, followSymlinks: true})).toMatchObject({ok: false, reason: 'not-regular'});
	});

	it('refuses a symlink unless asked to follow, then reads its target', () => {
		const dir = tempDir();
		writeFileSync(path.join(dir, 'target'), 'hello');
		symlinkSync(path.join(dir, 'target'), path.join(dir, 'link'));
		expect(readRegularFile(path.join(dir, 'link'), {maxBytes: 10})).toMatchObject({ok: false, reason: 'symlink'});
		expect(readRegularText(path.join(dir, 'link'), {maxBytes: 10, followSymlinks: true})).toMatchObject({ok: true, text: 'hello'});
	});

	it('refuses a folder and reports a missing file as missing', () => {
		const dir = tempDir();
		mkdirSync(path.join(dir, 'd.json'));
		expect(readRegularFile(path.join(dir, 'd.json'), {maxBytes: 10})).toMatchObject({ok: false, reason: 'not-regular', message: 'is a folder'});
		expect(readRegularFile(path.join(dir, 'none.json'), {maxBytes: 10})).toMatchObject({ok: false, reason: 'missing'});
	});

	it('fails past the bound, or truncates when asked', () => {
		const dir = tempDir();
		writeFileSync(path.join(dir, 'big'), 'x'.repeat(100));
		expect(readRegularFile(path.join(dir, 'big'), {maxBytes: 10})).toMatchObject({ok: false, reason: 'too-large'});
		const r = readRegularText(path.join(dir, 'big'), {maxBytes: 10, overflow: 'truncate'});
		expect(r).toMatchObject({ok: true, text: 'x'.repeat(10), truncated: true});
	});

	it.skipIf(process.getuid?.() === 0)('reports an unreadable file', () => {
		const dir = tempDir();
		writeFileSync(path.join(dir, 'secret'), 'x');
		chmodSync(path.join(dir, 'secret'), 0);
		expect(readRegularFile(path.join(dir, 'secret'), {maxBytes: 10})).toMatchObject({ok: false, reason: 'unreadable'});
	});
});
