// A run of 30 agents (three phases, two failures), more than the 20 agent files per session older
// hooks kept: played through the installed hook, then read by every view that reads agent files.
// Each must list all 30, with the token totals the transcripts give — what `history` (the event
// log) says of the same session.
import {spawnSync} from 'node:child_process';
import {readdirSync} from 'node:fs';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {hookEnv, installedHook, runHook} from '../../helpers/hook.js';
import {writeSession} from '../../helpers/subagent-transcripts.js';
import {tempDir} from '../../helpers/tmp.js';

const cli = path.resolve(import.meta.dirname, '..', '..', '..', 'bin', 'agentlog.js');
const SESSION = '5e55a0b1-30a6-4e0f-8c1d-000000000030';
const PROJECT = '-home-dev-acme';
const PHASES = ['Explore', 'Plan', 'general-purpose'];
const PER_PHASE = 10;
const FAILED = new Set(['agent07', 'agent22']);
const T0 = Date.parse('2026-11-28T09:00:00.000Z');

const ids = Array.from({length: PHASES.length * PER_PHASE}, (_, i) => `agent${String(i).padStart(2, '0')}`);

let home = '';
let claude = '';
let activity = '';

function env(): NodeJS.ProcessEnv {
	return {
		PATH: process.env.PATH,
		HOME: home,
		CLAUDE_CONFIG_DIR: claude,
		XDG_STATE_HOME: path.join(home, 'state'),
		AGENTLOG_DIR: activity,
		AGENTLOG_NOW: new Date(T0 + 3_600_000).toISOString(),
		FORCE_COLOR: '',
	};
}

function agentlog(...args: string[]): string {
	const r = spawnSync(process.execPath, [cli, ...args], {env: env(), encoding: 'utf8', maxBuffer: 64 << 20});
	expect(r.status, r.stderr).toBe(0);
	return r.stdout;
}

const json = <T>(...args: string[]): T => JSON.parse(agentlog(...args)) as T;

beforeAll(() => {
	home = tempDir('many-home-');
	claude = path.join(home, '.claude');
	activity = path.join(home, 'activity');
	// Each agent's transcript: a different number of tool calls, so each its own tokens.
	writeSession(claude, {
		project: PROJECT,
		sessionId: SESSION,
		agents: ids.map((agentId, i) => ({agentId, startMs: T0 + i * 1000, calls: 1 + (i % 4), finished: !FAILED.has(agentId)})),
	});
	const main = path.join(claude, 'projects', PROJECT, `${SESSION}.jsonl`);
	const launcher = installedHook();
	const payload = (event: string, fields: Record<string, unknown>) =>
		JSON.stringify({session_id: SESSION, transcript_path: main, cwd: '/home/dev/acme', hook_event_name: event, ...fields});
	const hook = (text: string) => expect(runHook(launcher, text, hookEnv(activity)).status).toBe(0);
	// Each phase: its 10 agents start, then stop (two of them fail on an API error).
	for (const [phase, type] of PHASES.entries()) {
		const agents = ids.slice(phase * PER_PHASE, (phase + 1) * PER_PHASE);
		for (const agentId of agents) {
			hook(payload('SubagentStart', {agent_id: agentId, agent_type: type}));
		}
		for (const agentId of agents) {
			const transcript = path.join(claude, 'projects', PROJECT, SESSION, 'subagents', `agent-${agentId}.jsonl`);
			hook(
				FAILED.has(agentId)
					? payload('StopFailure', {
							agent_id: agentId,
							agent_type: type,
							agent_transcript_path: transcript,
							error: 'rate_limit',
							last_assistant_message: 'API Error: 429',
						})
					: payload('SubagentStop', {agent_id: agentId, agent_type: type, agent_transcript_path: transcript, last_assistant_message: `Done: ${agentId}.`}),
			);
		}
	}
}, 120_000);

describe('a session of 30 agents, more than older hooks kept files for', () => {
	it('keeps an agent file for each of them', () => {
		expect(readdirSync(path.join(activity, SESSION)).filter(name => /^agent\d\d\.json$/u.test(name))).toHaveLength(30);
	});

	it('is listed whole by ls, sessions, report, timeline and watch, with the tokens history gives', () => {
		const history = json<Array<{agentId: string; status: string; tokens: number}>>('history', '--json');
		expect(history.map(a => a.agentId).sort()).toEqual(ids);
		expect(
			history
				.filter(a => a.status === 'failed')
				.map(a => a.agentId)
				.sort(),
		).toEqual([...FAILED].sort());
		const tokens = history.reduce((sum, a) => sum + a.tokens, 0);
		expect(tokens).toBeGreaterThan(0);

		const ls = json<Array<{agentId: string; tokensTotal: number | null}>>('ls', '--json');
		expect(ls.map(a => a.agentId).sort()).toEqual(ids);
		expect(ls.reduce((sum, a) => sum + (a.tokensTotal ?? 0), 0)).toBe(tokens);

		const sessions = json<Array<{id: string; counts: Record<string, number>}>>('sessions', '--json');
		expect(sessions).toHaveLength(1);
		expect(Object.values(sessions[0]!.counts).reduce((a, b) => a + b, 0)).toBe(30);

		const report = json<{agents: Array<{agentId: string; status: string}>; totals: {agents: number; tokens: number; byStatus: Record<string, number>}}>(
			'report',
			'--json',
		);
		expect(report.agents.map(a => a.agentId).sort()).toEqual(ids);
		expect(report.totals).toMatchObject({agents: 30, tokens, byStatus: {completed: 28, failed: 2}});

		const lanes = json<Array<{agentId: string; status: string}>>('timeline', '--json');
		expect(lanes.map(a => a.agentId).sort()).toEqual(ids);
		expect(lanes.filter(a => a.status === 'failed')).toHaveLength(2);

		// watch, piped: its snapshot of the same model (ls's), every agent a row.
		// eslint-disable-next-line no-control-regex
		const watch = agentlog('watch', '--max', '100').replace(/\u001B\[[0-9;]*m/gu, '');
		expect(watch.split('\n')[0]).toContain('○ 30 stopped');
		for (const agentId of ids.filter(id => !FAILED.has(id))) {
			expect(watch).toContain(`Done: ${agentId}.`);
		}
		expect(watch.match(/failed · .*API Error: 429/gu)).toHaveLength(2);
	});
});
