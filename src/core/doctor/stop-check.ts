// Doctor's word on the user's stop from agentlog (`install-hook --control`): is the PreToolUse
// entry that lets `x` in watch and `agentlog stop` stop a subagent registered? Only information:
// off is a choice (the hook then runs on agent events alone). Pure.
import {isObject} from '../record/json.js';
import {parseSettings} from '../install/settings-merge.js';
import {controlCommand, type HookTarget} from '../install/shell-command.js';
import {check, type DoctorCheck} from './check.js';
import type {SettingsFileFacts} from './settings-checks.js';

/** The settings files whose PreToolUse runs agentlog's launcher with --control (matcher `*` or none). */
export function filesWithControl(files: readonly SettingsFileFacts[], target: HookTarget): SettingsFileFacts[] {
	const wanted = controlCommand(target.command);
	return files.filter(f => {
		if (f.read.state !== 'read') {
			return false;
		}
		const parsed = parseSettings(f.read.text);
		const groups = parsed.ok && isObject(parsed.settings.hooks) ? parsed.settings.hooks.PreToolUse : undefined;
		return (
			Array.isArray(groups) &&
			groups.some(
				g =>
					isObject(g) &&
					(g.matcher === undefined || g.matcher === '' || g.matcher === '*') &&
					Array.isArray(g.hooks) &&
					g.hooks.some(h => isObject(h) && h.type === 'command' && h.command === wanted),
			)
		);
	});
}

/** `stop-control`: on, with where; else a note with how to turn it on. */
export function stopControlCheck(files: readonly SettingsFileFacts[], target: HookTarget, project?: boolean): DoctorCheck {
	const on = filesWithControl(files, target);
	if (on.length > 0) {
		return check('stop-control', 'ok', 'stop from agentlog is on: `x` in watch and `agentlog stop` stop a subagent at its next tool call', {
			detail: on.map(f => `PreToolUse (every tool) in ${f.path} (${f.scope})`),
		});
	}
	return check('stop-control', 'note', 'stop from agentlog is off: `x` in watch and `agentlog stop` cannot stop a subagent', {
		fix: `${project ? 'agentlog install-hook --project --control' : 'agentlog install-hook --control'} (the plugin: its control option)`,
	});
}
