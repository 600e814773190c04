import {execFileSync} from 'node:child_process';
import {chmodSync, mkdirSync, readdirSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {formatEventLine} from '../../../src/core/record/event-line.js';
import {probeActivity, probeLauncherNode, readPluginHooks, readSettingsFiles} from '../../../src/store/doctor/gather.js';
import {HOOK_LOG_TAIL_BYTES, readHeartbeat, readHookLogTail} from '../../../src/store/doctor/hook-traces.js';
import {runIsolated} from '../../helpers/isolated.js';
import {tempDir} from '../../helpers/tmp.js';

describe('readSettingsFiles', () => {
	it('reads the four files in precedence order, and the user file once when run from home', () => {
		const claude = path.join(tempDir(), '.claude');
		mkdirSync(claude);
		writeFileSync(path.join(claude, 'settings.json'), '{}');
		const files = readSettingsFiles(claude, path.dirname(claude), '/nonexistent/managed-settings.json');
		expect(files.map(f => f.scope)).toEqual(['managed', 'local', 'user']);
		expect(files.map(f => f.read.state)).toEqual(['missing', 'missing', 'read']);
	});

	it('refuses a FIFO as a settings file without hanging', () => {
		const dir = tempDir();
		execFileSync('mkfifo', [path.join(dir, 'settings.json')]);
		const r = runIsolated(
			`import {readSettingsFiles} from './src/store/doctor/gather.ts';\nemit(readSettingsFiles(${JSON.stringify(dir)}, ${JSON.stringify(dir)}, undefined).map(f => f.read.state));`,
		);
		expect(r.timedOut).toBe(false);
		expect(r.value).toEqual(['missing', 'missing', 'unreadable']);
	});
});

describe('readPluginHooks', () => {
	it('finds hooks/hooks.json under plugins without following symlinks', () => {
		const claude = tempDir();
		const real = path.join(claude, 'plugins', 'marketplaces', 'm', 'p', 'hooks');
		mkdirSync(real, {recursive: true});
		writeFileSync(path.join(real, 'hooks.json'), '{}');
		const outside = path.join(tempDir(), 'hooks');
		mkdirSync(outside);
		writeFileSync(path.join(outside, 'hooks.json'), '{}');
		symlinkSync(path.dirname(outside), path.join(claude, 'plugins', 'linked'));
		const {plugins, cut} = readPluginHooks(claude);
		expect(cut).toBe(false);
		expect(plugins.map(p => p.path)).toEqual([path.join(real, 'hooks.json')]);
	});
});

describe('probeLauncherNode', () => {
	it('uses node from PATH, else the fallback, else says none', () => {
		const found = probeLauncherNode('/nowhere/node', process.env);
		expect(found.state).toBe('found');
		const empty = tempDir();
		expect(probeLauncherNode(process.execPath, {PATH: empty})).toMatchObject({state: 'found', path: process.execPath, version: process.version});
		expect(probeLauncherNode('/nowhere/node', {PATH: empty})).toEqual({state: 'none', fallback: '/nowhere/node'});
	});

	it('reports a Node that does not answer --version', () => {
		const dir = tempDir();
		const fake = path.join(dir, 'node');
		writeFileSync(fake, '#!/bin/sh\necho broken >&2\nexit 7\n');
		chmodSync(fake, 0o755);
		expect(probeLauncherNode(undefined, {PATH: dir})).toMatchObject({state: 'failed'});
	});
});

describe('probeActivity', () => {
	it('writable folder: the probe file is removed', () => {
		const dir = tempDir();
		expect(probeActivity(dir)).toEqual({path: dir, state: 'writable'});
		expect(readdirSync(dir)).toEqual([]);
	});

	it('a missing folder is creatable in its nearest parent, and is not created', () => {
		const dir = tempDir();
		const activity = path.join(dir, 'a', 'b');
		expect(probeActivity(activity)).toEqual({path: activity, state: 'creatable', parent: dir});
		expect(readdirSync(dir)).toEqual([]);
	});

	it('Claude Code’s own folder, by path or by what it holds, is not an activity folder (and gets no probe file)', () => {
		const claude = tempDir();
		expect(probeActivity(claude, {claude})).toMatchObject({state: 'tool-folder', reason: "is Claude Code's own folder"});
		const lookalike = tempDir();
		mkdirSync(path.join(lookalike, 'projects'));
		const facts = probeActivity(lookalike, {claude});
		expect(facts).toMatchObject({state: 'tool-folder', reason: "looks like Claude Code's own folder (it holds projects)"});
		expect(facts.state === 'tool-folder' && facts.fix).toContain(path.join(claude, 'agent-activity'));
		expect(readdirSync(lookalike)).toEqual(['projects']);
	});

	it('a file in the way is not a folder', () => {
		const file = path.join(tempDir(), 'f');
		writeFileSync(file, '');
		expect(probeActivity(file).state).toBe('not-folder');
	});
});

describe('readHeartbeat', () => {
	it('the newest time of each event, Imported lines left out', () => {
		const activity = tempDir();
		mkdirSync(path.join(activity, 's1'));
		const lines = [
			{v: 1, at: '2025-06-01T10:00:00.000Z', event: 'SubagentStart', sessionId: 's1', agentId: 'a1'},
			{v: 1, at: '2025-06-01T11:00:00.000Z', event: 'SubagentStart', sessionId: 's1', agentId: 'a2'},
			{v: 1, at: '2025-06-01T10:30:00.000Z', event: 'SubagentStop', sessionId: 's1', agentId: 'a1'},
			{v: 1, at: '2025-06-01T11:30:00.000Z', event: 'Imported', sessionId: 's1', agentId: 'a3'},
		];
		writeFileSync(path.join(activity, 's1', 'events.jsonl'), lines.map(l => formatEventLine(l)).join(''));
		const facts = readHeartbeat(activity);
		expect(facts.sessionsRead).toBe(1);
		expect(Object.fromEntries(facts.lastByEvent)).toEqual({
			SubagentStart: Date.parse('2025-06-01T11:00:00.000Z'),
			SubagentStop: Date.parse('2025-06-01T10:30:00.000Z'),
		});
	});
});

describe('readHookLogTail', () => {
	it('reads only the tail of a long log, dropping the cut first line', () => {
		const activity = tempDir();
		const line = `2025-06-01T10:00:00.000Z error: ${'x'.repeat(100)}\n`;
		writeFileSync(path.join(activity, '.agentlog-hook.log'), line.repeat(Math.ceil((2 * HOOK_LOG_TAIL_BYTES) / line.length)));
		const facts = readHookLogTail(activity);
		expect(facts.state).toBe('read');
		const lines = facts.state === 'read' ? facts.lines.filter(l => l !== '') : [];
		expect(lines.length).toBeLessThanOrEqual(Math.ceil(HOOK_LOG_TAIL_BYTES / line.length));
		expect(lines.every(l => l === line.trimEnd())).toBe(true);
	});

	it('refuses a symlinked log', () => {
		const activity = tempDir();
		symlinkSync('/etc/passwd', path.join(activity, '.agentlog-hook.log'));
		expect(readHookLogTail(activity).state).toBe('unreadable');
	});
});
