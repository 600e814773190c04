// pruneSessions and pruneOnceADay on real folders: old sessions go whole, live ones and links stay,
// and the hook's daily pass runs once a day however many hooks ask at once.
import {spawn} from 'node:child_process';
import {existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {build} from 'esbuild';
import {beforeAll, describe, expect, it, vi} from 'vitest';
import {formatEventLine, type EventLine} from '../../../src/core/record/event-line.js';
import {claimDailyPrune, PRUNE_STAMP_NAME} from '../../../src/store/history/daily-prune.js';
import {PRUNING_PREFIX, pruneOnceADay, pruneSessions, ToolFolderError} from '../../../src/store/history/prune.js';
import {EVENT_LOG_NAME} from '../../../src/core/record/file-names.js';
import {tempDir} from '../../helpers/tmp.js';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const RETENTION = 30 * DAY;
const iso = (ms: number) => new Date(ms).toISOString();

function setTimes(file: string, ms: number): void {
	utimesSync(file, ms / 1000, ms / 1000);
}

/** Everything in a folder, then the folder itself, dated `ms` (as the hook would have left it then). */
function age(dir: string, ms: number): void {
	for (const name of readdirSync(dir)) {
		const st = lstatSync(path.join(dir, name));
		if (!st.isSymbolicLink()) {
			setTimes(path.join(dir, name), ms);
		}
	}
	setTimes(dir, ms);
}

/** A session whose log and agent file were last written `lastMs`; `state` is its agent's state then. */
function writeSession(activity: string, id: string, lastMs: number, state: 'stopped' | 'active' | 'idle' = 'stopped'): string {
	const dir = path.join(activity, id);
	mkdirSync(dir, {recursive: true});
	const start: EventLine = {v: 1, at: iso(lastMs - MIN), event: 'SubagentStart', sessionId: id, agentId: 'a1', type: 'Explore', state: 'active'};
	const lines = [start];
	if (state === 'stopped') {
		lines.push({v: 1, at: iso(lastMs), event: 'SubagentStop', sessionId: id, agentId: 'a1', type: 'Explore', state: 'stopped', data: {lastMessage: 'done'}});
	} else if (state === 'idle') {
		lines.push({v: 1, at: iso(lastMs), event: 'TeammateIdle', sessionId: id, agentId: 'a1', state: 'idle'});
	}
	writeFileSync(path.join(dir, EVENT_LOG_NAME), lines.map(formatEventLine).join(''));
	writeFileSync(
		path.join(dir, 'a1.json'),
		JSON.stringify({
			agentId: 'a1',
			type: 'Explore',
			status: state,
			startedAt: iso(lastMs - MIN),
			updatedAt: iso(lastMs),
			...(state === 'stopped' ? {stoppedAt: iso(lastMs)} : {}),
		}),
	);
	age(dir, lastMs);
	return dir;
}

describe('pruneSessions', () => {
	it('removes whole sessions past the retention, with their bytes and last event; keeps recent ones', () => {
		const activity = tempDir('activity-');
		const oldDir = writeSession(activity, 's-old', NOW - 40 * DAY);
		writeSession(activity, 's-new', NOW - 2 * DAY);
		const bytes = readdirSync(oldDir).reduce((sum, n) => sum + lstatSync(path.join(oldDir, n)).size, 0);
		const result = pruneSessions(activity, {now: NOW, olderThanMs: RETENTION});
		expect(result.removed).toEqual([{id: 's-old', bytes, lastEventAt: iso(NOW - 40 * DAY)}]);
		expect(result.kept).toEqual([{id: 's-new', reason: 'recent'}]);
		expect(result.errors).toEqual([]);
		expect(readdirSync(activity).sort()).toEqual(['s-new']);
	});

	it('takes the newest of log lines, agent files and mtimes as the last event', () => {
		const activity = tempDir('activity-');
		const dir = writeSession(activity, 's1', NOW - 40 * DAY);
		// A log line dated after every mtime (another machine's clock): the session is recent.
		writeFileSync(
			path.join(dir, EVENT_LOG_NAME),
			formatEventLine({v: 1, at: iso(NOW - DAY), event: 'SubagentStop', sessionId: 's1', agentId: 'a1', state: 'stopped'}),
			{flag: 'a'},
		);
		age(dir, NOW - 40 * DAY);
		expect(pruneSessions(activity, {now: NOW, olderThanMs: RETENTION}).kept).toEqual([{id: 's1', reason: 'recent'}]);
		expect(existsSync(dir)).toBe(true);
	});

	it('keeps an old session while an agent is idle (log and file), or active and not stale (the log says it lives)', () => {
		const activity = tempDir('activity-');
		writeSession(activity, 's-idle', NOW - 90 * DAY, 'idle');
		// Active in its file 40 days ago: stale by the monitor's rule, so it does not keep the session.
		writeSession(activity, 's-stale', NOW - 40 * DAY, 'active');
		// Its only agent file says stopped; its log also started a2, which has no file: the log's fold counts too.
		const running = writeSession(activity, 's-running', NOW - 40 * DAY);
		writeFileSync(
			path.join(running, EVENT_LOG_NAME),
			formatEventLine({v: 1, at: iso(NOW - 40 * DAY), event: 'SubagentStart', sessionId: 's-running', agentId: 'a2', state: 'active'}),
			{flag: 'a'},
		);
		age(running, NOW - 40 * DAY);
		const result = pruneSessions(activity, {now: NOW, olderThanMs: RETENTION, staleMs: 365 * DAY});
		expect(result.kept).toEqual(
			expect.arrayContaining([
				{id: 's-idle', reason: 'live-agent', agentId: 'a1'},
				{id: 's-running', reason: 'live-agent', agentId: 'a2'},
			]),
		);
		// With the stale time of 365 days, s-stale's active agent lives too.
		expect(result.kept).toContainEqual({id: 's-stale', reason: 'live-agent', agentId: 'a1'});
		const byDefault = pruneSessions(activity, {now: NOW, olderThanMs: RETENTION});
		expect(byDefault.removed.map(r => r.id)).toEqual(['s-running', 's-stale']);
		expect(byDefault.kept).toEqual([{id: 's-idle', reason: 'live-agent', agentId: 'a1'}]);
		expect(readdirSync(activity)).toEqual(['s-idle']);
	});

	it('never follows nor removes a symlinked session folder', () => {
		const activity = tempDir('activity-');
		const elsewhere = tempDir('elsewhere-');
		const target = writeSession(elsewhere, 's-target', NOW - 40 * DAY);
		symlinkSync(target, path.join(activity, 's-link'));
		const result = pruneSessions(activity, {now: NOW, olderThanMs: RETENTION});
		expect(result.removed).toEqual([]);
		expect(result.kept).toEqual([{id: 's-link', reason: 'symlink'}]);
		expect(lstatSync(path.join(activity, 's-link')).isSymbolicLink()).toBe(true);
		expect(readdirSync(target).sort()).toEqual(['a1.json', EVENT_LOG_NAME]);
	});

	it('does not follow a symlink inside an old session: agentlog never writes one, so the session is left alone and named', () => {
		const activity = tempDir('activity-');
		const elsewhere = tempDir('elsewhere-');
		writeFileSync(path.join(elsewhere, 'precious.txt'), 'keep me');
		const dir = writeSession(activity, 's-old', NOW - 40 * DAY);
		symlinkSync(elsewhere, path.join(dir, 'link'));
		age(dir, NOW - 40 * DAY);
		const result = pruneSessions(activity, {now: NOW, olderThanMs: RETENTION});
		expect(result.removed).toEqual([]);
		expect(result.kept).toEqual([{id: 's-old', reason: 'foreign', foreign: ['link']}]);
		expect(readdirSync(dir).sort()).toEqual(['a1.json', EVENT_LOG_NAME, 'link']);
		expect(readFileSync(path.join(elsewhere, 'precious.txt'), 'utf8')).toBe('keep me');
	});

	it('skips dot folders (a demo’s transcripts, leftovers) and names that are not session ids', () => {
		const activity = tempDir('activity-');
		for (const name of ['.demo-transcripts', 'not a session']) {
			mkdirSync(path.join(activity, name));
			setTimes(path.join(activity, name), NOW - 90 * DAY);
		}
		expect(pruneSessions(activity, {now: NOW, olderThanMs: RETENTION})).toEqual({removed: [], kept: [], errors: []});
		expect(readdirSync(activity).sort()).toEqual(['.demo-transcripts', 'not a session']);
	});

	it('keeps a session written to after it was looked at (its log appended, or a file renamed into it)', () => {
		const activity = tempDir('activity-');
		writeSession(activity, 's-log', NOW - 40 * DAY);
		writeSession(activity, 's-file', NOW - 40 * DAY);
		writeSession(activity, 's-quiet', NOW - 40 * DAY);
		const result = pruneSessions(activity, {
			now: NOW,
			olderThanMs: RETENTION,
			beforeRemove: id => {
				if (id === 's-log') {
					writeFileSync(
						path.join(activity, id, EVENT_LOG_NAME),
						formatEventLine({v: 1, at: iso(NOW), event: 'SubagentStart', sessionId: id, agentId: 'a9', state: 'active'}),
						{flag: 'a'},
					);
				} else if (id === 's-file') {
					writeFileSync(path.join(activity, id, 'a9.json'), '{}');
				}
			},
		});
		expect(result.removed.map(r => r.id)).toEqual(['s-quiet']);
		expect(result.kept).toEqual([
			{id: 's-file', reason: 'changed'},
			{id: 's-log', reason: 'changed'},
		]);
		expect(readdirSync(activity).sort()).toEqual(['s-file', 's-log']);
	});

	it('with dryRun, removes nothing and says what would go', () => {
		const activity = tempDir('activity-');
		writeSession(activity, 's-old', NOW - 40 * DAY);
		const result = pruneSessions(activity, {now: NOW, olderThanMs: RETENTION, dryRun: true});
		expect(result.removed.map(r => r.id)).toEqual(['s-old']);
		expect(result.removed[0]!.bytes).toBeGreaterThan(0);
		expect(readdirSync(activity)).toEqual(['s-old']);
		expect(readdirSync(path.join(activity, 's-old')).sort()).toEqual(['a1.json', EVENT_LOG_NAME]);
	});

	it('removes the leftover of a prune cut off half way, once it is an hour old', () => {
		const activity = tempDir('activity-');
		const fresh = path.join(activity, `${PRUNING_PREFIX}s1.1.1`);
		const stale = path.join(activity, `${PRUNING_PREFIX}s2.1.1`);
		for (const [dir, ms] of [
			[fresh, NOW - 10 * MIN],
			[stale, NOW - 2 * 60 * MIN],
		] as const) {
			mkdirSync(dir);
			writeFileSync(path.join(dir, 'a.json'), '{}');
			setTimes(dir, ms);
		}
		pruneSessions(activity, {now: NOW, olderThanMs: RETENTION});
		expect(readdirSync(activity)).toEqual([path.basename(fresh)]);
	});

	it('an activity folder that does not exist is nothing to prune', () => {
		expect(pruneSessions(path.join(tempDir(), 'none'), {now: NOW, olderThanMs: RETENTION})).toEqual({removed: [], kept: [], errors: []});
	});
});

describe('pruneSessions removes only what agentlog made', () => {
	/** An old folder as Claude Code leaves one in its own folder, with `files` (relative paths) in it. */
	function foreignFolder(activity: string, name: string, files: Record<string, string>): string {
		const dir = path.join(activity, name);
		for (const [file, text] of Object.entries(files)) {
			mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
			writeFileSync(path.join(dir, file), text);
		}
		for (const sub of readdirSync(dir)) {
			if (lstatSync(path.join(dir, sub)).isDirectory()) {
				age(path.join(dir, sub), NOW - 90 * DAY);
			}
		}
		age(dir, NOW - 90 * DAY);
		return dir;
	}

	it('refuses the whole activity folder when it is Claude Code’s own (AGENTLOG_DIR=~/.claude): projects/ and todos/ stay', () => {
		const claude = tempDir('claude-');
		writeSession(claude, 's-old', NOW - 40 * DAY);
		foreignFolder(claude, 'projects', {'-home-dev-acme/3f2c9a10.jsonl': '{"transcript":1}\n'});
		foreignFolder(claude, 'todos', {'3f2c9a10-agent-3f2c9a10.json': '[]'});
		writeFileSync(path.join(claude, 'settings.json'), '{}');
		expect(() => pruneSessions(claude, {now: NOW, olderThanMs: RETENTION})).toThrow(ToolFolderError);
		expect(() => pruneSessions(claude, {now: NOW, olderThanMs: RETENTION})).toThrow(
			/looks like Claude Code's own folder \(it holds projects, todos, settings.json\)/,
		);
		expect(readdirSync(claude).sort()).toEqual(['projects', 's-old', 'settings.json', 'todos']);
		expect(readFileSync(path.join(claude, 'projects', '-home-dev-acme', '3f2c9a10.jsonl'), 'utf8')).toContain('transcript');
	});

	it('refuses the Claude config folder, a Codex home and the home folder by path, even empty of markers', () => {
		const claude = tempDir('claude-');
		const codex = tempDir('codex-');
		const home = tempDir('home-');
		for (const dir of [claude, codex, home]) {
			writeSession(dir, 's-old', NOW - 40 * DAY);
			expect(() => pruneSessions(dir, {now: NOW, olderThanMs: RETENTION, homes: {claude, codex, home}})).toThrow(ToolFolderError);
			expect(readdirSync(dir)).toEqual(['s-old']);
		}
		// A link to the Claude folder is the Claude folder.
		const link = path.join(tempDir(), 'activity');
		symlinkSync(claude, link);
		expect(() => pruneSessions(link, {now: NOW, olderThanMs: RETENTION, homes: {claude}})).toThrow(/is Claude Code's own folder/);
		// Codex's own files there.
		const codexLike = tempDir('codex-like-');
		writeFileSync(path.join(codexLike, 'config.toml'), '');
		mkdirSync(path.join(codexLike, 'sessions'));
		expect(() => pruneSessions(codexLike, {now: NOW, olderThanMs: RETENTION})).toThrow(/looks like Codex CLI's own folder/);
	});

	it('leaves alone an old folder holding a subfolder, a foreign file or JSON that is no agent record, and names what is foreign', () => {
		const activity = tempDir('activity-');
		foreignFolder(activity, 'old-stuff', {'-home-dev-acme/t.jsonl': 'x', 'notes.md': 'mine'});
		foreignFolder(activity, 'lists', {'a-agent-b.json': '[]'});
		const mixed = writeSession(activity, 's-mixed', NOW - 40 * DAY);
		writeFileSync(path.join(mixed, 'README.txt'), 'mine');
		age(mixed, NOW - 40 * DAY);
		const renamed = writeSession(activity, 's-renamed', NOW - 40 * DAY);
		// An agent record under another agent's name is not a file agentlog wrote.
		writeFileSync(path.join(renamed, 'other.json'), readFileSync(path.join(renamed, 'a1.json')));
		age(renamed, NOW - 40 * DAY);
		writeSession(activity, 's-old', NOW - 40 * DAY);
		for (const dryRun of [true, false]) {
			const result = pruneSessions(activity, {now: NOW, olderThanMs: RETENTION, dryRun});
			expect(result.removed.map(r => r.id)).toEqual(['s-old']);
			expect(result.kept).toEqual([
				{id: 'lists', reason: 'foreign', foreign: ['a-agent-b.json']},
				{id: 'old-stuff', reason: 'foreign', foreign: ['-home-dev-acme/', 'notes.md']},
				{id: 's-mixed', reason: 'foreign', foreign: ['README.txt']},
				{id: 's-renamed', reason: 'foreign', foreign: ['other.json']},
			]);
		}
		expect(readdirSync(activity).sort()).toEqual(['lists', 'old-stuff', 's-mixed', 's-renamed']);
		expect(readFileSync(path.join(activity, 'old-stuff', '-home-dev-acme', 't.jsonl'), 'utf8')).toBe('x');
		expect(readFileSync(path.join(activity, 'lists', 'a-agent-b.json'), 'utf8')).toBe('[]');
		expect(readdirSync(mixed).sort()).toEqual(['README.txt', 'a1.json', EVENT_LOG_NAME]);
	});

	it('removes a session holding the hook’s own dot files (temp, locks, stale locks, markers) file by file', () => {
		const activity = tempDir('activity-');
		const dir = writeSession(activity, 's-old', NOW - 40 * DAY);
		const own = [
			'.main-waiting.json',
			'.a1.lock',
			'.+cap.lock',
			'.+cap.again',
			'.a1.lock.4242.3.stale',
			'.a1.json.4242.m1x2y3abc1.tmp',
			'..main-waiting.json.4242.m1x2y3abc1.tmp',
		];
		for (const name of own) {
			writeFileSync(path.join(dir, name), '');
		}
		age(dir, NOW - 40 * DAY);
		expect(pruneSessions(activity, {now: NOW, olderThanMs: RETENTION}).removed.map(r => r.id)).toEqual(['s-old']);
		expect(readdirSync(activity)).toEqual([]);
	});

	it('puts a session back, untouched, when a foreign file comes into it after it was moved aside', () => {
		const activity = tempDir('activity-');
		const dir = writeSession(activity, 's-old', NOW - 40 * DAY);
		const result = pruneSessions(activity, {
			now: NOW,
			olderThanMs: RETENTION,
			afterMoveAside: aside => writeFileSync(path.join(aside, 'late.txt'), 'mine'),
		});
		expect(result.removed).toEqual([]);
		expect(result.kept).toEqual([{id: 's-old', reason: 'foreign', foreign: ['late.txt']}]);
		expect(readdirSync(dir).sort()).toEqual(['a1.json', EVENT_LOG_NAME, 'late.txt']);
	});

	it('does not empty a prune leftover that holds anything agentlog did not write', () => {
		const activity = tempDir('activity-');
		const leftover = path.join(activity, `${PRUNING_PREFIX}s1.1.1`);
		mkdirSync(path.join(leftover, 'sub'), {recursive: true});
		writeFileSync(path.join(leftover, 'sub', 'precious.txt'), 'keep me');
		writeFileSync(path.join(leftover, 'a1.json'), '{}');
		setTimes(leftover, NOW - 2 * 60 * MIN);
		pruneSessions(activity, {now: NOW, olderThanMs: RETENTION});
		expect(readFileSync(path.join(leftover, 'sub', 'precious.txt'), 'utf8')).toBe('keep me');
		expect(readdirSync(leftover).sort()).toEqual(['a1.json', 'sub']);
	});
});

describe('the daily prune in a folder that is not agentlog’s, and on a fresh install', () => {
	it('refuses Claude Code’s folder with one log line a day, removing nothing', () => {
		const claude = tempDir('claude-');
		foreignFolder2(claude);
		const logged: string[] = [];
		expect(pruneOnceADay(claude, NOW, m => logged.push(m), {env: {}})).toBeUndefined();
		expect(pruneOnceADay(claude, NOW + MIN, m => logged.push(m), {env: {}})).toBeUndefined();
		expect(logged).toHaveLength(1);
		expect(logged[0]).toMatch(
			/^daily prune: refused: the activity folder .* looks like Claude Code's own folder \(it holds projects\).*nothing was removed\. Point AGENTLOG_DIR/,
		);
		expect(readdirSync(path.join(claude, 'projects'))).toEqual(['p']);
	});

	it('claims nothing and creates nothing when the activity folder does not exist yet', () => {
		const activity = path.join(tempDir(), 'agent-activity');
		const logged: string[] = [];
		expect(claimDailyPrune(activity, NOW)).toBe(false);
		expect(pruneOnceADay(activity, NOW, m => logged.push(m))).toBeUndefined();
		expect(logged).toEqual([]);
		expect(existsSync(activity)).toBe(false);
	});
});

/** Claude Code's projects/ with one old transcript folder. */
function foreignFolder2(claude: string): void {
	mkdirSync(path.join(claude, 'projects', 'p'), {recursive: true});
	writeFileSync(path.join(claude, 'projects', 'p', 't.jsonl'), 'x');
	age(path.join(claude, 'projects', 'p'), NOW - 90 * DAY);
	age(path.join(claude, 'projects'), NOW - 90 * DAY);
}

describe('pruneOnceADay', () => {
	it('prunes, then is a no-op within a day (the stamp), and prunes again after it', () => {
		const activity = tempDir('activity-');
		const logged: string[] = [];
		const log = (m: string) => logged.push(m);
		writeSession(activity, 's1', NOW - 40 * DAY);
		expect(pruneOnceADay(activity, NOW, log, {env: {}})?.removed.map(r => r.id)).toEqual(['s1']);
		expect(lstatSync(path.join(activity, PRUNE_STAMP_NAME)).mtimeMs).toBe(NOW);
		expect(logged).toEqual([expect.stringMatching(/^daily prune: removed 1 session\(s\) older than 30d \(\d+ bytes\)$/)]);

		writeSession(activity, 's2', NOW - 40 * DAY);
		expect(pruneOnceADay(activity, NOW + DAY - 1, log, {env: {}})).toBeUndefined();
		expect(readdirSync(activity)).toContain('s2');

		expect(pruneOnceADay(activity, NOW + DAY, log, {env: {}})?.removed.map(r => r.id)).toEqual(['s2']);
	});

	it('takes AGENTLOG_RETENTION, and logs why an invalid one is not used', () => {
		const activity = tempDir('activity-');
		const logged: string[] = [];
		writeSession(activity, 's1', NOW - 3 * DAY);
		expect(pruneOnceADay(activity, NOW, m => logged.push(m), {env: {AGENTLOG_RETENTION: '2d'}})?.removed.map(r => r.id)).toEqual(['s1']);
		const again = tempDir('activity-');
		writeSession(again, 's1', NOW - 3 * DAY);
		expect(pruneOnceADay(again, NOW, m => logged.push(m), {env: {AGENTLOG_RETENTION: 'never'}})?.removed).toEqual([]);
		expect(logged[1]).toMatch(/^AGENTLOG_RETENTION: invalid retention: .*; using the default, 30d$/);
	});

	it('does not believe a stamp dated more than a day in the future', () => {
		const activity = tempDir('activity-');
		writeFileSync(path.join(activity, PRUNE_STAMP_NAME), '');
		setTimes(path.join(activity, PRUNE_STAMP_NAME), NOW + 400 * DAY);
		writeSession(activity, 's1', NOW - 40 * DAY);
		expect(pruneOnceADay(activity, NOW, () => {}, {env: {}})?.removed.map(r => r.id)).toEqual(['s1']);
	});

	it('never throws: an unusable stamp (a folder) is logged', () => {
		const activity = tempDir('activity-');
		mkdirSync(path.join(activity, PRUNE_STAMP_NAME, 'x'), {recursive: true});
		const logged: string[] = [];
		expect(pruneOnceADay(activity, NOW, m => logged.push(m), {env: {}})).toBeUndefined();
		expect(logged).toHaveLength(1);
		expect(logged[0]).toMatch(/^daily prune: /);
	});

	describe('in several processes at once', () => {
		let bundle = '';
		beforeAll(async () => {
			bundle = path.join(tempDir('bundle-'), 'prune.cjs');
			await build({
				entryPoints: [path.resolve(import.meta.dirname, '../../../src/store/history/prune.ts')],
				bundle: true,
				platform: 'node',
				format: 'cjs',
				outfile: bundle,
				logLevel: 'silent',
			});
		}, 60_000);

		// Each process waits for the go file (all start together), calls pruneOnceADay and prints
		// whether it pruned and what it removed.
		const RUNNER = `
const {existsSync, writeFileSync} = require('node:fs');
const [bundle, activity, now, go] = process.argv.slice(1);
const {pruneOnceADay} = require(bundle);
const pause = new Int32Array(new SharedArrayBuffer(4));
writeFileSync(go + '.ready.' + process.pid, '');
while (!existsSync(go)) Atomics.wait(pause, 0, 0, 1);
const result = pruneOnceADay(activity, Number(now), m => process.stderr.write(m + '\\n'), {env: {}});
process.stdout.write(JSON.stringify(result === undefined ? null : result.removed.map(r => r.id)));
`;

		function runner(activity: string, go: string): Promise<string> {
			return new Promise((resolve, reject) => {
				const child = spawn(process.execPath, ['-e', RUNNER, bundle, activity, String(NOW), go], {stdio: ['ignore', 'pipe', 'inherit']});
				let out = '';
				child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
				child.on('error', reject);
				child.on('close', () => resolve(out));
			});
		}

		it('prunes once between them', async () => {
			for (let round = 0; round < 10; round++) {
				const activity = tempDir('activity-');
				for (let i = 0; i < 20; i++) {
					writeSession(activity, `s${i}`, NOW - 40 * DAY);
				}
				const go = path.join(tempDir('go-'), 'go');
				const runs = Array.from({length: 6}, () => runner(activity, go));
				// All started and waiting (they poll every ms), then go.
				await vi.waitFor(() => expect(readdirSync(path.dirname(go)).filter(n => n.startsWith('go.ready.'))).toHaveLength(6), {timeout: 20_000, interval: 20});
				writeFileSync(go, '');
				const outputs = (await Promise.all(runs)).map(o => JSON.parse(o) as string[] | null);
				const pruned = outputs.filter(o => o !== null);
				expect(pruned).toHaveLength(1);
				expect(pruned[0]).toHaveLength(20);
				expect(readdirSync(activity).filter(n => !n.startsWith('.'))).toEqual([]);
			}
		}, 60_000);
	});
});
