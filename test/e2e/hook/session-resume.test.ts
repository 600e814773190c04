// A session ended while its agent ran (SessionEnd interrupts it), came back (SessionStart with
// `source: "resume"`) and started that agent again at once, as payloads of the real Claude Code
// (test/fixtures/claude/resume) through the installed hook: the SessionStart between the end and
// the start orders them, so the start is a resume however soon it came, in the agent file and in
// the history folded from the log.
import {spawnSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {placeClaudeFixture} from '../../helpers/claude-fixture-copy.js';
import {hookEnv, installedHook, runHook} from '../../helpers/hook.js';
import {tempDir} from '../../helpers/tmp.js';

const cli = path.resolve(import.meta.dirname, '..', '..', '..', 'bin', 'agentlog.js');

describe('a start right after the session came back', () => {
	it('is a resume of the interrupted agent', () => {
		const fx = placeClaudeFixture('resume');
		const payloads = fx.payloads.map(text => JSON.parse(text) as Record<string, unknown>);
		const of = (event: string) => payloads.find(p => p.hook_event_name === event)!;
		const start = of('SubagentStart');
		const agentId = start.agent_id as string;
		const activity = tempDir('activity-');
		const launcher = installedHook();
		const env = hookEnv(activity, {CLAUDE_CONFIG_DIR: fx.claude});
		const file = path.join(activity, fx.sessionId, `${agentId}.json`);
		const hook = (payload: Record<string, unknown>) => expect(runHook(launcher, JSON.stringify(payload), env)).toMatchObject({status: 0, stdout: ''});
		hook(of('SessionStart'));
		hook(start);
		// The agent runs a while: the same start again within a second would be a second install's copy of it (repeats.ts).
		Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1100);
		hook({...of('SessionEnd'), reason: 'prompt_input_exit'});
		expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({status: 'stopped', interrupted: true});
		const ended = Date.now();
		hook({...of('SessionStart'), source: 'resume'});
		hook(start);
		// The start came within the window where, with nothing between, it would be taken for a late one.
		expect(Date.now() - ended).toBeLessThan(1500);
		const record = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
		expect(record).toMatchObject({status: 'active', resumeCount: 1});
		expect(record.interrupted).toBeUndefined();
		const history = spawnSync(process.execPath, [cli, 'history', '--json'], {
			env: {...process.env, HOME: fx.root, AGENTLOG_DIR: activity, CLAUDE_CONFIG_DIR: fx.claude, XDG_STATE_HOME: tempDir('state-')},
			encoding: 'utf8',
		});
		expect(history.status, history.stderr).toBe(0);
		const agents = JSON.parse(history.stdout) as Array<Record<string, unknown>>;
		expect(agents.find(a => a.agentId === agentId)).toMatchObject({status: 'resumed', resumeCount: 1});
	});
});
