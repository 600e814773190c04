// What each key does, in one place (key-presses.ts reads the presses): bindings are data,
// keyToAction is pure. Ink 6 quirks handled here: Esc also sets `meta`, so `escape` is checked
// first (keyToken); Backspace arrives as `delete`.
import {keyToken, type KeyInfo} from './key-presses.js';

export type Action =
	| {readonly type: 'move'; readonly by: -1 | 1}
	| {readonly type: 'page'; readonly by: -1 | 1}
	| {readonly type: 'edge'; readonly to: 'first' | 'last'}
	| {readonly type: 'open'}
	| {readonly type: 'close'}
	| {readonly type: 'toggle-collapse'}
	| {readonly type: 'toggle-bell'}
	| {readonly type: 'toggle-ghosts'}
	| {readonly type: 'toggle-all'}
	| {readonly type: 'toggle-fold'}
	| {readonly type: 'toggle-timeline'}
	| {readonly type: 'zoom'; readonly by: -1 | 1}
	| {readonly type: 'pan'; readonly by: -1 | 1}
	| {readonly type: 'toggle-help'}
	| {readonly type: 'quit'}
	| {readonly type: 'filter-open'}
	/** Typing in the filter line: a character, Backspace, Enter (keep it), Esc (clear it). */
	| {readonly type: 'filter-edit'; readonly op: 'type'; readonly text: string}
	| {readonly type: 'filter-edit'; readonly op: 'erase' | 'done' | 'clear'}
	| {readonly type: 'cycle-sort'}
	| {readonly type: 'sessions-open'}
	/** In the session picker: switch to the session chosen, or follow the newest. */
	| {readonly type: 'session-pick'}
	| {readonly type: 'session-follow'}
	| {readonly type: 'jump'}
	/** x: ask to stop the selected agent (or run); then y or any other key answers the confirmation line. */
	| {readonly type: 'stop-ask'}
	| {readonly type: 'stop-answer'; readonly yes: boolean}
	| {readonly type: 'replay'; readonly op: 'toggle' | 'prev' | 'next' | 'slower' | 'faster'};

/** `live`: watch; `replay`: replay and `watch --at`, where Space and ← → move in time. */
export type KeyMode = 'live' | 'replay';

/** `filter`: the `/` line takes the keys typed; `sessions`: the session picker is open; `confirm`: x's question waits for y/n. */
export type Focus = 'list' | 'detail' | 'help' | 'filter' | 'sessions' | 'confirm';

interface Binding {
	/** Key tokens (see keyToken): named keys and printable characters. */
	readonly tokens: readonly string[];
	/** How the help screen writes the keys. */
	readonly label: string;
	readonly action: Action;
	/** A different meaning in the detail pane (null: no meaning there). */
	readonly inDetail?: Action | null;
	readonly help: string;
}

const CLOSE: Action = {type: 'close'};

export const BINDINGS: readonly Binding[] = [
	{tokens: ['up', 'k'], label: '↑ k', action: {type: 'move', by: -1}, help: 'previous agent · scroll up'},
	{tokens: ['down', 'j'], label: '↓ j', action: {type: 'move', by: 1}, help: 'next agent · scroll down'},
	{tokens: ['left', 'h'], label: '← h', action: {type: 'move', by: -1}, inDetail: CLOSE, help: 'previous agent · back'},
	{tokens: ['right', 'l'], label: '→ l', action: {type: 'move', by: 1}, inDetail: null, help: 'next agent'},
	{tokens: ['pgup'], label: 'PgUp', action: {type: 'page', by: -1}, help: 'page up'},
	{tokens: ['pgdn', ' '], label: 'PgDn Space', action: {type: 'page', by: 1}, help: 'page down'},
	{tokens: ['home'], label: 'Home', action: {type: 'edge', to: 'first'}, help: 'first'},
	{tokens: ['end', 'G'], label: 'End G', action: {type: 'edge', to: 'last'}, help: 'last'},
	{tokens: ['enter'], label: 'Enter', action: {type: 'open'}, help: 'open the detail pane'},
	{tokens: ['esc'], label: 'Esc', action: CLOSE, help: 'close the detail pane or this help; in the list, clear a kept filter'},
	{tokens: ['c'], label: 'c', action: {type: 'toggle-collapse'}, help: 'collapse / expand the agents'},
	{tokens: ['t'], label: 't', action: {type: 'toggle-timeline'}, inDetail: null, help: 'the timeline: a bar per agent on a time axis / the list'},
	{tokens: ['+', '='], label: '+', action: {type: 'zoom', by: 1}, inDetail: null, help: 'timeline: zoom in (to the latest part)'},
	{tokens: ['-', '_'], label: '-', action: {type: 'zoom', by: -1}, inDetail: null, help: 'timeline: zoom out'},
	{tokens: ['<', ','], label: '<', action: {type: 'pan', by: -1}, inDetail: null, help: 'timeline: earlier'},
	{tokens: ['>', '.'], label: '>', action: {type: 'pan', by: 1}, inDetail: null, help: 'timeline: later'},
	{tokens: ['g'], label: 'g', action: {type: 'toggle-ghosts'}, help: 'show / hide ghosts (dimmed)'},
	{tokens: ['a'], label: 'a', action: {type: 'toggle-all'}, help: 'show all agents / the newest only'},
	{
		tokens: ['w'],
		label: 'w',
		action: {type: 'toggle-fold'},
		inDetail: null,
		help: "fold / unfold the selected workflow run (its agents under its row); Enter on a run's row too",
	},
	{
		tokens: ['/'],
		label: '/',
		action: {type: 'filter-open'},
		inDetail: null,
		help: 'filter: words, or status:failed type: name: workflow: label:; -word excludes; Enter keeps, Esc clears',
	},
	{
		tokens: ['o'],
		label: 'o',
		action: {type: 'cycle-sort'},
		inDetail: null,
		help: 'order: started, last activity, duration, status, cost (the footer says which)',
	},
	{
		tokens: ['s'],
		label: 's',
		action: {type: 'sessions-open'},
		inDetail: null,
		help: 'sessions: pick the session to watch (↑↓ Enter); f there follows the newest again',
	},
	{
		tokens: ['p'],
		label: 'p',
		action: {type: 'jump'},
		inDetail: null,
		help: "tmux: switch to the pane where the selected agent's Claude Code (or Codex) runs",
	},
	{
		tokens: ['x'],
		label: 'x',
		action: {type: 'stop-ask'},
		help: 'stop the selected agent and its agents, or a run, at their next tool call (asks y/n)',
	},
	{tokens: ['b'], label: 'b', action: {type: 'toggle-bell'}, help: 'bell on / off: rings when an agent starts waiting or finishes (remembered)'},
	{tokens: ['?'], label: '?', action: {type: 'toggle-help'}, help: 'this help'},
	{tokens: ['q'], label: 'q Ctrl+C', action: {type: 'quit'}, help: 'quit'},
];

const KEY_LABELS: Readonly<Record<string, string>> = {
	up: '↑',
	down: '↓',
	left: '←',
	right: '→',
	pgup: 'PgUp',
	pgdn: 'PgDn',
	home: 'Home',
	end: 'End',
	enter: 'Enter',
	esc: 'Esc',
};

/** In replay: these keys move in time (in the list and the detail pane alike); `h` `l` still move and go back. */
export const REPLAY_BINDINGS: readonly Binding[] = [
	{tokens: [' '], label: 'Space', action: {type: 'replay', op: 'toggle'}, help: 'play / pause'},
	{tokens: ['left'], label: '←', action: {type: 'replay', op: 'prev'}, help: 'the previous event'},
	{tokens: ['right'], label: '→', action: {type: 'replay', op: 'next'}, help: 'the next event'},
	{tokens: ['['], label: '[', action: {type: 'replay', op: 'slower'}, help: 'slower'},
	{tokens: [']'], label: ']', action: {type: 'replay', op: 'faster'}, help: 'faster'},
];

/** The bindings of a mode, replay's first (they take their keys from the live ones). */
export function bindingsOf(mode: KeyMode): readonly Binding[] {
	if (mode === 'live') {
		return BINDINGS;
	}
	const taken = new Set(REPLAY_BINDINGS.flatMap(b => b.tokens));
	const rest = BINDINGS.flatMap(b => {
		const tokens = b.tokens.filter(t => !taken.has(t));
		if (tokens.length === b.tokens.length) {
			return [b];
		}
		return tokens.length === 0 ? [] : [{...b, tokens, label: tokens.map(t => KEY_LABELS[t] ?? t).join(' ')}];
	});
	return [...REPLAY_BINDINGS, ...rest];
}

/** A character the filter line takes: a letter, digit, mark, punctuation, symbol or space (no control or format character). */
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

/** The keys of the `/` line: characters are typed; ↑↓ still move in the list. */
function filterKey(input: string, key: KeyInfo): Action | undefined {
	if (key.escape) return {type: 'filter-edit', op: 'clear'};
	if (key.return) return {type: 'filter-edit', op: 'done'};
	if (key.backspace || key.delete) return {type: 'filter-edit', op: 'erase'};
	if (key.upArrow || key.downArrow) return {type: 'move', by: key.upArrow ? -1 : 1};
	const token = keyToken(input, key);
	return token !== undefined && input === token && PRINTABLE.test(token) ? {type: 'filter-edit', op: 'type', text: token} : undefined;
}

/** The session picker's keys: ↑↓ (k j) choose, Enter switches, f follows the newest, Esc (or s) closes. */
function sessionsKey(input: string, key: KeyInfo): Action | undefined {
	const token = keyToken(input, key);
	switch (token) {
		case 'up':
		case 'k':
			return {type: 'move', by: -1};
		case 'down':
		case 'j':
			return {type: 'move', by: 1};
		case 'enter':
			return {type: 'session-pick'};
		case 'f':
			return {type: 'session-follow'};
		case 'esc':
		case 's':
			return CLOSE;
		case 'q':
			return {type: 'quit'};
		default:
			return undefined;
	}
}

/** The picker's keys, for the help: they hold only while it is open. */
export const SESSION_PICKER_HELP: ReadonlyArray<readonly [string, string]> = [
	['↑↓ Enter', 'sessions (s): choose, switch to it'],
	['f', 'sessions (s): follow the newest session again'],
];

export function keyToAction(input: string, key: KeyInfo, focus: Focus, mode: KeyMode = 'live'): Action | undefined {
	if (focus === 'confirm') {
		// Only y says yes: any other key (n, Esc, a stray j) leaves the agents running.
		return {type: 'stop-answer', yes: input === 'y' || input === 'Y'};
	}
	if (focus === 'filter') {
		return filterKey(input, key);
	}
	if (focus === 'sessions') {
		return sessionsKey(input, key);
	}
	const token = keyToken(input, key);
	const binding = token === undefined ? undefined : bindingsOf(mode).find(b => b.tokens.includes(token));
	if (!binding) {
		return undefined;
	}
	if (focus === 'detail' && binding.inDetail !== undefined) {
		return binding.inDetail ?? undefined;
	}
	return binding.action;
}
