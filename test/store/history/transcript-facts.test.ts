// The past keeps each agent's transcript facts in a cache in the state folder: read once, then
// taken from the cache while the file is the same one (inode, size, write time), kept when the
// transcript is gone, and the same answer without a cache, with a corrupt one, or one that cannot
// be written.
import {existsSync, mkdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {formatEventLine, type EventLine} from '../../../src/core/record/event-line.js';
import {readHistories} from '../../../src/store/history/histories.js';
import {projectFolderOf, TranscriptFacts} from '../../../src/store/history/transcript-facts.js';
import {foldSessionLog} from '../../../src/store/history/session-fold.js';
import {promptLine, textLine, toolResultLine, toolUseLine} from '../../helpers/transcript-lines.js';
import {tempDir} from '../../helpers/tmp.js';
import type {Pricer} from '../../../src/core/cost/cost.js';
import {LIST_PRICES} from '../../../src/core/cost/price.js';
import {parseUserPrices, withUserPrices} from '../../../src/core/cost/user-prices.js';

const SESSION = '7a0b3c4d-0000-4000-8000-000000000001';
const T0 = Date.parse('2026-05-01T10:00:00Z');
const at = (s: number) => new Date(T0 + s * 1000).toISOString();
const usage = (n: number) => ({input_tokens: n, output_tokens: n, cache_read_input_tokens: n, cache_creation_input_tokens: n});

interface Setup {
	readonly activity: string;
	readonly claude: string;
	readonly cache: string;
	readonly transcript: string;
}

/** One agent that ran and stopped (its PostToolUse says totalTokens 99: the last request's), and its transcript: 2 responses, 2 tool calls, 12 tokens. */
function setup(options: {readonly pathInLog?: boolean} = {}): Setup {
	const root = tempDir('facts-');
	const activity = path.join(root, 'activity');
	const claude = path.join(root, 'claude');
	const cwd = '/home/dev/shop';
	const transcript = path.join(claude, 'projects', projectFolderOf(cwd), SESSION, 'subagents', 'agent-a1.jsonl');
	mkdirSync(path.dirname(transcript), {recursive: true});
	writeFileSync(
		transcript,
		[
			promptLine('Find the routes.', {timestamp: at(0)}),
			toolUseLine('t1', 'Grep', {pattern: 'x'}, {messageId: 'm1', usage: usage(1), timestamp: at(1)}),
			toolUseLine('t2', 'Read', {file_path: '/a'}, {messageId: 'm1', usage: usage(1), timestamp: at(1)}),
			toolResultLine('t1', 'a', {timestamp: at(2)}),
			textLine('Four routes.', {messageId: 'm2', usage: usage(2), stopReason: 'end_turn', timestamp: at(3)}),
			'',
		].join('\n'),
	);
	writeFileSync(
		transcript.replace(/\.jsonl$/u, '.meta.json'),
		JSON.stringify({agentType: 'Explore', description: 'Map the routes', model: 'claude-haiku-4-5'}),
	);
	const lines: EventLine[] = [
		{
			v: 1,
			at: at(0),
			event: 'SubagentStart',
			sessionId: SESSION,
			agentId: 'a1',
			type: 'Explore',
			state: 'active',
			cwd,
			...(options.pathInLog === false ? {} : {data: {agentTranscriptPath: transcript}}),
		},
		{v: 1, at: at(4), event: 'SubagentStop', sessionId: SESSION, agentId: 'a1', type: 'Explore', state: 'stopped', cwd},
		{
			v: 1,
			at: at(4),
			event: 'PostToolUse',
			sessionId: SESSION,
			agentId: 'a1',
			state: 'stopped',
			data: {status: 'completed', totalTokens: 99, totalToolUseCount: 2},
		},
	];
	mkdirSync(path.join(activity, SESSION), {recursive: true});
	writeFileSync(path.join(activity, SESSION, 'events.jsonl'), lines.map(formatEventLine).join(''));
	return {activity, claude, cache: path.join(root, 'state', 'transcript-facts'), transcript};
}

const now = T0 + 3_600_000;

/** The figures `history` gives the agent; `cacheDir` null: no cache. */
function figures(s: Setup, cacheDir: string | null = s.cache) {
	const [h] = readHistories(s.activity, {
		vars: process.env,
		now,
		transcripts: new TranscriptFacts({claudeDir: s.claude, ...(cacheDir === null ? {} : {cacheDir})}),
	}).agents;
	return {tokens: h?.tokens, usage: h?.usage, toolCalls: h?.toolCalls, model: h?.model, description: h?.description, lastRequestTokens: h?.lastRequestTokens};
}

const EXPECTED = {
	tokens: 12,
	usage: {input: 3, output: 3, cacheRead: 3, cacheCreation: 3},
	toolCalls: 2,
	model: 'claude-sonnet-4-5-20250929',
	description: 'Map the routes',
	lastRequestTokens: 99,
};

describe('the transcript facts the past keeps', () => {
	it('joins each agent with its transcript (the path the log names) and .meta.json', () => {
		expect(figures(setup())).toEqual(EXPECTED);
	});

	it(".meta.json's strings are kept exact, as the log's are (a printer makes them safe)", () => {
		// A cut-off agent: no PostToolUse brought its description, only .meta.json has it (real Claude Code 2.1.328, hostile scenario).
		const s = setup();
		const description = 'Copy \u001b]52;c;ZXZpbA==\u0007 \u202eevil\u202c \u009b31m';
		writeFileSync(s.transcript.replace(/\.jsonl$/u, '.meta.json'), JSON.stringify({agentType: 'Explore', description, name: 'scout\u001b[2J'}));
		const read = () =>
			readHistories(s.activity, {vars: process.env, now, transcripts: new TranscriptFacts({claudeDir: s.claude, cacheDir: s.cache})}).agents[0];
		expect(read()).toMatchObject({description, name: 'scout\u001b[2J'});
		// And so from the cache.
		expect(read()).toMatchObject({description, name: 'scout\u001b[2J'});
	});

	it('finds the transcript where Claude Code puts it for the folder the agent ran in when the log names none', () => {
		expect(figures(setup({pathInLog: false}))).toEqual(EXPECTED);
	});

	it('reads a transcript once: the same file (inode, size, write time) is taken from the cache', () => {
		const s = setup();
		const then = T0 / 1000;
		utimesSync(s.transcript, then, then);
		figures(s);
		expect(existsSync(path.join(s.cache, `${SESSION}.json`))).toBe(true);
		// The same number of bytes rewritten in place with its old time: the cache answers, the file is not read.
		const ino = statSync(s.transcript).ino;
		writeFileSync(s.transcript, readFileSync(s.transcript, 'utf8').replaceAll('"output_tokens":2', '"output_tokens":7'));
		utimesSync(s.transcript, then, then);
		expect(statSync(s.transcript).ino).toBe(ino);
		expect(figures(s).tokens).toBe(12);
		// A new write time: read again.
		utimesSync(s.transcript, new Date(), new Date());
		expect(figures(s).tokens).toBe(17);
	});

	it('prices each response as it reads; the cache names the prices, and other prices read the transcript again', () => {
		const s = setup();
		const cost = (pricer?: Pricer) =>
			readHistories(s.activity, {
				vars: process.env,
				now,
				transcripts: new TranscriptFacts({claudeDir: s.claude, cacheDir: s.cache, ...(pricer === undefined ? {} : {pricer})}),
			}).agents[0]?.cost;
		// Sonnet 4.5 at list prices: m1 (1 in, 1 out, 1 cache read, 1 cache write) and m2 (2 of each).
		const list = (3 * 3 + 3 * 15 + 3 * 0.3 + 3 * 3.75) / 1e6;
		expect(cost(LIST_PRICES)?.usd).toBeCloseTo(list, 12);
		expect(cost(LIST_PRICES)).toMatchObject({priced: 2, unpriced: 0, asOf: LIST_PRICES.asOf});
		const user = parseUserPrices(JSON.stringify({models: {'claude-sonnet': {input: 100, output: 100}}}));
		const mine = withUserPrices(LIST_PRICES, user.ok ? user.value : new Map(), 'mine');
		expect(cost(mine)?.usd).toBeCloseTo((12 * 100) / 1e6, 12);
		expect((JSON.parse(readFileSync(path.join(s.cache, `${SESSION}.json`), 'utf8')) as {prices: string}).prices).toBe(mine.key);
		expect(cost(LIST_PRICES)?.usd).toBeCloseTo(list, 12);
	});

	it('leaves the cache as it is when nothing changed, also for a workflow agent whose file is not where the log says', () => {
		const s = setup();
		// A workflow agent's transcript sits in subagents/workflows/wf_<run>/, not where the log's path points.
		const moved = path.join(path.dirname(s.transcript), 'workflows', 'wf_ab12-3', path.basename(s.transcript));
		mkdirSync(path.dirname(moved), {recursive: true});
		writeFileSync(moved, readFileSync(s.transcript));
		rmSync(s.transcript);
		expect(figures(s).tokens).toBe(12);
		const cacheFile = path.join(s.cache, `${SESSION}.json`);
		const first = statSync(cacheFile);
		expect(figures(s).tokens).toBe(12);
		const second = statSync(cacheFile);
		// Not written again (a write replaces the file: another inode).
		expect({ino: second.ino, mtimeMs: second.mtimeMs}).toEqual({ino: first.ino, mtimeMs: first.mtimeMs});
	});

	it('keeps the facts of a transcript that is gone', () => {
		const s = setup();
		figures(s);
		rmSync(s.transcript);
		rmSync(s.transcript.replace(/\.jsonl$/u, '.meta.json'));
		expect(figures(s)).toEqual(EXPECTED);
		// Without a cache, a gone transcript leaves only what the log says.
		expect(figures(s, null)).toEqual({tokens: undefined, usage: undefined, toolCalls: 2, model: undefined, description: undefined, lastRequestTokens: 99});
	});

	it('gives the same answer with no cache, a corrupt cache, or one that cannot be written', () => {
		const s = setup();
		expect(figures(s, null)).toEqual(EXPECTED);
		mkdirSync(s.cache, {recursive: true});
		writeFileSync(path.join(s.cache, `${SESSION}.json`), '{"v":1,"agents":{"a1":{"path":1}}');
		expect(figures(s)).toEqual(EXPECTED);
		writeFileSync(
			path.join(s.cache, `${SESSION}.json`),
			JSON.stringify({v: 1, agents: {a1: {path: s.transcript, ino: 1, size: 2, mtimeMs: 3, tally: {segments: 'x'}}}}),
		);
		expect(figures(s)).toEqual(EXPECTED);
		// The cache folder is a file: nothing can be written there.
		const blocked = path.join(path.dirname(s.cache), 'blocked');
		writeFileSync(blocked, 'not a folder');
		expect(figures(s, blocked)).toEqual(EXPECTED);
		expect(readFileSync(blocked, 'utf8')).toBe('not a folder');
	});

	it('checks every value of a cache row as it reads it: a row no fold would make is not used', () => {
		const s = setup();
		expect(figures(s)).toEqual(EXPECTED);
		const file = path.join(s.cache, `${SESSION}.json`);
		const cache = JSON.parse(readFileSync(file, 'utf8')) as {agents: unknown[][]};
		const row = cache.agents[0]!;
		const tally = row[6] as unknown[];
		// Another answer kept for the same file (its inode, size and time unchanged): taken as it is.
		const kept = (edit: (tally: unknown[], meta: unknown[]) => void) => {
			const t = [...tally];
			const m = [...(row[7] as unknown[])];
			edit(t, m);
			writeFileSync(file, JSON.stringify({...cache, agents: [[...row.slice(0, 6), t, m]]}));
			return figures(s);
		};
		expect(kept(t => (t[5] = 500)).tokens).toBe(500 + 3 + 3 + 3);
		// A count that is no count, a cost that is no number, a segment cut short: the row is dropped, the transcript read again.
		expect(kept(t => (t[5] = -1))).toEqual(EXPECTED);
		expect(kept(t => (t[9] = 'x'))).toEqual(EXPECTED);
		expect(kept(t => t.pop())).toEqual(EXPECTED);
		// The tally's strings are made safe again as they are read; .meta.json's are kept exact, as the log's are.
		expect(kept((t, m) => ((t[0] = 'evil\u001b[31m'), (m[0] = 'Map\u202e the routes'))).description).toBe('Map\u202e the routes');
		expect(kept(t => (t[0] = 'evil\u001b[31m')).model).toBe('evil␛[31m');
	});

	it('never opens a transcript outside <claude>/projects', () => {
		const s = setup();
		const outside = path.join(path.dirname(s.claude), 'elsewhere.jsonl');
		writeFileSync(outside, readFileSync(s.transcript));
		const log = path.join(s.activity, SESSION, 'events.jsonl');
		writeFileSync(log, readFileSync(log, 'utf8').replace(JSON.stringify(s.transcript), JSON.stringify(outside)));
		rmSync(s.transcript);
		expect(figures(s, null).tokens).toBeUndefined();
	});

	it('the log alone when asked (transcripts: false), and chain/OTLP folds join them when given', () => {
		const s = setup();
		const [plain] = readHistories(s.activity, {vars: process.env, now, transcripts: false}).agents;
		expect(plain).toMatchObject({lastRequestTokens: 99, toolCalls: 2});
		expect(plain?.tokens).toBeUndefined();
		const [joined] = foldSessionLog(path.join(s.activity, SESSION), {now, sessionId: SESSION, transcripts: new TranscriptFacts({claudeDir: s.claude})}).agents;
		expect(joined).toMatchObject({tokens: 12, toolCalls: 2, description: 'Map the routes'});
	});

	it('forgets the cache of a session no longer in the activity folder', () => {
		const s = setup();
		figures(s);
		writeFileSync(path.join(s.cache, 'gone-session.json'), '{}');
		figures(s);
		expect(existsSync(path.join(s.cache, 'gone-session.json'))).toBe(false);
		expect(existsSync(path.join(s.cache, `${SESSION}.json`))).toBe(true);
	});
});
