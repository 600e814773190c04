// `agentlog history`, `stats` and `chain` run as a user would, on event logs written with formatEventLine.
import {spawnSync} from 'node:child_process';
import {appendFileSync, mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {LIST_PRICES} from '../../../src/core/cost/price.js';
import {formatEventLine, type EventLine} from '../../../src/core/record/event-line.js';
import {ALL_HOSTILE, RAW_CONTROL} from '../../helpers/hostile.js';
import {tempDir} from '../../helpers/tmp.js';

const cli = path.resolve(import.meta.dirname, '..', '..', '..', 'bin', 'agentlog.js');
const NOW = Date.parse('2026-03-01T12:00:00Z');
const S1 = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';
const S2 = 'bb11aa22-0000-4000-8000-000000000000';
const at = (minutesAgo: number): string => new Date(NOW - minutesAgo * 60_000).toISOString();

function log(activity: string, sessionId: string, lines: Array<Omit<EventLine, 'v' | 'sessionId'>>): void {
	const dir = path.join(activity, sessionId);
	mkdirSync(dir, {recursive: true});
	appendFileSync(path.join(dir, 'events.jsonl'), lines.map(l => formatEventLine({v: 1, sessionId, ...l})).join(''));
}

/** Claude Code's folder of a fixture's activity folder (beside it). */
const claudeOf = (activity: string): string => `${activity}-claude`;

/** ex1's transcript: two responses (one written as two lines: counted once), 4 + 3 tool calls, 1500 + 700 tokens. */
function ex1Transcript(activity: string): string {
	const file = path.join(claudeOf(activity), 'projects', '-w', S1, 'subagents', 'agent-ex1.jsonl');
	mkdirSync(path.dirname(file), {recursive: true});
	const tools = (n: number, from: number) => Array.from({length: n}, (_, i) => ({type: 'tool_use', id: `t${from + i}`, name: 'Read', input: {}}));
	const response = (id: string, minutesAgo: number, usage: Record<string, number>, content: unknown[]) =>
		JSON.stringify({type: 'assistant', timestamp: at(minutesAgo), message: {id, model: 'claude-haiku-4-5', role: 'assistant', content, usage}});
	const first = {input_tokens: 10, output_tokens: 200, cache_read_input_tokens: 1000, cache_creation_input_tokens: 290};
	writeFileSync(
		file,
		[
			JSON.stringify({type: 'user', timestamp: at(110), message: {role: 'user', content: 'find the routes'}}),
			response('m1', 108, first, tools(2, 0)),
			response('m1', 108, first, tools(2, 2)),
			response('m2', 95, {input_tokens: 5, output_tokens: 100, cache_read_input_tokens: 500, cache_creation_input_tokens: 95}, tools(3, 4)),
			'',
		].join('\n'),
	);
	return file;
}

/** S1: an Explore agent that spawned a worker, both completed; a Plan agent interrupted by SessionEnd. S2: an active Explore agent. */
function fixture(): string {
	const activity = tempDir('activity-');
	const transcript = ex1Transcript(activity);
	log(activity, S1, [
		{at: at(120), event: 'SessionStart', data: {source: 'startup'}},
		{
			at: at(110),
			event: 'SubagentStart',
			agentId: 'ex1',
			type: 'Explore',
			state: 'active',
			git: {head: 'aaaaaaa111', branch: 'main'},
			data: {agentTranscriptPath: transcript},
		},
		{at: at(110), event: 'PostToolUse', agentId: 'ex1', data: {description: 'find the routes', model: 'haiku', status: 'async_launched'}},
		{at: at(105), event: 'SubagentStart', agentId: 'wk1', type: 'worker', state: 'active', data: {parentAgentId: 'ex1'}},
		{at: at(100), event: 'SubagentStop', agentId: 'wk1', type: 'worker', state: 'stopped', data: {lastMessage: 'done'}},
		{at: at(90), event: 'SubagentStop', agentId: 'ex1', type: 'Explore', state: 'stopped', git: {head: 'bbbbbbb222', branch: 'main'}},
		{
			at: at(90),
			event: 'PostToolUse',
			agentId: 'ex1',
			data: {status: 'completed', totalTokens: 1200, totalToolUseCount: 7, totalDurationMs: 1_200_000},
		},
		{at: at(80), event: 'SubagentStart', agentId: 'pl1', type: 'Plan', state: 'active'},
		{at: at(70), event: 'SessionEnd', data: {reason: 'prompt_input_exit'}},
	]);
	log(activity, S2, [{at: at(1), event: 'SubagentStart', agentId: 'ex2', type: 'explore', state: 'active'}]);
	return activity;
}

function run(args: string[], activity: string, vars: NodeJS.ProcessEnv = {}) {
	const home = tempDir('home-');
	return spawnSync(process.execPath, [cli, ...args, '--dir', activity], {
		env: {
			...process.env,
			...vars,
			HOME: home,
			CLAUDE_CONFIG_DIR: claudeOf(activity),
			XDG_STATE_HOME: path.join(home, 'state'),
			AGENTLOG_NOW: new Date(NOW).toISOString(),
			TZ: 'UTC',
		},
		encoding: 'utf8',
	});
}

const json = <T = Array<Record<string, unknown>>>(r: {stdout: string}): T => JSON.parse(r.stdout) as T;

describe('agentlog history', () => {
	it('lists every agent newest first with status, duration, tokens, tools and commits', () => {
		const r = run(['history'], fixture());
		expect(r.status).toBe(0);
		expect(r.stderr).toBe('');
		const lines = r.stdout.trimEnd().split('\n');
		expect(lines[0]).toMatch(/^STARTED\s+SESSION\s+TYPE\s+DESCRIPTION\s+STATUS\s+DURATION\s+TOKENS\s+COST\s+TOOLS\s+GIT$/);
		expect(lines.slice(1).map(l => l.split(/\s{2,}/)[2])).toEqual(['explore', 'Plan', 'worker', 'Explore']);
		expect(r.stdout).toMatch(/11:59:00\s+bb11aa22\s+explore\s+● active\s+1m 00s/);
		expect(r.stdout).toMatch(/10:40:00\s+3f2c9a10\s+Plan\s+○ interrupted\s+10m 00s/);
		// Tokens from its transcript (each response once), not the Agent result's totalTokens (1200: its last request).
		// Its cost: each response priced at Haiku 4.5's list prices ($1 in, $5 out, $0.10 cache read, $1.25 cache write per million).
		expect(r.stdout).toMatch(/10:10:00\s+3f2c9a10\s+Explore\s+find the routes\s+○ completed\s+20m 00s\s+2200\s+\$0\.0021\s+7\s+aaaaaaa→bbbbbbb/);
	});

	it('--json gives every field of every agent; filters by type, status, since, agent prefix; --asc, --limit, --offset', () => {
		const activity = fixture();
		const all = json(run(['history', '--json'], activity));
		expect(all.map(a => a.agentId)).toEqual(['ex2', 'pl1', 'wk1', 'ex1']);
		expect(all[1]).toEqual({
			agentId: 'pl1',
			sessionId: S1,
			type: 'Plan',
			name: null,
			description: null,
			status: 'interrupted',
			startedAt: at(80),
			stoppedAt: at(70),
			durationMs: 600_000,
			resumeCount: 0,
			stopReason: 'session-end:prompt_input_exit',
			tokens: null,
			usage: null,
			cost: null,
			runs: null,
			lastRequestTokens: null,
			toolCalls: null,
			model: null,
			git: {start: null, stop: null},
			parentAgentId: null,
			lastActivityAt: at(80),
			source: 'hook',
			provider: 'claude',
			workflow: null,
		});
		expect(all[3]).toMatchObject({
			agentId: 'ex1',
			tokens: 2200,
			usage: {input: 15, output: 300, cacheRead: 1500, cacheCreation: 385},
			// (10 + 5) × $1 + (200 + 100) × $5 + (1000 + 500) × $0.10 + (290 + 95) × $1.25, per million.
			cost: {usd: 0.002146, pricesAsOf: LIST_PRICES.asOf, estimated: true, unpricedResponses: 0},
			runs: [{startedAt: at(110), tokens: 2200, toolCalls: 7}],
			lastRequestTokens: 1200,
			toolCalls: 7,
			model: 'claude-haiku-4-5',
		});
		expect(json(run(['history', '--json', '--type', 'EXPLORE'], activity)).map(a => a.agentId)).toEqual(['ex2', 'ex1']);
		expect(json(run(['history', '--json', '--status', 'interrupted,active'], activity)).map(a => a.agentId)).toEqual(['ex2', 'pl1']);
		expect(json(run(['history', '--json', '--since', '85m'], activity)).map(a => a.agentId)).toEqual(['ex2', 'pl1']);
		expect(json(run(['history', '--json', '--until', at(100)], activity)).map(a => a.agentId)).toEqual(['wk1', 'ex1']);
		expect(json(run(['history', '--json', '--agent', 'wk'], activity)).map(a => a.agentId)).toEqual(['wk1']);
		expect(json(run(['history', '--json', '--asc', '--offset', '1', '--limit', '2'], activity)).map(a => a.agentId)).toEqual(['wk1', 'pl1']);
		expect(json(run(['history', S2.slice(0, 6), '--json'], activity)).map(a => a.agentId)).toEqual(['ex2']);
	});

	it('usage errors: an unknown status names the valid ones; an ambiguous agent prefix; a bad --since', () => {
		const activity = fixture();
		const status = run(['history', '--status', 'done'], activity);
		expect(status.status).toBe(2);
		expect(status.stderr).toContain('completed, failed, interrupted, user-stopped, resumed, active, idle, stale');
		const ambiguous = run(['history', '--agent', 'ex'], activity);
		expect(ambiguous.status).toBe(2);
		expect(ambiguous.stderr).toContain('matches 2 agents (ex1, ex2)');
		const since = run(['history', '--since', 'yesterday'], activity);
		expect(since.status).toBe(2);
		expect(since.stderr).toContain('2h, 7d');
	});

	it('--events lists the lines oldest first: exact with --json, one row each as text', () => {
		const activity = fixture();
		const events = json<Array<{event: string; at: string}>>(run(['history', '--events', '--json'], activity));
		expect(events).toHaveLength(10);
		expect(events[0]).toEqual({v: 1, at: at(120), event: 'SessionStart', sessionId: S1, data: {source: 'startup'}});
		expect(events.map(e => e.at)).toEqual([...events.map(e => e.at)].sort());
		// An agent's lines only (the SessionEnd that interrupted it included).
		expect(json<Array<{event: string}>>(run(['history', '--events', '--json', '--agent', 'pl1'], activity)).map(e => e.event)).toEqual([
			'SubagentStart',
			'SessionEnd',
		]);
		const text = run(['history', '--events'], activity).stdout;
		expect(text).toMatch(/10:20:00\s+SubagentStop\s+wk1\s+worker\s+stopped\s+lastMessage=done/);
		// stats counts the same lines.
		expect(json<{events: number}>(run(['stats', '--json'], activity)).events).toBe(10);
	});

	it('text shows the newest 50 and says how many are older; --limit 0 shows all', () => {
		const activity = tempDir('activity-');
		log(
			activity,
			S1,
			Array.from({length: 55}, (_, i) => ({at: at(100 - i), event: 'SubagentStart', agentId: `a${i}`, type: 'worker', state: 'active' as const})),
		);
		const r = run(['history'], activity);
		expect(r.stdout.trimEnd().split('\n')).toHaveLength(1 + 50 + 1);
		expect(r.stdout).toContain('… 5 older; --limit 0 shows all');
		expect(run(['history', '--limit', '0'], activity).stdout.trimEnd().split('\n')).toHaveLength(56);
		expect(json(run(['history', '--json'], activity))).toHaveLength(55);
	});

	it('an empty history says so and how it fills', () => {
		const activity = tempDir('activity-');
		const r = run(['history'], activity);
		expect(r.status).toBe(0);
		expect(r.stdout).toContain(`no agents in the history under ${activity} yet; the hook records them from now on (agentlog install-hook)`);
		expect(run(['history', '--json'], activity).stdout).toBe('[]\n');
	});

	it('a cut last line and a garbage line are skipped and named on stderr; nothing else is lost', () => {
		const activity = fixture();
		const file = path.join(activity, S1, 'events.jsonl');
		appendFileSync(file, 'garbage here\n');
		appendFileSync(file, formatEventLine({v: 1, at: at(60), event: 'SubagentStart', sessionId: S1, agentId: 'late1', type: 'worker'}));
		appendFileSync(file, '{"v":1,"at":"2026-03-01T11:00:00.000Z","event":"Subag');
		const r = run(['history', '--json'], activity);
		expect(r.status).toBe(0);
		expect(json(r).map(a => a.agentId)).toEqual(['ex2', 'late1', 'pl1', 'wk1', 'ex1']);
		expect(r.stderr).toContain(`${S1}/events.jsonl line 10: not JSON`);
		expect(r.stderr).toContain(`${S1}/events.jsonl line 12: cut: no newline at the end`);
		const stats = run(['stats', '--json'], activity);
		expect(json<{agents: number}>(stats).agents).toBe(5);
		expect(stats.stderr).toContain('line 12');
	});

	it('says at most 5 skipped lines, then how many more', () => {
		const activity = fixture();
		appendFileSync(path.join(activity, S1, 'events.jsonl'), 'x\n'.repeat(8));
		const r = run(['history'], activity);
		expect(r.stderr.trimEnd().split('\n')).toHaveLength(6);
		expect(r.stderr).toContain('and 3 more skipped');
	});

	it('hostile text in the log never reaches the terminal raw; --json gives it back exactly', () => {
		const activity = tempDir('activity-');
		log(activity, S1, [
			{at: at(10), event: 'SubagentStart', agentId: 'h1', type: ALL_HOSTILE, state: 'active', git: {head: ALL_HOSTILE, branch: ALL_HOSTILE}},
			{at: at(9), event: 'PostToolUse', agentId: 'h1', data: {description: ALL_HOSTILE, model: ALL_HOSTILE}},
			{at: at(8), event: 'SubagentStop', agentId: 'h1', type: ALL_HOSTILE, state: 'stopped', data: {lastMessage: ALL_HOSTILE}},
		]);
		writeFileSync(path.join(activity, S1, 'junk'), '');
		for (const args of [['history'], ['history', '--events'], ['stats'], ['stats', '--by', 'model'], ['chain', 'h1']]) {
			const r = run(args, activity);
			expect(r.status, args.join(' ')).toBe(0);
			expect(r.stdout, args.join(' ')).not.toMatch(RAW_CONTROL);
		}
		const [agent] = json(run(['history', '--json'], activity));
		expect(agent).toMatchObject({type: ALL_HOSTILE, description: ALL_HOSTILE, model: ALL_HOSTILE, git: {start: {head: ALL_HOSTILE, branch: ALL_HOSTILE}}});
		const events = json<Array<{data?: {lastMessage?: string}}>>(run(['history', '--events', '--json'], activity));
		expect(events[2]?.data?.lastMessage).toBe(ALL_HOSTILE);
	});

	it('--filter keeps the agents its expression matches (words, field:value, -word); a bad one is a usage error', () => {
		const activity = fixture();
		const ids = (expr: string) => json(run(['history', '--json', '--filter', expr], activity)).map(a => a.agentId);
		expect(ids('routes')).toEqual(['ex1']);
		expect(ids('type:explore')).toEqual(['ex2', 'ex1']);
		expect(ids('type:explore status:stopped')).toEqual(['ex1']);
		expect(ids('status:interrupted')).toEqual(['pl1']);
		expect(ids('-type:explore')).toEqual(['pl1', 'wk1']);
		const none = run(['history', '--filter', 'nothing-like-this'], activity);
		expect(none.status).toBe(0);
		expect(none.stdout).toBe('no agents match\n');
		const bad = run(['history', '--filter', 'colour:red'], activity);
		expect(bad.status).toBe(2);
		expect(bad.stderr).toContain("unknown field 'colour:'");
		const events = run(['history', '--events', '--filter', 'explore'], activity);
		expect(events.status).toBe(2);
		expect(events.stderr).toContain('--filter picks agents');
	});
});

describe('agentlog stats', () => {
	it('--json: the totals, by status, by event, by type with nearest-rank durations; --by session', () => {
		const activity = fixture();
		const stats = json<Record<string, unknown>>(run(['stats', '--json'], activity));
		expect(stats).toMatchObject({
			agents: 4,
			events: 10,
			sessions: 2,
			firstEventAt: at(120),
			lastEventAt: at(1),
			byStatus: {completed: 2, interrupted: 1, active: 1, resumed: 0, idle: 0, stale: 0},
			byEvent: {SessionStart: 1, SessionEnd: 1, SubagentStart: 4, SubagentStop: 2, PostToolUse: 2},
			byType: {
				Explore: {agents: 1, p50Ms: 1_200_000, p95Ms: 1_200_000, maxMs: 1_200_000, tokens: 2200, toolCalls: 7, interrupted: 0},
				Plan: {agents: 1, interrupted: 1, tokens: null},
			},
		});
		const bySession = json<{bySession: Record<string, {agents: number}>}>(run(['stats', '--json', '--by', 'session'], activity)).bySession;
		expect(Object.fromEntries(Object.entries(bySession).map(([id, g]) => [id, g.agents]))).toEqual({[S1]: 3, [S2]: 1});
		const byDay = json<{byDay: Record<string, {agents: number}>}>(run(['stats', '--json', '--by', 'day'], activity)).byDay;
		expect(Object.keys(byDay)).toEqual(['2026-03-01']);
	});

	it('text: totals, the interruption rate and a table per type; a bad --by is a usage error', () => {
		const activity = fixture();
		const r = run(['stats'], activity);
		expect(r.stdout).toContain('4 agents · 10 events · 2 sessions');
		expect(r.stdout).toContain('interrupted: 1 of 4 (25%)');
		expect(r.stdout).toMatch(/Explore\s+1\s+20m 00s\s+20m 00s\s+20m 00s\s+2200\s+\$0\.0021\s+7\s+0 \(0%\)/);
		expect(r.stdout).toContain(`cost: $0.0021 (an estimate at list prices of ${LIST_PRICES.asOf}; subscription plans pay differently)`);
		expect(run(['stats', '--by', 'colour'], activity).status).toBe(2);
	});
});

describe("the user's prices file", () => {
	const config = (text: string): string => {
		const dir = tempDir('config-');
		mkdirSync(path.join(dir, 'agentlog'));
		writeFileSync(path.join(dir, 'agentlog', 'prices.json'), text);
		return dir;
	};

	it('replaces a model’s list prices in every cost shown', () => {
		const activity = fixture();
		const vars = {XDG_CONFIG_HOME: config(JSON.stringify({models: {'claude-haiku-4-5': {input: 1000, output: 1000}}}))};
		const r = run(['history', '--json', '--agent', 'ex1'], activity, vars);
		expect(r.stderr).toBe('');
		// 15 in + 300 out, cache read and write at the input price: 2,200 tokens at $1,000 per million.
		expect(json(r)[0]!.cost).toEqual({usd: 2.2, pricesAsOf: LIST_PRICES.asOf, estimated: true, unpricedResponses: 0});
		expect(json<{cost: {usd: number}}>(run(['stats', '--json'], activity, vars)).cost.usd).toBe(2.2);
	});

	it('a wrong one is left out with one line on stderr; list prices are used', () => {
		const activity = fixture();
		const r = run(['history', '--json', '--agent', 'ex1'], activity, {XDG_CONFIG_HOME: config('{"models": {"claude-haiku-4-5": {"input": "cheap"}}}')});
		expect(r.status).toBe(0);
		expect(r.stderr).toMatch(/^agentlog: .*prices\.json left out \(list prices used\): models\."claude-haiku-4-5"\.input is not a price .*\n$/u);
		expect((json(r)[0]!.cost as {usd: number}).usd).toBe(0.002146);
		// A command that shows no cost does not read it.
		expect(run(['chain', 'ex1'], activity, {XDG_CONFIG_HOME: config('{')}).stderr).toBe('');
	});
});

describe('agentlog chain', () => {
	it('shows who spawned the agent and what it spawned, with lifecycles; --json with events', () => {
		const activity = fixture();
		const r = run(['chain', 'wk'], activity);
		expect(r.status).toBe(0);
		expect(r.stdout).toBe(
			[
				`session ${S1} · main session`,
				'  Explore "find the routes" · ○ completed · 20m 00s · ex1',
				'      spawned 10:10:00 → completed 10:30:00 (subagent-stop)',
				'    ▶ worker · ○ completed · 5m 00s · wk1',
				'        spawned 10:15:00 → completed 10:20:00 (subagent-stop)',
				'',
			].join('\n'),
		);
		const chain = json<{agent: {agentId: string; events: unknown[]}; ancestors: Array<{agentId: string}>; descendants: Array<{agentId: string}>}>(
			run(['chain', 'ex1', '--json'], activity),
		);
		expect(chain.agent.agentId).toBe('ex1');
		expect(chain.agent.events).toHaveLength(4);
		expect(chain.ancestors).toEqual([]);
		expect(chain.descendants.map(d => d.agentId)).toEqual(['wk1']);
	});

	it('an unknown agent is exit 1 and says how to list them', () => {
		const r = run(['chain', 'nobody'], fixture());
		expect(r.status).toBe(1);
		expect(r.stderr).toContain('agentlog history');
	});
});
