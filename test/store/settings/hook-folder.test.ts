// The hook's folder as install-hook and uninstall-hook see it, and a settings file removed only
// when it still holds the bytes read.
import {existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {codeCaches, isRegularFile, pathExists, putBack, removeFiles, removeIfEmpty} from '../../../src/store/settings/hook-folder.js';
import {readSettingsFile} from '../../../src/store/settings/hook-files.js';
import {removeIfUnchanged} from '../../../src/store/settings/settings-remove.js';
import {tempDir} from '../../helpers/tmp.js';

describe('the hook folder', () => {
	it("lists the hook's code caches as regular files only, never a link", () => {
		const dir = tempDir('hooks-');
		writeFileSync(path.join(dir, '.agent-spy-0123abcd.v8cache'), 'x');
		writeFileSync(path.join(dir, '.agent-spy-nothex.v8cache'), 'x');
		writeFileSync(path.join(dir, 'agent-spy.cjs'), 'x');
		symlinkSync(path.join(dir, 'agent-spy.cjs'), path.join(dir, '.agent-spy-4567.v8cache'));
		expect(codeCaches(dir)).toEqual([path.join(dir, '.agent-spy-0123abcd.v8cache')]);
		expect(codeCaches(path.join(dir, 'missing'))).toEqual([]);
	});

	it('removes files and an emptied folder, keeps a folder with other files, puts a backup back', () => {
		const dir = tempDir('hooks-');
		const hooks = path.join(dir, 'hooks');
		mkdirSync(hooks);
		writeFileSync(path.join(hooks, 'a'), 'a');
		writeFileSync(path.join(hooks, 'other'), 'o');
		removeFiles([path.join(hooks, 'a'), path.join(hooks, 'gone')]);
		removeIfEmpty(hooks);
		expect(pathExists(hooks)).toBe(true);
		putBack(path.join(hooks, 'other'), path.join(hooks, 'launcher'));
		expect(readFileSync(path.join(hooks, 'launcher'), 'utf8')).toBe('o');
		expect(isRegularFile(path.join(hooks, 'launcher'))).toBe(true);
		expect(isRegularFile(hooks)).toBe(false);
		removeFiles([path.join(hooks, 'launcher')]);
		removeIfEmpty(hooks);
		expect(pathExists(hooks)).toBe(false);
	});
});

describe('removeIfUnchanged', () => {
	it('removes a settings file that still holds the bytes read', () => {
		const file = path.join(tempDir('settings-'), 'settings.json');
		writeFileSync(file, '{}\n');
		expect(removeIfUnchanged(readSettingsFile(file))).toBe(true);
		expect(existsSync(file)).toBe(false);
	});

	it('keeps a settings file written since it was read, with its new bytes', () => {
		const file = path.join(tempDir('settings-'), 'settings.json');
		writeFileSync(file, '{}\n');
		const read = readSettingsFile(file);
		writeFileSync(file, '{"model": "opus"}\n');
		expect(removeIfUnchanged(read)).toBe(false);
		expect(readFileSync(file, 'utf8')).toBe('{"model": "opus"}\n');
		expect(readdirSync(path.dirname(file))).toEqual(['settings.json']);
	});
});
