// agentlog doctor through the built CLI (bin/agentlog.js), with HOME, CLAUDE_CONFIG_DIR and
// AGENTLOG_DIR in temp folders: a healthy install (install-hook, then one event through the
// installed launcher), a settings file without the hook, a launcher that is not executable,
// disableAllHooks, another tool's launcher, a hostile hook log.
import {spawnSync} from 'node:child_process';
import {chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {beforeEach, describe, expect, it} from 'vitest';
import {packageRoot} from '../../../src/store/settings/assets.js';
import {HOSTILE, RAW_CONTROL} from '../../helpers/hostile.js';
import {tempDir} from '../../helpers/tmp.js';

const cli = path.join(packageRoot(), 'bin', 'agentlog.js');

let home: string;
let claude: string;
let activity: string;
let cwd: string;

beforeEach(() => {
	home = tempDir('doctor-home-');
	claude = path.join(home, '.claude');
	activity = path.join(home, 'activity');
	cwd = tempDir('doctor-cwd-');
});

function env(): NodeJS.ProcessEnv {
	return {PATH: process.env.PATH, HOME: home, CLAUDE_CONFIG_DIR: claude, AGENTLOG_DIR: activity, FORCE_COLOR: '0'};
}

function agentlog(...args: string[]): {status: number | null; stdout: string; stderr: string} {
	const r = spawnSync(process.execPath, [cli, ...args], {cwd, env: env(), encoding: 'utf8', timeout: 30_000});
	return {status: r.status, stdout: r.stdout, stderr: r.stderr};
}

interface Check {
	id: string;
	ok: boolean;
	level: 'ok' | 'warn' | 'fail';
	summary: string;
	detail?: string[];
	fix?: string;
}

function doctorJson(): {status: number | null; ok: boolean; checks: Check[]} {
	const r = agentlog('doctor', '--json');
	const parsed = JSON.parse(r.stdout) as {ok: boolean; checks: Check[]};
	return {status: r.status, ...parsed};
}

const byId = (checks: Check[], id: string): Check => {
	const found = checks.find(c => c.id === id);
	if (!found) {
		throw new Error(`no check ${id}`);
	}
	return found;
};

const launcher = (): string => path.join(claude, 'hooks', 'agent-spy.sh');
const userSettings = (): string => path.join(claude, 'settings.json');

/** install-hook, then one SubagentStart through the installed launcher (a heartbeat). */
function healthyInstall(): void {
	const install = agentlog('install-hook');
	expect(install.status).toBe(0);
	const payload = JSON.stringify({
		session_id: 's1',
		transcript_path: '/x/s1.jsonl',
		cwd: '/x',
		hook_event_name: 'SubagentStart',
		agent_id: 'a1',
		agent_type: 'Explore',
	});
	const r = spawnSync(launcher(), [], {input: payload, env: env(), encoding: 'utf8'});
	expect(r.status).toBe(0);
	expect(existsSync(path.join(activity, 's1', 'events.jsonl'))).toBe(true);
}

describe('agentlog doctor', () => {
	it('passes on a healthy install, says where the hook is and when it last ran, and leaves nothing behind', () => {
		healthyInstall();
		const before = readdirSync(activity).sort();
		const text = agentlog('doctor');
		expect(text.status).toBe(0);
		expect(text.stdout).toContain('All checks passed');
		expect(text.stdout).toContain(`✓ agentlog's hook is registered for every event`);
		expect(text.stdout).toContain(`${userSettings()} (user): every event`);
		expect(text.stdout).toMatch(/✓ last SubagentStart \d+s ago/u);
		expect(text.stdout).not.toContain('✗');
		const json = doctorJson();
		expect(json.status).toBe(0);
		expect(json.ok).toBe(true);
		expect(json.checks.map(c => c.id)).toEqual([
			'hooks-disabled',
			'hook-registered',
			'hook-duplicates',
			'stop-control',
			'hook-script',
			'hook-node',
			'hook-version',
			'activity-folder',
			'heartbeat',
			'hook-log',
			'codex',
			'gemini',
			'qwen',
			'opencode',
		]);
		// No Codex, Gemini or Qwen folder and no opencode database here: notes, not failures (doctor-codex.test.ts has the rest).
		for (const id of ['codex', 'gemini', 'qwen', 'opencode']) {
			expect(byId(json.checks, id)).toMatchObject({ok: true, level: 'note'});
		}
		// Installed without --control: the stop is off, a note that says how to turn it on.
		expect(byId(json.checks, 'stop-control')).toMatchObject({ok: true, level: 'note', fix: expect.stringContaining('install-hook --control') as unknown});
		expect(
			json.checks.filter(c => !['codex', 'gemini', 'qwen', 'opencode', 'stop-control'].includes(c.id)).every(c => c.level === 'ok' && c.fix === undefined),
		).toBe(true);
		expect(byId(json.checks, 'hook-node').summary).toMatch(/runs Node v\d+/u);
		// The writability probe is gone.
		expect(readdirSync(activity).sort()).toEqual(before);
	});

	it('right after a correct install, with no event yet: a warning that it waits for the first event, and exit 0', () => {
		expect(agentlog('install-hook').status).toBe(0);
		const text = agentlog('doctor');
		expect(text.status).toBe(0);
		expect(text.stdout).toContain('! waiting for the first event from the hook');
		expect(text.stdout).not.toContain('✗');
		const json = doctorJson();
		expect(json.status).toBe(0);
		expect(byId(json.checks, 'heartbeat')).toMatchObject({level: 'warn'});
	});

	it('on a fresh install, a first event with no activity folder logs nothing, makes no session folder, and doctor sees it', () => {
		expect(agentlog('install-hook').status).toBe(0);
		expect(existsSync(activity)).toBe(false);
		const start = JSON.stringify({session_id: 's1', transcript_path: '/x/s1.jsonl', cwd: '/x', hook_event_name: 'SessionStart', source: 'startup'});
		const r = spawnSync(launcher(), [], {input: start, env: env(), encoding: 'utf8'});
		expect([r.status, r.stdout, r.stderr]).toEqual([0, '', '']);
		// The session's start is kept for its first agent; no session folder, no hook log (was: ENOENT on the prune lock).
		expect(readdirSync(activity).sort()).toEqual(['.agentlog-prune-stamp', '.agentlog-session-starts.jsonl']);
		let json = doctorJson();
		expect(byId(json.checks, 'heartbeat')).toMatchObject({level: 'ok'});
		expect(byId(json.checks, 'heartbeat').summary).toMatch(/^last SessionStart /u);
		expect(byId(json.checks, 'hook-log')).toMatchObject({level: 'ok'});
		healthyInstall();
		expect(readdirSync(activity)).not.toContain('.agentlog-hook.log');
		json = doctorJson();
		expect(byId(json.checks, 'hook-log')).toMatchObject({level: 'ok'});
		expect(byId(json.checks, 'activity-folder')).toMatchObject({level: 'ok'});
	});

	it('fails when AGENTLOG_DIR is Claude Code’s own folder; the hook records but never prunes there', () => {
		activity = claude;
		mkdirSync(path.join(claude, 'projects', '-x'), {recursive: true});
		writeFileSync(path.join(claude, 'projects', '-x', 's0.jsonl'), '{}\n');
		mkdirSync(path.join(claude, 'todos'));
		writeFileSync(path.join(claude, 'todos', 's0-agent-s0.json'), '[]');
		const old = new Date(Date.now() - 90 * 24 * 3600 * 1000);
		for (const dir of [path.join(claude, 'projects', '-x'), path.join(claude, 'projects'), path.join(claude, 'todos')]) {
			utimesSync(dir, old, old);
		}
		healthyInstall();
		expect(readFileSync(path.join(claude, 'projects', '-x', 's0.jsonl'), 'utf8')).toBe('{}\n');
		expect(readFileSync(path.join(claude, 'todos', 's0-agent-s0.json'), 'utf8')).toBe('[]');
		const log = readFileSync(path.join(claude, '.agentlog-hook.log'), 'utf8');
		expect(log.match(/daily prune: refused: .*is Claude Code's own folder \(it holds projects, todos, settings.json\)/gu)).toHaveLength(1);
		const json = doctorJson();
		expect(json.status).toBe(1);
		const folder = byId(json.checks, 'activity-folder');
		expect(folder).toMatchObject({level: 'fail'});
		expect(folder.summary).toContain("is Claude Code's own folder");
		expect(folder.fix).toContain(path.join(claude, 'agent-activity'));
		const prune = agentlog('prune');
		expect(prune.status).toBe(1);
		expect(prune.stderr).toContain("is Claude Code's own folder");
		expect(prune.stderr).toContain('nothing was removed');
		expect(existsSync(path.join(claude, 'projects', '-x', 's0.jsonl'))).toBe(true);
	});

	it('fails when the settings file does not have the hook', () => {
		healthyInstall();
		writeFileSync(userSettings(), '{\n  "model": "opus"\n}\n');
		const r = agentlog('doctor');
		expect(r.status).toBe(1);
		expect(r.stdout).toContain(`✗ agentlog's hook (${launcher()}) is registered in no settings file`);
		expect(r.stdout).toContain(`${userSettings()} (user): no agentlog hook`);
		expect(r.stdout).toContain('→ run agentlog install-hook');
		const json = doctorJson();
		expect(json.ok).toBe(false);
		expect(byId(json.checks, 'hook-registered')).toMatchObject({ok: false, level: 'fail'});
	});

	it('names the events that are missing (PostToolUse with its matcher)', () => {
		healthyInstall();
		const settings = JSON.parse(readFileSync(userSettings(), 'utf8')) as {hooks: Record<string, unknown>};
		delete settings.hooks.PostToolUse;
		writeFileSync(userSettings(), JSON.stringify(settings));
		const check = byId(doctorJson().checks, 'hook-registered');
		expect(check.level).toBe('fail');
		expect(check.summary).toBe("agentlog's hook is not registered for PostToolUse");
		expect(check.detail).toContain('PostToolUse needs the matcher "Agent|Task"');
	});

	it('fails when the hook script is not executable', () => {
		healthyInstall();
		chmodSync(launcher(), 0o644);
		const r = agentlog('doctor');
		expect(r.status).toBe(1);
		expect(r.stdout).toContain(`✗ the hook launcher ${launcher()} is not executable`);
		expect(r.stdout).toContain(`→ chmod +x ${launcher()}`);
	});

	it('fails on disableAllHooks: true, naming the file', () => {
		healthyInstall();
		mkdirSync(path.join(cwd, '.claude'));
		writeFileSync(path.join(cwd, '.claude', 'settings.local.json'), '{"disableAllHooks": true}\n');
		const r = agentlog('doctor');
		expect(r.status).toBe(1);
		expect(r.stdout).toContain(`✗ hooks are switched off: disableAllHooks: true in ${path.join(cwd, '.claude', 'settings.local.json')} (local)`);
		const json = doctorJson();
		expect(byId(json.checks, 'hooks-disabled').level).toBe('fail');
		// Everything else is still fine.
		expect(json.checks.filter(c => c.level === 'fail').map(c => c.id)).toEqual(['hooks-disabled']);
	});

	it("says when the launcher at the path is another tool's (claude-code-kanban's)", () => {
		healthyInstall();
		writeFileSync(launcher(), '#!/bin/bash\n# claude-code-kanban agent-spy\ncat >/dev/null\n');
		const check = byId(doctorJson().checks, 'hook-script');
		expect(check.level).toBe('fail');
		expect(check.summary).toContain("is not agentlog's launcher (claude-code-kanban");
		expect(check.fix).toContain('agent-spy.sh.agentlog-backup');
	});

	it('warns when the installed hook differs from this build, and about a plugin copy', () => {
		healthyInstall();
		writeFileSync(path.join(claude, 'hooks', 'agent-spy.cjs'), '// an older build\n');
		const pluginHooks = path.join(claude, 'plugins', 'cache', 'kanban', 'hooks');
		mkdirSync(pluginHooks, {recursive: true});
		writeFileSync(
			path.join(pluginHooks, 'hooks.json'),
			JSON.stringify({hooks: {SubagentStart: [{hooks: [{type: 'command', command: '${CLAUDE_PLUGIN_ROOT}/hooks/agent-spy.sh'}]}]}}),
		);
		const json = doctorJson();
		expect(json.status).toBe(0);
		expect(byId(json.checks, 'hook-version')).toMatchObject({level: 'warn', fix: 'run agentlog install-hook to update it'});
		const dup = byId(json.checks, 'hook-duplicates');
		expect(dup.level).toBe('warn');
		expect(dup.detail?.[0]).toContain(path.join(pluginHooks, 'hooks.json'));
	});

	it('passes with the agentlog plugin alone, and warns with both the plugin and install-hook', () => {
		// The plugin as Claude Code keeps it: a copy of the repository's plugin files in its cache.
		const root = packageRoot();
		const plugin = path.join(claude, 'plugins', 'cache', 'agentlog', 'agentlog', '0.1.0');
		for (const file of ['.claude-plugin/plugin.json', 'hooks/hooks.json', 'hooks/agent-spy.sh', 'hooks/agent-spy.cjs', 'hooks/agent-prune.cjs']) {
			mkdirSync(path.dirname(path.join(plugin, file)), {recursive: true});
			writeFileSync(path.join(plugin, file), readFileSync(path.join(root, file)));
		}
		mkdirSync(claude, {recursive: true});
		writeFileSync(userSettings(), JSON.stringify({enabledPlugins: {'agentlog@agentlog': true}}));
		const alone = doctorJson();
		expect(byId(alone.checks, 'hook-registered')).toMatchObject({
			level: 'ok',
			summary: expect.stringContaining('runs from the Claude Code plugin agentlog@agentlog') as string,
		});
		expect(byId(alone.checks, 'hook-script')).toMatchObject({level: 'ok', summary: expect.stringContaining('runs from the Claude Code plugin') as string});
		expect(byId(alone.checks, 'hook-node').level).toBe('ok');
		expect(byId(alone.checks, 'hook-duplicates').level).toBe('ok');

		agentlog('install-hook');
		const r = agentlog('doctor');
		expect(r.stdout).toContain('! the hook may run more than once per event');
		expect(r.stdout).toContain('agentlog is installed twice: as the Claude Code plugin agentlog@agentlog');
		expect(r.stdout).toContain('→ keep one: `/plugin uninstall agentlog@agentlog`');
	});

	it('warns without any event yet (exit 0), and shows the hook log safely', () => {
		agentlog('install-hook');
		mkdirSync(activity, {recursive: true});
		const at = new Date().toISOString();
		writeFileSync(
			path.join(activity, '.agentlog-hook.log'),
			`${at} skipped: SubagentStart with empty agent_type (internal agent)\n${at} skipped: stdin is not JSON (3 characters)${HOSTILE.title}${HOSTILE.bidi}\n`,
		);
		const r = agentlog('doctor');
		expect(r.status).toBe(0);
		expect(r.stdout).toContain('! waiting for the first event from the hook');
		expect(r.stdout).toContain("! 1 problem in the hook's log");
		expect(r.stdout).toContain('skipped: stdin is not JSON (3 characters)');
		expect(r.stdout).not.toContain('internal agent');
		expect(r.stdout).not.toMatch(RAW_CONTROL);
		// JSON keeps the exact text (escaped where a terminal could act on it).
		const log = byId(doctorJson().checks, 'hook-log');
		expect(log.detail?.[0]).toContain(`stdin is not JSON (3 characters)${HOSTILE.title}${HOSTILE.bidi}`);
	});
});
