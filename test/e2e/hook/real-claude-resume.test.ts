// The SendMessage resume as the real Claude Code 2.1.328 fired it (test/fixtures/claude/resume):
// its payloads, in their order, through the installed hook. The second SubagentStart of the same
// agent comes under a second after its first stop; it must count as a resume, in the agent file
// and in the history, and the agent must be shown active while it runs again.
import {spawnSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {HOOK_EVENTS} from '../../../src/core/hook/hook-event.js';
import {hookEnv, installedHook, runHook} from '../../helpers/hook.js';
import {tempDir} from '../../helpers/tmp.js';

const fixture = path.resolve(import.meta.dirname, '..', '..', 'fixtures', 'claude', 'resume');
const payloads = readFileSync(path.join(fixture, 'hook-payloads.jsonl'), 'utf8')
	.split('\n')
	.filter(Boolean)
	.map(line => line);
const events = new Set<string>(HOOK_EVENTS);
const cli = path.resolve(import.meta.dirname, '..', '..', '..', 'bin', 'agentlog.js');

describe('a SendMessage resume from the real Claude Code, through the hook', () => {
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
});
