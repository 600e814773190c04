// End to end: the built CLI, real files written by the real hook, a real pseudo-terminal (tmux),
// and what a person would read on the screen. Plus the non-terminal paths.
import {spawnSync} from 'node:child_process';
import {mkdirSync, readFileSync, renameSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {hookEnv, installedHook, runHook} from '../../helpers/hook.js';
import {describeInTerminal, TmuxPane} from '../../helpers/tmux.js';
import {tempDir} from '../../helpers/tmp.js';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const cli = path.join(root, 'bin', 'agentlog.js');
const SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';

function event(name: string, agentId: string, type: string, extra: Record<string, unknown> = {}): string {
	return JSON.stringify({
		session_id: SESSION,
		transcript_path: `/home/dev/.claude/projects/-home-dev-acme/${SESSION}.jsonl`,
		cwd: '/home/dev/acme',
		hook_event_name: name,
		agent_id: agentId,
		agent_type: type,
		...extra,
	});
}

function sandboxEnv(activity: string): Record<string, string> {
	const home = tempDir('home-');
	return {HOME: home, AGENTLOG_DIR: activity, XDG_STATE_HOME: path.join(home, 'state'), CLAUDE_CONFIG_DIR: path.join(home, '.claude'), TERM: 'xterm-256color'};
}

function withoutForceColor(env: Record<string, string>): NodeJS.ProcessEnv {
	const out: NodeJS.ProcessEnv = {...process.env, ...env};
	delete out.FORCE_COLOR;
	return out;
}

let pane: TmuxPane | undefined;
afterEach(() => {
	pane?.kill();
	pane = undefined;
});

describeInTerminal('agentlog watch in a real terminal', () => {
	it('shows agents as the hook records them, opens details on Enter and quits on q', async () => {
		const activity = tempDir('activity-');
		const launcher = installedHook();
		const env = sandboxEnv(activity);
		pane = new TmuxPane(`node ${cli}`, 80, 24, env);
		await pane.waitFor(s => s.includes('Waiting for the first subagent'), 'the waiting screen');

		runHook(launcher, event('SubagentStart', 'a8c41f0e92b7d3a15', 'Explore'), hookEnv(activity));
		let screen = await pane.waitFor(s => s.includes('Explore'), 'the first agent');
		expect(screen).toContain('session 3f2c9a10 (following)');
		expect(screen).toContain('● 1 active');

		runHook(launcher, event('SubagentStart', 'b2', 'Plan'), hookEnv(activity));
		runHook(
			launcher,
			event('SubagentStop', 'a8c41f0e92b7d3a15', 'Explore', {last_assistant_message: '## Routes\n\nFound **4 API routes** under `src/routes`.'}),
			hookEnv(activity),
		);
		screen = await pane.waitFor(s => s.includes('○ 1 stopped') && s.includes('Plan'), 'the stop and the second agent');
		// The card shows the report's summary line: its first line with words (the heading).
		expect(screen).toMatch(/Explore\s+\d+s Routes\s*$/mu);

		pane.keys('j');
		await pane.waitFor(s => /▸ ● Explore|▸ ○ Explore/.test(s), 'the selection to move');
		pane.keys('Enter');
		screen = await pane.waitFor(s => s.includes('Found 4 API routes') && s.includes('status'), 'the detail pane');
		expect(screen).toMatch(/id\s+a8c41f0e92b7d3a15/);
		pane.keys('Escape');
		await pane.waitFor(s => !s.includes('status ') && s.includes('Plan'), 'the list again');
		pane.keys('q');
		await pane.waitFor(s => s.includes('[exit 0]'), 'a clean exit');
	});

	it('t shows the timeline: a bar per agent on a time axis, growing while it runs; NO_COLOR keeps the glyphs', async () => {
		const activity = tempDir('activity-');
		const launcher = installedHook();
		const env = {...sandboxEnv(activity), NO_COLOR: '1'};
		runHook(launcher, event('SubagentStart', 'a8c41f0e92b7d3a15', 'Explore'), hookEnv(activity));
		runHook(launcher, event('SubagentStart', 'b2', 'Plan'), hookEnv(activity));
		runHook(launcher, event('SubagentStop', 'a8c41f0e92b7d3a15', 'Explore', {last_assistant_message: 'Found 4 routes.'}), hookEnv(activity));
		pane = new TmuxPane(`node ${cli}`, 60, 12, env);
		await pane.waitFor(s => s.includes('Plan') && s.includes('Explore'), 'the list');
		pane.keys('t');
		const screen = await pane.waitFor(s => s.includes('at once') && /Plan +.*▶/u.test(s), 'the timeline');
		expect(screen).toMatch(/╵\d\d:\d\d/u);
		expect(screen).toMatch(/Explore +.*─/u);
		for (const line of screen.split('\n')) {
			expect([...line].length).toBeLessThanOrEqual(60);
		}
		pane.keys('t');
		await pane.waitFor(s => !s.includes('at once') && s.includes('Plan'), 'the list again');
		pane.keys('q');
		await pane.waitFor(s => s.includes('[exit 0]'), 'a clean exit');
	});

	it('follows a newer session when it starts', async () => {
		const activity = tempDir('activity-');
		const launcher = installedHook();
		runHook(launcher, event('SubagentStart', 'a1', 'Explore'), hookEnv(activity));
		pane = new TmuxPane(`node ${cli}`, 80, 24, sandboxEnv(activity));
		await pane.waitFor(s => s.includes('session 3f2c9a10'), 'the first session');
		const newer = JSON.stringify({
			session_id: 'bb11aa22-0000-4000-8000-000000000000',
			hook_event_name: 'SubagentStart',
			agent_id: 'z9',
			agent_type: 'Reviewer',
		});
		runHook(launcher, newer, hookEnv(activity));
		const screen = await pane.waitFor(s => s.includes('session bb11aa22') && s.includes('Reviewer'), 'the switch to the newer session');
		expect(screen).not.toContain('Explore');
	});

	it('fits and redraws in small and resized panes, with and without colour', async () => {
		const activity = tempDir('activity-');
		const launcher = installedHook();
		for (let i = 0; i < 12; i++) {
			runHook(launcher, event('SubagentStart', `a${i}`, `type${i}`), hookEnv(activity));
		}
		pane = new TmuxPane(`node ${cli}`, 40, 10, {...sandboxEnv(activity), NO_COLOR: '1'});
		let screen = await pane.waitFor(s => s.includes('type11'), 'the list at 40×10');
		const lines = screen.replace(/\n+$/, '').split('\n');
		expect(lines.length).toBeLessThanOrEqual(9);
		expect(lines.every(l => [...l].length <= 40)).toBe(true);
		expect(screen).toContain('●12');
		// NO_COLOR: no colour escapes on screen.
		// eslint-disable-next-line no-control-regex -- a colour code on screen is what must not be there
		expect(pane.screen(true)).not.toMatch(/\u001B\[(3\d|9\d)(;\d+)*m/);
		pane.resize(220, 12);
		screen = await pane.waitFor(s => s.includes('╔'), 'the strip at 220×12');
		expect(screen.replace(/\n+$/, '').split('\n').length).toBeLessThanOrEqual(11);
		pane.resize(60, 50);
		screen = await pane.waitFor(s => !s.includes('╔') && s.includes('type4 '), 'the list at 60×50');
		expect(screen).toContain('+4 older (a: all)');
	});

	it('runs live without keys when only stdin is not a terminal', async () => {
		const activity = tempDir('activity-');
		runHook(installedHook(), event('SubagentStart', 'a1', 'Explore'), hookEnv(activity));
		pane = new TmuxPane(`node ${cli} < /dev/null`, 80, 24, sandboxEnv(activity));
		const screen = await pane.waitFor(s => s.includes('Explore'), 'the live screen');
		expect(screen).toContain('keys unavailable');
		expect(screen).not.toContain('Raw mode');
		expect(readFileSync(path.join(activity, SESSION, 'a1.json'), 'utf8')).toContain('Explore');
	});
});

describe('agentlog watch without a terminal', () => {
	it('prints one plain snapshot when stdout is not a terminal, and exits 0', () => {
		const activity = tempDir('activity-');
		const launcher = installedHook();
		runHook(launcher, event('SubagentStart', 'a1', 'Explore'), hookEnv(activity));
		runHook(launcher, event('SubagentStop', 'a1', 'Explore', {last_assistant_message: 'Done: 3 files.'}), hookEnv(activity));
		runHook(launcher, event('SubagentStart', 'a2', 'Plan'), hookEnv(activity));
		const r = spawnSync(process.execPath, [cli, 'watch'], {env: withoutForceColor(sandboxEnv(activity)), encoding: 'utf8', timeout: 10_000});
		expect(r.status).toBe(0);
		expect(r.stdout).toContain('session 3f2c9a10');
		expect(r.stdout).toMatch(/○ Explore\s+\d+s Done: 3 files\./);
		expect(r.stdout).toMatch(/● Plan/);
		expect(r.stdout).not.toContain('\u001B[');
		expect(r.stdout).not.toContain('Enter open');
	});

	it('a corrupt file is skipped and counted, never fatal', () => {
		const activity = tempDir('activity-');
		const dir = path.join(activity, SESSION);
		mkdirSync(dir, {recursive: true});
		writeFileSync(
			path.join(dir, '.tmp'),
			'{"agentId": "a1", "type": "Explore", "status": "active", "startedAt": "2026-11-22T10:00:00Z", "updatedAt": "2026-11-22T10:00:00Z"}',
		);
		renameSync(path.join(dir, '.tmp'), path.join(dir, 'a1.json'));
		writeFileSync(path.join(dir, 'half.json'), '{"agentId": "a2", "ty');
		const r = spawnSync(process.execPath, [cli, 'watch', SESSION.slice(0, 6)], {env: {...process.env, ...sandboxEnv(activity)}, encoding: 'utf8'});
		expect(r.status).toBe(0);
		expect(r.stdout).toContain('⚠ 1 unreadable file');
		expect(r.stdout).toContain('Explore');
	});

	it('exits 1 with the closest sessions for an unknown session, and 2 for a bad option', () => {
		const activity = tempDir('activity-');
		runHook(installedHook(), event('SubagentStart', 'a1', 'Explore'), hookEnv(activity));
		const unknown = spawnSync(process.execPath, [cli, 'watch', '3f2c9a1x'], {env: {...process.env, ...sandboxEnv(activity)}, encoding: 'utf8'});
		expect(unknown.status).toBe(1);
		expect(unknown.stderr).toContain('no session matches "3f2c9a1x"');
		expect(unknown.stderr).toContain(SESSION);
		const bad = spawnSync(process.execPath, [cli, 'watch', '--stale', 'soon'], {env: {...process.env, ...sandboxEnv(activity)}, encoding: 'utf8'});
		expect(bad.status).toBe(2);
		expect(bad.stderr).toContain('--stale');
	});
});
