// `agentlog uninstall-hook` (docs/design.md#install-hook): removes exactly what install-hook added, its settings
// entries and its hook files, and gives back a settings file it created as no file at all. Plain
// IO and text on stdout, as install-hook.ts.
import path from 'node:path';
import {uninstallEdit, type UninstallEdit} from '../../core/install/settings-edit.js';
import {CONTROL_EVENTS, hasAgentlogHooks, parseSettings} from '../../core/install/settings-merge.js';
import {unifiedDiff} from '../../core/install/text-diff.js';
import {BACKUP_SUFFIX, isAgentlogLauncher, readIfExists, readSettingsFile, Staging, type SettingsFile} from '../../store/settings/hook-files.js';
import {codeCaches, isRegularFile, pathExists, putBack, removeFiles, removeIfEmpty} from '../../store/settings/hook-folder.js';
import {removeIfUnchanged} from '../../store/settings/settings-remove.js';
import {writeSettings} from './settings-write.js';
import {describeFile, resolve, usableSettings, type HookCommandOptions, type HookContext, type Resolved} from './install-target.js';
import {diffText, editedText, fileLabel, output, ownerOf, processContext, RESTART_NOTE, retryNote} from './install-output.js';

/**
 * Keep the shared hook files while the user settings still use them (uninstall from a project
 * file). Codex's copy is its own: only its hooks.json uses it.
 */
function hookFilesStillUsed(resolved: Resolved): string | undefined {
	if (resolved.tool !== 'claude') {
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
	const {target, bundles, file, settings, tool} = resolved;
	// Claude Code's: the stop's PreToolUse entry too (install-hook --control).
	const events = tool === 'claude' ? [...resolved.events, ...CONTROL_EVENTS] : resolved.events;
	let edit = uninstallEdit(file.text, settings, target.command, events);
	const newText = editedText(edit.result, file);
	// install-hook backs a file up the first time it changes it, unless the file did not exist: one
	// with agentlog's entries and no backup is a file install-hook created. Uninstalling gives back
	// no file at all when nothing else was put in it since (it would otherwise leave '{}'), and
	// keeps no "original" that is only agentlog's own entries.
	const createdByInstall = edit.removed.length > 0 && !pathExists(file.target + BACKUP_SUFFIX);
	const removeSettings = createdByInstall && newText !== undefined && isEmptyObject(newText) && !file.symlink;

	const keepReason = hookFilesStillUsed(resolved);
	const currentLauncher = readIfExists(target.scriptPath)?.toString('utf8');
	const ours = currentLauncher !== undefined && isAgentlogLauncher(currentLauncher);
	const backup = target.scriptPath + BACKUP_SUFFIX;
	const restore = keepReason === undefined && (ours || currentLauncher === undefined) && isRegularFile(backup);
	const removeLauncher = keepReason === undefined && ours && !restore;
	// The hook's code caches (hooks/cached-entry.ts) go with the bundles.
	const present = [...bundles.filter(b => pathExists(b.path)).map(b => b.path), ...codeCaches(path.dirname(target.scriptPath))];
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
			putBack(backup, target.scriptPath);
		} else if (removeLauncher) {
			removeFiles([target.scriptPath]);
		}
		if (removeScript) {
			removeFiles(present);
		}
		if (removeScript || removeLauncher || restore) {
			removeIfEmpty(path.dirname(target.scriptPath));
		}
	} catch (error) {
		staging.abort();
		throw error;
	}
	const after =
		tool === 'codex'
			? "Codex's approvals of these hooks stay in its config.toml, unused; agentlog never edits that file.\n"
			: tool === 'qwen'
				? ''
				: RESTART_NOTE;
	say(
		[
			`Removed agentlog's hook${tool === 'codex' ? ' for Codex' : tool === 'qwen' ? ' for Qwen Code' : ''}.\n`,
			`  ${fileLabel(tool)}: ${describeFile(finalFile)}\n`,
			removedLine(edit, would),
			removed ? settingsGone : '',
			...fileLines,
			settingsNotes,
			after,
		].join(''),
	);
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
