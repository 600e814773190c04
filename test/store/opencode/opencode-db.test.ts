import {copyFileSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {spawn} from 'node:child_process';
import {opencodeHeld} from '../../../src/store/opencode/opencode-process.js';
import {newestOpencodeTree, opencodeDatabases, opencodeDataDir, readOpencodeDatabase, type OpencodeTree} from '../../../src/store/opencode/opencode-db.js';
import {tempDir} from '../../helpers/tmp.js';

// Real sessions of opencode 1.18.33 (scripts/opencode-fixtures/make-fixtures.mjs): its database
// as it left it, every row still in the write-ahead log.
const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/opencode');

interface Served {
	readonly agent: string;
	readonly usage: {readonly prompt_tokens: number; readonly completion_tokens: number};
	readonly script: {readonly error?: number; readonly hold?: boolean};
}
const served = (scenario: string): Served[] =>
	readFileSync(path.join(FIXTURES, scenario, 'stand-in.jsonl'), 'utf8')
		.trim()
		.split('\n')
		.map(l => JSON.parse(l) as Served);

function tree(scenario: string): OpencodeTree {
	const read = readOpencodeDatabase(path.join(FIXTURES, scenario, 'opencode.db'));
	expect(read.problem).toBeUndefined();
	expect(read.trees).toHaveLength(1);
	return read.trees[0]!;
}

function tokens(tr: OpencodeTree, description: string): {input: number; output: number} {
	const agent = tr.agents.find(a => a.record.description === description)!;
	let input = 0;
	let output = 0;
	for (const u of agent.facts.summary.usage.values()) {
		input += u.input;
		output += u.output;
	}
	return {input, output};
}

describe('readOpencodeDatabase on what opencode wrote', () => {
	it('parallel: both subagents, their types, tasks, tokens (each request once), tool calls and reports', () => {
		const tr = tree('parallel');
		expect(tr.agents.map(a => [a.record.description, a.record.type, a.record.status, a.record.stopReason]).sort()).toEqual([
			['List the files', 'general', 'stopped', 'task-complete'],
			['Read the readme', 'explore', 'stopped', 'task-complete'],
		]);
		for (const [description, agent] of [
			['List the files', 'lister'],
			['Read the readme', 'reader'],
		] as const) {
			const truth = served('parallel').filter(s => s.agent === agent);
			expect(tokens(tr, description)).toEqual({
				input: truth.reduce((n, s) => n + s.usage.prompt_tokens, 0),
				output: truth.reduce((n, s) => n + s.usage.completion_tokens, 0),
			});
		}
		const lister = tr.agents.find(a => a.record.description === 'List the files')!;
		expect(lister.record).toMatchObject({
			provider: 'opencode',
			sessionId: tr.rootId,
			model: 'm',
			totalToolUseCount: 2,
			lastMessage: 'The folder holds **README** and `opencode.json`.',
		});
		expect(lister.record.parentAgentId).toBeUndefined();
		expect(lister.facts.summary.toolCalls.map(c => [c.name, c.summary])).toEqual([
			['Bash', 'Bash List the files'],
			['Glob', 'Glob *'],
		]);
		expect(lister.facts.prompt).toBe('[fixture:lister] List the files here and say what they are.');
		expect(Date.parse(lister.record.stoppedAt!)).toBeGreaterThan(Date.parse(lister.record.startedAt));
	});

	it('failed: the child whose model call failed is failed, with the API error, and no report', () => {
		const tr = tree('failed');
		expect(tr.agents).toHaveLength(1);
		expect(tr.agents[0]!.record).toMatchObject({status: 'stopped', stopReason: 'stop-failure:fixture: this agent fails', description: 'Check the config'});
		expect(tr.agents[0]!.record.lastMessage).toBeUndefined();
	});

	it('cut: a child still waiting on the model is active, thinking, while its session runs and after a SIGINT (opencode writes no end)', () => {
		for (const at of ['cut/mid', 'cut']) {
			const tr = tree(at);
			expect(tr.agents).toHaveLength(1);
			const agent = tr.agents[0]!;
			expect(agent.record.status).toBe('active');
			expect(agent.facts.summary.activity).toBe('thinking…');
			expect(agent.record.totalToolUseCount).toBe(1);
		}
	});

	it('cut, opencode gone (no process holds its database): the child is interrupted at its last sign of life; asked only then', () => {
		let asked = 0;
		const gone = () => (asked++, true);
		const read = readOpencodeDatabase(path.join(FIXTURES, 'cut', 'opencode.db'), {gone});
		const agent = read.trees[0]!.agents[0]!;
		expect(agent.record).toMatchObject({status: 'stopped', interrupted: true, stopReason: 'session-end:opencode-exited', stoppedAt: agent.record.updatedAt});
		expect(agent.facts.summary.activity).toBeUndefined();
		expect(asked).toBe(1);
		// Still held: as before. Every child ended: not asked at all.
		expect(readOpencodeDatabase(path.join(FIXTURES, 'cut', 'opencode.db'), {gone: () => false}).trees[0]!.agents[0]!.record.status).toBe('active');
		asked = 0;
		readOpencodeDatabase(path.join(FIXTURES, 'fifty', 'opencode.db'), {gone});
		expect(asked).toBe(0);
	});

	it('opencodeHeld: true while a process holds the database or its log open, false when none does', async () => {
		const dir = tempDir('held-');
		const db = path.join(dir, 'opencode.db');
		copyFileSync(path.join(FIXTURES, 'cut', 'opencode.db'), db);
		copyFileSync(path.join(FIXTURES, 'cut', 'opencode.db-wal'), `${db}-wal`);
		expect(opencodeHeld(db)).toBe(false);
		const holder = spawn(process.execPath, [
			'-e',
			"require('fs').openSync(process.argv[1], 'r'); console.log('open'); setInterval(() => {}, 1e6)",
			`${db}-wal`,
		]);
		try {
			await new Promise(resolve => holder.stdout.once('data', resolve));
			expect(opencodeHeld(db)).toBe(true);
		} finally {
			holder.kill();
		}
		await new Promise(resolve => holder.once('exit', resolve));
		expect(opencodeHeld(db)).toBe(false);
		// No /proc to read: unknown, never "gone".
		expect(opencodeHeld(db, path.join(dir, 'no-proc'))).toBeUndefined();
	});

	it('fifty: all fifty subagents, each with the one tool call and the report it was served', () => {
		const tr = tree('fifty');
		expect(tr.agents).toHaveLength(50);
		expect(new Set(tr.agents.map(a => a.record.description))).toEqual(new Set(Array.from({length: 50}, (_, i) => `Check part ${i + 1}`)));
		for (const agent of tr.agents) {
			const n = /Check part (\d+)/u.exec(agent.record.description!)![1];
			expect(agent.record).toMatchObject({status: 'stopped', totalToolUseCount: 1, lastMessage: `Part ${n} is fine.`});
		}
	});

	it('newestOpencodeTree, from the session table alone, names the tree the full read gives first', () => {
		for (const scenario of ['parallel', 'failed', 'cut', 'fifty']) {
			const full = tree(scenario);
			expect(newestOpencodeTree(path.join(FIXTURES, scenario, 'opencode.db'))).toEqual({rootId: full.rootId, updatedMs: full.updatedMs});
		}
		expect(newestOpencodeTree(path.join(FIXTURES, 'none', 'opencode.db'))).toBeUndefined();
	});

	it('sinceMs leaves out trees not updated since', () => {
		const file = path.join(FIXTURES, 'parallel', 'opencode.db');
		const updated = tree('parallel').updatedMs;
		expect(readOpencodeDatabase(file, {sinceMs: updated + 1}).trees).toEqual([]);
		expect(readOpencodeDatabase(file, {sinceMs: updated}).trees).toHaveLength(1);
	});

	it('a database that is not one: a problem, no trees, nothing thrown', () => {
		const dir = tempDir('oc-');
		writeFileSync(path.join(dir, 'opencode.db'), 'x'.repeat(200));
		expect(readOpencodeDatabase(path.join(dir, 'opencode.db'))).toMatchObject({trees: [], problem: expect.any(String) as string});
	});
});

describe('where opencode keeps its databases', () => {
	it('XDG_DATA_HOME when absolute, else ~/.local/share; opencode.db and a channel’s opencode-<channel>.db', () => {
		expect(opencodeDataDir({XDG_DATA_HOME: '/x/data'}, '/home/u')).toBe('/x/data/opencode');
		expect(opencodeDataDir({XDG_DATA_HOME: 'relative'}, '/home/u')).toBe('/home/u/.local/share/opencode');
		const dir = tempDir('oc-');
		mkdirSync(path.join(dir, 'opencode'));
		for (const name of ['opencode.db', 'opencode-beta.db', 'opencode.db-wal', 'other.db']) {
			copyFileSync(path.join(FIXTURES, 'failed', 'opencode.db'), path.join(dir, 'opencode', name));
		}
		expect(opencodeDatabases(path.join(dir, 'opencode')).map(f => path.basename(f))).toEqual(['opencode-beta.db', 'opencode.db']);
		expect(opencodeDatabases(path.join(dir, 'none'))).toEqual([]);
	});
});
