// The session folder the hook makes on a session's first agent event, and the file of starts
// waiting for one: made whether or not the activity folder is there yet, never through a link.
import {lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {checkSessionFolder} from '../../../src/store/hook/session.js';
import {notePendingStart, pendingStarts} from '../../../src/store/hook/session-starts.js';
import {tempDir} from '../../helpers/tmp.js';

const SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';
const startLine = `{"v":1,"event":"SessionStart","sessionId":"${SESSION}"}\n`;

describe('checkSessionFolder', () => {
	it('says a missing folder is missing, and makes nothing, when not asked to', () => {
		const activity = tempDir('activity-');
		expect(checkSessionFolder(path.join(activity, SESSION), false)).toEqual({ok: true, exists: false});
		expect(() => lstatSync(path.join(activity, SESSION))).toThrow();
	});

	it('makes the session folder in an activity folder that is there', () => {
		const activity = tempDir('activity-');
		expect(checkSessionFolder(path.join(activity, SESSION), true)).toEqual({ok: true, exists: true, created: true});
		expect(lstatSync(path.join(activity, SESSION)).isDirectory()).toBe(true);
		expect(checkSessionFolder(path.join(activity, SESSION), true)).toEqual({ok: true, exists: true});
	});

	it('makes the activity folder too when it is not there yet', () => {
		const activity = path.join(tempDir('home-'), '.claude', 'agent-activity');
		expect(checkSessionFolder(path.join(activity, SESSION), true)).toEqual({ok: true, exists: true, created: true});
		expect(lstatSync(path.join(activity, SESSION)).isDirectory()).toBe(true);
	});

	it('refuses a session folder that is a link or a file', () => {
		const activity = tempDir('activity-');
		const elsewhere = tempDir('elsewhere-');
		symlinkSync(elsewhere, path.join(activity, SESSION));
		expect(checkSessionFolder(path.join(activity, SESSION), true)).toMatchObject({ok: false});
		const other = tempDir('activity-');
		writeFileSync(path.join(other, SESSION), 'x');
		expect(checkSessionFolder(path.join(other, SESSION), true)).toMatchObject({ok: false});
	});
});

describe('notePendingStart', () => {
	it('keeps the start when the activity folder is not there yet, and again when it is', () => {
		const activity = path.join(tempDir('home-'), '.claude', 'agent-activity');
		expect(notePendingStart(activity, startLine)).toBeUndefined();
		expect(notePendingStart(activity, startLine)).toBeUndefined();
		expect(pendingStarts(activity, SESSION)).toEqual([startLine, startLine]);
	});

	it('starts a new file past its size, keeping the old one as .1', () => {
		const activity = tempDir('activity-');
		mkdirSync(activity, {recursive: true});
		const file = path.join(activity, '.agentlog-session-starts.jsonl');
		writeFileSync(file, `${'x'.repeat(70 * 1024)}\n`);
		expect(notePendingStart(activity, startLine)).toBeUndefined();
		expect(readFileSync(file, 'utf8')).toBe(startLine);
		expect(readFileSync(`${file}.1`, 'utf8').length).toBe(70 * 1024 + 1);
	});
});
