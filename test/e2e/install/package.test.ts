// The package people install: `npm pack`, then `npm install -g` of that tarball into a
// fresh prefix with a fresh HOME, then what the README's `npm i -g agentlog && agentlog
// install-hook` promises — the version, install-hook, the hook it installed records an agent,
// `agentlog ls --json` shows it. Run on every `npm test`, so that path can never silently break.
//
// The pack runs in a copy of this folder (node_modules linked): its prepack build (`build.mjs
// --pack`, which drops every chunk it did not write) then never touches the dist/ other tests
// run. npm keeps the real user's settings (`--userconfig`, read before HOME moves): without them
// it may not reach the registry here, and waits. `--offline`: the tarball must need nothing more.
import {execFileSync, spawnSync} from 'node:child_process';
import {cpSync, existsSync, mkdirSync, readFileSync, statSync, symlinkSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {tempDir} from '../../helpers/tmp.js';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {version: string};
const MAX_TARBALL_BYTES = 5 * 1024 * 1024;
const SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';
/** Left out of the copy: what is built or installed, and git's own folder. */
const NOT_COPIED = new Set(['node_modules', 'dist', '.git', 'coverage', '.bench-tmp']);

interface PackedFile {
	readonly path: string;
	readonly size: number;
}

interface Packed {
	readonly filename: string;
	readonly size: number;
	readonly unpackedSize: number;
	readonly files: readonly PackedFile[];
}

/** The real user's npm settings file: where npm reads it with the real home (test/setup.ts moved HOME). */
function realUserconfig(): string {
	return execFileSync('npm', ['config', 'get', 'userconfig'], {env: {...process.env, HOME: os.userInfo().homedir}, encoding: 'utf8'}).trim();
}

let work: string;
let env: NodeJS.ProcessEnv;
let npmArgs: string[];
let packed: Packed;
let tarball: string;
let install: {status: number | null; output: string; ms: number};
let prefix: string;

function run(command: string, args: readonly string[], options: {cwd?: string; input?: string} = {}) {
	const r = spawnSync(command, args, {cwd: options.cwd ?? work, env, encoding: 'utf8', input: options.input ?? '', timeout: 120_000});
	return {status: r.status, stdout: r.stdout, stderr: r.stderr};
}

beforeAll(() => {
	work = tempDir('package-');
	const home = path.join(work, 'home');
	mkdirSync(home);
	env = {
		PATH: process.env.PATH,
		HOME: home,
		CLAUDE_CONFIG_DIR: path.join(home, '.claude'),
		AGENTLOG_DIR: path.join(work, 'activity'),
		XDG_STATE_HOME: path.join(work, 'state'),
		NO_COLOR: '1',
	};
	npmArgs = ['--userconfig', realUserconfig(), '--no-audit', '--no-fund', '--no-update-notifier'];

	const source = path.join(work, 'agentlog');
	cpSync(root, source, {recursive: true, filter: from => from === root || !NOT_COPIED.has(path.relative(root, from).split(path.sep)[0]!)});
	symlinkSync(path.join(root, 'node_modules'), path.join(source, 'node_modules'));
	const pack = run('npm', ['pack', '--json', '--pack-destination', work, ...npmArgs], {cwd: source});
	expect(pack.status, pack.stderr).toBe(0);
	packed = (JSON.parse(pack.stdout) as Packed[])[0]!;
	tarball = path.join(work, packed.filename);

	prefix = path.join(work, 'prefix');
	const started = performance.now();
	const r = run('npm', ['install', '-g', '--prefix', prefix, '--offline', ...npmArgs, tarball]);
	install = {status: r.status, output: r.stdout + r.stderr, ms: Math.round(performance.now() - started)};
	console.log(
		`agentlog ${pkg.version}: tarball ${packed.size} bytes (${packed.unpackedSize} unpacked, ${packed.files.length} files); npm install -g took ${install.ms} ms`,
	);
}, 180_000);

describe('npm pack', () => {
	it('holds the built CLI, the hook, the README and the licenses, and nothing else', () => {
		const files = packed.files.map(f => f.path).sort();
		for (const needed of [
			'package.json',
			'README.md',
			'LICENSE',
			'dist/cli/THIRD-PARTY-NOTICES.txt',
			'bin/agentlog.js',
			'bin/package.json',
			'dist/cli/agentlog.cjs',
			'dist/cli/start.cjs',
			'dist/cli/status.cjs',
			'hooks/agent-spy.sh',
			'hooks/agent-spy.cjs',
			'hooks/agent-prune.cjs',
		]) {
			expect(files).toContain(needed);
		}
		const allowed =
			/^(package\.json|README\.md|LICENSE|dist\/cli\/THIRD-PARTY-NOTICES\.txt|bin\/[^/]+|dist\/cli\/[^/]+\.cjs|hooks\/(agent-spy\.sh|agent-spy\.cjs|agent-prune\.cjs))$/u;
		expect(files.filter(f => !allowed.test(f))).toEqual([]);
		expect(files.filter(f => /^(test|bench|\.ci|src|scripts|\.claude-plugin)\//u.test(f) || f.endsWith('.v8cache') || f.endsWith('.ts'))).toEqual([]);
	});

	it('is under 5 MB', () => {
		expect(statSync(tarball).size).toBe(packed.size);
		expect(packed.size).toBeLessThan(MAX_TARBALL_BYTES);
	});

	it('asks for nothing at install: no dependencies, no install scripts', () => {
		const manifest = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], {encoding: 'utf8'})) as Record<string, unknown>;
		expect(manifest.dependencies).toBeUndefined();
		expect(Object.keys((manifest.scripts as Record<string, string> | undefined) ?? {})).not.toContain('prepare');
		for (const script of ['preinstall', 'install', 'postinstall', 'prepare']) {
			expect((manifest.scripts as Record<string, string> | undefined)?.[script], script).toBeUndefined();
		}
	});
});

describe('npm install -g of the tarball, fresh prefix and HOME', () => {
	it('installs offline, with no install-script warning and nothing fetched', () => {
		expect(install.status, install.output).toBe(0);
		expect(install.output).not.toMatch(/install-scripts|allowScripts|allow-scripts|prepare/u);
		expect(install.output).toMatch(/added 1 package/u);
		expect(existsSync(path.join(prefix, 'lib', 'node_modules', 'agentlog', 'node_modules'))).toBe(false);
	});

	it('runs: --version, install-hook, the hook it installed records an agent, ls --json shows it', () => {
		const agentlog = path.join(prefix, 'bin', 'agentlog');
		const version = run(agentlog, ['--version']);
		expect(version).toMatchObject({status: 0, stdout: `${pkg.version}\n`});

		const installed = run(agentlog, ['install-hook']);
		expect(installed.status, installed.stderr).toBe(0);
		expect(installed.stdout).toContain("Installed agentlog's hook.");
		const launcher = path.join(env.CLAUDE_CONFIG_DIR!, 'hooks', 'agent-spy.sh');
		expect(existsSync(launcher)).toBe(true);

		const payload = {
			session_id: SESSION,
			transcript_path: `/home/dev/.claude/projects/-home-dev-acme/${SESSION}.jsonl`,
			cwd: '/home/dev/acme',
			hook_event_name: 'SubagentStart',
			agent_id: 'a8c41f0e92b7d3a15',
			agent_type: 'Explore',
		};
		const hook = run(launcher, [], {input: JSON.stringify(payload)});
		expect(hook).toMatchObject({status: 0, stdout: ''});

		const ls = run(agentlog, ['ls', '--json']);
		expect(ls.status, ls.stderr).toBe(0);
		expect(JSON.parse(ls.stdout)).toEqual([expect.objectContaining({agentId: 'a8c41f0e92b7d3a15', type: 'Explore', status: 'active', sessionId: SESSION})]);
	});
});
