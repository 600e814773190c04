// The user's stop carried out by the real hook, in its installed form (launcher + bundle): the
// answer Claude Code reads, the record and the log line written once, the cascade to a waiting
// parent, the flag that keeps an idle tool call free of Node, and every file it must refuse.
import {spawnSync} from 'node:child_process';
import {chmodSync, chownSync, existsSync, mkdirSync, readFileSync, renameSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {beforeEach, describe, expect, it} from 'vitest';
import {hookEnv, installedHook} from '../../helpers/hook.js';
import {tempDir} from '../../helpers/tmp.js';
import {newStopRequest, USER_STOP_MESSAGE, withRequest, type StopRequest} from '../../../src/core/stop/stop-request.js';
import {readStopFile, stopFilePath, stopFlag, writeStopFile} from '../../../src/store/stop/stop-files.js';
import {parseAgentRecord, type AgentRecord} from '../../../src/core/record/agent-record.js';
import {hookLogCheck} from '../../../src/core/doctor/activity-checks.js';

const SESSION = 'b6f0c0de-0000-4000-8000-000000000001';
const launcher = installedHook();

let activity: string;
let projects: string;
let mainTranscript: string;

function run(payload: Record<string, unknown>, args: string[] = [], env: NodeJS.ProcessEnv = {}): {stdout: string; status: number | null} {
	const r = spawnSync(launcher, args, {
		input: JSON.stringify({session_id: SESSION, transcript_path: mainTranscript, cwd: projects, ...payload}),
		env: hookEnv(activity, env),
		encoding: 'utf8',
	});
	return {stdout: r.stdout, status: r.status};
}

function start(agentId: string, parent?: string): void {
	const subagents = path.join(mainTranscript.slice(0, -'.jsonl'.length), 'subagents');
	mkdirSync(subagents, {recursive: true});
	writeFileSync(path.join(subagents, `agent-${agentId}.jsonl`), '');
	writeFileSync(
		path.join(subagents, `agent-${agentId}.meta.json`),
		JSON.stringify({agentType: 'general-purpose', description: agentId, ...(parent ? {parentAgentId: parent, spawnDepth: 2} : {spawnDepth: 1})}),
	);
	run({hook_event_name: 'SubagentStart', agent_id: agentId, agent_type: 'general-purpose'});
}

const preToolUse = (agentId: string | undefined, toolUseId = 'toolu_1') =>
	run(
		{
			hook_event_name: 'PreToolUse',
			...(agentId ? {agent_id: agentId, agent_type: 'general-purpose'} : {}),
			tool_name: 'Bash',
			tool_input: {command: 'ls'},
			tool_use_id: toolUseId,
		},
		['--control'],
	);

function record(agentId: string): AgentRecord {
	const parsed = parseAgentRecord(JSON.parse(readFileSync(path.join(activity, SESSION, `${agentId}.json`), 'utf8')));
	if (!parsed.ok) {
		throw new Error(parsed.error);
	}
	return parsed.value;
}

function stopLines(): Array<{agentId: string; data: Record<string, unknown>}> {
	return readFileSync(path.join(activity, SESSION, 'events.jsonl'), 'utf8')
		.split('\n')
		.filter(Boolean)
		.map(l => JSON.parse(l) as {event: string; agentId: string; data: Record<string, unknown>})
		.filter(l => l.event === 'UserStop');
}

function request(agents: string[], runs: string[] = [], nowMs = Date.now()): StopRequest {
	const r = newStopRequest('r1', agents, runs, nowMs);
	const written = writeStopFile(activity, withRequest(undefined, SESSION, r, nowMs));
	if (!written.ok) {
		throw new Error(written.error);
	}
	return r;
}

const hookLog = () => {
	const file = path.join(activity, '.agentlog-hook.log');
	return existsSync(file) ? readFileSync(file, 'utf8') : '';
};

beforeEach(() => {
	const root = tempDir('stop-');
	activity = path.join(root, 'activity');
	projects = path.join(root, 'projects');
	mainTranscript = path.join(projects, `${SESSION}.jsonl`);
	mkdirSync(projects, {recursive: true});
	writeFileSync(mainTranscript, '');
	start('aparent');
	start('achild', 'aparent');
	start('aother');
});

describe('a stop pending', () => {
	it('stops the agent named at its next tool call, with its child, and nothing else', () => {
		request(['aparent']);
		expect(existsSync(stopFlag(activity))).toBe(true);

		expect(preToolUse('aother').stdout).toBe('');
		expect(record('aother').status).toBe('active');
		expect(preToolUse(undefined).stdout).toBe('');

		const denied = preToolUse('achild');
		expect(denied.status).toBe(0);
		expect(JSON.parse(denied.stdout)).toEqual({
			continue: false,
			stopReason: USER_STOP_MESSAGE,
			hookSpecificOutput: {hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: USER_STOP_MESSAGE},
		});
		expect(record('achild')).toMatchObject({status: 'stopped', stopReason: 'user-stop'});
		// A parallel call of the same batch is denied too; the stop is recorded once.
		expect(JSON.parse(preToolUse('achild', 'toolu_2').stdout)).toMatchObject({continue: false});
		expect(stopLines().map(l => [l.agentId, l.data.via, l.data.tool])).toEqual([['achild', 'descendant', 'Bash']]);

		// The parent waited on the child's Agent call: it stops as the call comes back.
		const back = run({
			hook_event_name: 'PostToolUse',
			agent_id: 'aparent',
			agent_type: 'general-purpose',
			tool_name: 'Agent',
			tool_input: {description: 'child', prompt: 'p', subagent_type: 'general-purpose'},
			tool_response: {status: 'completed', agentId: 'achild', content: [], totalToolUseCount: 1, canContinueAgent: true},
			tool_use_id: 'toolu_3',
		});
		expect(JSON.parse(back.stdout)).toEqual({continue: false, stopReason: USER_STOP_MESSAGE});
		expect(record('aparent')).toMatchObject({status: 'stopped', stopReason: 'user-stop'});
		expect(record('achild')).toMatchObject({status: 'stopped', stopReason: 'user-stop'});
		expect(stopLines().map(l => [l.agentId, l.data.hookEvent])).toEqual([
			['achild', 'PreToolUse'],
			['aparent', 'PostToolUse'],
		]);
		// Carried out: the file and the flag are gone, and the next tool call costs no Node.
		expect(existsSync(stopFilePath(activity, SESSION))).toBe(false);
		expect(existsSync(stopFlag(activity))).toBe(false);
		expect(record('aother').status).toBe('active');
		// Nothing went wrong: doctor finds no problem in the hook's log.
		const log = path.join(activity, '.agentlog-hook.log');
		expect(hookLogCheck({path: log, state: 'read', lines: hookLog().split('\n')}, Date.now()).level).toBe('ok');
	});

	it('stops every agent of a workflow run named, and no other', () => {
		start('aworker');
		const run = path.join(mainTranscript.slice(0, -'.jsonl'.length), 'subagents', 'workflows', 'wf_abc-123');
		mkdirSync(run, {recursive: true});
		writeFileSync(path.join(run, 'agent-aworker.jsonl'), '');
		request([], ['wf_abc-123']);
		expect(preToolUse('aother').stdout).toBe('');
		expect(JSON.parse(preToolUse('aworker').stdout)).toMatchObject({continue: false});
		expect(stopLines().map(l => [l.agentId, l.data.via])).toEqual([['aworker', 'run']]);
		// The run has not ended (no workflows/wf_abc-123.json): later agents of it stop too.
		expect(existsSync(stopFilePath(activity, SESSION))).toBe(true);
	});

	it('an expired request stops nothing', () => {
		request(['aother'], [], Date.now() - 31 * 60 * 1000);
		expect(preToolUse('aother').stdout).toBe('');
		expect(record('aother').status).toBe('active');
	});

	it('a request naming an agent the session does not have stops nothing', () => {
		request(['anobody', 'aother']);
		expect(preToolUse('aother').stdout).toBe('');
		expect(hookLog()).toContain('anobody has no agent file');
	});

	it('a request of another session stops nothing here', () => {
		const other = 'b6f0c0de-0000-4000-8000-000000000002';
		mkdirSync(path.join(activity, other), {recursive: true});
		writeFileSync(path.join(activity, other, 'aother.json'), readFileSync(path.join(activity, SESSION, 'aother.json')));
		writeStopFile(activity, withRequest(undefined, other, newStopRequest('r9', ['aother'], [], Date.now()), Date.now()));
		expect(preToolUse('aother').stdout).toBe('');
		expect(record('aother').status).toBe('active');
	});
});

describe('a stop file nobody but agentlog could have written', () => {
	const refused = (what: string, tamper: (file: string) => void) =>
		it(`refuses ${what}`, () => {
			request(['aother']);
			tamper(stopFilePath(activity, SESSION));
			expect(preToolUse('aother').stdout).toBe('');
			expect(record('aother').status).toBe('active');
			expect(hookLog()).toContain('stop request ignored');
		});

	refused('a symlinked file', file => {
		renameSync(file, `${file}.real`);
		symlinkSync(`${file}.real`, file);
	});
	refused('a group-writable file', file => chmodSync(file, 0o620));
	refused('a torn file', file => writeFileSync(file, readFileSync(file, 'utf8').slice(0, 50)));
	refused('a hostile file', file =>
		writeFileSync(file, JSON.stringify({v: 1, kind: 'agentlog-stop', sessionId: SESSION, requests: [{id: 'x', agents: ['../../etc']}]})),
	);
	if (process.getuid?.() === 0) {
		refused('a file of another user', file => chownSync(file, 4242, 4242));
	}

	it('a world-writable requests folder', () => {
		request(['aother']);
		chmodSync(path.dirname(stopFilePath(activity, SESSION)), 0o777);
		expect(preToolUse('aother').stdout).toBe('');
		expect(readStopFile(activity, SESSION).kind).toBe('refused');
	});
});

describe('the launcher', () => {
	it('starts no Node for a tool call when no stop is pending', () => {
		const bin = tempDir('fake-node-');
		const marker = path.join(bin, 'ran');
		writeFileSync(path.join(bin, 'node'), `#!/bin/sh\ntouch '${marker}'\n`);
		chmodSync(path.join(bin, 'node'), 0o755);
		const r = run({hook_event_name: 'PreToolUse', agent_id: 'aother', tool_name: 'Bash'}, ['--control'], {PATH: `${bin}:/usr/bin:/bin`});
		expect(r.status).toBe(0);
		expect(existsSync(marker)).toBe(false);
		// With a stop pending it does.
		request(['aother']);
		run({hook_event_name: 'PreToolUse', agent_id: 'aother', tool_name: 'Bash'}, ['--control'], {PATH: `${bin}:/usr/bin:/bin`});
		expect(existsSync(marker)).toBe(true);
	});
});
