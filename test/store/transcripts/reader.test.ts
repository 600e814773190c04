// One followed transcript read by TranscriptReader: complete lines only, appended bytes only,
// starting over on truncation and rotation, a large file's tail first and its history after,
// whole reads (up to a moment, or a kept summary reused), the `.meta.json` sidecar, and every
// path outside the allowed folders or not a regular file refused without being opened.
import {execFileSync} from 'node:child_process';
import {appendFileSync, mkdirSync, renameSync, rmSync, symlinkSync, truncateSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {beforeEach, describe, expect, it} from 'vitest';
import {TranscriptReader, type FollowTarget} from '../../../src/store/transcripts/reader.js';
import {stampOf} from '../../../src/store/transcripts/state-cache.js';
import {TranscriptRoots} from '../../../src/store/transcripts/transcript-paths.js';
import {tempDir} from '../../helpers/tmp.js';
import {isoAt, promptLine, T0, textLine, toolResultLine, toolUseLine} from '../../helpers/transcript-lines.js';

/**
 * The live reader resolves each path once per synchronous pass (store/transcripts/transcript-paths.ts):
 * what changed on disk is seen from the next pass on, as the follower's reads are.
 */
const nextPass = (): Promise<void> => new Promise(resolve => setImmediate(resolve));

const SESSION = '4d5611e5-241a-462a-8d15-5122611a9569';

let claude: string;
let sessionDir: string;
let subagents: string;
let roots: TranscriptRoots;

beforeEach(() => {
	claude = tempDir('claude-');
	sessionDir = path.join(claude, 'projects', '-home-user-shop', SESSION);
	subagents = path.join(sessionDir, 'subagents');
	mkdirSync(subagents, {recursive: true});
	roots = new TranscriptRoots(claude);
});

const agentFile = (id = 'a1') => path.join(subagents, `agent-${id}.jsonl`);
const target = (file: string, extra: Partial<FollowTarget> = {}): FollowTarget => ({agentId: 'a1', transcriptPath: file, ...extra});
const reader = (file: string, tailBytes = 1 << 20, extra: Partial<FollowTarget> = {}) => new TranscriptReader(target(file, extra), tailBytes, roots);
const lines = (...text: string[]) => text.map(l => `${l}\n`).join('');

/** A transcript of `n` tool calls, each answered, one second apart. */
function calls(n: number, from = 0): string {
	const out: string[] = [];
	for (let i = from; i < from + n; i++) {
		out.push(toolUseLine(`t${i}`, 'Read', {file_path: `/home/user/shop/f${i}.ts`}, {seconds: i * 2 + 1}), toolResultLine(`t${i}`, 'ok', {seconds: i * 2 + 2}));
	}
	return lines(...out);
}

describe('readNew', () => {
	it('reads complete lines only, and the rest of a half-written line once it ends', () => {
		const file = agentFile();
		const whole = toolUseLine('t1', 'Bash', {command: 'ls'}, {seconds: 1});
		writeFileSync(file, lines(promptLine('Look around.')) + whole.slice(0, 40));
		const r = reader(file);
		expect(r.readNew()).toEqual({changed: true, presenceChanged: false, historyWanted: false});
		expect(r.summary().lines).toBe(1);
		expect(r.summary().toolCalls).toEqual([]);
		appendFileSync(file, `${whole.slice(40)}\n`);
		expect(r.readNew().changed).toBe(true);
		expect(r.summary().lines).toBe(2);
		expect(r.summary().toolCalls.map(c => c.name)).toEqual(['Bash']);
		expect(r.state().prompt).toBe('Look around.');
	});

	it('reports nothing changed when nothing was appended and the file was not touched', () => {
		const file = agentFile();
		writeFileSync(file, calls(1));
		const r = reader(file);
		r.readNew();
		expect(r.readNew()).toEqual({changed: false, presenceChanged: false, historyWanted: false});
		// Touched without new bytes: a sign of life, nothing parsed again.
		utimesSync(file, new Date(), new Date(Date.now() + 5000));
		expect(r.readNew()).toEqual({changed: true, presenceChanged: false, historyWanted: false});
		expect(r.summary().lines).toBe(2);
	});

	it('says when the transcript is missing and when it appears', async () => {
		const file = agentFile();
		const r = reader(file);
		expect(r.readNew()).toEqual({changed: true, presenceChanged: true, historyWanted: false});
		expect(r.missing).toBe(true);
		expect(r.state()).toMatchObject({missing: true});
		expect(r.state().transcriptPath).toBeUndefined();
		expect(r.readNew()).toEqual({changed: false, presenceChanged: false, historyWanted: false});
		writeFileSync(file, calls(1));
		await nextPass();
		expect(r.readNew()).toEqual({changed: true, presenceChanged: true, historyWanted: false});
		expect(r.state()).toMatchObject({missing: false, transcriptPath: file});
		rmSync(file);
		await nextPass();
		expect(r.readNew()).toMatchObject({changed: true, presenceChanged: true});
		expect(r.missing).toBe(true);
	});

	it('starts over when the file is truncated', () => {
		const file = agentFile();
		writeFileSync(file, calls(3));
		const r = reader(file);
		r.readNew();
		expect(r.summary().toolCalls).toHaveLength(3);
		truncateSync(file, 0);
		writeFileSync(file, calls(1, 10));
		r.readNew();
		expect(r.summary().toolCalls.map(c => c.id)).toEqual(['t10']);
	});

	it('starts over when the file is replaced by another (a new inode), even a longer one', () => {
		const file = agentFile();
		writeFileSync(file, calls(1));
		const r = reader(file);
		r.readNew();
		const other = path.join(subagents, 'next.tmp');
		writeFileSync(other, calls(4, 20));
		renameSync(other, file);
		r.readNew();
		expect(r.summary().toolCalls.map(c => c.id)).toEqual(['t20', 't21', 't22', 't23']);
	});

	it('counts lines that are not JSON as bad, and goes on', () => {
		const file = agentFile();
		writeFileSync(file, lines('{not json', '', '\u0000\u0001', '[1,2]', promptLine('Go.')));
		const r = reader(file);
		r.readNew();
		expect(r.summary().badLines).toBeGreaterThanOrEqual(2);
		expect(r.state().prompt).toBe('Go.');
	});
});

describe('paths', () => {
	it('refuses a path outside the allowed folders and never opens it', () => {
		const outside = path.join(tempDir('elsewhere-'), 'agent-a1.jsonl');
		writeFileSync(outside, calls(2));
		const r = reader(outside);
		expect(r.readNew().changed).toBe(true);
		expect(r.refused).toBe(true);
		expect(r.summary().lines).toBe(0);
		expect(r.state()).toMatchObject({pathRefused: true, missing: true});
		expect(r.parentPath()).toBeUndefined();
		expect(r.readMeta()).toBe(false);
	});

	it('refuses a relative path, a path with a NUL and a symbolic link out of the allowed folders', () => {
		const outside = path.join(tempDir('elsewhere-'), 'secret.jsonl');
		writeFileSync(outside, calls(1));
		const link = agentFile('link');
		symlinkSync(outside, link);
		for (const file of ['agent-a1.jsonl', `${agentFile()}\0x`, link]) {
			const r = reader(file);
			r.readNew();
			expect(r.refused).toBe(true);
			expect(r.summary().lines).toBe(0);
		}
	});

	it('reads through a symbolic link that stays inside the allowed folders', () => {
		const real = agentFile('real');
		writeFileSync(real, calls(1));
		const link = agentFile('alias');
		symlinkSync(real, link);
		const r = reader(link);
		r.readNew();
		expect(r.refused).toBe(false);
		expect(r.summary().toolCalls).toHaveLength(1);
		expect(r.state().transcriptPath).toBe(real);
	});

	it('allows the session folder of the main transcript it is given', () => {
		const elsewhere = tempDir('other-project-');
		const session = path.join(elsewhere, `${SESSION}.jsonl`);
		const file = path.join(elsewhere, SESSION, 'subagents', 'agent-a1.jsonl');
		mkdirSync(path.dirname(file), {recursive: true});
		writeFileSync(file, calls(1));
		const refused = reader(file);
		refused.readNew();
		expect(refused.refused).toBe(true);
		const allowed = reader(file, 1 << 20, {sessionTranscript: session});
		allowed.readNew();
		expect(allowed.summary().toolCalls).toHaveLength(1);
	});

	it('treats a folder or a FIFO in the transcript’s place as missing, without waiting on it', () => {
		const dir = agentFile('dir');
		mkdirSync(dir);
		const r = reader(dir);
		r.readNew();
		expect(r.missing).toBe(true);
		const fifo = agentFile('fifo');
		execFileSync('mkfifo', [fifo]);
		const f = reader(fifo);
		expect(f.readNew().presenceChanged).toBe(true);
		expect(f.missing).toBe(true);
		f.readAll();
		expect(f.missing).toBe(true);
		expect(f.summary().lines).toBe(0);
	});

	it('finds a workflow agent’s transcript under subagents/workflows while the record’s path is missing', async () => {
		const named = agentFile('w1');
		const real = path.join(subagents, 'workflows', 'run-1', 'agent-w1.jsonl');
		mkdirSync(path.dirname(real), {recursive: true});
		writeFileSync(real, calls(2));
		const r = reader(named);
		r.readNew();
		expect(r.missing).toBe(false);
		expect(r.state().transcriptPath).toBe(real);
		expect(r.summary().toolCalls).toHaveLength(2);
		// The record's own path appears: another file, read from the start.
		writeFileSync(named, calls(1, 30));
		await nextPass();
		r.readNew();
		expect(r.state().transcriptPath).toBe(named);
		expect(r.summary().toolCalls.map(c => c.id)).toEqual(['t30']);
	});

	it('looks for the task in the parent agent’s transcript, else in the session’s', async () => {
		const file = agentFile('child');
		writeFileSync(file, lines(promptLine('Nested.', {agentId: 'child'})));
		writeFileSync(path.join(subagents, 'agent-child.meta.json'), JSON.stringify({parentAgentId: 'parent1', agentType: 'Explore'}));
		writeFileSync(`${sessionDir}.jsonl`, '');
		const session = reader(file);
		session.readNew();
		expect(session.parentPath()).toBe(`${sessionDir}.jsonl`);
		const nested = reader(file);
		nested.readNew();
		expect(nested.readMeta()).toBe(true);
		// The parent's transcript is not there yet: not a path to read.
		expect(nested.parentPath()).toBeUndefined();
		writeFileSync(agentFile('parent1'), '');
		await nextPass();
		expect(nested.parentPath()).toBe(agentFile('parent1'));
	});
});

describe('readMeta', () => {
	it('reads the sidecar once, its strings made safe', () => {
		const file = agentFile();
		writeFileSync(file, calls(1));
		writeFileSync(
			path.join(subagents, 'agent-a1.meta.json'),
			JSON.stringify({agentType: 'Ex\u001b[31mplore', toolUseId: 'toolu_1', description: 'Find\nthe bug'}),
		);
		const r = reader(file);
		expect(r.readMeta()).toBe(true);
		expect(r.toolUseId()).toBe('toolu_1');
		expect(r.metaRead()?.agentType).not.toContain('\u001b');
		expect(r.metaRead()?.description).not.toContain('\n');
		expect(r.metaStamp).toBeDefined();
		// Read once: a second call reads nothing.
		expect(r.readMeta()).toBe(false);
	});

	it('reads nothing from a missing, broken, huge or non-object sidecar', () => {
		const file = agentFile();
		writeFileSync(file, calls(1));
		const meta = path.join(subagents, 'agent-a1.meta.json');
		expect(reader(file).readMeta()).toBe(false);
		for (const text of ['{', '[]', '"x"', 'null', JSON.stringify({agentType: 'x'.repeat(10)}) + ' '.repeat(1024 * 1024)]) {
			writeFileSync(meta, text);
			const r = reader(file);
			expect(r.readMeta()).toBe(false);
			expect(r.metaRead()).toBeUndefined();
		}
		rmSync(meta);
		mkdirSync(meta);
		expect(reader(file).readMeta()).toBe(false);
	});

	it('uses what an earlier read kept while the sidecar is the same file, and reads it again once it changed', () => {
		const file = agentFile();
		writeFileSync(file, calls(1));
		const meta = path.join(subagents, 'agent-a1.meta.json');
		writeFileSync(meta, JSON.stringify({agentType: 'Explore'}));
		const stamp = stampOf(meta)!;
		const kept = reader(file);
		expect(kept.readMeta({file: stamp, meta: {agentType: 'FromCache'}})).toBe(true);
		expect(kept.metaRead()?.agentType).toBe('FromCache');
		writeFileSync(meta, JSON.stringify({agentType: 'Plan', description: 'longer than before'}));
		const fresh = reader(file);
		expect(fresh.readMeta({file: stamp, meta: {agentType: 'FromCache'}})).toBe(true);
		expect(fresh.metaRead()?.agentType).toBe('Plan');
	});
});

describe('a large transcript', () => {
	it('reads its tail first from a line start, then its history, to the same summary as a whole read', async () => {
		const file = agentFile();
		writeFileSync(file, lines(promptLine('Big job.')) + calls(300));
		const tail = reader(file, 4096);
		expect(tail.readNew()).toEqual({changed: true, presenceChanged: false, historyWanted: true});
		const early = tail.state();
		expect(early.history?.total).toBeGreaterThan(0);
		expect(early.history?.done).toBe(0);
		expect(tail.summary().badLines).toBe(0);
		expect(tail.summary().toolCalls.length).toBeLessThan(300);
		let progress = 0;
		await tail.readHistory(
			8192,
			() => (progress += 1),
			() => true,
		);
		expect(progress).toBeGreaterThan(2);
		expect(tail.state().history).toBeUndefined();

		const whole = reader(file);
		whole.readAll(1000);
		for (const r of [tail, whole]) {
			expect(r.summary().toolCalls).toHaveLength(300);
			expect(r.summary().lines).toBe(601);
			expect(r.summary().badLines).toBe(0);
			expect(r.state().prompt).toBe('Big job.');
		}
		expect(whole.wholeStamp).toMatchObject({path: file});
	});

	it('finds a line start when the tail begins inside a line longer than the probe', () => {
		const file = agentFile();
		const long = textLine('x'.repeat(200_000), {seconds: 1});
		writeFileSync(file, lines(promptLine('Long.'), long, toolUseLine('t1', 'Read', {file_path: '/a'}, {seconds: 2})));
		const r = reader(file, 150_000);
		expect(r.readNew().historyWanted).toBe(true);
		expect(r.summary().badLines).toBe(0);
		expect(r.summary().toolCalls.map(c => c.id)).toEqual(['t1']);
	});

	it('drops a history read that is no longer wanted, keeping the tail', async () => {
		const file = agentFile();
		writeFileSync(file, calls(200));
		const r = reader(file, 2048);
		r.readNew();
		const before = r.summary().toolCalls.length;
		await r.readHistory(
			4096,
			() => undefined,
			() => false,
		);
		expect(r.summary().toolCalls).toHaveLength(before);
		expect(r.state().history).toBeDefined();
	});

	it('drops a history read when the file was truncated meanwhile', async () => {
		const file = agentFile();
		writeFileSync(file, calls(200));
		const r = reader(file, 2048);
		r.readNew();
		let restarted = false;
		await r.readHistory(
			4096,
			() => {
				if (!restarted) {
					restarted = true;
					writeFileSync(file, calls(1, 500));
					r.readNew();
				}
			},
			() => true,
		);
		expect(r.summary().toolCalls.map(c => c.id)).toEqual(['t500']);
	});
});

describe('readAll', () => {
	it('reads the transcript as it was at a moment, its last sign of life the last line kept', () => {
		const file = agentFile();
		writeFileSync(file, calls(5));
		const r = reader(file);
		// Calls are at 1, 3, 5, … seconds, results one second later: at 4.5 s two calls are there.
		r.readAll(64, T0 + 4500);
		expect(r.summary().toolCalls.map(c => c.id)).toEqual(['t0', 't1']);
		expect(r.state().mtimeMs).toBe(Date.parse(isoAt(4)));
		expect(r.wholeStamp).toBeUndefined();
	});

	it('uses a kept summary of the very same file, and reads again once the file changed', () => {
		const file = agentFile();
		writeFileSync(file, calls(2));
		const first = reader(file);
		first.readAll();
		const kept = {named: file, cwd: undefined, transcript: first.wholeStamp!, summary: {...first.summary(), lines: 999}};
		const again = reader(file);
		again.readAllOrKept(kept);
		expect(again.summary().lines).toBe(999);
		// Another working folder folds differently: not the same summary.
		const otherCwd = new TranscriptReader(target(file, {cwd: '/elsewhere'}), 1 << 20, roots);
		otherCwd.readAllOrKept(kept);
		expect(otherCwd.summary().lines).toBe(4);
		appendFileSync(file, calls(1, 9));
		const changed = reader(file);
		changed.readAllOrKept(kept);
		expect(changed.summary().lines).toBe(6);
	});

	it('marks a missing or refused transcript missing', () => {
		const missing = reader(agentFile('none'));
		missing.readAll();
		expect(missing.missing).toBe(true);
		const refused = reader('/etc/passwd');
		refused.readAllOrKept(undefined);
		expect(refused.missing).toBe(true);
		expect(refused.refused).toBe(true);
	});
});
