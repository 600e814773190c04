// `agentlog install-hook` and `agentlog uninstall-hook` (DESIGN.md §8). Plain IO and text on
// stdout: never imports Ink, so it works with stdin not a terminal. The decisions (what to add,
// what is agentlog's, what to remove) are pure functions in src/core/install/settings-merge.ts;
// which file is edited, and its refusals, are in install-target.ts.
import {existsSync, linkSync, lstatSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {CODEX_APPROVAL_NOTE} from '../../core/install/codex-hooks.js';
import {installEdit, uninstallEdit, type InstallEdit, type UninstallEdit} from '../../core/install/settings-edit.js';
import {hasAgentlogHooks, parseSettings} from '../../core/install/settings-merge.js';
import {unifiedDiff} from '../../core/install/text-diff.js';
import {visibleText} from '../../core/text/safe-text.js';
import {isCodeCacheName} from '../../core/install/code-cache.js';
import {agentlogPluginSettings, enabledPluginNotes, keepOneAdvice} from '../../core/install/agentlog-plugin.js';
import {managedSettingsPath, readSettingsFiles} from '../../store/doctor/gather.js';
import {hookAssets, hookBundles} from './assets.js';
import {CliError} from '../../core/user-error.js';
import {
	BACKUP_SUFFIX,
	freeBackupPath,
	isAgentlogLauncher,
	readIfExists,
	readRegular,
	readSettingsFile,
	renderLauncher,
	Staging,
	writeNewCopy,
	type SettingsFile,
} from './hook-files.js';
import {writeSettings} from './settings-write.js';
import {describeFile, resolve, usableSettings, type HookCommandOptions, type HookContext, type Resolved} from './install-target.js';

export type {HookCommandOptions, HookContext};

export function processContext(): HookContext {
	return {
		cwd: process.cwd(),
		env: process.env,
		home: os.homedir(),
		execPath: process.execPath,
		assets: hookAssets(),
		write: text => void process.stdout.write(text),
		managedSettings: managedSettingsPath(),
	};
}

/**
 * A warning when settings Claude Code reads for a session here (managed, local, project, user)
 * enable agentlog's plugin: installed both ways, the hook runs twice for every event. Empty when
 * none does. Settings that cannot be read count as enabling nothing.
 */
function pluginWarning(claude: string, ctx: HookContext): string {
	const files = readSettingsFiles(claude, ctx.cwd, ctx.managedSettings).map(f => {
		const parsed = f.read.state === 'read' ? parseSettings(f.read.text) : undefined;
		return {scope: f.scope, path: f.path, settings: parsed?.ok ? parsed.settings : undefined};
	});
	const settings = agentlogPluginSettings(files);
	const enabled = enabledPluginNotes(settings);
	if (enabled.length === 0) {
		return '';
	}
	const id = settings.find(p => p.enabled)!.id;
	return (
		`warning: agentlog is also installed as a Claude Code plugin: ${enabled.join(', ')}.\n` +
		`  With both, Claude Code runs the hook twice for every event (agentlog's readers drop the repeats); ${keepOneAdvice(id)}.\n`
	);
}

const RESTART_NOTE = 'Running Claude Code sessions pick up hook changes only after a restart or a review in /hooks.\n';

/** The edit's new text; throws when it could not be made without touching other content. */
function editedText(result: InstallEdit['result'], file: SettingsFile): string | undefined {
	if (result === undefined || result.ok) {
		return result?.text;
	}
	throw new CliError(
		`agentlog could not change ${describeFile(file)} without touching its other content (${result.reason}); nothing was changed. Please report this with a copy of the file.`,
	);
}

/**
 * Output that never stops the command: the change is on disk before anything is printed, and a
 * reader that went away (`| head -3`) must not turn a done job into a crash. What it prints quotes
 * files agentlog did not write (a settings file, a cloned repository's one with --project, folder
 * names): made safe here, once, for every line, its invisible characters shown as escapes.
 */
function output(ctx: HookContext): (text: string) => void {
	let broken = false;
	return text => {
		if (broken || text === '') {
			return;
		}
		try {
			ctx.write(visibleText(text));
		} catch {
			broken = true;
		}
	};
}

function diffText(file: SettingsFile, after: string): string {
	return unifiedDiff(file.text, after, {before: file.bytes === undefined ? '/dev/null' : file.target, after: file.target});
}

/** The program that writes the file itself. */
function ownerOf(tool: Resolved['tool']): string {
	return tool === 'codex' ? 'Codex' : 'Claude Code';
}

function retryNote(tries: number, tool: Resolved['tool']): string {
	return tries > 1
		? `  note: the ${tool === 'codex' ? 'hooks' : 'settings'} file changed while agentlog was writing it (another program, probably ${ownerOf(tool)}); agentlog merged its change into the new content (${tries} tries)\n`
		: '';
}

/** The file's label in the output. */
function fileLabel(tool: Resolved['tool']): string {
	return tool === 'codex' ? 'hooks file' : 'settings';
}

function installSettingsLines(
	edit: InstallEdit,
	file: SettingsFile,
	{target, newFolder, tool}: Pick<Resolved, 'target' | 'newFolder' | 'tool'>,
	would: (done: string, future: string) => string,
): string[] {
	const lines = [`  ${fileLabel(tool)}: ${describeFile(file)}\n`];
	if (newFolder !== undefined) {
		lines.push(`    ${would('created the folder', 'would create the folder')} ${newFolder}\n`);
	}
	if (edit.added.length > 0) {
		lines.push(
			`    ${would('added', 'would add')} ${edit.added.join(', ')} → ${target.command}${file.bytes === undefined ? ` (${would('created the file', 'would create the file')})` : ''}\n`,
		);
	}
	for (const {event, command} of edit.present) {
		lines.push(`    ${event}: already runs ${command}; left as it is\n`);
	}
	return lines;
}

export function runInstall(options: HookCommandOptions, ctx: HookContext = processContext()): void {
	const missing = hookBundles(ctx.assets).find(b => !existsSync(b.source));
	if (missing !== undefined) {
		throw new CliError(
			`the hook is not built: ${missing.source} is missing. Run \`npm run build\` in ${path.dirname(path.dirname(missing.source))} and try again.`,
		);
	}
	const say = output(ctx);
	const resolved = resolve(options, ctx, true);
	const {target, bundles, file, settings, claude, tool, events} = resolved;
	let edit = installEdit(file.text, settings, target, events);
	const newText = editedText(edit.result, file);

	const launcher = renderLauncher(readFileSync(ctx.assets.launcher, 'utf8'), ctx.execPath);
	const scripts = bundles.map(b => ({path: b.path, data: readFileSync(b.source)})).filter(b => !readIfExists(b.path)?.equals(b.data));
	const current = readRegular(target.scriptPath);
	const currentLauncher = current?.data.toString('utf8');
	const writeLauncher = currentLauncher !== launcher;
	const writeScript = scripts.length > 0;
	// A different launcher that is not agentlog's (claude-code-kanban installs one at this path)
	// is kept as <path>.agentlog-backup, never overwriting an earlier backup; uninstall restores it.
	const foreign = currentLauncher !== undefined && writeLauncher && !isAgentlogLauncher(currentLauncher);
	const alreadySaved = foreign && readIfExists(target.scriptPath + BACKUP_SUFFIX)?.toString('utf8') === currentLauncher;
	const launcherBackup = foreign && !alreadySaved ? freeBackupPath(target.scriptPath + BACKUP_SUFFIX, existsSync) : undefined;

	const twice = tool === 'codex' ? '' : pluginWarning(claude, ctx);
	if (newText === undefined && !writeLauncher && !writeScript) {
		say(`agentlog's hook is already installed in ${describeFile(file)}; nothing changed.\n${twice}${tool === 'codex' ? CODEX_APPROVAL_NOTE : ''}`);
		return;
	}
	const would = (done: string, future: string): string => (options.dryRun ? future : done);
	const fileLines: string[] = [];
	for (const script of scripts) {
		fileLines.push(`  ${would('wrote', 'would write')} ${script.path}\n`);
	}
	if (writeLauncher) {
		fileLines.push(`  ${would('wrote', 'would write')} ${target.scriptPath} (executable; Node fallback ${ctx.execPath})\n`);
	}
	if (foreign) {
		const saved =
			launcherBackup === undefined
				? `a copy is already in ${target.scriptPath}${BACKUP_SUFFIX}`
				: `${would('backed it up', 'would back it up')} to ${launcherBackup}`;
		fileLines.push(`  the existing ${target.scriptPath} is not agentlog's (claude-code-kanban installs one there): ${saved}; uninstall-hook puts it back\n`);
	}
	if (options.dryRun) {
		say(['Dry run: nothing is written.\n', ...installSettingsLines(edit, file, resolved, would), ...fileLines, twice].join(''));
		say(newText === undefined ? '' : diffText(file, newText));
		return;
	}

	const staging = new Staging();
	let finalFile = file;
	let notes = '';
	try {
		staging.ensureDir(path.dirname(target.scriptPath));
		const stagedScripts = scripts.map(script => staging.stage(script.path, script.data, 0o644));
		const stagedLauncher = writeLauncher ? staging.stage(target.scriptPath, launcher, 0o755) : undefined;
		const commitHookFiles = (): void => {
			if (launcherBackup !== undefined && current !== undefined) {
				writeNewCopy(launcherBackup, current.data, current.mode);
			}
			// The .cjs files first (the prune pass before the hook that loads it): the launcher must never run without them.
			for (const staged of stagedScripts.reverse()) {
				staging.commit(staged);
			}
			staging.commit(stagedLauncher);
		};
		if (newText === undefined) {
			commitHookFiles();
		} else {
			const written = writeSettings({
				first: file,
				staging,
				owner: ownerOf(tool),
				beforeRename: commitHookFiles,
				onStep: ctx.onSettingsStep,
				compute: next => {
					if (next !== file) {
						edit = installEdit(next.text, usableSettings(next, events), target, events);
					}
					return editedText(edit.result, next);
				},
			});
			finalFile = written.file;
			notes = written.notes + retryNote(written.tries, tool);
			if (written.written === undefined) {
				commitHookFiles();
			}
		}
	} catch (error) {
		staging.abort();
		throw error;
	}
	if (tool === 'codex') {
		say(
			["Installed agentlog's hook for Codex.\n", ...installSettingsLines(edit, finalFile, resolved, would), ...fileLines, notes, CODEX_APPROVAL_NOTE].join(''),
		);
		say(
			`Without the hooks agentlog still shows Codex subagents from the rollouts in ${path.join(path.dirname(file.target), 'sessions')}; the hooks add exact start and stop times, and mark children interrupted when their session ends.\n`,
		);
		return;
	}
	say(["Installed agentlog's hook.\n", ...installSettingsLines(edit, finalFile, resolved, would), ...fileLines, notes, twice, RESTART_NOTE].join(''));
	say(`Past agents: \`agentlog import\` adds the subagents Claude Code still keeps in ${path.join(claude, 'projects')} to the history.\n`);
}

/**
 * Keep the shared hook files while the user settings still use them (uninstall from a project
 * file). Codex's copy is its own: only its hooks.json uses it.
 */
function hookFilesStillUsed(resolved: Resolved): string | undefined {
	if (resolved.tool === 'codex') {
		return undefined;
	}
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

function removedLine(edit: UninstallEdit, would: (done: string, future: string) => string): string {
	const events = edit.removed.map(({event, count}) => (count > 1 ? `${event} (${count} entries)` : event)).join(', ');
	return edit.removed.length === 0 ? '    no agentlog entries there\n' : `    ${would('removed', 'would remove')} ${events}\n`;
}

export function runUninstall(options: HookCommandOptions, ctx: HookContext = processContext()): void {
	const say = output(ctx);
	const resolved = resolve(options, ctx, false);
	const {target, bundles, file, settings, tool, events} = resolved;
	let edit = uninstallEdit(file.text, settings, target.command, events);
	const newText = editedText(edit.result, file);
	// install-hook backs a file up the first time it changes it, unless the file did not exist: one
	// with agentlog's entries and no backup is a file install-hook created. Uninstalling gives back
	// no file at all when nothing else was put in it since (it would otherwise leave '{}'), and
	// keeps no "original" that is only agentlog's own entries.
	const createdByInstall = edit.removed.length > 0 && !existsSync(file.target + BACKUP_SUFFIX);
	const removeSettings = createdByInstall && newText !== undefined && isEmptyObject(newText) && !file.symlink;

	const keepReason = hookFilesStillUsed(resolved);
	const currentLauncher = readIfExists(target.scriptPath)?.toString('utf8');
	const ours = currentLauncher !== undefined && isAgentlogLauncher(currentLauncher);
	const backup = target.scriptPath + BACKUP_SUFFIX;
	const restore = keepReason === undefined && (ours || currentLauncher === undefined) && isRegularFile(backup);
	const removeLauncher = keepReason === undefined && ours && !restore;
	// The hook's code caches (hooks/cached-entry.ts) go with the bundles.
	const present = [...bundles.filter(b => existsSync(b.path)).map(b => b.path), ...codeCaches(path.dirname(target.scriptPath))];
	const removeScript = keepReason === undefined && present.length > 0;

	const notes: string[] = [];
	if (currentLauncher !== undefined && !ours) {
		notes.push(`  ${target.scriptPath} is not agentlog's; left as it is\n`);
	}
	if (keepReason !== undefined && (ours || present.length > 0)) {
		notes.push(`  kept the hook files in ${path.dirname(target.scriptPath)}: ${keepReason}\n`);
	}
	if (newText === undefined && !restore && !removeLauncher && !removeScript) {
		say(`agentlog's hook is not installed in ${describeFile(file)}; nothing changed.\n${notes.join('')}`);
		return;
	}
	const would = (done: string, future: string): string => (options.dryRun ? future : done);
	const fileLines: string[] = [...notes];
	const settingsGone = `  ${would('removed', 'would remove')} ${file.target}: install-hook created it, and nothing else is in it\n`;
	if (restore) {
		fileLines.push(`  ${would('restored', 'would restore')} the previous ${target.scriptPath} (not agentlog's) from ${backup}\n`);
	} else if (removeLauncher) {
		fileLines.push(`  ${would('removed', 'would remove')} ${target.scriptPath}\n`);
	}
	if (removeScript) {
		for (const bundle of present) {
			fileLines.push(`  ${would('removed', 'would remove')} ${bundle}\n`);
		}
	}
	if (options.dryRun) {
		say(
			[
				'Dry run: nothing is written.\n',
				`  ${fileLabel(tool)}: ${describeFile(file)}\n`,
				removedLine(edit, would),
				removeSettings ? settingsGone : '',
				...fileLines,
			].join(''),
		);
		if (removeSettings) {
			say(unifiedDiff(file.text, '', {before: file.target, after: '/dev/null'}));
		} else {
			say(newText === undefined ? '' : diffText(file, newText));
		}
		return;
	}

	const staging = new Staging();
	let finalFile = file;
	let settingsNotes = '';
	let removed = false;
	try {
		if (removeSettings) {
			ctx.onSettingsStep?.('merged', file.target);
			removed = removeIfUnchanged(file);
		}
		if (!removed && newText !== undefined) {
			const written = writeSettings({
				first: file,
				staging,
				noBackup: createdByInstall,
				owner: ownerOf(tool),
				onStep: ctx.onSettingsStep,
				compute: next => {
					if (next !== file) {
						edit = uninstallEdit(next.text, usableSettings(next, events), target.command, events);
					}
					return editedText(edit.result, next);
				},
			});
			finalFile = written.file;
			settingsNotes = written.notes + retryNote(written.tries, tool);
		}
		if (restore) {
			renameSync(backup, target.scriptPath);
		} else if (removeLauncher) {
			rmSync(target.scriptPath, {force: true});
		}
		if (removeScript) {
			for (const bundle of present) {
				rmSync(bundle, {force: true});
			}
		}
		if (removeScript || removeLauncher || restore) {
			removeIfEmpty(path.dirname(target.scriptPath));
		}
	} catch (error) {
		staging.abort();
		throw error;
	}
	const after = tool === 'codex' ? "Codex's approvals of these hooks stay in its config.toml, unused; agentlog never edits that file.\n" : RESTART_NOTE;
	say(
		[
			`Removed agentlog's hook${tool === 'codex' ? ' for Codex' : ''}.\n`,
			`  ${fileLabel(tool)}: ${describeFile(finalFile)}\n`,
			removedLine(edit, would),
			removed ? settingsGone : '',
			...fileLines,
			settingsNotes,
			after,
		].join(''),
	);
}

/**
 * Removes the settings file when it still holds the bytes read: it is first renamed aside (atomic),
 * then compared, so a write by Claude Code at any moment is never lost. A file that changed is put
 * back (unless an even newer one took its place) and the caller merges into it as for any write.
 */
function removeIfUnchanged(file: SettingsFile): boolean {
	const aside = path.join(path.dirname(file.target), `.${path.basename(file.target)}.agentlog-removing-${process.pid}`);
	try {
		renameSync(file.target, aside);
	} catch {
		return false;
	}
	const moved = readIfExists(aside);
	if (moved !== undefined && file.bytes !== undefined && moved.equals(file.bytes)) {
		rmSync(aside, {force: true});
		return true;
	}
	try {
		// link, not rename: never over a file written meanwhile, which is newer than this one.
		linkSync(aside, file.target);
	} catch {
		// A newer file is in place: it supersedes the one set aside.
	}
	rmSync(aside, {force: true});
	return false;
}

/** Text that is a JSON object with no keys (`{}` in any spacing). */
function isEmptyObject(text: string): boolean {
	try {
		const value: unknown = JSON.parse(text);
		return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;
	} catch {
		return false;
	}
}

/** The hooks folder (`<claude>/hooks/`, `$CODEX_HOME/hooks/`) once agentlog's files are gone from it, if nothing else is there. */
function removeIfEmpty(dir: string): void {
	try {
		rmdirSync(dir);
	} catch {
		// Not empty (another tool's files), or already gone.
	}
}

/** The hook's code cache files in `dir` (regular files with the cache's name). */
function codeCaches(dir: string): string[] {
	let names: string[];
	try {
		names = readdirSync(dir);
	} catch {
		return [];
	}
	return names
		.filter(name => isCodeCacheName(name))
		.map(name => path.join(dir, name))
		.filter(file => lstatSync(file, {throwIfNoEntry: false})?.isFile() === true);
}

function isRegularFile(file: string): boolean {
	try {
		return statSync(file).isFile();
	} catch {
		return false;
	}
}
