// Codex subagents beside Claude Code's in the reading commands: from the rollouts under
// $CODEX_HOME, with no setup; bad rollout files skipped without a hang.
import {execFileSync} from 'node:child_process';
import {mkdirSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {codexSessionInfos, codexSessionOf, newestAnySession, olderCodexSessionFiles, scanCodex} from '../../../src/app/session/codex-scan.js';
import type {SessionsJsonEntry} from '../../../src/present/json-shapes.js';
import {childRunLines, rootMetaLine, codexTime, writeRollout} from '../../helpers/codex.js';
import {homeEnv, runCli} from '../../helpers/built-cli.js';
import {tempDir} from '../../helpers/tmp.js';

const ROOT = '019ab000-0000-7000-8000-00000000000a';
const ROOT_ALONE = '019ab000-0000-7000-8000-00000000000b';
const C1 = '019ab000-0000-7000-8000-0000000000c1';
const C2 = '019ab000-0000-7000-8000-0000000000c2';
const CLAUDE = '5e6711e5-241a-462a-8d15-5122611a9569';

interface Home {
	readonly home: string;
	readonly activity: string;
	readonly codex: string;
}

function setUp(): Home {
	const home = tempDir('codex-');
	const activity = path.join(home, '.claude', 'agent-activity');
	const codex = path.join(home, 'codex-home');
	// A Claude session an hour ago.
	const dir = path.join(activity, CLAUDE);
	mkdirSync(dir, {recursive: true});
	const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
	writeFileSync(
		path.join(dir, 'a1.json'),
		JSON.stringify({agentId: 'a1', type: 'Explore', status: 'stopped', startedAt: hourAgo, updatedAt: hourAgo, stoppedAt: hourAgo}),
	);
	const back = (Date.now() - 3_600_000) / 1000;
	utimesSync(dir, back, back);
	// A Codex session a minute ago: a v1 child that finished, a v2 child still working.
	const t0 = Date.now() - 60_000;
	writeRollout(codex, ROOT, t0, [rootMetaLine(codexTime(0, t0), ROOT)]);
	writeRollout(codex, C1, t0, childRunLines(t0, {id: C1, root: ROOT, role: 'explorer', nickname: 'Erdos'}, 'Find the API routes', 'Found 4 routes.'));
	writeRollout(codex, C2, t0, childRunLines(t0, {id: C2, root: ROOT, role: 'default', path: '/root/worker_one', nickname: 'Hooke'}, '<encrypted>', '', true));
	// A root without subagents: not a session here.
	writeRollout(codex, ROOT_ALONE, t0, [rootMetaLine(codexTime(0, t0), ROOT_ALONE)]);
	return {home, activity, codex};
}

function run(h: Home, args: readonly string[], extra: Record<string, string> = {}) {
	return runCli(args, homeEnv(h.home, {AGENTLOG_DIR: h.activity, CODEX_HOME: h.codex, ...extra}));
}

describe('Codex sessions from the rollouts', () => {
	it('sessions lists a Codex session with subagents beside Claude sessions, newest first, with its provider', () => {
		const h = setUp();
		const r = run(h, ['sessions', '--json']);
		expect(r.stderr).toBe('');
		const json = JSON.parse(r.stdout) as SessionsJsonEntry[];
		expect(json.map(s => [s.id, s.provider])).toEqual([
			[ROOT, 'codex'],
			[CLAUDE, 'claude'],
		]);
		expect(json[0]!.counts).toEqual({waiting: 0, active: 1, idle: 0, stopped: 1, stale: 0});
		const text = run(h, ['sessions']).stdout;
		expect(text).toContain(`[codex] ${ROOT}`);
		// --codex-home wins over $CODEX_HOME; a missing Codex folder changes nothing and prints nothing.
		const none = run(h, ['sessions', '--json', '--codex-home', path.join(h.home, 'nowhere')]);
		expect(none.stderr).toBe('');
		expect((JSON.parse(none.stdout) as SessionsJsonEntry[]).map(s => s.id)).toEqual([CLAUDE]);
	});

	it('ls follows the newest session of either kind, takes a Codex root id or prefix, and shows each child as an agent', () => {
		const h = setUp();
		const byDefault = JSON.parse(run(h, ['ls', '--json']).stdout) as Record<string, unknown>[];
		const byPrefix = JSON.parse(run(h, ['ls', '--json', ROOT.slice(0, 13)]).stdout) as Record<string, unknown>[];
		expect(byPrefix).toEqual(byDefault);
		const c1 = byDefault.find(a => a.agentId === C1)!;
		expect(c1).toMatchObject({
			provider: 'codex',
			type: 'explorer',
			teammateName: 'Erdos',
			sessionId: ROOT,
			displayStatus: 'stopped',
			description: 'Find the API routes',
			report: 'Found 4 routes.',
			parentAgentId: null,
			toolCounts: {shell: 1},
		});
		const c2 = byDefault.find(a => a.agentId === C2)!;
		expect(c2).toMatchObject({
			provider: 'codex',
			type: 'worker_one',
			teammateName: 'Hooke',
			displayStatus: 'active',
			description: '/root/worker_one',
			activity: 'shell ls',
		});
		// The Claude session is still there by its id.
		expect((JSON.parse(run(h, ['ls', '--json', CLAUDE]).stdout) as Record<string, unknown>[]).map(a => [a.agentId, a.provider])).toEqual([['a1', 'claude']]);
		// The table marks Codex agents, and its session, as watch's header does.
		const table = run(h, ['ls']).stdout;
		expect(table).toContain('[codex] Erdos (explorer)');
		expect(table.split('\n')[0]).toBe(`[codex] session ${ROOT}`);
		expect(run(h, ['ls', CLAUDE]).stdout.split('\n')[0]).toBe(`session ${CLAUDE}`);
	});

	it('status counts the newest session of either kind, or a Codex session named by prefix, as sessions --json does', () => {
		const h = setUp();
		const json = JSON.parse(run(h, ['status', '--format', 'json']).stdout) as {sessionId: string; counts: Record<string, number>; provider: string};
		expect(json.sessionId).toBe(ROOT);
		expect(json.provider).toBe('codex');
		expect((JSON.parse(run(h, ['status', CLAUDE, '--format', 'json']).stdout) as {provider: string}).provider).toBe('claude');
		expect(json.counts).toEqual({waiting: 0, active: 1, idle: 0, stopped: 1, stale: 0});
		expect(run(h, ['status', ROOT.slice(0, 13)]).stdout).toBe('● 1\n');
		expect(run(h, ['status', '--codex-home', path.join(h.home, 'nowhere'), '--format', 'json']).stdout).toContain(`"sessionId":"${CLAUDE}"`);
	});

	it('skips FIFOs, folders and non-JSON files named like rollouts, reads a 300 KB first line and a cut last line, and never hangs', () => {
		const h = setUp();
		const day = path.dirname(writeRollout(h.codex, '019ab000-0000-7000-8000-0000000000c3', Date.now() - 30_000, ['not json at all']));
		execFileSync('mkfifo', [path.join(day, 'rollout-2026-11-20T10-00-00-fifo.jsonl')]);
		mkdirSync(path.join(day, 'rollout-2026-11-20T10-00-00-dir.jsonl'));
		const big = '019ab000-0000-7000-8000-0000000000c4';
		const t0 = Date.now() - 20_000;
		const lines = childRunLines(t0, {id: big, root: ROOT, role: 'reviewer', extra: {base_instructions: {text: 'x'.repeat(300_000)}}}, 'Review it', 'LGTM');
		writeRollout(h.codex, big, t0, [...lines, '{"timestamp":"2026-11-20T10:00:09.000Z","type":"event_m']);
		const sessions = run(h, ['sessions', '--json']);
		expect(sessions.status).toBe(0);
		// The FIFO, the folder and the file without a thread: counted.
		expect(sessions.stderr).toBe('agentlog: 3 Codex rollout files skipped (not a regular file, unreadable, or no thread on its first line)\n');
		expect((JSON.parse(sessions.stdout) as SessionsJsonEntry[])[0]!.counts.stopped).toBe(2);
		const ls = run(h, ['ls', '--json', ROOT]);
		expect(ls.status).toBe(0);
		expect((JSON.parse(ls.stdout) as Record<string, unknown>[]).find(a => a.agentId === big)).toMatchObject({type: 'reviewer', report: 'LGTM'});
	});
});

describe('agentlog import with Codex', () => {
	it('adds each Codex subagent to the history once (provider codex, source transcript), by the rules of Claude transcripts', () => {
		const fixtures = path.resolve(import.meta.dirname, '..', '..', 'fixtures', 'codex', 'v1');
		const h = setUp();
		const first = JSON.parse(run(h, ['import', '--json', '--codex-home', fixtures]).stdout) as {imported: number; upToDate: number};
		expect(first.imported).toBe(2);
		const history = JSON.parse(run(h, ['history', '--json', '--provider', 'codex']).stdout) as Record<string, unknown>[];
		expect(history.map(a => [a.type, a.provider, a.source, a.status])).toEqual(
			expect.arrayContaining([
				['explorer', 'codex', 'transcript', 'completed'],
				['worker', 'codex', 'transcript', 'completed'],
			]),
		);
		expect(history).toHaveLength(2);
		const worker = history.find(a => a.type === 'worker')!;
		const explorer = history.find(a => a.type === 'explorer')!;
		expect(worker.parentAgentId).toBe(explorer.agentId);
		expect(JSON.parse(run(h, ['history', '--json', '--provider', 'claude']).stdout)).toEqual([]);
		const again = JSON.parse(run(h, ['import', '--json', '--codex-home', fixtures]).stdout) as {imported: number; upToDate: number};
		expect(again).toMatchObject({imported: 0, upToDate: 2});
		const stats = JSON.parse(run(h, ['stats', '--json', '--by', 'provider']).stdout) as {byProvider: Record<string, {agents: number}>};
		expect(Object.keys(stats.byProvider)).toEqual(['codex']);
		expect(stats.byProvider.codex!.agents).toBe(2);
	});
});

describe('the scan as the reading commands call it', () => {
	it('finds the Codex session with subagents, not the root alone; lists it for the session argument', () => {
		const h = setUp();
		const scan = scanCodex({codexHome: h.codex});
		expect(scan.sessions.map(s => s.sessionId)).toEqual([ROOT]);
		expect(codexSessionOf(scan, ROOT)?.threads.length).toBeGreaterThanOrEqual(2);
		expect(codexSessionOf(scan, ROOT_ALONE)).toBeUndefined();
		expect(codexSessionInfos(scan)).toEqual([
			{
				id: ROOT,
				label: ROOT,
				lastActivity: scan.sessions[0]!.lastActivity,
				counts: {waiting: 0, active: 0, idle: 0, stopped: 0, stale: 0},
				warnings: 0,
				provider: 'codex',
			},
		]);
		// A live session's files are read live: none to add.
		expect(olderCodexSessionFiles(ROOT, {codexHome: h.codex})).toBeUndefined();
		expect(olderCodexSessionFiles(CLAUDE, {codexHome: h.codex})).toBeUndefined();
	});

	it('the newest session of any kind: the Codex one written a minute ago, else the folder', () => {
		const h = setUp();
		expect(newestAnySession(h.activity, {codexHome: h.codex})).toBe(ROOT);
		expect(newestAnySession(h.activity, {codexHome: path.join(h.home, 'no-codex')})).toBe(CLAUDE);
		expect(newestAnySession(path.join(h.home, 'no-activity'), {codexHome: path.join(h.home, 'no-codex')})).toBeUndefined();
	});
});
