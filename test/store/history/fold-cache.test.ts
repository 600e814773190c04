// The session-folds cache (store/history/fold-cache.ts): `history --json` and `stats --json` print
// byte for byte what the log itself gives, on the real Claude Code fixtures and on generated
// sessions; an appended log line, a changed transcript and a changed workflow run are seen; a
// corrupt, hostile, missing or unwritable cache gives the same answer.
import {appendFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync, existsSync, utimesSync, rmSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it, vi} from 'vitest';
import {formatEventLine, type EventLine} from '../../../src/core/record/event-line.js';
import {newLineTally} from '../../../src/core/history/stats.js';
import {ALL_PROVIDERS} from '../../../src/core/record/provider.js';
import {EVENT_LOG_NAME} from '../../../src/store/history/event-log.js';
import {SessionFoldCache} from '../../../src/store/history/fold-cache.js';
import {readHistories} from '../../../src/store/history/histories.js';
import {runMain} from '../../helpers/run-main.js';
import {fixtureScenarios, placeFixtureEnv, restoreFixtureEnv, type PlacedFixtureEnv} from '../../helpers/fixture-env.js';
import {tempDir} from '../../helpers/tmp.js';

// The JSON printed to fd 1 is taken where runMain takes the rest of stdout.
vi.mock('../../../src/cli/shared/json-output.js', async importOriginal => (await import('../../helpers/json-stdout.js')).jsonToStdout(importOriginal));

const scenarios = fixtureScenarios;
/** The runs ended by SIGKILL: an agent never stopped. */
const KILLED = new Set(['sigkill', 'workflow-kill']);
restoreFixtureEnv();

/** The scenario copied into a fresh folder, its recorded paths pointing there; the environment pointed at it. */
const place = (name: string): PlacedFixtureEnv => placeFixtureEnv(name, 'folds-fx-');

/** `history --json` and `stats --json` as printed, with the state folder `state`. */
async function both(state: string): Promise<string> {
	process.env.XDG_STATE_HOME = state;
	const history = await runMain('history', '--json');
	const stats = await runMain('stats', '--json');
	expect(history.code, history.stderr).toBe(0);
	expect(stats.code, stats.stderr).toBe(0);
	return `${history.stdout}\n${stats.stdout}`;
}

/** What a query with no cache at all prints (a state folder never used). */
const uncached = (root: string): Promise<string> => both(path.join(root, `fresh-${Math.random().toString(36).slice(2)}`));
const foldsOf = (state: string): string => path.join(state, 'agentlog', 'session-folds');

describe('history and stats from the session-folds cache', () => {
	for (const name of scenarios) {
		it(`${name}: print byte for byte what the log gives`, async () => {
			const {root, state} = place(name);
			const first = await both(state);
			const second = await both(state);
			expect(second).toBe(first);
			expect(await uncached(root)).toBe(first);
			// A session whose agents all ended is kept; one with an agent that never stopped (stale by the clock) is not.
			const files = existsSync(foldsOf(state)) ? readdirSync(foldsOf(state)) : [];
			expect(files.length > 0).toBe(!KILLED.has(name));
			for (const file of files) {
				// What is kept is what is printed: a value changed in the file is printed (a check that the second run read it).
				const kept = path.join(foldsOf(state), file);
				const text = readFileSync(kept, 'utf8');
				writeFileSync(kept, text.replace('"stopReason":"', '"stopReason":"planted-'));
				expect(await both(state)).toContain('planted-');
				writeFileSync(kept, text);
			}
		});
	}

	it('sees a line appended to the log', async () => {
		const {root, state, sessionDir} = place('foreground');
		const before = await both(state);
		const sessionId = path.basename(sessionDir);
		const line = (at: string, event: string): EventLine => ({v: 1, at, event, sessionId, agentId: 'a0123456789abcdef', type: 'Explore'});
		appendFileSync(
			path.join(sessionDir, EVENT_LOG_NAME),
			formatEventLine(line('2026-11-26T09:30:00.000Z', 'SubagentStart')) + formatEventLine(line('2026-11-26T09:30:05.000Z', 'SubagentStop')),
		);
		const after = await both(state);
		expect(after).not.toBe(before);
		expect(after).toContain('a0123456789abcdef');
		expect(after).toBe(await uncached(root));
	});

	it('sees a transcript that changed, the log unchanged', async () => {
		const {root, state} = place('foreground');
		const before = await both(state);
		const transcript = readdirSync(path.join(root, 'claude'), {recursive: true, encoding: 'utf8'}).find(f => /agent-a[0-9a-f]+\.jsonl$/u.test(f))!;
		const file = path.join(root, 'claude', transcript);
		const last = readFileSync(file, 'utf8')
			.trimEnd()
			.split('\n')
			.findLast(l => l.includes('"usage"'))!;
		appendFileSync(file, `${last.replace(/"id":"msg_[^"]+"/u, '"id":"msg_appended"').replace(/"output_tokens":\d+/u, '"output_tokens":777')}\n`);
		const after = await both(state);
		expect(after).not.toBe(before);
		expect(after).toBe(await uncached(root));
	});

	it('sees a workflow run file that changed, the log unchanged', async () => {
		const {root, state} = place('workflow');
		const before = await both(state);
		const run = readdirSync(path.join(root, 'claude'), {recursive: true, encoding: 'utf8'}).find(f => /workflows\/wf_[^/]+\.json$/u.test(f))!;
		const file = path.join(root, 'claude', run);
		writeFileSync(file, readFileSync(file, 'utf8').replaceAll('"label":"count-files"', '"label":"count-renamed"'));
		const after = await both(state);
		expect(after).not.toBe(before);
		expect(after).toContain('count-renamed');
		expect(after).toBe(await uncached(root));
	});

	it('gives the same answer with a corrupt, hostile, missing or unwritable cache', async () => {
		const {root, state} = place('workflow');
		const truth = await uncached(root);
		expect(await both(state)).toBe(truth);
		const dir = foldsOf(state);
		const [name] = readdirSync(dir);
		const file = path.join(dir, name!);
		const good = readFileSync(file, 'utf8');
		writeFileSync(file, good.slice(0, good.length / 2));
		expect(await both(state)).toBe(truth);
		// Values no fold makes, in a file that is otherwise right: an id that is a path, a status there is none of, a count that is not one.
		const kept = JSON.parse(good) as {agents: Record<string, unknown>[]};
		for (const [field, value] of [
			['agentId', '../../etc'],
			['status', 'bogus'],
			['resumeCount', -1],
			['lifecycle', [{kind: 'spawned', at: 'not a time'}]],
			['git', {head: 42}],
		] as const) {
			const bad = {...kept, agents: kept.agents.map((a, i) => (i === 0 ? {...a, [field]: value} : a))};
			writeFileSync(file, JSON.stringify(bad));
			expect(await both(state), field).toBe(truth);
		}
		rmSync(dir, {recursive: true});
		expect(await both(state)).toBe(truth);
		// Unwritable: a file where its folder should be.
		rmSync(dir, {recursive: true, force: true});
		writeFileSync(dir, '');
		expect(await both(state)).toBe(truth);
		expect(await both(state)).toBe(truth);
	});
});

describe('readHistories with the session-folds cache, generated sessions', () => {
	const T0 = Date.parse('2026-03-01T12:00:00.000Z');
	const at = (ms: number): string => new Date(T0 + ms).toISOString();

	/** Sessions of agents started, stopped, failed, idled, resumed and ended by SessionEnd, some lines a few ms out of order. */
	function generate(activity: string, sessions: number): void {
		for (let s = 0; s < sessions; s++) {
			const sessionId = `s${s}`;
			const lines: EventLine[] = [{v: 1, at: at(s * 1000), event: 'SessionStart', sessionId}];
			for (let a = 0; a < 30; a++) {
				const agentId = `a${s}x${a}`;
				const t = s * 1000 + a * 37;
				const agent = (ms: number, event: string, extra: Partial<EventLine> = {}): EventLine => ({
					v: 1,
					at: at(ms),
					event,
					sessionId,
					agentId,
					type: a % 3 === 0 ? 'Explore' : 'general-purpose',
					...extra,
				});
				lines.push(agent(t, 'SubagentStart', {git: {head: `h${a}`, branch: 'main'}}));
				if (a % 7 === 0) {
					lines.push(agent(t + 5, 'TeammateIdle'));
				} else if (a % 5 === 0) {
					lines.push(agent(t + 9, 'StopFailure', {data: {error: 'rate_limit'}}));
				} else if (a % 4 !== 0) {
					lines.push(agent(t + 11, 'SubagentStop', {git: {head: `h${a}b`}}));
					if (a % 6 === 1) {
						lines.push(agent(t + 20_000, 'SubagentStart'), agent(t + 20_050, 'SubagentStop'));
					}
				}
			}
			lines.push({v: 1, at: at(s * 1000 + 40_000), event: 'SessionEnd', sessionId, data: {reason: 'exit'}});
			// Out of order within the reorder window, and one line twice.
			[lines[3], lines[4]] = [lines[4]!, lines[3]!];
			lines.push(lines[2]!);
			mkdirSync(path.join(activity, sessionId), {recursive: true});
			writeFileSync(path.join(activity, sessionId, EVENT_LOG_NAME), lines.map(formatEventLine).join(''));
		}
	}

	it('gives the agents and the tally the log gives, from the second query on without folding', () => {
		const activity = tempDir('folds-gen-');
		generate(activity, 12);
		const dir = tempDir('folds-cache-');
		const cache = new SessionFoldCache(dir, undefined);
		const read = (foldCache: SessionFoldCache | false) => {
			const tally = newLineTally();
			const agents = readHistories(activity, {vars: process.env, now: T0 + 3_600_000, transcripts: false, foldCache, tally}).agents;
			return JSON.stringify({agents, tally: {...tally, sessions: [...tally.sessions], byEvent: [...tally.byEvent]}});
		};
		const truth = read(false);
		expect(read(cache)).toBe(truth);
		const loads = vi.spyOn(cache, 'load');
		expect(read(cache)).toBe(truth);
		expect(loads.mock.results.filter(r => r.value !== undefined)).toHaveLength(12);
		// An agent still running depends on the clock: its session is folded again every time.
		appendFileSync(
			path.join(activity, 's3', EVENT_LOG_NAME),
			formatEventLine({v: 1, at: at(50_000), event: 'SubagentStart', sessionId: 's3', agentId: 'late'}),
		);
		const changed = read(false);
		expect(changed).not.toBe(truth);
		expect(read(cache)).toBe(changed);
		loads.mockClear();
		expect(read(cache)).toBe(changed);
		expect(loads.mock.results.filter(r => r.value !== undefined)).toHaveLength(11);
		// A session gone: its file is swept.
		rmSync(path.join(activity, 's5'), {recursive: true});
		read(cache);
		expect(existsSync(path.join(dir, 's5.json'))).toBe(false);
		utimesSync(path.join(activity, 's1', EVENT_LOG_NAME), new Date(), new Date());
		expect(read(cache)).toBe(read(false));
	});
	it("keeps the fold of every tool's sessions: Codex, Gemini CLI, Qwen Code and opencode agents too", () => {
		const activity = tempDir('folds-providers-');
		for (const provider of ALL_PROVIDERS) {
			const sessionId = `s-${provider}`;
			const line: EventLine = {
				v: 1,
				at: at(5000),
				event: 'Imported',
				sessionId,
				agentId: `a-${provider}`,
				type: 'general',
				state: 'stopped',
				data: {source: 'transcript', startedAt: at(1000), stoppedAt: at(5000), toolCalls: 1, files: []},
				...(provider === 'claude' ? {} : {provider}),
			};
			mkdirSync(path.join(activity, sessionId), {recursive: true});
			writeFileSync(path.join(activity, sessionId, EVENT_LOG_NAME), formatEventLine(line));
		}
		const cache = new SessionFoldCache(tempDir('folds-cache-'), undefined);
		const read = () => readHistories(activity, {vars: process.env, now: T0 + 3_600_000, transcripts: false, foldCache: cache, tally: newLineTally()}).agents;
		const truth = read();
		expect(truth.map(a => a.provider).sort()).toEqual([...ALL_PROVIDERS].sort());
		const loads = vi.spyOn(cache, 'load');
		expect(read()).toEqual(truth);
		expect(loads.mock.results.filter(r => r.value !== undefined)).toHaveLength(ALL_PROVIDERS.length);
	});
});
