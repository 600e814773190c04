// The hook on PermissionRequest and Notification, run as Claude Code runs it: a subagent's
// request marks it waiting; the main session's writes .main-waiting.json; both are logged; the
// hook answers nothing (exit 0, no stdout: Claude Code's own prompt stays in charge).
import {spawnSync} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {parseEventLog} from '../../../src/core/record/event-line.js';
import {hookEnv, installedHook, runHook} from '../../helpers/hook.js';
import {tempDir} from '../../helpers/tmp.js';

const SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';
const CLI = path.resolve(import.meta.dirname, '..', '..', '..', 'bin', 'agentlog.js');
const TRANSCRIPT = `/home/dev/.claude/projects/-home-dev-acme/${SESSION}.jsonl`;
let launcher = '';
beforeAll(() => {
	launcher = installedHook();
});

const payload = (event: string, extra: Record<string, unknown>) =>
	JSON.stringify({session_id: SESSION, transcript_path: TRANSCRIPT, cwd: '/home/dev/acme', permission_mode: 'default', hook_event_name: event, ...extra});
const ask = (extra: Record<string, unknown> = {}) =>
	payload('PermissionRequest', {
		tool_name: 'Bash',
		tool_input: {command: 'npm publish', description: 'Publish the package'},
		permission_suggestions: [],
		...extra,
	});

function run(activity: string, input: string): void {
	const r = runHook(launcher, input, hookEnv(activity));
	expect(r).toMatchObject({status: 0, stdout: ''});
}
const record = (activity: string, id: string) => JSON.parse(readFileSync(path.join(activity, SESSION, `${id}.json`), 'utf8')) as Record<string, unknown>;
const marker = (activity: string) => path.join(activity, SESSION, '.main-waiting.json');

describe('agent-spy: waiting for the user', () => {
	it("marks a subagent waiting on its PermissionRequest, logs it, and clears it at the agent's next event", () => {
		const activity = tempDir('wait-');
		run(activity, payload('SubagentStart', {agent_id: 'a1', agent_type: 'Explore'}));
		run(activity, ask({agent_id: 'a1', agent_type: 'Explore'}));
		expect(record(activity, 'a1')).toMatchObject({status: 'active', waitingFor: 'Bash: npm publish'});
		expect(record(activity, 'a1').waitingSince).toBe(record(activity, 'a1').updatedAt);
		run(activity, payload('SubagentStop', {agent_id: 'a1', agent_type: 'Explore', last_assistant_message: 'Published.'}));
		expect(record(activity, 'a1').waitingFor).toBeUndefined();
		const lines = parseEventLog(readFileSync(path.join(activity, SESSION, 'events.jsonl'), 'utf8')).lines;
		expect(lines.map(l => l.event)).toEqual(['SubagentStart', 'PermissionRequest', 'SubagentStop']);
		expect(lines[1]).toMatchObject({agentId: 'a1', state: 'active', data: {waitingFor: 'Bash: npm publish'}});
	});

	it('the main session: .main-waiting.json while it waits, gone at idle_prompt or its next Agent call; a Notification is logged', () => {
		const activity = tempDir('wait-');
		// No folder yet: nothing is written for a session without agents.
		run(activity, ask());
		expect(existsSync(path.join(activity, SESSION))).toBe(false);
		run(activity, payload('SubagentStart', {agent_id: 'a1', agent_type: 'Explore'}));
		run(activity, ask());
		expect(JSON.parse(readFileSync(marker(activity), 'utf8'))).toMatchObject({waitingFor: 'Bash: npm publish', transcriptPath: TRANSCRIPT});
		run(activity, payload('Notification', {notification_type: 'idle_prompt', message: 'Claude is waiting for your input'}));
		expect(existsSync(marker(activity))).toBe(false);
		run(activity, ask());
		run(
			activity,
			payload('PostToolUse', {
				tool_name: 'Agent',
				tool_input: {description: 'x', subagent_type: 'Explore'},
				tool_response: {agentId: 'a1', status: 'completed'},
			}),
		);
		expect(existsSync(marker(activity))).toBe(false);
		const lines = parseEventLog(readFileSync(path.join(activity, SESSION, 'events.jsonl'), 'utf8')).lines;
		expect(lines.filter(l => l.event === 'Notification')[0]).toMatchObject({data: {notificationType: 'idle_prompt'}});
		expect(lines.filter(l => l.event === 'PermissionRequest' && l.agentId === undefined)).toHaveLength(2);
	});

	it('a Notification with no agent_id while a subagent’s request stands is that subagent’s prompt, not the main session’s', () => {
		// As the real interactive client sends them (docs/claude-code-hooks.md#seen-on-the-real-client-interactive): the request names the
		// agent; about 6 s later the Notification of the same dialog names none.
		const activity = tempDir('wait-');
		run(activity, payload('SubagentStart', {agent_id: 'adeployer-5a1e0c2f9b7d4e68', agent_type: 'deployer'}));
		run(
			activity,
			ask({
				agent_id: 'adeployer-5a1e0c2f9b7d4e68',
				agent_type: 'deployer',
				tool_input: {command: 'ls -la /tmp', description: 'List /tmp'},
				permission_suggestions: [{type: 'addRules', rules: [{toolName: 'Bash', ruleContent: 'ls:*'}], behavior: 'allow', destination: 'localSettings'}],
			}),
		);
		const since = record(activity, 'adeployer-5a1e0c2f9b7d4e68').waitingSince;
		expect(since).toBeDefined();
		run(activity, payload('Notification', {notification_type: 'permission_prompt', message: 'Claude needs your permission'}));
		expect(existsSync(marker(activity))).toBe(false);
		expect(record(activity, 'adeployer-5a1e0c2f9b7d4e68')).toMatchObject({waitingFor: 'Bash: ls -la /tmp', waitingSince: since});
		const lines = parseEventLog(readFileSync(path.join(activity, SESSION, 'events.jsonl'), 'utf8')).lines;
		expect(lines.at(-1)).toMatchObject({event: 'Notification', agentId: 'adeployer-5a1e0c2f9b7d4e68', data: {notificationType: 'permission_prompt'}});
		const cli = (...args: string[]) => {
			const r = spawnSync(process.execPath, [CLI, ...args], {
				env: {
					...process.env,
					HOME: tempDir('home-'),
					XDG_STATE_HOME: tempDir('state-'),
					AGENTLOG_DIR: activity,
					CLAUDE_CONFIG_DIR: tempDir('claude-'),
					NO_COLOR: '1',
				},
				encoding: 'utf8',
			});
			expect(r.status, r.stderr).toBe(0);
			return r.stdout;
		};
		expect(JSON.parse(cli('status', '--format', 'json'))).toMatchObject({mainWaiting: false, counts: {waiting: 1}});
		expect(JSON.parse(cli('sessions', '--json'))).toMatchObject([{id: SESSION, mainWaiting: false, counts: {waiting: 1}}]);
		expect(cli('status')).not.toContain('main');
		expect(cli('ls')).not.toContain('main session waits');
	});

	it('the main session’s own prompt: its Notification keeps the start its PermissionRequest gave', () => {
		const activity = tempDir('wait-');
		run(activity, payload('SubagentStart', {agent_id: 'a1', agent_type: 'Explore'}));
		run(activity, ask());
		const asked = JSON.parse(readFileSync(marker(activity), 'utf8')) as {since: string};
		run(activity, payload('Notification', {notification_type: 'permission_prompt', message: 'Claude needs your permission'}));
		expect(JSON.parse(readFileSync(marker(activity), 'utf8'))).toMatchObject({since: asked.since, waitingFor: 'Bash: npm publish'});
		// Another kind of question with no agent_id is the main session's, whoever else asks.
		const asking = tempDir('wait-');
		run(asking, payload('SubagentStart', {agent_id: 'a1', agent_type: 'Explore'}));
		run(asking, ask({agent_id: 'a1', agent_type: 'Explore'}));
		run(asking, payload('Notification', {notification_type: 'elicitation_dialog', message: 'The server asks for a token'}));
		expect(JSON.parse(readFileSync(marker(asking), 'utf8'))).toMatchObject({waitingFor: 'The server asks for a token'});
		// Without a request before it, and no subagent asking, a Notification is the main session's.
		const other = tempDir('wait-');
		run(other, payload('SubagentStart', {agent_id: 'a1', agent_type: 'Explore'}));
		run(other, payload('Notification', {notification_type: 'permission_prompt', message: 'Claude needs your permission'}));
		expect(JSON.parse(readFileSync(marker(other), 'utf8'))).toMatchObject({waitingFor: 'Claude needs your permission'});
	});

	it('a request of an agent never started makes no file (a stray agent_id)', () => {
		const activity = tempDir('wait-');
		run(activity, payload('SubagentStart', {agent_id: 'a1', agent_type: 'Explore'}));
		run(activity, ask({agent_id: 'stray1'}));
		expect(existsSync(path.join(activity, SESSION, 'stray1.json'))).toBe(false);
	});
});
