// `ls`, `sessions`, `status` and `watch` (not a terminal) with --host, through the fake ssh: the
// remote's answer printed by this machine's presenters; a host without agentlog says what to do.
import {describe, expect, it} from 'vitest';
import {hookEnv, installedHook, runHook} from '../../helpers/hook.js';
import {fakeHosts, runLocal as run} from '../../helpers/remote-hosts.js';

const SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';

describe('--host through a fake ssh', () => {
	const hosts = fakeHosts({devbox: 'ok', gpu1: 'missing'});
	const launcher = installedHook();
	const event = (name: string, id: string, type: string, extra: object = {}) =>
		JSON.stringify({session_id: SESSION, cwd: '/w', hook_event_name: name, agent_id: id, agent_type: type, ...extra});
	runHook(launcher, event('SubagentStart', 'a1', 'Explore'), hookEnv(hosts.activity('devbox')));
	runHook(launcher, event('SubagentStart', 'b2', 'Plan'), hookEnv(hosts.activity('devbox')));
	runHook(launcher, event('SubagentStop', 'b2', 'Plan', {last_assistant_message: 'Planned \u001b[2J it.'}), hookEnv(hosts.activity('devbox')));

	it('ls prints the remote agents with the local table', () => {
		const r = run(['ls', '--host', 'devbox'], hosts.env);
		expect(r.status).toBe(0);
		expect(r.stdout).toContain(`session ${SESSION} on devbox`);
		expect(r.stdout).toMatch(/● active\s+Explore/u);
		expect(r.stdout).toContain('Planned ␛[2J it.');
		expect(r.stdout).not.toContain('\u001b');
		const json = JSON.parse(run(['ls', '--host', 'devbox', '--json'], hosts.env).stdout) as {agentId: string}[];
		expect(json.map(a => a.agentId).sort()).toEqual(['a1', 'b2']);
	});

	it('--filter keeps the same agents of a remote as of this machine, in the table and in --json', () => {
		const table = run(['ls', '--host', 'devbox', '--filter', 'type:plan'], hosts.env);
		expect(table.status).toBe(0);
		expect(table.stdout).toContain('1 of 2 agents match type:plan');
		expect(table.stdout).not.toMatch(/Explore/u);
		const json = JSON.parse(run(['ls', '--host', 'devbox', '--json', '--filter', 'type:plan'], hosts.env).stdout) as {agentId: string}[];
		expect(json.map(a => a.agentId)).toEqual(['b2']);
	});

	it('watch --filter on a remote prints only what the filter keeps', () => {
		const r = run(['watch', '--host', 'devbox', '--filter', 'status:active'], hosts.env);
		expect(r.stdout).toContain('1 of 2');
		expect(r.stdout).toContain('Explore');
		expect(r.stdout).not.toContain('Plan');
	});

	it('sessions and status print the remote counts', () => {
		expect(run(['sessions', '--host', 'devbox'], hosts.env).stdout).toMatch(/3f2c9a10\s+● 1\s+◐ 0\s+○ 1/u);
		expect(run(['status', '--host', 'devbox'], hosts.env).stdout).toBe('● 1\n');
	});

	it('--json names the host on every record (ls, sessions, status, history), as watch names it', () => {
		const json = (args: string[]): unknown => {
			const r = run([...args, '--host', 'devbox'], hosts.env);
			expect(r.status, r.stderr).toBe(0);
			return JSON.parse(r.stdout) as unknown;
		};
		for (const args of [
			['ls', '--json'],
			['sessions', '--json'],
			['history', '--json'],
		]) {
			const records = json(args) as {host?: string}[];
			expect(records.length, args.join(' ')).toBeGreaterThan(0);
			expect(
				records.map(r => r.host),
				args.join(' '),
			).toEqual(records.map(() => 'devbox'));
		}
		expect(json(['status', '--format', 'json'])).toMatchObject({host: 'devbox', counts: {active: 1}});
	});

	it('refuses a second --host to a command that reads one (exit 2), rather than reading only the last', () => {
		const r = run(['ls', '--host', 'devbox', '--host', 'gpu1', '--json'], hosts.env);
		expect(r.status).toBe(2);
		expect(r.stderr).toContain('give one --host');
		expect(r.stdout).toBe('');
	});

	it('watch prints one frame of the remote when stdout is not a terminal', () => {
		const r = run(['watch', '--host', 'devbox'], hosts.env);
		expect(r.stdout).toContain('session 3f2c9a10 (following) · on devbox');
		expect(r.stdout).toContain('Explore');
	});

	it('says what to install on a host without agentlog (exit 1), and refuses a target ssh would read as an option (exit 2)', () => {
		const missing = run(['ls', '--host', 'gpu1'], hosts.env);
		expect(missing.status).toBe(1);
		expect(missing.stderr).toContain('agentlog is not installed on gpu1');
		expect(missing.stderr).toContain('npm i -g agentlog');
		const option = run(['ls', '--host', '-oProxyCommand=touch /tmp/x'], hosts.env);
		expect(option.status).toBe(2);
		expect(option.stderr).toContain('is not an ssh destination');
	});
});
