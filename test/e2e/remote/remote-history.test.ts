// `history --host` through the fake ssh: the remote's `history --json` checked and printed by this
// machine's table; the selection passed there, paging and --filter done here; a hostile answer
// is cut, made safe or skipped; a host without agentlog says what to install.
import {describe, expect, it} from 'vitest';
import {hookEnv, installedHook, runHook} from '../../helpers/hook.js';
import {fakeHosts, runLocal as run} from '../../helpers/remote-hosts.js';

const SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';

const evil = '\u001b[31mEVIL\u001b]8;;http://x\u0007';
const hostile = JSON.stringify([
	{
		agentId: 'evil1',
		sessionId: SESSION,
		type: `Explore${evil}`,
		description: `desc${evil}\u202Ereversed${'y'.repeat(100_000)}`,
		status: 'completed',
		startedAt: '2026-11-26T10:00:00.000Z',
		durationMs: 90_000,
		tokens: 1234,
		toolCalls: -3,
		git: {start: {head: `abcdef1234${evil}`, branch: 'main'}, stop: 'nope'},
		cost: {usd: 'free', pricesAsOf: '2026-01-01'},
		runs: Array.from({length: 10_000}, () => ({startedAt: '2026-11-26T10:00:00.000Z', tokens: 1, toolCalls: 1})),
		extra: 'x'.repeat(1000),
	},
	{agentId: '../../etc/passwd', sessionId: SESSION, type: 'Plan', status: 'completed', startedAt: '2026-11-26T10:00:00.000Z'},
	{agentId: 'nostatus', sessionId: SESSION, type: 'Plan', status: 'pwned', startedAt: '2026-11-26T10:00:00.000Z'},
	'not an agent',
	null,
]);

describe('history --host through a fake ssh', () => {
	const hosts = fakeHosts(
		{devbox: 'ok', gpu1: 'missing', evil: 'answer', liar: 'answer', many: 'answer'},
		{
			evil: hostile,
			liar: '{"agents": []}',
			many: JSON.stringify(
				Array.from({length: 6000}, (_, i) => ({
					agentId: `a${i}`,
					sessionId: SESSION,
					type: 'Explore',
					status: 'completed',
					startedAt: '2026-11-26T10:00:00.000Z',
				})),
			),
		},
	);
	const launcher = installedHook();
	const event = (name: string, id: string, type: string, extra: object = {}) =>
		JSON.stringify({session_id: SESSION, cwd: '/w', hook_event_name: name, agent_id: id, agent_type: type, ...extra});
	runHook(launcher, event('SubagentStart', 'a1', 'Explore'), hookEnv(hosts.activity('devbox')));
	runHook(launcher, event('SubagentStart', 'b2', 'Plan'), hookEnv(hosts.activity('devbox')));
	runHook(launcher, event('SubagentStop', 'b2', 'Plan'), hookEnv(hosts.activity('devbox')));
	runHook(launcher, event('SubagentStart', 'c3', 'Explore'), hookEnv(hosts.activity('devbox')));

	it('prints the remote agents with the local history table, and --json their checked records', () => {
		const r = run(['history', '--host', 'devbox'], hosts.env);
		expect(r.stderr).toBe('');
		expect(r.status).toBe(0);
		expect(r.stdout.split('\n')[0]).toMatch(/^STARTED\s+SESSION\s+TYPE\s+DESCRIPTION\s+STATUS/u);
		expect(r.stdout).toMatch(/3f2c9a10\s+Plan\s+○ completed/u);
		expect(r.stdout.match(/● active/gu)).toHaveLength(2);
		const json = JSON.parse(run(['history', '--host', 'devbox', '--json'], hosts.env).stdout) as {agentId: string; status: string}[];
		expect(json.map(a => a.agentId).sort()).toEqual(['a1', 'b2', 'c3']);
		expect(json.find(a => a.agentId === 'b2')?.status).toBe('completed');
	});

	it('passes the selection to the host and pages and filters here', () => {
		const status = JSON.parse(run(['history', '--host', 'devbox', '--status', 'completed,failed', '--json'], hosts.env).stdout) as {agentId: string}[];
		expect(status.map(a => a.agentId)).toEqual(['b2']);
		const filtered = JSON.parse(run(['history', '--host', 'devbox', '--filter', 'type:explore', '--json'], hosts.env).stdout) as {agentId: string}[];
		expect(filtered.map(a => a.agentId).sort()).toEqual(['a1', 'c3']);
		const paged = run(['history', '--host', 'devbox', '--asc', '--limit', '1'], hosts.env);
		expect(paged.stdout).toContain('… 2 newer; --limit 0 shows all');
		expect(run(['history', '--host', 'devbox', '--type', 'Nope'], hosts.env).stdout).toBe('no agents in the event log on devbox\n');
		expect(run(['history', '--host', 'devbox', '--filter', 'type:nope'], hosts.env).stdout).toBe('no agents match\n');
	});

	it('a hostile answer: strings made safe and cut, bad numbers dropped, invalid agents skipped', () => {
		const r = run(['history', '--host', 'evil'], hosts.env);
		expect(r.status).toBe(0);
		expect(r.stdout).not.toContain('\u001b');
		expect(r.stdout).not.toContain('\u0007');
		expect(r.stdout).not.toContain('\u202E');
		expect(r.stdout).toContain('EVIL');
		expect(r.stderr).toContain('4 agents from evil skipped (not valid)');
		const [agent] = JSON.parse(run(['history', '--host', 'evil', '--json'], hosts.env).stdout) as Record<string, unknown>[];
		expect(Object.keys(agent!)).not.toContain('extra');
		expect(JSON.stringify(agent)).not.toMatch(/\\u001b|\\u0007|\\u202e/iu);
		expect((agent!.description as string).length).toBeLessThanOrEqual(2000);
		expect(agent!.toolCalls).toBeNull();
		expect(agent!.cost).toMatchObject({usd: null, pricesAsOf: '2026-01-01', estimated: true});
		expect((agent!.runs as unknown[]).length).toBe(100);
		expect(agent!.git).toEqual({start: {head: expect.stringContaining('abcdef1234') as string, branch: 'main'}, stop: null});
	});

	it('an answer that is not a list, or too long a list: says so', () => {
		const liar = run(['history', '--host', 'liar'], hosts.env);
		expect(liar.status).toBe(1);
		expect(liar.stderr).toContain("liar did not answer with history --json's list of agents");
		const many = run(['history', '--host', 'many', '--json', '--limit', '0'], hosts.env);
		expect((JSON.parse(many.stdout) as unknown[]).length).toBe(5000);
		expect(many.stderr).toContain('only the first 5000 agents of many were read');
	});

	it('says what to install on a host without agentlog; --events and a word the remote shell would read are usage errors', () => {
		const missing = run(['history', '--host', 'gpu1'], hosts.env);
		expect(missing.status).toBe(1);
		expect(missing.stderr).toContain('agentlog is not installed on gpu1');
		expect(missing.stderr).toContain('npm i -g agentlog');
		expect(run(['history', '--host', 'devbox', '--events'], hosts.env).status).toBe(2);
		const shell = run(['history', '--host', 'devbox', '--type', 'x;touch /tmp/pwned'], hosts.env);
		expect(shell.status).toBe(2);
		expect(shell.stderr).toContain('cannot be passed to a remote shell');
	});
});
