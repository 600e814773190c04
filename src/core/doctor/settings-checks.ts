// Doctor's checks of Claude Code's settings files (docs/claude-code-hooks.md#settings-and-hook-configuration): is agentlog's hook
// registered, for which events and where (by install-hook in settings, or by the agentlog plugin
// that `enabledPlugins` turns on); is it registered twice (Claude Code runs identical handlers of
// several settings files once, but a plugin's copy — agentlog's own plugin beside install-hook's
// entries included — or a different command for the same script, runs again); are hooks switched
// off (`disableAllHooks`, `allowManagedHooksOnly`).
// Pure: the files' text comes in. Which handler is agentlog's is decided by settings-merge.ts.
import {isObject, type Json} from '../record/json.js';
import {agentlogPluginSettings, keepOneAdvice, PLUGIN_NAME, type AgentlogPluginSetting} from '../install/agentlog-plugin.js';
import {AGENTLOG_HOOK_EVENTS, agentlogMatcher, existingHandlerCommand, parseSettings, type AgentlogHookEvent} from '../install/settings-merge.js';
import type {HookTarget} from '../install/shell-command.js';
import {check, type DoctorCheck} from './check.js';

export type SettingsScope = 'managed' | 'local' | 'project' | 'user';

/** One settings file as read: missing, unreadable (a FIFO, too big, no permission), or its text. */
export type FileRead = {readonly state: 'missing'} | {readonly state: 'unreadable'; readonly reason: string} | {readonly state: 'read'; readonly text: string};

export interface SettingsFileFacts {
	readonly scope: SettingsScope;
	readonly path: string;
	readonly read: FileRead;
}

/** A plugin's `hooks/hooks.json` under `<claude>/plugins`. */
export interface PluginHooksFacts {
	readonly path: string;
	readonly read: FileRead;
	/** The `name` of the plugin's `.claude-plugin/plugin.json` beside `hooks/`, when it has one. */
	readonly pluginName?: string;
}

export interface SettingsFacts {
	/** In precedence order: managed, local, project, user. */
	readonly files: readonly SettingsFileFacts[];
	readonly plugins: readonly PluginHooksFacts[];
	/** True when the plugin folder walk stopped at its bound. */
	readonly pluginsCut?: boolean;
	readonly target: HookTarget;
	/** `doctor --project`: the fixes name `install-hook --project`. */
	readonly project?: boolean;
}

interface ParsedFile {
	readonly facts: SettingsFileFacts;
	readonly settings: Json | undefined;
	/** Why the file could not be used, when it exists. */
	readonly problem: string | undefined;
	/** agentlog's events registered here, with the command that runs the script. */
	readonly events: ReadonlyMap<AgentlogHookEvent, string>;
}

function parseFile(facts: SettingsFileFacts, target: HookTarget): ParsedFile {
	if (facts.read.state !== 'read') {
		return {facts, settings: undefined, problem: facts.read.state === 'unreadable' ? facts.read.reason : undefined, events: new Map()};
	}
	const parsed = parseSettings(facts.read.text);
	if (!parsed.ok) {
		const where = parsed.line === undefined ? '' : ` at line ${parsed.line}, column ${parsed.column ?? 1}`;
		return {facts, settings: undefined, problem: `not a usable settings file${where}: ${parsed.reason}`, events: new Map()};
	}
	const events = new Map<AgentlogHookEvent, string>();
	for (const event of AGENTLOG_HOOK_EVENTS) {
		const command = existingHandlerCommand(parsed.settings, event, target);
		if (command !== undefined) {
			events.set(event, command);
		}
	}
	return {facts, settings: parsed.settings, problem: undefined, events};
}

const where = (f: SettingsFileFacts): string => `${f.path} (${f.scope})`;

function installCommand(project: boolean | undefined): string {
	return project ? 'agentlog install-hook --project' : 'agentlog install-hook';
}

/** The commands of a plugin's hooks.json (for agentlog's events) that run an agent-spy script. */
export function pluginAgentSpyEvents(text: string): AgentlogHookEvent[] {
	const parsed = parseSettings(text);
	if (!parsed.ok || !isObject(parsed.settings.hooks)) {
		return [];
	}
	const hooks = parsed.settings.hooks;
	return AGENTLOG_HOOK_EVENTS.filter(event => {
		const groups = hooks[event];
		return (
			Array.isArray(groups) &&
			groups.some(
				group =>
					isObject(group) &&
					Array.isArray(group.hooks) &&
					group.hooks.some(handler => isObject(handler) && typeof handler.command === 'string' && handler.command.includes('agent-spy')),
			)
		);
	});
}

function disabledCheck(files: readonly ParsedFile[]): DoctorCheck {
	const managed = files.find(f => f.facts.scope === 'managed');
	const managedHasHook = managed !== undefined && managed.events.size > 0;
	const found: string[] = [];
	for (const f of files) {
		if (f.settings?.disableAllHooks === true) {
			found.push(`disableAllHooks: true in ${where(f.facts)}`);
		}
		if (f.settings?.allowManagedHooksOnly === true && !managedHasHook) {
			found.push(`allowManagedHooksOnly: true in ${where(f.facts)} (only managed-policy hooks run; agentlog's is not there)`);
		}
	}
	if (found.length === 0) {
		return check('hooks-disabled', 'ok', 'hooks are not switched off (no disableAllHooks, no allowManagedHooksOnly)');
	}
	return check('hooks-disabled', 'fail', `hooks are switched off: ${found[0]}`, {
		detail: found.slice(1),
		fix: "remove that setting (a managed policy file is your administrator's), then restart Claude Code sessions",
	});
}

/** agentlog's plugin as `enabledPlugins` sets it, from the files in precedence order. */
function pluginSettingsOf(files: readonly ParsedFile[]): AgentlogPluginSetting[] {
	return agentlogPluginSettings(files.map(f => ({scope: f.facts.scope, path: f.facts.path, settings: f.settings})));
}

const pluginWhere = (p: AgentlogPluginSetting): string => `${p.id} (enabled in ${p.path}, ${p.scope})`;

function registeredCheck(files: readonly ParsedFile[], facts: SettingsFacts): DoctorCheck {
	const plugin = pluginSettingsOf(files).find(p => p.enabled);
	if (plugin !== undefined && files.every(f => f.events.size === 0)) {
		return check('hook-registered', 'ok', `agentlog's hook runs from the Claude Code plugin ${pluginWhere(plugin)}, for every event`, {
			detail: files.filter(f => f.problem !== undefined).map(f => `${where(f.facts)}: ${f.problem}`),
		});
	}
	const registered = new Set<AgentlogHookEvent>();
	const detail: string[] = [];
	for (const f of files) {
		for (const event of f.events.keys()) {
			registered.add(event);
		}
		if (f.problem !== undefined) {
			detail.push(`${where(f.facts)}: ${f.problem}`);
		} else if (f.events.size > 0) {
			const events = AGENTLOG_HOOK_EVENTS.filter(e => f.events.has(e));
			detail.push(`${where(f.facts)}: ${events.length === AGENTLOG_HOOK_EVENTS.length ? 'every event' : events.join(', ')}`);
		} else if (f.facts.read.state === 'read') {
			detail.push(`${where(f.facts)}: no agentlog hook`);
		}
	}
	const missing = AGENTLOG_HOOK_EVENTS.filter(e => !registered.has(e));
	const fix = `run ${installCommand(facts.project)}, then restart Claude Code sessions (or review them in /hooks)`;
	if (registered.size === 0) {
		return check('hook-registered', 'fail', `agentlog's hook (${facts.target.command}) is registered in no settings file`, {detail, fix});
	}
	if (missing.length > 0) {
		const matchers = missing.flatMap(e => {
			const m = agentlogMatcher(e);
			return m === undefined ? [] : [`${e} needs the matcher "${m}"`];
		});
		return check('hook-registered', 'fail', `agentlog's hook is not registered for ${missing.join(', ')}`, {
			detail: [...detail, ...matchers],
			fix,
		});
	}
	const holders = files.filter(f => f.events.size > 0).map(f => f.facts.scope);
	const unusable = files.filter(f => f.problem !== undefined);
	if (unusable.length > 0) {
		return check('hook-registered', 'warn', `agentlog's hook is registered for every event (${holders.join(', ')}), but a settings file cannot be read`, {
			detail,
			fix: 'fix or remove the file named above: Claude Code may ignore it',
		});
	}
	return check(
		'hook-registered',
		'ok',
		`agentlog's hook is registered for every event (${AGENTLOG_HOOK_EVENTS.join(', ')}) in ${holders.join(', ')} settings`,
		{
			detail,
		},
	);
}

function duplicatesCheck(files: readonly ParsedFile[], facts: SettingsFacts): DoctorCheck {
	const warnings: string[] = [];
	const notes: string[] = [];
	for (const event of AGENTLOG_HOOK_EVENTS) {
		const holders = files.filter(f => f.events.has(event));
		if (holders.length < 2) {
			continue;
		}
		const commands = new Set(holders.map(f => f.events.get(event)));
		const list = holders.map(f => `${f.facts.scope} (${f.events.get(event)})`).join(', ');
		if (commands.size > 1) {
			warnings.push(`${event} runs the hook in ${list}: different commands, so it runs more than once`);
		} else {
			notes.push(`${event} is in ${holders.map(f => f.facts.scope).join(', ')}: the same command, which Claude Code runs once`);
		}
	}
	const enabled = pluginSettingsOf(files).filter(p => p.enabled);
	const inSettings = files.filter(f => f.events.size > 0).map(f => where(f.facts));
	if (enabled.length > 0 && inSettings.length > 0) {
		warnings.push(
			`agentlog is installed twice: as the Claude Code plugin ${enabled.map(pluginWhere).join(', ')} and by install-hook in ${inSettings.join(', ')}: the hook runs twice for every event (agentlog's readers drop the repeats)`,
		);
	}
	const ownCopies = facts.plugins.filter(p => p.pluginName === PLUGIN_NAME);
	if (ownCopies.length > 0 && enabled.length === 0) {
		notes.push(`the agentlog plugin is installed (${ownCopies.map(p => p.path).join(', ')}) but not enabled: it runs nothing`);
	}
	for (const plugin of facts.plugins) {
		if (plugin.read.state !== 'read' || plugin.pluginName === PLUGIN_NAME) {
			continue;
		}
		const events = pluginAgentSpyEvents(plugin.read.text);
		if (events.length > 0) {
			warnings.push(`a plugin runs an agent-spy hook for ${events.join(', ')}: ${plugin.path} (plugin hooks run beside the settings' hooks)`);
		}
	}
	if (facts.pluginsCut) {
		notes.push('the plugin folders were not all searched (too many)');
	}
	if (warnings.length === 0) {
		return check('hook-duplicates', 'ok', 'no duplicate agentlog hook (settings files and plugins)', {detail: notes});
	}
	return check('hook-duplicates', 'warn', `the hook may run more than once per event: ${warnings.length} duplicate${warnings.length === 1 ? '' : 's'}`, {
		detail: [...warnings, ...notes],
		fix:
			enabled.length > 0 && inSettings.length > 0
				? keepOneAdvice(enabled[0]!.id)
				: 'keep one registration: remove the extra entries (agentlog uninstall-hook --settings <file>) or disable the plugin (/plugin)',
	});
}

/** agentlog's plugin when settings enable it (the value that wins, as Claude Code merges them); undefined when none does. */
export function enabledAgentlogPlugin(files: readonly SettingsFileFacts[], target: HookTarget): AgentlogPluginSetting | undefined {
	return pluginSettingsOf(files.map(f => parseFile(f, target))).find(p => p.enabled);
}

/** hooks-disabled, hook-registered, hook-duplicates. */
export function settingsChecks(facts: SettingsFacts): DoctorCheck[] {
	const files = facts.files.map(f => parseFile(f, facts.target));
	return [disabledCheck(files), registeredCheck(files, facts), duplicatesCheck(files, facts)];
}
