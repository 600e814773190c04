// Payloads as the real Claude Code 2.1.328 fired them (test/fixtures/claude), in their order,
// through the installed hook: a SendMessage resume (the second SubagentStart of the same agent
// comes under a second after its first stop: a resume, shown active while it runs again) and a
// workflow agent that died on an API error (StopFailure: failed, at the time it failed, not
// interrupted at the session's end).
import {spawnSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {HOOK_EVENTS} from '../../../src/core/hook/hook-event.js';
import {hookEnv, installedHook, runHook} from '../../helpers/hook.js';
import {tempDir} from '../../helpers/tmp.js';

const fixtures = path.resolve(import.meta.dirname, '..', '..', 'fixtures', 'claude');
const payloadsOf = (scenario: string): string[] =>
	readFileSync(path.join(fixtures, scenario, 'hook-payloads.jsonl'), 'utf8')
		.split('\n')
		.filter(Boolean);
const payloads = payloadsOf('resume');
const events = new Set<string>(HOOK_EVENTS);
const cli = path.resolve(import.meta.dirname, '..', '..', '..', 'bin', 'agentlog.js');

describe('payloads of the real Claude Code, through the installed hook', () => {
	it('counts the second run as a resume, shown active while it runs, stopped after', () => {
		const activity = tempDir('resume-');
		const launcher = installedHook();
		const parsed = payloads.map(text => JSON.parse(text) as {hook_event_name: string; agent_id?: string; session_id: string});
		const agentId = parsed.find(p => p.hook_event_name === 'SubagentStart')!.agent_id!;
		const sessionId = parsed[0]!.session_id;
		const file = path.join(activity, sessionId, `${agentId}.json`);
		let starts = 0;
		let statusDuringSecondRun: string | undefined;
		for (const [i, payload] of parsed.entries()) {
			if (!events.has(payload.hook_event_name)) {
				continue;
			}
			expect(runHook(launcher, payloads[i]!, hookEnv(activity))).toMatchObject({status: 0, stdout: ''});
			if (payload.hook_event_name === 'SubagentStart' && payload.agent_id === agentId && ++starts === 2) {
				statusDuringSecondRun = (JSON.parse(readFileSync(file, 'utf8')) as {status: string}).status;
			}
		}
		expect(starts).toBe(2);
		expect(statusDuringSecondRun).toBe('active');
		const record = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
		expect(record).toMatchObject({status: 'stopped', resumeCount: 1});

		const history = spawnSync(process.execPath, [cli, 'history', '--json'], {env: {...process.env, AGENTLOG_DIR: activity}, encoding: 'utf8'});
		expect(history.status).toBe(0);
		const agents = JSON.parse(history.stdout) as Array<Record<string, unknown>>;
		expect(agents.find(a => a.agentId === agentId)).toMatchObject({status: 'completed', resumeCount: 1});
	});

	it('a workflow agent that died on an API error is failed, with the error, at the time it failed', () => {
		const activity = tempDir('failure-');
		const launcher = installedHook();
		const texts = payloadsOf('workflow');
		const parsed = texts.map(text => JSON.parse(text) as {hook_event_name: string; agent_id?: string; session_id: string; last_assistant_message?: string});
		const failure = parsed.find(p => p.hook_event_name === 'StopFailure')!;
		const agentId = failure.agent_id!;
		const file = path.join(activity, parsed[0]!.session_id, `${agentId}.json`);
		let failedAt: string | undefined;
		for (const [i, payload] of parsed.entries()) {
			if (!events.has(payload.hook_event_name)) {
				continue;
			}
			expect(runHook(launcher, texts[i]!, hookEnv(activity))).toMatchObject({status: 0, stdout: ''});
			if (payload === failure) {
				failedAt = (JSON.parse(readFileSync(file, 'utf8')) as {stoppedAt?: string}).stoppedAt;
			}
		}
		// SessionEnd came after: the failure stands, with its own time.
		const record = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
		expect(record).toMatchObject({status: 'stopped', stopReason: 'stop-failure:unknown', stoppedAt: failedAt, lastMessage: failure.last_assistant_message});
		expect(record.interrupted).toBeUndefined();

		const env = {...process.env, AGENTLOG_DIR: activity};
		const history = spawnSync(process.execPath, [cli, 'history', '--json'], {env, encoding: 'utf8'});
		const agents = JSON.parse(history.stdout) as Array<Record<string, unknown>>;
		expect(agents.find(a => a.agentId === agentId)).toMatchObject({status: 'failed', stopReason: 'stop-failure:unknown'});
		// The agent that finished is completed, not failed.
		expect(agents.filter(a => a.agentId !== agentId).map(a => a.status)).toEqual(['completed']);
		const ls = spawnSync(process.execPath, [cli, 'ls', parsed[0]!.session_id], {env, encoding: 'utf8'});
		expect(ls.stdout).toContain('failed');
	});
});
