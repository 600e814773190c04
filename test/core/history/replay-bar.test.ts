import {describe, expect, it} from 'vitest';
import {replayBar} from '../../../src/core/history/replay-bar.js';
import {bindingsOf, keyToAction} from '../../../src/tui/model/keymap.js';

const time = (ms: number) => new Date(ms).toISOString().slice(11, 19);
const p = {at: 5000, first: 0, last: 10_000, index: 3, total: 7, playing: true, speed: 2};

describe('replayBar', () => {
	it('shows state, speed, position, time, count and keys, fitted to the width', () => {
		const bar = replayBar(p, 120, time);
		expect(bar).toMatch(/^▶ 2× ━+●─+ 00:00:05 · 3\/7 · Space pause · ←→ step · \[ \] speed$/u);
		expect(replayBar({...p, playing: false, speed: 0.5}, 120, time)).toMatch(/^⏸ \.5× /u);
		expect(replayBar({...p, fraction: 1}, 120, time)).toMatch(/━●\s/u);
		const narrow = replayBar(p, 40, time);
		expect([...narrow].length).toBeLessThanOrEqual(40);
		expect(narrow.startsWith('▶ 2× 00:00:05 · 3/7 · ')).toBe(true);
	});
});

describe('replay keys', () => {
	it('Space and ← → move in time, [ ] change the speed, h l still move; live keys unchanged', () => {
		expect(keyToAction(' ', {}, 'list', 'replay')).toEqual({type: 'replay', op: 'toggle'});
		expect(keyToAction('', {leftArrow: true}, 'list', 'replay')).toEqual({type: 'replay', op: 'prev'});
		expect(keyToAction('', {rightArrow: true}, 'detail', 'replay')).toEqual({type: 'replay', op: 'next'});
		expect(keyToAction(']', {}, 'list', 'replay')).toEqual({type: 'replay', op: 'faster'});
		expect(keyToAction('[', {}, 'list', 'replay')).toEqual({type: 'replay', op: 'slower'});
		expect(keyToAction('h', {}, 'detail', 'replay')).toEqual({type: 'close'});
		expect(keyToAction('l', {}, 'list', 'replay')).toEqual({type: 'move', by: 1});
		expect(keyToAction(' ', {}, 'list')).toEqual({type: 'page', by: 1});
		expect(keyToAction('', {leftArrow: true}, 'list')).toEqual({type: 'move', by: -1});
		expect(bindingsOf('replay').find(b => b.tokens.includes('pgdn'))?.label).toBe('PgDn');
	});
});
