// install-hook --notify and --no-notify through the CLI: the commands in settings change and
// nothing else, the installed launcher passes the hook's notification through only then, and
// uninstall-hook gives the original bytes back from either state.
import {execFileSync, spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, beforeAll, beforeEach, describe, expect, it} from 'vitest';
import {hookAssets, packageRoot} from '../../../src/app/install/assets.js';
import {runMain as run} from '../../helpers/run-main.js';
import {tempDir} from '../../helpers/tmp.js';

const ROOT = packageRoot();
let home: string;
let claude: string;
const savedEnv = {HOME: process.env.HOME, CLAUDE_CONFIG_DIR: process.env.CLAUDE_CONFIG_DIR};

beforeAll(() => {
	if (!existsSync(path.join(ROOT, 'dist', 'cli', 'agentlog.js')) || !existsSync(hookAssets(ROOT).script)) {
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
});

const settingsFile = () => path.join(claude, 'settings.json');
const launcher = () => path.join(claude, 'hooks', 'agent-spy.sh');
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
