// The present and the past tell the same times: every real Claude Code 2.1.328 scenario
// (test/fixtures/claude) played through today's hook, then each agent's start, stop, status,
// resume count and parent compared between `ls --json` (the agent files, the monitor's rules) and
// `history --json` (the event log's fold). One lifecycle machine makes both.
import {spawnSync} from 'node:child_process';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {HOOK_EVENTS} from '../../../src/core/hook/hook-event.js';
import {hookEnv, installedHook, runHook} from '../../helpers/hook.js';
import {tempDir} from '../../helpers/tmp.js';

const fixtures = path.resolve(import.meta.dirname, '..', '..', 'fixtures', 'claude');
const cli = path.resolve(import.meta.dirname, '..', '..', '..', 'bin', 'agentlog.js');
const events = new Set<string>(HOOK_EVENTS);
const scenarios = readdirSync(fixtures, {withFileTypes: true})
	.filter(d => d.isDirectory())
	.map(d => d.name)
	.sort();

type Row = Record<string, unknown>;

// Each payload runs the hook once: workflow30's 153 take ~20 s on 2 loaded cores, hence the limit.
describe('ls --json and history --json tell the same lifecycle of every agent', () => {
	it.each(scenarios)('%s', scenario => {
		const activity = tempDir(`${scenario}-`);
		const launcher = installedHook();
		let sessionId = '';
		for (const text of readFileSync(path.join(fixtures, scenario, 'hook-payloads.jsonl'), 'utf8')
			.split('\n')
			.filter(Boolean)) {
			const payload = JSON.parse(text) as {hook_event_name: string; session_id: string};
			sessionId = payload.session_id;
			if (events.has(payload.hook_event_name)) {
				expect(runHook(launcher, text, hookEnv(activity)).status).toBe(0);
			}
		}
		const home = tempDir('home-');
		const env = {...process.env, HOME: home, CLAUDE_CONFIG_DIR: path.join(home, '.claude'), XDG_STATE_HOME: path.join(home, 'state'), AGENTLOG_DIR: activity};
		const run = (args: string[]) => {
			const r = spawnSync(process.execPath, [cli, ...args], {env, encoding: 'utf8'});
			expect(r.status, r.stderr).toBe(0);
			return JSON.parse(r.stdout) as Row[];
		};
		const ls = run(['ls', '--json', sessionId]);
		const history = new Map(run(['history', '--json']).map(r => [r.agentId as string, r]));
		expect(ls.length).toBeGreaterThan(0);
		for (const row of ls) {
			const past = history.get(row.agentId as string);
			expect(past, `${scenario}/${String(row.agentId)} in history`).toBeDefined();
			const stopped = row.status === 'stopped';
			const said = {
				startedAt: row.startUnknown === true ? null : row.startedAt,
				stoppedAt: stopped ? row.stoppedAt : null,
				status: stopped
					? row.interrupted === true
						? 'interrupted'
						: typeof row.stopReason === 'string' && row.stopReason.startsWith('stop-failure:')
							? 'failed'
							: 'completed'
					: 'running',
				resumeCount: (row.resumeCount as number | undefined) ?? 0,
				parentAgentId: row.parentAgentId ?? null,
			};
			const running = ['active', 'resumed', 'idle', 'stale'].includes(past!.status as string);
			const told = {
				startedAt: past!.startUnknown === true ? null : past!.startedAt,
				stoppedAt: running ? null : past!.stoppedAt,
				status: running ? 'running' : past!.status,
				resumeCount: past!.resumeCount,
				parentAgentId: past!.parentAgentId ?? null,
			};
			expect(told, `${scenario}/${String(row.agentId)}`).toEqual(said);
		}
	});
}, 120_000);
