import {expect, it} from 'vitest';
import {stopControlCheck} from '../../../src/core/doctor/stop-check.js';
import {hookTarget, controlCommand} from '../../../src/core/install/shell-command.js';
import type {SettingsFileFacts} from '../../../src/core/doctor/settings-checks.js';

const target = hookTarget('/home/u/.claude', '/home/u');
const file = (hooks: unknown): SettingsFileFacts => ({
	scope: 'user',
	path: '/home/u/.claude/settings.json',
	read: {state: 'read', text: JSON.stringify({hooks})},
});

it('says the stop is on where PreToolUse of every tool runs the launcher with --control', () => {
	const on = stopControlCheck([file({PreToolUse: [{matcher: '*', hooks: [{type: 'command', command: controlCommand(target.command)}]}]})], target);
	expect(on).toMatchObject({id: 'stop-control', level: 'ok'});
	expect(on.detail?.[0]).toContain('settings.json (user)');
});

it('says it is off, and how to turn it on, otherwise (a PreToolUse for one tool only does not count)', () => {
	const off = stopControlCheck([file({PreToolUse: [{matcher: 'Bash', hooks: [{type: 'command', command: controlCommand(target.command)}]}]})], target);
	expect(off).toMatchObject({id: 'stop-control', level: 'note', ok: true});
	expect(off.fix).toContain('agentlog install-hook --control');
	expect(stopControlCheck([], target, true).fix).toContain('install-hook --project --control');
});
