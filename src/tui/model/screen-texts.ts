// The screen's fixed texts and its cut for long lines: what an empty pane says while it waits for
// agents, the help screen (`?`) from the keymap and the symbols, and shortLine. Pure.
import {head} from '../../core/text/bounded.js';
import {safeLine} from '../../core/text/safe-text.js';
import {SYMBOLS} from '../../present/present.js';
import {bindingsOf, SESSION_PICKER_HELP, type KeyMode} from './keymap.js';

/** What the waiting screen names: the session shown, the folders watched. */
export interface WaitingInput {
	readonly sessionId: string | undefined;
	readonly activity: string;
	readonly activityExists: boolean;
	/** Codex CLI's sessions folder, when its rollouts are read too. */
	readonly codexFolder?: string | undefined;
}

export function waitingLines(input: WaitingInput): string[] {
	const tools = input.codexFolder === undefined ? 'Claude Code' : 'Claude Code or Codex CLI';
	if (input.sessionId !== undefined) {
		return ['No agents in this session yet.', '', `They appear here as ${tools} starts subagents.`];
	}
	return [
		'Waiting for the first subagent…',
		'',
		`Watching ${input.activity}${input.activityExists ? '' : ' (not created yet)'}`,
		...(input.codexFolder === undefined ? [] : [`and Codex CLI's rollouts in ${safeLine(input.codexFolder)} (no setup needed)`]),
		'Nothing showing up? Install the hook with: agentlog install-hook',
		'then restart running Claude Code sessions (or review /hooks).',
		'Or try it on built-in data: agentlog demo',
	];
}

export function helpLines(mode: KeyMode): string[] {
	const bindings = bindingsOf(mode);
	const width = Math.max(...bindings.map(b => b.label.length), ...SYMBOLS.map(([mark]) => [...mark].length));
	const pad = (label: string) => label + ' '.repeat(Math.max(0, width - [...label].length));
	// A key that shares its line with the one before it (`+ -`) has no help of its own.
	return [
		'Keys',
		'',
		...bindings.filter(b => b.help !== '').map(b => `${pad(b.label)}  ${b.help}`),
		...(mode === 'live' ? SESSION_PICKER_HELP.map(([label, help]) => `${pad(label)}  ${help}`) : []),
		'',
		'Symbols',
		'',
		...SYMBOLS.map(([mark, meaning]) => `${pad(mark)}  ${meaning}`),
	];
}

/**
 * A shown line no longer than a pane could ever use, so drawing it costs the same however long it
 * is (a rendered code block keeps its lines whole: one may be megabytes). Lines may hold colour
 * codes, which count here; the terminal cuts the rest to the pane. Never ends inside a code.
 */
export function shortLine(line: string, width: number): string {
	const max = width * 8 + 256;
	if (line.length <= max) {
		return line;
	}
	let cut = head(line, max);
	const esc = cut.lastIndexOf('\u001B');
	// eslint-disable-next-line no-control-regex -- our own colour codes are what is looked for
	if (esc !== -1 && !/^\u001B\[[0-9;]*[A-Za-z]/u.test(cut.slice(esc))) {
		cut = cut.slice(0, esc);
	}
	return `${cut}\u001B[0m…`;
}
