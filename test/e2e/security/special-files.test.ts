// Special files where agentlog expects JSON: a FIFO (opening one blocks until a writer comes, which
// froze watch, ls and sessions for good), a folder, a symlink to a FIFO, a file far too large.
// Each is skipped and counted as a warning; nothing hangs. Everything that could block runs in a
// child process with a time limit, so a regression fails instead of hanging the test run.
import {execFileSync, spawnSync} from 'node:child_process';
import {mkdirSync, symlinkSync, truncateSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {MAX_AGENT_FILE_BYTES} from '../../../src/store/activity/agent-file.js';
import {readAgentFile, readSessionDir} from '../../../src/store/activity/read-agents.js';
import {readTeams} from '../../../src/store/activity/teams.js';
import {runIsolated} from '../../helpers/isolated.js';
import {tempDir} from '../../helpers/tmp.js';

const cli = path.resolve(import.meta.dirname, '..', '..', '..', 'bin', 'agentlog.js');
const SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';
const iso = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000).toISOString();

function mkfifo(file: string): void {
	mkdirSync(path.dirname(file), {recursive: true});
	execFileSync('mkfifo', [file]);
}

interface Fixture {
	readonly home: string;
	readonly claude: string;
	readonly activity: string;
	readonly sessionDir: string;
}

function fixture(): Fixture {
	const home = tempDir('home-');
	const claude = path.join(home, '.claude');
	const activity = path.join(claude, 'agent-activity');
	const sessionDir = path.join(activity, SESSION);
	mkdirSync(sessionDir, {recursive: true});
	return {home, claude, activity, sessionDir};
}

function writeAgent(f: Fixture, agentId: string, extra: Record<string, unknown> = {}): void {
	writeFileSync(
		path.join(f.sessionDir, `${agentId}.json`),
		JSON.stringify({agentId, type: `type-${agentId}`, status: 'active', startedAt: iso(30), updatedAt: iso(5), ...extra}),
	);
}

/** A session folder with one good agent file and three `.json` entries that are not regular files. */
function trapped(): Fixture {
	const f = fixture();
	writeAgent(f, 'a1');
	mkfifo(path.join(f.sessionDir, 'trap.json'));
	mkdirSync(path.join(f.sessionDir, 'x.json'));
	symlinkSync(path.join(f.sessionDir, 'trap.json'), path.join(f.sessionDir, 'link.json'));
	return f;
}

function run(f: Fixture, args: string[]) {
	const env: NodeJS.ProcessEnv = {...process.env, HOME: f.home, CLAUDE_CONFIG_DIR: f.claude, AGENTLOG_DIR: f.activity, NO_COLOR: '1'};
	delete env.FORCE_COLOR;
	const r = spawnSync(process.execPath, [cli, ...args], {env, encoding: 'utf8', timeout: 10_000});
	expect(r.signal, `agentlog ${args.join(' ')} did not finish`).toBeNull();
	expect(r.status, r.stderr).toBe(0);
	return r;
}

describe('special files in a session folder', () => {
	it('ls skips a FIFO, a folder and a symlink to a FIFO named *.json, naming each, and lists the rest', () => {
		const f = trapped();
		const r = run(f, ['ls']);
		expect(r.stdout).toContain('type-a1');
		expect(r.stderr).toContain('trap.json: is not a regular file');
		expect(r.stderr).toContain('link.json: is a symbolic link');
		expect(r.stderr).toContain('x.json: is a folder');
		const json = JSON.parse(run(f, ['ls', '--json']).stdout) as Array<{agentId: string}>;
		expect(json.map(a => a.agentId)).toEqual(['a1']);
	});

	it('never follows a symlink planted as an agent file, even to a valid record', () => {
		const f = fixture();
		writeAgent(f, 'a1');
		const outside = path.join(f.home, 'elsewhere.json');
		writeFileSync(outside, JSON.stringify({agentId: 'planted', type: 'planted-type', status: 'active', startedAt: iso(30), updatedAt: iso(5)}));
		symlinkSync(outside, path.join(f.sessionDir, 'planted.json'));
		const r = run(f, ['ls']);
		expect(r.stdout).toContain('type-a1');
		expect(r.stdout).not.toContain('planted-type');
		expect(r.stderr).toContain('planted.json: is a symbolic link');
	});

	it('sessions finishes and counts them', () => {
		const f = trapped();
		const r = run(f, ['sessions']);
		expect(r.stdout).toContain(SESSION);
		expect(r.stderr).toContain(`session ${SESSION}: 3 unreadable files skipped`);
		expect((JSON.parse(run(f, ['sessions', '--json']).stdout) as unknown[]).length).toBe(1);
	});

	it('the watch snapshot finishes and counts them as warnings', () => {
		const f = trapped();
		const r = run(f, ['watch']);
		expect(r.stdout).toContain('type-a1');
		expect(r.stdout).toContain('⚠ 3 unreadable files');
	});

	it('readAgentFile refuses a FIFO at once, in a child process that would otherwise hang', () => {
		const f = trapped();
		const r = runIsolated(`
			import {readAgentFile, readSessionDir} from './src/store/activity/read-agents.ts';
			const read = readSessionDir(${JSON.stringify(f.sessionDir)});
			emit({fifo: readAgentFile(${JSON.stringify(path.join(f.sessionDir, 'trap.json'))}), agents: read.agents.length, invalid: read.invalid.length});
		`);
		expect(r.timedOut, r.stderr).toBe(false);
		expect(r.value).toEqual({fifo: {ok: false, error: 'is not a regular file'}, agents: 1, invalid: 3});
	});

	it('an agent file over the bound is a warning, not read', () => {
		const f = fixture();
		writeAgent(f, 'a1');
		const big = path.join(f.sessionDir, 'big.json');
		writeFileSync(big, '');
		truncateSync(big, MAX_AGENT_FILE_BYTES + 1);
		const r = readAgentFile(big);
		expect(r.ok).toBe(false);
		expect(r.ok ? '' : r.error).toMatch(/^too large: /);
		expect(readSessionDir(f.sessionDir).invalid.map(bad => path.basename(bad.file))).toEqual(['big.json']);
	});
});

describe('special files around transcripts, teams and the state file', () => {
	it('the watch snapshot finishes when a transcript, its .meta.json and the parent transcript are FIFOs', () => {
		const f = fixture();
		const subagents = path.join(f.claude, 'projects', '-home-dev-acme', SESSION, 'subagents');
		mkfifo(path.join(subagents, 'agent-a1.jsonl'));
		mkfifo(path.join(subagents, 'agent-a1.meta.json'));
		// a2's transcript is a file, its task is looked up in the parent's transcript: a FIFO.
		writeFileSync(path.join(subagents, 'agent-a2.jsonl'), '');
		mkfifo(path.join(f.claude, 'projects', '-home-dev-acme', `${SESSION}.jsonl`));
		writeAgent(f, 'a1', {transcriptPath: path.join(subagents, 'agent-a1.jsonl')});
		writeAgent(f, 'a2', {transcriptPath: path.join(subagents, 'agent-a2.jsonl')});
		const r = run(f, ['watch']);
		expect(r.stdout).toContain('type-a1');
		expect(r.stdout).toContain('type-a2');
	});

	it('the follower treats a FIFO transcript as missing and skips a FIFO .meta.json', () => {
		const dir = tempDir('subagents-');
		mkfifo(path.join(dir, 'agent-a1.jsonl'));
		mkfifo(path.join(dir, 'agent-a1.meta.json'));
		const r = runIsolated(`
			import {TranscriptFollower} from './src/store/transcripts/follower.ts';
			const follower = new TranscriptFollower();
			follower.follow([{agentId: 'a1', transcriptPath: ${JSON.stringify(path.join(dir, 'agent-a1.jsonl'))}}]);
			const state = follower.getSnapshot().get('a1');
			await follower.close();
			emit({missing: state?.missing, description: state?.description ?? null});
		`);
		expect(r.timedOut, r.stderr).toBe(false);
		expect(r.value).toEqual({missing: true, description: null});
	});

	it('ls resolving a session argument finishes when a team config.json is a FIFO, and skips a folder one', () => {
		const f = fixture();
		writeAgent(f, 'a1');
		mkfifo(path.join(f.claude, 'teams', 'fifo-team', 'config.json'));
		mkdirSync(path.join(f.claude, 'teams', 'folder-team', 'config.json'), {recursive: true});
		mkdirSync(path.join(f.claude, 'teams', 'good-team'), {recursive: true});
		writeFileSync(path.join(f.claude, 'teams', 'good-team', 'config.json'), JSON.stringify({leadSessionId: SESSION}));
		expect(run(f, ['ls', SESSION.slice(0, 8)]).stdout).toContain('type-a1');
		expect(run(f, ['ls', 'good-team']).stdout).toContain('type-a1');
		expect([...readTeams(f.claude).keys()]).toEqual(['good-team']);
	});

	it('loadUiState returns the defaults at once when the state file is a FIFO', () => {
		const file = path.join(tempDir('state-'), 'agentlog', 'state.json');
		mkfifo(file);
		const r = runIsolated(`
			import {loadUiState} from './src/store/state-file.ts';
			emit(loadUiState(${JSON.stringify(file)}));
		`);
		expect(r.timedOut, r.stderr).toBe(false);
		expect(r.value).toEqual({collapsed: false, bell: false});
	});
});
