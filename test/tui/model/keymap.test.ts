import {describe, expect, it} from 'vitest';
import {keyToken, type KeyInfo} from '../../../src/tui/model/key-presses.js';
import {BINDINGS, keyToAction, type Action, type Focus} from '../../../src/tui/model/keymap.js';

const none: KeyInfo = {};

/** A printable key as Ink 6 reports it: the character, no flags. */
const char = (input: string, focus: Focus = 'list'): Action | undefined => keyToAction(input, none, focus);

/** A named key as Ink 6 reports it: empty input and one flag. */
const named = (key: KeyInfo, focus: Focus = 'list'): Action | undefined => keyToAction('', key, focus);

describe('keyToAction in the list', () => {
	it.each<[string, KeyInfo, Action]>([
		['up arrow', {upArrow: true}, {type: 'move', by: -1}],
		['down arrow', {downArrow: true}, {type: 'move', by: 1}],
		['left arrow', {leftArrow: true}, {type: 'move', by: -1}],
		['right arrow', {rightArrow: true}, {type: 'move', by: 1}],
		['page up', {pageUp: true}, {type: 'page', by: -1}],
		['page down', {pageDown: true}, {type: 'page', by: 1}],
		['home', {home: true}, {type: 'edge', to: 'first'}],
		['end', {end: true}, {type: 'edge', to: 'last'}],
		['enter', {return: true}, {type: 'open'}],
		['esc', {escape: true}, {type: 'close'}],
	])('%s', (_name, key, action) => {
		expect(named(key)).toEqual(action);
	});

	it.each<[string, Action]>([
		['k', {type: 'move', by: -1}],
		['j', {type: 'move', by: 1}],
		['h', {type: 'move', by: -1}],
		['l', {type: 'move', by: 1}],
		[' ', {type: 'page', by: 1}],
		['G', {type: 'edge', to: 'last'}],
		['c', {type: 'toggle-collapse'}],
		['g', {type: 'toggle-ghosts'}],
		['a', {type: 'toggle-all'}],
		['?', {type: 'toggle-help'}],
		['q', {type: 'quit'}],
	])('%j', (input, action) => {
		expect(char(input)).toEqual(action);
	});

	it('tells g (ghosts) from G (last): case matters', () => {
		expect(char('g')).toEqual({type: 'toggle-ghosts'});
		expect(char('G')).toEqual({type: 'edge', to: 'last'});
		expect(char('Q')).toBeUndefined();
		expect(char('J')).toBeUndefined();
	});

	it('ignores keys with no binding', () => {
		for (const input of ['v', 'z', '1', 'K', '\t']) {
			expect(char(input)).toBeUndefined();
		}
		expect(named({backspace: true})).toBeUndefined();
		expect(named({delete: true})).toBeUndefined();
		expect(named({})).toBeUndefined();
	});
});

describe('keyToAction modifiers and pastes', () => {
	it('checks Esc before meta: Ink 6 sets meta together with escape', () => {
		expect(keyToAction('', {escape: true, meta: true}, 'list')).toEqual({type: 'close'});
		expect(keyToAction('', {escape: true, meta: true}, 'detail')).toEqual({type: 'close'});
		expect(keyToken('', {escape: true, meta: true})).toBe('esc');
	});

	it('ignores ctrl and meta combinations of bound characters', () => {
		for (const input of ['q', 'j', 'k', 'c', 'g', 'a', '?', ' ', 'G']) {
			expect(keyToAction(input, {ctrl: true}, 'list')).toBeUndefined();
			expect(keyToAction(input, {meta: true}, 'list')).toBeUndefined();
		}
	});

	it('ignores multi-character input (a paste arrives as one chunk)', () => {
		for (const input of ['jj', 'qq', 'kj', 'q ', ' q', 'help', 'G!']) {
			expect(keyToAction(input, none, 'list')).toBeUndefined();
			expect(keyToken(input, none)).toBeUndefined();
		}
	});

	it('ignores empty input with no named key', () => {
		expect(keyToAction('', none, 'list')).toBeUndefined();
	});

	it('takes a named key from its flag, whatever the input says', () => {
		expect(keyToAction('q', {upArrow: true}, 'list')).toEqual({type: 'move', by: -1});
		expect(keyToAction('[A', {upArrow: true}, 'list')).toEqual({type: 'move', by: -1});
	});
});

describe('keyToAction in the detail pane', () => {
	it('closes the pane with ← and h', () => {
		expect(named({leftArrow: true}, 'detail')).toEqual({type: 'close'});
		expect(char('h', 'detail')).toEqual({type: 'close'});
	});

	it('gives → and l no meaning there', () => {
		expect(named({rightArrow: true}, 'detail')).toBeUndefined();
		expect(char('l', 'detail')).toBeUndefined();
	});

	it('keeps the other keys as in the list', () => {
		expect(named({upArrow: true}, 'detail')).toEqual({type: 'move', by: -1});
		expect(char('j', 'detail')).toEqual({type: 'move', by: 1});
		expect(named({pageDown: true}, 'detail')).toEqual({type: 'page', by: 1});
		expect(char(' ', 'detail')).toEqual({type: 'page', by: 1});
		expect(named({home: true}, 'detail')).toEqual({type: 'edge', to: 'first'});
		expect(char('G', 'detail')).toEqual({type: 'edge', to: 'last'});
		expect(named({escape: true}, 'detail')).toEqual({type: 'close'});
		expect(char('q', 'detail')).toEqual({type: 'quit'});
		expect(char('?', 'detail')).toEqual({type: 'toggle-help'});
	});

	it('applies the overrides only in the detail pane', () => {
		expect(named({leftArrow: true}, 'help')).toEqual({type: 'move', by: -1});
		expect(char('l', 'help')).toEqual({type: 'move', by: 1});
		expect(char('h', 'list')).toEqual({type: 'move', by: -1});
	});
});

describe('BINDINGS', () => {
	it('uses every token once across all bindings', () => {
		const tokens = BINDINGS.flatMap(b => b.tokens);
		const seen = new Set<string>();
		const duplicates = tokens.filter(t => (seen.has(t) ? true : (seen.add(t), false)));
		expect(duplicates).toEqual([]);
		expect(tokens.length).toBeGreaterThan(0);
	});

	it('maps each token to its own binding through keyToAction', () => {
		const flags: Record<string, KeyInfo> = {
			up: {upArrow: true},
			down: {downArrow: true},
			left: {leftArrow: true},
			right: {rightArrow: true},
			pgup: {pageUp: true},
			pgdn: {pageDown: true},
			home: {home: true},
			end: {end: true},
			enter: {return: true},
			esc: {escape: true},
		};
		for (const binding of BINDINGS) {
			for (const token of binding.tokens) {
				const key = flags[token];
				const action = key ? keyToAction('', key, 'list') : keyToAction(token, none, 'list');
				expect(action, token).toEqual(binding.action);
			}
		}
	});

	it('has a label and a help text for each binding', () => {
		for (const binding of BINDINGS) {
			expect(binding.label.trim(), binding.tokens.join(' ')).not.toBe('');
			expect(binding.help.trim(), binding.tokens.join(' ')).not.toBe('');
		}
	});

	it('covers every key the design names and the help', () => {
		const tokens = new Set(BINDINGS.flatMap(b => b.tokens));
		for (const token of ['up', 'down', 'left', 'right', 'h', 'j', 'k', 'l', 'pgup', 'pgdn', ' ', 'home', 'end', 'G', 'enter', 'esc', 'c', 'g', 'a', '?', 'q']) {
			expect(tokens.has(token), token).toBe(true);
		}
	});
});

describe('keyToAction in the / line and the session picker', () => {
	it('types printable characters (q and j included), erases with Backspace, keeps with Enter, clears with Esc', () => {
		expect(char('q', 'filter')).toEqual({type: 'filter-edit', op: 'type', text: 'q'});
		expect(char('é', 'filter')).toEqual({type: 'filter-edit', op: 'type', text: 'é'});
		expect(char(':', 'filter')).toEqual({type: 'filter-edit', op: 'type', text: ':'});
		for (const control of ['\t', '\u0007', '\u009b', '\u202e']) {
			expect(char(control, 'filter')).toBeUndefined();
		}
		expect(named({delete: true}, 'filter')).toEqual({type: 'filter-edit', op: 'erase'});
		expect(named({backspace: true}, 'filter')).toEqual({type: 'filter-edit', op: 'erase'});
		expect(named({return: true}, 'filter')).toEqual({type: 'filter-edit', op: 'done'});
		expect(named({escape: true, meta: true}, 'filter')).toEqual({type: 'filter-edit', op: 'clear'});
		expect(named({downArrow: true}, 'filter')).toEqual({type: 'move', by: 1});
	});

	it('opens the line, the order, the picker and the jump from the list only', () => {
		expect(char('/')).toEqual({type: 'filter-open'});
		expect(char('o')).toEqual({type: 'cycle-sort'});
		expect(char('s')).toEqual({type: 'sessions-open'});
		expect(char('p')).toEqual({type: 'jump'});
		for (const key of ['/', 'o', 's', 'p']) {
			expect(char(key, 'detail')).toBeUndefined();
		}
	});

	it('the picker: ↑↓ j k choose, Enter switches, f follows the newest, Esc or s closes', () => {
		expect(char('j', 'sessions')).toEqual({type: 'move', by: 1});
		expect(named({upArrow: true}, 'sessions')).toEqual({type: 'move', by: -1});
		expect(named({return: true}, 'sessions')).toEqual({type: 'session-pick'});
		expect(char('f', 'sessions')).toEqual({type: 'session-follow'});
		expect(named({escape: true}, 'sessions')).toEqual({type: 'close'});
		expect(char('s', 'sessions')).toEqual({type: 'close'});
		expect(char('c', 'sessions')).toBeUndefined();
	});

	it('gives every new key a binding of its own', () => {
		const tokens = BINDINGS.flatMap(b => b.tokens);
		expect(new Set(tokens).size).toBe(tokens.length);
	});
});

describe('x and its question', () => {
	it('x asks; while the question waits only y says yes, any other key no', () => {
		expect(keyToAction('x', {}, 'list')).toEqual({type: 'stop-ask'});
		expect(keyToAction('y', {}, 'confirm')).toEqual({type: 'stop-answer', yes: true});
		for (const input of ['n', 'j', 'q', '']) {
			expect(keyToAction(input, {}, 'confirm')).toEqual({type: 'stop-answer', yes: false});
		}
		expect(keyToAction('', {escape: true}, 'confirm')).toEqual({type: 'stop-answer', yes: false});
	});
});
