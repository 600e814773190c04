import {execFileSync} from 'node:child_process';
import {mkdirSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {LIST_PRICES} from '../../../src/core/cost/price.js';
import {loadPrices, readPrices} from '../../../src/store/cost/prices.js';

const sandbox = process.env.AGENTLOG_TEST_SANDBOX!;
const ONE_MILLION_IN = {input: 1_000_000, output: 0, cacheRead: 0, cacheWrite: 0};

function folder(name: string): string {
	const dir = path.join(sandbox, name);
	mkdirSync(dir, {recursive: true});
	return dir;
}

describe("reading the user's prices file", () => {
	it('a good file is used', () => {
		const file = path.join(folder('good'), 'prices.json');
		writeFileSync(file, JSON.stringify({models: {'my-model': {input: 1, output: 2}}}));
		const loaded = readPrices(file);
		expect(loaded.warning).toBeUndefined();
		expect(loaded.pricer.price('my-model', ONE_MILLION_IN, 0)).toBe(1);
	});

	it('a missing file is no file, without a word', () => {
		const loaded = readPrices(path.join(folder('missing'), 'prices.json'));
		expect(loaded).toEqual({pricer: LIST_PRICES, file: path.join(folder('missing'), 'prices.json')});
	});

	it('a bad, huge or not regular file is left out with one line that names it', () => {
		const dir = folder('bad');
		const bad = path.join(dir, 'bad.json');
		writeFileSync(bad, '{"models": {"x": {"input": "three"}}}');
		const huge = path.join(dir, 'huge.json');
		writeFileSync(huge, `{"models": {}, "pad": "${'x'.repeat(70 * 1024)}"}`);
		const fifo = path.join(dir, 'fifo.json');
		execFileSync('mkfifo', [fifo]);
		for (const [file, why] of [
			[bad, /models\."x"\.input is not a price/u],
			[huge, /over the 65536-byte limit/u],
			[fifo, /regular/u],
		] as const) {
			const loaded = readPrices(file);
			expect(loaded.pricer).toBe(LIST_PRICES);
			expect(loaded.warning).toMatch(why);
			expect(loaded.warning).toContain(file);
			expect(loaded.warning).toMatch(/^agentlog: .* left out \(list prices used\): /u);
			expect(loaded.warning).not.toContain('\n');
		}
	});

	it('a symlinked file (a dotfiles checkout) is followed', () => {
		const dir = folder('linked');
		writeFileSync(path.join(dir, 'real.json'), JSON.stringify({models: {'my-model': {input: 5, output: 5}}}));
		symlinkSync(path.join(dir, 'real.json'), path.join(dir, 'prices.json'));
		expect(readPrices(path.join(dir, 'prices.json')).pricer.price('my-model', ONE_MILLION_IN, 0)).toBe(5);
	});

	it('is at $XDG_CONFIG_HOME/agentlog/prices.json, else ~/.config/agentlog/prices.json, read once per process', () => {
		const config = folder('config');
		mkdirSync(path.join(config, 'agentlog'));
		writeFileSync(path.join(config, 'agentlog', 'prices.json'), JSON.stringify({models: {'my-model': {input: 7, output: 7}}}));
		const vars = {HOME: path.join(sandbox, 'home'), XDG_CONFIG_HOME: config};
		const first = loadPrices(vars);
		expect(first.file).toBe(path.join(config, 'agentlog', 'prices.json'));
		expect(first.pricer.price('my-model', ONE_MILLION_IN, 0)).toBe(7);
		writeFileSync(path.join(config, 'agentlog', 'prices.json'), '{');
		expect(loadPrices(vars)).toBe(first);
		expect(loadPrices({HOME: path.join(sandbox, 'home')}).file).toBe(path.join(sandbox, 'home', '.config', 'agentlog', 'prices.json'));
		expect(loadPrices({HOME: path.join(sandbox, 'home'), XDG_CONFIG_HOME: 'relative'}).file).toBe(
			path.join(sandbox, 'home', '.config', 'agentlog', 'prices.json'),
		);
	});
});
