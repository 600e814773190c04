// Gemini CLI sessions from the real CLI's files (test/fixtures/gemini): each session with its main
// file and subagents, reads kept between scans, its agents and counts, and listed beside others.
import {rmSync, utimesSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import type {GeminiRead} from '../../../src/store/gemini/gemini-files.js';
import {
	geminiAgentsOf,
	geminiSessionCounts,
	geminiSessionOf,
	NO_GEMINI_SCAN,
	scanGeminiSessions,
	withGeminiSessions,
} from '../../../src/store/gemini/gemini-sessions.js';
import type {ProviderListing} from '../../../src/store/codex/codex-listings.js';
import {copiedGeminiFile, copyGeminiHome, geminiFile} from '../../helpers/gemini.js';

const NOW = Date.parse('2026-11-29T03:00:00.000Z');
const rules = {now: NOW, staleMs: 300_000, dedup: true};
const tools = geminiFile('tools', 'main').id;
const cut = geminiFile('cut', 'main').id;

describe('scanGeminiSessions', () => {
	it('finds each session’s main file and its subagents', () => {
		const gemini = copyGeminiHome('tools', 'cut');
		const scan = scanGeminiSessions({geminiHome: gemini});
		expect(scan.skipped).toBe(0);
		expect(scan.sessions.map(s => s.sessionId).sort()).toEqual([tools, cut].sort());
		const s = geminiSessionOf(scan, tools)!;
		expect(s.main?.path).toBe(copiedGeminiFile(gemini, 'tools', 'main'));
		expect(s.children.map(c => c.read.chat.meta?.sessionId).sort()).toEqual([geminiFile('tools', 'reader').id, geminiFile('tools', 'lister').id].sort());
		expect(geminiSessionOf(scan, 'nope')).toBeUndefined();
		expect(geminiSessionOf(NO_GEMINI_SCAN, tools)).toBeUndefined();
	});

	it('keeps reads between scans: an unchanged file is not read again; a full scan forgets removed files', () => {
		const gemini = copyGeminiHome('tools');
		const memory = new Map<string, GeminiRead>();
		scanGeminiSessions({geminiHome: gemini, memory});
		expect(memory.size).toBe(3);
		const reader = copiedGeminiFile(gemini, 'tools', 'reader');
		const before = memory.get(reader);
		const again = scanGeminiSessions({geminiHome: gemini, memory});
		expect(memory.get(reader)).toBe(before);
		expect(geminiSessionOf(again, tools)?.children.find(c => c.path === reader)?.read).toBe(before);
		rmSync(copiedGeminiFile(gemini, 'tools', 'lister'));
		scanGeminiSessions({geminiHome: gemini, memory});
		expect([...memory.keys()].sort()).toEqual([copiedGeminiFile(gemini, 'tools', 'main'), reader].sort());
	});

	it('a live scan (sinceMs) leaves out old sessions and keeps what it did not list', () => {
		const gemini = copyGeminiHome('tools');
		const memory = new Map<string, GeminiRead>();
		scanGeminiSessions({geminiHome: gemini, memory});
		const old = (NOW - 86_400_000) / 1000;
		for (const script of ['main', 'reader', 'lister']) utimesSync(copiedGeminiFile(gemini, 'tools', script), old, old);
		expect(scanGeminiSessions({geminiHome: gemini, memory, sinceMs: NOW - 3_600_000}).sessions).toEqual([]);
		expect(memory.size).toBe(3);
	});
});

describe('geminiAgentsOf and geminiSessionCounts', () => {
	it('each subagent is an agent of the session, with its transcript facts', () => {
		const scan = scanGeminiSessions({geminiHome: copyGeminiHome('tools')});
		const {agents, transcripts} = geminiAgentsOf(geminiSessionOf(scan, tools)!);
		expect(agents.map(a => a.agentId).sort()).toEqual([geminiFile('tools', 'reader').id, geminiFile('tools', 'lister').id].sort());
		for (const a of agents) {
			expect(a.sessionId).toBe(tools);
			expect(a.provider).toBe('gemini');
			expect(a.status).toBe('stopped');
			expect(transcripts.get(a.agentId)?.summary.lines).toBeGreaterThan(0);
		}
		expect(geminiSessionCounts(geminiSessionOf(scan, tools)!, rules)).toEqual({waiting: 0, active: 0, idle: 0, stopped: 2, stale: 0});
	});
});

describe('withGeminiSessions', () => {
	it('adds the Gemini sessions not already listed, newest first, keeping a listing of the same id', () => {
		const scan = scanGeminiSessions({geminiHome: copyGeminiHome('tools', 'cut')});
		const mine: ProviderListing = {
			id: tools,
			label: 'mine',
			lastActivity: 1,
			counts: {waiting: 0, active: 9, idle: 0, stopped: 0, stale: 0},
			warnings: 0,
			mainWaiting: false,
			provider: 'claude',
		};
		const newer: ProviderListing = {...mine, id: 'claude-session', label: 'claude', lastActivity: Number.MAX_SAFE_INTEGER};
		const out = withGeminiSessions([mine, newer], scan, rules);
		expect(out.map(l => l.id)).toEqual(['claude-session', cut, tools]);
		expect(out.find(l => l.id === tools)).toBe(mine);
		expect(out.find(l => l.id === cut)).toMatchObject({provider: 'gemini', warnings: 0, mainWaiting: false});
	});
});
