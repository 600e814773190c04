// What a new user hit first: a closed pipe, a mistyped command, a demo without a terminal, and
// a build while a linked global install is in use.
import {spawn, spawnSync} from 'node:child_process';
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it, vi} from 'vitest';
import {COMMAND_NAMES} from '../../../src/cli/shared/command-names.js';
import {HOOK_EVENTS} from '../../../src/core/hook/hook-event.js';
import {createProgram, main} from '../../../src/cli/program.js';
import {tempDir} from '../../helpers/tmp.js';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const cli = path.join(root, 'bin', 'agentlog.js');

function sandboxEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
	const home = tempDir('home-');
	return {...process.env, HOME: home, CLAUDE_CONFIG_DIR: path.join(home, '.claude'), AGENTLOG_DIR: path.join(home, 'activity'), NO_COLOR: '1', ...extra};
}

/** Runs the CLI with stdout a pipe whose reader is already gone, as after `| head -1`. */
function runWithClosedStdout(args: string[], env: NodeJS.ProcessEnv): Promise<{code: number | null; stderr: string}> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [cli, ...args], {env, stdio: ['ignore', 'pipe', 'pipe']});
		child.stdout.destroy();
		let stderr = '';
		child.stderr.on('data', d => (stderr += d));
		child.on('error', reject);
		child.on('close', code => resolve({code, stderr}));
	});
}

describe('a closed stdout', () => {
	it.each([['help', 'watch'], ['install-hook', '--dry-run'], ['ls', '--json'], ['--help']])(
		'ends `agentlog %s` quietly, without an EPIPE stack',
		async (...args) => {
			const r = await runWithClosedStdout(args, sandboxEnv());
			expect(r.stderr).not.toMatch(/EPIPE|Error|at /);
			expect(r.code).toBe(0);
		},
	);

	it('is guarded once per stream: main() run again in one process adds no listener', async () => {
		const before = process.stdout.listenerCount('error');
		const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
		try {
			for (let i = 0; i < 12; i++) {
				await main(['node', 'agentlog', '--version']);
			}
		} finally {
			write.mockRestore();
			process.exitCode = undefined;
		}
		expect(process.stdout.listenerCount('error') - before).toBeLessThanOrEqual(1);
	});

	it('still writes the settings when install-hook cannot print', async () => {
		const env = sandboxEnv();
		const r = await runWithClosedStdout(['install-hook'], env);
		expect(r.stderr).toBe('');
		const settings = readFileSync(path.join(String(env.CLAUDE_CONFIG_DIR), 'settings.json'), 'utf8');
		expect(settings).toContain('agent-spy.sh');
	});

	it('removes the demo temporary folder when the reader goes away', async () => {
		const tmp = tempDir('tmpdir-');
		const r = await runWithClosedStdout(['demo', '--no-ui', '--speed', '200'], sandboxEnv({TMPDIR: tmp}));
		expect(r.stderr).not.toMatch(/EPIPE|Error/);
		expect(readdirSync(tmp).filter(n => n.startsWith('agentlog-demo-'))).toEqual([]);
	});
});

describe('a mistyped command', () => {
	it('suggests the command it was probably meant to be, as a usage error (exit 2)', () => {
		for (const typo of ['wach', 'wacth']) {
			const r = spawnSync(process.execPath, [cli, typo], {env: sandboxEnv(), encoding: 'utf8'});
			expect(r.status).toBe(2);
			expect(r.stderr).toContain('Did you mean the command `agentlog watch`?');
		}
		const r = spawnSync(process.execPath, [cli, 'wach'], {env: sandboxEnv(), encoding: 'utf8'});
		expect(r.stderr).toContain('no session matches "wach"');
		expect(r.stderr).toContain('Did you mean the command `agentlog watch`?');
	});

	it('suggests nothing for a word that is no typo of a command', () => {
		const r = spawnSync(process.execPath, [cli, 'ls', '3f2a9c1e'], {env: sandboxEnv(), encoding: 'utf8'});
		expect(r.status).toBe(1);
		expect(r.stderr).not.toContain('Did you mean');
	});

	it('knows every command the program has', () => {
		expect([...COMMAND_NAMES].sort()).toEqual(['help', ...createProgram().commands.map(c => c.name())].sort());
	});
});

describe('small things a new user types', () => {
	it('-v prints the version, as --version does', () => {
		const v = spawnSync(process.execPath, [cli, '-v'], {env: sandboxEnv(), encoding: 'utf8'});
		const version = spawnSync(process.execPath, [cli, '--version'], {env: sandboxEnv(), encoding: 'utf8'});
		expect(v.status).toBe(0);
		expect(v.stdout).toBe(version.stdout);
		expect(v.stdout).toMatch(/^\d+\.\d+\.\d+/);
	});

	it('uninstall-hook --help offers no --create (it creates nothing)', () => {
		const r = spawnSync(process.execPath, [cli, 'uninstall-hook', '--help'], {env: sandboxEnv(), encoding: 'utf8'});
		expect(r.status).toBe(0);
		expect(r.stdout).not.toContain('--create');
		expect(spawnSync(process.execPath, [cli, 'install-hook', '--help'], {env: sandboxEnv(), encoding: 'utf8'}).stdout).toContain('--create');
	});

	it('a bad --since or --until reads like every other option error', () => {
		const since = spawnSync(process.execPath, [cli, 'history', '--since', 'yesterday'], {env: sandboxEnv(), encoding: 'utf8'});
		const limit = spawnSync(process.execPath, [cli, 'history', '--limit', 'x'], {env: sandboxEnv(), encoding: 'utf8'});
		for (const r of [since, limit]) {
			expect(r.status).toBe(2);
			expect(r.stderr).toMatch(/^error: option '--\w+ <\w+>' argument '\w+' is invalid\. /);
			expect(r.stderr).toContain('(run with --help for usage)');
		}
		expect(spawnSync(process.execPath, [cli, 'stats', '--until', 'x'], {env: sandboxEnv(), encoding: 'utf8'}).status).toBe(2);
	});

	it("the hook's launcher names every event install-hook registers", () => {
		const launcher = readFileSync(path.join(root, 'hooks', 'agent-spy.sh'), 'utf8');
		const comment = launcher
			.split('\n')
			.filter(line => line.startsWith('#'))
			.join(' ');
		for (const event of HOOK_EVENTS) {
			expect(comment, event).toContain(event);
		}
	});
});

describe('demo without a terminal', () => {
	it('says how long it takes and how to speed it up or stop it', () => {
		const r = spawnSync(process.execPath, [cli, 'demo', '--speed', '200'], {env: sandboxEnv(), encoding: 'utf8', timeout: 15_000});
		expect(r.status).toBe(0);
		expect(r.stderr).toMatch(/not a terminal/);
		expect(r.stderr).toMatch(/about 0 s at --speed 200|about \d+ s/);
		expect(r.stderr).toContain('--speed');
		expect(r.stderr).toContain('Ctrl+C');
	});

	it('says nothing extra with --no-ui, which asked for exactly that', () => {
		const r = spawnSync(process.execPath, [cli, 'demo', '--no-ui', '--speed', '200'], {env: sandboxEnv(), encoding: 'utf8', timeout: 15_000});
		expect(r.status).toBe(0);
		expect(r.stderr).toBe('');
	});
});

describe('the build', () => {
	it('replaces dist/ and hooks/ files in place without ever removing the folder, the CLI or the hook', () => {
		const entry = path.join(root, 'dist', 'cli', 'agentlog.cjs');
		const before = statSync(entry).ino;
		const child = spawn(process.execPath, [path.join(root, 'scripts', 'build.mjs')], {stdio: 'ignore'});
		let missing = 0;
		const poll = setInterval(() => {
			if (!existsSync(entry) || !existsSync(path.join(root, 'hooks', 'agent-spy.cjs'))) {
				missing++;
			}
		}, 1);
		return new Promise<void>((resolve, reject) => {
			child.on('close', code => {
				clearInterval(poll);
				try {
					expect(code).toBe(0);
					expect(missing).toBe(0);
					// Written to a new file and renamed over the old one.
					expect(statSync(entry).ino).not.toBe(before);
					resolve();
				} catch (error) {
					reject(error instanceof Error ? error : new Error(String(error)));
				}
			});
		});
	});
});
