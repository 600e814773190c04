// `agentlog prune` run as a user would (the built CLI), on a temp activity folder, at a fixed moment.
import {spawnSync} from 'node:child_process';
import {existsSync, lstatSync, mkdirSync, readdirSync, symlinkSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {formatEventLine, type EventLine} from '../../../src/core/record/event-line.js';
import {EVENT_LOG_NAME} from '../../../src/core/record/file-names.js';
import {tempDir} from '../../helpers/tmp.js';

const cli = path.resolve(import.meta.dirname, '..', '..', '..', 'bin', 'agentlog.js');
const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const iso = (ms: number) => new Date(ms).toISOString();

const OLD = 'aaaa0001-0000-4000-8000-000000000000';
const OLDER = 'aaaa0002-0000-4000-8000-000000000000';
const IDLE = 'bbbb0001-0000-4000-8000-000000000000';
const RECENT = 'cccc0001-0000-4000-8000-000000000000';

function setTimes(file: string, ms: number): void {
	utimesSync(file, ms / 1000, ms / 1000);
}

function writeSession(activity: string, id: string, lastMs: number, state: 'stopped' | 'idle' = 'stopped', padding = 0): void {
	const dir = path.join(activity, id);
	mkdirSync(dir, {recursive: true});
	const lines: EventLine[] = [
		{v: 1, at: iso(lastMs - MIN), event: 'SubagentStart', sessionId: id, agentId: 'a1', type: 'Explore', state: 'active'},
		state === 'stopped'
			? {
					v: 1,
					at: iso(lastMs),
					event: 'SubagentStop',
					sessionId: id,
					agentId: 'a1',
					type: 'Explore',
					state: 'stopped',
					data: {lastMessage: 'x'.repeat(padding)},
				}
			: {v: 1, at: iso(lastMs), event: 'TeammateIdle', sessionId: id, agentId: 'a1', state: 'idle'},
	];
	writeFileSync(path.join(dir, EVENT_LOG_NAME), lines.map(formatEventLine).join(''));
	writeFileSync(
		path.join(dir, 'a1.json'),
		JSON.stringify({agentId: 'a1', type: 'Explore', status: state, startedAt: iso(lastMs - MIN), updatedAt: iso(lastMs)}),
	);
	for (const name of readdirSync(dir)) {
		setTimes(path.join(dir, name), lastMs);
	}
	setTimes(dir, lastMs);
}

function fixture(): string {
	const activity = tempDir('activity-');
	writeSession(activity, OLD, NOW - 40 * DAY, 'stopped', 3000);
	writeSession(activity, OLDER, NOW - 60 * DAY);
	writeSession(activity, IDLE, NOW - 90 * DAY, 'idle');
	writeSession(activity, RECENT, NOW - 2 * DAY);
	return activity;
}

function run(args: string[], env: Record<string, string> = {}) {
	const home = tempDir('home-');
	const base = {...process.env};
	delete base.AGENTLOG_RETENTION;
	return spawnSync(process.execPath, [cli, 'prune', ...args], {
		env: {...base, HOME: home, CLAUDE_CONFIG_DIR: path.join(home, '.claude'), AGENTLOG_NOW: new Date(NOW).toISOString(), TZ: 'UTC', ...env},
		encoding: 'utf8',
	});
}

const sessionsIn = (activity: string) =>
	readdirSync(activity)
		.filter(n => !n.startsWith('.'))
		.sort();

describe('agentlog prune', () => {
	it('--dry-run lists what would go with sizes and the total, and removes nothing', () => {
		const activity = fixture();
		const r = run(['--dry-run', '--dir', activity]);
		expect(r.status).toBe(0);
		expect(r.stderr).toBe('');
		const lines = r.stdout.split('\n');
		expect(lines[0]).toMatch(/^Would remove 2 sessions whose last event is 30d old or more \(\d+(\.\d)? KB\):$/);
		expect(lines[1]).toMatch(new RegExp(`^  ${OLD}  last event 2026-01-20 12:00  \\d+(\\.\\d)? KB$`));
		expect(lines[2]).toMatch(new RegExp(`^  ${OLDER}  last event 2025-12-31 12:00  \\d+ B$`));
		expect(r.stdout).toContain(`1 old session kept or skipped:\n  ${IDLE}  kept: agent a1 still runs\n`);
		expect(r.stdout).toContain('1 recent session kept.\nDry run: nothing was removed.\n');
		expect(sessionsIn(activity)).toEqual([OLD, OLDER, IDLE, RECENT].sort());
	});

	it('removes the old sessions, never one with an idle agent', () => {
		const activity = fixture();
		const r = run(['--dir', activity]);
		expect(r.status).toBe(0);
		expect(r.stdout.split('\n')[0]).toMatch(/^Removed 2 sessions whose last event is 30d old or more/);
		expect(sessionsIn(activity)).toEqual([IDLE, RECENT].sort());
		const again = run(['--dir', activity]);
		expect(again.stdout.split('\n')[0]).toBe("Nothing to prune: no session's last event is 30d old or more without an agent that still runs.");
	});

	it('leaves alone and names an old folder holding files agentlog did not write, in text, --dry-run and --json', () => {
		const activity = fixture();
		const foreign = path.join(activity, 'photos');
		mkdirSync(path.join(foreign, '2025'), {recursive: true});
		writeFileSync(path.join(foreign, 'notes.txt'), 'mine');
		const old = new Date(NOW - 90 * DAY);
		utimesSync(path.join(foreign, '2025'), old, old);
		utimesSync(path.join(foreign, 'notes.txt'), old, old);
		utimesSync(foreign, old, old);
		for (const args of [['--dry-run'], []]) {
			const r = run([...args, '--dir', activity]);
			expect(r.status).toBe(0);
			expect(r.stdout).toContain('  photos  left alone: holds files agentlog did not write: 2025/, notes.txt\n');
		}
		const json = JSON.parse(run(['--json', '--dir', activity]).stdout) as {kept: Array<{id: string; reason: string; foreign?: string[]}>};
		expect(json.kept).toContainEqual({id: 'photos', reason: 'foreign', foreign: ['2025/', 'notes.txt']});
		expect(readdirSync(foreign).sort()).toEqual(['2025', 'notes.txt']);
	});

	it('refuses an activity folder that is Claude Code’s own: exit 1, says where to point it, removes nothing', () => {
		const activity = fixture();
		writeFileSync(path.join(activity, 'settings.json'), '{}');
		mkdirSync(path.join(activity, 'projects'));
		for (const args of [['--dry-run'], [], ['--json']]) {
			const r = run([...args, '--dir', activity]);
			expect(r.status).toBe(1);
			expect(r.stdout).toBe('');
			expect(r.stderr).toContain(`the activity folder ${activity} looks like Claude Code's own folder (it holds projects, settings.json)`);
			expect(r.stderr).toContain('nothing was removed');
			expect(r.stderr).toMatch(/point AGENTLOG_DIR \(or --dir\) at agentlog's own folder, e\.g\. .*\.claude\/agent-activity/);
		}
		expect(sessionsIn(activity)).toEqual([OLD, OLDER, IDLE, RECENT, 'projects', 'settings.json'].sort());
	});

	it('--older-than and AGENTLOG_RETENTION set the retention; --older-than wins', () => {
		expect(sessionsIn(fixture()).length).toBe(4);
		const a = fixture();
		run(['--dir', a, '--older-than', '50d']);
		expect(sessionsIn(a)).toEqual([OLD, IDLE, RECENT].sort());
		const b = fixture();
		run(['--dir', b], {AGENTLOG_RETENTION: '1d'});
		expect(sessionsIn(b)).toEqual([IDLE]);
		const c = fixture();
		const r = run(['--dir', c, '--older-than', '50d', '--json'], {AGENTLOG_RETENTION: '1d'});
		expect(JSON.parse(r.stdout)).toMatchObject({dryRun: false, olderThanMs: 50 * DAY, removed: [{id: OLDER, lastEventAt: iso(NOW - 60 * DAY)}]});
	});

	it('refuses an invalid --older-than or AGENTLOG_RETENTION (exit 2), removing nothing', () => {
		const activity = fixture();
		const bad = run(['--dir', activity, '--older-than', '0d']);
		expect(bad.status).toBe(2);
		expect(bad.stderr).toContain('invalid retention: invalid duration "0d": it must be more than 0');
		const env = run(['--dir', activity], {AGENTLOG_RETENTION: 'forever'});
		expect(env.status).toBe(2);
		expect(env.stderr).toMatch(/^agentlog: AGENTLOG_RETENTION is not a retention: .*invalid duration "forever"/);
		expect(sessionsIn(activity)).toHaveLength(4);
	});

	it('--json gives what went, what was kept and why, and the total bytes', () => {
		const activity = fixture();
		const r = run(['--dir', activity, '--json', '--dry-run']);
		const out = JSON.parse(r.stdout) as {dryRun: boolean; totalBytes: number; removed: Array<{id: string; bytes: number}>; kept: unknown[]; errors: unknown[]};
		expect(out.dryRun).toBe(true);
		expect(out.removed.map(s => s.id)).toEqual([OLD, OLDER]);
		expect(out.totalBytes).toBe(out.removed[0]!.bytes + out.removed[1]!.bytes);
		expect(out.kept).toEqual([
			{id: IDLE, reason: 'live-agent', agentId: 'a1'},
			{id: RECENT, reason: 'recent'},
		]);
		expect(out.errors).toEqual([]);
	});

	it('does not follow or remove a symlinked session folder', () => {
		const activity = tempDir('activity-');
		const elsewhere = tempDir('elsewhere-');
		writeSession(elsewhere, OLD, NOW - 40 * DAY);
		symlinkSync(path.join(elsewhere, OLD), path.join(activity, OLD));
		const r = run(['--dir', activity]);
		expect(r.status).toBe(0);
		expect(r.stdout).toContain(`  ${OLD}  skipped: a symbolic link, not followed`);
		expect(lstatSync(path.join(activity, OLD)).isSymbolicLink()).toBe(true);
		expect(readdirSync(path.join(elsewhere, OLD)).sort()).toEqual(['a1.json', EVENT_LOG_NAME]);
	});

	it('says there is nothing to prune in an empty or missing folder', () => {
		const missing = path.join(tempDir(), 'none');
		const r = run(['--dir', missing]);
		expect(r.status).toBe(0);
		expect(r.stdout).toBe("Nothing to prune: no session's last event is 30d old or more.\n");
		expect(existsSync(missing)).toBe(false);
	});
});
