import {spawnSync} from 'node:child_process';
import {existsSync, lstatSync, readdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {openAtomicStream, TargetExistsError, TargetNotFileError} from '../../../src/store/fs/atomic-stream.js';
import {tempDir} from '../../helpers/tmp.js';

describe('openAtomicStream', () => {
	it('nothing is at the name until commit; then the whole text, and no temp file left', () => {
		const dir = tempDir();
		const file = path.join(dir, 'out.csv');
		const out = openAtomicStream(file);
		out.write('a,b\n');
		out.write('é,☃\n');
		expect(existsSync(file)).toBe(false);
		out.commit();
		out.abort();
		expect(readFileSync(file, 'utf8')).toBe('a,b\né,☃\n');
		expect(readdirSync(dir)).toEqual(['out.csv']);
	});

	it('abort removes the temp file and makes nothing', () => {
		const dir = tempDir();
		const out = openAtomicStream(path.join(dir, 'out.csv'));
		out.write('half');
		out.abort();
		expect(readdirSync(dir)).toEqual([]);
	});

	it('a file or link that appears at the name while writing is not replaced (no overwrite)', () => {
		const dir = tempDir();
		const file = path.join(dir, 'out.csv');
		const out = openAtomicStream(file);
		out.write('new');
		writeFileSync(file, 'theirs');
		expect(() => out.commit()).toThrow(TargetExistsError);
		expect(readFileSync(file, 'utf8')).toBe('theirs');
		expect(readdirSync(dir)).toEqual(['out.csv']);

		const target = path.join(dir, 'target');
		const link = path.join(dir, 'link.csv');
		const second = openAtomicStream(link);
		second.write('new');
		symlinkSync(target, link);
		expect(() => second.commit()).toThrow(TargetExistsError);
		expect(existsSync(target)).toBe(false);
	});

	it('with overwrite, anything but a regular file at the name (a link, a FIFO) is refused at commit, untouched, no temp left', () => {
		const dir = tempDir();
		const target = path.join(dir, 'target');
		writeFileSync(target, 'precious');
		const link = path.join(dir, 'link.csv');
		const out = openAtomicStream(link, {overwrite: true});
		out.write('new');
		// Put there after the stream was opened: the check right before the rename still sees it.
		symlinkSync(target, link);
		expect(() => out.commit()).toThrow(TargetNotFileError);
		out.abort();
		expect(readlinkSync(link)).toBe(target);
		expect(readFileSync(target, 'utf8')).toBe('precious');
		const fifo = path.join(dir, 'fifo');
		expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
		const toFifo = openAtomicStream(fifo, {overwrite: true});
		toFifo.write('new');
		expect(() => toFifo.commit()).toThrow(/is not a regular file/);
		expect(lstatSync(fifo).isFIFO()).toBe(true);
		expect(readdirSync(dir).sort()).toEqual(['fifo', 'link.csv', 'target']);
	});

	it('with overwrite, a regular file at the name is replaced', () => {
		const dir = tempDir();
		const file = path.join(dir, 'out.csv');
		writeFileSync(file, 'old');
		const out = openAtomicStream(file, {overwrite: true});
		out.write('new');
		out.commit();
		expect(readFileSync(file, 'utf8')).toBe('new');
		expect(readdirSync(dir)).toEqual(['out.csv']);
	});
});
