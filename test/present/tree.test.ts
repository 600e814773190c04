import {describe, expect, it} from 'vitest';
import {capIndent, indentRoom, treePrefixes} from '../../src/present/tree.js';

describe('treePrefixes', () => {
	it('draws every depth one level further in, with a line down to later siblings', () => {
		// outer, middle (under outer), inner (under middle), then a second child of outer, then a root.
		expect(treePrefixes([0, 1, 2, 3, 1, 0])).toEqual(['', '├ ', '│ └ ', '│   └ ', '└ ', '']);
	});

	it('a depth-3 agent is one level further in than its depth-2 parent', () => {
		const [, middle, inner] = treePrefixes([0, 1, 2]);
		expect(middle).toBe('└ ');
		expect(inner).toBe('  └ ');
		expect(inner!.indexOf('└')).toBeGreaterThan(middle!.indexOf('└'));
	});

	it('siblings at depth 2 under one parent: ├ then └, and nothing at the top level', () => {
		expect(treePrefixes([0, 1, 2, 2, 2])).toEqual(['', '└ ', '  ├ ', '  ├ ', '  └ ']);
		expect(treePrefixes([0, 0])).toEqual(['', '']);
		expect(treePrefixes([])).toEqual([]);
	});

	it('draws a level whose parent is left out as a blank', () => {
		expect(treePrefixes([0, 2])).toEqual(['', '  └ ']);
	});
});

describe('capIndent', () => {
	it('keeps a prefix that fits; a deeper one becomes its depth and connector, so depths still read apart', () => {
		expect(capIndent('  └ ', 4)).toBe('  └ ');
		expect(capIndent('│   └ ', 4)).toBe(' 3└ ');
		expect(capIndent('│ │ │ ├ ', 4)).toBe(' 4├ ');
		expect(capIndent('│ │ │ ├ ', 5)).toBe('  4├ ');
		// Never narrower than a depth and its connector.
		expect(capIndent('    └ ', 0)).toBe('3└ ');
		expect(capIndent('└ ', 0)).toBe('└ ');
	});

	it('gives up two fifths of the name column: a 40-column pane (10) indents 4 columns at most', () => {
		expect(indentRoom(10)).toBe(4);
		expect(indentRoom(28)).toBe(11);
		expect(indentRoom(1)).toBe(2);
	});
});
