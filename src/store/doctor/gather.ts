// The facts `agentlog doctor` checks, read from disk (core/doctor turns them into checks; what
// the hook left behind is read in hook-traces.ts). Read-only but for one thing: the activity
// folder's writability is tried by creating a temp file there and removing it at once. Every file
// is opened through safe-file (regular files only, a bound on size); the plugin folder walk
// follows no symlink and stops at a bound; the Node lookup runs with a timeout.
import {spawnSync} from 'node:child_process';
import {randomBytes} from 'node:crypto';
import {accessSync, closeSync, constants, lstatSync, openSync, readdirSync, realpathSync, rmSync, statSync} from 'node:fs';
import path from 'node:path';
import {toolFolderFix, toolFolderOf, type ToolHomes} from '../../core/history/ownership.js';
import type {ActivityFacts} from '../../core/doctor/activity-checks.js';
import type {BundleFacts, HookFileFacts, LauncherFacts, NodeProbe} from '../../core/doctor/hook-file-checks.js';
import {launcherNodeFallback} from '../../core/doctor/hook-file-checks.js';
import type {FileRead, PluginHooksFacts, SettingsFileFacts} from '../../core/doctor/settings-checks.js';
import {ACTIVITY_FOLDER_NAME} from '../../core/paths.js';
import {codeOf} from '../fs/errors.js';
import {readRegularFile} from '../fs/safe-file.js';
import {NODE_LOOKUP_SH} from '../../core/install/node-lookup.js';

/** Settings files, hooks.json files and the launcher are small; anything bigger is not one. */
export const MAX_CONFIG_BYTES = 16 * 1024 * 1024;
/** The plugin folder walk: folders visited at most, and how deep. */
export const PLUGIN_WALK_MAX_DIRS = 5000;
export const PLUGIN_WALK_MAX_DEPTH = 8;
/** The launcher's Node lookup is killed after this long. */
export const NODE_PROBE_TIMEOUT_MS = 5000;

/** A small file's text through safe-file (symlinks followed: a settings file may be one). */
export function readConfigFile(file: string): FileRead {
	const r = readRegularFile(file, {maxBytes: MAX_CONFIG_BYTES, followSymlinks: true});
	if (r.ok) {
		return {state: 'read', text: r.data.toString('utf8')};
	}
	return r.reason === 'missing' ? {state: 'missing'} : {state: 'unreadable', reason: r.message};
}

/** The managed policy file of this platform (docs/claude-code-hooks.md#settings-and-hook-configuration), if it has one. */
export function managedSettingsPath(platform: NodeJS.Platform = process.platform): string | undefined {
	if (platform === 'linux') {
		return '/etc/claude-code/managed-settings.json';
	}
	if (platform === 'darwin') {
		return '/Library/Application Support/ClaudeCode/managed-settings.json';
	}
	return undefined;
}

/** The settings files Claude Code reads for a session started in `cwd`, in precedence order. */
export function readSettingsFiles(claude: string, cwd: string, managed: string | undefined): SettingsFileFacts[] {
	const files: {scope: SettingsFileFacts['scope']; path: string}[] = [
		...(managed === undefined ? [] : [{scope: 'managed' as const, path: managed}]),
		{scope: 'local', path: path.join(cwd, '.claude', 'settings.local.json')},
		{scope: 'project', path: path.join(cwd, '.claude', 'settings.json')},
		{scope: 'user', path: path.join(claude, 'settings.json')},
	];
	// Run from the home folder, the project file is the user file: read once, as the user file.
	const unique = files.filter((f, i) => files.findLastIndex(g => g.path === f.path) === i);
	return unique.map(f => ({...f, read: readConfigFile(f.path)}));
}

/** The `name` in `<pluginRoot>/.claude-plugin/plugin.json`, if it has one. */
function pluginNameOf(pluginRoot: string): string | undefined {
	const read = readConfigFile(path.join(pluginRoot, '.claude-plugin', 'plugin.json'));
	if (read.state !== 'read') {
		return undefined;
	}
	try {
		const name = (JSON.parse(read.text) as {name?: unknown} | null)?.name;
		return typeof name === 'string' ? name : undefined;
	} catch {
		return undefined;
	}
}

/** Every `hooks/hooks.json` under `<claude>/plugins` (with its plugin's name), without following symlinks, within a bound. */
export function readPluginHooks(claude: string): {plugins: PluginHooksFacts[]; cut: boolean} {
	const plugins: PluginHooksFacts[] = [];
	const queue: {dir: string; depth: number}[] = [{dir: path.join(claude, 'plugins'), depth: 0}];
	let visited = 0;
	while (queue.length > 0) {
		if (visited >= PLUGIN_WALK_MAX_DIRS) {
			return {plugins, cut: true};
		}
		const {dir, depth} = queue.shift()!;
		visited++;
		let entries;
		try {
			entries = readdirSync(dir, {withFileTypes: true});
		} catch {
			continue;
		}
		for (const entry of entries) {
			const full = path.join(dir, entry.name);
			if (entry.isDirectory() && entry.name !== 'node_modules' && entry.name !== '.git' && depth < PLUGIN_WALK_MAX_DEPTH) {
				queue.push({dir: full, depth: depth + 1});
			} else if (entry.isFile() && entry.name === 'hooks.json' && path.basename(dir) === 'hooks') {
				const pluginName = pluginNameOf(path.dirname(dir));
				plugins.push({path: full, read: readConfigFile(full), ...(pluginName === undefined ? {} : {pluginName})});
			}
		}
	}
	return {plugins, cut: false};
}

function isExecutable(file: string): boolean {
	try {
		accessSync(file, constants.X_OK);
		return statSync(file).isFile();
	} catch {
		return false;
	}
}

function sameBytes(installed: string, source: string): BundleFacts['state'] | {reason: string} {
	const a = readRegularFile(installed, {maxBytes: MAX_CONFIG_BYTES * 4, followSymlinks: true});
	if (!a.ok) {
		return a.reason === 'missing' ? 'missing' : {reason: a.message};
	}
	const b = readRegularFile(source, {maxBytes: MAX_CONFIG_BYTES * 4, followSymlinks: true});
	return b.ok && a.data.equals(b.data) ? 'same' : 'different';
}

/**
 * Runs the launcher's own Node lookup (NODE_LOOKUP_SH, else its fallback) in `sh` and asks that
 * Node its version, in `env` with the launcher's changes to it, and a timeout.
 */
export function probeLauncherNode(fallback: string | undefined, env: NodeJS.ProcessEnv): NodeProbe {
	const script = `${NODE_LOOKUP_SH}[ -n "$node_bin" ] || node_bin="$1"; [ -n "$node_bin" ] && [ -x "$node_bin" ] || exit 3; printf "%s\\n" "$node_bin"; "$node_bin" --version`;
	const childEnv = {...env};
	delete childEnv.NODE_OPTIONS;
	delete childEnv.NODE_EXTRA_CA_CERTS;
	const r = spawnSync('/bin/sh', ['-c', script, 'sh', fallback ?? ''], {env: childEnv, encoding: 'utf8', timeout: NODE_PROBE_TIMEOUT_MS, maxBuffer: 64 * 1024});
	if (r.error !== undefined) {
		return {state: 'failed', reason: codeOf(r.error) === 'ETIMEDOUT' ? `no answer within ${NODE_PROBE_TIMEOUT_MS} ms` : r.error.message};
	}
	if (r.status === 3) {
		return {state: 'none', fallback};
	}
	const [nodePath, version] = r.stdout.split('\n');
	if (r.status !== 0 || nodePath === undefined || version === undefined || version === '') {
		return {state: 'failed', reason: `${nodePath ?? 'node'} --version exited with ${r.status ?? r.signal}: ${r.stderr.trim().split('\n')[0] ?? ''}`};
	}
	return {state: 'found', path: nodePath, version: version.trim()};
}

export interface HookFilesInput {
	readonly scriptPath: string;
	/** This build's files: the launcher template and the bundles with their installed names. */
	readonly launcherTemplate: string;
	readonly bundles: readonly {readonly name: string; readonly source: string}[];
	readonly render: (template: string, nodePath: string) => string;
	readonly isOurs: (text: string) => boolean;
	/** The variables the launcher's Node lookup runs with (the Env's). */
	readonly env: NodeJS.ProcessEnv;
	/** False: the launcher's Node lookup is not run (`node` stays undefined). */
	readonly probeNode?: boolean;
}

export function readHookFiles(input: HookFilesInput): Omit<HookFileFacts, 'project'> {
	const read = readConfigFile(input.scriptPath);
	let launcher: LauncherFacts = {path: input.scriptPath, read};
	let node: NodeProbe | undefined;
	if (read.state === 'read') {
		const ours = input.isOurs(read.text);
		const fallback = launcherNodeFallback(read.text);
		launcher = {
			...launcher,
			executable: isExecutable(input.scriptPath),
			ours,
			current: fallback !== undefined && input.render(input.launcherTemplate, fallback) === read.text,
		};
		node = ours && input.probeNode !== false ? probeLauncherNode(fallback, input.env) : undefined;
	}
	const dir = path.dirname(input.scriptPath);
	const bundles = input.bundles.map((b): BundleFacts => {
		const file = path.join(dir, b.name);
		const state = sameBytes(file, b.source);
		return typeof state === 'string' ? {name: b.name, path: file, state} : {name: b.name, path: file, state: 'unreadable', reason: state.reason};
	});
	return {launcher, bundles, node};
}

/**
 * Is the activity folder writable? A temp file is created in it ('wx', a random name) and removed
 * at once. A folder that is not there is not created: its nearest existing parent must be writable.
 */
export function probeActivity(activity: string, homes: ToolHomes = {}): ActivityFacts {
	let st;
	try {
		st = lstatSync(activity);
	} catch (error) {
		if (codeOf(error) !== 'ENOENT') {
			return {path: activity, state: 'not-writable', reason: codeOf(error) ?? String(error)};
		}
		let parent = path.dirname(activity);
		while (parent !== path.dirname(parent) && lstatSync(parent, {throwIfNoEntry: false}) === undefined) {
			parent = path.dirname(parent);
		}
		try {
			accessSync(parent, constants.W_OK | constants.X_OK);
			return statSync(parent).isDirectory()
				? {path: activity, state: 'creatable', parent}
				: {path: activity, state: 'not-creatable', reason: `${parent} is not a folder`};
		} catch (e) {
			return {path: activity, state: 'not-creatable', reason: `${parent}: ${codeOf(e) ?? String(e)}`};
		}
	}
	const isDir = st.isDirectory() || (st.isSymbolicLink() && statSync(activity, {throwIfNoEntry: false})?.isDirectory() === true);
	if (!isDir) {
		return {path: activity, state: 'not-folder', reason: 'is not a folder'};
	}
	let names: string[] = [];
	try {
		names = readdirSync(activity);
	} catch {
		// The write probe below says what is wrong.
	}
	const tool = toolFolderOf(activity, names, homes, realpathOrUndefined(activity));
	if (tool !== undefined) {
		return {path: activity, state: 'tool-folder', reason: tool.reason, fix: toolFolderFix(homes)};
	}
	const probe = path.join(activity, `.agentlog-doctor-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
	try {
		closeSync(openSync(probe, 'wx', 0o600));
	} catch (error) {
		return {path: activity, state: 'not-writable', reason: `a test file cannot be created there (${codeOf(error) ?? String(error)})`};
	}
	rmSync(probe, {force: true});
	return {path: activity, state: 'writable'};
}

function realpathOrUndefined(file: string): string | undefined {
	try {
		return realpathSync(file);
	} catch {
		return undefined;
	}
}

/**
 * Claude Code's folder is there with something of its own in it: not only the activity folder,
 * which agentlog's hook creates there for Codex CLI's events too.
 */
export function claudeFolderInUse(dir: string): boolean {
	try {
		return readdirSync(dir).some(name => name !== ACTIVITY_FOLDER_NAME);
	} catch {
		return false;
	}
}
