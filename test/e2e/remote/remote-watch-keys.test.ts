// End to end: the keys of `watch --host` with two fake hosts. The session picker lists every
// host's sessions with their host, Enter restarts that host's stream on the chosen session (the
// other host stays), f returns every host to following its newest; the timeline (t) and the
// filter (/, host:) take the agents of every host.
import {utimesSync} from 'node:fs';
import path from 'node:path';
import {afterEach, expect, it} from 'vitest';
import {hookEnv, installedHook, runHook} from '../../helpers/hook.js';
import {describeInTerminal, TmuxPane} from '../../helpers/tmux.js';
import {fakeHosts, localEnv} from '../../helpers/remote-hosts.js';

const cli = path.join(path.resolve(import.meta.dirname, '..', '..', '..'), 'bin', 'agentlog.js');
const OLD = '1a1a1a1a-0000-4000-8000-000000000001';
const NEW = '2b2b2b2b-0000-4000-8000-000000000002';

let pane: TmuxPane | undefined;
afterEach(() => {
	pane?.kill();
	pane = undefined;
});

describeInTerminal('the keys of watch --host', () => {
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
		pane = new TmuxPane(`node ${cli} watch --host devbox --host gpu`, 100, 24, localEnv(hosts.env));
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

	it('the timeline and the filter take the agents of every host; host: keeps one machine', async () => {
		const hosts = fakeHosts({devbox: 'ok', gpu: 'ok'});
		const launcher = installedHook();
		for (const [target, type] of [
			['devbox', 'Alpha'],
			['gpu', 'Delta'],
			['gpu', 'Echo'],
		] as const) {
			runHook(
				launcher,
				JSON.stringify({session_id: NEW, cwd: '/w', hook_event_name: 'SubagentStart', agent_id: type.toLowerCase(), agent_type: type}),
				hookEnv(hosts.activity(target)),
			);
		}
		pane = new TmuxPane(`node ${cli} watch --host devbox --host gpu`, 100, 24, localEnv(hosts.env));
		await pane.waitFor(s => s.includes('devbox: Alpha') && s.includes('gpu: Delta') && s.includes('gpu: Echo'), 'the agents of both hosts');
		pane.keys('t');
		const timeline = await pane.waitFor(s => s.includes('ms/col'), 'the timeline');
		for (const name of ['gpu: Echo', 'gpu: Delta', 'devbox: Alpha']) {
			expect(timeline).toMatch(new RegExp(`${name} +━`, 'u'));
		}
		pane.keys('t');
		await pane.waitFor(s => !s.includes('ms/col'), 'the list again');
		pane.keys('/');
		pane.keys('host:gpu', 'Enter');
		const filtered = await pane.waitFor(s => s.includes('2 of 3'), 'the filter');
		expect(filtered).toContain('gpu: Echo');
		expect(filtered).toContain('gpu: Delta');
		expect(filtered).not.toContain('devbox: Alpha');
		// The timeline of what the filter keeps, from one machine of two.
		pane.keys('t');
		const both = await pane.waitFor(s => s.includes('ms/col'), 'the filtered timeline');
		expect(both).toMatch(/gpu: Echo +━/u);
		expect(both).not.toContain('Alpha');
		pane.keys('q');
		await pane.waitFor(s => s.includes('[exit 0]'), 'a clean exit');
	});
});
