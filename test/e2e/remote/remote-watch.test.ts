// End to end: `watch --host` in a real terminal, with a fake ssh on the PATH that runs the built
// `agentlog stream` against another sandbox (no network). What the remote hook records reaches
// this screen; a drop keeps the last state and reconnects; garbage and silence change nothing
// raw on the terminal and leave the keys working.
import path from 'node:path';
import {afterEach, expect, it} from 'vitest';
import {hookEnv, installedHook, runHook} from '../../helpers/hook.js';
import {describeInTerminal, TmuxPane} from '../../helpers/tmux.js';
import {fakeHosts, localEnv} from '../../helpers/remote-hosts.js';

const cli = path.join(path.resolve(import.meta.dirname, '..', '..', '..'), 'bin', 'agentlog.js');
const SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';

function event(name: string, agentId: string, type: string, extra: Record<string, unknown> = {}): string {
	return JSON.stringify({session_id: SESSION, cwd: '/home/dev/acme', hook_event_name: name, agent_id: agentId, agent_type: type, ...extra});
}

let pane: TmuxPane | undefined;
afterEach(() => {
	pane?.kill();
	pane = undefined;
});

describeInTerminal('agentlog watch --host over a fake ssh', () => {
	it('shows the remote agents as its hook records them, keeps them through a drop and reconnects', async () => {
		const hosts = fakeHosts({devbox: 'ok'});
		const remote = hookEnv(hosts.activity('devbox'));
		const launcher = installedHook();
		pane = new TmuxPane(`node ${cli} watch --host devbox`, 80, 24, localEnv(hosts.env));
		await pane.waitFor(s => s.includes('on devbox') && s.includes('Waiting for the first subagent'), 'the empty remote');

		runHook(launcher, event('SubagentStart', 'a8c41f0e92b7d3a15', 'Explore', {description: 'x'}), remote);
		let screen = await pane.waitFor(s => s.includes('Explore'), 'the remote agent');
		expect(screen).toContain('session 3f2c9a10 (following) · on devbox');
		runHook(launcher, event('SubagentStop', 'a8c41f0e92b7d3a15', 'Explore', {last_assistant_message: '## Routes\n\nFound 4 routes.'}), remote);
		screen = await pane.waitFor(s => s.includes('○ 1 stopped'), 'the remote stop');
		expect(screen).toMatch(/Explore\s+\d+s Routes/u);
		runHook(launcher, event('SubagentStart', 'b2', 'Plan'), remote);
		await pane.waitFor(s => s.includes('Plan') && s.includes('● 1 active'), 'a second remote agent');

		hosts.drop('devbox');
		screen = await pane.waitFor(s => s.includes('devbox ○ disconnected'), 'the drop');
		// The last known state, never "all stopped".
		expect(screen).toContain('● 1 active');
		expect(screen).toContain('Plan');
		// A change while away arrives with the new connection.
		runHook(launcher, event('SubagentStop', 'b2', 'Plan', {last_assistant_message: 'Planned.'}), remote);
		await pane.waitFor(s => !s.includes('disconnected') && s.includes('○ 2 stopped'), 'the reconnection', 15_000);
		pane.keys('q');
		await pane.waitFor(s => s.includes('[exit 0]'), 'a clean exit');
	});

	it('shows several hosts with their names; garbage, a hang and a missing agentlog reach the screen only as safe words', async () => {
		const hosts = fakeHosts({devbox: 'ok', junk: 'garbage', hang: 'hang', gpu1: 'missing'});
		runHook(installedHook(), event('SubagentStart', 'a1', 'Explore'), hookEnv(hosts.activity('devbox')));
		// A small heap: the 32 MB line the garbage host sends must not be held.
		pane = new TmuxPane(
			`node --max-old-space-size=48 ${cli} watch --host devbox --host junk --host hang --host gpu1 --host-timeout 1s`,
			200,
			30,
			localEnv(hosts.env),
		);
		const screen = await pane.waitFor(
			s => s.includes('hang ⚠ not responding') && s.includes('gpu1 ⚠ no agentlog there') && s.includes('devbox: Explore') && s.includes('junk: Explore'),
			'every host',
		);
		expect(screen).toContain('on devbox +3');
		expect(screen).toContain('npm i -g agentlog');
		// The escapes the garbage host sent are shown as text, never sent to the terminal.
		expect(screen).toContain('␛[31mEVIL');
		// eslint-disable-next-line no-control-regex
		expect(pane.screen(true)).not.toMatch(/\u001b\]|\u001b\[31m/u);
		expect(pane.title()).not.toContain('pwned');
		// The keys still work while a host hangs and another floods.
		pane.keys('?');
		await pane.waitFor(s => s.includes('Keys'), 'the help');
		pane.keys('Escape');
		await new Promise(resolve => setTimeout(resolve, 1500));
		expect(pane.screen()).not.toContain('[exit');
		pane.keys('q');
		await pane.waitFor(s => s.includes('[exit 0]'), 'a clean exit');
	});
});
