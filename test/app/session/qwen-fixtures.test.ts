// Qwen Code's subagents in the reading commands, from what the real Qwen Code 0.24.4 and agentlog's
// hook wrote (test/fixtures/qwen): `ls --json`, `history --json` and the watch model show them on the
// same agent record as Claude Code's, marked qwen, with tokens (each response once), model, tool calls,
// prompt and report read from their own transcripts.
import {spawnSync} from 'node:child_process';
import {rmSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {readSessionModel} from '../../../src/app/session/load.js';
import {agentName} from '../../../src/present/present.js';
import {placeQwenFixture, type PlacedQwenFixture} from '../../helpers/qwen-fixture-copy.js';

const cli = path.resolve(import.meta.dirname, '..', '..', '..', 'bin', 'agentlog.js');
/** The fixtures' day: the history looks back 30 days from agentlog's clock. */
const NOW = '2026-11-29T06:00:00.000Z';

function env(f: PlacedQwenFixture): NodeJS.ProcessEnv {
	return {
		PATH: process.env.PATH,
		HOME: f.home,
		AGENTLOG_DIR: f.activity,
		CLAUDE_CONFIG_DIR: path.join(f.root, 'claude'),
		XDG_STATE_HOME: path.join(f.root, 'state'),
		AGENTLOG_NOW: NOW,
		NO_COLOR: '1',
	};
}

function run(f: PlacedQwenFixture, ...args: string[]): string {
	const r = spawnSync(process.execPath, [cli, ...args], {encoding: 'utf8', env: env(f)});
	expect(r.stderr).toBe('');
	expect(r.status).toBe(0);
	return r.stdout;
}

/** What the stand-in served one script: token sums as agentlog counts them (input without its cached part). */
function servedTokens(f: PlacedQwenFixture, script: string): {input: number; output: number; cacheRead: number} {
	const mine = f.served.filter(s => s.agent === script && s.usage !== undefined);
	expect(mine.length).toBeGreaterThan(0);
	return mine.reduce(
		(sum, s) => ({
			input: sum.input + s.usage!.prompt_tokens - s.usage!.prompt_tokens_details.cached_tokens,
			output: sum.output + s.usage!.completion_tokens,
			cacheRead: sum.cacheRead + s.usage!.prompt_tokens_details.cached_tokens,
		}),
		{input: 0, output: 0, cacheRead: 0},
	);
}

const scriptOf = (prompt: unknown): string => /\[fixture:([\w-]+)\]/u.exec(String(prompt))?.[1] ?? '';

describe("Qwen Code's subagents in every view", () => {
	it('ls --json: two stopped agents, provider qwen, tokens each response once, model, tool calls, prompt and report', () => {
		const f = placeQwenFixture('subagents');
		const agents = JSON.parse(run(f, 'ls', '--json', f.sessionId)) as Record<string, unknown>[];
		expect(agents).toHaveLength(2);
		for (const a of agents) {
			const script = scriptOf(a.prompt);
			expect(['lister', 'pwd']).toContain(script);
			const want = servedTokens(f, script);
			expect(a).toMatchObject({provider: 'qwen', status: 'stopped', type: 'general-purpose', model: 'qwen3-coder-fixture', toolCounts: {run_shell_command: 1}});
			expect(a.tokens).toEqual({input: want.input, output: want.output, cacheRead: want.cacheRead, cacheCreation: 0});
			expect(a.report).toMatch(/report/iu);
		}
		const text = run(f, 'ls', f.sessionId);
		expect(text).toContain(`[qwen] session ${f.sessionId}`);
		expect(text.match(/\[qwen\] general-purpose/gu)).toHaveLength(2);
	});

	it('history --json and --provider: the same agents and tokens from the event log and the transcripts', () => {
		const f = placeQwenFixture('subagents');
		const history = JSON.parse(run(f, 'history', '--json', '--provider', 'qwen')) as Record<string, unknown>[];
		expect(history).toHaveLength(2);
		const ls = JSON.parse(run(f, 'ls', '--json', f.sessionId)) as Record<string, unknown>[];
		for (const h of history) {
			expect(h).toMatchObject({provider: 'qwen', status: 'completed', type: 'general-purpose'});
			const same = ls.find(a => a.agentId === h.agentId)!;
			expect(h.tokens).toBe(
				(same.tokens as {input: number; output: number; cacheRead: number}).input +
					(same.tokens as {output: number}).output +
					(same.tokens as {cacheRead: number}).cacheRead,
			);
		}
		expect(JSON.parse(run(f, 'history', '--json', '--provider', 'claude'))).toEqual([]);
	});

	it('a failed subagent (no SubagentStop from Qwen) shows as failed with the reason; one cut off by SIGINT stays active until stale', () => {
		const failed = placeQwenFixture('failure');
		const [broken] = JSON.parse(run(failed, 'ls', '--json', failed.sessionId)) as Record<string, unknown>[];
		expect(broken).toMatchObject({provider: 'qwen', displayStatus: 'stopped'});
		expect(String(broken!.stopReason)).toMatch(/^stop-failure:Failed to run subagent: 400/u);
		expect(JSON.parse(run(failed, 'history', '--json'))).toMatchObject([{provider: 'qwen', status: 'failed'}]);
		const cut = placeQwenFixture('sigint');
		const [slow] = JSON.parse(run(cut, 'ls', '--json', cut.sessionId)) as Record<string, unknown>[];
		expect(slow).toMatchObject({provider: 'qwen', status: 'active', toolCounts: {run_shell_command: 1}});
	});
});

describe('agentlog import', () => {
	it("adds the Qwen subagents of a session the hook did not see, from Qwen's own files; one the hook saw is left alone", () => {
		const f = placeQwenFixture('subagents');
		expect(run(f, 'import')).toContain('2 agents recorded by the hook');
		expect((JSON.parse(run(f, 'history', '--json')) as Record<string, unknown>[]).every(h => h.source === 'hook')).toBe(true);
		rmSync(path.join(f.activity, f.sessionId), {recursive: true});
		run(f, 'import');
		const history = JSON.parse(run(f, 'history', '--json', '--provider', 'qwen')) as Record<string, unknown>[];
		expect(history).toHaveLength(2);
		for (const h of history) {
			expect(h).toMatchObject({provider: 'qwen', source: 'transcript', status: 'completed', type: 'general-purpose', model: 'qwen3-coder-fixture'});
			const script = scriptOf(h.description === 'List the folder' ? '[fixture:lister]' : '[fixture:pwd]');
			const want = servedTokens(f, script);
			expect(h.tokens).toBe(want.input + want.output + want.cacheRead);
		}
	});
});

describe('the watch model', () => {
	const saved = {HOME: process.env.HOME, QWEN_HOME: process.env.QWEN_HOME, QWEN_RUNTIME_DIR: process.env.QWEN_RUNTIME_DIR};
	afterEach(() => {
		for (const [key, value] of Object.entries(saved)) {
			if (value === undefined) {
				delete process.env[key];
			} else {
				process.env[key] = value;
			}
		}
	});

	it("holds each Qwen subagent with its transcript's facts, named with the [qwen] mark", async () => {
		const f = placeQwenFixture('background');
		process.env.HOME = f.home;
		delete process.env.QWEN_HOME;
		delete process.env.QWEN_RUNTIME_DIR;
		const {model} = await readSessionModel(f.activity, f.sessionId, {staleMs: 5 * 60_000, dedup: true, showGhosts: false, showAll: true});
		expect(model.items).toHaveLength(1);
		const item = model.items[0]!;
		expect(item.agent.provider).toBe('qwen');
		expect(agentName(item)).toBe('[qwen] general-purpose');
		expect(item.model).toBe('qwen3-coder-fixture');
		expect(item.activity?.summary.toolCounts).toEqual({run_shell_command: 1});
		expect(item.report).toMatch(/Background report/u);
	});
});
