import {existsSync, lstatSync, mkdirSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {removeFile, removeIfPresent} from '../../../src/store/fs/errors.js';
import {tempDir} from '../../helpers/tmp.js';

describe.each([
	['removeFile', removeFile],
	['removeIfPresent', removeIfPresent],
])('%s', (_name, remove) => {
	it('removes a file, and a link at the name (never what it points to); nothing there is fine', () => {
		const dir = tempDir('remove-');
		const file = path.join(dir, 'marker.json');
		writeFileSync(file, '{}');
		remove(file);
		expect(existsSync(file)).toBe(false);
		remove(file);
		const target = path.join(dir, 'target');
		writeFileSync(target, 'keep');
		const link = path.join(dir, 'link');
		symlinkSync(target, link);
		remove(link);
		expect(lstatSync(link, {throwIfNoEntry: false})).toBeUndefined();
		expect(existsSync(target)).toBe(true);
		const dangling = path.join(dir, 'dangling');
		symlinkSync(path.join(dir, 'gone'), dangling);
		remove(dangling);
		expect(lstatSync(dangling, {throwIfNoEntry: false})).toBeUndefined();
	});

	it('throws for what it cannot remove (a folder)', () => {
		const dir = path.join(tempDir('remove-'), 'folder');
		mkdirSync(dir);
		expect(() => remove(dir)).toThrow();
	});
});
