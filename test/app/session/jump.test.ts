import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {jumpToAgent, type TmuxRunner} from '../../../src/app/session/jump.js';
import {SESSION_PROCESS_NAME} from '../../../src/core/record/file-names.js';
import {agent} from '../../helpers/agent-fixtures.js';
import {fakeProc} from '../../helpers/fake-proc.js';
import {tempDir} from '../../helpers/tmp.js';

const SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';

/** The activity folder with the session's recorded process (pid 30, started at 5030). */
function activity(recorded = '{"pid":30,"start":5030,"comm":"claude"}'): string {
	const dir = tempDir('activity-');
	mkdirSync(path.join(dir, SESSION));
	if (recorded !== '') {
		writeFileSync(path.join(dir, SESSION, SESSION_PROCESS_NAME), recorded);
	}
	return dir;
}

/** Claude Code (30) under the pane's shell (20). */
const proc = () =>
	fakeProc([
		[30, 'claude', 20],
		[20, 'zsh', 1],
	]);

/** A tmux that lists these panes and records what it was asked. */
function fakeTmux(panes: string, fail?: string): {tmux: TmuxRunner; calls: string[][]} {
	const calls: string[][] = [];
	return {
		calls,
		tmux: args => {
			calls.push([...args]);
			if (args[0] === fail) {
				return {ok: false, error: 'no current client'};
			}
			return {ok: true, stdout: args[0] === 'list-panes' ? panes : ''};
		},
	};
}

const a1 = agent('a1', {extra: {sessionId: SESSION}});

describe('jumpToAgent', () => {
	it('switches tmux to the pane whose process tree holds the session’s Claude Code', () => {
		const {tmux, calls} = fakeTmux('%0 99\n%4 20\n');
		const said = jumpToAgent(activity(), a1, {tmuxEnv: '/tmp/tmux-1/default,1,0', tmux, sessionId: undefined, proc: proc()});
		expect(said).toBe('p: switched to pane %4 (session 3f2c9a10, claude pid 30)');
		expect(calls).toEqual([
			['list-panes', '-a', '-F', '#{pane_id} #{pane_pid}'],
			['select-window', '-t', '%4'],
			['select-pane', '-t', '%4'],
			['switch-client', '-t', '%4'],
		]);
	});

	it('says why it cannot: not in tmux, nothing recorded, the process gone or another, no pane, tmux failing', () => {
		const inTmux = {tmuxEnv: '/tmp/tmux-1/default,1,0', sessionId: undefined, proc: proc()};
		const {tmux, calls} = fakeTmux('%4 20\n');
		expect(jumpToAgent(activity(), a1, {...inTmux, tmuxEnv: undefined, tmux})).toContain('not inside tmux ($TMUX is not set)');
		expect(jumpToAgent(activity(''), a1, {...inTmux, tmux})).toBe('p: session 3f2c9a10 has no recorded process (an older hook: agentlog install-hook)');
		expect(jumpToAgent(activity('{"pid":31,"start":5031,"comm":"claude"}'), a1, {...inTmux, tmux})).toBe("p: session 3f2c9a10's claude (pid 31) is gone");
		// The same pid, started at another time: another process.
		expect(jumpToAgent(activity('{"pid":30,"start":1,"comm":"claude"}'), a1, {...inTmux, tmux})).toContain('is gone');
		expect(calls).toEqual([]);
		expect(jumpToAgent(activity(), a1, {...inTmux, tmux: fakeTmux('%0 99\n').tmux})).toBe(
			"p: no pane of this tmux server holds session 3f2c9a10's claude (pid 30)",
		);
		expect(jumpToAgent(activity(), a1, {...inTmux, tmux: fakeTmux('', 'list-panes').tmux})).toBe('p: tmux list-panes failed: no current client');
		expect(jumpToAgent(activity(), a1, {...inTmux, tmux: fakeTmux('%4 20\n', 'switch-client').tmux})).toBe(
			'p: tmux switch-client -t %4 failed: no current client',
		);
	});

	it('switches to the pane the session’s environment named, without /proc (macOS)', () => {
		const recorded = '{"tmuxPane":"%7","tmuxSocket":"/private/tmp/tmux-501/default"}';
		const onMac = {tmuxEnv: '/private/tmp/tmux-501/default,812,0', sessionId: undefined, platform: 'darwin' as const};
		const {tmux, calls} = fakeTmux('%0\n%7\n');
		expect(jumpToAgent(activity(recorded), a1, {...onMac, tmux})).toBe('p: switched to pane %7 (session 3f2c9a10)');
		expect(calls).toEqual([
			['list-panes', '-a', '-F', '#{pane_id}'],
			['select-window', '-t', '%7'],
			['select-pane', '-t', '%7'],
			['switch-client', '-t', '%7'],
		]);
		expect(jumpToAgent(activity(recorded), a1, {...onMac, tmux: fakeTmux('%0\n').tmux})).toBe('p: pane %7 of session 3f2c9a10 is gone');
		expect(jumpToAgent(activity(recorded), a1, {...onMac, tmuxEnv: '/tmp/tmux-501/other,9,0', tmux})).toBe(
			'p: session 3f2c9a10 runs in another tmux server (/private/tmp/tmux-501/default)',
		);
		expect(jumpToAgent(activity(''), a1, {...onMac, tmux})).toBe('p: session 3f2c9a10 recorded no tmux pane, and finding it without one needs Linux (/proc)');
	});

	it('with a recorded pane and process (Linux), checks that the process still runs', () => {
		const recorded = '{"pid":30,"start":5030,"comm":"claude","tmuxPane":"%4","tmuxSocket":"/tmp/tmux-1/default"}';
		const inTmux = {tmuxEnv: '/tmp/tmux-1/default,1,0', sessionId: undefined, proc: proc()};
		expect(jumpToAgent(activity(recorded), a1, {...inTmux, tmux: fakeTmux('%4\n').tmux})).toBe('p: switched to pane %4 (session 3f2c9a10, claude pid 30)');
		const gone = recorded.replace('"start":5030', '"start":1');
		expect(jumpToAgent(activity(gone), a1, {...inTmux, tmux: fakeTmux('%4\n').tmux})).toContain('is gone');
	});

	it('takes the watched session for a record that names none', () => {
		const {tmux} = fakeTmux('%4 20\n');
		expect(jumpToAgent(activity(), agent('a2'), {tmuxEnv: 'x', tmux, sessionId: SESSION, proc: proc()})).toContain('switched to pane %4');
		expect(jumpToAgent(activity(), agent('a2'), {tmuxEnv: 'x', tmux, sessionId: undefined, proc: proc()})).toBe('p: this agent names no session');
	});
});
