// The installed hook records its session's process once: the first process above the shells that
// ran it (here this test's own process, which runs agent-spy.sh as Claude Code runs a hook).
import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {SESSION_PROCESS_NAME} from '../../../src/core/record/file-names.js';
import {hookEnv, installedHook, runHook} from '../../helpers/hook.js';
import {tempDir} from '../../helpers/tmp.js';

const SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';
const payload = (event: string, extra: Record<string, unknown> = {}) =>
	JSON.stringify({session_id: SESSION, transcript_path: '/nowhere.jsonl', cwd: '/', hook_event_name: event, ...extra});

describe.runIf(process.platform === 'linux')("the hook records the session's process", () => {
	it('on the first agent event, not again on the next, again on a SessionStart', () => {
		const activity = tempDir('activity-');
		const launcher = installedHook();
		const file = path.join(activity, SESSION, SESSION_PROCESS_NAME);
		expect(runHook(launcher, payload('SubagentStart', {agent_id: 'a1', agent_type: 'Explore'}), hookEnv(activity)).status).toBe(0);
		const recorded = JSON.parse(readFileSync(file, 'utf8')) as {pid: number; start: number};
		expect(recorded.pid).toBe(process.pid);
		expect(recorded.start).toBeGreaterThan(0);
		writeFileSync(file, '{"pid":2,"start":1,"comm":"other"}\n');
		runHook(launcher, payload('SubagentStop', {agent_id: 'a1', agent_type: 'Explore'}), hookEnv(activity));
		expect(readFileSync(file, 'utf8')).toContain('"other"');
		runHook(launcher, payload('SessionStart', {source: 'resume'}), hookEnv(activity));
		expect((JSON.parse(readFileSync(file, 'utf8')) as {pid: number}).pid).toBe(process.pid);
	});
});

describe('the hook records the tmux pane Claude Code runs in', () => {
	it('from $TMUX_PANE and $TMUX, on the first agent event, checked', () => {
		const activity = tempDir('activity-');
		const launcher = installedHook();
		const file = path.join(activity, SESSION, SESSION_PROCESS_NAME);
		const env = hookEnv(activity, {TMUX: '/tmp/tmux-1000/default,4242,0', TMUX_PANE: '%12'});
		expect(runHook(launcher, payload('SubagentStart', {agent_id: 'a1', agent_type: 'Explore'}), env).status).toBe(0);
		expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({tmuxPane: '%12', tmuxSocket: '/tmp/tmux-1000/default'});
		// A hostile pane or socket is not kept.
		const other = tempDir('activity-');
		const hostile = hookEnv(other, {TMUX: '/tmp/../etc/x\u001b]0;t\u0007,1,0', TMUX_PANE: '%12; rm -rf /'});
		expect(runHook(launcher, payload('SubagentStart', {agent_id: 'a1', agent_type: 'Explore'}), hostile).status).toBe(0);
		const otherFile = path.join(other, SESSION, SESSION_PROCESS_NAME);
		// On Linux the process is recorded; elsewhere nothing is.
		expect(existsSync(otherFile) ? readFileSync(otherFile, 'utf8') : '').not.toContain('tmux');
	});
});
