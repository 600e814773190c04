// `agentlog install-hook` and `agentlog uninstall-hook` (DESIGN.md §8). Plain IO and text on
// stdout: never imports Ink, so it works with stdin not a terminal. The decisions (what to add,
// what is agentlog's, what to remove) are pure functions in src/core/settings-merge.ts.
import {copyFileSync, constants, existsSync, readFileSync, renameSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {claudeDir} from '../core/paths.js';
import {formatSettings, hasAgentlogHooks, isCanonical, mergeAgentlogHooks, parseSettings, unmergeAgentlogHooks, type JsonObject} from '../core/settings-merge.js';
import {hookTarget, type HookTarget} from '../core/shell-command.js';
import {unifiedDiff} from '../core/text-diff.js';
import {hookAssets, type HookAssets} from './assets.js';
import {CliError} from './errors.js';
import {assertUnchanged, BACKUP_SUFFIX, freeBackupPath, isAgentlogLauncher, readIfExists, readSettingsFile, renderLauncher, Staging, stageSettings, verifyWritten, type SettingsFile} from './hook-files.js';

export interface HookCommandOptions {
	readonly project?: boolean;
	readonly settings?: string;
	readonly dryRun?: boolean;
}

/** Everything the commands take from the process; tests pass their own. */
export interface HookContext {
	readonly cwd: string;
	readonly env: NodeJS.ProcessEnv;
	readonly home: string;
	readonly execPath: string;
	readonly assets: HookAssets;
	readonly write: (text: string) => void;
}

export function processContext(): HookContext {
	return {cwd: process.cwd(), env: process.env, home: os.homedir(), execPath: process.execPath, assets: hookAssets(), write: (text) => void process.stdout.write(text)};
}

const RESTART_NOTE = 'Running Claude Code sessions pick up hook changes only after a restart or a review in /hooks.\n';

interface Resolved {
	readonly claude: string;
	readonly target: HookTarget;
	readonly cjsPath: string;
	readonly file: SettingsFile;
	readonly settings: JsonObject;
}

function settingsPath(options: HookCommandOptions, claude: string, cwd: string): string {
	if (options.project && options.settings !== undefined) {
		throw new CliError('--project and --settings cannot be used together', 2);
	}
	if (options.settings !== undefined) {
		return path.resolve(cwd, options.settings);
	}
	return options.project ? path.join(cwd, '.claude', 'settings.json') : path.join(claude, 'settings.json');
}

/** Reads and checks the settings file. Nothing has been written when this throws. */
function resolve(options: HookCommandOptions, ctx: HookContext): Resolved {
	const claude = claudeDir(ctx.env, ctx.home);
	const target = hookTarget(claude, ctx.home, ctx.env.CLAUDE_CONFIG_DIR);
	const file = readSettingsFile(settingsPath(options, claude, ctx.cwd));
	const parsed = parseSettings(file.text);
	if (!parsed.ok) {
		const where = parsed.line === undefined ? '' : ` at line ${parsed.line}, column ${parsed.column ?? 1}`;
		throw new CliError(`${describeFile(file)} is not a usable settings file${where}: ${parsed.reason}.\nagentlog never overwrites a file it cannot read; nothing was changed. Fix the file and run the command again.`);
	}
	return {claude, target, cjsPath: path.join(path.dirname(target.scriptPath), 'agent-spy.cjs'), file, settings: parsed.settings};
}

function describeFile(file: SettingsFile): string {
	return file.symlink ? `${file.path} (symlink to ${file.target})` : file.path;
}

function printDiff(ctx: HookContext, file: SettingsFile, after: string): void {
	ctx.write(unifiedDiff(file.text, after, {before: file.bytes === undefined ? '/dev/null' : file.target, after: file.target}));
}

/** What a real run prints: what changed, the check that the file holds it, the restart note. */
function printDone(ctx: HookContext, lines: readonly string[], file: SettingsFile, newText: string | undefined): void {
	ctx.write(lines.join(''));
	ctx.write(newText === undefined ? '' : verifyWritten(file, newText));
	ctx.write(RESTART_NOTE);
}

/** What --dry-run prints: the summary lines, then the settings diff when the file would change. */
function printDryRun(ctx: HookContext, lines: readonly string[], file: SettingsFile, newText: string | undefined): void {
	ctx.write(lines.join(''));
	if (newText !== undefined) {
		printDiff(ctx, file, newText);
	}
}

export function runInstall(options: HookCommandOptions, ctx: HookContext = processContext()): void {
	if (!existsSync(ctx.assets.script)) {
		throw new CliError(`the hook is not built: ${ctx.assets.script} is missing. Run \`npm run build\` in ${path.dirname(path.dirname(path.dirname(ctx.assets.script)))} and try again.`);
	}
	const {target, cjsPath, file, settings} = resolve(options, ctx);
	const merge = mergeAgentlogHooks(settings, target);
	const newText = merge.added.length > 0 ? formatSettings(merge.settings) : undefined;

	const launcher = renderLauncher(readFileSync(ctx.assets.launcher, 'utf8'), ctx.execPath);
	const script = readFileSync(ctx.assets.script);
	const currentLauncher = readIfExists(target.scriptPath)?.toString('utf8');
	const currentScript = readIfExists(cjsPath);
	const writeLauncher = currentLauncher !== launcher;
	const writeScript = !currentScript?.equals(script);
	// A different launcher that is not agentlog's (claude-code-kanban installs one at this path)
	// is kept as <path>.agentlog-backup, never overwriting an earlier backup; uninstall restores it.
	const foreign = currentLauncher !== undefined && writeLauncher && !isAgentlogLauncher(currentLauncher);
	const alreadySaved = foreign && readIfExists(target.scriptPath + BACKUP_SUFFIX)?.toString('utf8') === currentLauncher;
	const launcherBackup = foreign && !alreadySaved ? freeBackupPath(target.scriptPath + BACKUP_SUFFIX, existsSync) : undefined;

	if (newText === undefined && !writeLauncher && !writeScript) {
		ctx.write(`agentlog's hook is already installed in ${describeFile(file)}; nothing changed.\n`);
		return;
	}
	const would = (done: string, future: string): string => (options.dryRun ? future : done);
	const lines: string[] = [options.dryRun ? 'Dry run: nothing is written.\n' : "Installed agentlog's hook.\n", `  settings: ${describeFile(file)}\n`];
	if (merge.added.length > 0) {
		lines.push(`    ${would('added', 'would add')} ${merge.added.join(', ')} → ${target.command}${file.bytes === undefined ? ` (${would('created the file', 'would create the file')})` : ''}\n`);
	}
	for (const {event, command} of merge.present) {
		lines.push(`    ${event}: already runs ${command}; left as it is\n`);
	}
	if (newText !== undefined && file.bytes !== undefined && file.text.trim() !== '' && !isCanonical(file.text, settings)) {
		lines.push(`  note: the file was not in 2-space JSON form; it ${would('was', 'would be')} rewritten as 2-space JSON (same data; the backup keeps the original bytes)\n`);
	}
	if (writeScript) {
		lines.push(`  ${would('wrote', 'would write')} ${cjsPath}\n`);
	}
	if (writeLauncher) {
		lines.push(`  ${would('wrote', 'would write')} ${target.scriptPath} (executable; Node fallback ${ctx.execPath})\n`);
	}
	if (foreign) {
		const saved = launcherBackup === undefined ? `a copy is already in ${target.scriptPath}${BACKUP_SUFFIX}` : `${would('backed it up', 'would back it up')} to ${launcherBackup}`;
		lines.push(`  the existing ${target.scriptPath} is not agentlog's (claude-code-kanban installs one there): ${saved}; uninstall-hook puts it back\n`);
	}
	if (options.dryRun) {
		printDryRun(ctx, lines, file, newText);
		return;
	}

	const staging = new Staging();
	try {
		staging.ensureDir(path.dirname(target.scriptPath));
		const stagedScript = writeScript ? staging.stage(cjsPath, script, 0o644) : undefined;
		const stagedLauncher = writeLauncher ? staging.stage(target.scriptPath, launcher, 0o755) : undefined;
		const commitSettings = newText === undefined ? undefined : stageSettings(staging, file, newText);
		// Every temp file is ready; from here on only renames. Claude Code may have rewritten the
		// settings since they were read: then nothing is written at all.
		assertUnchanged(file);
		if (launcherBackup !== undefined) {
			copyFileSync(target.scriptPath, launcherBackup, constants.COPYFILE_EXCL);
		}
		// The .cjs first: the launcher must never run without it.
		staging.commit(stagedScript);
		staging.commit(stagedLauncher);
		lines.push(commitSettings?.() ?? '');
	} catch (error) {
		staging.abort();
		throw error;
	}
	printDone(ctx, lines, file, newText);
}

/** Keep the shared hook files while the user settings still use them (uninstall from a project file). */
function hookFilesStillUsed(resolved: Resolved): string | undefined {
	const user = path.join(resolved.claude, 'settings.json');
	let userFile: SettingsFile;
	try {
		userFile = readSettingsFile(user);
	} catch (error) {
		return `${user} could not be checked (${error instanceof Error ? error.message : String(error)})`;
	}
	if (userFile.target === resolved.file.target) {
		return undefined;
	}
	const parsed = parseSettings(userFile.text);
	if (!parsed.ok) {
		return `${user} could not be checked (${parsed.reason})`;
	}
	return hasAgentlogHooks(parsed.settings, resolved.target.command) ? `${user} still uses them` : undefined;
}

export function runUninstall(options: HookCommandOptions, ctx: HookContext = processContext()): void {
	const resolved = resolve(options, ctx);
	const {target, cjsPath, file, settings} = resolved;
	const unmerge = unmergeAgentlogHooks(settings, target.command);
	const newText = unmerge.removed.length > 0 ? formatSettings(unmerge.settings) : undefined;

	const keepReason = hookFilesStillUsed(resolved);
	const currentLauncher = readIfExists(target.scriptPath)?.toString('utf8');
	const ours = currentLauncher !== undefined && isAgentlogLauncher(currentLauncher);
	const backup = target.scriptPath + BACKUP_SUFFIX;
	const restore = keepReason === undefined && (ours || currentLauncher === undefined) && existsSync(backup);
	const removeLauncher = keepReason === undefined && ours && !restore;
	const removeScript = keepReason === undefined && existsSync(cjsPath);

	const notes: string[] = [];
	if (currentLauncher !== undefined && !ours) {
		notes.push(`  ${target.scriptPath} is not agentlog's; left as it is\n`);
	}
	if (keepReason !== undefined && (ours || existsSync(cjsPath))) {
		notes.push(`  kept the hook files in ${path.dirname(target.scriptPath)}: ${keepReason}\n`);
	}
	if (newText === undefined && !restore && !removeLauncher && !removeScript) {
		ctx.write(`agentlog's hook is not installed in ${describeFile(file)}; nothing changed.\n${notes.join('')}`);
		return;
	}
	const would = (done: string, future: string): string => (options.dryRun ? future : done);
	const removedEvents = unmerge.removed.map(({event, count}) => (count > 1 ? `${event} (${count} entries)` : event)).join(', ');
	const lines: string[] = [
		options.dryRun ? 'Dry run: nothing is written.\n' : "Removed agentlog's hook.\n",
		`  settings: ${describeFile(file)}\n`,
		newText === undefined ? '    no agentlog entries there\n' : `    ${would('removed', 'would remove')} ${removedEvents}\n`,
		...notes,
	];
	if (restore) {
		lines.push(`  ${would('restored', 'would restore')} the previous ${target.scriptPath} (not agentlog's) from ${backup}\n`);
	} else if (removeLauncher) {
		lines.push(`  ${would('removed', 'would remove')} ${target.scriptPath}\n`);
	}
	if (removeScript) {
		lines.push(`  ${would('removed', 'would remove')} ${cjsPath}\n`);
	}
	if (options.dryRun) {
		printDryRun(ctx, lines, file, newText);
		return;
	}

	const staging = new Staging();
	try {
		const commitSettings = newText === undefined ? undefined : stageSettings(staging, file, newText);
		assertUnchanged(file);
		lines.push(commitSettings?.() ?? '');
		if (restore) {
			renameSync(backup, target.scriptPath);
		} else if (removeLauncher) {
			rmSync(target.scriptPath, {force: true});
		}
		if (removeScript) {
			rmSync(cjsPath, {force: true});
		}
	} catch (error) {
		staging.abort();
		throw error;
	}
	printDone(ctx, lines, file, newText);
}
