import {spawnSync} from 'node:child_process';
import {appendFileSync, mkdirSync, readFileSync, statSync, symlinkSync, utimesSync, writeFileSync, existsSync, openSync, writeSync, closeSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {formatEventLine, parseEventLog} from '../../../src/core/record/event-line.js';
import {importTranscripts} from '../../../src/store/history/import.js';
import {readHistories} from '../../../src/store/history/histories.js';
import {agentCallLines, lastLineMs, transcriptLines, writeSession} from '../../helpers/subagent-transcripts.js';
import {tempDir} from '../../helpers/tmp.js';

const T0 = Date.parse('2026-03-01T10:00:00.000Z');
const S1 = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';
const S2 = 'bb11aa22-0000-4000-8000-000000000000';
const iso = (ms: number) => new Date(ms).toISOString();

function dirs() {
	return {claude: tempDir('claude-'), activity: tempDir('activity-')};
}

function logLines(activity: string, sessionId: string) {
	const file = path.join(activity, sessionId, 'events.jsonl');
	return existsSync(file) ? parseEventLog(readFileSync(file, 'utf8')).lines : [];
}

/** S1: a finished Explore agent with meta, a nested agent it started (meta names the parent), a cut-off agent known only from the parent's call, a compaction agent, a workflow agent. */
function fixture(claude: string) {
	return writeSession(claude, {
		project: '-home-u-proj',
		sessionId: S1,
		main: agentCallLines('toolu_main_1', 'a3cut', 'Plan the refactor', 'Plan'),
		agents: [
			{agentId: 'a1ex', startMs: T0, calls: 3, report: 'Found 3 routes.', meta: {agentType: 'Explore', description: 'Find the routes'}},
			{
				agentId: 'a2nest',
				startMs: T0 + 60_000,
				calls: 1,
				parentAgentId: 'a1ex',
				meta: {agentType: 'worker', description: 'Read one file', parentAgentId: 'a1ex'},
			},
			{agentId: 'a3cut', startMs: T0 + 120_000, calls: 2, finished: false, partial: '{"type":"assistant","message":{"content":[{"type":"te'},
			{agentId: 'acompact-1234abcd', startMs: T0, calls: 1},
			{agentId: 'awf1', startMs: T0 + 200_000, calls: 1, workflow: 'wf_1'},
		],
	});
}

describe('importTranscripts', () => {
	it('adds one Imported line per agent with the transcript facts; skips compaction agents; reads nested, cut-off, half-written and workflow transcripts', () => {
		const {claude, activity} = dirs();
		const files = fixture(claude);
		const summary = importTranscripts({claudeDir: claude, activity});
		expect(summary).toMatchObject({imported: 4, transcripts: 4, sessions: 1, upToDate: 0, hooked: 0, skipped: {internal: 1, unreadable: 0, empty: 0}});
		const lines = logLines(activity, S1);
		expect(lines.map(l => l.agentId).sort()).toEqual(['a1ex', 'a2nest', 'a3cut', 'awf1']);
		const by = new Map(lines.map(l => [l.agentId, l]));
		expect(by.get('a1ex')).toMatchObject({
			event: 'Imported',
			type: 'Explore',
			state: 'stopped',
			at: iso(lastLineMs({agentId: 'a1ex', startMs: T0, calls: 3})),
			cwd: '/home/u/proj',
			data: {
				source: 'transcript',
				startedAt: iso(T0),
				description: 'Find the routes',
				model: 'claude-sonnet-4-5-20250929',
				// 4 messages (3 steps + the end), 173 tokens each, counted once per message id.
				tokens: 4 * 173,
				toolCalls: 3,
				files: ['src/e1.ts'],
				report: 'Found 3 routes.',
				transcriptPath: files.get('a1ex'),
				transcriptBytes: statSync(files.get('a1ex')!).size,
				transcriptMtimeMs: statSync(files.get('a1ex')!).mtimeMs,
			},
		});
		expect(by.get('a2nest')).toMatchObject({type: 'worker', state: 'stopped', data: {parentAgentId: 'a1ex', description: 'Read one file'}});
		// No meta: the type and description come from the parent's Agent call; the half-written last line is left out.
		expect(by.get('a3cut')).toMatchObject({type: 'Plan', state: 'interrupted', data: {description: 'Plan the refactor', toolCalls: 2}});
		expect(by.get('a3cut')?.data).not.toHaveProperty('report');
		// Neither meta nor a parent's call: no type, the prompt's first line as the description.
		expect(by.get('awf1')).toMatchObject({type: '', data: {description: 'Explore the code base.'}});

		const read = readHistories(activity, {vars: process.env, now: T0 + 3_600_000});
		const histories = new Map(read.agents.map(h => [h.agentId, h]));
		expect(histories.get('a1ex')).toMatchObject({
			status: 'completed',
			source: 'transcript',
			startedAt: iso(T0),
			description: 'Find the routes',
			tokens: 692,
			toolCalls: 3,
		});
		expect(histories.get('a2nest')).toMatchObject({parentAgentId: 'a1ex'});
		expect(histories.get('a3cut')).toMatchObject({status: 'interrupted', source: 'transcript'});
	});

	it('is idempotent, and a grown transcript adds one new line that the fold takes', () => {
		const {claude, activity} = dirs();
		const files = fixture(claude);
		importTranscripts({claudeDir: claude, activity});
		const again = importTranscripts({claudeDir: claude, activity});
		expect(again).toMatchObject({imported: 0, transcripts: 0, upToDate: 4, sessions: 0});
		expect(logLines(activity, S1)).toHaveLength(4);

		// The cut-off agent goes on: its half-written line is replaced by whole lines and a final message.
		const file = files.get('a3cut')!;
		const whole = transcriptLines(S1, {agentId: 'a3cut', startMs: T0 + 120_000, calls: 2, report: 'Planned.'}).join('');
		writeFileSync(file, whole);
		utimesSync(file, new Date(), new Date(Date.now() + 5000));
		const grown = importTranscripts({claudeDir: claude, activity});
		expect(grown).toMatchObject({imported: 1, upToDate: 3});
		const lines = logLines(activity, S1).filter(l => l.agentId === 'a3cut');
		expect(lines.map(l => l.state)).toEqual(['interrupted', 'stopped']);
		const h = readHistories(activity, {vars: process.env, now: T0 + 3_600_000}).agents.find(a => a.agentId === 'a3cut');
		expect(h).toMatchObject({status: 'completed', resumeCount: 0, startedAt: iso(T0 + 120_000)});
		expect(importTranscripts({claudeDir: claude, activity}).imported).toBe(0);
	});

	it('never imports an agent the hook recorded, and the fold keeps what the hook said', () => {
		const {claude, activity} = dirs();
		fixture(claude);
		mkdirSync(path.join(activity, S1), {recursive: true});
		const hookAt = '2026-03-01T11:00:00.000Z';
		appendFileSync(
			path.join(activity, S1, 'events.jsonl'),
			formatEventLine({v: 1, at: hookAt, event: 'SubagentStart', sessionId: S1, agentId: 'a1ex', type: 'Explore', state: 'active'}),
		);
		const summary = importTranscripts({claudeDir: claude, activity});
		expect(summary).toMatchObject({imported: 3, hooked: 1});
		expect(
			logLines(activity, S1)
				.filter(l => l.agentId === 'a1ex')
				.map(l => l.event),
		).toEqual(['SubagentStart']);
		const h = readHistories(activity, {vars: process.env, now: Date.parse(hookAt) + 1000}).agents.find(a => a.agentId === 'a1ex');
		expect(h).toMatchObject({source: 'hook', status: 'active', startedAt: hookAt});
	});

	it("puts back a session folder's mtime; a folder it made gets the time of its last line", () => {
		const {claude, activity} = dirs();
		fixture(claude);
		writeSession(claude, {project: '-home-u-other', sessionId: S2, agents: [{agentId: 'b1', startMs: T0 + 500_000, calls: 1}]});
		// S2 exists with an agent file (and no log yet): creating events.jsonl would change its mtime.
		mkdirSync(path.join(activity, S2));
		writeFileSync(path.join(activity, S2, 'b9.json'), '{}');
		const old = new Date('2026-02-01T00:00:00.000Z');
		utimesSync(path.join(activity, S2), old, old);
		importTranscripts({claudeDir: claude, activity});
		expect(statSync(path.join(activity, S2)).mtimeMs).toBe(old.getTime());
		expect(logLines(activity, S2)).toHaveLength(1);
		const last = Math.max(...logLines(activity, S1).map(l => Date.parse(l.at)));
		expect(statSync(path.join(activity, S1)).mtimeMs).toBe(last);
	});

	it('--dry-run writes nothing; --project and --since select', () => {
		const {claude, activity} = dirs();
		fixture(claude);
		writeSession(claude, {project: '-home-u-other', sessionId: S2, agents: [{agentId: 'b1', startMs: T0, calls: 1}]});
		expect(importTranscripts({claudeDir: claude, activity, dryRun: true})).toMatchObject({imported: 5, dryRun: true});
		expect(existsSync(path.join(activity, S1))).toBe(false);
		expect(importTranscripts({claudeDir: claude, activity, dryRun: true, project: '/home/u/other'}).imported).toBe(1);
		expect(importTranscripts({claudeDir: claude, activity, dryRun: true, project: 'nothing-like-it'}).imported).toBe(0);
		expect(importTranscripts({claudeDir: claude, activity, dryRun: true, sinceMs: Date.now() + 60_000}).imported).toBe(0);
	});

	it('follows no symlink below projects and opens only regular files', () => {
		const {claude, activity} = dirs();
		const elsewhere = tempDir('elsewhere-');
		writeSession(elsewhere, {project: 'p', sessionId: S2, agents: [{agentId: 'x1', startMs: T0}]});
		mkdirSync(path.join(claude, 'projects', 'real', S1, 'subagents'), {recursive: true});
		// A linked project, a linked session folder, a linked transcript, a FIFO: none is read.
		symlinkSync(path.join(elsewhere, 'projects', 'p'), path.join(claude, 'projects', 'linked'));
		symlinkSync(path.join(elsewhere, 'projects', 'p', S2), path.join(claude, 'projects', 'real', S2));
		symlinkSync(
			path.join(elsewhere, 'projects', 'p', S2, 'subagents', 'agent-x1.jsonl'),
			path.join(claude, 'projects', 'real', S1, 'subagents', 'agent-x2.jsonl'),
		);
		spawnSync('mkfifo', [path.join(claude, 'projects', 'real', S1, 'subagents', 'agent-x3.jsonl')]);
		const summary = importTranscripts({claudeDir: claude, activity});
		expect(summary.imported).toBe(0);
		expect(summary.skipped.unreadable).toBe(2);
		expect(existsSync(path.join(activity, S1))).toBe(false);
	});

	it('a 200 MB transcript is read with bounded memory (RSS measured in a child process)', () => {
		const {claude, activity} = dirs();
		const subagents = path.join(claude, 'projects', 'big', S1, 'subagents');
		mkdirSync(subagents, {recursive: true});
		const file = path.join(subagents, 'agent-abig.jsonl');
		const block = transcriptLines(S1, {agentId: 'abig', startMs: T0, calls: 200, finished: false}).join('');
		// A long tool result in each block, as real transcripts have.
		const padding = `${JSON.stringify({type: 'user', message: {role: 'user', content: [{type: 'tool_result', tool_use_id: 'x', content: 'y'.repeat(200_000)}]}, timestamp: iso(T0)})}\n`;
		const chunk = Buffer.from(block + padding);
		const fd = openSync(file, 'w');
		let size = 0;
		while (size < 200 * 1024 * 1024) {
			writeSync(fd, chunk);
			size += chunk.length;
		}
		writeSync(
			fd,
			transcriptLines(S1, {agentId: 'abig', startMs: T0 + 10_000_000, calls: 1, report: 'Big done.'})
				.slice(-1)
				.join(''),
		);
		closeSync(fd);
		// The built CLI in a child, with a preload that writes its peak RSS (KiB) at exit.
		const probe = path.join(tempDir('probe-'), 'rss.mjs');
		const rssFile = `${probe}.out`;
		writeFileSync(
			probe,
			`import {writeFileSync} from 'node:fs'; process.on('exit', () => writeFileSync(${JSON.stringify(rssFile)}, String(process.resourceUsage().maxRSS)));`,
		);
		const cli = path.resolve(import.meta.dirname, '..', '..', '..', 'bin', 'agentlog.js');
		const peakKiB = (claudeDir: string, dir: string) => {
			// A 32 MB old space: holding the file (or a line list of it) would end in an out-of-memory crash.
			const child = spawnSync(process.execPath, ['--max-old-space-size=32', '--import', probe, cli, 'import', '--json', '--dir', dir], {
				encoding: 'utf8',
				env: {...process.env, CLAUDE_CONFIG_DIR: claudeDir},
			});
			expect(child.stderr).toBe('');
			return {summary: JSON.parse(child.stdout) as {imported: number; bytes: number}, kib: Number(readFileSync(rssFile, 'utf8'))};
		};
		const baseline = peakKiB(tempDir('empty-claude-'), tempDir('empty-activity-'));
		const big = peakKiB(claude, activity);
		expect(big.summary.imported).toBe(1);
		expect(big.summary.bytes).toBeGreaterThan(200 * 1024 * 1024);
		// Reading 200 MB costs chunks and the summary's bounded state, not the file (measured: ~70 MB more than an empty run, the same for 400 MB).
		expect((big.kib - baseline.kib) * 1024).toBeLessThan(128 * 1024 * 1024);
		const [line] = logLines(activity, S1);
		expect(line).toMatchObject({state: 'stopped', data: {report: 'Big done.'}});
	}, 120_000);
});
