// `agentlog import` run as a user would, on generated transcripts in a temporary <claude>.
import {spawnSync} from 'node:child_process';
import {mkdirSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {agentCallLines, writeSession} from '../../helpers/subagent-transcripts.js';
import {tempDir} from '../../helpers/tmp.js';

const cli = path.resolve(import.meta.dirname, '..', '..', '..', 'bin', 'agentlog.js');
const T0 = Date.parse('2026-03-01T10:00:00.000Z');
const NOW = T0 + 3_600_000;
const S1 = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';
const S2 = 'bb11aa22-0000-4000-8000-000000000000';

function setup() {
	const home = tempDir('home-');
	const claude = path.join(home, '.claude');
	const activity = path.join(claude, 'agent-activity');
	writeSession(claude, {
		project: '-home-u-proj',
		sessionId: S1,
		main: agentCallLines('toolu_1', 'a2', 'Plan it', 'Plan'),
		agents: [
			{agentId: 'a1', startMs: T0, calls: 2, meta: {agentType: 'Explore', description: 'Find the routes'}},
			{agentId: 'a2', startMs: T0 + 60_000, calls: 1, finished: false},
			{agentId: 'acompact-99', startMs: T0, calls: 1},
		],
	});
	return {home, claude, activity};
}

function run(args: string[], env: {home: string; claude: string}) {
	return spawnSync(process.execPath, [cli, ...args], {
		env: {...process.env, HOME: env.home, CLAUDE_CONFIG_DIR: env.claude, AGENTLOG_DIR: '', AGENTLOG_NOW: new Date(NOW).toISOString(), TZ: 'UTC'},
		encoding: 'utf8',
	});
}

describe('agentlog import', () => {
	it('imports, says so in one summary, adds nothing the second time, and history counts the imported agents', () => {
		const env = setup();
		const first = run(['import'], env);
		expect(first.status).toBe(0);
		// Not a terminal: no progress line.
		expect(first.stderr).toBe('');
		expect(first.stdout).toMatch(
			/^imported 2 agents from 2 transcripts \(\d+(\.\d)? KB\) in \d+\.\d s; 0 already up to date; skipped: 1 internal \(compaction\)\.\n$/u,
		);
		const second = JSON.parse(run(['import', '--json'], env).stdout) as Record<string, unknown>;
		expect(second).toMatchObject({imported: 0, transcripts: 0, upToDate: 2, dryRun: false, skipped: {internal: 1}});

		const history = run(['history'], env);
		expect(history.stdout).toContain('Find the routes');
		expect(history.stdout.trimEnd().split('\n').at(-1)).toBe('all 2 of these agents come from transcripts (agentlog import)');
		const json = JSON.parse(run(['history', '--json'], env).stdout) as Array<{agentId: string; source: string; status: string; type: string}>;
		expect(json.map(a => [a.agentId, a.source, a.status, a.type]).sort()).toEqual([
			['a1', 'transcript', 'completed', 'Explore'],
			['a2', 'transcript', 'interrupted', 'Plan'],
		]);
	});

	it('a session folder holding only the imported log is neither listed by sessions nor followed by ls', () => {
		const env = setup();
		// A hook session, older than the imported one's last line.
		mkdirSync(path.join(env.activity, S2), {recursive: true});
		const record = {
			agentId: 'h1',
			type: 'Explore',
			status: 'stopped',
			startedAt: new Date(T0 - 7_200_000).toISOString(),
			updatedAt: new Date(T0 - 7_000_000).toISOString(),
		};
		writeFileSync(path.join(env.activity, S2, 'h1.json'), JSON.stringify(record));
		const old = new Date(T0 - 7_000_000);
		utimesSync(path.join(env.activity, S2), old, old);
		expect(run(['import'], env).status).toBe(0);
		const sessions = JSON.parse(run(['sessions', '--json'], env).stdout) as Array<{id: string}>;
		expect(sessions.map(s => s.id)).toEqual([S2]);
		const ls = JSON.parse(run(['ls', '--json'], env).stdout) as {sessionId?: string; agents?: Array<{agentId: string}>};
		expect(JSON.stringify(ls)).toContain('h1');
		expect(JSON.stringify(ls)).not.toContain('"a1"');
		// history still has them all.
		const history = JSON.parse(run(['history', '--json'], env).stdout) as Array<{agentId: string}>;
		expect(history.map(a => a.agentId).sort()).toEqual(['a1', 'a2']);
	});

	it('--dry-run writes nothing; a bad --since is a usage error', () => {
		const env = setup();
		const dry = run(['import', '--dry-run'], env);
		expect(dry.stdout).toContain('would import 2 agents');
		expect(dry.stdout).toContain('Dry run: nothing was written.');
		expect(run(['history', '--json'], env).stdout.trim()).toBe('[]');
		const bad = run(['import', '--since', 'yesterday-ish'], env);
		expect(bad.status).toBe(2);
		expect(bad.stderr).toContain("option '--since <when>'");
	});

	it('--help names every tool whose subagents it imports, and where it reads each', () => {
		const h = setup();
		const help = run(['import', '--help'], h).stdout.replace(/\s+/gu, ' ');
		for (const tool of ['Claude Code', 'Codex CLI', 'Qwen Code', 'Gemini CLI', 'opencode']) {
			expect(help, tool).toContain(tool);
		}
		for (const where of ['<claude>/projects', '--codex-home', '<qwen>/projects', '$QWEN_HOME', '--gemini-home', '$XDG_DATA_HOME/opencode']) {
			expect(help, where).toContain(where);
		}
		// The one-line summary in agentlog --help too.
		const top = run(['--help'], h).stdout.replace(/\s+/gu, ' ');
		expect(top).toMatch(/import \[options\] add to the history the subagents Claude Code .*Codex CLI, Qwen Code, Gemini CLI and opencode/u);
	});

	it('install-hook suggests agentlog import once, after a real install only', () => {
		const env = setup();
		const dry = run(['install-hook', '--dry-run'], env);
		expect(dry.stdout).not.toContain('agentlog import');
		const installed = run(['install-hook'], env);
		expect(installed.status).toBe(0);
		const suggestion = `Past agents: \`agentlog import\` adds the subagents Claude Code still keeps in ${path.join(env.claude, 'projects')} to the history.\n`;
		expect(installed.stdout.endsWith(suggestion)).toBe(true);
		expect(installed.stdout.split('agentlog import').length).toBe(2);
		expect(run(['install-hook'], env).stdout).not.toContain('agentlog import');
	});
});
