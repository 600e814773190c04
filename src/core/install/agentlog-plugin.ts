// agentlog as a Claude Code plugin (the repository's .claude-plugin/ and hooks/hooks.json): the
// hooks.json it must hold (the same events, matchers and timeout as install-hook's entries, from
// the one list in core/hook), and whether settings enable it (`enabledPlugins`). Installed both
// ways, the hook would run twice for every event: install-hook and doctor say so. Pure.
import {isObject, type Json} from '../record/json.js';
import {AGENTLOG_HOOK_EVENTS, agentlogEntry, CONTROL_EVENTS} from './settings-merge.js';
import {controlCommand} from './shell-command.js';

/** The plugin's name (plugin.json) and the marketplace's (marketplace.json): `agentlog@agentlog`. */
export const PLUGIN_NAME = 'agentlog';
export const PLUGIN_ID = `${PLUGIN_NAME}@${PLUGIN_NAME}`;

/**
 * The command of the plugin's hooks: the same launcher install-hook copies, run from the plugin's
 * folder. Claude Code puts the folder in for `${CLAUDE_PLUGIN_ROOT}`; the quotes keep a path with
 * spaces one word, and `sh` runs it whether or not the copy kept its executable bit.
 */
export const PLUGIN_HOOK_COMMAND = 'sh "${CLAUDE_PLUGIN_ROOT}/hooks/agent-spy.sh"';

/** What hooks/hooks.json holds: one entry per event, exactly as install-hook merges it into settings. */
export function pluginHooksFile(): Json {
	const hooks: Json = {};
	for (const event of AGENTLOG_HOOK_EVENTS) {
		hooks[event] = [agentlogEntry(PLUGIN_HOOK_COMMAND, event)];
	}
	// The stop (install-hook --control): always registered; the launcher exits at once unless the
	// plugin's control option is on and a stop is pending.
	for (const event of CONTROL_EVENTS) {
		hooks[event] = [agentlogEntry(controlCommand(PLUGIN_HOOK_COMMAND), event)];
	}
	return {description: "agentlog's hook: records every subagent's lifecycle for `agentlog watch` and its history", hooks};
}

/** `agentlog@<marketplace>`: an `enabledPlugins` key of agentlog's plugin (from any marketplace that names it so). */
export function isAgentlogPluginId(id: string): boolean {
	return id.startsWith(`${PLUGIN_NAME}@`);
}

/** One settings file as Claude Code reads it; `settings` undefined when it is missing or unusable. */
export interface PluginSettingsFile {
	readonly scope: string;
	readonly path: string;
	readonly settings: Json | undefined;
}

export interface AgentlogPluginSetting {
	/** The `enabledPlugins` key (`agentlog@agentlog`). */
	readonly id: string;
	readonly enabled: boolean;
	/** The file whose value wins, and its scope. */
	readonly path: string;
	readonly scope: string;
}

/** `true`, or a list of versions (enabled at those): on. `false`, anything else: off. */
function isOn(value: unknown): boolean {
	return value === true || (Array.isArray(value) && value.length > 0);
}

/**
 * agentlog's plugin ids in `enabledPlugins`, each with the value that wins: `files` in precedence
 * order, highest first (managed, local, project, user), as Claude Code merges them — a project's
 * `false` turns off what the user's settings turn on.
 */
export function agentlogPluginSettings(files: readonly PluginSettingsFile[]): AgentlogPluginSetting[] {
	const found = new Map<string, AgentlogPluginSetting>();
	for (const file of files) {
		const enabled = file.settings?.enabledPlugins;
		if (!isObject(enabled)) {
			continue;
		}
		for (const [id, value] of Object.entries(enabled)) {
			if (isAgentlogPluginId(id) && !found.has(id)) {
				found.set(id, {id, enabled: isOn(value), path: file.path, scope: file.scope});
			}
		}
	}
	return [...found.values()];
}

/** The enabled ones, as `agentlog@agentlog (enabled in <file>)`, for a message; empty when none is. */
export function enabledPluginNotes(settings: readonly AgentlogPluginSetting[]): string[] {
	return settings.filter(s => s.enabled).map(s => `${s.id} (enabled in ${s.path})`);
}

/** What to do when both are installed: keep one. */
export function keepOneAdvice(id: string = PLUGIN_ID): string {
	return `keep one: \`/plugin uninstall ${id}\` (or disable it in /plugin), or \`agentlog uninstall-hook\``;
}
