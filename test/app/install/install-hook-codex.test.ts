// `agentlog install-hook --codex` and `uninstall-hook --codex`: agentlog's hook in
// $CODEX_HOME/hooks.json for SubagentStart, SubagentStop and SessionEnd, its own copy of the hook
// in $CODEX_HOME/hooks/, the same text edits as for Claude Code's settings, and the approval that
// stays the user's (/hooks in Codex; config.toml is never written). End to end: the command
// hooks.json registers, run as Codex runs it (sh -c, the payload on stdin) with payloads the real
// Codex CLI 0.169.0 sent (test/fixtures/codex/*/hook-payloads.jsonl).
import {execFileSync, spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest';
import {hookAssets, packageRoot} from '../../../src/store/settings/assets.js';
import {tempDir} from '../../helpers/tmp.js';
import {runMain} from '../../helpers/run-main.js';

const ROOT = packageRoot();
const CLI = path.join(ROOT, 'bin', 'agentlog.js');
const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'codex');
const CODEX_EVENTS = ['SubagentStart', 'SubagentStop', 'SessionEnd'];

let home: string;
let claude: string;
let codex: string;
const saved = {HOME: process.env.HOME, CLAUDE_CONFIG_DIR: process.env.CLAUDE_CONFIG_DIR, CODEX_HOME: process.env.CODEX_HOME};

beforeAll(() => {
	if (!existsSync(path.join(ROOT, 'dist', 'cli', 'agentlog.cjs')) || !existsSync(hookAssets(ROOT).script)) {
		execFileSync('npm', ['run', 'build'], {cwd: ROOT, stdio: 'ignore'});
	}
}, 120_000);

beforeEach(() => {
	home = tempDir('codex-home-');
	claude = path.join(home, '.claude');
	codex = path.join(home, '.codex');
	process.env.HOME = home;
	process.env.CLAUDE_CONFIG_DIR = claude;
	process.env.CODEX_HOME = codex;
});

afterEach(() => {
	Object.assign(process.env, saved);
	process.exitCode = undefined;
	vi.restoreAllMocks();
});

const run = runMain;

const hooksFile = (dir = codex): string => path.join(dir, 'hooks.json');
const launcher = (dir = codex): string => path.join(dir, 'hooks', 'agent-spy.sh');

/** Every file under `dir` (path → bytes, base64), folders as `path/`. */
function snapshot(dir: string): Record<string, string> {
	const out: Record<string, string> = {};
	const walk = (d: string): void => {
		for (const entry of readdirSync(d, {withFileTypes: true})) {
			const p = path.join(d, entry.name);
			if (entry.isDirectory()) {
				out[`${p}/`] = '';
				walk(p);
			} else {
				out[p] = `${statSync(p).mode.toString(8)} ${readFileSync(p, 'base64')}`;
			}
		}
	};
	walk(dir);
	return out;
}

const entry = (dir = codex): unknown => ({hooks: [{type: 'command', command: launcher(dir), timeout: 5}]});

describe('install-hook --codex', () => {
	it("creates hooks.json in Codex's folder with the three events, copies the hook there, and says to approve it in /hooks", async () => {
		mkdirSync(codex);
		const result = await run('install-hook', '--codex');
		expect(result).toMatchObject({code: 0, stderr: ''});
		expect(result.stdout).toContain("Installed agentlog's hook for Codex.");
		expect(result.stdout).toContain(`hooks file: ${hooksFile()}`);
		expect(result.stdout).toContain(`added SubagentStart, SubagentStop, SessionEnd → ${launcher()} (created the file)`);
		expect(result.stdout).toMatch(/approve them: start Codex and review them with \/hooks/);
		expect(result.stdout).toContain('never writes that approval into config.toml');
		expect(readFileSync(hooksFile(), 'utf8')).toBe(`${JSON.stringify({hooks: Object.fromEntries(CODEX_EVENTS.map(e => [e, [entry()]]))}, null, 2)}\n`);

		// Codex's own copy of the hook: the same files as Claude Code's, nothing under <claude>.
		expect(statSync(launcher()).mode & 0o777).toBe(0o755);
		expect(readFileSync(launcher(), 'utf8')).toContain(`node_bin='${process.execPath}'`);
		expect(readFileSync(path.join(codex, 'hooks', 'agent-spy.cjs'))).toEqual(readFileSync(hookAssets().script));
		expect(readFileSync(path.join(codex, 'hooks', 'agent-prune.cjs'))).toEqual(readFileSync(hookAssets().prune));
		expect(existsSync(claude)).toBe(false);
		// Approval is the user's: no config.toml written.
		expect(existsSync(path.join(codex, 'config.toml'))).toBe(false);

		// Twice: nothing changes, and the approval is recalled.
		const before = snapshot(codex);
		const again = await run('install-hook', '--codex');
		expect(again.code).toBe(0);
		expect(again.stdout).toContain('already installed');
		expect(again.stdout).toContain('/hooks');
		expect(snapshot(codex)).toEqual(before);
	});

	it("keeps Codex's other hooks and config byte for byte; uninstall-hook --codex gives back the exact bytes", async () => {
		mkdirSync(codex);
		const original =
			'{\r\n\t"hooks": {\r\n\t\t"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "guard.sh", "timeout": 10}]}],\r\n\t\t"SessionEnd": [\r\n\t\t\t{"hooks": [{"type": "command", "command": "notify.sh"}]}\r\n\t\t]\r\n\t},\r\n\t"n": 12345678901234567890\r\n}';
		writeFileSync(hooksFile(), original);
		const config = 'model = "gpt-5.5"\n\n[hooks.state."x"]\ntrusted_hash = "abc"\n';
		writeFileSync(path.join(codex, 'config.toml'), config);

		expect((await run('install-hook', '--codex')).code).toBe(0);
		const installed = readFileSync(hooksFile(), 'utf8');
		expect(installed.startsWith(original.slice(0, original.indexOf('\r\n\t\t\t{"hooks"')))).toBe(true);
		expect(installed.replace(/\r\n/g, '')).not.toMatch(/\n/);
		const hooks = (JSON.parse(installed) as {hooks: Record<string, unknown[]>}).hooks;
		expect(Object.keys(hooks)).toEqual(['PreToolUse', 'SessionEnd', 'SubagentStart', 'SubagentStop']);
		expect(hooks.SessionEnd).toEqual([{hooks: [{type: 'command', command: 'notify.sh'}]}, entry()]);
		expect(readFileSync(`${hooksFile()}.agentlog-backup`, 'utf8')).toBe(original);

		const removed = await run('uninstall-hook', '--codex');
		expect(removed).toMatchObject({code: 0, stderr: ''});
		expect(removed.stdout).toContain('removed SubagentStart, SubagentStop, SessionEnd');
		expect(removed.stdout).toContain('agentlog never edits that file');
		expect(readFileSync(hooksFile(), 'utf8')).toBe(original);
		expect(readFileSync(path.join(codex, 'config.toml'), 'utf8')).toBe(config);
		// Its copy of the hook is gone, with the folder it made.
		expect(existsSync(path.join(codex, 'hooks'))).toBe(false);
		expect((await run('uninstall-hook', '--codex')).stdout).toContain('not installed');
	});

	it("leaves Claude Code's hook alone, and Claude's uninstall leaves Codex's", async () => {
		mkdirSync(codex);
		expect((await run('install-hook')).code).toBe(0);
		const claudeFiles = snapshot(claude);
		expect((await run('install-hook', '--codex')).code).toBe(0);
		expect(snapshot(claude)).toEqual(claudeFiles);
		const codexFiles = snapshot(codex);
		expect((await run('uninstall-hook')).code).toBe(0);
		expect(snapshot(codex)).toEqual(codexFiles);
		expect((await run('uninstall-hook', '--codex')).code).toBe(0);
		expect(existsSync(launcher())).toBe(false);
	});

	it('refuses a missing Codex folder unless --create, and --dry-run writes nothing', async () => {
		const missing = await run('install-hook', '--codex');
		expect(missing.code).toBe(1);
		expect(missing.stderr).toContain(`Codex's folder ${codex} does not exist`);
		expect(missing.stderr).toContain('--create');
		expect(existsSync(codex)).toBe(false);

		const dry = await run('install-hook', '--codex', '--create', '--dry-run');
		expect(dry.code).toBe(0);
		expect(dry.stdout).toContain('Dry run: nothing is written.');
		expect(dry.stdout).toContain(`would create the folder ${codex}`);
		expect(dry.stdout).toContain(`+++ ${hooksFile()}`);
		expect(dry.stdout).toContain('+    "SessionEnd": [');
		expect(existsSync(codex)).toBe(false);

		const created = await run('install-hook', '--codex', '--create');
		expect(created.code).toBe(0);
		expect(created.stdout).toContain(`created the folder ${codex}`);
		expect(Object.keys((JSON.parse(readFileSync(hooksFile(), 'utf8')) as {hooks: object}).hooks)).toEqual(CODEX_EVENTS);
	});

	it('takes --codex-home over $CODEX_HOME; usage errors exit 2; a broken hooks.json is never overwritten', async () => {
		const other = path.join(home, 'elsewhere');
		mkdirSync(other);
		expect((await run('install-hook', '--codex', '--codex-home', other)).code).toBe(0);
		expect(existsSync(hooksFile(other))).toBe(true);
		expect(existsSync(codex)).toBe(false);
		expect((await run('uninstall-hook', '--codex', '--codex-home', other, '--dry-run')).stdout).toContain(
			'would remove SubagentStart, SubagentStop, SessionEnd',
		);

		expect((await run('install-hook', '--codex', '--project')).code).toBe(2);
		expect((await run('install-hook', '--codex', '--settings', path.join(home, 's.json'))).code).toBe(2);
		expect((await run('install-hook', '--codex-home', other)).code).toBe(2);

		const broken = '{"hooks": {"SubagentStart": [}\n';
		writeFileSync(hooksFile(other), broken);
		const refused = await run('install-hook', '--codex', '--codex-home', other);
		expect(refused.code).toBe(1);
		expect(refused.stderr).toContain(`${hooksFile(other)} is not a usable Codex hooks file at line 1`);
		expect(readFileSync(hooksFile(other), 'utf8')).toBe(broken);
	});
});

/** The payloads Codex 0.169.0 gave its hooks in one fixture scenario, in call order. */
function payloads(scenario: string): Record<string, unknown>[] {
	return readFileSync(path.join(FIXTURES, scenario, 'hook-payloads.jsonl'), 'utf8')
		.trim()
		.split('\n')
		.map(line => JSON.parse(line) as Record<string, unknown>);
}

describe('install-hook --codex, end to end', () => {
	it('the command it registers records real Codex payloads as Codex would run it: provider codex, exit 0, empty stdout', () => {
		mkdirSync(codex);
		const activity = path.join(home, 'activity');
		const env = {PATH: process.env.PATH ?? '', HOME: home, CLAUDE_CONFIG_DIR: claude, CODEX_HOME: codex, AGENTLOG_DIR: activity};
		const install = spawnSync(process.execPath, [CLI, 'install-hook', '--codex'], {env, encoding: 'utf8'});
		expect(install.status).toBe(0);
		const hooks = (JSON.parse(readFileSync(hooksFile(), 'utf8')) as {hooks: Record<string, {hooks: {command: string}[]}[]>}).hooks;
		const commandFor = (event: string): string => hooks[event]![0]!.hooks[0]!.command;

		/** As Codex runs a command hook: `sh -c <command>`, the payload on stdin. */
		const fire = (payload: Record<string, unknown>): void => {
			const r = spawnSync('/bin/sh', ['-c', commandFor(String(payload.hook_event_name))], {input: JSON.stringify(payload), env, encoding: 'utf8'});
			expect(r.status).toBe(0);
			expect(r.stdout).toBe('');
		};

		// v1: the explorer's SubagentStart, as Codex sent it.
		const start = payloads('v1').find(p => p.hook_event_name === 'SubagentStart')!;
		fire(start);
		const file = path.join(activity, String(start.session_id), `${String(start.agent_id)}.json`);
		expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
			agentId: start.agent_id,
			sessionId: start.session_id,
			type: 'explorer',
			status: 'active',
			provider: 'codex',
			transcriptPath: start.transcript_path,
		});

		// A child closed mid-turn fires no SubagentStop; the SessionEnd that follows marks it interrupted.
		const interrupted = payloads('interrupted').filter(p => CODEX_EVENTS.includes(String(p.hook_event_name)));
		expect(interrupted.map(p => p.hook_event_name)).toEqual(['SubagentStart', 'SessionEnd']);
		for (const payload of interrupted) {
			fire(payload);
		}
		const child = interrupted[0]!;
		expect(JSON.parse(readFileSync(path.join(activity, String(child.session_id), `${String(child.agent_id)}.json`), 'utf8'))).toMatchObject({
			provider: 'codex',
			status: 'stopped',
			interrupted: true,
			stopReason: 'session-end:other',
		});
		expect(existsSync(path.join(activity, '.agentlog-hook.log'))).toBe(false);

		// uninstall-hook --codex takes the hook's code cache too, and the folder with it.
		const uninstall = spawnSync(process.execPath, [CLI, 'uninstall-hook', '--codex'], {env, encoding: 'utf8'});
		expect(uninstall.status).toBe(0);
		expect(existsSync(path.join(codex, 'hooks'))).toBe(false);
		// install-hook --codex created hooks.json, and nothing else went in: it is gone again.
		expect(existsSync(hooksFile())).toBe(false);
	});
});
