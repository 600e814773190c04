// The small bundle's own reading of `agentlog status`'s arguments: the plain forms commander
// accepts; anything else is left to commander (undefined).
import {describe, expect, it} from 'vitest';
import {parseStatusArgs} from '../../src/cli/status-main.js';
import {DEFAULT_STALE_MS} from '../../src/core/monitor/stale.js';

describe('parseStatusArgs', () => {
	it('reads a session, --dir, --stale, --no-dedup and --format, with a space or =, in any order', () => {
		expect(parseStatusArgs([])).toEqual({session: undefined, options: {stale: DEFAULT_STALE_MS, dedup: true, format: 'plain'}});
		expect(parseStatusArgs(['--format', 'tmux', 'abc', '--dir=/x', '--stale', '90s', '--no-dedup'])).toEqual({
			session: 'abc',
			options: {dir: '/x', stale: 90_000, dedup: false, format: 'tmux'},
		});
		// As commander: a required value is the next argument, even one that starts with a dash.
		expect(parseStatusArgs(['--dir', '-odd'])?.options.dir).toBe('-odd');
		// The last one counts.
		expect(parseStatusArgs(['--format', 'json', '--format=plain'])?.options.format).toBe('plain');
	});

	it('leaves help, unknown options, bad values, a missing value, `--` and two sessions to commander', () => {
		for (const args of [['-h'], ['--help'], ['--bogus'], ['--format', 'xml'], ['--stale', 'soon'], ['--format'], ['--'], ['a', 'b'], ['-x']]) {
			expect(parseStatusArgs(args), args.join(' ')).toBeUndefined();
		}
	});
});
