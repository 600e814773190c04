// A named agent run as an in-process teammate (agent teams on, the interactive client:
// docs/claude-code-hooks.md#seen-on-the-real-client-interactive): every hook says its name as `agent_type`; its `.meta.json`
// (`spawnedAgentType`) and the Agent call's result say its real type. Through the installed hook
// the agent file, `ls` and `history` give the real type and the name: `deployer (general-purpose)`.
import {spawnSync} from 'node:child_process';
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {hookEnv, installedHook, runHook} from '../../helpers/hook.js';
import {tempDir} from '../../helpers/tmp.js';

const cli = path.resolve(import.meta.dirname, '..', '..', '..', 'bin', 'agentlog.js');
const SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';
const AGENT = 'adeployer-5a1e0c2f9b7d4e68';

function scene(withMeta: boolean) {
	const root = tempDir('teammate-');
	const project = path.join(root, 'claude', 'projects', '-work-acme');
	const transcript = path.join(project, `${SESSION}.jsonl`);
	mkdirSync(path.join(project, SESSION, 'subagents'), {recursive: true});
	writeFileSync(transcript, '');
	if (withMeta) {
		writeFileSync(
			path.join(project, SESSION, 'subagents', `agent-${AGENT}.meta.json`),
			JSON.stringify({
				agentType: 'deployer',
				name: 'deployer',
				description: 'Deploy the site',
				spawnDepth: 0,
				requestShape: 'background',
				taskKind: 'in_process_teammate',
				teamName: 'session-3f2c9a10',
				color: 'blue',
				spawnedAgentType: 'general-purpose',
				permissionMode: 'default',
			}),
		);
	}
	const payload = (event: string, extra: Record<string, unknown>) =>
		JSON.stringify({session_id: SESSION, transcript_path: transcript, cwd: '/work/acme', hook_event_name: event, ...extra});
	const launched = payload('PostToolUse', {
		tool_name: 'Agent',
		tool_input: {name: 'deployer', description: 'Deploy the site', prompt: 'Deploy it.'},
		tool_response: {status: 'teammate_spawned', agentId: AGENT, teammate_id: 'deployer@session-3f2c9a10', agent_type: 'general-purpose', name: 'deployer'},
	});
	return {
		root,
		activity: path.join(root, 'activity'),
		claude: path.join(root, 'claude'),
		start: payload('SubagentStart', {agent_id: AGENT, agent_type: 'deployer'}),
		launched,
		stop: payload('SubagentStop', {
			agent_id: AGENT,
			agent_type: 'deployer',
			last_assistant_message: 'Deployed.',
			agent_transcript_path: path.join(project, SESSION, 'subagents', `agent-${AGENT}.jsonl`),
		}),
		idle: payload('TeammateIdle', {agent_id: AGENT, agent_type: 'deployer', teammate_name: 'deployer', team_name: 'session-3f2c9a10'}),
	};
}

describe('an in-process teammate', () => {
	it.each([
		['its .meta.json there at the start, the launch after', true, ['start', 'launched', 'stop', 'idle']],
		['no .meta.json, the launch after the start', false, ['start', 'launched', 'stop', 'idle']],
		['its .meta.json there, the launch first', true, ['launched', 'start', 'stop', 'idle']],
		// As the real interactive client fired them: the launch first, no .meta.json yet, and the
		// agent seen while it runs (waiting on a permission dialog), before any stop.
		['no .meta.json, the launch first, still running', false, ['launched', 'start']],
	] as const)('is shown by its name and its real type (%s)', (_, withMeta, order) => {
		const s = scene(withMeta);
		const launcher = installedHook();
		const env = hookEnv(s.activity, {CLAUDE_CONFIG_DIR: s.claude});
		for (const step of order) {
			expect(runHook(launcher, s[step], env)).toMatchObject({status: 0, stdout: ''});
		}
		const record = JSON.parse(readFileSync(path.join(s.activity, SESSION, `${AGENT}.json`), 'utf8')) as Record<string, unknown>;
		expect(record).toMatchObject({type: 'general-purpose', teammateName: 'deployer'});
		const run = (...args: string[]) => {
			const r = spawnSync(process.execPath, [cli, ...args], {
				env: {...process.env, HOME: s.root, XDG_STATE_HOME: path.join(s.root, 'state'), AGENTLOG_DIR: s.activity, CLAUDE_CONFIG_DIR: s.claude, NO_COLOR: '1'},
				encoding: 'utf8',
			});
			expect(r.status, r.stderr).toBe(0);
			return r.stdout;
		};
		expect(run('ls')).toContain('deployer (general-purpose)');
		expect(JSON.parse(run('ls', '--json'))).toMatchObject([{type: 'general-purpose', teammateName: 'deployer'}]);
		expect(JSON.parse(run('history', '--json'))).toMatchObject([{agentId: AGENT, type: 'general-purpose'}]);
		expect(run('history')).not.toMatch(/^\S+\s+\S+\s+deployer /mu);
	});
});
