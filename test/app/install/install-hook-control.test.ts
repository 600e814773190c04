// install-hook --control: the stop's PreToolUse entry added, kept, removed (--no-control,
// uninstall-hook), and nothing of it without the option.
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {beforeEach, expect, it} from 'vitest';
import {hookAssets} from '../../../src/store/settings/assets.js';
import {runInstall, type HookContext} from '../../../src/app/install/install-hook.js';
import {runUninstall} from '../../../src/app/install/uninstall-hook.js';
import {tempDir} from '../../helpers/tmp.js';

let home: string;
let claude: string;
let said: string;

const settingsFile = () => path.join(claude, 'settings.json');
const launcher = () => path.join(claude, 'hooks', 'agent-spy.sh');
const hooks = () => (JSON.parse(readFileSync(settingsFile(), 'utf8')) as {hooks?: Record<string, unknown>}).hooks ?? {};

function ctx(): HookContext {
	return {cwd: home, env: {CLAUDE_CONFIG_DIR: claude}, home, execPath: process.execPath, assets: hookAssets(), write: text => void (said += text)};
}

beforeEach(() => {
	home = tempDir('home-');
	claude = path.join(home, '.claude');
	said = '';
});

it('without --control an install has no PreToolUse entry', () => {
	runInstall({}, ctx());
	expect(hooks().PreToolUse).toBeUndefined();
});

it('--control adds PreToolUse of every tool with the launcher and --control; again changes nothing', () => {
	runInstall({}, ctx());
	const before = readFileSync(settingsFile(), 'utf8');
	runInstall({control: true}, ctx());
	expect(hooks().PreToolUse).toEqual([{matcher: '*', hooks: [{type: 'command', command: `${launcher()} --control`, timeout: 5}]}]);
	expect(said).toContain('stop from agentlog on: added PreToolUse (every tool)');
	// Only the entry was added: every other byte stays.
	const after = readFileSync(settingsFile(), 'utf8');
	expect(after.length).toBeGreaterThan(before.length);
	said = '';
	runInstall({control: true}, ctx());
	expect(readFileSync(settingsFile(), 'utf8')).toBe(after);
	expect(said).toContain('nothing changed');
	// An install without the option keeps it.
	runInstall({}, ctx());
	expect(readFileSync(settingsFile(), 'utf8')).toBe(after);
	// --no-control gives back the file as it was without it.
	runInstall({control: false}, ctx());
	expect(readFileSync(settingsFile(), 'utf8')).toBe(before);
});

it('uninstall-hook removes the PreToolUse entry with the others', () => {
	mkdirSync(claude, {recursive: true});
	writeFileSync(settingsFile(), '{"model": "opus"}\n');
	runInstall({control: true}, ctx());
	expect(hooks().PreToolUse).toBeDefined();
	runUninstall({}, ctx());
	expect(readFileSync(settingsFile(), 'utf8')).toBe('{"model": "opus"}\n');
});

it('--control is refused for Codex', () => {
	expect(() => runInstall({codex: true, control: true, create: true}, ctx())).toThrow(/control is for Claude Code/);
});
