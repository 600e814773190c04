import {describe, expect, it} from 'vitest';
import {keyToken, pressesOf} from '../../../src/tui/model/key-presses.js';
import {keyToAction} from '../../../src/tui/model/keymap.js';

describe('pressesOf', () => {
	it('Esc then a key in one chunk (a terminal reads it as Alt+key) is the two presses: agentlog binds no Alt chord', () => {
		// What Ink hands over for "\u001b " and "\u001bq".
		expect(pressesOf(' ', {meta: true})).toEqual([
			{input: '', key: {escape: true}},
			{input: ' ', key: {}},
		]);
		expect(pressesOf('q', {meta: true}).map(p => keyToken(p.input, p.key))).toEqual(['esc', 'q']);
		// "\u001b\r": Ink names it Enter with meta.
		expect(pressesOf('', {return: true, meta: true}).map(p => keyToken(p.input, p.key))).toEqual(['esc', 'enter']);
		expect(pressesOf('', {return: true})).toEqual([{input: '', key: {return: true}}]);
		// Esc alone (Ink sets meta for it too) and a ctrl chord stay one press.
		expect(pressesOf('', {escape: true, meta: true})).toEqual([{input: '', key: {escape: true, meta: true}}]);
		expect(pressesOf('c', {ctrl: true})).toEqual([{input: 'c', key: {ctrl: true}}]);
	});

	it('splits a chunk of keys typed faster than a read into its presses, Enter, arrows and Esc by their sequences', () => {
		expect(pressesOf('jj', {})).toEqual([
			{input: 'j', key: {}},
			{input: 'j', key: {}},
		]);
		const actions = (chunk: string) => pressesOf(chunk, {}).map(p => keyToAction(p.input, p.key, 'list'));
		expect(actions('G\r')).toEqual([{type: 'edge', to: 'last'}, {type: 'open'}]);
		expect(actions('k\n')).toEqual([{type: 'move', by: -1}, {type: 'open'}]);
		expect(actions('\u001B[B\u001B[Bq')).toEqual([{type: 'move', by: 1}, {type: 'move', by: 1}, {type: 'quit'}]);
	});

	it('takes one press, or a ctrl chord, as it came', () => {
		expect(pressesOf('q', {})).toEqual([{input: 'q', key: {}}]);
		expect(pressesOf('', {return: true})).toEqual([{input: '', key: {return: true}}]);
		expect(pressesOf('c', {ctrl: true})).toEqual([{input: 'c', key: {ctrl: true}}]);
		// Esc and more keys in one chunk: Esc, then each of them.
		expect(pressesOf('ab', {meta: true}).map(p => keyToken(p.input, p.key))).toEqual(['esc', 'a', 'b']);
	});
});
