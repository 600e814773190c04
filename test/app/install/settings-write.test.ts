// writeSettings' compare-and-retry, step by step: the other program writes at a chosen moment
// (no timing), and its change must be kept, merged with agentlog's, never replaced.
import {existsSync, readFileSync, renameSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {readSettingsFile, Staging, type SettingsFile} from '../../../src/store/settings/hook-files.js';
import {writeSettings, type SettingsStep} from '../../../src/app/install/settings-write.js';
import {tempDir} from '../../helpers/tmp.js';

/** agentlog's change: its key added to whatever the file holds. */
const addAgentlog = (file: SettingsFile): string => `${JSON.stringify({...(JSON.parse(file.text || '{}') as object), agentlog: true}, null, 2)}\n`;

/** The other program: a whole new file renamed over the settings, with one key more. */
function otherWrites(file: string, key: string): void {
	const settings = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as object) : {};
	writeFileSync(`${file}.other.tmp`, `${JSON.stringify({...settings, [key]: true}, null, 2)}\n`);
	renameSync(`${file}.other.tmp`, file);
}

function setup(content: string | undefined): string {
	const file = path.join(tempDir('settings-write-'), 'settings.json');
	if (content !== undefined) {
		writeFileSync(file, content);
	}
	return file;
}

function write(file: string, options: {onStep?: (step: SettingsStep) => void; beforeRename?: () => void} = {}) {
	return writeSettings({
		first: readSettingsFile(file),
		compute: addAgentlog,
		staging: new Staging(),
		settleMs: 0,
		sleep: () => undefined,
		...(options.beforeRename === undefined ? {} : {beforeRename: options.beforeRename}),
		...(options.onStep === undefined ? {} : {onStep: (step: SettingsStep) => options.onStep?.(step)}),
	});
}

const keys = (file: string): Record<string, unknown> => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

describe('writeSettings against another program writing the file', () => {
	it('writes at once when no one else does, with one backup', () => {
		const file = setup('{\n  "model": "opus"\n}\n');
		const result = write(file);
		expect(result.tries).toBe(1);
		expect(keys(file)).toEqual({model: 'opus', agentlog: true});
		expect(readFileSync(`${file}.agentlog-backup`, 'utf8')).toBe('{\n  "model": "opus"\n}\n');
		expect(result.notes).toContain('backed up the original settings');
	});

	it('keeps a change made while the hook files go in (after the bytes were compared): it looks again right before the rename', () => {
		const file = setup('{\n  "model": "opus"\n}\n');
		let calls = 0;
		const result = write(file, {
			beforeRename: () => {
				calls++;
				otherWrites(file, 'theme');
			},
		});
		expect(calls).toBe(1);
		expect(result.tries).toBe(2);
		expect(keys(file)).toEqual({model: 'opus', theme: true, agentlog: true});
	});

	it('keeps a change made in the last moment before the rename, found by the file’s stamp', () => {
		const file = setup('{\n  "model": "opus"\n}\n');
		let writes = 0;
		const result = write(file, {
			onStep: step => {
				if (step === 'checked' && writes++ === 0) {
					otherWrites(file, 'theme');
				}
			},
		});
		expect(result.tries).toBe(2);
		expect(keys(file)).toEqual({model: 'opus', theme: true, agentlog: true});
	});

	it('keeps a change that rewrites the file in place with bytes of the same length', () => {
		const file = setup('{"a": 1}\n');
		// Written a while ago: the write in place gives it a new time (a file system's clock ticks every few ms).
		utimesSync(file, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
		let writes = 0;
		const result = write(file, {
			onStep: step => {
				if (step === 'checked' && writes++ === 0) {
					writeFileSync(file, '{"b": 2}\n');
				}
			},
		});
		expect(result.tries).toBe(2);
		expect(keys(file)).toEqual({b: 2, agentlog: true});
	});

	it('keeps a file made by the other program where there was none', () => {
		const file = setup(undefined);
		let writes = 0;
		const result = write(file, {
			onStep: step => {
				if (step === 'checked' && writes++ === 0) {
					otherWrites(file, 'theme');
				}
			},
		});
		expect(result.tries).toBe(2);
		expect(keys(file)).toEqual({theme: true, agentlog: true});
	});

	it('gives up after MAX_TRIES when every look finds a change, and leaves the other program’s file', () => {
		const file = setup('{}\n');
		let n = 0;
		expect(() =>
			write(file, {
				onStep: step => {
					if (step === 'checked') {
						otherWrites(file, `k${++n}`);
					}
				},
			}),
		).toThrowError(/kept changing while agentlog was writing it \(8 tries/u);
		expect(keys(file)).toEqual(Object.fromEntries(Array.from({length: n}, (_, i) => [`k${i + 1}`, true])));
	});
});
