import {copyFileSync, mkdirSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {pickSession} from '../../../src/app/session/pick.js';
import {opencodeTrees} from '../../../src/app/session/opencode-scan.js';
import {tempDir} from '../../helpers/tmp.js';

const OPENCODE = path.resolve(import.meta.dirname, '../../../test/fixtures/opencode/parallel');
const rules = {stale: 300_000, dedup: true};
const commands = ['watch', 'ls'];

/** A session folder with one agent file, its time `iso`. */
function session(activity: string, id: string, iso: string): void {
	const dir = path.join(activity, id);
	mkdirSync(dir, {recursive: true});
	writeFileSync(path.join(dir, 'a1.json'), JSON.stringify({agentId: 'a1', type: 'Explore', status: 'stopped', startedAt: iso, updatedAt: iso, stoppedAt: iso}));
	utimesSync(dir, new Date(iso), new Date(iso));
}

describe('pickSession', () => {
	const saved = {data: process.env.XDG_DATA_HOME, now: process.env.AGENTLOG_NOW};
	let activity: string;
	beforeEach(() => {
		activity = tempDir('activity-');
		process.env.XDG_DATA_HOME = tempDir('xdg-data-');
		process.env.AGENTLOG_NOW = '2026-11-29T06:00:00Z';
		session(activity, '11111111-0000-4000-8000-000000000000', '2026-11-28T10:00:00Z');
		session(activity, '22222222-0000-4000-8000-000000000000', '2026-11-28T11:00:00Z');
	});
	afterEach(() => {
		process.env.XDG_DATA_HOME = saved.data;
		process.env.AGENTLOG_NOW = saved.now;
	});

	it('no argument: the newest session folder while no other tool has a newer session', () => {
		expect(pickSession(undefined, activity, rules, commands)).toBe('22222222-0000-4000-8000-000000000000');
		expect(pickSession(undefined, activity, rules, commands, 'logged')).toBe('22222222-0000-4000-8000-000000000000');
	});

	it('an argument: the session it names, whatever is newer', () => {
		expect(pickSession('1111', activity, rules, commands)).toBe('11111111-0000-4000-8000-000000000000');
	});

	it('an argument naming none: exit 1, the sessions listed', () => {
		expect(() => pickSession('9999', activity, rules, commands)).toThrow(/sessions are read from/u);
	});

	it('no session at all: undefined', () => {
		expect(pickSession(undefined, tempDir('empty-'), rules, commands)).toBeUndefined();
	});

	it('a newer opencode session: the newest of any tool, but the newest with an event log for a replay', () => {
		const dir = path.join(process.env.XDG_DATA_HOME!, 'opencode');
		mkdirSync(dir, {recursive: true});
		for (const name of ['opencode.db', 'opencode.db-wal']) {
			copyFileSync(path.join(OPENCODE, name), path.join(dir, name));
		}
		const root = opencodeTrees()[0]!.rootId;
		expect(pickSession(undefined, activity, rules, commands)).toBe(root);
		expect(pickSession(undefined, activity, rules, commands, 'logged')).toBe('22222222-0000-4000-8000-000000000000');
	});
});
