// Adversarial pass on prune's ownership rule ("never destroy what agentlog does not own"): a
// folder agentlog cannot prove it made is never removed, whatever its age, and nothing outside
// the activity folder is ever reached.
import {existsSync, mkdirSync, readdirSync, readFileSync, renameSync, symlinkSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {formatEventLine} from '../../../src/core/record/event-line.js';
import {pruneOnceADay, pruneSessions, ToolFolderError} from '../../../src/store/history/prune.js';
import {tempDir} from '../../helpers/tmp.js';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const DAY = 24 * 60 * 60_000;
const RETENTION = 30 * DAY;
const OLD = NOW - 400 * DAY;

function setTimes(file: string, ms: number): void {
	utimesSync(file, ms / 1000, ms / 1000);
}

/** An old session as the hook leaves it: a log of one stopped agent and its agent file. */
function oldSession(activity: string, id: string): string {
	const dir = path.join(activity, id);
	mkdirSync(dir, {recursive: true});
	const at = new Date(OLD).toISOString();
	writeFileSync(
		path.join(dir, 'events.jsonl'),
		formatEventLine({v: 1, at, event: 'SubagentStop', sessionId: id, agentId: 'a1', type: 'x', state: 'stopped', data: {lastMessage: 'done'}}),
	);
	writeFileSync(path.join(dir, 'a1.json'), JSON.stringify({agentId: 'a1', type: 'x', status: 'stopped', startedAt: at, updatedAt: at, stoppedAt: at}));
	for (const name of readdirSync(dir)) {
		setTimes(path.join(dir, name), OLD);
	}
	setTimes(dir, OLD);
	return dir;
}

describe('prune: folders agentlog cannot prove it made', () => {
	it('keeps an old empty folder: nothing in it says agentlog made it (--dir pointed at a projects folder)', () => {
		const folder = tempDir('projects-');
		for (const name of ['build', 'mnt']) {
			mkdirSync(path.join(folder, name));
			setTimes(path.join(folder, name), OLD);
		}
		oldSession(folder, 's-old');
		const result = pruneSessions(folder, {now: NOW, olderThanMs: RETENTION});
		expect(result.removed.map(r => r.id)).toEqual(['s-old']);
		expect(result.kept).toEqual([
			{id: 'build', reason: 'unknown-age'},
			{id: 'mnt', reason: 'unknown-age'},
		]);
		expect(readdirSync(folder).sort()).toEqual(['build', 'mnt']);
	});

	it('the daily prune keeps them too, when HOME is unset and the activity folder is a home folder', () => {
		const fakeHome = tempDir('home-');
		mkdirSync(path.join(fakeHome, 'Desktop'));
		setTimes(path.join(fakeHome, 'Desktop'), OLD);
		const logged: string[] = [];
		pruneOnceADay(fakeHome, NOW, m => logged.push(m), {env: {}, homes: {}});
		expect(existsSync(path.join(fakeHome, 'Desktop'))).toBe(true);
	});

	it('refuses a folder holding .claude/ or .codex/: a home or a project, never agentlog’s activity folder', () => {
		for (const marker of ['.claude', '.codex']) {
			const folder = tempDir('home-');
			mkdirSync(path.join(folder, marker));
			oldSession(folder, 's-old');
			expect(() => pruneSessions(folder, {now: NOW, olderThanMs: RETENTION})).toThrow(ToolFolderError);
			expect(readdirSync(folder).sort()).toEqual([marker, 's-old']);
		}
	});

	it('never lists nor empties a folder swapped in for the one it moved aside (a link to files of agentlog-like names)', () => {
		const activity = tempDir('activity-');
		const elsewhere = tempDir('elsewhere-');
		writeFileSync(path.join(elsewhere, 'package.json'), '{"name":"mine"}');
		writeFileSync(path.join(elsewhere, 'events.jsonl'), 'not agentlog’s\n');
		oldSession(activity, 's-old');
		const result = pruneSessions(activity, {
			now: NOW,
			olderThanMs: RETENTION,
			afterMoveAside: aside => {
				// Someone with write access to the activity folder swaps the moved folder for a link.
				renameSync(aside, `${aside}.real`);
				symlinkSync(elsewhere, aside);
			},
		});
		expect(result.removed).toEqual([]);
		expect(result.errors).toHaveLength(1);
		expect(readFileSync(path.join(elsewhere, 'package.json'), 'utf8')).toBe('{"name":"mine"}');
		expect(readdirSync(elsewhere).sort()).toEqual(['events.jsonl', 'package.json']);
	});
});
