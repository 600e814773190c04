// Merging agentlog's hook into a Claude Code settings file, and taking it out again. Pure: the
// text goes in, the new object and a report come out; the CLI does the reading and writing.
//
// Ownership: a handler is agentlog's when it has `"type": "command"` and its `command` is exactly
// the string `hookCommand()` builds for this <claude> folder. Uninstall removes only those, so
// other tools' hooks (claude-code-kanban's entry for the same script path included) stay as they
// are. Install also recognises commands that merely point at the same script (`~/…`, `$HOME/…`,
// quoted or not) and adds nothing for an event that already runs it.
//
// Formatting: the new file is `JSON.stringify(settings, null, 2) + '\n'`. A file that was not in
// that form already gets reformatted (its data is kept; the one-time backup keeps its original
// bytes); `isCanonical()` lets the CLI say so.
import path from 'node:path';
import {lineColumn, parseJsonWithLocation} from './json-location.js';

export const AGENTLOG_HOOK_EVENTS = ['SubagentStart', 'SubagentStop', 'TeammateIdle'] as const;
export type AgentlogHookEvent = (typeof AGENTLOG_HOOK_EVENTS)[number];

/** Claude Code cancels the hook after this many seconds; it normally takes ~40 ms. */
export const HOOK_TIMEOUT_SECONDS = 5;

export type JsonObject = {[key: string]: unknown};

export function isJsonObject(value: unknown): value is JsonObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// ---------------------------------------------------------------------------------------------
// Command strings

/** Characters that never need quoting in a POSIX shell word. */
const SHELL_SAFE = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** `s` as one POSIX shell word: unchanged when that is safe, else single-quoted. */
export function shellQuote(s: string): string {
	return SHELL_SAFE.test(s) ? s : `'${singleQuoteBody(s)}'`;
}

/** `s` made safe to sit between single quotes: each `'` becomes `'\''`. */
export function singleQuoteBody(s: string): string {
	return s.split("'").join("'\\''");
}

/** Where the hook launcher is installed: `<claude>/hooks/agent-spy.sh`. */
export function hookScriptPath(claudeDir: string): string {
	return path.join(claudeDir, 'hooks', 'agent-spy.sh');
}

/** The command agentlog puts in settings: the launcher's absolute path, quoted only if needed. */
export function hookCommand(scriptPath: string): string {
	return shellQuote(scriptPath);
}

export interface HookTarget {
	/** Absolute path of the installed launcher. */
	readonly scriptPath: string;
	/** Exactly what agentlog writes as `command` (hookCommand(scriptPath)). */
	readonly command: string;
	/** The home folder, for `~` and `$HOME` in other tools' commands. */
	readonly home: string;
	/** `$CLAUDE_CONFIG_DIR` when set, for commands that use it. */
	readonly claudeConfigDir?: string | undefined;
}

export function hookTarget(claudeDir: string, home: string, claudeConfigDir?: string): HookTarget {
	const scriptPath = hookScriptPath(claudeDir);
	return {scriptPath, command: hookCommand(scriptPath), home, claudeConfigDir};
}

/**
 * Splits a simple shell command into words: quotes, backslashes, a leading `~/` and the
 * variables in `vars` (`$NAME` / `${NAME}`) are understood. Anything else a shell would treat
 * specially (pipes, `;`, other variables, globs, command substitution) gives `undefined`: such a
 * command is not "just this script".
 */
export function splitShellWords(command: string, vars: Readonly<Record<string, string | undefined>>): string[] | undefined {
	const words: string[] = [];
	let word: string | undefined;
	let i = 0;
	const variable = (): string | undefined => {
		const match = /^\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/.exec(command.slice(i));
		const value = match ? vars[match[1] ?? match[2] ?? ''] : undefined;
		if (!match || value === undefined) {
			return undefined;
		}
		i += match[0].length;
		return value;
	};
	while (i < command.length) {
		const ch = command[i]!;
		if (ch === ' ' || ch === '\t') {
			if (word !== undefined) {
				words.push(word);
				word = undefined;
			}
			i++;
		} else if (ch === "'") {
			const end = command.indexOf("'", i + 1);
			if (end === -1) {
				return undefined;
			}
			word = (word ?? '') + command.slice(i + 1, end);
			i = end + 1;
		} else if (ch === '"') {
			word ??= '';
			i++;
			for (;;) {
				const c = command[i];
				if (c === undefined || c === '`') {
					return undefined;
				}
				i++;
				if (c === '"') {
					break;
				}
				if (c === '\\' && command[i] !== undefined && '$`"\\'.includes(command[i]!)) {
					word += command[i];
					i++;
				} else if (c === '$') {
					i--;
					const value = variable();
					if (value === undefined) {
						return undefined;
					}
					word += value;
				} else {
					word += c;
				}
			}
		} else if (ch === '\\') {
			if (i + 1 >= command.length) {
				return undefined;
			}
			word = (word ?? '') + command[i + 1];
			i += 2;
		} else if (ch === '$') {
			const value = variable();
			if (value === undefined) {
				return undefined;
			}
			word = (word ?? '') + value;
		} else if (ch === '~' && word === undefined && (command[i + 1] === '/' || command[i + 1] === undefined || command[i + 1] === ' ')) {
			const home = vars.HOME;
			if (home === undefined) {
				return undefined;
			}
			word = home;
			i++;
		} else if (/[|&;<>()`*?[\]{}!#\n\r]/.test(ch)) {
			return undefined;
		} else {
			word = (word ?? '') + ch;
			i++;
		}
	}
	if (word !== undefined) {
		words.push(word);
	}
	return words;
}

const SHELLS = new Set(['sh', 'bash', '/bin/sh', '/bin/bash', '/usr/bin/sh', '/usr/bin/bash']);

/**
 * True when `command` runs the script at `target.scriptPath` and nothing else: the path alone
 * (absolute, `~/…`, `$HOME/…`, `$CLAUDE_CONFIG_DIR/…`, quoted or not), optionally after `sh` or
 * `bash`. claude-code-kanban installs `~/.claude/hooks/agent-spy.sh`, the path agentlog uses.
 */
export function commandRunsScript(command: string, target: HookTarget): boolean {
	const words = splitShellWords(command.trim(), {HOME: target.home, CLAUDE_CONFIG_DIR: target.claudeConfigDir});
	if (!words || words.length === 0 || words.length > 2) {
		return false;
	}
	if (words.length === 2 && !SHELLS.has(words[0]!)) {
		return false;
	}
	const script = words.at(-1)!;
	return path.isAbsolute(script) && path.resolve(script) === path.resolve(target.scriptPath);
}

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
export function parseSettings(text: string): SettingsParseResult {
	if (text.charCodeAt(0) !== 0xfe_ff && text.trim() === '') {
		return {ok: true, settings: {}, empty: true};
	}
	const parsed = parseJsonWithLocation(text);
	if (!parsed.ok) {
		return {ok: false, reason: parsed.reason, line: parsed.line, column: parsed.column};
	}
	const {value} = parsed;
	const firstChar = lineColumn(text, text.length - text.trimStart().length);
	if (!isJsonObject(value)) {
		return {ok: false, reason: `the top level is ${kind(value)}, not a JSON object`, ...firstChar};
	}
	if (Object.hasOwn(value, 'hooks')) {
		const hooks = value.hooks;
		if (!isJsonObject(hooks)) {
			return {ok: false, reason: `"hooks" is ${kind(hooks)}, not an object`};
		}
		for (const event of AGENTLOG_HOOK_EVENTS) {
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
	return isJsonObject(group) && Array.isArray(group.hooks) ? (group.hooks as unknown[]).filter(isJsonObject) : [];
}

/** Does a group with this matcher fire for every agent of the event? TeammateIdle has no matcher. */
function matchesEveryAgent(event: AgentlogHookEvent, group: unknown): boolean {
	if (event === 'TeammateIdle' || !isJsonObject(group) || !Object.hasOwn(group, 'matcher')) {
		return true;
	}
	return group.matcher === '' || group.matcher === '*' || group.matcher === undefined;
}

export function isAgentlogHandler(handler: unknown, command: string): boolean {
	return isJsonObject(handler) && handler.type === 'command' && handler.command === command;
}

/** The command of an existing handler that already runs agentlog's script for `event`, if any. */
export function existingHandlerCommand(settings: JsonObject, event: AgentlogHookEvent, target: HookTarget): string | undefined {
	const hooks = settings.hooks;
	const groups = isJsonObject(hooks) ? hooks[event] : undefined;
	if (!Array.isArray(groups)) {
		return undefined;
	}
	for (const group of groups) {
		if (!matchesEveryAgent(event, group)) {
			continue;
		}
		for (const handler of handlersOf(group)) {
			if (handler.type === 'command' && typeof handler.command === 'string' && (handler.command === target.command || commandRunsScript(handler.command, target))) {
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

/** The entry agentlog appends to an event's array. No matcher: every agent type. */
export function agentlogEntry(command: string): JsonObject {
	return {hooks: [{type: 'command', command, timeout: HOOK_TIMEOUT_SECONDS}]};
}

/**
 * Appends agentlog's entry to each of its events that does not already run the script. Every
 * other key, event and entry keeps its value and its place; new keys go at the end.
 * Expects a result of parseSettings().
 */
export function mergeAgentlogHooks(settings: JsonObject, target: HookTarget): MergeResult {
	const added: AgentlogHookEvent[] = [];
	const present: {event: AgentlogHookEvent; command: string}[] = [];
	const hooks: JsonObject = isJsonObject(settings.hooks) ? {...settings.hooks} : {};
	for (const event of AGENTLOG_HOOK_EVENTS) {
		const command = existingHandlerCommand(settings, event, target);
		if (command !== undefined) {
			present.push({event, command});
			continue;
		}
		const groups = Array.isArray(hooks[event]) ? (hooks[event] as unknown[]) : [];
		hooks[event] = [...groups, agentlogEntry(target.command)];
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
export function unmergeAgentlogHooks(settings: JsonObject, command: string): UnmergeResult {
	const removed: {event: AgentlogHookEvent; count: number}[] = [];
	if (!isJsonObject(settings.hooks)) {
		return {settings, removed};
	}
	const hooks: JsonObject = {...settings.hooks};
	for (const event of AGENTLOG_HOOK_EVENTS) {
		const groups = hooks[event];
		if (!Array.isArray(groups)) {
			continue;
		}
		let count = 0;
		const kept: unknown[] = [];
		for (const group of groups) {
			if (!isJsonObject(group) || !Array.isArray(group.hooks)) {
				kept.push(group);
				continue;
			}
			const handlers = (group.hooks as unknown[]).filter((handler) => !isAgentlogHandler(handler, command));
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
	const {hooks: _dropped, ...rest} = settings;
	return {settings: rest, removed};
}

/** Does any of agentlog's events hold agentlog's exact handler? */
export function hasAgentlogHooks(settings: JsonObject, command: string): boolean {
	return unmergeAgentlogHooks(settings, command).removed.length > 0;
}

// ---------------------------------------------------------------------------------------------
// A unified-style line diff, for --dry-run

type DiffOp = {readonly kind: ' ' | '-' | '+'; readonly text: string};

function toLines(text: string): string[] {
	if (text === '') {
		return [];
	}
	const lines = text.split('\n');
	if (lines.at(-1) === '') {
		lines.pop();
	}
	return lines;
}

function diffOps(a: readonly string[], b: readonly string[]): DiffOp[] {
	let start = 0;
	while (start < a.length && start < b.length && a[start] === b[start]) {
		start++;
	}
	let endA = a.length;
	let endB = b.length;
	while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
		endA--;
		endB--;
	}
	const ops: DiffOp[] = a.slice(0, start).map((text) => ({kind: ' ', text}));
	const midA = a.slice(start, endA);
	const midB = b.slice(start, endB);
	const m = midA.length;
	const n = midB.length;
	if (m * n > 4_000_000) {
		ops.push(...midA.map((text): DiffOp => ({kind: '-', text})), ...midB.map((text): DiffOp => ({kind: '+', text})));
	} else {
		// Longest common subsequence, table[i][j] for midA[i..] and midB[j..].
		const w = n + 1;
		const table = new Uint32Array((m + 1) * w);
		for (let i = m - 1; i >= 0; i--) {
			for (let j = n - 1; j >= 0; j--) {
				table[i * w + j] = midA[i] === midB[j] ? table[(i + 1) * w + j + 1]! + 1 : Math.max(table[(i + 1) * w + j]!, table[i * w + j + 1]!);
			}
		}
		let i = 0;
		let j = 0;
		while (i < m || j < n) {
			if (i < m && j < n && midA[i] === midB[j]) {
				ops.push({kind: ' ', text: midA[i]!});
				i++;
				j++;
			} else if (j >= n || (i < m && table[(i + 1) * w + j]! >= table[i * w + j + 1]!)) {
				ops.push({kind: '-', text: midA[i]!});
				i++;
			} else {
				ops.push({kind: '+', text: midB[j]!});
				j++;
			}
		}
	}
	ops.push(...a.slice(endA).map((text): DiffOp => ({kind: ' ', text})));
	return ops;
}

/** A unified diff of two texts with `context` lines around each change; '' when they are equal. */
export function unifiedDiff(before: string, after: string, labels: {readonly before: string; readonly after: string}, context = 3): string {
	const ops = diffOps(toLines(before), toLines(after));
	const changed = ops.flatMap((op, index) => (op.kind === ' ' ? [] : [index]));
	if (changed.length === 0) {
		return '';
	}
	// Line numbers before each op, in the old and the new text.
	const oldLine: number[] = [];
	const newLine: number[] = [];
	let o = 1;
	let nw = 1;
	for (const op of ops) {
		oldLine.push(o);
		newLine.push(nw);
		o += op.kind === '+' ? 0 : 1;
		nw += op.kind === '-' ? 0 : 1;
	}
	const out = [`--- ${labels.before}`, `+++ ${labels.after}`];
	let k = 0;
	while (k < changed.length) {
		const from = Math.max(0, changed[k]! - context);
		let last = changed[k]!;
		while (k + 1 < changed.length && changed[k + 1]! - last <= 2 * context) {
			k++;
			last = changed[k]!;
		}
		k++;
		const to = Math.min(ops.length, last + context + 1);
		const hunk = ops.slice(from, to);
		const oldCount = hunk.filter((op) => op.kind !== '+').length;
		const newCount = hunk.filter((op) => op.kind !== '-').length;
		const oldStart = oldCount === 0 ? oldLine[from]! - 1 : oldLine[from]!;
		const newStart = newCount === 0 ? newLine[from]! - 1 : newLine[from]!;
		out.push(`@@ -${oldStart},${oldCount} +${newStart},${newCount} @@`, ...hunk.map((op) => `${op.kind}${op.text}`));
	}
	return `${out.join('\n')}\n`;
}
