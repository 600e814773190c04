// Gemini CLI subagents beside Claude Code's in the reading commands, from the files the real Gemini
// CLI 0.61.0 wrote (test/fixtures/gemini), copied into a temp home as $GEMINI_CLI_HOME/.gemini.
import {cpSync, mkdirSync, readdirSync, symlinkSync, utimesSync, writeFileSync} from 'node:fs';
import {execFileSync} from 'node:child_process';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {geminiSessionFor, geminiSessionInfos, listGemini, scanGemini} from '../../../src/app/session/gemini-scan.js';
import type {SessionsJsonEntry} from '../../../src/present/json-shapes.js';
import {geminiFile, geminiHomeOf} from '../../helpers/gemini.js';
import {homeEnv, runCli} from '../../helpers/built-cli.js';
import {tempDir} from '../../helpers/tmp.js';

/** The fixtures were made on this day; the clock is pinned a little after. */
const NOW = '2026-11-29T03:00:00.000Z';

interface Home {
	readonly home: string;
	readonly gemini: string;
}

/** The scenarios' `.gemini` folders merged into one, each file's time set to its last line's (as the CLI left it). */
function setUp(...scenarios: string[]): Home {
	const home = tempDir('gemini-');
	const gemini = path.join(home, 'gemini-cli-home', '.gemini');
	for (const s of scenarios) {
		cpSync(geminiHomeOf(s), gemini, {recursive: true});
	}
	const at = Date.parse('2026-11-29T02:49:00.000Z') / 1000;
	for (const f of readdirSync(gemini, {recursive: true, withFileTypes: true})) {
		if (f.isFile()) {
			utimesSync(path.join(f.parentPath, f.name), at, at);
		}
	}
	return {home, gemini};
}

function run(h: Home, args: readonly string[], extra: Record<string, string> = {}) {
	const providers = {CODEX_HOME: path.join(h.home, 'no-codex'), GEMINI_CLI_HOME: path.join(h.home, 'gemini-cli-home'), AGENTLOG_NOW: NOW};
	return runCli(args, homeEnv(h.home, {...providers, ...extra}));
}

const json = <T>(r: {readonly stdout: string}): T => JSON.parse(r.stdout) as T;

describe('Gemini sessions from their files', () => {
	it('sessions lists each Gemini session with a subagent, marked [gemini], with its counts', () => {
		const h = setUp('tools', 'cut');
		const r = run(h, ['sessions', '--json']);
		expect(r.stderr).toBe('');
		const list = json<SessionsJsonEntry[]>(r);
		const tools = geminiFile('tools', 'main').id;
		const cut = geminiFile('cut', 'main').id;
		expect(list.map(s => [s.id, s.provider]).sort()).toEqual(
			[
				[tools, 'gemini'],
				[cut, 'gemini'],
			].sort(),
		);
		expect(list.find(s => s.id === tools)!.counts).toMatchObject({active: 0, stopped: 2});
		// Killed 11 minutes before the clock, and no Gemini CLI runs where it ran: its child was cut off (interrupted, a stop).
		expect(list.find(s => s.id === cut)!.counts).toMatchObject({active: 0, stale: 0, stopped: 1});
		expect(run(h, ['sessions']).stdout).toContain(`[gemini] ${tools}`);
		// --gemini-home naming no folder: nothing, and nothing printed.
		const none = run(h, ['sessions', '--json', '--gemini-home', path.join(h.home, 'nowhere')]);
		expect(none.stderr).toBe('');
		expect(json<unknown[]>(none)).toEqual([]);
	});

	it('ls --json gives each subagent as one agent: provider, name, task, report, tokens, tool calls', () => {
		const h = setUp('tools');
		const main = geminiFile('tools', 'main');
		const r = run(h, ['ls', main.id.slice(0, 8), '--json']);
		expect(r.stderr).toBe('');
		const agents = json<Record<string, unknown>[]>(r);
		expect(agents.map(a => [a.agentId, a.type, a.provider, a.displayStatus, a.sessionId]).sort()).toEqual(
			[
				[geminiFile('tools', 'reader').id, 'generalist', 'gemini', 'stopped', main.id],
				[geminiFile('tools', 'lister').id, 'lister', 'gemini', 'stopped', main.id],
			].sort(),
		);
		const reader = agents.find(a => a.type === 'generalist')!;
		expect(reader.report).toBe('notes.txt has 3 lines; the first is "alpha".');
		expect(reader.prompt).toContain('[fixture:reader]');
		expect(reader.toolCounts).toEqual({read_file: 1, run_shell_command: 1, complete_task: 1});
		expect((reader.tokens as {input: number}).input).toBeGreaterThan(0);
		// The text view marks them, and the newest session is this one with no argument.
		const text = run(h, ['ls']).stdout;
		expect(text).toContain(`[gemini] session ${main.id}`);
		expect(text).toContain('[gemini] generalist');
	});

	it('a failed child shows as failed with its error; a parallel pair as two agents', () => {
		const h = setUp('fail', 'parallel');
		const failed = json<Record<string, unknown>[]>(run(h, ['ls', geminiFile('fail', 'main').id, '--json']));
		expect(failed).toHaveLength(1);
		expect(failed[0]).toMatchObject({type: 'generalist', status: 'stopped', displayStatus: 'stopped'});
		expect(String(failed[0]!.stopReason)).toContain('fixture: the stand-in refuses');
		const pair = json<Record<string, unknown>[]>(run(h, ['ls', geminiFile('parallel', 'main').id, '--json']));
		expect(pair.map(a => a.agentId).sort()).toEqual([geminiFile('parallel', 'left').id, geminiFile('parallel', 'right').id].sort());
	});

	it('skips links, FIFOs and folders named like session files, without a hang', () => {
		const h = setUp('tools');
		const dir = path.dirname(geminiFile('tools', 'reader').path).replace(geminiHomeOf('tools'), h.gemini);
		execFileSync('mkfifo', [path.join(dir, 'fifo.jsonl')]);
		symlinkSync('/etc/passwd', path.join(dir, 'link.jsonl'));
		mkdirSync(path.join(dir, 'folder.jsonl'));
		writeFileSync(path.join(dir, 'junk.jsonl'), 'not json\n');
		const r = run(h, ['ls', geminiFile('tools', 'main').id, '--json']);
		expect(r.status).toBe(0);
		expect(json<unknown[]>(r)).toHaveLength(2);
	});
});

describe('agentlog import with Gemini', () => {
	it('adds each Gemini subagent to the history once (provider gemini, source transcript)', () => {
		const h = setUp('tools', 'fail');
		const first = json<{imported: number}>(run(h, ['import', '--json']));
		expect(first.imported).toBe(3);
		const history = json<Record<string, unknown>[]>(run(h, ['history', '--json', '--provider', 'gemini']));
		expect(history.map(a => [a.type, a.provider, a.source]).sort()).toEqual(
			[
				['generalist', 'gemini', 'transcript'],
				['generalist', 'gemini', 'transcript'],
				['lister', 'gemini', 'transcript'],
			].sort(),
		);
		const lister = history.find(a => a.type === 'lister')!;
		expect(lister.status).toBe('completed');
		// Its tokens from its file, as ls counts them.
		const ls = json<Record<string, unknown>[]>(run(h, ['ls', geminiFile('tools', 'main').id, '--json']));
		expect(lister.tokens).toBe(ls.find(a => a.type === 'lister')!.tokensTotal);
		expect(lister.tokens).toBeGreaterThan(0);
		const again = json<{imported: number; upToDate: number}>(run(h, ['import', '--json']));
		expect(again).toMatchObject({imported: 0, upToDate: 3});
		// The failed child: failed with its error in the history, as ls says it.
		const broken = history.find(a => a.agentId === geminiFile('fail', 'broken').id)!;
		const brokenLs = json<Record<string, unknown>[]>(run(h, ['ls', geminiFile('fail', 'main').id, '--json']))[0]!;
		expect(broken).toMatchObject({status: 'failed', stopReason: brokenLs.stopReason, stoppedAt: brokenLs.stoppedAt});
		expect(String(broken.stopReason)).toMatch(/^stop-failure:.*fixture: the stand-in refuses this request/u);
		const stats = json<{byProvider: Record<string, {agents: number}>}>(run(h, ['stats', '--json', '--by', 'provider']));
		expect(Object.keys(stats.byProvider)).toEqual(['gemini']);
		expect(stats.byProvider.gemini!.agents).toBe(3);
	});

	it('a child cut off by a kill: interrupted in ls and in the history, with the same reason and stop', () => {
		const h = setUp('cut');
		const ls = json<Record<string, unknown>[]>(run(h, ['ls', geminiFile('cut', 'main').id, '--json']));
		expect(ls).toHaveLength(1);
		expect(ls[0]).toMatchObject({status: 'stopped', interrupted: true, stopReason: 'session-end:gemini-exited', stoppedAt: '2026-11-29T02:48:12.974Z'});
		expect(json<{imported: number}>(run(h, ['import', '--json'])).imported).toBe(1);
		const history = json<Record<string, unknown>[]>(run(h, ['history', '--json', '--provider', 'gemini']));
		expect(history).toHaveLength(1);
		expect(history[0]).toMatchObject({
			agentId: geminiFile('cut', 'stuck').id,
			status: 'interrupted',
			stopReason: 'session-end:gemini-exited',
			stoppedAt: '2026-11-29T02:48:12.974Z',
		});
	});
});

describe('the scan as the reading commands call it', () => {
	it('lists the sessions written in the last 30 days, keeping its reads for the run', () => {
		const h = setUp('tools');
		const id = geminiFile('tools', 'main').id;
		const saved = process.env.AGENTLOG_NOW;
		try {
			process.env.AGENTLOG_NOW = NOW;
			const scan = scanGemini({geminiHome: h.gemini});
			expect(scan.sessions.map(s => s.sessionId)).toEqual([id]);
			expect(geminiSessionInfos(scan)).toEqual([
				{
					id,
					label: id,
					lastActivity: scan.sessions[0]!.lastActivity,
					counts: {waiting: 0, active: 0, idle: 0, stopped: 0, stale: 0},
					warnings: 0,
					provider: 'gemini',
				},
			]);
			expect(geminiSessionInfos(listGemini({geminiHome: h.gemini}))).toEqual(geminiSessionInfos(scan));
			// Asked again: the same reads, not read again.
			expect(geminiSessionFor({geminiHome: h.gemini}, id)?.children[0]?.read).toBe(scan.sessions[0]!.children[0]!.read);
			expect(geminiSessionFor({geminiHome: h.gemini}, 'other')).toBeUndefined();
			process.env.AGENTLOG_NOW = '2027-06-01T00:00:00.000Z';
			expect(scanGemini({geminiHome: h.gemini}).sessions).toEqual([]);
		} finally {
			if (saved === undefined) delete process.env.AGENTLOG_NOW;
			else process.env.AGENTLOG_NOW = saved;
		}
	});
});
