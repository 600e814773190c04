// `agentlog doctor`'s use case: is agentlog's hook set up and working? Gathers the facts
// (store/doctor) and turns them into checks (core/doctor). Writes nothing but the activity
// folder's writability probe, removed at once.
import {stopControlCheck} from '../../core/doctor/stop-check.js';
import {readFileSync} from 'node:fs';
import {activityCheck, heartbeatCheck, hookLogCheck} from '../../core/doctor/activity-checks.js';
import {doctorReport, type DoctorReport} from '../../core/doctor/check.js';
import {claudeAbsentCheck, codexOnly} from '../../core/doctor/claude-presence.js';
import {codexChecks} from '../../core/doctor/codex-checks.js';
import {opencodeChecks} from '../../core/doctor/opencode-checks.js';
import {opencodeDatabases, opencodeDataDir} from '../../store/opencode/opencode-db.js';
import {opencodeProblems, opencodeTrees} from '../session/opencode-scan.js';
import {LISTED_DAYS} from '../session/windows.js';
import {qwenChecks} from '../../core/doctor/qwen-checks.js';
import {qwenHookTarget} from '../../core/install/qwen-hooks.js';
import {qwenHomeDir} from '../../core/qwen/qwen-paths.js';
import {readQwenFacts} from '../../store/doctor/qwen-gather.js';
import {codexHookTarget} from '../../core/install/codex-hooks.js';
import {hookFileChecks} from '../../core/doctor/hook-file-checks.js';
import {enabledAgentlogPlugin, settingsChecks} from '../../core/doctor/settings-checks.js';
import {hookTarget} from '../../core/install/shell-command.js';
import {claudeDir, codexHomeDir, geminiHomeDir} from '../../core/paths.js';
import {geminiCheck} from '../../core/doctor/gemini-checks.js';
import {readGeminiFacts} from '../../store/doctor/gemini-gather.js';
import {
	claudeFolderInUse,
	managedSettingsPath,
	probeActivity,
	probeLauncherNode,
	readHookFiles,
	readPluginHooks,
	readSettingsFiles,
} from '../../store/doctor/gather.js';
import {readHeartbeat, readHookLogTail} from '../../store/doctor/hook-traces.js';
import {readCodexFacts} from '../../store/doctor/codex-gather.js';
import {hookAssets, hookBundles} from '../../store/settings/assets.js';
import {activityFor, clockNow, env as runEnv, home} from '../env.js';
import {isAgentlogLauncher, renderLauncher} from '../../store/settings/hook-files.js';

export interface DoctorOptions {
	readonly dir?: string;
	readonly json?: boolean;
	readonly project?: boolean;
	readonly codexHome?: string;
	/** Qwen Code's folder (default `$QWEN_HOME`, else ~/.qwen). */
	readonly qwenHome?: string;
	/** `--gemini-home`: Gemini CLI's folder. */
	readonly geminiHome?: string;
}

export function doctor(options: DoctorOptions): DoctorReport {
	const env = runEnv().vars;
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
	// Gemini CLI: its folder and recent sessions with subagents (no hook to check).
	const geminiChecksNow = [geminiCheck(readGeminiFacts(geminiHomeDir(env, homeDir, options.geminiHome), now), now)];
	// Qwen Code: its folder, and agentlog's hook in its settings with its own copy of the hook.
	const qwenHome = qwenHomeDir(env, homeDir, options.qwenHome);
	const qwenTarget = qwenHookTarget(qwenHome, homeDir);
	const qwen = readQwenFacts(qwenHome, {
		scriptPath: qwenTarget.scriptPath,
		launcherTemplate: readFileSync(assets.launcher, 'utf8'),
		bundles: hookBundles(assets),
		render: renderLauncher,
		isOurs: isAgentlogLauncher,
		env,
	});
	const qwenChecksNow = qwenChecks(
		{
			...qwen,
			target: qwenTarget,
			lastByEvent: heartbeat.qwenLastByEvent ?? new Map(),
			...(options.qwenHome === undefined ? {} : {qwenHomeOption: options.qwenHome}),
		},
		now,
	);
	// opencode: its database, read by agentlog's own SQLite reader.
	const opencodeDir = opencodeDataDir(env, homeDir);
	const trees = opencodeTrees();
	const opencodeChecksNow = opencodeChecks(
		{
			dataDir: opencodeDir,
			databases: opencodeDatabases(opencodeDir),
			sessions: trees.length,
			agents: trees.reduce((n, t) => n + t.agents.length, 0),
			...(trees[0] === undefined ? {} : {newestMs: trees[0].updatedMs}),
			problems: opencodeProblems(),
			listedDays: LISTED_DAYS,
		},
		now,
	);
	const activityChecks = [activityCheck(probeActivity(activity, {claude, codex: codexHome, home: homeDir})), hookLogCheck(readHookLogTail(activity), now)];
	const presence = {claudePath: claude, claudeFound: claudeFolderInUse(claude), codexFound: codex.folder.state === 'found'};
	if (codexOnly(presence)) {
		// Only Codex CLI here: Claude Code's checks would all fail for a tool not in use.
		return doctorReport([claudeAbsentCheck(presence), ...activityChecks, ...codexChecksNow, ...geminiChecksNow, ...qwenChecksNow, ...opencodeChecksNow]);
	}
	return doctorReport([
		...settingsChecks({files, plugins, pluginsCut: cut, target, project}),
		stopControlCheck(files, target, project),
		...hookFileChecks({...hookFiles, project, ...(plugin === undefined ? {} : {plugin}), ...(pluginOnly ? {node: probeLauncherNode(undefined, env)} : {})}),
		activityChecks[0]!,
		heartbeatCheck(heartbeat, now),
		activityChecks[1]!,
		...codexChecksNow,
		...geminiChecksNow,
		...qwenChecksNow,
		...opencodeChecksNow,
	]);
}
