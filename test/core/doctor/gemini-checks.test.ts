// Doctor's Gemini CLI check: a note when Gemini is not here, a warning when its folder is not a
// folder, else what it found lately (read from the real fixtures' layout by store/doctor).
import {cpSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {geminiCheck} from '../../../src/core/doctor/gemini-checks.js';
import {readGeminiFacts} from '../../../src/store/doctor/gemini-gather.js';
import {geminiHomeOf} from '../../helpers/gemini.js';
import {tempDir} from '../../helpers/tmp.js';

describe('geminiCheck', () => {
	it('no folder: a note naming the variable and the option', () => {
		const home = path.join(tempDir('g-'), '.gemini');
		const c = geminiCheck(readGeminiFacts(home, Date.now()), Date.now());
		expect(c).toMatchObject({id: 'gemini', ok: true, level: 'note'});
		expect(c.summary).toContain('GEMINI_CLI_HOME');
	});

	it('a file where the folder should be: a warning with a fix', () => {
		const home = path.join(tempDir('g-'), '.gemini');
		writeFileSync(home, 'x');
		expect(geminiCheck(readGeminiFacts(home, Date.now()), Date.now())).toMatchObject({id: 'gemini', level: 'warn', fix: expect.any(String) as string});
	});

	it('the real files: the sessions with subagents and how many subagents, from the last days', () => {
		const home = path.join(tempDir('g-'), '.gemini');
		cpSync(geminiHomeOf('tools'), home, {recursive: true});
		cpSync(geminiHomeOf('parallel'), home, {recursive: true});
		const now = Date.now();
		const facts = readGeminiFacts(home, now);
		expect(facts).toMatchObject({state: 'found', sessions: 2, subagents: 4, skipped: 0});
		const c = geminiCheck(facts, now);
		expect(c.level).toBe('ok');
		expect(c.summary).toContain('2 sessions with 4 subagents');
		// Eight days on, none is recent.
		expect(readGeminiFacts(home, now + 8 * 86_400_000)).toMatchObject({sessions: 0});
	});
});
