// `agentlog doctor`: is agentlog's hook set up and working? Gathers the facts (store/doctor),
// turns them into checks (core/doctor) and prints them: ✓ / ! / ✗ with what to do, or --json.
// Exit 0 when no check fails (warnings allowed), 1 otherwise. Writes nothing but the activity
// folder's writability probe, removed at once.
import {readFileSync} from 'node:fs';
import type {Command} from 'commander';
import {activityCheck, heartbeatCheck, hookLogCheck} from '../../core/doctor/activity-checks.js';
import {doctorReport, formatDoctorText, type DoctorReport} from '../../core/doctor/check.js';
import {claudeAbsentCheck, codexOnly} from '../../core/doctor/claude-presence.js';
import {codexChecks} from '../../core/doctor/codex-checks.js';
import {codexHookTarget} from '../../core/install/codex-hooks.js';
import {hookFileChecks} from '../../core/doctor/hook-file-checks.js';
import {enabledAgentlogPlugin, settingsChecks} from '../../core/doctor/settings-checks.js';
import {hookTarget} from '../../core/install/shell-command.js';
import {claudeDir, codexHomeDir} from '../../core/paths.js';
import {safeJsonStringify} from '../../core/text/safe-text.js';
import {
	claudeFolderInUse,
	managedSettingsPath,
	probeActivity,
	probeLauncherNode,
	readHeartbeat,
	readHookFiles,
	readHookLogTail,
	readPluginHooks,
	readSettingsFiles,
} from '../../store/doctor/gather.js';
import {readCodexFacts} from '../../store/doctor/codex-gather.js';
import {hookAssets, hookBundles} from '../../app/install/assets.js';
import {activityFor, clockNow, home} from '../../app/env.js';
import {isAgentlogLauncher, renderLauncher} from '../../app/install/hook-files.js';

interface DoctorOptions {
	readonly dir?: string;
	readonly json?: boolean;
	readonly project?: boolean;
	readonly codexHome?: string;
}

export function doctor(options: DoctorOptions): DoctorReport {
	const env = process.env;
	const homeDir = home();
	const claude = claudeDir(env, homeDir);
	const target = hookTarget(claude, homeDir, env.CLAUDE_CONFIG_DIR);
	const activity = activityFor(options);
	const now = clockNow();
	const project = options.project === true;

	const files = readSettingsFiles(claude, process.cwd(), managedSettingsPath());
	const {plugins, cut} = readPluginHooks(claude);
	const assets = hookAssets();
	const hookFiles = readHookFiles({
		scriptPath: target.scriptPath,
		launcherTemplate: readFileSync(assets.launcher, 'utf8'),
		bundles: hookBundles(assets),
		render: renderLauncher,
		isOurs: isAgentlogLauncher,
		env,
	});
	// Run as the plugin only, the hook's launcher finds Node on PATH alone (it has no fallback).
	const plugin = enabledAgentlogPlugin(files, target);
	const pluginOnly = plugin !== undefined && hookFiles.launcher.read.state === 'missing';
	const heartbeat = readHeartbeat(activity);
	// Codex CLI: its folder, and agentlog's hooks in its hooks.json with their own copy of the hook.
	const codexHome = codexHomeDir(env, homeDir, options.codexHome);
	const codexTarget = codexHookTarget(codexHome, homeDir, env.CODEX_HOME);
	const codex = readCodexFacts(codexHome, now, {
		scriptPath: codexTarget.scriptPath,
		launcherTemplate: readFileSync(assets.launcher, 'utf8'),
		bundles: hookBundles(assets),
		render: renderLauncher,
		isOurs: isAgentlogLauncher,
		env,
	});
	const codexChecksNow = codexChecks(
		{
			...codex,
			target: codexTarget,
			lastByEvent: heartbeat.codexLastByEvent ?? new Map(),
			...(options.codexHome === undefined ? {} : {codexHomeOption: options.codexHome}),
		},
		now,
	);
	const activityChecks = [activityCheck(probeActivity(activity, {claude, codex: codexHome, home: homeDir})), hookLogCheck(readHookLogTail(activity), now)];
	const presence = {claudePath: claude, claudeFound: claudeFolderInUse(claude), codexFound: codex.folder.state === 'found'};
	if (codexOnly(presence)) {
		// Only Codex CLI here: Claude Code's checks would all fail for a tool not in use.
		return doctorReport([claudeAbsentCheck(presence), ...activityChecks, ...codexChecksNow]);
	}
	return doctorReport([
		...settingsChecks({files, plugins, pluginsCut: cut, target, project}),
		...hookFileChecks({...hookFiles, project, ...(plugin === undefined ? {} : {plugin}), ...(pluginOnly ? {node: probeLauncherNode(undefined, env)} : {})}),
		activityChecks[0]!,
		heartbeatCheck(heartbeat, now),
		activityChecks[1]!,
		...codexChecksNow,
	]);
}

export function runDoctor(options: DoctorOptions): void {
	const report = doctor(options);
	process.stdout.write(options.json ? `${safeJsonStringify(report, 2)}\n` : formatDoctorText(report));
	process.exitCode = report.ok ? 0 : 1;
}

export function registerDoctorCommand(program: Command): void {
	program
		.command('doctor')
		.description(
			"check that agentlog's hook is set up and working: registered, installed, finding Node, writing, recent events and errors; and whether Codex CLI is here, with agentlog's Codex hooks",
		)
		.option('--dir <path>', 'the activity folder (default: $AGENTLOG_DIR, else <claude>/agent-activity)')
		.option('--project', 'the hook was installed with install-hook --project: the fixes say so')
		.option('--codex-home <dir>', "OpenAI Codex CLI's folder (default: $CODEX_HOME, else ~/.codex)")
		.option('--json', 'print {ok, checks: [{id, ok, level ("ok", "note", "warn" or "fail"), summary, detail?, fix?}]}')
		.action((options: DoctorOptions) => runDoctor(options));
}
