// `agentlog install-hook` (docs/design.md#install-hook). Plain IO and text on stdout: never imports
// Ink, so it works with stdin not a terminal. The decisions (what to add, what is agentlog's, what
// to remove) are pure functions in src/core/install/settings-merge.ts; which file is edited, and
// its refusals, are in install-target.ts; the plan and its lines in install-plan.ts; what
// uninstall-hook.ts shares (the output, the diff of --dry-run, the words) in install-output.ts.
import path from 'node:path';
import {CODEX_APPROVAL_NOTE} from '../../core/install/codex-hooks.js';
import {parseSettings} from '../../core/install/settings-merge.js';
import {agentlogPluginSettings, enabledPluginNotes, keepOneAdvice} from '../../core/install/agentlog-plugin.js';
import {readSettingsFiles} from '../../store/doctor/gather.js';
import {missingBundle, readAsset, readAssetText} from '../../store/settings/assets.js';
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
} from '../../store/settings/hook-files.js';
import {writeSettings} from './settings-write.js';
import {describeFile, resolve, usableSettings, type HookCommandOptions, type HookContext} from './install-target.js';
import {diffText, output, ownerOf, processContext, RESTART_NOTE, retryNote} from './install-output.js';
import {codexPlan, installSettingsLines, planControl, planInstall} from './install-plan.js';

export type {HookCommandOptions, HookContext};

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

/** After install-hook --qwen. */
export const QWEN_RESTART_NOTE =
	'Qwen Code sessions started from now on run the hook; agentlog shows their subagents marked [qwen], with tokens and tool calls from their transcripts.\n';

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
