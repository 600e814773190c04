// `agentlog ls` and `agentlog sessions` run as a user would, on fixture folders; and the state file.
import {spawnSync} from 'node:child_process';
import {mkdirSync, readFileSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadUiState, saveUiState} from '../../../src/store/state-file.js';
import type {SessionsJsonEntry} from '../../../src/present/json-shapes.js';
import {tempDir} from '../../helpers/tmp.js';

const cli = path.resolve(import.meta.dirname, '..', '..', '..', 'bin', 'agentlog.js');
const S1 = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';
const S2 = '3f2c9b77-0000-4000-8000-000000000000';
const S3 = 'bb11aa22-0000-4000-8000-000000000000';

/** The commands' clock (AGENTLOG_NOW): the tests check one fixed moment, never wall time between spawns. */
const NOW = Date.parse('2026-03-01T12:00:00Z');
const iso = (secondsAgo: number) => new Date(NOW - secondsAgo * 1000).toISOString();

/** A session folder's mtime, `secondsAgo` before NOW: the session's last activity (the one rule). */
function touch(activity: string, session: string, secondsAgo: number): void {
	const t = (NOW - secondsAgo * 1000) / 1000;
	utimesSync(path.join(activity, session), t, t);
}

function write(activity: string, session: string, record: Record<string, unknown>): void {
	const dir = path.join(activity, session);
	mkdirSync(dir, {recursive: true});
	writeFileSync(path.join(dir, `${String(record.agentId)}.json`), JSON.stringify(record));
}

/** S1: a kanban-format session with a ghost and a stale agent; S2, S3: one agent each. */
function fixture(): string {
	const activity = tempDir('activity-');
	// claude-code-kanban's original files: the seven fields only.
	write(activity, S1, {
		agentId: 'w1',
		type: 'worker',
		status: 'stopped',
		startedAt: iso(600),
		updatedAt: iso(300),
		stoppedAt: iso(300),
		lastMessage: '**Done**: 3 files',
	});
	write(activity, S1, {agentId: 'g1', type: 'worker', status: 'stopped', startedAt: iso(295), updatedAt: iso(293), stoppedAt: iso(293), lastMessage: 'bye'});
	write(activity, S1, {agentId: 'x1', type: 'Explore', status: 'active', startedAt: iso(900), updatedAt: iso(900)});
	write(activity, S1, {agentId: 'p1', type: 'Plan', status: 'active', startedAt: iso(10), updatedAt: iso(10)});
	write(activity, S2, {agentId: 'q1', type: 'Explore', status: 'idle', startedAt: iso(4000), updatedAt: iso(3900)});
	write(activity, S3, {agentId: 'z1', type: 'Explore', status: 'stopped', startedAt: iso(100), updatedAt: iso(50), stoppedAt: iso(50)});
	// The hook renames a file into the folder at each event: its mtime is the last one.
	touch(activity, S1, 10);
	touch(activity, S2, 3900);
	touch(activity, S3, 50);
	return activity;
}

function run(args: string[], activity: string) {
	const home = tempDir('home-');
	return spawnSync(process.execPath, [cli, ...args], {
		env: {...process.env, HOME: home, CLAUDE_CONFIG_DIR: path.join(home, '.claude'), AGENTLOG_DIR: activity, AGENTLOG_NOW: new Date(NOW).toISOString()},
		encoding: 'utf8',
	});
}

describe('agentlog ls', () => {
	it('lists a session by prefix with the rules applied: stale shown stopped, ghosts hidden', () => {
		const r = run(['ls', '3f2c9a'], fixture());
		expect(r.status).toBe(0);
		expect(r.stdout).toContain(`session ${S1}`);
		expect(r.stdout).toMatch(/◌ stale · silent 15m\s+Explore/);
		expect(r.stdout).toMatch(/● active\s+Plan/);
		expect(r.stdout).toMatch(/○ stopped\s+worker\s+5m 00s .* Done: 3 files/);
		expect(r.stdout).not.toMatch(/\bg1\b/);
		expect(r.stdout).toContain('1 ghost hidden; --all shows it');
	});

	it('--json prints the records with displayStatus, stale and ghost; --all adds the ghosts', () => {
		const activity = fixture();
		const plain = JSON.parse(run(['ls', S1, '--json'], activity).stdout) as Array<Record<string, unknown>>;
		expect(plain.map(a => a.agentId)).toEqual(['p1', 'w1', 'x1']);
		expect(plain.find(a => a.agentId === 'x1')).toMatchObject({status: 'active', displayStatus: 'stopped', stale: true, ghost: false});
		const all = JSON.parse(run(['ls', S1, '--json', '--all'], activity).stdout) as Array<Record<string, unknown>>;
		expect(all.find(a => a.agentId === 'g1')).toMatchObject({ghost: true, displayStatus: 'stopped'});
		const noDedup = JSON.parse(run(['ls', S1, '--json', '--no-dedup'], activity).stdout) as Array<Record<string, unknown>>;
		expect(noDedup.find(a => a.agentId === 'g1')).toMatchObject({ghost: false});
	});

	it('honours --stale', () => {
		const json = JSON.parse(run(['ls', S1, '--json', '--stale', '1h'], fixture()).stdout) as Array<Record<string, unknown>>;
		expect(json.find(a => a.agentId === 'x1')).toMatchObject({displayStatus: 'active', stale: false});
	});

	it('defaults to the newest session: the folder with the last hook event, as watch and sessions say', () => {
		const activity = fixture();
		const r = run(['ls'], activity);
		expect(r.status).toBe(0);
		expect(r.stdout.split('\n')[0]).toBe(`session ${S1}`);
		expect(run(['sessions', '--json'], activity).stdout).toContain(`"id": "${S1}"`);
		expect((JSON.parse(run(['sessions', '--json'], activity).stdout) as Array<{id: string}>)[0]?.id).toBe(S1);
		// S2 gets an event: it is the newest for every command.
		touch(activity, S2, 1);
		expect(run(['ls'], activity).stdout.split('\n')[0]).toBe(`session ${S2}`);
		expect((JSON.parse(run(['sessions', '--json'], activity).stdout) as Array<{id: string}>)[0]?.id).toBe(S2);
	});

	it('exits 1 listing the candidates for an ambiguous prefix, and for an unknown one', () => {
		const activity = fixture();
		const ambiguous = run(['ls', '3f2c9'], activity);
		expect(ambiguous.status).toBe(1);
		expect(ambiguous.stderr).toContain(S1);
		expect(ambiguous.stderr).toContain(S2);
		const unknown = run(['ls', 'nope'], activity);
		expect(unknown.status).toBe(1);
		expect(unknown.stderr).toContain('no session matches "nope"');
	});

	it('resolves a team name through its config', () => {
		const activity = fixture();
		const home = tempDir('home-');
		const claude = path.join(home, '.claude');
		mkdirSync(path.join(claude, 'teams', 'humble-chasing-goose'), {recursive: true});
		writeFileSync(path.join(claude, 'teams', 'humble-chasing-goose', 'config.json'), JSON.stringify({name: 'humble-chasing-goose', leadSessionId: S3}));
		const r = spawnSync(process.execPath, [cli, 'ls', 'humble-chasing-goose'], {
			env: {...process.env, HOME: home, CLAUDE_CONFIG_DIR: claude, AGENTLOG_DIR: activity},
			encoding: 'utf8',
		});
		expect(r.status).toBe(0);
		expect(r.stdout).toContain(`session ${S3}`);
	});

	it('says there is nothing yet on an empty folder (and prints [] with --json)', () => {
		const empty = tempDir('empty-');
		const r = run(['ls'], empty);
		expect(r.status).toBe(0);
		expect(r.stderr).toContain('No sessions under');
		expect(run(['ls', '--json'], empty).stdout).toBe('[]\n');
	});
});

describe('agentlog sessions', () => {
	it('lists sessions newest first with counts by status', () => {
		const r = run(['sessions'], fixture());
		expect(r.status).toBe(0);
		const lines = r.stdout.trim().split('\n');
		expect(lines[0]).toMatch(/^SESSION\s+ACTIVE\s+IDLE\s+STOPPED\s+LAST ACTIVITY$/);
		expect(lines.slice(1).map(l => l.split(/\s+/)[0])).toEqual([S1, S3, S2]);
	});

	it('--json gives counts with stale agents counted as stopped, in the declared shape', () => {
		const json = JSON.parse(run(['sessions', '--json'], fixture()).stdout) as SessionsJsonEntry[];
		expect(json.find(s => s.id === S1)).toEqual({
			id: S1,
			counts: {waiting: 0, active: 1, idle: 0, stopped: 2, stale: 1},
			lastActivity: iso(10),
			mainWaiting: false,
			provider: 'claude',
		});
		expect(json.find(s => s.id === S1)?.counts).toEqual({waiting: 0, active: 1, idle: 0, stopped: 2, stale: 1});
		expect(json.find(s => s.id === S2)?.counts).toEqual({waiting: 0, active: 0, idle: 1, stopped: 0, stale: 0});
	});
});

describe('UI state file', () => {
	it('round-trips the collapsed state and ignores a corrupt or missing file', () => {
		const file = path.join(tempDir('state-'), 'agentlog', 'state.json');
		expect(loadUiState(file)).toEqual({collapsed: false, bell: false});
		saveUiState(file, {collapsed: true, bell: false});
		expect(loadUiState(file)).toEqual({collapsed: true, bell: false});
		writeFileSync(file, '{"collapsed": tr');
		expect(loadUiState(file)).toEqual({collapsed: false, bell: false});
		expect(readFileSync(file, 'utf8')).toBe('{"collapsed": tr');
	});
});
