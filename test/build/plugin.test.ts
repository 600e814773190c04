// The repository as a Claude Code plugin and a one-plugin marketplace: the files
// validate against the formats Claude Code reads (docs/claude-code-hooks.md#settings-and-hook-configuration; the plugin manifest and
// marketplace references of code.claude.com/docs/en/plugins), hooks/hooks.json registers exactly
// what install-hook registers, the hook it runs is committed and up to date (a plugin is installed
// from a plain clone: no build step), and that hook, run through hooks.json's command as Claude
// Code runs it, records an agent.
import {execFileSync, spawnSync} from 'node:child_process';
import {cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {AGENT_TOOLS} from '../../src/core/hook/agent-call.js';
import {PLUGIN_HOOK_COMMAND, PLUGIN_ID, PLUGIN_NAME, pluginHooksFile} from '../../src/core/install/agentlog-plugin.js';
import {AGENTLOG_HOOK_EVENTS, mergeAgentlogHooks, NOTIFICATION_TYPES} from '../../src/core/install/settings-merge.js';
import {hookTarget} from '../../src/core/install/shell-command.js';
import {parseAgentRecord} from '../../src/core/record/agent-record.js';
import {tempDir} from '../helpers/tmp.js';

const root = path.resolve(import.meta.dirname, '..', '..');
const readJson = (...parts: string[]): Record<string, unknown> => JSON.parse(readFileSync(path.join(root, ...parts), 'utf8')) as Record<string, unknown>;
const pkg = readJson('package.json') as {name: string; version: string; license: string};
const manifest = readJson('.claude-plugin', 'plugin.json');
const marketplace = readJson('.claude-plugin', 'marketplace.json');
const hooksFile = readJson('hooks', 'hooks.json');

/** plugin.json's name rule (kebab-case), also the rule for a marketplace name agentlog follows. */
const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/u;
const SEMVER = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/u;
/** The manifest's fields (plugin manifest reference): metadata, then component paths. */
const MANIFEST_KEYS = new Set([
	'name',
	'version',
	'description',
	'author',
	'homepage',
	'repository',
	'license',
	'keywords',
	'commands',
	'agents',
	'skills',
	'hooks',
	'mcpServers',
	'outputStyles',
	'lspServers',
	'userConfig',
	'channels',
	'dependencies',
]);
/** Names Claude Code keeps for itself (marketplace reference). */
const RESERVED_MARKETPLACES = ['official', 'inline', 'builtin', 'skills-dir', 'synced', 'npm', 'github', 'claude-code-marketplace', 'anthropic-marketplace'];
/** Hook events that take a matcher (docs/claude-code-hooks.md#settings-and-hook-configuration); TeammateIdle takes none. */
const MATCHER_EVENTS = new Set([
	'PreToolUse',
	'PostToolUse',
	'PermissionRequest',
	'SessionStart',
	'SessionEnd',
	'Notification',
	'SubagentStart',
	'SubagentStop',
]);
/** Every event Claude Code fires (docs/claude-code-hooks.md#hook-payloads; StopFailure and PostToolBatch: docs/claude-code-hooks.md#events-that-fire, 2.1.328). */
const CLAUDE_EVENTS = new Set([
	...MATCHER_EVENTS,
	'StopFailure',
	'PostToolBatch',
	'PostToolUseFailure',
	'PermissionDenied',
	'UserPromptSubmit',
	'Stop',
	'TeammateIdle',
	'TaskCreated',
	'TaskCompleted',
	'PreCompact',
	'PostCompact',
]);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

describe('.claude-plugin/plugin.json', () => {
	it('is a valid manifest named agentlog, at the package version', () => {
		expect(Object.keys(manifest).filter(k => !MANIFEST_KEYS.has(k))).toEqual([]);
		expect(manifest.name).toBe(PLUGIN_NAME);
		expect(manifest.name).toMatch(KEBAB);
		expect(manifest.version).toMatch(SEMVER);
		expect(manifest.version).toBe(pkg.version);
		expect(manifest.license).toBe(pkg.license);
		expect(typeof manifest.description).toBe('string');
		expect(Array.isArray(manifest.keywords) && manifest.keywords.every(k => typeof k === 'string')).toBe(true);
	});

	it('has two options, notify and control (off by default), which the launcher reads as CLAUDE_PLUGIN_OPTION_<NAME>', () => {
		expect(Object.keys(manifest.userConfig as object)).toEqual(['notify', 'control']);
		for (const name of ['notify', 'control']) {
			const option = (manifest.userConfig as Record<string, Record<string, unknown>>)[name]!;
			expect(option).toMatchObject({type: 'boolean', default: false});
			expect(Object.keys(option).sort()).toEqual(['default', 'description', 'title', 'type']);
			expect([typeof option.title, typeof option.description]).toEqual(['string', 'string']);
		}
		const launcher = readFileSync(path.join(root, 'hooks', 'agent-spy.sh'), 'utf8');
		expect(launcher).toContain('"${CLAUDE_PLUGIN_OPTION_NOTIFY-}" = true');
		expect(launcher).toContain('"${CLAUDE_PLUGIN_OPTION_CONTROL-}" != true');
	});

	it('leaves hooks/hooks.json to the default layout (naming it again loads it twice)', () => {
		expect(manifest.hooks).toBeUndefined();
		expect(existsSync(path.join(root, 'hooks', 'hooks.json'))).toBe(true);
	});
});

describe('.claude-plugin/marketplace.json', () => {
	it('is a one-plugin marketplace whose plugin is this repository', () => {
		expect(marketplace.name).toMatch(KEBAB);
		expect(RESERVED_MARKETPLACES).not.toContain(marketplace.name);
		expect(isObject(marketplace.owner) && typeof marketplace.owner.name === 'string' && marketplace.owner.name !== '').toBe(true);
		const plugins = marketplace.plugins as Record<string, unknown>[];
		expect(plugins).toHaveLength(1);
		const [entry] = plugins;
		expect(entry!.name).toBe(manifest.name);
		// A relative source starts with ./ and resolves from the folder that holds .claude-plugin/.
		expect(entry!.source).toBe('./');
		expect(existsSync(path.join(root, entry!.source as string, '.claude-plugin', 'plugin.json'))).toBe(true);
		expect(entry!.version).toBe(pkg.version);
		// `/plugin install agentlog@agentlog`, as the README says.
		expect(`${entry!.name as string}@${marketplace.name as string}`).toBe(PLUGIN_ID);
	});
});

describe('hooks/hooks.json', () => {
	it('has the hooks settings format: events of handler groups with command handlers', () => {
		expect(Object.keys(hooksFile).sort()).toEqual(['description', 'hooks']);
		const hooks = hooksFile.hooks as Record<string, unknown>;
		for (const [event, groups] of Object.entries(hooks)) {
			expect(CLAUDE_EVENTS.has(event), event).toBe(true);
			expect(Array.isArray(groups)).toBe(true);
			for (const group of groups as Record<string, unknown>[]) {
				expect(Object.keys(group).every(k => k === 'matcher' || k === 'hooks')).toBe(true);
				if (group.matcher !== undefined) {
					expect(MATCHER_EVENTS.has(event), `${event} takes no matcher`).toBe(true);
					expect(typeof group.matcher).toBe('string');
				}
				for (const handler of group.hooks as Record<string, unknown>[]) {
					expect(handler.type).toBe('command');
					expect(typeof handler.command).toBe('string');
					expect(Number.isInteger(handler.timeout) && (handler.timeout as number) > 0).toBe(true);
				}
			}
		}
	});

	it('registers exactly the events and matchers install-hook merges into settings', () => {
		expect(hooksFile).toEqual(pluginHooksFile());
		const target = hookTarget('/c', '/home/u');
		const merged = mergeAgentlogHooks({}, target).settings.hooks as Record<string, {hooks: {command: string}[]}[]>;
		const withPluginCommand = JSON.parse(JSON.stringify(merged).split(JSON.stringify(target.command).slice(1, -1)).join('@CMD@')) as unknown;
		const pluginWithPlaceholder = JSON.parse(JSON.stringify(hooksFile.hooks).split(JSON.stringify(PLUGIN_HOOK_COMMAND).slice(1, -1)).join('@CMD@')) as unknown;
		// Besides: the stop's PreToolUse, which install-hook adds only with --control.
		const {PreToolUse: control, ...recorded} = pluginWithPlaceholder as Record<string, unknown>;
		expect(recorded).toEqual(withPluginCommand);
		expect(control).toEqual([{matcher: '*', hooks: [{type: 'command', command: '@CMD@ --control', timeout: 5}]}]);
		expect(Object.keys(hooksFile.hooks as object)).toEqual([...AGENTLOG_HOOK_EVENTS, 'PreToolUse']);
		const hooks = hooksFile.hooks as Record<string, {matcher?: string}[]>;
		expect(hooks.PostToolUse![0]!.matcher).toBe(AGENT_TOOLS.join('|'));
		expect(hooks.Notification![0]!.matcher).toBe(NOTIFICATION_TYPES.join('|'));
	});

	it("runs the launcher through ${CLAUDE_PLUGIN_ROOT}, with the hook's code beside it", () => {
		expect(PLUGIN_HOOK_COMMAND).toContain('${CLAUDE_PLUGIN_ROOT}/hooks/agent-spy.sh');
		for (const name of ['agent-spy.sh', 'agent-spy.cjs', 'agent-prune.cjs']) {
			expect(statSync(path.join(root, 'hooks', name)).isFile(), name).toBe(true);
		}
	});
});

/** True when this is a git work tree (a clone; not an unpacked tarball). */
function inGit(): boolean {
	return spawnSync('git', ['-C', root, 'rev-parse', '--is-inside-work-tree'], {encoding: 'utf8'}).stdout.trim() === 'true';
}

describe.runIf(inGit())('the committed hook', () => {
	const files = [
		'hooks/agent-spy.sh',
		'hooks/agent-spy.cjs',
		'hooks/agent-prune.cjs',
		'hooks/hooks.json',
		'.claude-plugin/plugin.json',
		'.claude-plugin/marketplace.json',
	];

	it('is tracked by git, the launcher executable', () => {
		const listed = execFileSync('git', ['-C', root, 'ls-files', '-s', '--', ...files], {encoding: 'utf8'});
		for (const file of files) {
			expect(listed, `${file} is not committed`).toContain(`\t${file}\n`);
		}
		expect(listed).toMatch(/^100755 \S+ \d\thooks\/agent-spy\.sh$/mu);
	});

	it('is what the build makes now (CI fails when it is out of date)', () => {
		// test/global-setup.ts ran scripts/build.mjs, which wrote hooks/*.cjs from the sources.
		const changed = ['hooks/agent-spy.cjs', 'hooks/agent-prune.cjs'].filter(file => {
			const committed = spawnSync('git', ['-C', root, 'show', `HEAD:${file}`], {maxBuffer: 64 * 1024 * 1024});
			return committed.status !== 0 || !committed.stdout.equals(readFileSync(path.join(root, file)));
		});
		expect(changed, `the hook bundle differs from the commit: run \`npm run build\` and commit ${changed.join(', ')}`).toEqual([]);
	});

	it("git-ignores the code cache the hook writes beside itself in a plugin's folder", () => {
		const r = spawnSync('git', ['-C', root, 'check-ignore', '-q', 'hooks/.agent-spy-0123456789abcdef.v8cache']);
		expect(r.status).toBe(0);
	});
});

const SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';

/** The plugin as Claude Code copies it into its cache: the repository's files (a folder name with a space, as paths can have). */
function pluginCopy(): string {
	const copy = path.join(tempDir('plugin-'), 'agentlog cache', PLUGIN_NAME, pkg.version);
	mkdirSync(copy, {recursive: true});
	cpSync(path.join(root, '.claude-plugin'), path.join(copy, '.claude-plugin'), {recursive: true});
	for (const name of ['hooks.json', 'agent-spy.sh', 'agent-spy.cjs', 'agent-prune.cjs']) {
		cpSync(path.join(root, 'hooks', name), path.join(copy, 'hooks', name));
	}
	return copy;
}

/** hooks.json's command for `event`, run as Claude Code runs it: `${CLAUDE_PLUGIN_ROOT}` put in, by a shell, the variable also set. */
function runPluginHook(pluginRoot: string, event: string, payload: unknown, activity: string) {
	const hooks = JSON.parse(readFileSync(path.join(pluginRoot, 'hooks', 'hooks.json'), 'utf8')) as {hooks: Record<string, {hooks: {command: string}[]}[]>};
	const command = hooks.hooks[event]![0]!.hooks[0]!.command.split('${CLAUDE_PLUGIN_ROOT}').join(pluginRoot);
	const env = {PATH: process.env.PATH, HOME: process.env.HOME, AGENTLOG_DIR: activity, CLAUDE_PLUGIN_ROOT: pluginRoot};
	return spawnSync('/bin/sh', ['-c', command], {input: JSON.stringify(payload), env, encoding: 'utf8', timeout: 15_000});
}

describe("the plugin's hook, run from hooks.json's command", () => {
	const payload = {
		session_id: SESSION,
		transcript_path: `/home/dev/.claude/projects/-home-dev-acme/${SESSION}.jsonl`,
		cwd: '/home/dev/acme',
		hook_event_name: 'SubagentStart',
		agent_id: 'a8c41f0e92b7d3a15',
		agent_type: 'Explore',
	};

	it('records the agent: its file appears, exit 0, nothing on stdout', () => {
		const plugin = pluginCopy();
		const activity = tempDir('activity-');
		const r = runPluginHook(plugin, 'SubagentStart', payload, activity);
		expect(r.status).toBe(0);
		expect(r.stdout).toBe('');
		const record = parseAgentRecord(JSON.parse(readFileSync(path.join(activity, SESSION, 'a8c41f0e92b7d3a15.json'), 'utf8')));
		expect(record.ok && record.value).toMatchObject({agentId: 'a8c41f0e92b7d3a15', type: 'Explore', status: 'active'});
		expect(readFileSync(path.join(activity, SESSION, 'events.jsonl'), 'utf8')).toContain('"event":"SubagentStart"');
		// Its V8 code cache lands beside it, in the plugin's folder (git-ignored in the repository).
		expect(readdirSync(path.join(plugin, 'hooks')).some(name => /^\.agent-spy-[0-9a-f]+\.v8cache$/u.test(name))).toBe(true);
	});

	it('records the same when the code cache cannot be written: the cache is only skipped', () => {
		const plugin = pluginCopy();
		const hooks = path.join(plugin, 'hooks');
		runPluginHook(plugin, 'SubagentStart', payload, tempDir('activity-'));
		const cache = readdirSync(hooks).find(name => name.endsWith('.v8cache'))!;
		// A folder where the cache goes (root writes to a read-only folder, so a mode alone proves
		// nothing here), and the plugin's folder read-only: the cache is neither read nor written.
		rmSync(path.join(hooks, cache));
		mkdirSync(path.join(hooks, cache));
		execFileSync('chmod', ['a-w', hooks]);
		try {
			const activity = tempDir('activity-');
			const r = runPluginHook(plugin, 'SubagentStart', payload, activity);
			expect(r.status).toBe(0);
			expect(r.stdout).toBe('');
			expect(existsSync(path.join(activity, SESSION, 'a8c41f0e92b7d3a15.json'))).toBe(true);
			expect(readdirSync(hooks).filter(name => name.endsWith('.tmp'))).toEqual([]);
		} finally {
			execFileSync('chmod', ['u+w', hooks]);
		}
	});
});
