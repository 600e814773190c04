// Merging agentlog's hook into a Claude Code settings file, and taking it out again. Pure: the
// text goes in, the new object and a report come out; the CLI does the reading and writing.
//
// Ownership: a handler is agentlog's when it has `"type": "command"` and its `command` is exactly
// the string `hookCommand()` builds for this <claude> folder, or that string with ` --notify` after
// it (`install-hook --notify`, shell-command.ts notifyCommand). Uninstall removes only those, so
// other tools' hooks (claude-code-kanban's entry for the same script path included) stay as they
// are. Install also recognises commands that merely point at the same script (`~/…`, `$HOME/…`,
// quoted or not) and adds nothing for an event that already runs it.
//
// Formatting: the CLI does not write these objects back. settings-edit.ts turns the decisions
// made here into edits of the file's text, so every other byte stays; `formatSettings()` (2-space
// JSON) is used only for a file that was empty.
import {lineColumn, parseJsonWithLocation} from './json-location.js';
import {commandRunsScript, controlCommand, notifyCommand, type HookTarget} from './shell-command.js';
import {AGENT_TOOLS} from '../hook/agent-call.js';
import {HOOK_EVENTS, type HookEventName} from '../hook/hook-event.js';
import {isObject, MAX_JSON_DEPTH, nestsAtMost, type Json} from '../record/json.js';

/** The events agentlog's hook is installed for: the ones it handles (one list, in core/hook). */
export const AGENTLOG_HOOK_EVENTS = HOOK_EVENTS;
/**
 * PreToolUse of every tool, for the user's stop (`install-hook --control`): only with that option,
 * with its own command (`<command> --control`). Not in AGENTLOG_HOOK_EVENTS: without --control an
 * install writes exactly what it always did.
 */
export const CONTROL_EVENTS = ['PreToolUse'] as const;
export type AgentlogHookEvent = HookEventName | (typeof CONTROL_EVENTS)[number];

/**
 * The events one install writes (Claude Code's settings: all of AGENTLOG_HOOK_EVENTS; Codex's
 * hooks.json: CODEX_HOOK_EVENTS, core/install/codex-hooks.ts). Every function below that takes
 * one reads, adds and removes agentlog's entries only for those events.
 */
export type HookEventSet = readonly AgentlogHookEvent[];

/** Claude Code cancels the hook after this many seconds; it normally takes ~40 ms. */
export const HOOK_TIMEOUT_SECONDS = 5;

export type JsonObject = Json;

// ---------------------------------------------------------------------------------------------
// Reading a settings file

export type SettingsParseResult =
	| {readonly ok: true; readonly settings: JsonObject; readonly empty: boolean}
	| {readonly ok: false; readonly reason: string; readonly line?: number; readonly column?: number};

function kind(value: unknown): string {
	if (value === null) {
		return 'null';
	}
	if (Array.isArray(value)) {
		return 'an array';
	}
	return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * Parses and checks a settings file's text. Empty or whitespace-only text counts as `{}`.
 * Refused: invalid JSON (with line and column), a BOM, a top level that is not an object,
 * `hooks` that is not an object, and a value for one of agentlog's events that is not an array.
 * Other events are not looked at: agentlog neither reads nor changes them.
 */
export function parseSettings(text: string, events: HookEventSet = AGENTLOG_HOOK_EVENTS): SettingsParseResult {
	if (text.charCodeAt(0) !== 0xfe_ff && text.trim() === '') {
		return {ok: true, settings: {}, empty: true};
	}
	const parsed = parseJsonWithLocation(text);
	if (!parsed.ok) {
		return {ok: false, reason: parsed.reason, line: parsed.line, column: parsed.column};
	}
	const {value} = parsed;
	const firstChar = lineColumn(text, text.length - text.trimStart().length);
	if (!isObject(value)) {
		return {ok: false, reason: `the top level is ${kind(value)}, not a JSON object`, ...firstChar};
	}
	if (!nestsAtMost(value, MAX_JSON_DEPTH)) {
		// jsonc-parser's parse tree (the text edit) recurses and would overflow the stack.
		return {ok: false, reason: `it nests deeper than ${MAX_JSON_DEPTH} levels, which no settings file does`, ...firstChar};
	}
	if (Object.hasOwn(value, 'hooks')) {
		const hooks = value.hooks;
		if (!isObject(hooks)) {
			return {ok: false, reason: `"hooks" is ${kind(hooks)}, not an object`};
		}
		for (const event of events) {
			if (Object.hasOwn(hooks, event) && !Array.isArray(hooks[event])) {
				return {ok: false, reason: `"hooks.${event}" is ${kind(hooks[event])}, not an array`};
			}
		}
	}
	return {ok: true, settings: value, empty: false};
}

/** The text agentlog writes: 2-space JSON with a final newline. */
export function formatSettings(settings: JsonObject): string {
	return `${JSON.stringify(settings, null, 2)}\n`;
}

/** True when `text` is already exactly what formatSettings() would write for it. */
export function isCanonical(text: string, settings: JsonObject): boolean {
	return text === formatSettings(settings);
}

// ---------------------------------------------------------------------------------------------
// Merge and unmerge

interface Handler {
	readonly type?: unknown;
	readonly command?: unknown;
}

function handlersOf(group: unknown): readonly Handler[] {
	return isObject(group) && Array.isArray(group.hooks) ? (group.hooks as unknown[]).filter(isObject) : [];
}

/**
 * The matcher agentlog's entry has for an event: PostToolUse only for the tools that launch a
 * subagent (`Agent`, `Task` before 2.1.63); the others none (every agent type, source, reason).
 */
export function agentlogMatcher(event: AgentlogHookEvent): string | undefined {
	return matcherNamesOf(event)?.join('|');
}

/** The names agentlog's matcher lists for an event, when it has one. */
function matcherNamesOf(event: AgentlogHookEvent): readonly string[] | undefined {
	if (event === 'PreToolUse') {
		return ['*'];
	}
	if (event === 'PostToolUse') {
		return AGENT_TOOLS;
	}
	return event === 'Notification' ? NOTIFICATION_TYPES : undefined;
}

/** The Notification types the hook records: the ones that ask the user something, and the main agent idle. */
export const NOTIFICATION_TYPES: readonly string[] = ['permission_prompt', 'idle_prompt', 'agent_needs_input', 'elicitation_dialog'];

/** The names an exact-name matcher lists (`Agent|Task`, `Agent, Task`); undefined for a regex or a match-all. */
function matcherNames(matcher: string): string[] | undefined {
	return /^[\w\s,|-]+$/u.test(matcher) ? matcher.split(/[|,]/u).map(name => name.trim()) : undefined;
}

/**
 * Does a group with this matcher fire for everything agentlog needs of the event? TeammateIdle
 * has no matcher; PostToolUse needs the Agent and Task tools (an exact-name list naming both).
 */
function matchesEveryAgent(event: AgentlogHookEvent, group: unknown): boolean {
	if (event === 'TeammateIdle' || !isObject(group) || !Object.hasOwn(group, 'matcher')) {
		return true;
	}
	if (group.matcher === '' || group.matcher === '*' || group.matcher === undefined) {
		return true;
	}
	const needed = matcherNamesOf(event);
	if (needed === undefined) {
		return false;
	}
	const names = typeof group.matcher === 'string' ? matcherNames(group.matcher) : undefined;
	return names !== undefined && needed.every(name => names.includes(name));
}

/** agentlog's own handler: `command`, or it with notifications on (`<command> --notify`), or its stop entry (`<command> --control`). */
export function isAgentlogHandler(handler: unknown, command: string): boolean {
	return (
		isObject(handler) &&
		handler.type === 'command' &&
		(handler.command === command || handler.command === notifyCommand(command) || handler.command === controlCommand(command))
	);
}

/** The command of an existing handler that already runs agentlog's script for `event`, if any. */
export function existingHandlerCommand(settings: JsonObject, event: AgentlogHookEvent, target: HookTarget): string | undefined {
	const hooks = settings.hooks;
	const groups = isObject(hooks) ? hooks[event] : undefined;
	if (!Array.isArray(groups)) {
		return undefined;
	}
	for (const group of groups) {
		if (!matchesEveryAgent(event, group)) {
			continue;
		}
		for (const handler of handlersOf(group)) {
			if (
				handler.type === 'command' &&
				typeof handler.command === 'string' &&
				(handler.command === target.command || handler.command === notifyCommand(target.command) || commandRunsScript(handler.command, target))
			) {
				return handler.command;
			}
		}
	}
	return undefined;
}

export interface MergeResult {
	readonly settings: JsonObject;
	/** Events that got agentlog's entry. Empty: nothing to change. */
	readonly added: readonly AgentlogHookEvent[];
	/** Events left alone because a handler there already runs the script (with its command). */
	readonly present: readonly {readonly event: AgentlogHookEvent; readonly command: string}[];
}

/** The entry agentlog appends to an event's array (with `agentlogMatcher(event)`, if any). */
export function agentlogEntry(command: string, event: AgentlogHookEvent): JsonObject {
	const matcher = agentlogMatcher(event);
	return {...(matcher === undefined ? {} : {matcher}), hooks: [{type: 'command', command, timeout: HOOK_TIMEOUT_SECONDS}]};
}

/**
 * Appends agentlog's entry to each of its events that does not already run the script. Every
 * other key, event and entry keeps its value and its place; new keys go at the end.
 * Expects a result of parseSettings().
 */
export function mergeAgentlogHooks(settings: JsonObject, target: HookTarget, events: HookEventSet = AGENTLOG_HOOK_EVENTS): MergeResult {
	const added: AgentlogHookEvent[] = [];
	const present: {event: AgentlogHookEvent; command: string}[] = [];
	const hooks: JsonObject = isObject(settings.hooks) ? {...settings.hooks} : {};
	for (const event of events) {
		const command = existingHandlerCommand(settings, event, target);
		if (command !== undefined) {
			present.push({event, command});
			continue;
		}
		const groups = Array.isArray(hooks[event]) ? (hooks[event] as unknown[]) : [];
		hooks[event] = [...groups, agentlogEntry(target.command, event)];
		added.push(event);
	}
	return {settings: added.length > 0 ? {...settings, hooks} : settings, added, present};
}

export interface UnmergeResult {
	readonly settings: JsonObject;
	/** How many of agentlog's handlers were taken out of each event. Empty: nothing to change. */
	readonly removed: readonly {readonly event: AgentlogHookEvent; readonly count: number}[];
}

/**
 * Removes agentlog's handlers (exact command, type command) from its events. A group left with
 * no handlers goes, then an event left with no groups, then a `hooks` object left empty.
 * Everything else stays as it was, in order.
 */
export function unmergeAgentlogHooks(settings: JsonObject, command: string, events: HookEventSet = AGENTLOG_HOOK_EVENTS): UnmergeResult {
	const removed: {event: AgentlogHookEvent; count: number}[] = [];
	if (!isObject(settings.hooks)) {
		return {settings, removed};
	}
	const hooks: JsonObject = {...settings.hooks};
	for (const event of events) {
		const groups = hooks[event];
		if (!Array.isArray(groups)) {
			continue;
		}
		let count = 0;
		const kept: unknown[] = [];
		for (const group of groups) {
			if (!isObject(group) || !Array.isArray(group.hooks)) {
				kept.push(group);
				continue;
			}
			const handlers = (group.hooks as unknown[]).filter(handler => !isAgentlogHandler(handler, command));
			const gone = group.hooks.length - handlers.length;
			if (gone === 0) {
				kept.push(group);
				continue;
			}
			count += gone;
			if (handlers.length > 0) {
				kept.push({...group, hooks: handlers});
			}
		}
		if (count === 0) {
			continue;
		}
		removed.push({event, count});
		if (kept.length > 0) {
			hooks[event] = kept;
		} else {
			delete hooks[event];
		}
	}
	if (removed.length === 0) {
		return {settings, removed};
	}
	if (Object.keys(hooks).length > 0) {
		return {settings: {...settings, hooks}, removed};
	}
	const rest = {...settings};
	delete rest.hooks;
	return {settings: rest, removed};
}

/** Does any of agentlog's events hold agentlog's exact handler? */
export function hasAgentlogHooks(settings: JsonObject, command: string, events: HookEventSet = AGENTLOG_HOOK_EVENTS): boolean {
	return unmergeAgentlogHooks(settings, command, events).removed.length > 0;
}
