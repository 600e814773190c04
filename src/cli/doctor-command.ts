// `agentlog doctor`: is agentlog's hook set up and working? Gathers the facts (store/doctor),
// turns them into checks (core/doctor) and prints them: ✓ / ! / ✗ with what to do, or --json.
// Exit 0 when no check fails (warnings allowed), 1 otherwise. Writes nothing but the activity
// folder's writability probe, removed at once.
import {readFileSync} from 'node:fs';
import type {Command} from 'commander';
import {activityCheck, heartbeatCheck, hookLogCheck} from '../core/doctor/activity-checks.js';
import {doctorReport, formatDoctorText, type DoctorReport} from '../core/doctor/check.js';
import {hookFileChecks} from '../core/doctor/hook-file-checks.js';
import {enabledAgentlogPlugin, settingsChecks} from '../core/doctor/settings-checks.js';
import {hookTarget} from '../core/install/shell-command.js';
import {claudeDir} from '../core/paths.js';
import {safeJsonStringify} from '../core/text/safe-text.js';
import {
	managedSettingsPath,
	probeActivity,
	probeLauncherNode,
	readHeartbeat,
	readHookFiles,
	readHookLogTail,
	readPluginHooks,
	readSettingsFiles,
} from '../store/doctor/gather.js';
import {hookAssets, hookBundles} from './assets.js';
import {activityFor, clockNow, home} from './common.js';
import {isAgentlogLauncher, renderLauncher} from './hook-files.js';

interface DoctorOptions {
	readonly dir?: string;
	readonly json?: boolean;
	readonly project?: boolean;
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
	return doctorReport([
		...settingsChecks({files, plugins, pluginsCut: cut, target, project}),
		...hookFileChecks({...hookFiles, project, ...(plugin === undefined ? {} : {plugin}), ...(pluginOnly ? {node: probeLauncherNode(undefined, env)} : {})}),
		activityCheck(probeActivity(activity)),
		heartbeatCheck(readHeartbeat(activity), now),
		hookLogCheck(readHookLogTail(activity), now),
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
		.description("check that agentlog's hook is set up and working: registered, installed, finding Node, writing, recent events and errors")
		.option('--dir <path>', 'the activity folder (default: $AGENTLOG_DIR, else <claude>/agent-activity)')
		.option('--project', 'the hook was installed with install-hook --project: the fixes say so')
		.option('--json', 'print {ok, checks: [{id, ok, level, summary, detail?, fix?}]}')
		.action((options: DoctorOptions) => runDoctor(options));
}
