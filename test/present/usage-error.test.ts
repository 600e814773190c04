import {describe, expect, it} from 'vitest';
import {LINE_MAX, QUOTED_MAX, usageErrorText} from '../../src/present/usage-error.js';

describe('usageErrorText', () => {
	it('cuts a refused argument commander quotes whole, and keeps what follows it', () => {
		const long = 'x'.repeat(130_000);
		const text = usageErrorText(`error: option '--filter <expr>' argument '${long}' is invalid. the filter is longer than 1000 characters.\n`);
		expect(text).toBe(`error: option '--filter <expr>' argument '${'x'.repeat(QUOTED_MAX - 1)}…' is invalid. the filter is longer than 1000 characters.\n`);
	});

	it('bounds every line and makes it safe', () => {
		const text = usageErrorText(`error: unknown option '${'\u001B[2J'.repeat(50_000)}'\n`);
		expect(text).not.toContain('\u001B');
		for (const line of text.split('\n')) {
			expect(line.length).toBeLessThanOrEqual(LINE_MAX);
		}
		expect(usageErrorText("error: unknown command 'lss'\n")).toBe("error: unknown command 'lss'\n");
	});
});
