// opencode's subagents in the history: `agentlog import` reads them from the database the real
// opencode 1.18.33 wrote (test/fixtures/opencode), and `history`, `stats`, `export` and
// `export --otlp` show them with the fields `ls` gives them, through the built CLI.
import {copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {newHome, runCli, type Home} from '../../helpers/otlp-fixtures.js';
import {receiversClosedAfterEach} from '../../helpers/otlp-receiver.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/opencode');
/** The fixtures were made on this day; the clock is pinned a little after. */
const NOW = '2026-11-29T03:00:00.000Z';

const receiver = receiversClosedAfterEach();

/** The scenarios' databases in one opencode data folder: the first as `opencode.db`, the others as channels' databases. */
function setUp(...scenarios: string[]): Home & {readonly data: string} {
	const h = newHome();
	const data = path.join(h.home, 'data', 'opencode');
	mkdirSync(data, {recursive: true});
	scenarios.forEach((s, i) => {
		const name = i === 0 ? 'opencode.db' : `opencode-${s.replace('/', '-')}.db`;
		copyFileSync(path.join(FIXTURES, s, 'opencode.db'), path.join(data, name));
		copyFileSync(path.join(FIXTURES, s, 'opencode.db-wal'), path.join(data, `${name}-wal`));
	});
	return {...h, data};
}

const env = (h: Home) => ({
	PATH: process.env.PATH,
	HOME: h.home,
	CLAUDE_CONFIG_DIR: path.join(h.home, '.claude'),
	AGENTLOG_DIR: h.activity,
	XDG_STATE_HOME: h.state,
	XDG_DATA_HOME: path.join(h.home, 'data'),
	CODEX_HOME: path.join(h.home, 'no-codex'),
	GEMINI_CLI_HOME: path.join(h.home, 'no-gemini'),
	AGENTLOG_NOW: NOW,
	TZ: 'UTC',
});

async function cli(h: Home, args: readonly string[]): Promise<{status: number | null; stdout: string; stderr: string}> {
	const r = await runCli(args, env(h));
	return r;
}

const json = <T>(r: {readonly stdout: string}): T => JSON.parse(r.stdout) as T;

type Row = Record<string, unknown> & {agentId: string};

describe('agentlog import with opencode', () => {
	it("adds each subagent once, and history shows it with ls's fields: status, tokens, usage, tool calls, report's agent", async () => {
		const h = setUp('parallel', 'failed', 'cut');
		const files = ['opencode.db', 'opencode.db-wal', 'opencode-failed.db', 'opencode-failed.db-wal'].map(f => path.join(h.data, f));
		const before = files.map(f => statSync(f).mtimeMs);
		const bytes = files.map(f => readFileSync(f));

		const first = await cli(h, ['import', '--json']);
		expect(first.stderr).toBe('');
		expect(json<{imported: number; sessions: number}>(first)).toMatchObject({imported: 4, sessions: 3});
		// Read only: opencode's files are as they were, and no -shm file was made.
		expect(files.map(f => statSync(f).mtimeMs)).toEqual(before);
		expect(files.map(f => readFileSync(f).equals(bytes[files.indexOf(f)]!))).toEqual(files.map(() => true));
		expect(() => statSync(path.join(h.data, 'opencode.db-shm'))).toThrow();

		const history = json<Row[]>(await cli(h, ['history', '--json', '--provider', 'opencode']));
		expect(history.map(a => [a.description, a.type, a.status, a.provider, a.source]).sort()).toEqual([
			['Check the config', 'general', 'failed', 'opencode', 'transcript'],
			['List the files', 'general', 'completed', 'opencode', 'transcript'],
			['Read the readme', 'explore', 'completed', 'opencode', 'transcript'],
			['Scan everything', 'general', 'interrupted', 'opencode', 'transcript'],
		]);
		const failed = history.find(a => a.description === 'Check the config')!;
		expect(failed.stopReason).toBe('stop-failure:fixture: this agent fails');

		// The same figures as ls reads live from the database.
		const root = history.find(a => a.description === 'List the files')!.sessionId as string;
		const ls = json<Row[]>(await cli(h, ['ls', root, '--json']));
		expect(ls).toHaveLength(2);
		for (const live of ls) {
			const past = history.find(a => a.agentId === live.agentId)!;
			const liveTools = Object.values(live.toolCounts as Record<string, number>).reduce((n, c) => n + c, 0);
			expect([past.tokens, past.toolCalls, past.model, past.startedAt]).toEqual([live.tokensTotal, liveTools, live.model, live.startedAt]);
			expect(past.tokens).toBeGreaterThan(0);
			expect(past.usage).toMatchObject({input: expect.any(Number) as number, output: expect.any(Number) as number});
			expect(past.runs).toHaveLength(1);
			expect(past.cost).not.toBeNull();
		}

		const again = json<{imported: number; upToDate: number}>(await cli(h, ['import', '--json']));
		expect(again).toMatchObject({imported: 0, upToDate: 4});

		const stats = json<{byProvider: Record<string, {agents: number; tokens: number}>}>(await cli(h, ['stats', '--json', '--by', 'provider']));
		expect(Object.keys(stats.byProvider)).toEqual(['opencode']);
		expect(stats.byProvider.opencode!.agents).toBe(4);
		expect(stats.byProvider.opencode!.tokens).toBe(history.reduce((n, a) => n + ((a.tokens as number | null) ?? 0), 0));

		const exported = (await cli(h, ['export'])).stdout
			.trim()
			.split('\n')
			.map(l => JSON.parse(l) as Row);
		expect(exported.map(a => a.agentId).sort()).toEqual(history.map(a => a.agentId).sort());
		expect(exported.every(a => a.provider === 'opencode')).toBe(true);

		const r = await receiver();
		const sent = await cli(h, ['export', '--otlp', r.url]);
		expect(sent.status).toBe(0);
		const agents = r.accepted().filter(s => s.attributes['gen_ai.agent.id'] !== undefined);
		expect(agents.map(s => s.attributes['gen_ai.agent.id']).sort()).toEqual(history.map(a => a.agentId).sort());
		// opencode runs any provider's models: no gen_ai.provider.name is claimed.
		expect(agents.every(s => s.attributes['gen_ai.provider.name'] === undefined)).toBe(true);
	});

	it('a child imported at another version (fewer rows, seen running) is imported again, and the latest line wins', async () => {
		const h = setUp('parallel');
		expect(json<{imported: number}>(await cli(h, ['import', '--json'])).imported).toBe(2);
		// As if the first import had run mid-run: fewer rows, cut off.
		const [session] = readdirSync(h.activity);
		const log = path.join(h.activity, session!, 'events.jsonl');
		const earlier = readFileSync(log, 'utf8')
			.trim()
			.split('\n')
			.map(l => JSON.parse(l) as {state: string; data: {transcriptBytes: number}})
			.map(l => JSON.stringify({...l, state: 'interrupted', data: {...l.data, transcriptBytes: l.data.transcriptBytes - 3}}));
		writeFileSync(log, `${earlier.join('\n')}\n`);
		expect(json<Row[]>(await cli(h, ['history', '--json'])).map(a => a.status)).toEqual(['interrupted', 'interrupted']);
		expect(json<{imported: number; upToDate: number}>(await cli(h, ['import', '--json']))).toMatchObject({imported: 2, upToDate: 0});
		expect(json<Row[]>(await cli(h, ['history', '--json'])).map(a => a.status)).toEqual(['completed', 'completed']);
		expect(json<{imported: number; upToDate: number}>(await cli(h, ['import', '--json']))).toMatchObject({imported: 0, upToDate: 2});
		// The database gone: the history keeps what it read of each child (tokens, usage, runs).
		const kept = json<Row[]>(await cli(h, ['history', '--json']));
		rmSync(h.data, {recursive: true});
		expect(json<Row[]>(await cli(h, ['history', '--json']))).toEqual(kept);
		expect(kept.every(a => (a.tokens as number) > 0 && a.usage !== null)).toBe(true);
	});

	it('no opencode folder: import reads nothing and says nothing of it', async () => {
		const h = newHome();
		const r = await cli(h, ['import', '--json']);
		expect(r.stderr).toBe('');
		expect(json<{imported: number; transcripts: number}>(r)).toMatchObject({imported: 0, transcripts: 0});
	});
});
