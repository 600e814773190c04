// `agentlog sessions` with a session of each of the five tools on one machine, from the real CLIs'
// fixtures: every session carries its tool, as a mark in the text (`[codex]`, `[gemini]`, `[qwen]`,
// `[opencode]`, none for Claude Code) and as `provider` in the JSON, the same from the sessions
// cache on the next run, and a cache of the previous shape is read again rather than trusted.
import {spawnSync} from 'node:child_process';
import {copyFileSync, cpSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import type {SessionsJsonEntry} from '../../../src/present/json-shapes.js';
import {geminiFile, geminiHomeOf} from '../../helpers/gemini.js';
import {placeQwenFixture} from '../../helpers/qwen-fixture-copy.js';

const cli = path.resolve(import.meta.dirname, '..', '..', '..', 'bin', 'agentlog.js');
const FIXTURES = path.resolve(import.meta.dirname, '..', '..', 'fixtures');
/** Every fixture was made within the 30 days before this. */
const NOW = '2026-11-29T06:00:00.000Z';
const CLAUDE_SESSION = '3f2c9a10-7b4e-4d21-9c55-0e8d1a6b2f47';

function setUp() {
	const qwen = placeQwenFixture('subagents');
	const root = qwen.root;
	// Claude Code's session: one agent file the hook wrote.
	const claude = path.join(qwen.activity, CLAUDE_SESSION);
	mkdirSync(claude, {recursive: true});
	const at = Date.parse('2026-11-29T05:00:00.000Z');
	writeFileSync(
		path.join(claude, 'a1.json'),
		JSON.stringify({agentId: 'a1', type: 'Explore', status: 'stopped', startedAt: new Date(at).toISOString(), updatedAt: new Date(at + 5000).toISOString()}),
	);
	utimesSync(claude, at / 1000, at / 1000);
	// Codex's rollouts, Gemini CLI's files and opencode's database where each keeps them.
	const codexHome = path.join(root, 'codex');
	cpSync(path.join(FIXTURES, 'codex', 'v2'), codexHome, {recursive: true, filter: src => !src.endsWith('hook-payloads.jsonl')});
	const gemini = path.join(root, 'gemini-cli-home', '.gemini');
	cpSync(geminiHomeOf('tools'), gemini, {recursive: true});
	const geminiAt = Date.parse('2026-11-29T02:49:00.000Z') / 1000;
	for (const f of readdirSync(gemini, {recursive: true, withFileTypes: true})) {
		if (f.isFile()) {
			utimesSync(path.join(f.parentPath, f.name), geminiAt, geminiAt);
		}
	}
	const opencode = path.join(root, 'data', 'opencode');
	mkdirSync(opencode, {recursive: true});
	for (const name of ['opencode.db', 'opencode.db-wal']) {
		copyFileSync(path.join(FIXTURES, 'opencode', 'parallel', name), path.join(opencode, name));
	}
	const env = {
		PATH: process.env.PATH,
		HOME: qwen.home,
		AGENTLOG_DIR: qwen.activity,
		CLAUDE_CONFIG_DIR: path.join(root, 'claude'),
		XDG_STATE_HOME: path.join(root, 'state'),
		XDG_DATA_HOME: path.join(root, 'data'),
		CODEX_HOME: codexHome,
		GEMINI_CLI_HOME: path.join(root, 'gemini-cli-home'),
		AGENTLOG_NOW: NOW,
		NO_COLOR: '1',
	};
	return {qwen, env, state: path.join(root, 'state')};
}

function run(env: NodeJS.ProcessEnv, ...args: string[]): string {
	const r = spawnSync(process.execPath, [cli, ...args], {encoding: 'utf8', env, timeout: 30_000});
	expect(r.stderr).toBe('');
	expect(r.status).toBe(0);
	return r.stdout;
}

const codexRoot = (): string =>
	(JSON.parse(readFileSync(path.join(FIXTURES, 'codex', 'manifest.json'), 'utf8')) as {scenarios: Record<string, {root: string}>}).scenarios.v2!.root;

describe('sessions marks every tool', () => {
	it("text and JSON name each session's tool, the same again from the sessions cache", () => {
		const {qwen, env, state} = setUp();
		const expected = [
			[CLAUDE_SESSION, 'claude'],
			[codexRoot(), 'codex'],
			[geminiFile('tools', 'main').id, 'gemini'],
			[qwen.sessionId, 'qwen'],
		];
		const check = () => {
			const list = JSON.parse(run(env, 'sessions', '--json')) as SessionsJsonEntry[];
			const byId = new Map(list.map(s => [s.id, s.provider]));
			for (const [id, provider] of expected) {
				expect([id, byId.get(id!)]).toEqual([id, provider]);
			}
			const opencode = list.filter(s => s.provider === 'opencode');
			expect(opencode).toHaveLength(1);
			expect(list).toHaveLength(5);
			const text = run(env, 'sessions');
			const line = (id: string) => text.split('\n').find(l => l.includes(id.slice(0, 8))) ?? '';
			expect(line(CLAUDE_SESSION)).not.toMatch(/\[(codex|gemini|qwen|opencode)\]/u);
			expect(line(codexRoot())).toContain('[codex]');
			expect(line(geminiFile('tools', 'main').id)).toContain('[gemini]');
			expect(line(qwen.sessionId)).toContain('[qwen]');
			expect(text).toContain('[opencode] Fixture parallel');
		};
		check();
		// The second run counts Qwen's session from the cache, its folder unchanged.
		const cacheFile = readdirSync(path.join(state, 'agentlog'), {recursive: true, encoding: 'utf8'}).find(f => f.includes('session') && f.endsWith('.json'));
		expect(cacheFile).toBeDefined();
		const cache = path.join(state, 'agentlog', cacheFile!);
		const kept = JSON.parse(readFileSync(cache, 'utf8')) as {v: number; s: Record<string, {p?: string}>};
		expect(kept.s[qwen.sessionId]?.p).toBe('qwen');
		expect(kept.s[CLAUDE_SESSION]?.p).toBeUndefined();
		check();
		// A cache of the shape before (no provider) is not trusted: read again, the mark still there.
		writeFileSync(cache, JSON.stringify({...kept, v: kept.v - 1, s: Object.fromEntries(Object.entries(kept.s).map(([id, e]) => [id, {...e, p: undefined}]))}));
		check();
		// A provider agentlog does not know in the cache: that session is read again.
		writeFileSync(cache, JSON.stringify({...kept, s: {...kept.s, [qwen.sessionId]: {...kept.s[qwen.sessionId], p: 'evil'}}}));
		check();
	});
});
