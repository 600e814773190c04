// End to end: watch's p in a real tmux server. A fake Claude Code (a script named `claude`) runs
// the installed hook the way Claude Code does (through a shell), so the hook records its process;
// watch runs in another session of the same server, with a client attached; p finds the pane whose
// process tree holds that `claude` and switches the client there.
import {execFileSync, spawnSync} from 'node:child_process';
import {chmodSync, existsSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, expect, it} from 'vitest';
import {SESSION_PROCESS_NAME} from '../../../src/core/record/file-names.js';
import {installedHook} from '../../helpers/hook.js';
import {describeInTerminal, TmuxPane} from '../../helpers/tmux.js';
import {tempDir} from '../../helpers/tmp.js';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const cli = path.join(root, 'bin', 'agentlog.js');
const SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';
const socket = `agentlog-jump-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
const tmux = (...args: string[]) => execFileSync('tmux', ['-L', socket, '-f', '/dev/null', ...args], {encoding: 'utf8'});

let client: TmuxPane | undefined;
afterEach(() => {
	client?.kill();
	client = undefined;
	spawnSync('tmux', ['-L', socket, 'kill-server']);
});

async function until<T>(read: () => T, test: (value: T) => boolean, what: string, timeoutMs = 15_000): Promise<T> {
	const end = Date.now() + timeoutMs;
	let value = read();
	while (!test(value)) {
		if (Date.now() > end) {
			throw new Error(`timed out waiting for ${what}; last: ${String(value)}`);
		}
		await new Promise(resolve => setTimeout(resolve, 100));
		value = read();
	}
	return value;
}

describeInTerminal('p in watch switches tmux to the pane of the agent’s Claude Code', () => {
	it.runIf(process.platform === 'linux')('records the fake claude’s pid through the hook and lands on its pane', async () => {
		const activity = tempDir('activity-');
		const home = tempDir('home-');
		const launcher = installedHook();
		const payload = path.join(tempDir('payload-'), 'start.json');
		writeFileSync(
			payload,
			JSON.stringify({
				session_id: SESSION,
				transcript_path: '/nowhere.jsonl',
				cwd: '/',
				hook_event_name: 'SubagentStart',
				agent_id: 'a1',
				agent_type: 'Explore',
			}),
		);
		// Claude Code runs a command hook through a shell; then it goes on running.
		const bin = tempDir('bin-');
		const claude = path.join(bin, 'claude');
		writeFileSync(claude, `#!/bin/sh\nsh -c 'sh "$0" < "$1"' '${launcher}' '${payload}'\nsleep 600\n`);
		chmodSync(claude, 0o755);
		const env = `env HOME='${home}' AGENTLOG_DIR='${activity}' XDG_STATE_HOME='${home}/state' CLAUDE_CONFIG_DIR='${home}/.claude' TERM=xterm-256color`;
		tmux('new-session', '-d', '-s', 'agents', '-x', '80', '-y', '24', `${env} ${claude}`);
		const claudePane = tmux('display-message', '-p', '-t', 'agents', '#{pane_id}').trim();
		const recorded = path.join(activity, SESSION, SESSION_PROCESS_NAME);
		await until(() => existsSync(recorded), Boolean, 'the hook to record the session’s process');
		tmux('new-session', '-d', '-s', 'work', '-x', '100', '-y', '30', `${env} node ${cli} watch`);
		// A client on the work session, as a person's terminal would be (a pane of another server).
		client = new TmuxPane(`env -u TMUX tmux -L ${socket} attach -t work`, 100, 30, {TERM: 'xterm-256color'});
		const clientSession = () => tmux('list-clients', '-F', '#{client_session}').trim();
		await until(clientSession, s => s === 'work', 'the client to attach');
		const watchScreen = () => tmux('capture-pane', '-p', '-t', 'work');
		await until(watchScreen, s => s.includes('Explore'), 'watch to show the agent');
		tmux('send-keys', '-t', 'work', 'p');
		await until(clientSession, s => s === 'agents', 'the client to switch to the agents session');
		expect(tmux('display-message', '-p', '-t', 'agents', '#{pane_id}').trim()).toBe(claudePane);
		expect(await until(watchScreen, s => s.includes('p: switched to pane'), 'the footer to say so')).toContain(`p: switched to pane ${claudePane}`);
	});
});
