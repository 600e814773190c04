// The real Claude Code's SendMessage resume (test/fixtures/claude/resume), stopped in the middle
// of the second run: the payloads through the installed hook up to the agent's second
// SubagentStart, its transcript cut where that start came. The agent runs again: every view says
// active, not "stopped (inferred)" by the first run's end of turn and its parent's completed
// Agent result.
import {spawnSync} from 'node:child_process';
import {readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {placeClaudeFixture} from '../../helpers/claude-fixture-copy.js';
import {hookEnv, installedHook, runHook} from '../../helpers/hook.js';
import {tempDir} from '../../helpers/tmp.js';

const cli = path.resolve(import.meta.dirname, '..', '..', '..', 'bin', 'agentlog.js');
/** When the second SubagentStart came in the recorded run (the fixture's events.jsonl). */
const SECOND_START = Date.parse('2026-11-26T09:06:22.449Z');

/** Keeps the lines of every transcript under `dir` written no later than `ms` (lines without a time stay). */
function cutTranscripts(dir: string, ms: number): void {
	for (const name of readdirSync(dir, {recursive: true, encoding: 'utf8'})) {
		const file = path.join(dir, name);
		if (!name.endsWith('.jsonl') || !statSync(file).isFile()) {
			continue;
		}
		const kept = readFileSync(file, 'utf8')
			.split('\n')
			.filter(line => {
				if (line === '') {
					return false;
				}
				const at = (JSON.parse(line) as {timestamp?: string}).timestamp;
				return at === undefined || Date.parse(at) <= ms;
			});
		writeFileSync(file, `${kept.join('\n')}\n`);
	}
}

describe('a resumed agent in the middle of its second run', () => {
	it('is active in ls and sessions (from the files and from the cache)', () => {
		const fx = placeClaudeFixture('resume');
		cutTranscripts(fx.claude, SECOND_START);
		const activity = tempDir('activity-');
		const launcher = installedHook();
		const env = hookEnv(activity, {CLAUDE_CONFIG_DIR: fx.claude});
		const agentId = fx.agents[0]!.agentId;
		let starts = 0;
		for (const text of fx.payloads) {
			const payload = JSON.parse(text) as {hook_event_name: string; agent_id?: string};
			expect(runHook(launcher, text, env)).toMatchObject({status: 0, stdout: ''});
			if (payload.hook_event_name === 'SubagentStart' && payload.agent_id === agentId && ++starts === 2) {
				break;
			}
		}
		const record = JSON.parse(readFileSync(path.join(activity, fx.sessionId, `${agentId}.json`), 'utf8')) as Record<string, unknown>;
		expect(record).toMatchObject({status: 'active', resumeCount: 1});
		const run = (...args: string[]) => {
			const r = spawnSync(process.execPath, [cli, ...args], {
				env: {...process.env, HOME: fx.root, AGENTLOG_DIR: activity, CLAUDE_CONFIG_DIR: fx.claude, XDG_STATE_HOME: tempDir('state-'), NO_COLOR: '1'},
				encoding: 'utf8',
			});
			expect(r.status, r.stderr).toBe(0);
			return r.stdout;
		};
		const ls = JSON.parse(run('ls', '--json')) as Array<Record<string, unknown>>;
		expect(ls.find(a => a.agentId === agentId)).toMatchObject({displayStatus: 'active', inferredStop: false, resumeCount: 1});
		const sessions = JSON.parse(run('sessions', '--json')) as Array<{id: string; counts: Record<string, number>}>;
		expect(sessions.find(s => s.id === fx.sessionId)?.counts).toMatchObject({active: 1, stopped: 0});
		// Twice: the second answer comes from the sessions cache.
		const again = JSON.parse(run('sessions', '--json')) as Array<{id: string; counts: Record<string, number>}>;
		expect(again.find(s => s.id === fx.sessionId)?.counts).toMatchObject({active: 1, stopped: 0});
	});
});
