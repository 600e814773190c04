// marked-terminal loaded apart, drawing with the colour level the CLI gives it.
import chalk from 'chalk';
import {Marked} from 'marked';
import {afterEach, describe, expect, it} from 'vitest';
import {markedTerminal, setColorLevel} from '../../../src/tui/markdown/terminal-renderer.js';

const level = chalk.level;
afterEach(() => {
	chalk.level = level;
});

const render = (text: string) => new Marked<string, string>(markedTerminal({width: 40})).parse(text, {async: false});

describe('setColorLevel', () => {
	it('level 0 draws no escape codes; a colour level does', () => {
		setColorLevel(0);
		expect(chalk.level).toBe(0);
		const plain = render('Some **bold** text');
		expect(plain).toContain('Some bold text');
		expect(plain).not.toContain('\u001B[');
		setColorLevel(1);
		expect(render('Some **bold** text')).toContain('\u001B[1mbold');
	});
});
