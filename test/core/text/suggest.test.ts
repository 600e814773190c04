import {describe, expect, it} from 'vitest';
import {closestWord, editDistance} from '../../../src/core/text/suggest.js';

const COMMANDS = ['watch', 'ls', 'sessions', 'install-hook', 'uninstall-hook', 'demo', 'help'];

describe('editDistance', () => {
	it('counts insertions, deletions and substitutions', () => {
		expect(editDistance('wach', 'watch')).toBe(1);
		expect(editDistance('kitten', 'sitting')).toBe(3);
		expect(editDistance('', 'abc')).toBe(3);
		expect(editDistance('LS', 'ls')).toBe(0);
		expect(editDistance('dmeo', 'demo')).toBe(1);
	});
});

describe('closestWord', () => {
	it('suggests the command a typo was meant to be', () => {
		expect(closestWord('wach', COMMANDS)).toBe('watch');
		expect(closestWord('sesions', COMMANDS)).toBe('sessions');
		expect(closestWord('instal-hook', COMMANDS)).toBe('install-hook');
		expect(closestWord('dmeo', COMMANDS)).toBe('demo');
	});

	it('suggests nothing for a session id, a prefix or a far word', () => {
		expect(closestWord('3f2a9c1e', COMMANDS)).toBeUndefined();
		expect(closestWord('session-3f2a9c1e', COMMANDS)).toBeUndefined();
		expect(closestWord('refactor', COMMANDS)).toBeUndefined();
		expect(closestWord('x', COMMANDS)).toBeUndefined();
	});
});
