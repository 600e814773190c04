// What install-hook does to a settings file (or Codex's hooks.json), planned before anything is
// written: agentlog's events added, notifications switched on or off in place, the stop's entry
// added or removed; and the plan told in lines (done, or with --dry-run, what would be).
import {installEdit, installedNotify, switchCommandEdit, uninstallEdit, type InstallEdit} from '../../core/install/settings-edit.js';
import {
	AGENTLOG_HOOK_EVENTS,
	CONTROL_EVENTS,
	parseSettings,
	type AgentlogHookEvent,
	type HookEventSet,
	type JsonObject,
} from '../../core/install/settings-merge.js';
import {controlCommand, notifyCommand, type HookTarget} from '../../core/install/shell-command.js';
import type {SettingsFile} from '../../store/settings/hook-files.js';
import {editedText, fileLabel} from './install-output.js';
import {describeFile, type Resolved} from './install-target.js';

/** What install does to a settings file: notifications switched on or off in place, then the missing events added. */
export interface InstallPlan {
	readonly edit: InstallEdit;
	/** Events whose handler's command was switched (notifications on or off). */
	readonly switched: readonly AgentlogHookEvent[];
	readonly notify: boolean;
	/** The command agentlog's handlers have afterwards. */
	readonly command: string;
	/** The new text; undefined when nothing changes. */
	readonly text: string | undefined;
	/** install-hook --control / --no-control: the PreToolUse entry added or removed (empty: unchanged). */
	readonly control?: {readonly on: boolean; readonly changed: boolean; readonly command: string};
}

/**
 * The stop entry (PreToolUse of every tool, `<command> --control`) added (`want` true) or removed
 * (false) in the text the rest of the plan made; undefined `want` leaves it as it is.
 */
export function planControl(plan: InstallPlan, file: SettingsFile, settings: JsonObject, target: HookTarget, want: boolean | undefined): InstallPlan {
	if (want === undefined) {
		return plan;
	}
	const before = plan.text ?? file.text;
	const parsed = plan.text === undefined ? undefined : parseSettings(plan.text, [...AGENTLOG_HOOK_EVENTS, ...CONTROL_EVENTS]);
	const base = parsed?.ok ? parsed.settings : settings;
	const command = controlCommand(target.command);
	if (want) {
		const edit = installEdit(before, base, {...target, command}, CONTROL_EVENTS);
		const text = editedText(edit.result, file);
		return {...plan, text: text ?? plan.text, control: {on: true, changed: edit.added.length > 0, command}};
	}
	const edit = uninstallEdit(before, base, target.command, CONTROL_EVENTS);
	const text = editedText(edit.result, file);
	return {...plan, text: text ?? plan.text, control: {on: false, changed: edit.removed.length > 0, command}};
}

export function planInstall(file: SettingsFile, settings: JsonObject, target: HookTarget, events: HookEventSet, want: boolean | undefined): InstallPlan {
	const on = notifyCommand(target.command);
	const notify = want ?? installedNotify(settings, target.command, events) ?? false;
	const command = notify ? on : target.command;
	const switchEdit = switchCommandEdit(file.text, settings, notify ? target.command : on, command, events);
	const switchedText = editedText(switchEdit.result, file);
	const parsed = switchedText === undefined ? undefined : parseSettings(switchedText, events);
	const base = parsed?.ok ? parsed.settings : settings;
	const edit = installEdit(switchedText ?? file.text, base, {...target, command}, events);
	const text = editedText(edit.result, file) ?? switchedText;
	return {edit, switched: switchEdit.switched, notify, command, text};
}

export function installSettingsLines(
	plan: InstallPlan,
	file: SettingsFile,
	{newFolder, tool}: Pick<Resolved, 'newFolder' | 'tool'>,
	would: (done: string, future: string) => string,
): string[] {
	const {edit} = plan;
	const lines = [`  ${fileLabel(tool)}: ${describeFile(file)}\n`];
	if (newFolder !== undefined) {
		lines.push(`    ${would('created the folder', 'would create the folder')} ${newFolder}\n`);
	}
	if (plan.switched.length > 0) {
		lines.push(
			`    notifications ${plan.notify ? 'on' : 'off'}: ${would('changed', 'would change')} the command of ${plan.switched.join(', ')} to ${plan.command}\n`,
		);
	}
	if (edit.added.length > 0) {
		lines.push(
			`    ${would('added', 'would add')} ${edit.added.join(', ')} → ${plan.command}${file.bytes === undefined ? ` (${would('created the file', 'would create the file')})` : ''}\n`,
		);
	}
	if (plan.control?.changed === true) {
		lines.push(
			plan.control.on
				? `    stop from agentlog on: ${would('added', 'would add')} PreToolUse (every tool) → ${plan.control.command}
`
				: `    stop from agentlog off: ${would('removed', 'would remove')} PreToolUse → ${plan.control.command}
`,
		);
	}
	// agentlog's own entries (just switched) are not news; another tool's running the script is.
	for (const {event, command} of edit.present.filter(p => p.command !== plan.command)) {
		lines.push(`    ${event}: already runs ${command}; left as it is\n`);
	}
	return lines;
}

/** Codex's hooks.json: no notifications, only the events added. */
export function codexPlan(file: SettingsFile, settings: JsonObject, target: HookTarget, events: HookEventSet): InstallPlan {
	const edit = installEdit(file.text, settings, target, events);
	return {edit, switched: [], notify: false, command: target.command, text: editedText(edit.result, file)};
}
