// `agentlog install-hook` (docs/design.md#install-hook), and what it shares with uninstall-hook.ts: its output,
// its messages, the diff of --dry-run. Plain IO and text on stdout: never imports Ink, so it works
// with stdin not a terminal. The decisions (what to add,
// what is agentlog's, what to remove) are pure functions in src/core/install/settings-merge.ts;
// which file is edited, and its refusals, are in install-target.ts.
import os from 'node:os';
import path from 'node:path';
import {CODEX_APPROVAL_NOTE} from '../../core/install/codex-hooks.js';
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
import {unifiedDiff} from '../../core/install/text-diff.js';
import {visibleText} from '../../core/text/safe-text.js';
import {agentlogPluginSettings, enabledPluginNotes, keepOneAdvice} from '../../core/install/agentlog-plugin.js';
import {managedSettingsPath, readSettingsFiles} from '../../store/doctor/gather.js';
import {hookAssets, missingBundle, readAsset, readAssetText} from '../../store/settings/assets.js';
import {pathExists} from '../../store/settings/hook-folder.js';
import {CliError} from '../../core/user-error.js';
import {
	BACKUP_SUFFIX,
	freeBackupPath,
	isAgentlogLauncher,
	readIfExists,
	readRegular,
	renderLauncher,
	Staging,
	writeNewCopy,
	type SettingsFile,
} from '../../store/settings/hook-files.js';
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

export const RESTART_NOTE = 'Running Claude Code sessions pick up hook changes only after a restart or a review in /hooks.\n';

/** After install-hook --qwen. */
export const QWEN_RESTART_NOTE =
	'Qwen Code sessions started from now on run the hook; agentlog shows their subagents marked [qwen], with tokens and tool calls from their transcripts.\n';

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

/** What install does to a settings file: notifications switched on or off in place, then the missing events added. */
interface InstallPlan {
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
function planControl(plan: InstallPlan, file: SettingsFile, settings: JsonObject, target: HookTarget, want: boolean | undefined): InstallPlan {
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

function planInstall(file: SettingsFile, settings: JsonObject, target: HookTarget, events: HookEventSet, want: boolean | undefined): InstallPlan {
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

function installSettingsLines(
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
function codexPlan(file: SettingsFile, settings: JsonObject, target: HookTarget, events: HookEventSet): InstallPlan {
	const edit = installEdit(file.text, settings, target, events);
	return {edit, switched: [], notify: false, command: target.command, text: editedText(edit.result, file)};
}

/** After an install with the stop on: what it does and costs. */
export const CONTROL_NOTE =
	'Stop from agentlog: `x` in watch and `agentlog stop` stop a subagent at its next tool call. The hook now runs on every tool call; with no stop pending its launcher exits before Node starts. `agentlog install-hook --no-control` turns it off.\n';

/** After an install with notifications on: what they need. */
export const NOTIFY_NOTE =
	'Notifications: Claude Code 2.1.141 or newer shows them (OSC 9 and a bell) when an agent waits for you, fails, or a fan-out or workflow run finishes; in tmux, `set -g allow-passthrough on` lets the desktop notification through (the bell needs nothing). `agentlog install-hook --no-notify` turns them off.\n';

export function runInstall(options: HookCommandOptions, ctx: HookContext = processContext()): void {
	const missing = missingBundle(ctx.assets);
	if (missing !== undefined) {
		throw new CliError(
			`the hook is not built: ${missing.source} is missing. Run \`npm run build\` in ${path.dirname(path.dirname(missing.source))} and try again.`,
		);
	}
	const say = output(ctx);
	const resolved = resolve(options, ctx, true);
	const {target, bundles, file, settings, claude, tool, events} = resolved;
	let plan =
		tool === 'codex'
			? codexPlan(file, settings, target, events)
			: planControl(planInstall(file, settings, target, events, options.notify), file, settings, target, options.control);
	const newText = plan.text;

	const launcher = renderLauncher(readAssetText(ctx.assets.launcher), ctx.execPath);
	const scripts = bundles.map(b => ({path: b.path, data: readAsset(b.source)})).filter(b => !readIfExists(b.path)?.equals(b.data));
	const current = readRegular(target.scriptPath);
	const currentLauncher = current?.data.toString('utf8');
	const writeLauncher = currentLauncher !== launcher;
	const writeScript = scripts.length > 0;
	// A different launcher that is not agentlog's (claude-code-kanban installs one at this path)
	// is kept as <path>.agentlog-backup, never overwriting an earlier backup; uninstall restores it.
	const foreign = currentLauncher !== undefined && writeLauncher && !isAgentlogLauncher(currentLauncher);
	const alreadySaved = foreign && readIfExists(target.scriptPath + BACKUP_SUFFIX)?.toString('utf8') === currentLauncher;
	const launcherBackup = foreign && !alreadySaved ? freeBackupPath(target.scriptPath + BACKUP_SUFFIX, pathExists) : undefined;

	const twice = tool === 'claude' ? pluginWarning(claude, ctx) : '';
	if (newText === undefined && !writeLauncher && !writeScript) {
		const notifyNote = tool !== 'claude' ? '' : plan.notify ? ' Notifications are on (--no-notify turns them off).' : '';
		say(`agentlog's hook is already installed in ${describeFile(file)}; nothing changed.${notifyNote}\n${twice}${tool === 'codex' ? CODEX_APPROVAL_NOTE : ''}`);
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
		say(['Dry run: nothing is written.\n', ...installSettingsLines(plan, file, resolved, would), ...fileLines, twice].join(''));
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
						const nextSettings = usableSettings(next, events);
						plan =
							tool === 'codex'
								? codexPlan(next, nextSettings, target, events)
								: planControl(planInstall(next, nextSettings, target, events, options.notify), next, nextSettings, target, options.control);
					}
					return plan.text;
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
			["Installed agentlog's hook for Codex.\n", ...installSettingsLines(plan, finalFile, resolved, would), ...fileLines, notes, CODEX_APPROVAL_NOTE].join(''),
		);
		say(
			`Without the hooks agentlog still shows Codex subagents from the rollouts in ${path.join(path.dirname(file.target), 'sessions')}; the hooks add exact start and stop times, and mark children interrupted when their session ends.\n`,
		);
		return;
	}
	if (tool === 'qwen') {
		say(
			["Installed agentlog's hook for Qwen Code.\n", ...installSettingsLines(plan, finalFile, resolved, would), ...fileLines, notes, QWEN_RESTART_NOTE].join(
				'',
			),
		);
		return;
	}
	say(["Installed agentlog's hook.\n", ...installSettingsLines(plan, finalFile, resolved, would), ...fileLines, notes, twice, RESTART_NOTE].join(''));
	if (plan.notify) {
		say(NOTIFY_NOTE);
	}
	if (plan.control?.on === true) {
		say(CONTROL_NOTE);
	}
	say(`Past agents: \`agentlog import\` adds the subagents Claude Code still keeps in ${path.join(claude, 'projects')} to the history.\n`);
}
