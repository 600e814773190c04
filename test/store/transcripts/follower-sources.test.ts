// Where an agent's facts come from on disk: the parent transcript however long, paths that may
// be opened, workflow agents, and the one-shot reading for ls and snapshots.
import {execFileSync} from 'node:child_process';
import {closeSync, mkdirSync, openSync, symlinkSync, writeFileSync, writeSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, it, vi} from 'vitest';
import type {TranscriptState} from '../../../src/store/transcripts/reader.js';
import {readAgentActivities, readAgentActivity} from '../../../src/store/transcripts/read-once.js';
import {ParentScanner} from '../../../src/store/transcripts/parent-scan.js';
import {tempDir} from '../../helpers/tmp.js';
import {
	agentCallLine,
	agentCompletedLine,
	agentResultLine,
	attachmentLine,
	CWD,
	jsonl,
	lastPromptLine,
	modeLine,
	NEWER_KEYS,
	promptLine,
	SESSION_ID,
	structuredOutputLine,
	textLine,
	thinkingLine,
	toolEndsTurnLine,
	toolResultLine,
	toolUseLine,
} from '../../helpers/transcript-lines.js';
import {closeFollowers, follower, stateOf, transcriptLayout as layout} from '../../helpers/followers.js';

const WAIT = {timeout: 8000, interval: 20};
afterEach(closeFollowers);

const claude = (): string => process.env.CLAUDE_CONFIG_DIR ?? '';

/** `<claude>/projects/<project>/<session>.jsonl` and its `subagents/` folder. */

/** Main-session lines that are not about agents: a Read and its long result, a Bash call. */
function filler(i: number): string {
	return jsonl([
		toolUseLine(`toolu_f${i}`, 'Read', {file_path: `${CWD}/src/module-${i}.ts`}, {}),
		toolResultLine(`toolu_f${i}`, `${'const x = 1; // filler line of a file read by the main agent\n'.repeat(60)}`),
		toolUseLine(`toolu_g${i}`, 'Bash', {command: `npm test -- ${i}`}),
		toolResultLine(`toolu_g${i}`, 'ok'),
	]).replaceAll('"isSidechain":true', '"isSidechain":false');
}

/** Writes a parent transcript of about `megabytes` whose first lines call `agentId` and whose middle holds its result. */
function bigParent(file: string, megabytes: number, agentId: string): void {
	const fd = openSync(file, 'w');
	try {
		writeSync(fd, jsonl([promptLine('Audit the shop.', {}, false), agentCallLine('toolu_FIRST', {description: 'Audit the payment code'})]));
		let written = 0;
		let i = 0;
		while (written < megabytes * 1024 * 1024) {
			let chunk = '';
			for (let k = 0; k < 50; k++) {
				chunk += filler(i++);
			}
			if (i === 50) {
				chunk += jsonl([
					agentCompletedLine('toolu_FIRST', agentId, {
						totalTokens: 77_000,
						totalToolUseCount: 41,
						totalDurationMs: 300_000,
						content: ['## Payments\n\nAll good.'],
					}),
				]);
			}
			written += writeSync(fd, chunk);
		}
	} finally {
		closeSync(fd);
	}
}

const working = (id: string): string[] => [
	promptLine('Audit the payment code.\nBe thorough.', {agentId: id}),
	toolUseLine('toolu_w', 'Grep', {pattern: 'charge'}, {agentId: id, messageId: `m_${id}`}),
];

describe('the description from a long parent transcript', () => {
	it('is found when the spawning call is at the start of a 24 MB parent (the follower, scanned in the background)', async () => {
		const dir = layout();
		bigParent(dir.parent, 24, 'a8c41f0e92b7d3a15');
		writeFileSync(dir.transcript('a8c41f0e92b7d3a15'), jsonl(working('a8c41f0e92b7d3a15')));
		const f = follower();
		f.follow([{agentId: 'a8c41f0e92b7d3a15', transcriptPath: dir.transcript('a8c41f0e92b7d3a15'), cwd: CWD}]);
		await vi.waitFor(() => expect(stateOf(f, 'a8c41f0e92b7d3a15').description).toBe('Audit the payment code'), WAIT);
		const state = stateOf(f, 'a8c41f0e92b7d3a15');
		expect(state.descriptionSource).toBe('parent');
		expect(state.taskResult).toEqual({
			status: 'completed',
			totalTokens: 77_000,
			totalToolUseCount: 41,
			totalDurationMs: 300_000,
			report: '## Payments\n\nAll good.',
		});
	});

	it('is found by the one-shot reader too', () => {
		const dir = layout();
		bigParent(dir.parent, 24, 'a2898e3');
		writeFileSync(dir.transcript('a2898e3'), jsonl(working('a2898e3')));
		const state = readAgentActivity({agentId: 'a2898e3', transcriptPath: dir.transcript('a2898e3')});
		expect(state.description).toBe('Audit the payment code');
		expect(state.taskResult?.totalToolUseCount).toBe(41);
	});

	it('falls back to .meta.json, then to the first line of the prompt', () => {
		const dir = layout();
		writeFileSync(dir.parent, jsonl([promptLine('Hi.', {}, false)]));
		writeFileSync(dir.transcript('a1111111'), jsonl(working('a1111111')));
		writeFileSync(dir.transcript('a2222222'), jsonl(working('a2222222')));
		writeFileSync(path.join(dir.subagents, 'agent-a1111111.meta.json'), JSON.stringify({agentType: 'Explore', description: 'From the sidecar', spawnDepth: 1}));
		const states = readAgentActivities([
			{agentId: 'a1111111', transcriptPath: dir.transcript('a1111111')},
			{agentId: 'a2222222', transcriptPath: dir.transcript('a2222222')},
		]);
		expect(states.get('a1111111')).toMatchObject({description: 'From the sidecar', descriptionSource: 'meta', meta: {agentType: 'Explore', spawnDepth: 1}});
		expect(states.get('a2222222')).toMatchObject({
			description: 'Audit the payment code.',
			descriptionSource: 'prompt',
			prompt: 'Audit the payment code.\nBe thorough.',
		});
	});

	it("finds the call through the sidecar's toolUseId while the agent runs (no result yet)", () => {
		const dir = layout();
		writeFileSync(dir.parent, jsonl([agentCallLine('toolu_bdrk_01Q', {description: 'Still running'})]));
		writeFileSync(dir.transcript('a3333333'), jsonl(working('a3333333')));
		writeFileSync(path.join(dir.subagents, 'agent-a3333333.meta.json'), JSON.stringify({toolUseId: 'toolu_bdrk_01Q'}));
		expect(readAgentActivity({agentId: 'a3333333', transcriptPath: dir.transcript('a3333333')})).toMatchObject({
			description: 'Still running',
			descriptionSource: 'parent',
			taskResult: undefined,
		});
	});

	it('reads a parent shared by many agents once for all of them', () => {
		const dir = layout();
		const ids = ['a1000001', 'a1000002', 'a1000003'];
		writeFileSync(
			dir.parent,
			jsonl(ids.flatMap((id, i) => [agentCallLine(`t${i}`, {description: `Task ${i}`}), agentResultLine(`t${i}`, id, 'async_launched')])),
		);
		for (const id of ids) {
			writeFileSync(dir.transcript(id), jsonl(working(id)));
		}
		const scan = vi.spyOn(ParentScanner.prototype, 'scan');
		try {
			const states = readAgentActivities(ids.map(id => ({agentId: id, transcriptPath: dir.transcript(id)})));
			expect(scan).toHaveBeenCalledTimes(1);
			expect(ids.map(id => states.get(id)?.description)).toEqual(['Task 0', 'Task 1', 'Task 2']);
			// A background launch is not a finish.
			expect(states.get('a1000001')?.taskResult).toMatchObject({status: 'async_launched', report: undefined});
		} finally {
			scan.mockRestore();
		}
	});

	it('picks up a result appended to the parent later (a foreground agent that finished)', async () => {
		const dir = layout();
		writeFileSync(dir.parent, jsonl([agentCallLine('toolu_A', {description: 'Find routes'})]));
		writeFileSync(dir.transcript('a4444444'), jsonl(working('a4444444')));
		const f = follower({refreshMs: 100});
		f.follow([{agentId: 'a4444444', transcriptPath: dir.transcript('a4444444')}]);
		expect(stateOf(f, 'a4444444').taskResult).toBeUndefined();
		writeFileSync(dir.parent, jsonl([agentCompletedLine('toolu_A', 'a4444444', {totalTokens: 12})]), {flag: 'a'});
		await vi.waitFor(() => expect(stateOf(f, 'a4444444').taskResult?.status).toBe('completed'), WAIT);
		expect(stateOf(f, 'a4444444').description).toBe('Find routes');
	});
});

describe('end of turn, read from disk', () => {
	it('a finished agent: endedTurn and its final report, the same in the follower and the one-shot reader', () => {
		const dir = layout();
		const lines = [
			...working('a5555555'),
			toolResultLine('toolu_w', 'hits', {agentId: 'a5555555'}),
			textLine('Perfect! Now I can report:\n\n## Result\n\nAll good.', {agentId: 'a5555555', messageId: 'm_end', stopReason: 'end_turn'}),
		];
		writeFileSync(dir.transcript('a5555555'), jsonl(lines));
		const f = follower();
		f.follow([{agentId: 'a5555555', transcriptPath: dir.transcript('a5555555')}]);
		const followed = stateOf(f, 'a5555555');
		expect(followed).toMatchObject({endedTurn: true, finalReport: 'Perfect! Now I can report:\n\n## Result\n\nAll good.', hasWork: true});
		expect(readAgentActivity({agentId: 'a5555555', transcriptPath: dir.transcript('a5555555')})).toEqual(followed);
	});
});

describe('every real agent appears', () => {
	it('a workflow agent under subagents/workflows/wf_<id>/ is found when the derived path is missing', () => {
		const dir = layout();
		const id = 'a9f8e7d6c5b4a3921';
		const wf = path.join(dir.subagents, 'workflows', 'wf_01HZX');
		mkdirSync(wf, {recursive: true});
		const file = path.join(wf, `agent-${id}.jsonl`);
		writeFileSync(
			file,
			jsonl([
				promptLine('Review the diff.', {agentId: id, extra: NEWER_KEYS}),
				modeLine(),
				structuredOutputLine('toolu_so', {verdict: 'pass'}, {agentId: id, messageId: 'm1', extra: NEWER_KEYS}),
				toolEndsTurnLine('toolu_so', {agentId: id}),
			]),
		);
		const target = {agentId: id, transcriptPath: dir.transcript(id)};
		const state = readAgentActivity(target);
		expect(state).toMatchObject({
			missing: false,
			transcriptPath: file,
			endedTurn: true,
			finalReport: '{\n  "verdict": "pass"\n}',
			description: 'Review the diff.',
			descriptionSource: 'prompt',
		});
		const f = follower();
		f.follow([target]);
		expect(stateOf(f, id)).toMatchObject({missing: false, transcriptPath: file, endedTurn: true});
	});

	it('a workflow transcript that appears later is picked up', async () => {
		const dir = layout();
		const id = 'a1234567';
		const f = follower({refreshMs: 100});
		f.follow([{agentId: id, transcriptPath: dir.transcript(id)}]);
		expect(stateOf(f, id).missing).toBe(true);
		const wf = path.join(dir.subagents, 'workflows', 'wf_late');
		mkdirSync(wf, {recursive: true});
		writeFileSync(path.join(wf, `agent-${id}.jsonl`), jsonl([textLine('Late.', {agentId: id})]));
		await vi.waitFor(() => expect(stateOf(f, id)).toMatchObject({missing: false, hasWork: true}), WAIT);
	});

	it('ids of every observed form, background agents and lines of newer shapes: none is lost', () => {
		const dir = layout();
		const ids = ['a2898e3', 'aa5faea19f7e3202d', 'acat-artist-5a897953c7b59c51', 'acompact-1a2b3c'];
		writeFileSync(
			dir.parent,
			jsonl([
				agentCallLine('t_bg', {description: 'Background', run_in_background: true}),
				agentResultLine('t_bg', 'aa5faea19f7e3202d', 'async_launched'),
				lastPromptLine(),
			]),
		);
		for (const id of ids) {
			writeFileSync(
				dir.transcript(id),
				jsonl([
					modeLine(),
					promptLine(`Work of ${id}.`, {agentId: id, extra: NEWER_KEYS}),
					attachmentLine('some_new_kind', {agentId: id}),
					thinkingLine('', {agentId: id, extra: NEWER_KEYS}),
					lastPromptLine(),
				]),
			);
		}
		const states = readAgentActivities(ids.map(id => ({agentId: id, transcriptPath: dir.transcript(id)})));
		expect([...states.keys()]).toEqual(ids);
		for (const id of ids) {
			expect(states.get(id)).toMatchObject({missing: false, hasWork: true, summary: {lines: 5, badLines: 0}});
		}
		expect(states.get('aa5faea19f7e3202d')).toMatchObject({description: 'Background', taskResult: {status: 'async_launched', report: undefined}});
		expect(states.get('acat-artist-5a897953c7b59c51')?.description).toBe('Work of acat-artist-5a897953c7b59c51.');
	});
});

describe('paths that may be opened', () => {
	/** A transcript-looking file outside `<claude>/projects`. */
	function outside(): string {
		const file = path.join(tempDir('outside-'), 'agent-evil.jsonl');
		writeFileSync(file, jsonl([textLine('Must never be read.')]));
		return file;
	}

	function expectRefused(state: TranscriptState | undefined): void {
		expect(state).toMatchObject({missing: true, pathRefused: true, summary: {lines: 0}, description: undefined});
	}

	it('never opens /etc/passwd, a file outside projects, a ../ trick, a symlink out of projects, or a relative path', () => {
		const dir = layout();
		const evil = outside();
		const link = dir.transcript('alink');
		symlinkSync(evil, link);
		const targets = [
			{agentId: 'a1', transcriptPath: '/etc/passwd'},
			{agentId: 'a2', transcriptPath: evil},
			{agentId: 'a3', transcriptPath: `${path.join(claude(), 'projects')}/../../../${path.relative(path.join(claude(), '..', '..'), evil)}`},
			{agentId: 'a4', transcriptPath: link},
			{agentId: 'a5', transcriptPath: 'agent-a5.jsonl'},
		];
		// The ../ path names the real file.
		expect(path.resolve(targets[2]?.transcriptPath ?? '')).toBe(evil);
		const states = readAgentActivities(targets);
		for (const t of targets) {
			expectRefused(states.get(t.agentId));
		}
		const f = follower();
		f.follow(targets);
		for (const t of targets) {
			expectRefused(stateOf(f, t.agentId));
		}
	});

	it('never opens a FIFO in a transcript place, and does not hang', () => {
		const dir = layout();
		const fifo = dir.transcript('afifo');
		execFileSync('mkfifo', [fifo]);
		const state = readAgentActivity({agentId: 'afifo', transcriptPath: fifo});
		expect(state).toMatchObject({missing: true, summary: {lines: 0}});
	});

	it('reads through a symlinked <claude> folder (compares real paths on both sides)', () => {
		const real = tempDir('real-claude-');
		const link = path.join(tempDir('home-'), '.claude');
		symlinkSync(real, link);
		const subagents = path.join(link, 'projects', '-p', SESSION_ID, 'subagents');
		mkdirSync(subagents, {recursive: true});
		const file = path.join(subagents, 'agent-a7777777.jsonl');
		writeFileSync(file, jsonl([textLine('Through the link.')]));
		expect(readAgentActivity({agentId: 'a7777777', transcriptPath: file}, {claudeDir: link})).toMatchObject({
			missing: false,
			summary: {activity: 'Through the link.'},
		});
		expect(readAgentActivity({agentId: 'a7777777', transcriptPath: file}, {claudeDir: real})).toMatchObject({missing: false});
	});

	it("allows the folder of the session's own main transcript and extra roots", () => {
		const elsewhere = tempDir('elsewhere-');
		const subagents = path.join(elsewhere, SESSION_ID, 'subagents');
		mkdirSync(subagents, {recursive: true});
		const file = path.join(subagents, 'agent-a8888888.jsonl');
		writeFileSync(file, jsonl([textLine('Allowed.')]));
		expect(readAgentActivity({agentId: 'a8888888', transcriptPath: file})).toMatchObject({pathRefused: true});
		expect(readAgentActivity({agentId: 'a8888888', transcriptPath: file, sessionTranscript: path.join(elsewhere, `${SESSION_ID}.jsonl`)})).toMatchObject({
			missing: false,
			summary: {activity: 'Allowed.'},
		});
		expect(readAgentActivity({agentId: 'a8888888', transcriptPath: file}, {roots: [elsewhere]})).toMatchObject({missing: false});
	});

	it('never reads a sidecar or parent transcript that is a symlink out of projects', () => {
		const dir = layout();
		writeFileSync(dir.transcript('a6666666'), jsonl(working('a6666666')));
		const evilMeta = path.join(tempDir('meta-'), 'm.json');
		writeFileSync(evilMeta, JSON.stringify({description: 'Evil sidecar'}));
		symlinkSync(evilMeta, path.join(dir.subagents, 'agent-a6666666.meta.json'));
		const evilParent = path.join(tempDir('parent-'), 'p.jsonl');
		writeFileSync(evilParent, jsonl([agentCallLine('t', {description: 'Evil parent'}), agentCompletedLine('t', 'a6666666', {})]));
		symlinkSync(evilParent, dir.parent);
		const state = readAgentActivity({agentId: 'a6666666', transcriptPath: dir.transcript('a6666666')});
		expect(state).toMatchObject({description: 'Audit the payment code.', descriptionSource: 'prompt', meta: undefined, taskResult: undefined});
	});
});

describe('readAgentActivity equals what the follower reaches', () => {
	it('on a large transcript read from its tail first, with a parent, a sidecar and a finished turn', async () => {
		const dir = layout();
		const id = 'a0123456789abcdef';
		const lines = [promptLine('Audit everything.', {agentId: id})];
		for (let i = 0; i < 2500; i++) {
			lines.push(
				toolUseLine(
					`toolu_${i}`,
					i % 3 === 0 ? 'Edit' : 'Read',
					{file_path: `${CWD}/src/m${i % 97}.ts`, old_string: 'a', new_string: 'b'},
					{agentId: id, messageId: `msg_${i}`, usage: {output_tokens: i % 50}, stopReason: 'tool_use'},
				),
			);
			lines.push(toolResultLine(`toolu_${i}`, `result ${i} ${'x'.repeat(300)}`, {agentId: id, isError: i % 11 === 0}));
		}
		lines.push(
			textLine('Audit done:', {agentId: id, messageId: 'msg_end'}),
			textLine('## All fine', {agentId: id, messageId: 'msg_end', stopReason: 'end_turn'}),
		);
		writeFileSync(dir.transcript(id), jsonl(lines));
		writeFileSync(path.join(dir.subagents, `agent-${id}.meta.json`), JSON.stringify({agentType: 'general-purpose', requestShape: 'foreground'}));
		writeFileSync(dir.parent, jsonl([agentCallLine('toolu_P', {description: 'Audit'}), agentCompletedLine('toolu_P', id, {totalTokens: 5})]));
		const f = follower({tailBytes: 64 * 1024, chunkBytes: 128 * 1024});
		f.follow([{agentId: id, transcriptPath: dir.transcript(id), cwd: CWD}]);
		expect(stateOf(f, id).history).toBeDefined();
		await vi.waitFor(() => expect(stateOf(f, id).history).toBeUndefined(), WAIT);
		const followed = stateOf(f, id);
		const once = readAgentActivity({agentId: id, transcriptPath: dir.transcript(id), cwd: CWD}, {chunkBytes: 100_000});
		expect(once).toEqual(followed);
		expect(once).toMatchObject({
			endedTurn: true,
			finalReport: 'Audit done:\n\n## All fine',
			description: 'Audit',
			summary: {toolErrors: 228, lines: lines.length},
		});
	});
});
