// `agentlog stop`: the request it writes for the hook, --dry-run, --json, --cancel, and what it refuses.
import {existsSync, mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {runMain} from '../../helpers/run-main.js';
import {tempDir} from '../../helpers/tmp.js';
import {readStopFile, stopFilePath, stopFlag} from '../../../src/store/stop/stop-files.js';
import type {AgentRecord} from '../../../src/core/record/agent-record.js';

const SESSION = 'c0ffee00-0000-4000-8000-000000000001';
let activity: string;
const saved = process.env.AGENTLOG_DIR;

function write(record: Partial<AgentRecord> & {agentId: string}): void {
	const now = new Date().toISOString();
	const full = {type: 'general-purpose', status: 'active', startedAt: now, updatedAt: now, sessionId: SESSION, ...record};
	writeFileSync(path.join(activity, SESSION, `${record.agentId}.json`), JSON.stringify(full));
}

beforeEach(() => {
	activity = path.join(tempDir('stop-cmd-'), 'activity');
	mkdirSync(path.join(activity, SESSION), {recursive: true});
	process.env.AGENTLOG_DIR = activity;
	write({agentId: 'aparent0001', description: 'Find the routes', type: 'Explore'});
	write({agentId: 'achild00001', parentAgentId: 'aparent0001', description: 'Read one file'});
	write({agentId: 'agrand00001', parentAgentId: 'achild00001', description: 'Deeper'});
	write({agentId: 'aother00001', description: 'Other work'});
	write({agentId: 'adone000001', description: 'Finished', status: 'stopped', stoppedAt: new Date().toISOString()});
	write({agentId: 'acodex00001', description: 'Codex child', provider: 'codex'});
});

afterEach(() => {
	process.env.AGENTLOG_DIR = saved;
});

describe('agentlog stop', () => {
	it('asks the hook to stop an agent and the agents under it', async () => {
		const r = await runMain('stop', 'aparent0001');
		expect(r.code).toBe(0);
		expect(r.stdout).toContain("Asked to stop Explore 'Find the routes' and its 2 agents.");
		expect(r.stdout).toContain('not cut short');
		expect(r.stdout).toContain('install-hook --control');
		const read = readStopFile(activity, SESSION);
		expect(read.kind === 'file' && read.file.requests.map(q => q.agents)).toEqual([['aparent0001']]);
		expect(existsSync(stopFlag(activity))).toBe(true);
	});

	it('takes a name (its description) and says it as JSON', async () => {
		const r = await runMain('stop', 'other work', '--json');
		expect(r.code).toBe(0);
		expect(JSON.parse(r.stdout)).toMatchObject({sessionId: SESSION, agents: ['aother00001'], stops: ['aother00001'], dryRun: false});
	});

	it('--dry-run writes nothing', async () => {
		const r = await runMain('stop', 'achild00001', '--dry-run');
		expect(r.code).toBe(0);
		expect(r.stdout).toContain('Would stop');
		expect(existsSync(stopFilePath(activity, SESSION))).toBe(false);
		expect(existsSync(stopFlag(activity))).toBe(false);
	});

	it('--cancel withdraws what is waiting, and the flag with it', async () => {
		await runMain('stop', 'aother00001');
		const r = await runMain('stop', '--cancel');
		expect(r.stdout).toContain('Withdrew 1 stop request');
		expect(existsSync(stopFilePath(activity, SESSION))).toBe(false);
		expect(existsSync(stopFlag(activity))).toBe(false);
	});

	it.each([
		['an agent the session does not have', 'anobody', 'no agent of this session'],
		['an agent that has stopped', 'adone000001', 'stopped already'],
		['a Codex subagent', 'acodex00001', 'cannot stop a Codex subagent'],
		['a run the session does not have', 'wf_nothing-1', 'no agent of this session belongs'],
	])('refuses %s', async (_what, target, words) => {
		const r = await runMain('stop', target);
		expect(r.code).toBe(1);
		expect(r.stderr).toContain(words);
		expect(existsSync(stopFilePath(activity, SESSION))).toBe(false);
	});
});
