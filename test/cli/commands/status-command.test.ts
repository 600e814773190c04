// `agentlog status` through bin/agentlog.js (its small bundle, dist/cli/status.cjs, and the
// commander command it hands over to): one line for a status bar in every state and format, the
// same counts as `sessions --json`, usage errors, colour only where it belongs.
import {spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import type {AgentRecord} from '../../../src/core/record/agent-record.js';
import {tempDir} from '../../helpers/tmp.js';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const cli = path.join(root, 'bin', 'agentlog.js');
const mainBundle = path.join(root, 'dist', 'cli', 'agentlog.cjs');
const statusBundle = path.join(root, 'dist', 'cli', 'status.cjs');
const S1 = '5e6711e5-241a-462a-8d15-5122611a9569';
const S2 = '6f7811e5-241a-462a-8d15-5122611a9569';
const NOW = Date.parse('2026-03-01T12:00:00Z');
const iso = (secondsAgo: number) => new Date(NOW - secondsAgo * 1000).toISOString();

interface Home {
	readonly home: string;
	readonly claude: string;
	readonly activity: string;
}

function newHome(): Home {
	const home = tempDir('status-');
	const claude = path.join(home, '.claude');
	const activity = path.join(claude, 'agent-activity');
	mkdirSync(activity, {recursive: true});
	return {home, claude, activity};
}

/** One agent file; the session folder's mtime `folderAgo` seconds before NOW (the newest session is the latest). */
function writeAgent(h: Home, session: string, record: AgentRecord, folderAgo = 5): void {
	const dir = path.join(h.activity, session);
	mkdirSync(dir, {recursive: true});
	writeFileSync(path.join(dir, `${record.agentId}.json`), JSON.stringify({sessionId: session, ...record}));
	const when = (NOW - folderAgo * 1000) / 1000;
	utimesSync(dir, when, when);
}

const active = (agentId: string, ago = 10): AgentRecord => ({agentId, type: 'Explore', status: 'active', startedAt: iso(ago + 20), updatedAt: iso(ago)});
const idle = (agentId: string): AgentRecord => ({agentId, type: 'worker', status: 'idle', startedAt: iso(100), updatedAt: iso(30), teammateName: 'w'});
const stopped = (agentId: string): AgentRecord => ({
	agentId,
	type: 'Plan',
	status: 'stopped',
	startedAt: iso(900),
	updatedAt: iso(800),
	stoppedAt: iso(800),
	lastMessage: 'Done.',
});
/** Silent for 10 minutes: stale at the default --stale (5m). */
const silent = (agentId: string): AgentRecord => active(agentId, 600);
/** As the hook leaves it on a PermissionRequest: active, waitingFor and waitingSince (its updatedAt). */
const waiting = (agentId: string): AgentRecord => ({...active(agentId, 40), waitingFor: 'Bash: npm publish', waitingSince: iso(40)});

function env(h: Home, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
	const base: NodeJS.ProcessEnv = {
		...process.env,
		HOME: h.home,
		CLAUDE_CONFIG_DIR: h.claude,
		AGENTLOG_DIR: h.activity,
		XDG_STATE_HOME: path.join(h.home, 'state'),
		AGENTLOG_NOW: iso(0),
		...extra,
	};
	for (const name of ['NO_COLOR', 'FORCE_COLOR'] as const) {
		if (!(name in extra)) {
			delete base[name];
		}
	}
	return base;
}

function spawn(h: Home, args: readonly string[], extra: Record<string, string> = {}, entry = cli) {
	return spawnSync(process.execPath, [entry, ...args], {env: env(h, extra), encoding: 'utf8', timeout: 20_000});
}

function status(h: Home, args: readonly string[] = [], extra: Record<string, string> = {}): string {
	const r = spawn(h, ['status', ...args], extra);
	expect(r.stderr).toBe('');
	expect(r.status).toBe(0);
	return r.stdout;
}

describe('agentlog status', () => {
	it('prints nothing when nothing runs (no session, only stopped agents, only stale ones), and exits 0', () => {
		const h = newHome();
		expect(status(h)).toBe('');
		expect(JSON.parse(status(h, ['--format', 'json']))).toEqual({
			sessionId: null,
			counts: {waiting: 0, active: 0, idle: 0, stopped: 0, stale: 0},
			mainWaiting: false,
			provider: null,
		});
		writeAgent(h, S1, stopped('a1'));
		expect(status(h)).toBe('');
		expect(status(h, ['--format', 'tmux'])).toBe('');
		writeAgent(h, S1, silent('a2'));
		expect(status(h)).toBe('');
		expect(JSON.parse(status(h, ['--format', 'json']))).toEqual({
			sessionId: S1,
			counts: {waiting: 0, active: 0, idle: 0, stopped: 2, stale: 1},
			mainWaiting: false,
			provider: 'claude',
		});
	});

	it('counts by status with glyphs, waiting first, stale beside what runs', () => {
		const h = newHome();
		writeAgent(h, S1, active('a1'));
		expect(status(h)).toBe('● 1\n');
		writeAgent(h, S1, idle('i1'));
		expect(status(h)).toBe('● 1 ◐ 1\n');
		writeAgent(h, S1, silent('s1'));
		expect(status(h)).toBe('● 1 ◐ 1 ◌ 1\n');
		writeAgent(h, S1, waiting('w1'));
		writeAgent(h, S1, active('a2'));
		writeAgent(h, S1, stopped('x1'));
		expect(status(h)).toBe('◆ 1 ● 2 ◐ 1 ◌ 1\n');
		// --stale applies as in ls: silent 10 minutes is not stale at 1h.
		expect(status(h, ['--stale', '1h'])).toBe('◆ 1 ● 3 ◐ 1\n');
	});

	it('an idle or a waiting agent alone is a line', () => {
		const h = newHome();
		writeAgent(h, S1, idle('i1'));
		expect(status(h)).toBe('◐ 1\n');
		writeAgent(h, S2, waiting('w1'), 1);
		expect(status(h)).toBe('◆ 1\n');
		expect(JSON.parse(status(h, ['--format=json']))).toEqual({
			sessionId: S2,
			counts: {waiting: 1, active: 0, idle: 0, stopped: 0, stale: 0},
			mainWaiting: false,
			provider: 'claude',
		});
	});

	it("names the session's tool as sessions --json does: a Qwen Code session the hook recorded is qwen", () => {
		const h = newHome();
		writeAgent(h, S1, {...active('q1'), provider: 'qwen'});
		const line = JSON.parse(status(h, ['--format=json'])) as {provider: string};
		expect(line.provider).toBe('qwen');
		const sessions = JSON.parse(spawn(h, ['sessions', '--json']).stdout) as {id: string; provider: string}[];
		expect(sessions.find(s => s.id === S1)?.provider).toBe(line.provider);
	});

	it('a main session that waits is `◆ main`, first, until its transcript shows a line after the request; as sessions --json says', () => {
		const h = newHome();
		writeAgent(h, S1, stopped('x1'));
		const transcript = path.join(h.claude, 'projects', '-home-user-shop', `${S1}.jsonl`);
		mkdirSync(path.dirname(transcript), {recursive: true});
		writeFileSync(transcript, `${JSON.stringify({type: 'user', timestamp: iso(60), message: {role: 'user', content: 'Ship it.'}})}\n`);
		writeFileSync(
			path.join(h.activity, S1, '.main-waiting.json'),
			JSON.stringify({since: iso(30), waitingFor: 'Bash: npm publish', transcriptPath: transcript}),
		);
		expect(status(h)).toBe('◆ main\n');
		expect(JSON.parse(status(h, ['--format', 'json']))).toMatchObject({sessionId: S1, mainWaiting: true});
		expect((JSON.parse(spawn(h, ['sessions', '--json']).stdout) as Array<{mainWaiting: boolean}>)[0]?.mainWaiting).toBe(true);
		writeAgent(h, S1, waiting('w1'));
		writeAgent(h, S1, active('a1'));
		expect(status(h, ['--format', 'tmux'])).toBe('#[fg=magenta]◆ main#[default] #[fg=magenta]◆ 1#[default] #[fg=green]● 1#[default]\n');
		// The main session works again: a transcript line stamped after the request.
		writeFileSync(transcript, `${JSON.stringify({type: 'assistant', timestamp: iso(10), message: {role: 'assistant', content: []}})}\n`, {flag: 'a'});
		expect(status(h)).toBe('◆ 1 ● 1\n');
		expect(JSON.parse(status(h, ['--format', 'json']))).toMatchObject({mainWaiting: false});
	});

	it('--format tmux colours each count with tmux codes (present.ts COLOR; gray is brightblack)', () => {
		const h = newHome();
		for (const record of [waiting('w1'), active('a1'), active('a2'), idle('i1'), silent('s1')]) {
			writeAgent(h, S1, record);
		}
		expect(status(h, ['--format', 'tmux'])).toBe(
			'#[fg=magenta]◆ 1#[default] #[fg=green]● 2#[default] #[fg=yellow]◐ 1#[default] #[fg=brightblack]◌ 1#[default]\n',
		);
	});

	it('gives the counts sessions --json gives for that session (json), the newest by default, another by its argument', () => {
		const h = newHome();
		for (const record of [waiting('w1'), active('a1'), idle('i1'), silent('s1'), stopped('x1')]) {
			writeAgent(h, S1, record, 60);
		}
		// A ghost: started 2 s after another Plan agent stopped, without a transcript (dedup leaves it out).
		writeAgent(h, S1, {agentId: 'g1', type: 'Plan', status: 'stopped', startedAt: iso(798), updatedAt: iso(797), stoppedAt: iso(797)}, 60);
		writeAgent(h, S2, active('b1'), 5);
		const sessions = JSON.parse(spawn(h, ['sessions', '--json']).stdout) as Array<{id: string; counts: unknown; mainWaiting: boolean}>;
		expect(sessions.map(s => s.id)).toEqual([S2, S1]);
		const newest = JSON.parse(status(h, ['--format', 'json'])) as unknown;
		expect(newest).toEqual({sessionId: S2, counts: sessions[0]?.counts, mainWaiting: false, provider: 'claude'});
		for (const arg of [S1, S1.slice(0, 6)]) {
			const chosen = JSON.parse(status(h, [arg, '--format', 'json'])) as unknown;
			expect(chosen).toEqual({sessionId: S1, counts: sessions[1]?.counts, mainWaiting: false, provider: 'claude'});
		}
		expect(status(h, [S1.slice(0, 6)])).toBe('◆ 1 ● 1 ◐ 1 ◌ 1\n');
		const undeduped = JSON.parse(spawn(h, ['sessions', '--json', '--no-dedup']).stdout) as Array<{id: string; counts: unknown}>;
		expect((JSON.parse(status(h, [S1, '--no-dedup', '--format', 'json'])) as {counts: unknown}).counts).toEqual(undeduped[1]?.counts);
	});

	it('the small bundle and the commander command print the same', () => {
		const h = newHome();
		for (const record of [waiting('w1'), active('a1'), idle('i1'), silent('s1')]) {
			writeAgent(h, S1, record);
		}
		for (const args of [[], ['--format', 'tmux'], ['--format', 'json'], [S1.slice(0, 4), '--stale', '1h']]) {
			const viaMain = spawn(h, ['status', ...args], {}, mainBundle);
			expect(viaMain.status).toBe(0);
			expect(status(h, args)).toBe(viaMain.stdout);
		}
	});

	it('usage errors exit 2 with commander messages; an unknown session exits 1 with the sessions to choose from', () => {
		const h = newHome();
		writeAgent(h, S1, active('a1'));
		const badFormat = spawn(h, ['status', '--format', 'xml']);
		expect(badFormat.status).toBe(2);
		expect(badFormat.stderr).toContain("argument 'xml' is invalid. Allowed choices are plain, tmux, json.");
		expect(badFormat.stdout).toBe('');
		for (const args of [['--bogus'], ['--stale', 'soon'], ['--format'], [S1, S2]]) {
			const r = spawn(h, ['status', ...args]);
			expect(r.status, args.join(' ')).toBe(2);
			expect(r.stderr).toContain('(run with --help for usage)');
			expect(r.stdout).toBe('');
		}
		// A path is never a session folder's name, even one that leads to a session folder.
		for (const arg of [`x/../${S1}`, `./${S1}`]) {
			const r = spawn(h, ['status', arg]);
			expect(r.status, arg).toBe(1);
			expect(r.stdout).toBe('');
		}
		const unknown = spawn(h, ['status', 'nope']);
		expect(unknown.status).toBe(1);
		expect(unknown.stderr).toContain('no session matches "nope"');
		expect(unknown.stderr).toContain(S1);
	});

	it('--help is commander help, the same as agentlog help status, and status is listed in agentlog --help', () => {
		const h = newHome();
		const help = spawn(h, ['status', '--help']);
		expect(help.status).toBe(0);
		expect(help.stdout).toMatch(/^Usage: agentlog status \[options\] \[session\]/);
		expect(help.stdout).toContain('--format <format>');
		expect(spawn(h, ['help', 'status']).stdout).toBe(help.stdout);
		expect(spawn(h, ['--help']).stdout).toMatch(/\n {2}status \[options\] \[session\]/);
	});

	it('the small bundle holds no npm package: only node built-ins are required', () => {
		const source = readFileSync(statusBundle, 'utf8');
		const required = [...source.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map(m => m[1]);
		expect(required.length).toBeGreaterThan(0);
		expect(required.filter(name => !name?.startsWith('node:'))).toEqual([]);
		// node:tty loads node:net and the stream modules: ~2 ms of a run that must stay near `node -e 0`.
		expect(required.filter(name => ['node:tty', 'node:net', 'node:stream'].includes(name ?? ''))).toEqual([]);
		// esbuild names each bundled file in a comment: none from node_modules.
		expect(source).toContain('// src/cli/status-main.ts');
		expect(source).not.toContain('// node_modules/');
	});

	it.skipIf(!existsSync('/usr/bin/script'))('plain on a terminal: coloured, but without any escape code under NO_COLOR', () => {
		const h = newHome();
		writeAgent(h, S1, waiting('w1'));
		writeAgent(h, S1, active('a1'));
		const quote = (s: string): string => `'${s.replaceAll("'", `'\\''`)}'`;
		const inTerminal = (extra: Record<string, string>): string => {
			const r = spawnSync('/usr/bin/script', ['-qec', [process.execPath, cli, 'status'].map(quote).join(' '), '/dev/null'], {
				encoding: 'utf8',
				env: env(h, {TERM: 'xterm-256color', ...extra}),
			});
			expect(r.status).toBe(0);
			return r.stdout.replaceAll('\r\n', '\n');
		};
		expect(inTerminal({})).toBe('\u001B[35m◆ 1\u001B[39m \u001B[32m● 1\u001B[39m\n');
		expect(inTerminal({NO_COLOR: '1'})).toBe('◆ 1 ● 1\n');
		// Piped (no terminal): never coloured.
		expect(status(h)).toBe('◆ 1 ● 1\n');
	});
});
