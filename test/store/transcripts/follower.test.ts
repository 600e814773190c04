import {appendFileSync, renameSync, statSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {MAX_TOOL_CALLS, tokenTotals, type Usage} from '../../../src/core/transcript/summary.js';
import type {TranscriptState} from '../../../src/store/transcripts/reader.js';
import {ALL_HOSTILE, HOSTILE, RAW_CONTROL} from '../../helpers/hostile.js';
import {
	agentCallLine,
	agentResultLine,
	bashResultLine,
	CWD,
	jsonl,
	progressLine,
	promptLine,
	textLine,
	thinkingLine,
	toolResultLine,
	toolUseLine,
} from '../../helpers/transcript-lines.js';
import {closeFollowers, follower, stateOf, transcriptLayout as layout} from '../../helpers/followers.js';

const WAIT = {timeout: 5000, interval: 20};

afterEach(closeFollowers);

/** Lets the watcher see a change that must have no effect (no assertion is about speed). */
const settle = (ms = 400): Promise<void> => new Promise(resolve => setTimeout(resolve, ms));

/**
 * Claude Code's layout under `<claude>/projects/` (test/setup.ts points CLAUDE_CONFIG_DIR into the
 * sandbox): `<root>/<session>.jsonl` and `<root>/<session>/subagents/agent-<id>.jsonl`.
 */

const opening = (): string[] => [
	promptLine('Find every route handler.', {agentId: 'a111'}),
	textLine("I'll search for the router.", {agentId: 'a111', messageId: 'msg_1'}),
	toolUseLine('toolu_1', 'Grep', {pattern: 'router\\.(get|post)', path: `${CWD}/src`}, {agentId: 'a111', messageId: 'msg_1'}),
	progressLine('toolu_1', {agentId: 'a111'}),
	toolResultLine('toolu_1', 'src/app.ts:12:router.get("/")', {agentId: 'a111'}),
	toolUseLine('toolu_2', 'Read', {file_path: `${CWD}/src/app.ts`}, {agentId: 'a111', messageId: 'msg_2'}),
];

describe('TranscriptFollower', () => {
	it('reads a transcript when it starts following it', () => {
		const dir = layout();
		writeFileSync(dir.transcript('a111'), jsonl(opening()));
		const f = follower();
		const onChange = vi.fn();
		f.subscribe(onChange);
		f.follow([{agentId: 'a111', transcriptPath: dir.transcript('a111'), cwd: CWD}]);
		const state = stateOf(f, 'a111');
		expect(onChange).toHaveBeenCalled();
		expect(state.missing).toBe(false);
		expect(state.summary.activity).toBe('Read src/app.ts');
		expect(state.summary.toolCounts).toEqual({Grep: 1, Read: 1});
		expect(state.summary.toolCalls.map(c => [c.summary, c.result])).toEqual([
			['Grep router\\.(get|post) in src', 'src/app.ts:12:router.get("/")'],
			['Read src/app.ts', undefined],
		]);
		expect(state.summary.lines).toBe(6);
		expect(state.summary.badLines).toBe(0);
		expect(state.history).toBeUndefined();
	});

	it('updates the snapshot when lines are appended, and tells subscribers', async () => {
		const dir = layout();
		const file = dir.transcript('a111');
		writeFileSync(file, jsonl(opening()));
		const f = follower();
		f.follow([{agentId: 'a111', transcriptPath: file, cwd: CWD}]);
		const onChange = vi.fn();
		f.subscribe(onChange);
		appendFileSync(file, jsonl([toolResultLine('toolu_2', '     1→import express from "express";'), thinkingLine('Two handlers.')]));
		await vi.waitFor(() => expect(stateOf(f, 'a111').summary.activity).toBe('thinking…'), WAIT);
		expect(onChange).toHaveBeenCalled();
		appendFileSync(
			file,
			jsonl([
				toolUseLine('toolu_3', 'Bash', {command: 'npm test', description: 'Run the tests'}),
				bashResultLine('toolu_3', {stdout: '', stderr: 'boom', isError: true}),
				textLine('## Done\nTests fail.'),
			]),
		);
		await vi.waitFor(() => expect(stateOf(f, 'a111').summary.activity).toBe('Tests fail.'), WAIT);
		const summary = stateOf(f, 'a111').summary;
		expect(summary.toolCounts).toEqual({Grep: 1, Read: 1, Bash: 1});
		expect(summary.toolCalls.map(c => [c.name, c.result, c.isError ?? false])).toEqual([
			['Grep', 'src/app.ts:12:router.get("/")', false],
			['Read', '1→import express from "express";', false],
			['Bash', 'boom', true],
		]);
		expect(summary.lines).toBe(11);
		expect(summary.badLines).toBe(0);
	});

	it('does not parse a half-written last line until its newline arrives', async () => {
		const dir = layout();
		const file = dir.transcript('a111');
		writeFileSync(file, jsonl(opening()));
		const f = follower();
		f.follow([{agentId: 'a111', transcriptPath: file, cwd: CWD}]);
		const next = toolUseLine('toolu_3', 'WebSearch', {query: 'express router order'});
		const cut = Math.floor(next.length / 2);
		appendFileSync(file, `${textLine('Now the web.')}\n${next.slice(0, cut)}`);
		await vi.waitFor(() => expect(stateOf(f, 'a111').summary.activity).toBe('Now the web.'), WAIT);
		await settle(200);
		let summary = stateOf(f, 'a111').summary;
		expect(summary.lines).toBe(7);
		expect(summary.badLines).toBe(0);
		expect(summary.toolCounts.WebSearch).toBeUndefined();
		appendFileSync(file, `${next.slice(cut)}\n`);
		await vi.waitFor(() => expect(stateOf(f, 'a111').summary.activity).toBe('WebSearch express router order'), WAIT);
		await settle(200);
		summary = stateOf(f, 'a111').summary;
		expect(summary.lines).toBe(8);
		expect(summary.badLines).toBe(0);
		expect(summary.toolCounts).toEqual({Grep: 1, Read: 1, WebSearch: 1});
	});

	it('reports a missing transcript and picks it up when it appears', async () => {
		const dir = layout();
		const file = dir.transcript('a111');
		const f = follower();
		f.follow([{agentId: 'a111', transcriptPath: file, cwd: CWD}]);
		expect(stateOf(f, 'a111').missing).toBe(true);
		expect(stateOf(f, 'a111').summary.lines).toBe(0);
		writeFileSync(file, jsonl(opening()));
		await vi.waitFor(() => {
			const state = stateOf(f, 'a111');
			expect(state.missing).toBe(false);
			expect(state.summary.activity).toBe('Read src/app.ts');
		}, WAIT);
		expect(stateOf(f, 'a111').summary.toolCounts).toEqual({Grep: 1, Read: 1});
	});

	it('keeps following transcripts that appeared while their folder was watched, after the folder watch goes', async () => {
		// Claude Code starts agents before their transcripts exist: the folder is watched until they
		// appear. Letting go of it must not silence the files in it (chokidar ignores everything
		// under a folder it was told to unwatch), nor one that appears there later.
		const dir = layout();
		const ids = ['a111', 'a222'];
		const f = follower();
		f.follow(ids.map(agentId => ({agentId, transcriptPath: dir.transcript(agentId), cwd: CWD})));
		await settle(300);
		for (const agentId of ids) {
			writeFileSync(dir.transcript(agentId), jsonl([promptLine('Count.', {agentId}), toolUseLine(`toolu_${agentId}1`, 'Glob', {pattern: '*.md'}, {agentId})]));
		}
		await vi.waitFor(() => ids.forEach(id => expect(stateOf(f, id).summary.activity).toBe('Glob *.md')), WAIT);
		await settle(300);
		for (const agentId of ids) {
			appendFileSync(dir.transcript(agentId), jsonl([toolUseLine(`toolu_${agentId}2`, 'Grep', {pattern: 'step two'}, {agentId})]));
		}
		await vi.waitFor(() => ids.forEach(id => expect(stateOf(f, id).summary.activity).toBe('Grep step two')), WAIT);
		writeFileSync(dir.transcript('a333'), jsonl([toolUseLine('toolu_a3331', 'Glob', {pattern: '*.ts'}, {agentId: 'a333'})]));
		f.follow([...ids, 'a333'].map(agentId => ({agentId, transcriptPath: dir.transcript(agentId), cwd: CWD})));
		await settle(300);
		for (const agentId of [...ids, 'a333']) {
			appendFileSync(dir.transcript(agentId), jsonl([toolUseLine(`toolu_${agentId}3`, 'Grep', {pattern: 'step three'}, {agentId})]));
		}
		await vi.waitFor(() => [...ids, 'a333'].forEach(id => expect(stateOf(f, id).summary.activity).toBe('Grep step three')), WAIT);
	});

	it('starts over when the transcript is truncated', async () => {
		const dir = layout();
		const file = dir.transcript('a111');
		writeFileSync(file, jsonl(opening()));
		const f = follower();
		f.follow([{agentId: 'a111', transcriptPath: file, cwd: CWD}]);
		expect(stateOf(f, 'a111').summary.lines).toBe(6);
		writeFileSync(file, jsonl([toolUseLine('toolu_9', 'Glob', {pattern: '*.md'})]));
		await vi.waitFor(() => expect(stateOf(f, 'a111').summary.activity).toBe('Glob *.md'), WAIT);
		const summary = stateOf(f, 'a111').summary;
		expect(summary.toolCounts).toEqual({Glob: 1});
		expect(summary.lines).toBe(1);
		expect(summary.badLines).toBe(0);
	});

	it('starts over when a new file is renamed over the transcript', async () => {
		const dir = layout();
		const file = dir.transcript('a111');
		writeFileSync(file, jsonl(opening()));
		const f = follower();
		f.follow([{agentId: 'a111', transcriptPath: file, cwd: CWD}]);
		expect(stateOf(f, 'a111').summary.lines).toBe(6);
		// Longer than the old file, so only the new inode says it is another file.
		const rotated = [...Array.from({length: 8}, (_, i) => toolUseLine(`toolu_w${i}`, 'WebFetch', {url: `https://example.com/${i}`})), textLine('Rotated.')];
		const tmp = path.join(dir.subagents, '.agent-a111.jsonl.tmp');
		writeFileSync(tmp, jsonl(rotated));
		expect(statSync(tmp).size).toBeGreaterThan(statSync(file).size);
		renameSync(tmp, file);
		await vi.waitFor(() => expect(stateOf(f, 'a111').summary.activity).toBe('Rotated.'), WAIT);
		const summary = stateOf(f, 'a111').summary;
		expect(summary.toolCounts).toEqual({WebFetch: 8});
		expect(summary.lines).toBe(9);
		expect(summary.badLines).toBe(0);
	});

	it('counts malformed lines and never throws', async () => {
		const dir = layout();
		const file = dir.transcript('a111');
		writeFileSync(file, `not json\n${jsonl(opening())}[1,2]\n\n`);
		const f = follower();
		f.follow([{agentId: 'a111', transcriptPath: file, cwd: CWD}]);
		expect(stateOf(f, 'a111').summary.badLines).toBe(2);
		appendFileSync(file, Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0x0a]));
		appendFileSync(file, `{"type":"assistant","message":{"content":[{"type":"tool_use","name":"Read","input":{"file_path":\n${textLine('Still fine.')}\n`);
		await vi.waitFor(() => expect(stateOf(f, 'a111').summary.activity).toBe('Still fine.'), WAIT);
		const summary = stateOf(f, 'a111').summary;
		expect(summary.badLines).toBe(4);
		expect(summary.lines).toBe(6 + 2 + 3);
		expect(summary.toolCounts).toEqual({Grep: 1, Read: 1});
	});

	it('takes the description and parent from the .meta.json sidecar', async () => {
		const dir = layout();
		writeFileSync(dir.transcript('a111'), jsonl(opening()));
		writeFileSync(path.join(dir.subagents, 'agent-a111.meta.json'), JSON.stringify({agentType: 'Explore', description: 'Find routes', parentAgentId: 'a000'}));
		writeFileSync(dir.transcript('a222'), jsonl([textLine('Hello.')]));
		const f = follower();
		f.follow([
			{agentId: 'a111', transcriptPath: dir.transcript('a111'), cwd: CWD},
			{agentId: 'a222', transcriptPath: dir.transcript('a222'), cwd: CWD},
		]);
		expect(stateOf(f, 'a111').description).toBe('Find routes');
		expect(stateOf(f, 'a111').parentAgentId).toBe('a000');
		expect(stateOf(f, 'a222').description).toBeUndefined();
		expect(stateOf(f, 'a222').parentAgentId).toBeUndefined();
		// A sidecar written later is read too.
		writeFileSync(path.join(dir.subagents, 'agent-a222.meta.json'), JSON.stringify({agentType: 'Plan', description: 'Plan the docs', parentAgentId: 'a111'}));
		await vi.waitFor(() => {
			expect(stateOf(f, 'a222').description).toBe('Plan the docs');
			expect(stateOf(f, 'a222').parentAgentId).toBe('a111');
		}, WAIT);
	});

	it('tells at once of a sidecar that came, while new lines wait their turn', async () => {
		const dir = layout();
		writeFileSync(dir.transcript('a111'), jsonl(opening()));
		// Lines are told at most once a minute here: only the sidecar's own rule can bring it sooner.
		const f = follower({publishMs: 60_000});
		f.follow([{agentId: 'a111', transcriptPath: dir.transcript('a111'), cwd: CWD}]);
		const heard: string[] = [];
		f.subscribe(() => heard.push(stateOf(f, 'a111').parentAgentId ?? 'none'));
		appendFileSync(dir.transcript('a111'), jsonl([textLine('More.')]));
		await settle();
		expect(heard).toEqual([]);
		// The sidecar comes, then the agent's next line (what a file event is for).
		writeFileSync(path.join(dir.subagents, 'agent-a111.meta.json'), JSON.stringify({agentType: 'Explore', description: 'Find routes', parentAgentId: 'a000'}));
		appendFileSync(dir.transcript('a111'), jsonl([textLine('Again.')]));
		await vi.waitFor(() => expect(heard).toContain('a000'), WAIT);
		expect(stateOf(f, 'a111').description).toBe('Find routes');
	});

	it('hands out only safe text: a hostile sidecar, parent call and transcript arrive as visible, inert text', () => {
		const dir = layout();
		writeFileSync(
			dir.transcript('a111'),
			jsonl([textLine(ALL_HOSTILE, {model: ALL_HOSTILE}), toolUseLine('toolu_1', 'Bash', {command: ALL_HOSTILE}), toolResultLine('toolu_1', ALL_HOSTILE)]),
		);
		writeFileSync(path.join(dir.subagents, 'agent-a111.meta.json'), JSON.stringify({description: `Task ${ALL_HOSTILE}`, parentAgentId: `a000${HOSTILE.bidi}`}));
		writeFileSync(dir.transcript('a222'), jsonl([textLine('Hello.')]));
		writeFileSync(dir.parent, jsonl([agentCallLine('toolu_A', {description: `Parent ${ALL_HOSTILE}`}, {}), agentResultLine('toolu_A', 'a222', 'completed')]));
		const f = follower();
		f.follow([
			{agentId: 'a111', transcriptPath: dir.transcript('a111'), cwd: CWD},
			{agentId: 'a222', transcriptPath: dir.transcript('a222'), cwd: CWD},
		]);
		const a = stateOf(f, 'a111');
		const b = stateOf(f, 'a222');
		const shown = [
			a.description,
			a.parentAgentId,
			a.summary.model,
			a.summary.activity,
			...a.summary.toolCalls.flatMap(c => [c.summary, c.result]),
			b.description,
		];
		for (const text of shown) {
			expect(text).toBeDefined();
			expect(text).not.toMatch(RAW_CONTROL);
		}
		expect(a.description).toContain('Task ␛]0;pwned␇');
		expect(b.description).toContain('Parent ␛]0;pwned␇');
	});

	it("takes the description from the parent session's transcript when there is no sidecar", () => {
		const dir = layout();
		writeFileSync(
			dir.parent,
			jsonl([
				promptLine('Look at the shop.', {}, false),
				agentCallLine('toolu_A', {description: 'Find routes'}),
				agentCallLine('toolu_B', {description: 'Scan dependencies', run_in_background: true}),
				agentResultLine('toolu_B', 'a222', 'async_launched'),
				agentResultLine('toolu_A', 'a111', 'completed'),
			]),
		);
		writeFileSync(dir.transcript('a111'), jsonl(opening()));
		writeFileSync(dir.transcript('a222'), jsonl([textLine('Scanning.', {agentId: 'a222'})]));
		writeFileSync(dir.transcript('a333'), jsonl([textLine('Unknown.', {agentId: 'a333'})]));
		const f = follower();
		f.follow([
			{agentId: 'a111', transcriptPath: dir.transcript('a111')},
			{agentId: 'a222', transcriptPath: dir.transcript('a222')},
			{agentId: 'a333', transcriptPath: dir.transcript('a333')},
		]);
		expect(stateOf(f, 'a111').description).toBe('Find routes');
		expect(stateOf(f, 'a222').description).toBe('Scan dependencies');
		expect(stateOf(f, 'a333').description).toBeUndefined();
	});

	it("prefers the parent's call over the sidecar, and says where each description came from", () => {
		const dir = layout();
		writeFileSync(dir.parent, jsonl([agentCallLine('toolu_A', {description: 'From the parent'}), agentResultLine('toolu_A', 'a111', 'completed')]));
		writeFileSync(dir.transcript('a111'), jsonl(opening()));
		writeFileSync(path.join(dir.subagents, 'agent-a111.meta.json'), JSON.stringify({description: 'From the sidecar'}));
		const f = follower();
		f.follow([{agentId: 'a111', transcriptPath: dir.transcript('a111')}]);
		expect(stateOf(f, 'a111').description).toBe('From the parent');
		expect(stateOf(f, 'a111').descriptionSource).toBe('parent');
		expect(stateOf(f, 'a111').meta?.description).toBe('From the sidecar');
	});

	it("reports the transcript's mtime", async () => {
		const dir = layout();
		const file = dir.transcript('a111');
		writeFileSync(file, jsonl(opening()));
		const past = Date.parse('2026-02-12T16:00:00Z') / 1000;
		utimesSync(file, past, past);
		const f = follower();
		f.follow([{agentId: 'a111', transcriptPath: file}]);
		expect(stateOf(f, 'a111').mtimeMs).toBe(statSync(file).mtimeMs);
		expect(Math.round(stateOf(f, 'a111').mtimeMs ?? 0)).toBe(past * 1000);
		appendFileSync(file, jsonl([textLine('Later.')]));
		await vi.waitFor(() => expect(stateOf(f, 'a111').mtimeMs).toBe(statSync(file).mtimeMs), WAIT);
		expect(stateOf(f, 'a111').mtimeMs ?? 0).toBeGreaterThan(past * 1000);
	});

	it('lets agents go: they leave the snapshot and their appends no longer notify', async () => {
		const dir = layout();
		for (const id of ['a111', 'a222']) {
			writeFileSync(dir.transcript(id), jsonl([textLine(`I am ${id}.`, {agentId: id})]));
		}
		const f = follower();
		f.follow([
			{agentId: 'a111', transcriptPath: dir.transcript('a111')},
			{agentId: 'a222', transcriptPath: dir.transcript('a222')},
		]);
		expect([...f.getSnapshot().keys()].sort()).toEqual(['a111', 'a222']);
		f.follow([{agentId: 'a222', transcriptPath: dir.transcript('a222')}]);
		expect([...f.getSnapshot().keys()]).toEqual(['a222']);
		// The one still followed is still read.
		appendFileSync(dir.transcript('a222'), jsonl([textLine('Still here.')]));
		await vi.waitFor(() => expect(stateOf(f, 'a222').summary.activity).toBe('Still here.'), WAIT);
		f.follow([]);
		expect(f.getSnapshot().size).toBe(0);
		await settle();
		const onChange = vi.fn();
		f.subscribe(onChange);
		appendFileSync(dir.transcript('a111'), jsonl([textLine('Nobody listens.')]));
		appendFileSync(dir.transcript('a222'), jsonl([textLine('Nobody listens.')]));
		await settle();
		expect(onChange).not.toHaveBeenCalled();
		expect(f.getSnapshot().size).toBe(0);
	});

	it('follows an agent again after letting it go, from the start', async () => {
		const dir = layout();
		const file = dir.transcript('a111');
		writeFileSync(file, jsonl(opening()));
		const f = follower();
		f.follow([{agentId: 'a111', transcriptPath: file}]);
		f.follow([]);
		appendFileSync(file, jsonl([textLine('Back again.')]));
		f.follow([{agentId: 'a111', transcriptPath: file}]);
		expect(stateOf(f, 'a111').summary.lines).toBe(7);
		appendFileSync(file, jsonl([thinkingLine('More.')]));
		await vi.waitFor(() => expect(stateOf(f, 'a111').summary.lines).toBe(8), WAIT);
		expect(stateOf(f, 'a111').summary.activity).toBe('thinking…');
	});

	it('unsubscribes', async () => {
		const dir = layout();
		const file = dir.transcript('a111');
		writeFileSync(file, jsonl(opening()));
		const f = follower();
		const onChange = vi.fn();
		const off = f.subscribe(onChange);
		f.follow([{agentId: 'a111', transcriptPath: file}]);
		expect(onChange).toHaveBeenCalledTimes(1);
		off();
		appendFileSync(file, jsonl([textLine('Quiet.')]));
		await vi.waitFor(() => expect(stateOf(f, 'a111').summary.activity).toBe('Quiet.'), WAIT);
		expect(onChange).toHaveBeenCalledTimes(1);
	});

	describe('a large transcript', () => {
		const NAMES = ['Read', 'Grep', 'Bash', 'Edit', 'Glob', 'Read', 'Grep', 'WebFetch'] as const;

		interface Generated {
			readonly text: string;
			readonly counts: Record<string, number>;
			readonly calls: number;
			readonly lines: number;
			readonly lastLine: string;
			readonly tokens: Usage;
		}

		/** A transcript of `calls` tool calls, each with its result, about 1.2 KB per call. */
		function generate(calls: number): Generated {
			const counts: Record<string, number> = {};
			// One response per call and one for the closing text: 3 in and 13522 cache writes each (the builder's defaults).
			const tokens = {input: 3 * (calls + 1), output: 3, cacheWrite: 13522 * (calls + 1), cacheRead: 0};
			const lines: string[] = [promptLine('Audit the whole code base.')];
			for (let i = 0; i < calls; i++) {
				// Not a plain cycle: the tail and the head see different mixes.
				const name = NAMES[(i * 7 + Math.floor(i / 13)) % NAMES.length] ?? 'Read';
				counts[name] = (counts[name] ?? 0) + 1;
				tokens.output += i % 50;
				const id = `toolu_${i.toString().padStart(6, '0')}`;
				lines.push(
					toolUseLine(
						id,
						name,
						{file_path: `${CWD}/src/module-${i}.ts`, pattern: `p${i}`, command: `echo ${i}`},
						{messageId: `msg_${i}`, usage: {output_tokens: i % 50}},
					),
				);
				lines.push(toolResultLine(id, `result ${i} ${'ü'.repeat(i % 40)} ${'x'.repeat(300)}`));
			}
			const lastLine = textLine(`All ${calls} calls done.`);
			lines.push(lastLine);
			return {text: jsonl(lines), counts, calls, lines: lines.length, lastLine, tokens};
		}

		it('shows the tail at once, then fills in the history in the background', async () => {
			const dir = layout();
			const file = dir.transcript('a111');
			const big = generate(3000);
			writeFileSync(file, big.text);
			expect(statSync(file).size).toBeGreaterThan(2 * 1024 * 1024);
			const f = follower({tailBytes: 64 * 1024, chunkBytes: 256 * 1024});
			const seen: TranscriptState[] = [];
			f.subscribe(() => {
				const state = f.getSnapshot().get('a111');
				if (state) {
					seen.push(state);
				}
			});
			f.follow([{agentId: 'a111', transcriptPath: file, cwd: CWD}]);

			const first = stateOf(f, 'a111');
			expect(first.summary.activity).toBe(`All ${big.calls} calls done.`);
			expect(first.history).toBeDefined();
			const history = first.history ?? {done: 0, total: 0};
			expect(history.total).toBeGreaterThan(0);
			expect(history.total).toBeLessThan(statSync(file).size);
			expect(history.total).toBeGreaterThan(statSync(file).size - 64 * 1024 - 2048);
			// The first snapshot did not wait for the history.
			expect(history.done === 0 || history.done < history.total).toBe(true);
			const tailCalls = Object.values(first.summary.toolCounts).reduce((a, b) => a + b, 0);
			expect(tailCalls).toBeGreaterThan(0);
			expect(tailCalls).toBeLessThan(big.calls);
			expect(first.summary.badLines).toBe(0);

			await vi.waitFor(() => expect(stateOf(f, 'a111').history).toBeUndefined(), WAIT);
			const done = stateOf(f, 'a111');
			expect(done.summary.toolCounts).toEqual(big.counts);
			expect(done.summary.lines).toBe(big.lines);
			expect(done.summary.badLines).toBe(0);
			expect(done.summary.activity).toBe(`All ${big.calls} calls done.`);
			expect(done.summary.toolCalls).toHaveLength(Math.min(MAX_TOOL_CALLS, big.calls));
			expect(done.summary.toolCalls.at(-1)?.result?.startsWith(`result ${big.calls - 1} `)).toBe(true);
			expect(done.summary.toolCalls.every(c => c.result !== undefined)).toBe(true);
			expect(tokenTotals(done.summary)).toEqual(big.tokens);
			// Any progress told along the way grew and never went past the total.
			const progress = seen.flatMap(s => (s.history ? [s.history.done] : []));
			expect(progress.every(d => d <= history.total)).toBe(true);
			expect(progress).toEqual([...progress].sort((a, b) => a - b));
		});

		it('keeps what is appended while the history is read', async () => {
			const dir = layout();
			const file = dir.transcript('a111');
			const big = generate(2000);
			writeFileSync(file, big.text);
			const f = follower({tailBytes: 64 * 1024, chunkBytes: 256 * 1024});
			f.follow([{agentId: 'a111', transcriptPath: file, cwd: CWD}]);
			expect(stateOf(f, 'a111').history).toBeDefined();
			appendFileSync(file, jsonl([toolUseLine('toolu_new', 'WebSearch', {query: 'late call'}), textLine('After the history.')]));
			await vi.waitFor(() => {
				const state = stateOf(f, 'a111');
				expect(state.history).toBeUndefined();
				expect(state.summary.activity).toBe('After the history.');
			}, WAIT);
			const summary = stateOf(f, 'a111').summary;
			expect(summary.toolCounts).toEqual({...big.counts, WebSearch: 1});
			expect(summary.lines).toBe(big.lines + 2);
			expect(summary.badLines).toBe(0);
		});

		it('shows the tail at once when a line longer than the probe straddles the tail start', () => {
			const dir = layout();
			const file = dir.transcript('a111');
			const short = Array.from({length: 1500}, (_, i) => textLine(`line ${i}`));
			const long = [toolUseLine('toolu_long', 'Read', {file_path: `${CWD}/big.json`}), toolResultLine('toolu_long', 'y'.repeat(200 * 1024))];
			const end = [toolUseLine('toolu_end', 'Glob', {pattern: '*.md'}), textLine('The end.')];
			writeFileSync(file, jsonl([...short, ...long, ...end]));
			const f = follower({tailBytes: 128 * 1024, chunkBytes: 256 * 1024});
			f.follow([{agentId: 'a111', transcriptPath: file, cwd: CWD}]);
			const first = stateOf(f, 'a111');
			expect(first.history).toBeDefined();
			expect(first.summary.activity).toBe('The end.');
			expect(first.summary.toolCounts.Glob).toBe(1);
		});

		it('keeps a long last line that is still being written when the file is first read', async () => {
			const dir = layout();
			const file = dir.transcript('a111');
			const short = Array.from({length: 1500}, (_, i) => textLine(`line ${i}`));
			const call = toolUseLine('toolu_long', 'Read', {file_path: `${CWD}/big.json`});
			const result = toolResultLine('toolu_long', 'y'.repeat(100 * 1024));
			const cut = 90 * 1024;
			writeFileSync(file, `${jsonl([...short, call])}${result.slice(0, cut)}`);
			const f = follower({tailBytes: 64 * 1024, chunkBytes: 256 * 1024});
			f.follow([{agentId: 'a111', transcriptPath: file, cwd: CWD}]);
			await vi.waitFor(() => expect(stateOf(f, 'a111').history).toBeUndefined(), WAIT);
			expect(stateOf(f, 'a111').summary.lines).toBe(1501);
			appendFileSync(file, jsonl([result.slice(cut), textLine('After the long line.')]));
			await vi.waitFor(() => expect(stateOf(f, 'a111').summary.activity).toBe('After the long line.'), WAIT);
			const summary = stateOf(f, 'a111').summary;
			expect(summary.badLines).toBe(0);
			expect(summary.lines).toBe(1503);
			expect(summary.toolCalls.at(-1)?.result?.startsWith('yyyy')).toBe(true);
		});

		it('reads a file first seen empty that then grows large', async () => {
			const dir = layout();
			const file = dir.transcript('a111');
			writeFileSync(file, '');
			const f = follower({tailBytes: 64 * 1024, chunkBytes: 256 * 1024});
			f.follow([{agentId: 'a111', transcriptPath: file, cwd: CWD}]);
			expect(stateOf(f, 'a111').summary.lines).toBe(0);
			const big = generate(1500);
			appendFileSync(file, big.text);
			await vi.waitFor(() => {
				const state = stateOf(f, 'a111');
				expect(state.history).toBeUndefined();
				expect(state.summary.lines).toBe(big.lines);
			}, WAIT);
			expect(stateOf(f, 'a111').summary.toolCounts).toEqual(big.counts);
			expect(tokenTotals(stateOf(f, 'a111').summary)).toEqual(big.tokens);
			expect(stateOf(f, 'a111').summary.activity).toBe(`All ${big.calls} calls done.`);
		});

		it('reads a file that grows past the tail size after it was first seen small', async () => {
			const dir = layout();
			const file = dir.transcript('a111');
			writeFileSync(file, jsonl([promptLine('Start.')]));
			const f = follower({tailBytes: 64 * 1024, chunkBytes: 256 * 1024});
			f.follow([{agentId: 'a111', transcriptPath: file, cwd: CWD}]);
			expect(stateOf(f, 'a111').summary.lines).toBe(1);
			const more = generate(400);
			appendFileSync(file, more.text);
			await vi.waitFor(() => {
				const state = stateOf(f, 'a111');
				expect(state.history).toBeUndefined();
				expect(state.summary.lines).toBe(1 + more.lines);
			}, WAIT);
			expect(stateOf(f, 'a111').summary.toolCounts).toEqual(more.counts);
		});
	});

	it('does nothing once closed', async () => {
		const dir = layout();
		writeFileSync(dir.transcript('a111'), jsonl(opening()));
		const f = follower();
		await f.close();
		f.follow([{agentId: 'a111', transcriptPath: dir.transcript('a111')}]);
		expect(f.getSnapshot().size).toBe(0);
	});
});
