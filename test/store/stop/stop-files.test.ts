import {chmodSync, existsSync, mkdirSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect, it} from 'vitest';
import {tempDir} from '../../helpers/tmp.js';
import {newStopRequest, withRequest} from '../../../src/core/stop/stop-request.js';
import {clearFlagIfIdle, readStopFile, stopDir, stopFilePath, stopFlag, writeStopFile} from '../../../src/store/stop/stop-files.js';

const NOW = Date.parse('2026-11-29T04:00:00.000Z');

it('writes the file 0600 in a 0700 folder whatever the umask, the flag after it; reads it back', () => {
	const activity = path.join(tempDir('stopfiles-'), 'activity');
	const before = process.umask(0o002);
	try {
		const written = writeStopFile(activity, withRequest(undefined, 's1', newStopRequest('r1', ['a1'], [], NOW), NOW));
		expect(written.ok).toBe(true);
	} finally {
		process.umask(before);
	}
	expect(statSync(stopFilePath(activity, 's1')).mode & 0o777).toBe(0o600);
	expect(statSync(stopDir(activity)).mode & 0o777).toBe(0o700);
	expect(existsSync(stopFlag(activity))).toBe(true);
	const read = readStopFile(activity, 's1');
	expect(read.kind === 'file' && read.file.requests[0]?.agents).toEqual(['a1']);
	expect(readStopFile(activity, 's2').kind).toBe('none');
});

it('refuses to write into a requests folder others can write, and clears the flag only when no file is left', () => {
	const activity = path.join(tempDir('stopfiles-'), 'activity');
	mkdirSync(stopDir(activity), {recursive: true});
	writeFileSync(stopFlag(activity), '');
	// mkdir's mode goes through the umask: set it exactly.
	chmodSync(stopDir(activity), 0o777);
	const written = writeStopFile(activity, withRequest(undefined, 's1', newStopRequest('r1', ['a1'], [], NOW), NOW));
	expect(written.ok).toBe(false);
	expect(written.ok ? '' : written.error).toContain('writable by group or others');
	clearFlagIfIdle(activity);
	expect(existsSync(stopFlag(activity))).toBe(false);
});
