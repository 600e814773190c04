// Every view prices a Codex child as it prices a Claude agent, and they agree: the rollouts the real
// Codex CLI 0.169.0 wrote (test/fixtures/codex) are copied into a fresh CODEX_HOME, their children
// put into the history by `import` (every scenario) and by the hook on Codex's own payloads (two),
// then `ls --json`, `sessions --json --cost`, `history --json`, `export` (JSON Lines and CSV),
// `report --json`, `stats --json --agent` (the built CLI) and the OTLP spans (the same history read
// in-process) are compared per child on tokens, cost and tool calls, with each other and with what
// the rollout's token_count lines say, priced by hand (test/helpers/codex-usage.ts); `ls` also on
// its last request's tokens and how full its context was.
import {spawnSync} from 'node:child_process';
import {cpSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {LIST_PRICES} from '../../../src/core/cost/price.js';
import {agentSpan} from '../../../src/core/otlp/agent-spans.js';
import {readHistories} from '../../../src/store/history/histories.js';
import {TranscriptFacts} from '../../../src/store/history/transcript-facts.js';
import {rolloutRequests} from '../../helpers/codex-usage.js';
import {hookEnv, installedHook, runHook} from '../../helpers/hook.js';
import {tempDir} from '../../helpers/tmp.js';

const base = path.resolve(import.meta.dirname, '..', '..', 'fixtures', 'codex');
const cli = path.resolve(import.meta.dirname, '..', '..', '..', 'bin', 'agentlog.js');
/** An hour after the fixtures were made: every child has finished. */
const NOW = Date.parse('2026-11-24T07:00:00.000Z');

interface Thread {
	readonly script: string;
	readonly id: string;
	readonly depth: number;
	readonly file: string;
}

const manifest = JSON.parse(readFileSync(path.join(base, 'manifest.json'), 'utf8')) as {scenarios: Record<string, {root: string; threads: Thread[]}>};

interface Folders {
	readonly root: string;
	readonly codexHome: string;
	readonly activity: string;
}

function copyScenario(name: string): Folders {
	const root = tempDir(`codex-cost-${name}-`);
	const codexHome = path.join(root, 'codex');
	cpSync(path.join(base, name, 'sessions'), path.join(codexHome, 'sessions'), {recursive: true});
	return {root, codexHome, activity: path.join(root, 'activity')};
}

function run(f: Folders, args: string[]): string {
	const r = spawnSync(process.execPath, [cli, ...args], {
		env: {
			...process.env,
			HOME: path.join(f.root, 'home'),
			CLAUDE_CONFIG_DIR: path.join(f.root, 'claude'),
			CODEX_HOME: f.codexHome,
			AGENTLOG_DIR: f.activity,
			XDG_STATE_HOME: path.join(f.root, 'state'),
			XDG_CONFIG_HOME: path.join(f.root, 'config'),
			AGENTLOG_NOW: new Date(NOW).toISOString(),
			NO_COLOR: '1',
		},
		encoding: 'utf8',
		timeout: 30_000,
	});
	expect(r.status, r.stderr).toBe(0);
	expect(r.stderr).toBe('');
	return r.stdout;
}

/** The hook run on the scenario's SubagentStart/Stop payloads, their rollout paths moved to the copy. */
function hookScenario(name: string, f: Folders): void {
	const launcher = installedHook();
	for (const line of readFileSync(path.join(base, name, 'hook-payloads.jsonl'), 'utf8').split('\n')) {
		if (line === '' || !/"hook_event_name":"Subagent(Start|Stop)"/.test(line)) continue;
		const moved = line.replace(/\/tmp\/codex-fixtures-[A-Za-z0-9]+\/[^/]+\/codex-home/g, f.codexHome);
		expect(runHook(launcher, moved, hookEnv(f.activity)).status).toBe(0);
	}
}

type Row = Record<string, unknown>;
type JsonCost = {usd: number | null; pricesAsOf: string; estimated: true; unpricedResponses: number} | null;

interface Said {
	readonly tokens: unknown;
	readonly cost: unknown;
	readonly toolCalls: unknown;
}

const byId = (rows: Row[]): Map<string, Row> => new Map(rows.map(r => [r.agentId as string, r]));
const round = (usd: number): number => Math.round(usd * 1e6) / 1e6;

function checkViews(name: string, f: Folders): void {
	const {root: sessionId, threads} = manifest.scenarios[name]!;
	const children = threads.filter(t => t.depth > 0);
	const ls = byId(JSON.parse(run(f, ['ls', '--json', sessionId])) as Row[]);
	const history = byId(JSON.parse(run(f, ['history', '--json'])) as Row[]);
	const exported = byId(
		run(f, ['export'])
			.trimEnd()
			.split('\n')
			.map(line => JSON.parse(line) as Row),
	);
	const csv = run(f, ['export', '--format', 'csv']).trimEnd().split('\n');
	const header = csv[0]!.split(',');
	const csvRows = byId(csv.slice(1).map(line => Object.fromEntries(line.split(',').map((v, i) => [header[i]!, v]))));
	const report = byId((JSON.parse(run(f, ['report', '--json', sessionId])) as {agents: Row[]}).agents);
	const read = readHistories(f.activity, {
		vars: process.env,
		now: NOW,
		transcripts: new TranscriptFacts({claudeDir: path.join(f.root, 'claude'), cacheDir: path.join(f.root, 'state-otlp'), codexHome: f.codexHome}),
	});
	const spans = new Map(read.agents.map(h => [h.agentId, Object.fromEntries(agentSpan(h, {now: NOW}).attributes.map(a => [a.key, a.value.value]))]));
	const lsCosts: JsonCost[] = [];
	for (const child of children) {
		const who = `${name}/${child.script}`;
		const truth = rolloutRequests(path.join(f.codexHome, child.file));
		const cost = {
			usd: truth.unpriced === truth.requests ? null : round(truth.usd),
			pricesAsOf: LIST_PRICES.asOf,
			estimated: true,
			unpricedResponses: truth.unpriced,
		};
		const lsRow = ls.get(child.id)!;
		expect(lsRow, `${who}: ls --json`).toBeDefined();
		lsCosts.push(lsRow.cost as JsonCost);
		const want: Said = {tokens: truth.total.total_tokens, cost, toolCalls: lsRow.toolCallCount};
		const views: Record<string, Said> = {
			ls: {tokens: lsRow.tokensTotal, cost: lsRow.cost, toolCalls: lsRow.toolCallCount},
			history: {tokens: history.get(child.id)?.tokens, cost: history.get(child.id)?.cost, toolCalls: history.get(child.id)?.toolCalls},
			export: {tokens: exported.get(child.id)?.tokens, cost: exported.get(child.id)?.cost, toolCalls: exported.get(child.id)?.toolCalls},
			report: {tokens: report.get(child.id)?.tokens, cost: report.get(child.id)?.cost, toolCalls: report.get(child.id)?.toolCalls},
		};
		for (const [view, said] of Object.entries(views)) {
			expect(said, `${who}: ${view}`).toEqual(want);
		}
		const row = csvRows.get(child.id)!;
		expect([row.tokens, row.costUsd, row.costUnpricedResponses, row.pricesAsOf], `${who}: export --format csv`).toEqual([
			String(truth.total.total_tokens),
			cost.usd === null ? '' : String(cost.usd),
			String(truth.unpriced),
			LIST_PRICES.asOf,
		]);
		// Its last request (a Claude Agent result's totalTokens is the last request's) and how full its context was.
		expect((lsRow.result as {lastRequestTokens: unknown}).lastRequestTokens, `${who}: ls lastRequestTokens`).toBe(truth.last.tokens);
		expect(lsRow.contextUsed, `${who}: ls contextUsed`).toEqual({
			tokens: truth.last.input,
			window: truth.last.window,
			percent: Math.round((truth.last.input / truth.last.window) * 1000) / 10,
		});
		const usage = history.get(child.id)!.usage;
		expect(usage, `${who}: history usage`).toEqual(lsRow.tokens);
		expect(usage, `${who}: history usage`).toEqual({
			input: truth.total.input_tokens - truth.total.cached_input_tokens,
			output: truth.total.output_tokens,
			cacheRead: truth.total.cached_input_tokens,
			cacheCreation: 0,
		});
		const stats = JSON.parse(run(f, ['stats', '--json', '--agent', child.id])) as {
			byType: Record<string, {tokens: number | null; costUsd: number | null; unpricedResponses: number; toolCalls: number | null}>;
			cost: JsonCost;
		};
		expect(Object.values(stats.byType), `${who}: stats`).toEqual([
			expect.objectContaining({tokens: truth.total.total_tokens, costUsd: cost.usd, unpricedResponses: truth.unpriced, toolCalls: want.toolCalls}),
		]);
		expect(stats.cost, `${who}: stats`).toEqual(cost);
		const span = spans.get(child.id)!;
		expect({tokens: span['agentlog.total_tokens'], usd: span['agentlog.cost_usd'] ?? null, asOf: span['agentlog.prices_as_of']}, `${who}: OTLP span`).toEqual({
			tokens: truth.total.total_tokens,
			usd: cost.usd,
			asOf: LIST_PRICES.asOf,
		});
	}
	// The session's cost in `sessions --json --cost` is the sum of what ls gives its children.
	const session = (JSON.parse(run(f, ['sessions', '--json', '--cost'])) as Row[]).find(r => r.id === sessionId);
	const usd = lsCosts.flatMap(c => (c?.usd === null || c === null ? [] : [c.usd]));
	expect(session?.cost, `${name}: sessions --json --cost`).toEqual({
		usd: usd.length === 0 ? null : round(usd.reduce((a, b) => a + b, 0)),
		pricesAsOf: LIST_PRICES.asOf,
		estimated: true,
		unpricedResponses: lsCosts.reduce((n, c) => n + (c?.unpricedResponses ?? 0), 0),
	});
}

const names = Object.keys(manifest.scenarios).sort();

describe('every view gives a Codex child the same cost, its requests priced one by one', () => {
	it.each(names)('%s, imported', name => {
		const f = copyScenario(name);
		expect(run(f, ['import'])).toMatch(/^imported \d+ agents? /);
		checkViews(name, f);
	});

	it.each(['second-task', 'v1'])('%s, recorded by the hook', name => {
		const f = copyScenario(name);
		hookScenario(name, f);
		checkViews(name, f);
	});
});
