// Runs the real hook (installed form: agent-spy.sh + agent-spy.cjs) as Claude Code does, with
// real-shaped payloads (docs/claude-code-hooks.md#example-payloads), in temporary folders.
import {existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {parseAgentRecord} from '../../../src/core/record/agent-record.js';
import {hookEnv, installedHook, runHook, runHookAsync, runHookScript} from '../../helpers/hook.js';
import {tempDir} from '../../helpers/tmp.js';
import {SESSION_PROCESS_NAME} from '../../../src/core/record/file-names.js';

const SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';
const TRANSCRIPT = `/home/dev/.claude/projects/-home-dev-acme/${SESSION}.jsonl`;

const start = (agentId: string, agentType = 'Explore', session = SESSION) =>
	JSON.stringify({
		session_id: session,
		transcript_path: TRANSCRIPT,
		cwd: '/home/dev/acme',
		hook_event_name: 'SubagentStart',
		agent_id: agentId,
		agent_type: agentType,
	});
const stop = (agentId: string, agentType = 'Explore', message = 'Found 4 API routes under src/routes.') =>
	JSON.stringify({
		session_id: SESSION,
		transcript_path: TRANSCRIPT,
		cwd: '/home/dev/acme',
		permission_mode: 'default',
		effort: {level: 'high'},
		hook_event_name: 'SubagentStop',
		stop_hook_active: false,
		agent_id: agentId,
		agent_type: agentType,
		agent_transcript_path: `/home/dev/.claude/projects/-home-dev-acme/${SESSION}/subagents/agent-${agentId}.jsonl`,
		last_assistant_message: message,
		background_tasks: [],
		session_crons: [],
	});
const idle = (name: string) =>
	JSON.stringify({
		session_id: SESSION,
		transcript_path: TRANSCRIPT,
		cwd: '/home/dev/acme',
		permission_mode: 'default',
		hook_event_name: 'TeammateIdle',
		teammate_name: name,
		team_name: 'session-3f2c9a10',
	});

function readAgent(activity: string, agentId: string, session = SESSION) {
	const parsed = parseAgentRecord(JSON.parse(readFileSync(path.join(activity, session, `${agentId}.json`), 'utf8')));
	if (!parsed.ok) {
		throw new Error(parsed.error);
	}
	return parsed.value;
}

function agentFiles(activity: string, session = SESSION): string[] {
	return readdirSync(path.join(activity, session)).filter(n => n.endsWith('.json') && !n.startsWith('.'));
}

let launcher: string;
beforeAll(() => {
	launcher = installedHook();
});

describe('agent-spy hook', () => {
	it('records a start, then a stop, exiting 0 with nothing on stdout', () => {
		const activity = tempDir();
		const env = hookEnv(activity);
		for (const input of [start('a8c41f0e92b7d3a15'), stop('a8c41f0e92b7d3a15')]) {
			const run = runHookScript(launcher, input, env);
			expect(run).toMatchObject({status: 0, stdout: ''});
		}
		const rec = readAgent(activity, 'a8c41f0e92b7d3a15');
		expect(rec).toMatchObject({type: 'Explore', status: 'stopped', lastMessage: 'Found 4 API routes under src/routes.', sessionId: SESSION});
		expect(Date.parse(rec.stoppedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(rec.startedAt));
		// The file is 2-space JSON with a final newline, and no temp file is left behind.
		expect(readFileSync(path.join(activity, SESSION, 'a8c41f0e92b7d3a15.json'), 'utf8')).toMatch(/^\{\n {2}"agentId".*\n\}\n$/s);
		expect(readdirSync(path.join(activity, SESSION)).sort()).toEqual(
			[SESSION_PROCESS_NAME, 'a8c41f0e92b7d3a15.json', 'events.jsonl'].filter(n => process.platform === 'linux' || n !== SESSION_PROCESS_NAME),
		);
	});

	it('keeps the first startedAt when SubagentStart repeats', () => {
		const activity = tempDir();
		const env = hookEnv(activity);
		runHook(launcher, start('a1'), env);
		const first = readAgent(activity, 'a1').startedAt;
		runHook(launcher, start('a1'), env);
		const again = readAgent(activity, 'a1');
		expect(again.startedAt).toBe(first);
		expect(Date.parse(again.updatedAt)).toBeGreaterThanOrEqual(Date.parse(first));
	});

	it('keeps type on an empty-type stop, ignores an empty-type stop never seen, records an unseen start', () => {
		const activity = tempDir();
		const env = hookEnv(activity);
		runHook(launcher, start('a1', 'Plan'), env);
		runHook(launcher, stop('a1', ''), env);
		expect(readAgent(activity, 'a1')).toMatchObject({type: 'Plan', status: 'stopped'});
		runHook(launcher, stop('internal1', ''), env);
		expect(existsSync(path.join(activity, SESSION, 'internal1.json'))).toBe(false);
		runHook(launcher, stop('bg1', 'general-purpose'), env);
		expect(readAgent(activity, 'bg1')).toMatchObject({status: 'stopped', startUnknown: true});
	});

	it('maps TeammateIdle to the teammate agent, and records an unknown teammate instead of dropping it', () => {
		const activity = tempDir();
		const env = hookEnv(activity);
		runHook(launcher, start('reviewer@session-3f2c9a10', 'general-purpose'), env);
		runHook(launcher, idle('reviewer'), env);
		expect(readAgent(activity, 'reviewer@session-3f2c9a10')).toMatchObject({status: 'idle', type: 'general-purpose'});
		runHook(launcher, idle('tester'), env);
		expect(readAgent(activity, 'tester@session-3f2c9a10')).toMatchObject({status: 'idle', type: 'tester'});
		expect(agentFiles(activity)).toHaveLength(2);
	});

	it('honours CLAUDE_CONFIG_DIR when AGENTLOG_DIR is not set', () => {
		const claude = tempDir();
		runHook(launcher, start('a1'), {PATH: process.env.PATH, HOME: tempDir(), CLAUDE_CONFIG_DIR: claude});
		expect(existsSync(path.join(claude, 'agent-activity', SESSION, 'a1.json'))).toBe(true);
	});

	it('survives 50 hook processes for different agents of one session started at once', async () => {
		const activity = tempDir();
		const env = hookEnv(activity);
		const ids = Array.from({length: 50}, (_, i) => `a${String(i).padStart(3, '0')}f0e92b7d3a15`);
		const runs = await Promise.all(ids.map(id => runHookAsync(launcher, start(id), env)));
		expect(runs.every(r => r.status === 0 && r.stdout === '')).toBe(true);
		const files = agentFiles(activity);
		expect(files.sort()).toEqual(ids.map(id => `${id}.json`).sort());
		for (const id of ids) {
			expect(readAgent(activity, id).status).toBe('active');
		}
		expect(readdirSync(path.join(activity, SESSION)).filter(n => n.startsWith('.') && n !== SESSION_PROCESS_NAME)).toEqual([]);
	});

	it('keeps every agent file of a session, however many stopped (AGENTLOG_FILE_CAP of older versions is ignored)', () => {
		const activity = tempDir();
		const env = hookEnv(activity, {AGENTLOG_FILE_CAP: '2'});
		// 5 active agents, then 25 stopped ones: more than the 20 files older versions kept.
		for (let i = 0; i < 5; i++) {
			runHook(launcher, start(`live${i}`), env);
		}
		for (let i = 0; i < 25; i++) {
			runHook(launcher, stop(`done${String(i).padStart(2, '0')}`), env);
		}
		const files = agentFiles(activity).sort();
		expect(files).toEqual([
			...Array.from({length: 25}, (_, i) => `done${String(i).padStart(2, '0')}.json`),
			...Array.from({length: 5}, (_, i) => `live${i}.json`),
		]);
		expect(readdirSync(path.join(activity, SESSION)).filter(n => n.startsWith('.') && n !== SESSION_PROCESS_NAME)).toEqual([]);
	});

	describe('on hostile input it exits 0, prints nothing, writes no agent file and logs the problem', () => {
		const cases: Array<[string, string | Buffer]> = [
			['empty stdin', ''],
			['not JSON', 'hello {'],
			['a JSON array', '[1,2,3]'],
			['a JSON string', '"SubagentStart"'],
			[
				'10 MB of JSON',
				JSON.stringify({hook_event_name: 'SubagentStart', session_id: SESSION, agent_id: 'big', agent_type: 'x'.repeat(10 * 1024 * 1024)}).slice(0, -2),
			],
			['wrong field types', JSON.stringify({hook_event_name: 'SubagentStart', session_id: 12, agent_id: {}, agent_type: []})],
			['an unknown event', JSON.stringify({hook_event_name: 'PreToolUse', session_id: SESSION, agent_id: 'a1', tool_name: 'Grep'})],
			['a path-traversal session id', JSON.stringify({hook_event_name: 'SubagentStart', session_id: '../../escape', agent_id: 'a1', agent_type: 'x'})],
			['a path-traversal agent id', JSON.stringify({hook_event_name: 'SubagentStop', session_id: SESSION, agent_id: '../../../escape', agent_type: 'x'})],
			['binary noise', Buffer.from([0, 255, 254, 10, 13, 0x1b, 0x5b])],
		];
		it.each(cases)('%s', (_name, input) => {
			const base = tempDir();
			const activity = path.join(base, 'activity');
			for (const run of [runHook(launcher, input, hookEnv(activity)), runHookScript(launcher, input, hookEnv(activity))]) {
				expect(run.status).toBe(0);
				expect(run.stdout).toBe('');
			}
			const entries = existsSync(activity) ? readdirSync(activity) : [];
			expect(entries).toEqual(['.agentlog-hook.log']);
			expect(readdirSync(base)).toEqual(['activity']);
			expect(readFileSync(path.join(activity, '.agentlog-hook.log'), 'utf8')).toMatch(/skipped: /);
		});
	});

	it('a valid 10 MB last message is recorded in full', () => {
		const activity = tempDir();
		const message = `# Report\n${'- finding\n'.repeat(1024 * 1024)}`;
		expect(runHook(launcher, stop('huge', 'Explore', message), hookEnv(activity)).status).toBe(0);
		expect(readAgent(activity, 'huge').lastMessage).toBe(message);
	});

	it('keeps its log bounded by rotating it', () => {
		const activity = tempDir();
		mkdirSync(activity, {recursive: true});
		const log = path.join(activity, '.agentlog-hook.log');
		writeFileSync(log, 'x'.repeat(300 * 1024));
		runHook(launcher, 'not json', hookEnv(activity));
		expect(statSync(log).size).toBeLessThan(4096);
		expect(statSync(`${log}.1`).size).toBe(300 * 1024);
	});

	it('exits 0 when it cannot write at all', () => {
		const base = tempDir();
		const blocker = path.join(base, 'file');
		writeFileSync(blocker, '');
		// The activity "folder" is under a regular file: every mkdir fails.
		const run = runHook(launcher, start('a1'), hookEnv(path.join(blocker, 'activity')));
		expect(run).toMatchObject({status: 0, stdout: ''});
	});

	it('falls back to the Node that installed it when node is not on PATH, and exits 0 with no Node at all', () => {
		const activity = tempDir();
		const noNode = {PATH: '/nonexistent', HOME: process.env.HOME, AGENTLOG_DIR: activity};
		expect(runHook(launcher, start('a1'), noNode).status).toBe(0);
		expect(readAgent(activity, 'a1').status).toBe('active');
		const orphan = installedHook('/nonexistent/node');
		const run = runHook(orphan, start('a2'), noNode);
		expect(run).toMatchObject({status: 0, stdout: ''});
		expect(existsSync(path.join(activity, SESSION, 'a2.json'))).toBe(false);
	});
});
