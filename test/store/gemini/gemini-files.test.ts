// Gemini CLI's session files on disk, from the real CLI's files (test/fixtures/gemini) copied to a
// temp home: sessions with subagents listed, newest first; files read again from where they
// stopped, from the start when rewritten; no file but a regular one opened.
import {execFileSync} from 'node:child_process';
import {appendFileSync, mkdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import type {Pricer} from '../../../src/core/cost/cost.js';
import {geminiTmpDir, listGeminiSessions, readGeminiFile, readGeminiTally, type GeminiRead} from '../../../src/store/gemini/gemini-files.js';
import {copiedGeminiFile, copyGeminiHome, geminiFile} from '../../helpers/gemini.js';
import {tempDir} from '../../helpers/tmp.js';

const pricer: Pricer = {asOf: '2026-11-01', key: 'k', price: () => 0.01, contextWindow: () => undefined};

const home = copyGeminiHome;
const inHome = copiedGeminiFile;
const setTime = (file: string, ms: number) => utimesSync(file, ms / 1000, ms / 1000);
const read = (file: string, previous?: GeminiRead): GeminiRead => {
	const r = readGeminiFile(file, previous);
	if ('problem' in r) throw new Error(r.problem);
	return r;
};

describe('listGeminiSessions', () => {
	it('lists each session with subagents, its main file and children, newest first', () => {
		const gemini = home('tools', 'parallel');
		const t0 = Date.parse('2026-11-29T03:00:00.000Z');
		for (const [scenario, script] of [
			['tools', 'main'],
			['tools', 'lister'],
			['parallel', 'main'],
			['parallel', 'right'],
		]) {
			setTime(inHome(gemini, scenario!, script!), t0 - 60_000);
		}
		setTime(inHome(gemini, 'tools', 'reader'), t0);
		setTime(inHome(gemini, 'parallel', 'left'), t0 + 60_000);
		const {sessions, skipped} = listGeminiSessions(gemini);
		expect(skipped).toBe(0);
		expect(sessions.map(s => s.sessionId)).toEqual([geminiFile('parallel', 'main').id, geminiFile('tools', 'main').id]);
		const tools = sessions[1]!;
		expect(tools.mains.map(f => f.path)).toEqual([inHome(gemini, 'tools', 'main')]);
		expect(tools.children.map(f => f.path).sort()).toEqual([inHome(gemini, 'tools', 'reader'), inHome(gemini, 'tools', 'lister')].sort());
		expect(sessions[0]!.lastActivity).toBe(t0 + 60_000);
	});

	it('sinceMs leaves out sessions not written since', () => {
		const gemini = home('tools');
		const old = Date.parse('2026-01-01T00:00:00.000Z');
		for (const script of ['main', 'reader', 'lister']) setTime(inHome(gemini, 'tools', script), old);
		expect(listGeminiSessions(gemini, {sinceMs: old + 1}).sessions).toEqual([]);
		expect(listGeminiSessions(gemini, {sinceMs: old}).sessions).toHaveLength(1);
	});

	it('skips what is no regular file, and folders with no subagent file or an unsafe name', () => {
		const gemini = home('tools');
		const chats = path.join(geminiTmpDir(gemini), 'tools', 'chats');
		const sub = path.dirname(inHome(gemini, 'tools', 'reader'));
		execFileSync('mkfifo', [path.join(sub, 'fifo.jsonl')]);
		symlinkSync(inHome(gemini, 'tools', 'reader'), path.join(sub, 'link.jsonl'));
		mkdirSync(path.join(chats, 'session-dir.jsonl'));
		mkdirSync(path.join(chats, 'empty-session'));
		mkdirSync(path.join(chats, '.hidden'));
		writeFileSync(path.join(chats, '.hidden', 'x.jsonl'), '{}\n');
		const {sessions, skipped} = listGeminiSessions(gemini);
		expect(skipped).toBe(3);
		expect(sessions.map(s => s.sessionId)).toEqual([geminiFile('tools', 'main').id]);
		expect(sessions[0]!.children).toHaveLength(2);
	});

	it('no Gemini folder: nothing', () => {
		expect(listGeminiSessions(path.join(tempDir('gemini-'), 'none'))).toEqual({sessions: [], skipped: 0});
	});
});

describe('readGeminiFile', () => {
	it('an unchanged file is the read it was; a grown one is read on from where it stopped', () => {
		const file = inHome(home('tools'), 'tools', 'reader');
		const whole = readFileSync(file, 'utf8');
		const cut = whole.indexOf('\n', Math.floor(whole.length / 2)) + 1;
		writeFileSync(file, `${whole.slice(0, cut)}${whole.slice(cut, cut + 10)}`);
		const first = read(file);
		expect(first.offset).toBe(Buffer.byteLength(whole.slice(0, cut)));
		expect(read(file, first)).toBe(first);
		appendFileSync(file, whole.slice(cut + 10));
		const second = read(file, first);
		const fresh = read(file);
		expect(second.offset).toBe(Buffer.byteLength(whole));
		expect(second.chat).toEqual(fresh.chat);
		expect(second.chat.lines).toBe(whole.split('\n').filter(Boolean).length);
	});

	it('a file rewritten in place is read from its start', () => {
		const file = inHome(home('tools'), 'tools', 'reader');
		const first = read(file);
		const meta = readFileSync(file, 'utf8').split('\n')[0]!;
		// Same inode, longer, other bytes before the old offset.
		writeFileSync(file, `${meta}\n${'{"$set":{"summary":"rewritten"}}\n'.repeat(Math.ceil(first.size / 30))}`);
		const again = read(file, first);
		expect(again.chat.summary).toBe('rewritten');
		expect(again.chat).toEqual(read(file).chat);
	});

	it('a line over the bound is skipped without being held, the lines around it read', () => {
		const file = path.join(tempDir('gemini-'), 'big.jsonl');
		const meta = readFileSync(geminiFile('tools', 'reader').path, 'utf8').split('\n')[0]!;
		writeFileSync(file, `${meta}\n{"pad":"${'x'.repeat(9 * 1024 * 1024)}"}\n{"$set":{"summary":"after"}}\n`);
		const r = read(file);
		expect(r.chat.meta?.kind).toBe('subagent');
		expect(r.chat.summary).toBe('after');
	});

	it('refuses a FIFO, a folder and a symlink with a problem, without hanging', () => {
		const dir = tempDir('gemini-');
		execFileSync('mkfifo', [path.join(dir, 'f.jsonl')]);
		expect(readGeminiFile(path.join(dir, 'f.jsonl'))).toHaveProperty('problem');
		expect(readGeminiFile(dir)).toHaveProperty('problem');
		symlinkSync(geminiFile('tools', 'reader').path, path.join(dir, 'l.jsonl'));
		expect(readGeminiFile(path.join(dir, 'l.jsonl'))).toHaveProperty('problem');
		expect(readGeminiFile(path.join(dir, 'missing.jsonl'))).toHaveProperty('problem');
	});
});

describe('readGeminiTally', () => {
	it('a subagent’s file is tallied and priced; a main session’s is not', () => {
		const t = readGeminiTally(geminiFile('tools', 'reader').path, pricer);
		expect(t?.tally.segments.length).toBeGreaterThan(0);
		expect(t?.tally.segments[0]?.cost.priced).toBeGreaterThan(0);
		expect(t?.tally.pricesAsOf).toBe('2026-11-01');
		expect(readGeminiTally(geminiFile('tools', 'main').path, pricer)).toBeUndefined();
		expect(readGeminiTally(path.join(tempDir('gemini-'), 'none.jsonl'), pricer)).toBeUndefined();
	});
});
