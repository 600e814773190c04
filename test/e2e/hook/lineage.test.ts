// Every real Claude Code 2.1.328 scenario (test/fixtures/claude), its payloads through the
// installed hook: the log begins with the session's own start, and every agent's parent and
// depth in the agent files, `ls --json` and `history --json` are what the manifest says.
import {spawnSync} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it, vi} from 'vitest';
import {HOOK_EVENTS} from '../../../src/core/hook/hook-event.js';
import {placeClaudeFixture} from '../../helpers/claude-fixture-copy.js';
import {hookEnv, installedHook, runHook} from '../../helpers/hook.js';
import {tempDir} from '../../helpers/tmp.js';

const cli = path.resolve(import.meta.dirname, '..', '..', '..', 'bin', 'agentlog.js');
const manifest = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '..', '..', 'fixtures', 'claude', 'manifest.json'), 'utf8')) as {
	scenarios: Record<string, unknown>;
};
const events = new Set<string>(HOOK_EVENTS);

// Each payload runs the hook once: workflow30's 153 take ~17 s on 2 loaded cores, hence the limit.
vi.setConfig({testTimeout: 120_000});

describe.each(Object.keys(manifest.scenarios))('%s through the hook', scenario => {
	it('starts the log with the session’s start; parents and depths as the manifest says, in every view', () => {
		const fx = placeClaudeFixture(scenario);
		const activity = tempDir('activity-');
		const launcher = installedHook();
		const env = hookEnv(activity, {CLAUDE_CONFIG_DIR: fx.claude});
		for (const text of fx.payloads) {
			if (events.has((JSON.parse(text) as {hook_event_name: string}).hook_event_name)) {
				expect(runHook(launcher, text, env)).toMatchObject({status: 0, stdout: ''});
			}
		}
		const log = readFileSync(path.join(activity, fx.sessionId, 'events.jsonl'), 'utf8');
		expect(JSON.parse(log.split('\n')[0]!)).toMatchObject({event: 'SessionStart', data: {source: 'startup'}});
		const run = (...args: string[]) => {
			const r = spawnSync(process.execPath, [cli, ...args], {env: {...process.env, AGENTLOG_DIR: activity, CLAUDE_CONFIG_DIR: fx.claude}, encoding: 'utf8'});
			expect(r.status, r.stderr).toBe(0);
			return JSON.parse(r.stdout) as Array<{agentId: string; parentAgentId: string | null}>;
		};
		const ls = run('ls', '--json', '--all');
		const history = run('history', '--json');
		for (const a of fx.agents) {
			const file = path.join(activity, fx.sessionId, `${a.agentId}.json`);
			if (existsSync(file)) {
				const record = JSON.parse(readFileSync(file, 'utf8')) as {parentAgentId?: string; spawnDepth?: number};
				expect(record.parentAgentId, a.script).toBe(a.parent ?? undefined);
				if (record.spawnDepth !== undefined) {
					expect(record.spawnDepth, a.script).toBe(a.depth);
				}
			}
			expect(ls.find(x => x.agentId === a.agentId)?.parentAgentId, `${a.script} in ls`).toBe(a.parent);
			expect(history.find(x => x.agentId === a.agentId)?.parentAgentId, `${a.script} in history`).toBe(a.parent);
		}
	});
});
