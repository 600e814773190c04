// Which hook file install-hook and uninstall-hook edit, and what it holds (docs/design.md#install-hook): Claude
// Code's settings (user, --project, --settings) or, with --codex, Codex CLI's hooks.json; where
// the hook's files go beside it; the options and the process context both commands take. Reads
// only: nothing is written here, and every refusal is thrown before anything is.
import path from 'node:path';
import {CODEX_HOOK_EVENTS, codexHookTarget, codexHooksFile} from '../../core/install/codex-hooks.js';
import {QWEN_HOOK_EVENTS, qwenHookTarget, qwenSettingsFile} from '../../core/install/qwen-hooks.js';
import {qwenHomeDir} from '../../core/qwen/qwen-paths.js';
import {AGENTLOG_HOOK_EVENTS, parseSettings, type HookEventSet, type JsonObject} from '../../core/install/settings-merge.js';
import {hookTarget, type HookTarget} from '../../core/install/shell-command.js';
import {claudeDir, codexHomeDir} from '../../core/paths.js';
import {hookBundles, type HookAssets} from '../../store/settings/assets.js';
import {CliError} from '../../core/user-error.js';
import {pathExists} from '../../store/settings/hook-folder.js';
import {readSettingsFile, type SettingsFile} from '../../store/settings/hook-files.js';
import type {SettingsStep} from './settings-write.js';

export interface HookCommandOptions {
	readonly project?: boolean;
	readonly settings?: string;
	/** With --settings: create a missing folder for the file; with --codex: create a missing Codex folder. */
	readonly create?: boolean;
	readonly dryRun?: boolean;
	/** Install into Codex CLI's `$CODEX_HOME/hooks.json` instead of Claude Code's settings. */
	readonly codex?: boolean;
	/** With --codex: Codex's folder (default `$CODEX_HOME`, else ~/.codex). */
	readonly codexHome?: string;
	/** Install into Qwen Code's `$QWEN_HOME/settings.json` instead of Claude Code's settings. */
	readonly qwen?: boolean;
	/** With --qwen: Qwen Code's folder (default `$QWEN_HOME`, else ~/.qwen). */
	readonly qwenHome?: string;
	/** install-hook --notify / --no-notify: notifications through Claude Code on or off; undefined keeps what is installed (off for a new install). */
	readonly notify?: boolean;
	/** install-hook --control / --no-control: the user's stop from agentlog (PreToolUse of every tool) on or off; undefined keeps what is installed. */
	readonly control?: boolean;
}

/** Everything the commands take from the process; tests pass their own. */
export interface HookContext {
	readonly cwd: string;
	readonly env: NodeJS.ProcessEnv;
	readonly home: string;
	readonly execPath: string;
	readonly assets: HookAssets;
	readonly write: (text: string) => void;
	/** Tests play another program writing the settings file at these moments. */
	readonly onSettingsStep?: (step: SettingsStep, file: string) => void;
	/** The managed policy settings file, read for `enabledPlugins` (tests leave it out). */
	readonly managedSettings?: string;
}

export interface Resolved {
	/** Whose hook file is edited: Claude Code's settings, Codex's hooks.json or Qwen Code's settings. */
	readonly tool: 'claude' | 'codex' | 'qwen';
	readonly claude: string;
	/** The events agentlog registers in this file. */
	readonly events: HookEventSet;
	readonly target: HookTarget;
	/** The installed bundles (agent-spy.cjs, agent-prune.cjs) and where each comes from. */
	readonly bundles: readonly {readonly path: string; readonly source: string}[];
	readonly file: SettingsFile;
	readonly settings: JsonObject;
	/** The settings file's folder when it does not exist yet (and may be created). */
	readonly newFolder: string | undefined;
}

function settingsPath(options: HookCommandOptions, claude: string, cwd: string): string {
	if (options.project && options.settings !== undefined) {
		throw new CliError('--project and --settings cannot be used together', 2);
	}
	if (options.settings !== undefined) {
		return path.resolve(cwd, options.settings);
	}
	return options.project ? path.join(cwd, '.claude', 'settings.json') : path.join(claude, 'settings.json');
}

/** The parsed settings of `file`; throws (nothing written) when they are not usable. */
export function usableSettings(file: SettingsFile, events: HookEventSet = AGENTLOG_HOOK_EVENTS): JsonObject {
	const parsed = parseSettings(file.text, events);
	if (!parsed.ok) {
		const where = parsed.line === undefined ? '' : ` at line ${parsed.line}, column ${parsed.column ?? 1}`;
		const kind = events === CODEX_HOOK_EVENTS ? 'Codex hooks file' : 'settings file';
		throw new CliError(
			`${describeFile(file)} is not a usable ${kind}${where}: ${parsed.reason}.\nagentlog never overwrites a file it cannot read; nothing was changed. Fix the file and run the command again.`,
		);
	}
	return parsed.settings;
}

/**
 * The settings file's folder when it is missing. --settings names any path, so a typo must not
 * create folders: it needs --create. The default <claude> folder and --project's ./.claude are
 * created (a project without .claude/ is the normal case), and the output says so.
 */
function missingFolder(options: HookCommandOptions, file: SettingsFile): string | undefined {
	const dir = path.dirname(file.target);
	if (file.bytes !== undefined || pathExists(dir)) {
		return undefined;
	}
	if (options.settings !== undefined && !options.create) {
		throw new CliError(`${file.path}: folder ${dir} does not exist. Pass --create to create it, or check the path.`);
	}
	return dir;
}

/**
 * Codex's folder when it is missing: refused unless --create (no Codex there, or CODEX_HOME not
 * set as Codex sees it; a hooks.json there would run nothing). Undefined when it exists.
 */
function missingCodexFolder(options: HookCommandOptions, codexHome: string, file: SettingsFile): string | undefined {
	const dir = path.dirname(file.target);
	if (file.bytes !== undefined || pathExists(dir)) {
		return undefined;
	}
	if (!options.create) {
		throw new CliError(
			`Codex's folder ${codexHome} does not exist: is the Codex CLI installed, with CODEX_HOME set as Codex sees it? Pass --codex-home <dir> for another folder, or --create to create ${codexHome}; nothing was changed.`,
		);
	}
	return dir;
}

/** Reads and checks the settings file. Nothing has been written when this throws. */
export function resolve(options: HookCommandOptions, ctx: HookContext, needsFolder: boolean): Resolved {
	const claude = claudeDir(ctx.env, ctx.home);
	if (options.codex) {
		return resolveCodex(options, ctx, needsFolder, claude);
	}
	if (options.qwen) {
		return resolveQwen(options, ctx, needsFolder, claude);
	}
	if (options.qwenHome !== undefined) {
		throw new CliError('--qwen-home goes with --qwen', 2);
	}
	if (options.codexHome !== undefined) {
		throw new CliError('--codex-home goes with --codex', 2);
	}
	const target = hookTarget(claude, ctx.home, ctx.env.CLAUDE_CONFIG_DIR);
	const file = readSettingsFile(settingsPath(options, claude, ctx.cwd));
	const settings = usableSettings(file);
	const newFolder = needsFolder ? missingFolder(options, file) : undefined;
	return {tool: 'claude', claude, events: AGENTLOG_HOOK_EVENTS, target, bundles: bundlesAt(target, ctx), file, settings, newFolder};
}

/** install-hook --codex: `$CODEX_HOME/hooks.json`, the hook's own copy in `$CODEX_HOME/hooks/`. */
function resolveCodex(options: HookCommandOptions, ctx: HookContext, needsFolder: boolean, claude: string): Resolved {
	if (options.control !== undefined) {
		throw new CliError(`--${options.control ? '' : 'no-'}control is for Claude Code's hook: agentlog cannot stop a Codex subagent yet`, 2);
	}
	if (options.notify !== undefined) {
		throw new CliError(`--${options.notify ? '' : 'no-'}notify is for Claude Code's hook: Codex does not write a hook's terminal sequences`, 2);
	}
	if (options.project || options.settings !== undefined) {
		throw new CliError(
			`--codex cannot be used with ${options.project ? '--project' : '--settings'}: it edits $CODEX_HOME/hooks.json (--codex-home <dir> names another Codex folder)`,
			2,
		);
	}
	const codexHome = codexHomeDir(ctx.env, ctx.home, options.codexHome);
	const target = codexHookTarget(codexHome, ctx.home, ctx.env.CODEX_HOME);
	const file = readSettingsFile(codexHooksFile(codexHome));
	const settings = usableSettings(file, CODEX_HOOK_EVENTS);
	const newFolder = needsFolder ? missingCodexFolder(options, codexHome, file) : undefined;
	return {tool: 'codex', claude, events: CODEX_HOOK_EVENTS, target, bundles: bundlesAt(target, ctx), file, settings, newFolder};
}

/** install-hook --qwen: `$QWEN_HOME/settings.json` (Claude Code's shape), the hook's own copy in `$QWEN_HOME/hooks/`. */
function resolveQwen(options: HookCommandOptions, ctx: HookContext, needsFolder: boolean, claude: string): Resolved {
	if (options.notify !== undefined) {
		throw new CliError(`--${options.notify ? '' : 'no-'}notify is for Claude Code's hook: Qwen Code does not show a hook's terminal sequences`, 2);
	}
	if (options.project || options.settings !== undefined || options.codexHome !== undefined) {
		const other = options.project ? '--project' : options.settings !== undefined ? '--settings' : '--codex-home';
		throw new CliError(`--qwen cannot be used with ${other}: it edits $QWEN_HOME/settings.json (--qwen-home <dir> names another Qwen folder)`, 2);
	}
	const qwenHome = qwenHomeDir(ctx.env, ctx.home, options.qwenHome);
	const target = qwenHookTarget(qwenHome, ctx.home);
	const file = readSettingsFile(qwenSettingsFile(qwenHome));
	const settings = usableSettings(file, QWEN_HOOK_EVENTS);
	const newFolder = needsFolder ? missingQwenFolder(options, qwenHome, file) : undefined;
	return {tool: 'qwen', claude, events: QWEN_HOOK_EVENTS, target, bundles: bundlesAt(target, ctx), file, settings, newFolder};
}

/** Qwen's folder when it is missing: refused unless --create (no Qwen Code there, or QWEN_HOME not set as Qwen sees it). */
function missingQwenFolder(options: HookCommandOptions, qwenHome: string, file: SettingsFile): string | undefined {
	const dir = path.dirname(file.target);
	if (file.bytes !== undefined || pathExists(dir)) {
		return undefined;
	}
	if (!options.create) {
		throw new CliError(
			`Qwen Code's folder ${qwenHome} does not exist: is Qwen Code installed, with QWEN_HOME set as Qwen sees it? Pass --qwen-home <dir> for another folder, or --create to create ${qwenHome}; nothing was changed.`,
		);
	}
	return dir;
}

/** The installed bundles beside the launcher, and where each comes from. */
function bundlesAt(target: HookTarget, ctx: HookContext): Resolved['bundles'] {
	return hookBundles(ctx.assets).map(b => ({path: path.join(path.dirname(target.scriptPath), b.name), source: b.source}));
}

export function describeFile(file: SettingsFile): string {
	return file.symlink ? `${file.path} (symlink to ${file.target})` : file.path;
}
