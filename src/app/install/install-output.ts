// What install-hook and uninstall-hook share: the process's context, the output that never stops
// the command, the edit's new text and its --dry-run diff, and the words that name the file, its
// owner and a retried write.
import os from 'node:os';
import type {InstallEdit} from '../../core/install/settings-edit.js';
import {unifiedDiff} from '../../core/install/text-diff.js';
import {visibleText} from '../../core/text/safe-text.js';
import {CliError} from '../../core/user-error.js';
import {managedSettingsPath} from '../../store/doctor/gather.js';
import {hookAssets} from '../../store/settings/assets.js';
import type {SettingsFile} from '../../store/settings/hook-files.js';
import {describeFile, type HookContext, type Resolved} from './install-target.js';

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

export const RESTART_NOTE = 'Running Claude Code sessions pick up hook changes only after a restart or a review in /hooks.\n';

/** The edit's new text; throws when it could not be made without touching other content. */
export function editedText(result: InstallEdit['result'], file: SettingsFile): string | undefined {
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
export function output(ctx: HookContext): (text: string) => void {
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

export function diffText(file: SettingsFile, after: string): string {
	return unifiedDiff(file.text, after, {before: file.bytes === undefined ? '/dev/null' : file.target, after: file.target});
}

/** The program that writes the file itself. */
export function ownerOf(tool: Resolved['tool']): string {
	return tool === 'codex' ? 'Codex' : tool === 'qwen' ? 'Qwen Code' : 'Claude Code';
}

export function retryNote(tries: number, tool: Resolved['tool']): string {
	return tries > 1
		? `  note: the ${tool === 'codex' ? 'hooks' : 'settings'} file changed while agentlog was writing it (another program, probably ${ownerOf(tool)}); agentlog merged its change into the new content (${tries} tries)\n`
		: '';
}

/** The file's label in the output. */
export function fileLabel(tool: Resolved['tool']): string {
	return tool === 'codex' ? 'hooks file' : 'settings';
}
