// End to end: the session picker of `watch --host` with two fake hosts: every host's sessions
// listed with their host, Enter restarts that host's stream on the chosen session (the other
// host stays), f returns every host to following its newest.
import {utimesSync} from 'node:fs';
import path from 'node:path';
import {afterEach, expect, it} from 'vitest';
import {hookEnv, installedHook, runHook} from '../helpers/hook.js';
import {describeInTerminal, TmuxPane} from '../helpers/tmux.js';
import {tempDir} from '../helpers/tmp.js';
import {fakeHosts} from '../helpers/remote-hosts.js';

const cli = path.join(path.resolve(import.meta.dirname, '..', '..'), 'bin', 'agentlog.js');
const OLD = '1a1a1a1a-0000-4000-8000-000000000001';
const NEW = '2b2b2b2b-0000-4000-8000-000000000002';

let pane: TmuxPane | undefined;
afterEach(() => {
	pane?.kill();
	pane = undefined;
});

describeInTerminal('the session picker of watch --host', () => {
	it('lists the sessions of every host and switches one host to the one chosen', async () => {
		const hosts = fakeHosts({devbox: 'ok', gpu: 'ok'});
		const launcher = installedHook();
		const start = (target: string, session: string, type: string, ageS: number) => {
			runHook(
				launcher,
				JSON.stringify({session_id: session, cwd: '/w', hook_event_name: 'SubagentStart', agent_id: `${type.toLowerCase()}1`, agent_type: type}),
				hookEnv(hosts.activity(target)),
			);
			const when = new Date(Date.now() - ageS * 1000);
			utimesSync(path.join(hosts.activity(target), session), when, when);
		};
		// Newest first: gpu NEW, devbox NEW, gpu OLD, devbox OLD.
		start('devbox', OLD, 'Alpha', 400);
		start('gpu', OLD, 'Charlie', 300);
		start('devbox', NEW, 'Bravo', 200);
		start('gpu', NEW, 'Delta', 100);
		const home = tempDir('home-');
		pane = new TmuxPane(`node ${cli} watch --host devbox --host gpu`, 100, 24, {
			HOME: home,
			AGENTLOG_DIR: path.join(home, 'activity'),
			XDG_STATE_HOME: path.join(home, 'state'),
			CLAUDE_CONFIG_DIR: path.join(home, '.claude'),
			TERM: 'xterm-256color',
			NO_COLOR: '1',
			...hosts.env,
		});
		await pane.waitFor(s => s.includes('devbox: Bravo') && s.includes('gpu: Delta'), 'the newest session of each host');

		pane.keys('s');
		let screen = await pane.waitFor(s => s.includes('devbox · 1a1a1a1a'), 'every host in the picker');
		const rows = screen.split('\n').filter(line => /^[›\s][*\s] (devbox|gpu) · /u.test(line));
		expect(rows.map(line => /(devbox|gpu) · [0-9a-f]{8}/u.exec(line)?.[0])).toEqual([
			'gpu · 2b2b2b2b',
			'devbox · 2b2b2b2b',
			'gpu · 1a1a1a1a',
			'devbox · 1a1a1a1a',
		]);
		// The sessions shown now are marked.
		expect(rows.filter(line => line[1] === '*')).toHaveLength(2);

		pane.keys('Down', 'Down', 'Down');
		await pane.waitFor(s => /^›. devbox · 1a1a1a1a/mu.test(s), 'the oldest session chosen');
		pane.keys('Enter');
		screen = await pane.waitFor(s => s.includes('devbox: Alpha') && s.includes('gpu: Delta'), 'devbox on its old session, gpu unchanged');
		expect(screen).not.toContain('devbox: Bravo');

		pane.keys('s');
		await pane.waitFor(s => s.includes('f follow the newest'), 'the picker again');
		pane.keys('f');
		await pane.waitFor(s => s.includes('devbox: Bravo') && s.includes('gpu: Delta') && !s.includes('Alpha'), 'both hosts following their newest again');
		pane.keys('q');
		await pane.waitFor(s => s.includes('[exit 0]'), 'a clean exit');
	});
});
