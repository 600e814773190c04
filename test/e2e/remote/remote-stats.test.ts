// `stats --host` through the fake ssh: the remote's `stats --json` for the same selection, checked
// and printed by this machine's stats text; a hostile answer is bounded and made safe; an answer
// that is not stats, and a host without agentlog, say so.
import {describe, expect, it} from 'vitest';
import {hookEnv, installedHook, runHook} from '../../helpers/hook.js';
import {fakeHosts, runLocal as run} from '../../helpers/remote-hosts.js';

const SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';
const evil = '\u001b[31mEVIL\u001b]8;;http://x\u0007';

const group = (agents: number) => ({
	agents,
	p50Ms: 1000,
	p95Ms: 2000,
	maxMs: 3000,
	tokens: 10,
	costUsd: 0.5,
	unpricedResponses: 0,
	toolCalls: 2,
	interrupted: 0,
});
const hostile = JSON.stringify({
	agents: 3,
	events: 9,
	sessions: 1,
	firstEventAt: `2026-11-26T10:00:00.000Z${evil}`,
	lastEventAt: '2026-11-26T11:00:00.000Z',
	byStatus: {completed: 2, failed: -1, interrupted: 'x', pwned: 9},
	byEvent: {[`SubagentStart${evil}`]: 3, SubagentStop: 1.5},
	cost: {usd: 1e12, pricesAsOf: '2026-01-01'},
	byType: {
		[`Explore${evil}\u202Ereversed`]: group(2),
		['__proto__']: group(1),
		Plan: {agents: 'many'},
		...Object.fromEntries(Array.from({length: 6000}, (_, i) => [`t${i}`, group(1)])),
	},
	bySession: {[SESSION]: group(3)},
	extra: 'x'.repeat(1000),
});

describe('stats --host through a fake ssh', () => {
	const hosts = fakeHosts({devbox: 'ok', gpu1: 'missing', evil: 'answer', liar: 'answer'}, {evil: hostile, liar: '[]'});
	const launcher = installedHook();
	const event = (name: string, id: string, type: string) =>
		JSON.stringify({session_id: SESSION, cwd: '/w', hook_event_name: name, agent_id: id, agent_type: type});
	runHook(launcher, event('SubagentStart', 'a1', 'Explore'), hookEnv(hosts.activity('devbox')));
	runHook(launcher, event('SubagentStart', 'b2', 'Plan'), hookEnv(hosts.activity('devbox')));
	runHook(launcher, event('SubagentStop', 'b2', 'Plan'), hookEnv(hosts.activity('devbox')));

	it("prints the host's figures with the local stats text, and --json the same as the host's own", () => {
		const r = run(['stats', '--host', 'devbox'], hosts.env);
		expect(r.stderr).toBe('');
		expect(r.status).toBe(0);
		expect(r.stdout).toMatch(/^2 agents · 3 events · 1 session/u);
		expect(r.stdout).toMatch(/^TYPE\s+AGENTS/mu);
		expect(r.stdout).toMatch(/^Plan\s+1\s/mu);
		type Stats = {byType: Record<string, {agents: number}>};
		const remote = JSON.parse(run(['stats', '--host', 'devbox', '--json'], hosts.env).stdout) as Stats;
		const local = JSON.parse(run(['stats', '--dir', hosts.activity('devbox'), '--json'], hosts.env).stdout) as Stats;
		// The running agent's duration grows between the two runs; everything else is the same.
		expect({...remote, byType: null}).toEqual({...local, byType: null});
		expect(remote.byType.Plan).toEqual(local.byType.Plan);
		expect(remote.byType.Explore?.agents).toBe(1);
	});

	it('passes the selection and --by to the host', () => {
		const completed = JSON.parse(run(['stats', '--host', 'devbox', '--status', 'completed', '--json'], hosts.env).stdout) as {agents: number};
		expect(completed.agents).toBe(1);
		const bySession = run(['stats', '--host', 'devbox', '--by', 'session'], hosts.env);
		expect(bySession.stdout).toMatch(/^SESSION\s+AGENTS/mu);
		expect(bySession.stdout).toContain(SESSION);
		expect(run(['stats', '--host', 'devbox', '--type', 'Nope'], hosts.env).stdout).toBe('no agents in the event log on devbox\n');
	});

	it('a hostile answer: keys made safe, groups bounded, bad numbers dropped', () => {
		const r = run(['stats', '--host', 'evil'], hosts.env);
		expect(r.status).toBe(0);
		for (const bad of ['\u001b', '\u0007', '\u202E']) {
			expect(r.stdout).not.toContain(bad);
		}
		expect(r.stdout).toContain('EVIL');
		const json = JSON.parse(run(['stats', '--host', 'evil', '--json'], hosts.env).stdout) as Record<string, Record<string, unknown>>;
		expect(Object.keys(json)).not.toContain('extra');
		expect(json.byStatus).toMatchObject({completed: 2, failed: 0, interrupted: 0});
		expect(Object.keys(json.byStatus!)).not.toContain('pwned');
		expect(json.byEvent).toEqual({'SubagentStart␛[31mEVIL␛]8;;http://x␇': 3});
		expect(json.cost).toMatchObject({usd: null, pricesAsOf: '2026-01-01', estimated: true});
		expect(Object.keys(json.byType!)).toHaveLength(5000);
		expect(Object.keys(json.byType!)).toContain('__proto__');
		expect(Object.keys(json.byType!)).not.toContain('Plan');
		expect(json.firstEventAt).toBeNull();
	});

	it('an answer that is not stats, or a host without agentlog: says so', () => {
		const liar = run(['stats', '--host', 'liar'], hosts.env);
		expect(liar.status).toBe(1);
		expect(liar.stderr).toContain("liar did not answer with stats --json's figures");
		const missing = run(['stats', '--host', 'gpu1'], hosts.env);
		expect(missing.status).toBe(1);
		expect(missing.stderr).toContain('npm i -g agentlog');
	});
});
