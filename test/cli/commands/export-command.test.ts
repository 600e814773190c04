// `agentlog export` run as a user would, on event logs written with formatEventLine.
import {spawnSync} from 'node:child_process';
import {appendFileSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {formatEventLine, type EventLine} from '../../../src/core/record/event-line.js';
import {AGENT_COLUMNS, EVENT_COLUMNS} from '../../../src/present/export-rows.js';
import {parseCsv} from '../../helpers/csv.js';
import {ALL_HOSTILE, RAW_CONTROL} from '../../helpers/hostile.js';
import {tempDir} from '../../helpers/tmp.js';

const cli = path.resolve(import.meta.dirname, '..', '..', '..', 'bin', 'agentlog.js');
const NOW = Date.parse('2026-03-01T12:00:00Z');
const S1 = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';
const S2 = 'bb11aa22-0000-4000-8000-000000000000';
const at = (minutesAgo: number): string => new Date(NOW - minutesAgo * 60_000).toISOString();

function log(activity: string, sessionId: string, lines: Array<Omit<EventLine, 'v' | 'sessionId'>>): void {
	const dir = path.join(activity, sessionId);
	mkdirSync(dir, {recursive: true});
	appendFileSync(path.join(dir, 'events.jsonl'), lines.map(l => formatEventLine({v: 1, sessionId, ...l})).join(''));
}

/** S1: an Explore agent that spawned a worker, both completed; a Plan agent interrupted by SessionEnd. S2: an active Explore agent. */
function fixture(): string {
	const activity = tempDir('activity-');
	log(activity, S1, [
		{at: at(120), event: 'SessionStart', data: {source: 'startup'}},
		{at: at(110), event: 'SubagentStart', agentId: 'ex1', type: 'Explore', state: 'active', git: {head: 'aaaaaaa111', branch: 'main'}},
		{at: at(110), event: 'PostToolUse', agentId: 'ex1', data: {description: 'find the routes, "all" of them', model: 'haiku', status: 'async_launched'}},
		{at: at(105), event: 'SubagentStart', agentId: 'wk1', type: 'worker', state: 'active', data: {parentAgentId: 'ex1'}},
		{at: at(100), event: 'SubagentStop', agentId: 'wk1', type: 'worker', state: 'stopped', data: {lastMessage: 'done\n=1+1'}},
		{at: at(90), event: 'SubagentStop', agentId: 'ex1', type: 'Explore', state: 'stopped', git: {head: 'bbbbbbb222', branch: 'main'}},
		{
			at: at(90),
			event: 'PostToolUse',
			agentId: 'ex1',
			data: {status: 'completed', totalTokens: 1200, totalToolUseCount: 7, totalDurationMs: 1_200_000},
		},
		{at: at(80), event: 'SubagentStart', agentId: 'pl1', type: 'Plan', state: 'active', cwd: '/work/a,b'},
		{at: at(70), event: 'SessionEnd', data: {reason: 'prompt_input_exit'}},
	]);
	log(activity, S2, [{at: at(1), event: 'SubagentStart', agentId: 'ex2', type: 'explore', state: 'active'}]);
	return activity;
}

function run(args: string[], activity: string, options: {cwd?: string; node?: string[]} = {}) {
	const home = tempDir('home-');
	return spawnSync(process.execPath, [...(options.node ?? []), cli, ...args, '--dir', activity], {
		env: {...process.env, HOME: home, CLAUDE_CONFIG_DIR: path.join(home, '.claude'), AGENTLOG_NOW: new Date(NOW).toISOString(), TZ: 'UTC'},
		encoding: 'utf8',
		maxBuffer: 256 * 1024 * 1024,
		...(options.cwd === undefined ? {} : {cwd: options.cwd}),
	});
}

const jsonl = (text: string): unknown[] =>
	text
		.split('\n')
		.filter(l => l !== '')
		.map(l => JSON.parse(l) as unknown);

/** A history --json agent as the CSV row gives it back: git flattened, numbers as text, null empty. */
function asCsvRecord(agent: Record<string, unknown>): string[] {
	const git = agent.git as {start: {head: string | null; branch: string | null} | null; stop: {head: string | null; branch: string | null} | null};
	const flat: Record<string, unknown> = {
		...agent,
		gitStartHead: git.start?.head,
		gitStartBranch: git.start?.branch,
		gitStopHead: git.stop?.head,
		gitStopBranch: git.stop?.branch,
	};
	return AGENT_COLUMNS.map(c => {
		const v = flat[c];
		if (v === null || v === undefined) {
			return '';
		}
		const text = typeof v === 'string' ? v : JSON.stringify(v);
		return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
	});
}

/** Files left in a folder besides the ones named: temp files would show here. */
const others = (dir: string, ...names: string[]): string[] => readdirSync(dir).filter(n => !names.includes(n));

describe('agentlog export', () => {
	it('JSONL (the default): one history --json agent a line, oldest first; the filters apply', () => {
		const activity = fixture();
		const r = run(['export'], activity);
		expect(r.status).toBe(0);
		expect(r.stderr).toBe('');
		const history = JSON.parse(run(['history', '--json', '--asc'], activity).stdout) as unknown[];
		expect(history).toHaveLength(4);
		expect(jsonl(r.stdout)).toEqual(history);
		expect(r.stdout.split('\n')).toHaveLength(5);
		const ids = (args: string[]) => (jsonl(run(['export', ...args], activity).stdout) as Array<{agentId: string}>).map(a => a.agentId);
		expect(ids(['--type', 'EXPLORE'])).toEqual(['ex1', 'ex2']);
		expect(ids(['--status', 'interrupted,active'])).toEqual(['pl1', 'ex2']);
		expect(ids(['--since', '85m'])).toEqual(['pl1', 'ex2']);
		expect(ids(['--until', at(100)])).toEqual(['ex1', 'wk1']);
		expect(ids(['--agent', 'wk'])).toEqual(['wk1']);
		expect(ids([S2.slice(0, 6)])).toEqual(['ex2']);
	});

	it('CSV: a header and one record per agent that parse back to the history --json values', () => {
		const activity = fixture();
		const r = run(['export', '--format', 'csv'], activity);
		expect(r.status).toBe(0);
		const [header, ...records] = parseCsv(r.stdout);
		expect(header).toEqual([...AGENT_COLUMNS]);
		const history = JSON.parse(run(['history', '--json', '--asc'], activity).stdout) as Array<Record<string, unknown>>;
		expect(records).toEqual(history.map(asCsvRecord));
		expect(records[0]![AGENT_COLUMNS.indexOf('description')]).toBe('find the routes, "all" of them');
		expect(r.stdout).not.toContain('\r');
	});

	it('--events: the log lines oldest first, exactly as history --events --json (JSONL) or one record each (CSV)', () => {
		const activity = fixture();
		const lines = JSON.parse(run(['history', '--events', '--json'], activity).stdout) as Array<EventLine>;
		expect(lines).toHaveLength(10);
		expect(jsonl(run(['export', '--events'], activity).stdout)).toEqual(lines);
		expect(jsonl(run(['export', '--events', '--agent', 'pl1'], activity).stdout)).toEqual(
			JSON.parse(run(['history', '--events', '--json', '--agent', 'pl1'], activity).stdout),
		);
		const [header, ...records] = parseCsv(run(['export', '--events', '--format', 'csv'], activity).stdout);
		expect(header).toEqual([...EVENT_COLUMNS]);
		expect(records).toHaveLength(10);
		const cell = (record: string[], column: (typeof EVENT_COLUMNS)[number]) => record[EVENT_COLUMNS.indexOf(column)];
		expect(records.map(rec => cell(rec, 'event'))).toEqual(lines.map(l => l.event));
		const stop = records.find(rec => cell(rec, 'agentId') === 'wk1' && cell(rec, 'event') === 'SubagentStop')!;
		expect(JSON.parse(cell(stop, 'data')!)).toEqual({lastMessage: 'done\n=1+1'});
		expect(records.find(rec => cell(rec, 'agentId') === 'pl1')!.slice(0, 10)).toEqual([
			'1',
			at(80),
			'SubagentStart',
			S1,
			'pl1',
			'Plan',
			'active',
			'/work/a,b',
			'',
			'',
		]);
	});

	it('usage errors: an unknown format, an ambiguous agent prefix (exit 2)', () => {
		const activity = fixture();
		const format = run(['export', '--format', 'xml'], activity);
		expect(format.status).toBe(2);
		expect(format.stderr).toContain('jsonl');
		const ambiguous = run(['export', '--agent', 'ex'], activity);
		expect(ambiguous.status).toBe(2);
		expect(ambiguous.stderr).toContain('matches 2 agents (ex1, ex2)');
	});

	it('-o writes the file whole with nothing else left beside it, and says what it wrote on stderr', () => {
		const activity = fixture();
		const out = tempDir('out-');
		const r = run(['export', '--format', 'csv', '-o', 'agents.csv'], activity, {cwd: out});
		expect(r.status).toBe(0);
		expect(r.stdout).toBe('');
		expect(r.stderr).toContain('exported 4 agents (csv) to');
		expect(readFileSync(path.join(out, 'agents.csv'), 'utf8')).toBe(run(['export', '--format', 'csv'], activity).stdout);
		expect(others(out, 'agents.csv')).toEqual([]);
	});

	it('-o - writes to stdout, and makes no file named -', () => {
		const activity = fixture();
		const out = tempDir('out-');
		const r = run(['export', '-o', '-'], activity, {cwd: out});
		expect(r.status).toBe(0);
		expect(r.stdout).toBe(run(['export'], activity).stdout);
		expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(4);
		expect(readdirSync(out)).toEqual([]);
	});

	it('-o refuses an existing file unless --force, and a failed export leaves nothing behind', () => {
		const activity = fixture();
		const out = tempDir('out-');
		const file = path.join(out, 'agents.jsonl');
		writeFileSync(file, 'keep me\n');
		const refused = run(['export', '-o', file], activity);
		expect(refused.status).toBe(1);
		expect(refused.stderr).toContain('already exists; --force replaces it');
		expect(readFileSync(file, 'utf8')).toBe('keep me\n');
		const forced = run(['export', '-o', file, '--force'], activity);
		expect(forced.status).toBe(0);
		expect(jsonl(readFileSync(file, 'utf8'))).toHaveLength(4);
		const failed = run(['export', '-o', path.join(out, 'none.jsonl'), '--agent', 'ex'], activity);
		expect(failed.status).toBe(2);
		expect(others(out, 'agents.jsonl')).toEqual([]);
	});

	it('a symlink at -o is never written through nor replaced, --force or not', () => {
		const activity = fixture();
		const out = tempDir('out-');
		const target = path.join(out, 'precious.txt');
		writeFileSync(target, 'precious\n');
		const link = path.join(out, 'export.jsonl');
		symlinkSync(target, link);
		const refused = run(['export', '-o', link], activity);
		expect(refused.status).toBe(1);
		expect(readlinkSync(link)).toBe(target);
		expect(readFileSync(target, 'utf8')).toBe('precious\n');
		// A dangling link too: creating its target would be writing through it.
		const dangling = path.join(out, 'dangling.jsonl');
		symlinkSync(path.join(out, 'created-through-link'), dangling);
		expect(run(['export', '-o', dangling], activity).status).toBe(1);
		expect(existsSync(path.join(out, 'created-through-link'))).toBe(false);
		const forced = run(['export', '-o', link, '--force'], activity);
		expect(forced.status).toBe(1);
		expect(forced.stderr).toContain('is a symbolic link');
		expect(readlinkSync(link)).toBe(target);
		expect(readFileSync(target, 'utf8')).toBe('precious\n');
		expect(others(out, 'precious.txt', 'export.jsonl', 'dangling.jsonl')).toEqual([]);
	});

	it('-o --force never replaces a FIFO, a device or a folder: exit 1, nothing changed', () => {
		const activity = fixture();
		const out = tempDir('out-');
		const fifo = path.join(out, 'fifo');
		expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
		const targets: Array<[string, RegExp]> = [
			[fifo, /is not a regular file \(a FIFO, socket or device\?\)/],
			[out, /is a folder; -o takes a file name/],
		];
		// A device node of its own (as /dev/null is), only where one can be made.
		const device = path.join(out, 'null');
		if (spawnSync('mknod', [device, 'c', '1', '3']).status === 0) {
			targets.push([device, /is not a regular file/]);
		}
		for (const [target, message] of targets) {
			const before = lstatSync(target);
			const r = run(['export', '-o', target, '--force'], activity);
			expect(r.status, target).toBe(1);
			expect(r.stderr).toMatch(message);
			expect(r.stderr).toMatch(target === out ? /-o takes a file name/ : /nothing was changed/);
			const after = lstatSync(target);
			expect([after.ino, after.mode, after.rdev]).toEqual([before.ino, before.mode, before.rdev]);
		}
		expect(readdirSync(out).sort()).toEqual(targets.length === 3 ? ['fifo', 'null'] : ['fifo']);
	});

	it('-o into a folder that does not exist is an error naming it, with no file made', () => {
		const activity = fixture();
		const out = tempDir('out-');
		const r = run(['export', '-o', path.join(out, 'missing', 'x.csv')], activity);
		expect(r.status).toBe(1);
		expect(r.stderr).toContain('cannot write');
		expect(readdirSync(out)).toEqual([]);
	});

	it('values are exact in a file or pipe: hostile text comes back as it was (JSONL escapes C1 and bidi)', () => {
		const activity = tempDir('activity-');
		log(activity, S1, [
			{at: at(10), event: 'SubagentStart', agentId: 'h1', type: ALL_HOSTILE, state: 'active'},
			{at: at(9), event: 'PostToolUse', agentId: 'h1', data: {description: ALL_HOSTILE}},
		]);
		const csv = run(['export', '--format', 'csv'], activity);
		const [, record] = parseCsv(csv.stdout);
		expect(record![AGENT_COLUMNS.indexOf('type')]).toBe(ALL_HOSTILE);
		expect(record![AGENT_COLUMNS.indexOf('description')]).toBe(ALL_HOSTILE);
		const agent = jsonl(run(['export'], activity).stdout)[0] as {type: string};
		expect(agent.type).toBe(ALL_HOSTILE);
		expect(run(['export'], activity).stdout).not.toMatch(/[\u0080-\u009F\u202A-\u202E]/);
	});

	it.skipIf(!existsSync('/usr/bin/script'))('CSV to a terminal: text cells made safe (and JSONL, escaped, stays exact)', () => {
		const activity = tempDir('activity-');
		log(activity, S1, [{at: at(10), event: 'SubagentStart', agentId: 'h1', type: ALL_HOSTILE, state: 'active'}]);
		const quote = (s: string): string => `'${s.replaceAll("'", `'\\''`)}'`;
		const inTerminal = (args: string[]): string => {
			const command = [process.execPath, cli, ...args, '--dir', activity].map(quote).join(' ');
			const r = spawnSync('/usr/bin/script', ['-qec', command, '/dev/null'], {
				encoding: 'utf8',
				env: {...process.env, AGENTLOG_NOW: new Date(NOW).toISOString(), TZ: 'UTC'},
			});
			expect(r.status).toBe(0);
			// The terminal turns each \n into \r\n.
			return r.stdout.replaceAll('\r\n', '\n');
		};
		const csv = inTerminal(['export', '--format', 'csv']);
		expect(csv).toContain('h1,');
		expect(csv).not.toMatch(RAW_CONTROL);
		expect(csv).toContain('␛]0;pwned');
		const agent = jsonl(inTerminal(['export']))[0] as {type: string};
		expect(agent.type).toBe(ALL_HOSTILE);
	});

	it('an empty history: JSONL writes nothing, CSV only the header', () => {
		const activity = tempDir('activity-');
		expect(run(['export'], activity).stdout).toBe('');
		expect(run(['export', '--format', 'csv', '--events'], activity).stdout).toBe(`${EVENT_COLUMNS.join(',')}\n`);
	});
});

describe('agentlog export over 10,000 agents', () => {
	/** 500 sessions × 20 agents, each a start, an Agent call with a description, a stop with a message. */
	function bigHistory(): string {
		const activity = tempDir('big-');
		const t0 = Date.parse('2026-02-01T00:00:00Z');
		for (let s = 0; s < 500; s++) {
			const sessionId = `sess-${String(s).padStart(4, '0')}`;
			const lines: EventLine[] = [];
			for (let a = 0; a < 20; a++) {
				const agentId = `ag${s}x${a}`;
				const start = new Date(t0 + (s * 20 + a) * 60_000).toISOString();
				const stop = new Date(t0 + (s * 20 + a) * 60_000 + 30_000).toISOString();
				lines.push(
					{v: 1, at: start, event: 'SubagentStart', sessionId, agentId, type: 'Explore', state: 'active', git: {head: 'a'.repeat(40), branch: 'main'}},
					{v: 1, at: start, event: 'PostToolUse', sessionId, agentId, data: {description: `task ${a}, "quoted", ${'x'.repeat(200)}`, model: 'haiku'}},
					{v: 1, at: stop, event: 'SubagentStop', sessionId, agentId, type: 'Explore', state: 'stopped', data: {lastMessage: 'done '.repeat(100)}},
				);
			}
			mkdirSync(path.join(activity, sessionId));
			writeFileSync(path.join(activity, sessionId, 'events.jsonl'), lines.map(formatEventLine).join(''));
		}
		return activity;
	}

	/** Runs export with a preload that writes the process's peak RSS (KB) to a file at exit. */
	function peakRssKb(args: string[], activity: string): {kb: number; stdout: string} {
		const dir = tempDir('rss-');
		const preload = path.join(dir, 'rss.cjs');
		const result = path.join(dir, 'rss.txt');
		writeFileSync(preload, `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(result)}, String(process.resourceUsage().maxRSS)));\n`);
		const r = run(args, activity, {node: ['--require', preload]});
		expect(r.status).toBe(0);
		return {kb: Number(readFileSync(result, 'utf8')), stdout: r.stdout};
	}

	it('exports every agent and every line in order with a bounded peak RSS', {timeout: 60_000}, () => {
		const activity = bigHistory();
		const agents = peakRssKb(['export', '--format', 'csv'], activity);
		const records = parseCsv(agents.stdout);
		expect(records).toHaveLength(10_001);
		expect(records[1]![0]).toBe('ag0x0');
		expect(records[10_000]![0]).toBe('ag499x19');
		const events = peakRssKb(['export', '--events'], activity);
		expect(events.stdout.split('\n')).toHaveLength(30_001);
		// Measured on the 2-core dev machine: ~105 MB (agents) and ~125 MB (events); node -e 0 is ~40 MB.
		expect(agents.kb / 1024).toBeLessThan(200);
		expect(events.kb / 1024).toBeLessThan(200);
	});
});
