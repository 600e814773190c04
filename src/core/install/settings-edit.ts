// install-hook and uninstall-hook as edits of the settings file's text: only the bytes of the
// entries agentlog adds or removes change; every other byte (line ends, indent, a missing final
// newline, big integers, `1.0`, `\u` escapes, duplicate keys, key order) stays as it was. Pure.
//
// What to add or remove is decided on the parsed object (settings-merge.ts); this file finds the
// places in the text with jsonc-parser's parse tree (offsets of every value) and writes the
// inserted text in the file's own style. jsonc-parser's `modify` is not used: it reformats every
// line an edit touches, which turns a one-line file into an indented one.
//
// Uninstall is the exact inverse of install:
// - install appends to a non-empty array or object as `,<sep><new>` after its last child, where
//   <sep> is a line end plus the children's indent (nothing or a space in a one-line container);
//   uninstall removes an entry by deleting from the end of the child before it to its own end.
// - install creates an event array or the `hooks` object as `"key": [<sep><new><close>]`, the
//   bracket followed by a line end; uninstall removes a property whose container it empties only
//   in that form. A container that was already there but empty (`"hooks": {}`) is filled as
//   `{ <sep><new><close>}`: the one space after the bracket marks it, so uninstall empties it
//   again (`{}`) instead of deleting it.
// Exception: an empty or whitespace-only file becomes 2-space JSON and goes back as `{}\n`.
import {applyEdits, parseTree, type Edit, type Node} from 'jsonc-parser/lib/esm/main.js';
import {isObject} from '../record/json.js';
import {
	AGENTLOG_HOOK_EVENTS,
	agentlogEntry,
	formatSettings,
	isAgentlogHandler,
	mergeAgentlogHooks,
	unmergeAgentlogHooks,
	type AgentlogHookEvent,
	type HookEventSet,
	type JsonObject,
} from './settings-merge.js';
import {notifyCommand, type HookTarget} from './shell-command.js';

/** How the file writes JSON, so inserted text looks like the rest. */
export interface JsonStyle {
	readonly eol: '\n' | '\r\n';
	/** One level of indent: a tab or n spaces. */
	readonly indent: string;
	/** Between a key and its value: usually `: `. */
	readonly colon: string;
	/** The whole top-level object is on one line: insert on one line too. */
	readonly oneLine: boolean;
}

export type SettingsEditResult =
	| {readonly ok: true; readonly text: string}
	/** The edit would not give the data the merge decided (a bug): write nothing. */
	| {readonly ok: false; readonly reason: string};

export interface InstallEdit {
	readonly added: readonly AgentlogHookEvent[];
	readonly present: readonly {readonly event: AgentlogHookEvent; readonly command: string}[];
	/** The new text; undefined when nothing is added. */
	readonly result: SettingsEditResult | undefined;
}

export interface UninstallEdit {
	readonly removed: readonly {readonly event: AgentlogHookEvent; readonly count: number}[];
	readonly result: SettingsEditResult | undefined;
}

// ---------------------------------------------------------------------------------------------
// Style

function end(node: Node): number {
	return node.offset + node.length;
}

/** The spaces and tabs that start the line holding `offset`. */
function lineIndent(text: string, offset: number): string {
	const start = text.lastIndexOf('\n', offset - 1) + 1;
	return /^[ \t]*/.exec(text.slice(start, offset))![0];
}

/** True when only spaces and tabs stand between the start of its line and `offset`. */
function startsLine(text: string, offset: number): boolean {
	const start = text.lastIndexOf('\n', offset - 1) + 1;
	return start > 0 && /^[ \t]*$/.test(text.slice(start, offset));
}

export function detectStyle(text: string, root: Node | undefined): JsonStyle {
	const crlf = text.split('\r\n').length - 1;
	const eol = crlf > 0 && crlf >= text.split('\n').length - 1 - crlf ? '\r\n' : '\n';
	let indent: string | undefined;
	const first = root?.children?.[0];
	if (first && startsLine(text, first.offset)) {
		indent = lineIndent(text, first.offset) || undefined;
	}
	if (indent === undefined) {
		// The smallest indent of any line.
		for (const match of text.matchAll(/\n([ \t]+)\S/g)) {
			const found = match[1]!;
			if (indent === undefined || found.length < indent.length) {
				indent = found;
			}
		}
	}
	if (indent !== undefined && indent.startsWith('\t')) {
		indent = '\t';
	} else if (indent === undefined || !/^ +$/.test(indent)) {
		indent = '  ';
	}
	let colon = ': ';
	const key = first?.children?.[0];
	const value = first?.children?.[1];
	if (key && value && /^[ \t]*:[ \t]*$/.test(text.slice(end(key), value.offset))) {
		colon = text.slice(end(key), value.offset);
	}
	const oneLine = root !== undefined && (root.children?.length ?? 0) > 0 && !/\n/.test(text.slice(root.offset, end(root)));
	return {eol, indent, colon, oneLine};
}

/** `value` as JSON in `style`: on one line, or indented from `indent` (the indent of its line). */
export function renderJson(value: unknown, style: JsonStyle, indent: string, oneLine: boolean): string {
	if (Array.isArray(value)) {
		if (value.length === 0) {
			return '[]';
		}
		if (oneLine) {
			return `[${value.map(item => renderJson(item, style, indent, true)).join(oneLineComma(style))}]`;
		}
		const inner = indent + style.indent;
		return `[${value.map(item => style.eol + inner + renderJson(item, style, inner, false)).join(',')}${style.eol}${indent}]`;
	}
	if (isObject(value)) {
		const entries = Object.entries(value);
		if (entries.length === 0) {
			return '{}';
		}
		if (oneLine) {
			return `{${entries.map(([key, item]) => `${JSON.stringify(key)}${style.colon}${renderJson(item, style, indent, true)}`).join(oneLineComma(style))}}`;
		}
		const inner = indent + style.indent;
		return `{${entries.map(([key, item]) => `${style.eol}${inner}${JSON.stringify(key)}${style.colon}${renderJson(item, style, inner, false)}`).join(',')}${style.eol}${indent}}`;
	}
	return JSON.stringify(value);
}

function oneLineComma(style: JsonStyle): string {
	return style.colon.endsWith(' ') ? ', ' : ',';
}

// ---------------------------------------------------------------------------------------------
// Finding things in the tree (the last of duplicate keys, as JSON.parse reads them)

function propertyNodes(object: Node | undefined, key: string): Node[] {
	return object?.type === 'object' ? (object.children ?? []).filter(p => p.children?.[0]?.value === key) : [];
}

function lastProperty(object: Node | undefined, key: string): Node | undefined {
	return propertyNodes(object, key).at(-1);
}

function valueOf(property: Node | undefined): Node | undefined {
	return property?.children?.[1];
}

function nodeValue(node: Node): unknown {
	switch (node.type) {
		case 'object': {
			const out: JsonObject = {};
			for (const p of node.children ?? []) {
				const [k, v] = p.children ?? [];
				if (k && v) {
					Object.defineProperty(out, String(k.value), {value: nodeValue(v), enumerable: true, writable: true, configurable: true});
				}
			}
			return out;
		}
		case 'array':
			return (node.children ?? []).map(nodeValue);
		default:
			return node.value;
	}
}

// ---------------------------------------------------------------------------------------------
// Inserting

/** Inserts `items` (already rendered for `childIndent`) as new children at the end of `container`. */
function appendChildren(text: string, container: Node, render: (indent: string, oneLine: boolean) => string[], style: JsonStyle, marker: boolean): Edit {
	const children = container.children ?? [];
	const last = children.at(-1);
	if (last) {
		const oneLine = !text.slice(container.offset, end(container)).includes('\n');
		if (oneLine) {
			const between = children.length > 1 ? text.slice(end(children[0]!), children[1]!.offset) : '';
			const comma = /^,[ \t]*$/.test(between) ? between : oneLineComma(style);
			return {
				offset: end(last),
				length: 0,
				content: render(lineIndent(text, container.offset), true)
					.map(item => comma + item)
					.join(''),
			};
		}
		const indent = startsLine(text, last.offset) ? lineIndent(text, last.offset) : lineIndent(text, container.offset) + style.indent;
		return {
			offset: end(last),
			length: 0,
			content: render(indent, false)
				.map(item => `,${style.eol}${indent}${item}`)
				.join(''),
		};
	}
	// Empty: `{<here>W}`; the original inside W stays before the closing bracket.
	const open = marker ? ' ' : '';
	if (style.oneLine) {
		return {offset: container.offset + 1, length: 0, content: open + render('', true).join(oneLineComma(style))};
	}
	const base = lineIndent(text, container.offset);
	const indent = base + style.indent;
	return {
		offset: container.offset + 1,
		length: 0,
		content: `${open}${render(indent, false)
			.map(item => style.eol + indent + item)
			.join(',')}${style.eol}${base}`,
	};
}

function property(key: string, value: unknown, style: JsonStyle, indent: string, oneLine: boolean): string {
	return `${JSON.stringify(key)}${style.colon}${renderJson(value, style, indent, oneLine)}`;
}

/**
 * Does the edited text hold exactly the data the object merge decided? For uninstall, an event
 * array or `hooks` object that the text keeps empty counts as gone (the merge deletes it; the
 * text keeps one that was there before install filled it).
 */
function checked(text: string, expected: JsonObject, emptyIsGone?: HookEventSet): SettingsEditResult {
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch (error) {
		return {ok: false, reason: `the edit gave invalid JSON (${error instanceof Error ? error.message : String(error)})`};
	}
	const same = emptyIsGone
		? JSON.stringify(withoutEmpty(parsed, emptyIsGone)) === JSON.stringify(withoutEmpty(expected, emptyIsGone))
		: JSON.stringify(parsed) === JSON.stringify(expected);
	return same ? {ok: true, text} : {ok: false, reason: 'the edit did not give the expected settings'};
}

/** `settings` without empty arrays for agentlog's events, then without an empty `hooks`. */
function withoutEmpty(settings: unknown, events: HookEventSet): unknown {
	if (!isObject(settings) || !isObject(settings.hooks)) {
		return settings;
	}
	const hooks: JsonObject = {...settings.hooks};
	for (const event of events) {
		if (Array.isArray(hooks[event]) && hooks[event].length === 0) {
			delete hooks[event];
		}
	}
	if (Object.keys(hooks).length > 0) {
		return {...settings, hooks};
	}
	const rest = {...settings};
	delete rest.hooks;
	return rest;
}

/**
 * agentlog's entries added to `text`, whose parsed value is `settings` (a result of
 * parseSettings). Events that already run the script are left alone.
 */
export function installEdit(text: string, settings: JsonObject, target: HookTarget, events: HookEventSet = AGENTLOG_HOOK_EVENTS): InstallEdit {
	const merge = mergeAgentlogHooks(settings, target, events);
	const {added, present} = merge;
	if (added.length === 0) {
		return {added, present, result: undefined};
	}
	const root = text.trim() === '' ? undefined : parseTree(text);
	if (root?.type !== 'object') {
		return {added, present, result: checked(formatSettings(merge.settings), merge.settings)};
	}
	const style = detectStyle(text, root);
	const entry = (event: AgentlogHookEvent) => agentlogEntry(target.command, event);
	const edits: Edit[] = [];
	const hooks = valueOf(lastProperty(root, 'hooks'));
	if (!hooks) {
		const value = Object.fromEntries(added.map(event => [event, [entry(event)]]));
		edits.push(appendChildren(text, root, (indent, oneLine) => [property('hooks', value, style, indent, oneLine)], style, false));
	} else {
		const missing = added.filter(event => !lastProperty(hooks, event));
		for (const event of added) {
			const groups = valueOf(lastProperty(hooks, event));
			if (groups) {
				edits.push(appendChildren(text, groups, (indent, oneLine) => [renderJson(entry(event), style, indent, oneLine)], style, true));
			}
		}
		if (missing.length > 0) {
			edits.push(appendChildren(text, hooks, (indent, oneLine) => missing.map(event => property(event, [entry(event)], style, indent, oneLine)), style, true));
		}
	}
	return {added, present, result: checked(applyEdits(text, edits), merge.settings)};
}

// ---------------------------------------------------------------------------------------------
// Removing

/**
 * Edits that remove the children at `indexes` (sorted) from `container`, which keeps at least
 * one: each removed child goes with the comma and space before it (after it for leading ones).
 */
function removeSome(container: Node, indexes: readonly number[]): Edit[] {
	const children = container.children ?? [];
	const gone = new Set(indexes);
	const firstKept = children.findIndex((_, i) => !gone.has(i));
	const edits: Edit[] = [];
	if (firstKept > 0) {
		edits.push({offset: children[0]!.offset, length: children[firstKept]!.offset - children[0]!.offset, content: ''});
	}
	for (const i of indexes) {
		if (i > firstKept) {
			const before = end(children[i - 1]!);
			edits.push({offset: before, length: end(children[i]!) - before, content: ''});
		}
	}
	return edits;
}

/** Edits that empty `container`, undoing a fill of an empty one (see the top of this file). */
function removeAll(text: string, container: Node): Edit[] {
	const children = container.children ?? [];
	const first = children[0];
	const last = children.at(-1);
	if (!first || !last) {
		return [];
	}
	let from = container.offset + 1;
	if (!/^[ \t\r\n]*$/.test(text.slice(from, first.offset))) {
		from = first.offset;
	}
	let to = end(last);
	const close = /^\r?\n/.exec(text.slice(to))?.[0];
	const base = lineIndent(text, container.offset);
	if (close !== undefined && text.startsWith(base, to + close.length)) {
		to += close.length + base.length;
	}
	return [{offset: from, length: to - from, content: ''}];
}

/** Was this container written by install as a new property (`[` or `{` then a line end or a child)? */
function createdByInstall(text: string, container: Node): boolean {
	const next = text[container.offset + 1];
	return next !== ' ' && next !== '\t';
}

/** Child actions on one container: remove some children, or edit inside them. */
interface Plan {
	readonly remove: number[];
	readonly inner: Edit[];
}

/** Remove `plan.remove` from `container`; if that empties it, say so (the caller removes it). */
function applyPlan(text: string, container: Node, plan: Plan): {edits: Edit[]; emptied: boolean} {
	const count = container.children?.length ?? 0;
	if (plan.remove.length === 0) {
		return {edits: plan.inner, emptied: false};
	}
	if (plan.remove.length === count) {
		return {edits: [], emptied: true};
	}
	return {edits: [...removeSome(container, plan.remove), ...plan.inner], emptied: false};
}

/** The edits for a container that `applyPlan` emptied, the value of `parent`'s property `key`. */
function emptiedEdits(text: string, parent: Node, key: string, container: Node): {edits: Edit[]; removeProperty: boolean} {
	const removeProperty = createdByInstall(text, container) && propertyNodes(parent, key).length === 1;
	return removeProperty ? {edits: [], removeProperty: true} : {edits: removeAll(text, container), removeProperty: false};
}

/** agentlog's handlers (exact command) taken out of `text`, whose parsed value is `settings`. */
export function uninstallEdit(text: string, settings: JsonObject, command: string, events: HookEventSet = AGENTLOG_HOOK_EVENTS): UninstallEdit {
	const unmerge = unmergeAgentlogHooks(settings, command, events);
	const {removed} = unmerge;
	if (removed.length === 0) {
		return {removed, result: undefined};
	}
	const root = parseTree(text);
	const hooksProperty = lastProperty(root, 'hooks');
	const hooks = valueOf(hooksProperty);
	if (!root || !hooksProperty || !hooks) {
		return {removed, result: {ok: false, reason: 'no "hooks" object found in the text'}};
	}
	const hooksPlan: Plan = {remove: [], inner: []};
	for (const event of events) {
		const eventProperty = lastProperty(hooks, event);
		const groups = valueOf(eventProperty);
		if (!eventProperty || groups?.type !== 'array') {
			continue;
		}
		const groupsPlan: Plan = {remove: [], inner: []};
		(groups.children ?? []).forEach((group, g) => {
			const handlers = valueOf(lastProperty(group, 'hooks'));
			if (handlers?.type !== 'array') {
				return;
			}
			const ours = (handlers.children ?? []).flatMap((handler, h) => (isAgentlogHandler(nodeValue(handler), command) ? [h] : []));
			if (ours.length === 0) {
				return;
			}
			const done = applyPlan(text, handlers, {remove: ours, inner: []});
			if (done.emptied) {
				groupsPlan.remove.push(g);
			} else {
				groupsPlan.inner.push(...done.edits);
			}
		});
		const done = applyPlan(text, groups, groupsPlan);
		if (!done.emptied) {
			hooksPlan.inner.push(...done.edits);
			continue;
		}
		const index = hooks.children!.indexOf(eventProperty);
		const emptied = emptiedEdits(text, hooks, event, groups);
		if (emptied.removeProperty) {
			hooksPlan.remove.push(index);
		} else {
			hooksPlan.inner.push(...emptied.edits);
		}
	}
	hooksPlan.remove.sort((a, b) => a - b);
	const rootPlan: Plan = {remove: [], inner: []};
	const done = applyPlan(text, hooks, hooksPlan);
	if (done.emptied) {
		const index = root.children!.indexOf(hooksProperty);
		const emptied = emptiedEdits(text, root, 'hooks', hooks);
		if (emptied.removeProperty) {
			rootPlan.remove.push(index);
		} else {
			rootPlan.inner.push(...emptied.edits);
		}
	} else {
		rootPlan.inner.push(...done.edits);
	}
	const edits = rootPlan.remove.length === root.children!.length ? removeAll(text, root) : applyPlan(text, root, rootPlan).edits;
	return {removed, result: checked(applyEdits(text, edits), unmerge.settings, events)};
}

// ---------------------------------------------------------------------------------------------
// Switching notifications on or off

export interface SwitchEdit {
	/** The events whose handler's command changed. Empty: nothing to change. */
	readonly switched: readonly AgentlogHookEvent[];
	readonly result: SettingsEditResult | undefined;
}

/** Whether agentlog's handlers in `settings` run with notifications on; undefined when it has none. */
export function installedNotify(settings: JsonObject, command: string, events: HookEventSet = AGENTLOG_HOOK_EVENTS): boolean | undefined {
	let found: boolean | undefined;
	forEachHandler(settings, events, (handler: JsonObject) => {
		if (handler.type === 'command' && handler.command === notifyCommand(command)) {
			found = true;
		} else if (handler.type === 'command' && handler.command === command) {
			found ??= false;
		}
	});
	return found;
}

function forEachHandler(settings: JsonObject, events: HookEventSet, visit: (handler: JsonObject, event: AgentlogHookEvent) => void): void {
	const hooks = settings.hooks;
	for (const event of events) {
		const groups = isObject(hooks) ? hooks[event] : undefined;
		for (const group of Array.isArray(groups) ? groups : []) {
			const handlers = isObject(group) ? group.hooks : undefined;
			for (const handler of Array.isArray(handlers) ? handlers : []) {
				if (isObject(handler)) {
					visit(handler, event);
				}
			}
		}
	}
}

/**
 * agentlog's handlers whose command is `from` get `to` instead (notifications on: `<command>
 * --notify`; off: back), each in place: only the bytes of those command strings change.
 */
export function switchCommandEdit(text: string, settings: JsonObject, from: string, to: string, events: HookEventSet = AGENTLOG_HOOK_EVENTS): SwitchEdit {
	const expected = structuredClone(settings);
	const switched = new Set<AgentlogHookEvent>();
	forEachHandler(expected, events, (handler, event) => {
		if (handler.type === 'command' && handler.command === from) {
			handler.command = to;
			switched.add(event);
		}
	});
	if (switched.size === 0) {
		return {switched: [], result: undefined};
	}
	const edits: Edit[] = [];
	const hooks = valueOf(lastProperty(parseTree(text), 'hooks'));
	for (const event of events) {
		for (const group of valueOf(lastProperty(hooks, event))?.children ?? []) {
			for (const handler of valueOf(lastProperty(group, 'hooks'))?.children ?? []) {
				const command = valueOf(lastProperty(handler, 'command'));
				if (command?.value === from && valueOf(lastProperty(handler, 'type'))?.value === 'command') {
					edits.push({offset: command.offset, length: command.length, content: JSON.stringify(to)});
				}
			}
		}
	}
	return {switched: events.filter(e => switched.has(e)), result: checked(applyEdits(text, edits), expected)};
}
