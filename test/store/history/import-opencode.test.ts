// `agentlog import` for opencode, from the database the real opencode wrote
// (test/fixtures/opencode): one Imported line per child session in its root session's log, read
// with its write-ahead log; a child imported at the same version (rows, newest time) gets nothing.
import {copyFileSync, mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parseEventLine} from '../../../src/core/record/event-line.js';
import {opencodeImportLines} from '../../../src/store/history/import-opencode.js';
import {tempDir} from '../../helpers/tmp.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/opencode');

/** The scenario's database and its log in a fresh opencode data folder. */
function dataWith(scenario: string): string {
	const data = path.join(tempDir('opencode-'), 'opencode');
	mkdirSync(data, {recursive: true});
	for (const name of ['opencode.db', 'opencode.db-wal']) {
		copyFileSync(path.join(FIXTURES, scenario, name), path.join(data, name));
	}
	return data;
}

const parsed = (lines: readonly string[]) =>
	lines.map(l => {
		const r = parseEventLine(l);
		if (!r.ok) throw new Error(r.error);
		return r.value;
	});

describe('opencodeImportLines', () => {
	it('the two helpers of one run: one Imported line each, in the root session, finished', () => {
		const counts = opencodeImportLines(dataWith('parallel'), tempDir('activity-'), undefined);
		expect(counts).toMatchObject({imported: 2, transcripts: 2, upToDate: 0, hooked: 0, unreadable: 0, empty: 0});
		expect(counts.bytes).toBeGreaterThan(0);
		expect(counts.sessions.size).toBe(1);
		const [root, session] = [...counts.sessions][0]!;
		const lines = parsed(session.lines);
		for (const l of lines) {
			expect(l).toMatchObject({event: 'Imported', sessionId: root, provider: 'opencode', state: 'stopped'});
			expect(l.agentId).not.toBe(root);
		}
		expect(new Set(lines.map(l => l.agentId)).size).toBe(2);
		expect(session.lastAtMs).toBe(Math.max(...lines.map(l => Date.parse(l.at))));
	});

	it('imported already at the same version: up to date', () => {
		const data = dataWith('parallel');
		const activity = tempDir('activity-');
		const first = opencodeImportLines(data, activity, undefined);
		const [root, session] = [...first.sessions][0]!;
		mkdirSync(path.join(activity, root));
		writeFileSync(path.join(activity, root, 'events.jsonl'), `${session.lines.join('\n')}\n`);
		expect(opencodeImportLines(data, activity, undefined)).toMatchObject({imported: 0, upToDate: 2});
	});

	it('sinceMs leaves out children with no row since; no database is nothing', () => {
		expect(opencodeImportLines(dataWith('parallel'), tempDir('activity-'), Date.now() + 3_600_000)).toMatchObject({imported: 0, transcripts: 0});
		expect(opencodeImportLines(path.join(tempDir('opencode-'), 'none'), tempDir('activity-'), undefined)).toMatchObject({
			imported: 0,
			transcripts: 0,
			unreadable: 0,
		});
	});

	it('a file that is not a database is unreadable, not a crash', () => {
		const data = path.join(tempDir('opencode-'), 'opencode');
		mkdirSync(data, {recursive: true});
		writeFileSync(path.join(data, 'opencode.db'), 'not a database at all, but long enough to have a header '.repeat(4));
		expect(opencodeImportLines(data, tempDir('activity-'), undefined)).toMatchObject({imported: 0, unreadable: 1});
	});
});
