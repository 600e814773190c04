// The hook's history side: the event log it appends, the Agent call's facts, SessionEnd
// interruptions, resumes, the git state of cwd, and a log it cannot write — run as Claude Code runs
// it (the installed launcher and bundle), with real-shaped payloads (docs/claude-code-hooks.md#the-agent-tools-result, docs/claude-code-hooks.md#example-payloads).
import {chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync} from 'node:fs';
import {execFileSync} from 'node:child_process';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {parseEventLog, type EventLine} from '../../../src/core/record/event-line.js';
import {foldEvents} from '../../../src/core/history/fold.js';
import {parseAgentRecord, type AgentRecord} from '../../../src/core/record/agent-record.js';
import {hookEnv, installedHook, runHook, runHookAsync} from '../../helpers/hook.js';
import {tempDir} from '../../helpers/tmp.js';

const SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';
const TRANSCRIPT = `/home/dev/.claude/projects/-home-dev-acme/${SESSION}.jsonl`;

let launcher = '';
beforeAll(() => {
	launcher = installedHook();
});

function payload(event: string, extra: Record<string, unknown>, cwd = '/home/dev/acme'): string {
	return JSON.stringify({session_id: SESSION, transcript_path: TRANSCRIPT, cwd, hook_event_name: event, ...extra});
}
const start = (agentId: string, cwd?: string) => payload('SubagentStart', {agent_id: agentId, agent_type: 'Explore'}, cwd);
const stop = (agentId: string, message = 'Found 4 routes.') =>
	payload('SubagentStop', {agent_id: agentId, agent_type: 'Explore', last_assistant_message: message, stop_hook_active: false});
const agentCall = (agentId: string, response: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
	payload('PostToolUse', {
		tool_name: 'Agent',
		tool_input: {description: 'Find API routes', prompt: 'List every HTTP route in src/', subagent_type: 'Explore', run_in_background: false},
		tool_response: {agentId, ...response},
		tool_use_id: 'toolu_01HbV2cD4eF6gH8jK0mN2pQ4',
		...extra,
	});

function run(activity: string, input: string, env: NodeJS.ProcessEnv = {}): void {
	const r = runHook(launcher, input, hookEnv(activity, env));
	expect(r.status).toBe(0);
	expect(r.stdout).toBe('');
}

function logOf(activity: string): EventLine[] {
	const parsed = parseEventLog(readFileSync(path.join(activity, SESSION, 'events.jsonl'), 'utf8'));
	expect(parsed.skipped).toEqual([]);
	return parsed.lines;
}

function record(activity: string, agentId: string): AgentRecord {
	const parsed = parseAgentRecord(JSON.parse(readFileSync(path.join(activity, SESSION, `${agentId}.json`), 'utf8')));
	if (!parsed.ok) {
		throw new Error(parsed.error);
	}
	return parsed.value;
}

describe('agent-spy: the event log', () => {
	it('appends one line per event with the state after it, and the agent file stays the latest state', () => {
		const activity = tempDir('hist-');
		run(activity, start('a1'));
		run(activity, stop('a1', '## Done\n\nFour routes.'));
		const lines = logOf(activity);
		expect(lines.map(l => [l.event, l.agentId, l.type, l.state])).toEqual([
			['SubagentStart', 'a1', 'Explore', 'active'],
			['SubagentStop', 'a1', 'Explore', 'stopped'],
		]);
		expect(lines[1]?.data).toMatchObject({lastMessage: '## Done\n\nFour routes.'});
		expect(lines[0]?.cwd).toBe('/home/dev/acme');
		expect(record(activity, 'a1')).toMatchObject({status: 'stopped', stopReason: 'subagent-stop', lastMessage: '## Done\n\nFour routes.'});
	});

	it("records the Agent call's facts on the agent and in the log; the fold reads them back", () => {
		const activity = tempDir('hist-');
		run(activity, start('a1'));
		run(activity, stop('a1'));
		run(
			activity,
			agentCall(
				'a1',
				{status: 'completed', resolvedModel: 'claude-haiku-4-5', totalTokens: 12450, totalDurationMs: 48211, totalToolUseCount: 7},
				{agent_id: 'lead1', agent_type: 'Plan'},
			),
		);
		expect(record(activity, 'a1')).toMatchObject({
			status: 'stopped',
			description: 'Find API routes',
			model: 'claude-haiku-4-5',
			totalTokens: 12450,
			totalToolUseCount: 7,
			totalDurationMs: 48211,
			parentAgentId: 'lead1',
		});
		const lines = logOf(activity);
		expect(lines[2]).toMatchObject({event: 'PostToolUse', agentId: 'a1', state: 'stopped'});
		expect(lines[2]?.data).toMatchObject({
			toolUseId: 'toolu_01HbV2cD4eF6gH8jK0mN2pQ4',
			prompt: 'List every HTTP route in src/',
			parentAgentId: 'lead1',
			status: 'completed',
		});
		const [history] = foldEvents(lines, {now: Date.now()});
		expect(history).toMatchObject({
			agentId: 'a1',
			status: 'completed',
			description: 'Find API routes',
			lastRequestTokens: 12450,
			toolCalls: 7,
			parentAgentId: 'lead1',
		});
	});

	it('a background launch seen before the start makes an active agent; other tools and other events are not recorded', () => {
		const activity = tempDir('hist-');
		run(activity, agentCall('bg1', {status: 'async_launched', description: 'Review tests', prompt: 'Review', resolvedModel: 'claude-sonnet-5'}));
		expect(record(activity, 'bg1')).toMatchObject({status: 'active', type: 'Explore', model: 'claude-sonnet-5', description: 'Find API routes'});
		run(activity, payload('PostToolUse', {tool_name: 'Bash', tool_input: {command: 'ls'}, tool_response: {agentId: 'x1'}}));
		run(activity, payload('PreToolUse', {tool_name: 'Agent', tool_input: {}}));
		run(activity, agentCall('../evil', {status: 'completed'}));
		expect(logOf(activity).map(l => l.agentId)).toEqual(['bg1']);
	});

	it('SessionEnd interrupts the active and idle agents (file status stopped), not the stopped ones; a later start resumes', async () => {
		const activity = tempDir('hist-');
		run(activity, start('a1'));
		run(activity, start('a2'));
		run(activity, stop('a2'));
		run(activity, payload('SessionEnd', {reason: 'prompt_input_exit'}));
		expect(record(activity, 'a1')).toMatchObject({status: 'stopped', interrupted: true, stopReason: 'session-end:prompt_input_exit'});
		expect(record(activity, 'a2')).toMatchObject({status: 'stopped', stopReason: 'subagent-stop'});
		expect(record(activity, 'a2').interrupted).toBeUndefined();
		const end = logOf(activity).at(-1);
		expect(end).toMatchObject({event: 'SessionEnd', data: {reason: 'prompt_input_exit', interrupted: ['a1']}});
		expect(end?.agentId).toBeUndefined();
		// A resume comes later than the hook's 1.5 s window after the stop.
		await new Promise(resolve => setTimeout(resolve, 1600));
		run(activity, payload('SessionStart', {source: 'resume', model: 'claude-sonnet-5'}));
		run(activity, start('a1'));
		const resumed = record(activity, 'a1');
		expect(resumed).toMatchObject({status: 'active', resumeCount: 1});
		expect(resumed.interrupted).toBeUndefined();
		expect(resumed.stopReason).toBeUndefined();
		expect(Date.parse(resumed.resumedAt ?? '')).toBeGreaterThan(Date.parse(resumed.startedAt));
		const lines = logOf(activity);
		expect(lines.map(l => l.event)).toEqual(['SubagentStart', 'SubagentStart', 'SubagentStop', 'SessionEnd', 'SessionStart', 'SubagentStart']);
		expect(lines[4]?.data).toEqual({source: 'resume', model: 'claude-sonnet-5'});
		const a1 = foldEvents(lines, {now: Date.now()}).find(h => h.agentId === 'a1');
		expect(a1?.lifecycle.map(s => s.kind)).toEqual(['spawned', 'interrupted', 'resumed']);
		expect(a1).toMatchObject({status: 'resumed', resumeCount: 1});
	}, 20_000);

	it('a session that never runs an agent makes no folder; its start waits in one file of the activity folder', () => {
		const activity = tempDir('hist-');
		run(activity, payload('SessionStart', {source: 'startup', model: 'claude-opus-5'}));
		run(activity, payload('SessionEnd', {reason: 'other'}));
		expect(existsSync(path.join(activity, SESSION))).toBe(false);
		const kept = parseEventLog(readFileSync(path.join(activity, '.agentlog-session-starts.jsonl'), 'utf8'));
		expect(kept.lines).toEqual([expect.objectContaining({event: 'SessionStart', sessionId: SESSION, data: {source: 'startup', model: 'claude-opus-5'}})]);
	});

	it('the session’s own start is the first line of its log once an agent runs, with its source and model and time', () => {
		const activity = tempDir('hist-');
		const other = '0b9e6a44-5c2d-4e1f-8a7b-6c5d4e3f2a1b';
		run(activity, payload('SessionStart', {source: 'startup', model: 'claude-opus-5'}));
		run(activity, JSON.stringify({session_id: other, transcript_path: '/x/o.jsonl', cwd: '/x', hook_event_name: 'SessionStart', source: 'clear'}));
		run(activity, payload('SessionStart', {source: 'compact'}));
		run(activity, start('a1'));
		run(activity, stop('a1'));
		const lines = logOf(activity);
		expect(lines.map(l => [l.event, l.data?.source])).toEqual([
			['SessionStart', 'startup'],
			['SessionStart', 'compact'],
			['SubagentStart', undefined],
			['SubagentStop', undefined],
		]);
		expect(lines[0]).toMatchObject({sessionId: SESSION, data: {source: 'startup', model: 'claude-opus-5'}, cwd: '/home/dev/acme'});
		expect(Date.parse(lines[0]!.at)).toBeLessThan(Date.parse(lines[2]!.at));
		// The other session's start is not copied; it still has no folder.
		expect(existsSync(path.join(activity, other))).toBe(false);
		// A later start of a session with a folder goes to its log directly, once.
		run(activity, payload('SessionStart', {source: 'resume'}));
		expect(
			logOf(activity)
				.filter(l => l.event === 'SessionStart')
				.map(l => l.data?.source),
		).toEqual(['startup', 'compact', 'resume']);
	});

	it('keeps the waiting starts bounded: past 64 KiB the file is started again, one older file kept', () => {
		const activity = tempDir('hist-');
		const file = path.join(activity, '.agentlog-session-starts.jsonl');
		mkdirSync(activity, {recursive: true});
		const old = `${JSON.stringify({v: 1, at: '2026-01-01T00:00:00.000Z', event: 'SessionStart', sessionId: 'old-session', data: {source: 'startup'}})}\n`;
		writeFileSync(file, old.repeat(Math.ceil((64 * 1024 + 1) / old.length)));
		run(activity, payload('SessionStart', {source: 'startup'}));
		expect(readFileSync(`${file}.1`, 'utf8').length).toBeGreaterThan(64 * 1024);
		expect(parseEventLog(readFileSync(file, 'utf8')).lines.map(l => l.sessionId)).toEqual([SESSION]);
		// What went to the older file is still found for its session.
		run(
			activity,
			JSON.stringify({
				session_id: 'old-session',
				transcript_path: '/x/o.jsonl',
				cwd: '/x',
				hook_event_name: 'SubagentStart',
				agent_id: 'a1',
				agent_type: 'Explore',
			}),
		);
		const oldLog = readFileSync(path.join(activity, 'old-session', 'events.jsonl'), 'utf8');
		// Copied at most 16 of the same session's starts, then the agent's line.
		expect(parseEventLog(oldLog).lines.map(l => l.event)).toEqual([...Array.from({length: 16}, () => 'SessionStart'), 'SubagentStart']);
	});

	it('records the git commit and branch of cwd, read from .git files; nothing outside a repository', () => {
		const activity = tempDir('hist-');
		const repo = mkdtempSync(path.join(tempDir('repo-'), 'r'));
		execFileSync('git', ['init', '-q', '-b', 'feature/x', repo]);
		execFileSync('git', ['-C', repo, '-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-q', '--allow-empty', '-m', 'one']);
		const head = execFileSync('git', ['-C', repo, 'rev-parse', 'HEAD'], {encoding: 'utf8'}).trim();
		mkdirSync(path.join(repo, 'src'));
		run(activity, start('a1', path.join(repo, 'src')));
		run(activity, start('a2', tempDir('norepo-')));
		const [inRepo, outside] = logOf(activity);
		expect(inRepo?.git).toEqual({head, branch: 'feature/x'});
		expect(outside?.git).toBeUndefined();
	});

	it('exits 0 and keeps the agent file when the log cannot be written (a folder, read-only), saying so in its own log', () => {
		const activity = tempDir('hist-');
		mkdirSync(path.join(activity, SESSION, 'events.jsonl'), {recursive: true});
		run(activity, start('a1'));
		expect(record(activity, 'a1').status).toBe('active');
		const hookLog = readFileSync(path.join(activity, '.agentlog-hook.log'), 'utf8');
		expect(hookLog).toMatch(/event log .*events\.jsonl/);

		const readOnly = tempDir('hist-');
		run(readOnly, start('b1'));
		const log = path.join(readOnly, SESSION, 'events.jsonl');
		chmodSync(log, 0o444);
		run(readOnly, stop('b1'));
		expect(record(readOnly, 'b1').status).toBe('stopped');
		if (process.getuid?.() !== 0) {
			// root writes through a read-only mode; anyone else is refused and the hook goes on.
			expect(readFileSync(log, 'utf8').split('\n').filter(Boolean)).toHaveLength(1);
		}
	});

	it('a FIFO named events.jsonl is never opened for long: the hook exits 0 promptly', () => {
		const activity = tempDir('hist-');
		mkdirSync(path.join(activity, SESSION), {recursive: true});
		execFileSync('mkfifo', [path.join(activity, SESSION, 'events.jsonl')]);
		const begun = Date.now();
		run(activity, start('a1'));
		expect(Date.now() - begun).toBeLessThan(2500);
		expect(record(activity, 'a1').status).toBe('active');
		expect(readFileSync(path.join(activity, '.agentlog-hook.log'), 'utf8')).toMatch(/not a regular file|ENXIO/);
	});

	it('100 concurrent hook runs on one session append exactly 100 intact lines', async () => {
		const activity = tempDir('hist-');
		// Big stop messages (64 KiB each) make interleaving visible if a line were written in parts.
		const runs = Array.from({length: 100}, (_, i) =>
			i % 2 === 0 ? start(`c${i}`) : stop(`c${i - 1}`, `${String(i).padStart(3, '0')}:${'x'.repeat(64 * 1024)}`),
		);
		const results = await Promise.all(runs.map(input => runHookAsync(launcher, input, hookEnv(activity))));
		expect(results.every(r => r.status === 0 && r.stdout === '')).toBe(true);
		const text = readFileSync(path.join(activity, SESSION, 'events.jsonl'), 'utf8');
		const parsed = parseEventLog(text);
		expect(parsed.skipped).toEqual([]);
		expect(parsed.lines).toHaveLength(100);
		expect(text.endsWith('\n')).toBe(true);
		for (const line of parsed.lines.filter(l => l.event === 'SubagentStop')) {
			expect(String(line.data?.lastMessage)).toMatch(/^\d{3}:x{65536}$/);
		}
	}, 60_000);

	it('writes no line for an event the agent file skips (an internal agent)', () => {
		const activity = tempDir('hist-');
		run(activity, start('a1'));
		run(activity, payload('SubagentStart', {agent_id: 'acompact-1', agent_type: ''}));
		writeFileSync(path.join(activity, 'unrelated'), '');
		expect(logOf(activity).map(l => l.agentId)).toEqual(['a1']);
	});
});

describe('agent-spy: the daily retention', () => {
	it('removes sessions past AGENTLOG_RETENTION once a day, never one with a running agent, and not on SessionEnd', () => {
		const activity = tempDir('hist-');
		const old = Date.now() - 40 * 24 * 3600 * 1000;
		const oldSession = (id: string, status: 'stopped' | 'idle') => {
			const dir = path.join(activity, id);
			mkdirSync(dir, {recursive: true});
			const at = new Date(old).toISOString();
			writeFileSync(
				path.join(dir, 'x1.json'),
				JSON.stringify({agentId: 'x1', type: 'Explore', status, startedAt: at, updatedAt: at, ...(status === 'stopped' ? {stoppedAt: at} : {})}),
			);
			writeFileSync(
				path.join(dir, 'events.jsonl'),
				`${JSON.stringify({v: 1, at, event: 'SubagentStart', sessionId: id, agentId: 'x1', type: 'Explore', state: 'active'})}\n`,
			);
			for (const name of ['x1.json', 'events.jsonl', '.']) {
				utimesSync(path.join(dir, name), old / 1000, old / 1000);
			}
			return dir;
		};
		const gone = oldSession('old-done', 'stopped');
		const idleOne = oldSession('old-idle', 'idle');
		run(activity, payload('SessionEnd', {reason: 'other'}));
		expect(existsSync(gone)).toBe(true);
		run(activity, start('a1'));
		expect(existsSync(gone)).toBe(false);
		expect(existsSync(idleOne)).toBe(true);
		expect(existsSync(path.join(activity, '.agentlog-prune-stamp'))).toBe(true);
		// Once a day: a session that turns old later the same day stays until tomorrow.
		const later = oldSession('old-later', 'stopped');
		run(activity, start('a2'));
		expect(existsSync(later)).toBe(true);
	});
});
