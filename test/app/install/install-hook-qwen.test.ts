// `agentlog install-hook --qwen` and `uninstall-hook --qwen`: agentlog's hook in Qwen Code's
// $QWEN_HOME/settings.json (Claude Code's events but TeammateIdle), its own copy of the hook in
// $QWEN_HOME/hooks/, every other byte of the settings kept. End to end: the command the settings
// register, run as Qwen Code runs it (sh -c, the payload on stdin) with payloads the real Qwen Code
// 0.24.4 sent (test/fixtures/qwen/subagents/hook-payloads.jsonl).
import {execFileSync, spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest';
import {hookAssets, packageRoot} from '../../../src/store/settings/assets.js';
import {tempDir} from '../../helpers/tmp.js';
import {runMain as run} from '../../helpers/run-main.js';

const ROOT = packageRoot();
const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'qwen');
const QWEN_EVENTS = ['SubagentStart', 'SubagentStop', 'PostToolUse', 'SessionStart', 'SessionEnd', 'PermissionRequest', 'Notification', 'StopFailure'];

let home: string;
let claude: string;
let qwen: string;
const saved = {HOME: process.env.HOME, CLAUDE_CONFIG_DIR: process.env.CLAUDE_CONFIG_DIR, QWEN_HOME: process.env.QWEN_HOME};

beforeAll(() => {
	if (!existsSync(path.join(ROOT, 'dist', 'cli', 'agentlog.cjs')) || !existsSync(hookAssets(ROOT).script)) {
		execFileSync('npm', ['run', 'build'], {cwd: ROOT, stdio: 'ignore'});
	}
}, 120_000);

beforeEach(() => {
	home = tempDir('qwen-home-');
	claude = path.join(home, '.claude');
	qwen = path.join(home, '.qwen');
	process.env.HOME = home;
	process.env.CLAUDE_CONFIG_DIR = claude;
	delete process.env.QWEN_HOME;
});

afterEach(() => {
	for (const [key, value] of Object.entries(saved)) {
		if (value === undefined) {
			delete process.env[key];
		} else {
			process.env[key] = value;
		}
	}
	process.exitCode = undefined;
	vi.restoreAllMocks();
});

const settingsFile = (): string => path.join(qwen, 'settings.json');
const launcher = (): string => path.join(qwen, 'hooks', 'agent-spy.sh');

describe('install-hook --qwen', () => {
	it("adds agentlog's events to Qwen's settings, keeps every other byte, copies the hook there; uninstall gives back the bytes", async () => {
		mkdirSync(qwen);
		const original =
			'{\n\t"model": {"name": "qwen3-coder-plus"},\n\t"hooks": {"PreToolUse": [{"matcher": "run_shell_command", "hooks": [{"type": "command", "command": "guard.sh"}]}]},\n\t"n": 12345678901234567890\n}';
		writeFileSync(settingsFile(), original);
		const result = await run('install-hook', '--qwen');
		expect(result).toMatchObject({code: 0, stderr: ''});
		expect(result.stdout).toContain("Installed agentlog's hook for Qwen Code.");
		expect(result.stdout).toContain(`added ${QWEN_EVENTS.join(', ')} → ${launcher()}`);
		const installed = readFileSync(settingsFile(), 'utf8');
		expect(installed.startsWith('{\n\t"model": {"name": "qwen3-coder-plus"},\n\t"hooks": {"PreToolUse"')).toBe(true);
		expect(installed).toContain('12345678901234567890');
		const hooks = (JSON.parse(installed) as {hooks: Record<string, unknown[]>}).hooks;
		expect(Object.keys(hooks)).toEqual(['PreToolUse', ...QWEN_EVENTS]);
		expect(hooks.PostToolUse).toEqual([{matcher: 'Agent|Task', hooks: [{type: 'command', command: launcher(), timeout: 5}]}]);
		expect(hooks.TeammateIdle).toBeUndefined();
		expect(readFileSync(path.join(qwen, 'hooks', 'agent-spy.cjs'))).toEqual(readFileSync(hookAssets().script));
		expect(existsSync(claude)).toBe(false);

		expect((await run('install-hook', '--qwen')).stdout).toContain('already installed');
		const removed = await run('uninstall-hook', '--qwen');
		expect(removed).toMatchObject({code: 0, stderr: ''});
		expect(removed.stdout).toContain("Removed agentlog's hook for Qwen Code.");
		expect(readFileSync(settingsFile(), 'utf8')).toBe(original);
		expect(existsSync(path.join(qwen, 'hooks'))).toBe(false);
	});

	it('--dry-run writes nothing; a missing Qwen folder needs --create; $QWEN_HOME and --qwen-home name it', async () => {
		const dry = await run('install-hook', '--qwen', '--dry-run', '--create');
		expect(dry.code).toBe(0);
		expect(dry.stdout).toContain('Dry run: nothing is written.');
		expect(existsSync(qwen)).toBe(false);
		const refused = await run('install-hook', '--qwen');
		expect(refused.code).not.toBe(0);
		expect(refused.stderr).toContain("Qwen Code's folder");
		expect(existsSync(qwen)).toBe(false);

		const other = path.join(home, 'q2');
		process.env.QWEN_HOME = other;
		expect((await run('install-hook', '--qwen', '--create')).code).toBe(0);
		expect(existsSync(path.join(other, 'settings.json'))).toBe(true);
		const third = path.join(home, 'q3');
		expect((await run('install-hook', '--qwen', '--qwen-home', third, '--create')).code).toBe(0);
		expect(existsSync(path.join(third, 'hooks', 'agent-spy.sh'))).toBe(true);
		expect((await run('install-hook', '--qwen', '--notify')).code).not.toBe(0);
	});

	it('the installed command records the payloads the real Qwen Code sent, with provider qwen', async () => {
		mkdirSync(qwen);
		expect((await run('install-hook', '--qwen')).code).toBe(0);
		const command = (JSON.parse(readFileSync(settingsFile(), 'utf8')) as {hooks: Record<string, {hooks: {command: string}[]}[]>}).hooks.SubagentStart![0]!
			.hooks[0]!.command;
		const activity = tempDir('qwen-activity-');
		const lines = readFileSync(path.join(FIXTURES, 'subagents', 'hook-payloads.jsonl'), 'utf8')
			.split('\n')
			.filter(Boolean);
		for (const line of lines.filter(l => /"hook_event_name":"(SubagentStart|SubagentStop)"/u.test(l))) {
			const r = spawnSync('sh', ['-c', command], {input: line, env: {PATH: process.env.PATH, HOME: home, AGENTLOG_DIR: activity}, encoding: 'utf8'});
			expect(r.status).toBe(0);
		}
		const session = readdirSync(activity).find(name => !name.startsWith('.'))!;
		const records = readdirSync(path.join(activity, session))
			.filter(name => name.endsWith('.json') && !name.startsWith('.'))
			.map(name => JSON.parse(readFileSync(path.join(activity, session, name), 'utf8')) as Record<string, unknown>);
		expect(records).toHaveLength(2);
		for (const r of records) {
			expect(r).toMatchObject({provider: 'qwen', status: 'stopped'});
		}
	});
});
