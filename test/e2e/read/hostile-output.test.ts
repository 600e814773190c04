// What agentlog prints about text it did not write (a settings file from a cloned repository, an
// argument pasted from elsewhere) reaches the terminal only as visible text: no C1 control, no
// escape sequence, no bidirectional override.
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {runMain} from '../../helpers/run-main.js';
import {tempDir} from '../../helpers/tmp.js';

// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

let claude: string;
const saved = {HOME: process.env.HOME, CLAUDE_CONFIG_DIR: process.env.CLAUDE_CONFIG_DIR};

beforeEach(() => {
	const home = tempDir('home-');
	claude = path.join(home, '.claude');
	process.env.HOME = home;
	process.env.CLAUDE_CONFIG_DIR = claude;
});

afterEach(() => {
	process.env.HOME = saved.HOME;
	process.env.CLAUDE_CONFIG_DIR = saved.CLAUDE_CONFIG_DIR;
});

describe('text from a settings file in install-hook and uninstall-hook --dry-run', () => {
	// JSON allows C1 controls and bidi characters raw inside a string: a file can hold them as is.
	const hostile = '{\n  "note": "\u009b2J\u009d0;pwned\u009c \u202eevil\u202c",\n  "model": "x"\n}\n';

	it('install-hook --dry-run shows the diff with the controls made visible', async () => {
		mkdirSync(claude, {recursive: true});
		const settings = path.join(claude, 'settings.json');
		writeFileSync(settings, hostile);
		const result = await runMain('install-hook', '--dry-run');
		expect(result.code).toBe(0);
		expect(result.stdout).toContain('"note"');
		expect(result.stdout).toContain('\\x9b2J');
		// The bidi override is shown, not silently dropped: the diff says what the file holds.
		expect(result.stdout).toContain('\\u202Eevil\\u202C');
		expect(result.stdout).not.toMatch(RAW_CONTROL);
		expect(readFileSync(settings, 'utf8')).toBe(hostile);
	});

	it('uninstall-hook --dry-run likewise', async () => {
		mkdirSync(claude, {recursive: true});
		const settings = path.join(claude, 'settings.json');
		writeFileSync(settings, hostile);
		expect((await runMain('install-hook')).code).toBe(0);
		const installed = readFileSync(settings, 'utf8');
		const result = await runMain('uninstall-hook', '--dry-run');
		expect(result.code).toBe(0);
		expect(result.stdout).toContain('\\x9b2J');
		expect(result.stdout).not.toMatch(RAW_CONTROL);
		expect(readFileSync(settings, 'utf8')).toBe(installed);
	});
});

describe('an option or command error quoting the argument', () => {
	it('--stale with an escape sequence is a usage error that shows it as text', async () => {
		const result = await runMain('ls', '--stale', '\u001b]0;X\u0007');
		expect(result.code).toBe(2);
		expect(result.stderr).toContain('--stale');
		expect(result.stderr).toContain('␛]0;X');
		expect(result.stderr).not.toMatch(RAW_CONTROL);
	});

	it('an unknown option with a C1 control in its name likewise', async () => {
		const result = await runMain('ls', '--x\u009b31m');
		expect(result.code).toBe(2);
		expect(result.stderr).toContain('--x');
		expect(result.stderr).not.toMatch(RAW_CONTROL);
	});
});
