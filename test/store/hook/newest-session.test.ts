// The hook's hint of the newest session (<activity>/.newest-session): written only when it names
// another session, in place; left alone, or only given a new time, when it already names this one.
import {execFileSync} from 'node:child_process';
import {mkdirSync, readFileSync, statSync, symlinkSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {newestSessionId} from '../../../src/store/activity/session-listing.js';
import {writeNewestSession} from '../../../src/store/hook/event-append.js';
import {tempDir} from '../../helpers/tmp.js';

const HINT = '.newest-session';
const LONG_AGO = Math.floor(Date.now() / 1000) - 3600;

/** An activity folder with sessions `ids`, each with an agent file, all of them and the folder an hour old. */
function activity(...ids: string[]): string {
	const dir = tempDir('newest-');
	for (const id of ids) {
		mkdirSync(path.join(dir, id));
		writeFileSync(path.join(dir, id, 'a1.json'), JSON.stringify({agentId: 'a1', type: 'Explore', status: 'active', startedAt: new Date().toISOString()}));
		utimesSync(path.join(dir, id), LONG_AGO, LONG_AGO);
	}
	utimesSync(dir, LONG_AGO, LONG_AGO);
	return dir;
}

const hintOf = (dir: string) => readFileSync(path.join(dir, HINT), 'utf8');
const mtimeOf = (file: string) => statSync(file).mtimeMs;

describe('writeNewestSession', () => {
	it('writes the id, and a shorter id over a longer one leaves no tail', () => {
		const dir = activity('session-with-a-long-id', 's2');
		expect(writeNewestSession(dir, 'session-with-a-long-id')).toBeUndefined();
		expect(hintOf(dir)).toBe('session-with-a-long-id\n');
		expect(writeNewestSession(dir, 's2')).toBeUndefined();
		expect(hintOf(dir)).toBe('s2\n');
		expect(newestSessionId(dir)).toBe('s2');
		expect(writeNewestSession(dir, 'session-with-a-long-id')).toBeUndefined();
		expect(hintOf(dir)).toBe('session-with-a-long-id\n');
	});

	it('leaves a hint that already names the session untouched while the activity folder is not newer', () => {
		const dir = activity('s1');
		expect(writeNewestSession(dir, 's1')).toBeUndefined();
		// A time set ahead: any write would bring it back to now.
		const ahead = Math.floor(Date.now() / 1000) + 600;
		utimesSync(path.join(dir, HINT), ahead, ahead);
		expect(writeNewestSession(dir, 's1')).toBeUndefined();
		expect(mtimeOf(path.join(dir, HINT))).toBe(ahead * 1000);
		expect(newestSessionId(dir)).toBe('s1');
	});

	it('gives a hint that names the session a new time when the activity folder changed since, so readers keep trusting it', () => {
		const dir = activity('s1');
		expect(writeNewestSession(dir, 's1')).toBeUndefined();
		utimesSync(path.join(dir, HINT), LONG_AGO - 60, LONG_AGO - 60);
		// Something else changed in the activity folder (the hook log, a session-start note).
		writeFileSync(path.join(dir, '.agentlog-hook.log'), 'x\n');
		expect(writeNewestSession(dir, 's1')).toBeUndefined();
		expect(mtimeOf(path.join(dir, HINT))).toBeGreaterThanOrEqual(mtimeOf(dir));
		expect(hintOf(dir)).toBe('s1\n');
		expect(newestSessionId(dir)).toBe('s1');
	});

	it("sets the session folder's time unless the event already changed the folder", () => {
		const dir = activity('s1');
		expect(writeNewestSession(dir, 's1', true)).toBeUndefined();
		expect(mtimeOf(path.join(dir, 's1'))).toBe(LONG_AGO * 1000);
		const before = Date.now();
		expect(writeNewestSession(dir, 's1')).toBeUndefined();
		expect(mtimeOf(path.join(dir, 's1'))).toBeGreaterThanOrEqual(before - 1000);
	});

	it('never writes through a link or into a FIFO or a folder at the name', () => {
		const dir = activity('s1');
		const target = path.join(tempDir('newest-target-'), 'victim');
		writeFileSync(target, 'keep\n');
		symlinkSync(target, path.join(dir, HINT));
		expect(writeNewestSession(dir, 's1')).toMatch(/newest-session/);
		expect(readFileSync(target, 'utf8')).toBe('keep\n');
		const fifoDir = activity('s1');
		execFileSync('mkfifo', [path.join(fifoDir, HINT)]);
		expect(writeNewestSession(fifoDir, 's1')).toMatch(/not a regular file/);
		const folderDir = activity('s1');
		mkdirSync(path.join(folderDir, HINT));
		expect(writeNewestSession(folderDir, 's1')).toMatch(/newest-session/);
	});
});
