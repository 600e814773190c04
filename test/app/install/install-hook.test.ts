import {execFileSync, spawnSync} from 'node:child_process';
import {chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest';
import {isCodeCacheName} from '../../../src/core/install/code-cache.js';
import {hookAssets, packageRoot} from '../../../src/store/settings/assets.js';
import {readSettingsFile, unchangedSince} from '../../../src/store/settings/hook-files.js';
import {runInstall, type HookContext} from '../../../src/app/install/install-hook.js';
import {runUninstall} from '../../../src/app/install/uninstall-hook.js';
import {tempDir} from '../../helpers/tmp.js';
import {runMain} from '../../helpers/run-main.js';

const ROOT = packageRoot();
const EVENTS = [
	'SubagentStart',
	'SubagentStop',
	'TeammateIdle',
	'PostToolUse',
	'SessionStart',
	'SessionEnd',
	'PermissionRequest',
	'Notification',
	'StopFailure',
];
const PAYLOAD = JSON.stringify({
	session_id: 's1',
	transcript_path: '/x/s1.jsonl',
	cwd: '/x',
	hook_event_name: 'SubagentStart',
	agent_id: 'a1',
	agent_type: 'Explore',
});
const KANBAN_SCRIPT = '#!/bin/bash\n# claude-code-kanban agent-spy\nINPUT=$(cat)\necho "$INPUT" | jq -r .agent_id >/dev/null\n';

let home: string;
let claude: string;
const savedEnv = {HOME: process.env.HOME, CLAUDE_CONFIG_DIR: process.env.CLAUDE_CONFIG_DIR};

beforeAll(() => {
	if (!existsSync(path.join(ROOT, 'dist', 'cli', 'agentlog.cjs')) || !existsSync(hookAssets(ROOT).script)) {
		execFileSync('npm', ['run', 'build'], {cwd: ROOT, stdio: 'ignore'});
	}
}, 120_000);

beforeEach(() => {
	home = tempDir('home-');
	claude = path.join(home, '.claude');
	process.env.HOME = home;
	process.env.CLAUDE_CONFIG_DIR = claude;
});

afterEach(() => {
	process.env.HOME = savedEnv.HOME;
	process.env.CLAUDE_CONFIG_DIR = savedEnv.CLAUDE_CONFIG_DIR;
	process.exitCode = undefined;
	vi.restoreAllMocks();
});

const run = runMain;

const settingsFile = (): string => path.join(claude, 'settings.json');
const launcher = (): string => path.join(claude, 'hooks', 'agent-spy.sh');
const bundle = (): string => path.join(claude, 'hooks', 'agent-spy.cjs');
const pruneBundle = (): string => path.join(claude, 'hooks', 'agent-prune.cjs');
const ours = (): string => launcher();

/** Every file under `dir` with its bytes and mode (symlinks as their link text). */
function snapshot(dir: string): Record<string, string> {
	const out: Record<string, string> = {};
	const walk = (d: string): void => {
		for (const name of readdirSync(d)) {
			const p = path.join(d, name);
			const st = lstatSync(p);
			if (st.isDirectory()) {
				out[`${p}/`] = '';
				walk(p);
			} else {
				out[p] = `${st.mode.toString(8)} ${st.isSymbolicLink() ? 'link' : readFileSync(p, 'base64')}`;
			}
		}
	};
	walk(dir);
	return out;
}

function hooksOf(file: string): Record<string, unknown[]> {
	return (JSON.parse(readFileSync(file, 'utf8')) as {hooks: Record<string, unknown[]>}).hooks;
}

const ourEntry = (event = 'SubagentStart'): unknown => ({
	...(event === 'PostToolUse'
		? {matcher: 'Agent|Task'}
		: event === 'Notification'
			? {matcher: 'permission_prompt|idle_prompt|agent_needs_input|elicitation_dialog'}
			: {}),
	hooks: [{type: 'command', command: ours(), timeout: 5}],
});

function runHook(script: string, activity: string, extraEnv: Record<string, string> = {}): void {
	execFileSync('/bin/sh', ['-c', script], {input: PAYLOAD, env: {PATH: process.env.PATH ?? '', AGENTLOG_DIR: activity, ...extraEnv}});
}

describe('install-hook', () => {
	it('creates a missing settings file and installs working hook files', async () => {
		const result = await run('install-hook');
		expect(result).toMatchObject({code: 0, stderr: ''});
		expect(result.stdout).toContain("Installed agentlog's hook.");
		expect(result.stdout).toContain(
			`added SubagentStart, SubagentStop, TeammateIdle, PostToolUse, SessionStart, SessionEnd, PermissionRequest, Notification, StopFailure → ${ours()}`,
		);
		expect(result.stdout).toContain(`wrote ${launcher()}`);
		expect(result.stdout).toContain('restart or a review in /hooks');
		expect(readFileSync(settingsFile(), 'utf8')).toBe(`${JSON.stringify({hooks: Object.fromEntries(EVENTS.map(e => [e, [ourEntry(e)]]))}, null, 2)}\n`);
		expect(existsSync(`${settingsFile()}.agentlog-backup`)).toBe(false);

		const sh = readFileSync(launcher(), 'utf8');
		expect(statSync(launcher()).mode & 0o777).toBe(0o755);
		expect(sh).not.toContain('@AGENTLOG_NODE@');
		expect(sh).toContain(`node_bin='${process.execPath}'`);
		expect(readFileSync(bundle())).toEqual(readFileSync(hookAssets().script));
		expect(readFileSync(pruneBundle())).toEqual(readFileSync(hookAssets().prune));
		expect(result.stdout).toContain(`wrote ${pruneBundle()}`);

		// The installed hook runs, here through the Node fallback (no node on PATH).
		const activity = tempDir('activity-');
		runHook(ours(), activity, {PATH: '/nonexistent'});
		expect(JSON.parse(readFileSync(path.join(activity, 's1', 'a1.json'), 'utf8'))).toMatchObject({agentId: 'a1', type: 'Explore', status: 'active'});
	});

	it('on a fresh machine, uninstall gives back the folder as it was: no settings file, no backup, no hooks folder', async () => {
		expect(existsSync(claude)).toBe(false);
		expect((await run('install-hook')).code).toBe(0);
		const dry = await run('uninstall-hook', '--dry-run');
		expect(dry.stdout).toContain(`would remove ${settingsFile()}: install-hook created it, and nothing else is in it`);
		expect(dry.stdout).toContain('+++ /dev/null');
		const removed = await run('uninstall-hook');
		expect(removed.code).toBe(0);
		expect(removed.stdout).toContain(`removed ${settingsFile()}: install-hook created it`);
		expect(removed.stdout).not.toContain('backed up');
		expect(readdirSync(claude)).toEqual([]);
	});

	it("keeps a settings file install-hook created once something else is in it, without a backup of agentlog's entries", async () => {
		expect((await run('install-hook')).code).toBe(0);
		const installed = JSON.parse(readFileSync(settingsFile(), 'utf8')) as object;
		writeFileSync(settingsFile(), `${JSON.stringify({...installed, model: 'opus'}, null, 2)}\n`);
		const removed = await run('uninstall-hook');
		expect(removed.code).toBe(0);
		expect(JSON.parse(readFileSync(settingsFile(), 'utf8'))).toEqual({model: 'opus'});
		expect(existsSync(`${settingsFile()}.agentlog-backup`)).toBe(false);
		expect(removed.stdout).not.toContain('backed up');
	});

	it('treats an empty or whitespace-only file as {} and backs it up', async () => {
		mkdirSync(claude, {recursive: true});
		for (const content of ['', '  \n\n']) {
			rmSync(`${settingsFile()}.agentlog-backup`, {force: true});
			writeFileSync(settingsFile(), content, {mode: 0o600});
			chmodSync(settingsFile(), 0o600);
			await expect(run('install-hook')).resolves.toMatchObject({code: 0});
			expect(Object.keys(hooksOf(settingsFile()))).toEqual(EVENTS);
			expect(readFileSync(`${settingsFile()}.agentlog-backup`, 'utf8')).toBe(content);
			expect(statSync(settingsFile()).mode & 0o777).toBe(0o600);
			await run('uninstall-hook');
			expect(readFileSync(settingsFile(), 'utf8')).toBe('{}\n');
		}
	}, 30_000);

	it("keeps other keys and other tools' hooks in order, and backs up the original once", async () => {
		mkdirSync(claude, {recursive: true});
		const original = {
			model: 'opus',
			hooks: {
				PreToolUse: [{matcher: 'Bash', hooks: [{type: 'command', command: 'guard.sh'}]}],
				SubagentStop: [{matcher: '', hooks: [{type: 'command', command: 'notify.sh'}]}],
			},
			permissions: {allow: ['Bash(ls)']},
		};
		const text = `${JSON.stringify(original, null, 2)}\n`;
		writeFileSync(settingsFile(), text, {mode: 0o640});
		chmodSync(settingsFile(), 0o640);
		const result = await run('install-hook');
		expect(result.code).toBe(0);
		expect(result.stdout).toContain(`backed up the original settings to ${settingsFile()}.agentlog-backup`);
		expect(result.stdout).not.toContain('2-space');
		const after = JSON.parse(readFileSync(settingsFile(), 'utf8')) as typeof original & {hooks: Record<string, unknown[]>};
		expect(Object.keys(after)).toEqual(['model', 'hooks', 'permissions']);
		expect(Object.keys(after.hooks)).toEqual([
			'PreToolUse',
			'SubagentStop',
			'SubagentStart',
			'TeammateIdle',
			'PostToolUse',
			'SessionStart',
			'SessionEnd',
			'PermissionRequest',
			'Notification',
			'StopFailure',
		]);
		expect(after.hooks.PreToolUse).toEqual(original.hooks.PreToolUse);
		expect(after.hooks.SubagentStop).toEqual([original.hooks.SubagentStop[0], ourEntry()]);
		expect(after.permissions).toEqual(original.permissions);
		expect(readFileSync(`${settingsFile()}.agentlog-backup`, 'utf8')).toBe(text);
		expect(statSync(settingsFile()).mode & 0o777).toBe(0o640);

		// Install → install: byte-identical, says so; → uninstall: the original bytes.
		const installed = readFileSync(settingsFile());
		const mtime = statSync(settingsFile()).mtimeMs;
		const again = await run('install-hook');
		expect(again).toMatchObject({code: 0, stderr: ''});
		expect(again.stdout).toMatch(/already installed in .*; nothing changed/);
		expect(readFileSync(settingsFile())).toEqual(installed);
		expect(statSync(settingsFile()).mtimeMs).toBe(mtime);

		// A run of the installed hook leaves its code cache beside it; uninstall removes it too.
		runHook(ours(), tempDir('activity-'), {HOME: home});
		const cache = readdirSync(path.join(claude, 'hooks')).find(name => isCodeCacheName(name));
		expect(cache).toBeDefined();
		writeFileSync(`${settingsFile()}.agentlog-backup`, 'kept');
		const removed = await run('uninstall-hook');
		expect(removed.code).toBe(0);
		expect(removed.stdout).toContain(
			'removed SubagentStart, SubagentStop, TeammateIdle, PostToolUse, SessionStart, SessionEnd, PermissionRequest, Notification',
		);
		expect(removed.stdout).toContain(`removed ${path.join(claude, 'hooks', cache ?? '')}`);
		// The hooks folder held only agentlog's files: it goes with them.
		expect(existsSync(path.join(claude, 'hooks'))).toBe(false);
		expect(readFileSync(settingsFile(), 'utf8')).toBe(text);
		expect(readFileSync(`${settingsFile()}.agentlog-backup`, 'utf8')).toBe('kept');
		expect(existsSync(launcher())).toBe(false);
		expect(existsSync(bundle())).toBe(false);
		expect(existsSync(pruneBundle())).toBe(false);
	});

	it('changes only the bytes of its entries, in the style of the file, and uninstall gives the original back', async () => {
		mkdirSync(claude, {recursive: true});
		const originals = [
			'{"model":"opus","n":12345678901234567890,"f":1.0}',
			'{\r\n\t"model": "caf\\u00e9",\r\n\t"model": "dup",\r\n\t"hooks": {\r\n\t\t"SubagentStop": [\r\n\t\t\t{"hooks": [{"type": "command", "command": "notify.sh"}]}\r\n\t\t]\r\n\t}\r\n}',
			'{\n    "hooks": {},\n    "x": 1.50\n}\n',
		];
		for (const original of originals) {
			rmSync(`${settingsFile()}.agentlog-backup`, {force: true});
			writeFileSync(settingsFile(), original);
			const result = await run('install-hook');
			expect(result).toMatchObject({code: 0, stderr: ''});
			const installed = readFileSync(settingsFile(), 'utf8');
			expect(Object.keys(hooksOf(settingsFile()))).toEqual(expect.arrayContaining(EVENTS));
			expect(installed.includes('\r\n')).toBe(original.includes('\r\n'));
			expect(installed.includes('\n')).toBe(original.includes('\n'));
			expect(installed.endsWith('}')).toBe(original.endsWith('}'));
			expect(installed).toContain(
				original.includes('12345678901234567890')
					? '12345678901234567890,"f":1.0'
					: original.includes('1.50')
						? '"x": 1.50'
						: '"model": "caf\\u00e9",\r\n\t"model": "dup"',
			);
			const again = await run('install-hook');
			expect(again.code).toBe(0);
			expect(again.stdout).toContain('nothing changed');
			await expect(run('uninstall-hook')).resolves.toMatchObject({code: 0});
			expect(readFileSync(settingsFile(), 'utf8')).toBe(original);
		}
	}, 30_000);

	const invalid: [string, string, RegExp][] = [
		['a trailing comma', '{\n  "model": "opus",\n}\n', /line 3, column 1\b/],
		['a BOM', '\uFEFF{\n  "model": "opus"\n}\n', /line 1, column 1\b.*byte-order mark/],
		['a truncated file', '{\n  "hooks": {\n    "SubagentStart": [', /line 3, column 23\b.*end of file/],
		['a top level that is not an object', '["a"]\n', /top level is an array/],
		['hooks that is not an object', '{"hooks": "none"}\n', /"hooks" is a string/],
		['an event that is not an array', '{"hooks": {"SubagentStop": {"hooks": []}}}\n', /"hooks.SubagentStop" is an object, not an array/],
	];
	for (const [name, content, message] of invalid) {
		it(`refuses ${name} and writes nothing`, async () => {
			mkdirSync(claude, {recursive: true});
			writeFileSync(settingsFile(), content);
			const before = snapshot(claude);
			for (const command of ['install-hook', 'uninstall-hook']) {
				const result = await run(command);
				expect(result.code).toBe(1);
				expect(result.stdout).toBe('');
				expect(result.stderr).toContain(`agentlog: ${settingsFile()} is not a usable settings file`);
				expect(result.stderr).toMatch(message);
				expect(snapshot(claude)).toEqual(before);
			}
			expect(existsSync(path.join(claude, 'hooks'))).toBe(false);
		});
	}

	it('writes the target of a symlinked settings file and keeps the link', async () => {
		const dotfiles = tempDir('dotfiles-');
		const real = path.join(dotfiles, 'claude-settings.json');
		writeFileSync(real, '{\n  "theme": "dark"\n}\n');
		mkdirSync(claude, {recursive: true});
		symlinkSync(real, settingsFile());
		const result = await run('install-hook');
		expect(result.code).toBe(0);
		expect(result.stdout).toContain(`(symlink to ${real})`);
		expect(lstatSync(settingsFile()).isSymbolicLink()).toBe(true);
		expect(Object.keys(hooksOf(real))).toEqual(EVENTS);
		expect(readFileSync(`${real}.agentlog-backup`, 'utf8')).toBe('{\n  "theme": "dark"\n}\n');
		expect(existsSync(`${settingsFile()}.agentlog-backup`)).toBe(false);

		await run('uninstall-hook');
		expect(lstatSync(settingsFile()).isSymbolicLink()).toBe(true);
		expect(readFileSync(real, 'utf8')).toBe('{\n  "theme": "dark"\n}\n');
	});

	it('--dry-run shows the change and writes nothing', async () => {
		mkdirSync(claude, {recursive: true});
		writeFileSync(settingsFile(), '{\n  "model": "opus"\n}\n');
		const before = snapshot(home);
		const result = await run('install-hook', '--dry-run');
		expect(result.code).toBe(0);
		expect(result.stdout).toContain('Dry run: nothing is written.');
		expect(result.stdout).toContain(
			'would add SubagentStart, SubagentStop, TeammateIdle, PostToolUse, SessionStart, SessionEnd, PermissionRequest, Notification',
		);
		expect(result.stdout).toContain(`would write ${launcher()}`);
		expect(result.stdout).toContain(`--- ${settingsFile()}`);
		expect(result.stdout).toContain('-  "model": "opus"\n+  "model": "opus",\n+  "hooks": {\n+    "SubagentStart": [');
		expect(snapshot(home)).toEqual(before);

		await run('install-hook');
		const installed = snapshot(home);
		const dryUninstall = await run('uninstall-hook', '--dry-run');
		expect(dryUninstall.stdout).toContain(
			'would remove SubagentStart, SubagentStop, TeammateIdle, PostToolUse, SessionStart, SessionEnd, PermissionRequest, Notification',
		);
		expect(dryUninstall.stdout).toContain(`would remove ${bundle()}`);
		expect(snapshot(home)).toEqual(installed);
	});

	it("backs up claude-code-kanban's agent-spy.sh, reuses its entries, and restores it on uninstall", async () => {
		mkdirSync(path.join(claude, 'hooks'), {recursive: true});
		writeFileSync(launcher(), KANBAN_SCRIPT, {mode: 0o755});
		const kanbanEntry = {matcher: '', hooks: [{type: 'command', command: '~/.claude/hooks/agent-spy.sh', timeout: 5}]};
		const hooks = Object.fromEntries(EVENTS.map(event => [event, [kanbanEntry]]));
		const text = `${JSON.stringify({hooks}, null, 2)}\n`;
		writeFileSync(settingsFile(), text);

		const result = await run('install-hook');
		expect(result.code).toBe(0);
		expect(result.stdout).toContain(`is not agentlog's (claude-code-kanban installs one there): backed it up to ${launcher()}.agentlog-backup`);
		expect(result.stdout).toContain('SubagentStart: already runs ~/.claude/hooks/agent-spy.sh; left as it is');
		expect(readFileSync(settingsFile(), 'utf8')).toBe(text);
		expect(readFileSync(`${launcher()}.agentlog-backup`, 'utf8')).toBe(KANBAN_SCRIPT);
		expect(readFileSync(launcher(), 'utf8')).toContain("agentlog's agent-spy hook launcher");

		// kanban's own entry (`~/...`) now runs agentlog's hook.
		const activity = tempDir('activity-');
		runHook('~/.claude/hooks/agent-spy.sh', activity, {HOME: home});
		expect(existsSync(path.join(activity, 's1', 'a1.json'))).toBe(true);

		const again = await run('install-hook');
		expect(again.code).toBe(0);
		expect(again.stdout).toContain('nothing changed');

		const removed = await run('uninstall-hook');
		expect(removed.code).toBe(0);
		expect(removed.stdout).toContain(`restored the previous ${launcher()} (not agentlog's) from ${launcher()}.agentlog-backup`);
		expect(readFileSync(launcher(), 'utf8')).toBe(KANBAN_SCRIPT);
		expect(statSync(launcher()).mode & 0o777).toBe(0o755);
		expect(existsSync(`${launcher()}.agentlog-backup`)).toBe(false);
		expect(existsSync(bundle())).toBe(false);
		expect(readFileSync(settingsFile(), 'utf8')).toBe(text);
	});

	it('never overwrites an earlier backup of a foreign agent-spy.sh', async () => {
		mkdirSync(path.join(claude, 'hooks'), {recursive: true});
		writeFileSync(`${launcher()}.agentlog-backup`, 'older\n');
		writeFileSync(launcher(), KANBAN_SCRIPT);
		const result = await run('install-hook');
		expect(result.stdout).toContain(`backed it up to ${launcher()}.agentlog-backup-2`);
		expect(readFileSync(`${launcher()}.agentlog-backup`, 'utf8')).toBe('older\n');
		expect(readFileSync(`${launcher()}.agentlog-backup-2`, 'utf8')).toBe(KANBAN_SCRIPT);
	});

	it('--project writes ./.claude/settings.json under the current folder; hook files stay in <claude>/hooks', async () => {
		const project = tempDir('project-');
		const cwd = process.cwd();
		process.chdir(project);
		try {
			const result = await run('install-hook', '--project');
			expect(result.code).toBe(0);
			expect(result.stdout).toContain(`created the folder ${path.join(project, '.claude')}`);
			const projectSettings = path.join(project, '.claude', 'settings.json');
			expect(Object.keys(hooksOf(projectSettings))).toEqual(EVENTS);
			expect(hooksOf(projectSettings).SubagentStart).toEqual([ourEntry()]);
			expect(existsSync(settingsFile())).toBe(false);
			expect(existsSync(launcher())).toBe(true);

			// The user settings also use the hook: uninstalling from the project keeps the files.
			await run('install-hook');
			const removed = await run('uninstall-hook', '--project');
			expect(removed.stdout).toContain(`still uses them`);
			expect(existsSync(launcher())).toBe(true);
			// install-hook created the project's settings file and nothing else went in: it is gone again.
			expect(existsSync(projectSettings)).toBe(false);
		} finally {
			process.chdir(cwd);
		}
	});

	it('--settings refuses a missing folder unless --create; with --project it is a usage error (exit 2)', async () => {
		const dir = path.join(tempDir('custom-'), 'nested');
		const file = path.join(dir, 'my-settings.json');
		for (const args of [[], ['--dry-run']]) {
			const refused = await run('install-hook', '--settings', file, ...args);
			expect(refused).toMatchObject({code: 1, stdout: ''});
			expect(refused.stderr).toContain(`agentlog: ${file}: folder ${dir} does not exist. Pass --create to create it`);
			expect(existsSync(dir)).toBe(false);
			expect(existsSync(claude)).toBe(false);
		}
		const created = await run('install-hook', '--settings', file, '--create');
		expect(created.code).toBe(0);
		expect(created.stdout).toContain(`created the folder ${dir}`);
		expect(Object.keys(hooksOf(file))).toEqual(EVENTS);

		const both = await run('install-hook', '--project', '--settings', file);
		expect(both.code).toBe(2);
		expect(both.stderr).toContain("option '--project' cannot be used with option '--settings <file>'");
	});

	it('refuses a FIFO at the settings path or the hook path at once, instead of hanging', () => {
		mkdirSync(path.join(claude, 'hooks'), {recursive: true});
		const env = {PATH: process.env.PATH ?? '', HOME: home, CLAUDE_CONFIG_DIR: claude};
		const cli = (...args: string[]) =>
			spawnSync(process.execPath, [path.join(ROOT, 'bin', 'agentlog.js'), ...args], {env, input: '', encoding: 'utf8', timeout: 20_000});
		execFileSync('mkfifo', [settingsFile()]);
		for (const command of ['install-hook', 'uninstall-hook']) {
			const child = cli(command);
			expect(child.error).toBeUndefined();
			expect(child.status).toBe(1);
			expect(child.stderr).toContain(`agentlog: ${settingsFile()} is not a regular file`);
		}
		rmSync(settingsFile());
		execFileSync('mkfifo', [launcher()]);
		const child = cli('install-hook');
		expect(child.error).toBeUndefined();
		expect(child.status).toBe(1);
		expect(child.stderr).toContain(`agentlog: ${launcher()} is not a regular file`);
		expect(existsSync(settingsFile())).toBe(false);
	}, 60_000);

	it('exits 1 and writes nothing when the hook is not built', () => {
		for (const missing of ['script', 'prune'] as const) {
			const assets = {...hookAssets(), [missing]: path.join(tempDir('nodist-'), 'missing.cjs')};
			const ctx: HookContext = {cwd: home, env: {CLAUDE_CONFIG_DIR: claude}, home, execPath: process.execPath, assets, write: () => undefined};
			expect(() => runInstall({}, ctx)).toThrowError(/missing\.cjs is missing\. Run `npm run build`/);
			expect(existsSync(claude)).toBe(false);
		}
	});

	it('fills in a Node path and a <claude> folder that need quoting', () => {
		const odd = path.join(tempDir('odd-'), "it's a dir");
		const nodeDir = path.join(odd, 'bin');
		mkdirSync(nodeDir, {recursive: true});
		symlinkSync(process.execPath, path.join(nodeDir, 'node'));
		const oddClaude = path.join(odd, 'claude');
		let out = '';
		runInstall(
			{},
			{cwd: home, env: {CLAUDE_CONFIG_DIR: oddClaude}, home, execPath: path.join(nodeDir, 'node'), assets: hookAssets(), write: t => void (out += t)},
		);
		const command = (hooksOf(path.join(oddClaude, 'settings.json')).SubagentStart?.[0] as {hooks: {command: string}[]}).hooks[0]!.command;
		expect(command).toBe(`'${oddClaude.replace("'", "'\\''")}/hooks/agent-spy.sh'`);
		expect(out).toContain('Installed');

		const activity = tempDir('activity-');
		runHook(command, activity, {PATH: '/nonexistent'});
		expect(existsSync(path.join(activity, 's1', 'a1.json'))).toBe(true);
	});

	it('replaces an older agentlog launcher without a backup', () => {
		const ctx = (execPath: string): HookContext => ({
			cwd: home,
			env: {CLAUDE_CONFIG_DIR: claude},
			home,
			execPath,
			assets: hookAssets(),
			write: () => undefined,
		});
		runInstall({}, ctx('/old/node'));
		expect(readFileSync(launcher(), 'utf8')).toContain("'/old/node'");
		runInstall({}, ctx(process.execPath));
		expect(readFileSync(launcher(), 'utf8')).toContain(`'${process.execPath}'`);
		expect(existsSync(`${launcher()}.agentlog-backup`)).toBe(false);
	});

	const ctxWith = (onSettingsStep: HookContext['onSettingsStep'], out: string[] = []): HookContext => ({
		cwd: home,
		env: {CLAUDE_CONFIG_DIR: claude},
		home,
		execPath: process.execPath,
		assets: hookAssets(),
		write: t => void out.push(t),
		onSettingsStep,
	});

	it('merges again when another program writes the settings between the read and the rename', () => {
		mkdirSync(claude, {recursive: true});
		writeFileSync(settingsFile(), '{\n  "counter": 0\n}\n');
		const out: string[] = [];
		let writes = 0;
		runInstall(
			{},
			ctxWith(step => {
				if (step === 'merged' && writes === 0) {
					writes++;
					writeFileSync(settingsFile(), '{\n  "counter": 1\n}\n');
				}
			}, out),
		);
		const after = JSON.parse(readFileSync(settingsFile(), 'utf8')) as {counter: number; hooks: object};
		expect(after.counter).toBe(1);
		expect(Object.keys(after.hooks)).toEqual(EVENTS);
		expect(out.join('')).toContain('merged its change into the new content (2 tries)');
	});

	it('merges again when another program rewrites the settings right after the rename', () => {
		mkdirSync(claude, {recursive: true});
		writeFileSync(settingsFile(), '{"counter": 0}');
		let writes = 0;
		runInstall(
			{},
			ctxWith(step => {
				if (step === 'renamed' && writes === 0) {
					writes++;
					writeFileSync(settingsFile(), '{"counter": 2}');
				}
			}),
		);
		const after = JSON.parse(readFileSync(settingsFile(), 'utf8')) as {counter: number; hooks: object};
		expect(after).toMatchObject({counter: 2});
		expect(Object.keys(after.hooks)).toEqual(EVENTS);
	});

	it('gives up after a few tries and leaves the file as the other program wrote it', () => {
		mkdirSync(claude, {recursive: true});
		writeFileSync(settingsFile(), '{"counter": 0}');
		let counter = 0;
		const busy = ctxWith(step => {
			if (step === 'merged') {
				writeFileSync(settingsFile(), `{"counter": ${++counter}}`);
			}
		});
		expect(() => runInstall({}, busy)).toThrowError(/kept changing while agentlog was writing it \(8 tries; is Claude Code writing it\?\)/);
		expect(readFileSync(settingsFile(), 'utf8')).toBe(`{"counter": ${counter}}`);
		expect(existsSync(launcher())).toBe(false);
		expect(readdirSync(claude).filter(name => name.endsWith('.tmp'))).toEqual([]);
	});

	it('names Codex, not Claude Code, when Codex hooks.json keeps changing', () => {
		const codex = path.join(home, '.codex');
		mkdirSync(codex, {recursive: true});
		const hooks = path.join(codex, 'hooks.json');
		writeFileSync(hooks, '{"counter": 0}');
		let counter = 0;
		const busy: HookContext = {
			...ctxWith(step => {
				if (step === 'merged') {
					writeFileSync(hooks, `{"counter": ${++counter}}`);
				}
			}),
			env: {CLAUDE_CONFIG_DIR: claude, CODEX_HOME: codex},
		};
		expect(() => runInstall({codex: true}, busy)).toThrowError(/kept changing while agentlog was writing it \(8 tries; is Codex writing it\?\)/);
		expect(readFileSync(hooks, 'utf8')).toBe(`{"counter": ${counter}}`);
	});

	it('uninstall merges again into a file changed meanwhile', () => {
		runInstall({}, ctxWith(undefined));
		let writes = 0;
		runUninstall(
			{},
			ctxWith(step => {
				if (step === 'merged' && writes === 0) {
					writes++;
					const settings = JSON.parse(readFileSync(settingsFile(), 'utf8')) as object;
					writeFileSync(settingsFile(), JSON.stringify({...settings, theme: 'dark'}, null, 2));
				}
			}),
		);
		expect(JSON.parse(readFileSync(settingsFile(), 'utf8'))).toEqual({theme: 'dark'});
	});

	it('finishes its work when the output cannot be written (the change is already on disk)', () => {
		const ctx: HookContext = {
			...ctxWith(undefined),
			write: () => {
				throw Object.assign(new Error('write EPIPE'), {code: 'EPIPE'});
			},
		};
		expect(() => runInstall({}, ctx)).not.toThrow();
		expect(Object.keys(hooksOf(settingsFile()))).toEqual(EVENTS);
		expect(existsSync(launcher())).toBe(true);
	});

	it('tells whether the settings file still holds the bytes it was read with', () => {
		mkdirSync(claude, {recursive: true});
		writeFileSync(settingsFile(), '{}\n');
		const file = readSettingsFile(settingsFile());
		expect(unchangedSince(file)).toBe(true);
		writeFileSync(settingsFile(), '{"model": "x"}\n');
		expect(unchangedSince(file)).toBe(false);
	});
});

describe('install-hook with the agentlog plugin enabled', () => {
	const warning = 'warning: agentlog is also installed as a Claude Code plugin: agentlog@agentlog (enabled in ';

	it('installs, and says the hook would run twice and to keep one', async () => {
		mkdirSync(claude, {recursive: true});
		writeFileSync(settingsFile(), `${JSON.stringify({enabledPlugins: {'agentlog@agentlog': true}}, null, 2)}\n`);
		const dry = await run('install-hook', '--dry-run');
		expect(dry.stdout).toContain(`${warning}${settingsFile()}).`);
		const result = await run('install-hook');
		expect(result).toMatchObject({code: 0, stderr: ''});
		expect(result.stdout).toContain(`${warning}${settingsFile()}).`);
		expect(result.stdout).toContain(
			"With both, Claude Code runs the hook twice for every event (agentlog's readers drop the repeats); keep one: `/plugin uninstall agentlog@agentlog` (or disable it in /plugin), or `agentlog uninstall-hook`.",
		);
		expect(existsSync(launcher())).toBe(true);
		// Run again: nothing changes, and it still says so.
		expect((await run('install-hook')).stdout).toContain(warning);
	});

	it('says nothing of a plugin that is installed but disabled', async () => {
		mkdirSync(claude, {recursive: true});
		writeFileSync(settingsFile(), JSON.stringify({enabledPlugins: {'agentlog@agentlog': false, 'other@agentlog': true}}));
		const result = await run('install-hook');
		expect(result.code).toBe(0);
		expect(result.stdout).not.toContain('plugin');
	});
});

describe('uninstall-hook', () => {
	it('says so and writes nothing when nothing is installed', async () => {
		const result = await run('uninstall-hook');
		expect(result).toMatchObject({code: 0, stderr: ''});
		expect(result.stdout).toBe(`agentlog's hook is not installed in ${settingsFile()}; nothing changed.\n`);
		expect(existsSync(claude)).toBe(false);
	});

	it("removes only agentlog's exact entries", async () => {
		await run('install-hook');
		const hooks = hooksOf(settingsFile());
		const foreign = {matcher: '', hooks: [{type: 'command', command: '~/.claude/hooks/agent-spy.sh', timeout: 5}]};
		hooks.SubagentStart = [foreign, ...(hooks.SubagentStart ?? [])];
		hooks.SubagentStop = [
			{
				hooks: [
					{type: 'command', command: 'other.sh'},
					{type: 'command', command: ours(), timeout: 5},
				],
			},
		];
		writeFileSync(settingsFile(), `${JSON.stringify({hooks, after: true}, null, 2)}\n`);
		const result = await run('uninstall-hook');
		expect(result.code).toBe(0);
		expect(JSON.parse(readFileSync(settingsFile(), 'utf8'))).toEqual({
			hooks: {SubagentStart: [foreign], SubagentStop: [{hooks: [{type: 'command', command: 'other.sh'}]}]},
			after: true,
		});
	});
});

describe('the built CLI', () => {
	it('installs with stdin not a TTY, and the installed hook records an agent', () => {
		const env = {PATH: process.env.PATH ?? '', HOME: home, CLAUDE_CONFIG_DIR: claude};
		const child = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'agentlog.js'), 'install-hook'], {env, input: '', encoding: 'utf8'});
		expect(child.stderr).toBe('');
		expect(child.status).toBe(0);
		expect(child.stdout).toContain("Installed agentlog's hook.");

		const activity = tempDir('activity-');
		execFileSync(launcher(), [], {input: PAYLOAD, env: {PATH: process.env.PATH ?? '', AGENTLOG_DIR: activity}});
		expect(JSON.parse(readFileSync(path.join(activity, 's1', 'a1.json'), 'utf8'))).toMatchObject({agentId: 'a1', status: 'active'});

		const again = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'agentlog.js'), 'install-hook'], {env, input: '', encoding: 'utf8'});
		expect(again.stdout).toContain('nothing changed');
		const both = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'agentlog.js'), 'uninstall-hook', '--project', '--settings', 'x'], {
			env,
			input: '',
			encoding: 'utf8',
		});
		expect(both.status).toBe(2);
		const help = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'agentlog.js'), 'install-hook', '--help'], {env, input: '', encoding: 'utf8'});
		expect(help.status).toBe(0);
		expect(help.stdout).toContain('--dry-run');
	});
});

// install-hook --notify and --no-notify: the commands in settings change and nothing else, the
// installed launcher passes the hook's notification through only then, and uninstall-hook gives
// the original bytes back from either state.
const commands = () =>
	Object.values((JSON.parse(readFileSync(settingsFile(), 'utf8')) as {hooks: Record<string, {hooks: {command: string}[]}[]>}).hooks).flatMap(groups =>
		groups.flatMap(g => g.hooks.map(h => h.command)),
	);

describe('install-hook --notify', () => {
	it('switches the commands in place, back with --no-notify; uninstall gives the original bytes back', async () => {
		mkdirSync(claude, {recursive: true});
		const original = '{\n    "model": "opus",\n    "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "say done"}]}]}\n}';
		writeFileSync(settingsFile(), original);
		expect(await run('install-hook')).toMatchObject({code: 0, stderr: ''});
		const plain = readFileSync(settingsFile(), 'utf8');

		const on = await run('install-hook', '--notify');
		expect(on).toMatchObject({code: 0, stderr: ''});
		expect(on.stdout).toContain(`notifications on: changed the command of SubagentStart, SubagentStop`);
		expect(on.stdout).toContain('allow-passthrough');
		expect(on.stdout).not.toContain('already runs');
		const notifying = readFileSync(settingsFile(), 'utf8');
		expect(notifying.replaceAll(`${launcher()} --notify"`, `${launcher()}"`)).toBe(plain);
		expect(
			commands()
				.filter(c => c !== 'say done')
				.every(c => c === `${launcher()} --notify`),
		).toBe(true);

		// Without either option, what is installed stays.
		expect((await run('install-hook')).stdout).toContain('nothing changed. Notifications are on');
		expect(readFileSync(settingsFile(), 'utf8')).toBe(notifying);
		expect((await run('install-hook', '--notify')).stdout).toContain('nothing changed');

		expect(await run('install-hook', '--no-notify')).toMatchObject({code: 0, stderr: ''});
		expect(readFileSync(settingsFile(), 'utf8')).toBe(plain);

		await run('install-hook', '--notify');
		expect(await run('uninstall-hook')).toMatchObject({code: 0, stderr: ''});
		expect(readFileSync(settingsFile(), 'utf8')).toBe(original);
	}, 30_000);

	it('installs with notifications on from scratch, and --dry-run writes nothing', async () => {
		const dry = await run('install-hook', '--notify', '--dry-run');
		expect(dry.stdout).toContain(`→ ${launcher()} --notify`);
		expect(existsSync(settingsFile())).toBe(false);
		await run('install-hook', '--notify');
		expect(new Set(commands())).toEqual(new Set([`${launcher()} --notify`]));
	});

	it('is refused with --codex (a usage error)', async () => {
		const result = await run('install-hook', '--codex', '--notify');
		expect(result.code).toBe(2);
		expect(result.stderr).toContain('cannot be used with');
	});

	it('the installed launcher lets the notification through only with --notify', async () => {
		await run('install-hook', '--notify');
		const activity = tempDir('activity-');
		const transcript = path.join(tempDir('t-'), 's1.jsonl');
		writeFileSync(transcript, `${JSON.stringify({type: 'user', version: '2.1.328'})}\n`);
		const send = (args: string[], event: Record<string, unknown>) =>
			spawnSync(launcher(), args, {
				input: JSON.stringify({session_id: 's1', transcript_path: transcript, cwd: '/x', agent_id: 'a1', agent_type: 'Explore', ...event}),
				env: {PATH: process.env.PATH ?? '', AGENTLOG_DIR: activity},
				encoding: 'utf8',
			});
		expect(send(['--notify'], {hook_event_name: 'SubagentStart'})).toMatchObject({status: 0, stdout: ''});
		const ask = {hook_event_name: 'PermissionRequest', tool_name: 'Bash', tool_input: {command: 'rm -rf build'}};
		// The same request through the launcher without --notify: recorded, nothing printed, nothing noted as notified.
		expect(send([], ask)).toMatchObject({status: 0, stdout: ''});
		const r = send(['--notify'], ask);
		expect(r.status).toBe(0);
		expect(JSON.parse(r.stdout)).toEqual({terminalSequence: '\u001b]9;agentlog: Explore waits for you: Bash: rm -rf build\u0007\u0007'});
	});
});
