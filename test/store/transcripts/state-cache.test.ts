// The transcript-states cache (store/transcripts/state-cache.ts): `ls --json`, `report --json`,
// `report`, `timeline` and `sessions --json --cost` print byte for byte the same with no cache, a
// cold one and a warm one, on every real Claude Code fixture; what is kept is what is printed (a
// value planted in the file shows); an appended transcript line, a changed `.meta.json` and a
// changed parent transcript are each seen; a corrupt, hostile, oversized, missing or unwritable
// cache gives the same answer; time travel never reads it.
import {appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it, vi} from 'vitest';
import {readAgentActivities} from '../../../src/store/transcripts/read-once.js';
import {MAX_STATE_CACHE_BYTES, TranscriptStateCache} from '../../../src/store/transcripts/state-cache.js';
import {prices} from '../../../src/store/cost/prices.js';
import {runMain} from '../../helpers/run-main.js';
import {fixtureManifest, fixtureScenarios, placeFixtureEnv, restoreFixtureEnv, type PlacedFixtureEnv} from '../../helpers/fixture-env.js';

// The JSON printed to fd 1 is taken where runMain takes the rest of stdout.
vi.mock('../../../src/cli/shared/json-output.js', async importOriginal => (await import('../../helpers/json-stdout.js')).jsonToStdout(importOriginal));

const scenarios = fixtureScenarios;
restoreFixtureEnv();

/** The scenario copied into a fresh folder, its recorded paths pointing there; the environment pointed at it. */
const place = (name: string): PlacedFixtureEnv => placeFixtureEnv(name, 'states-fx-');

const COMMANDS = [['ls', '--json'], ['report', '--json'], ['report'], ['timeline']] as const;

/** What the four commands print for the session, with the state folder `state`. */
async function views(p: PlacedFixtureEnv, state: string): Promise<string> {
	process.env.XDG_STATE_HOME = state;
	const out: string[] = [];
	for (const args of COMMANDS) {
		const r = await runMain(...args, p.sessionId);
		expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
		out.push(`== ${args.join(' ')}\n${r.stdout}`);
	}
	const sessions = await runMain('sessions', '--json', '--cost');
	expect(sessions.code, sessions.stderr).toBe(0);
	out.push(`== sessions --json --cost\n${sessions.stdout}`);
	return out.join('\n');
}

/** With no cache at all: a state folder that cannot be made (a file where its parent should be). */
function noCache(p: PlacedFixtureEnv): Promise<string> {
	const blocker = path.join(p.root, `blocker-${Math.random().toString(36).slice(2)}`);
	writeFileSync(blocker, '');
	return views(p, path.join(blocker, 'state'));
}

const statesOf = (state: string): string => path.join(state, 'agentlog', 'transcript-states');

function cacheFile(p: PlacedFixtureEnv): string {
	return path.join(statesOf(p.state), `${p.sessionId}.json`);
}

/** A subagent transcript of the copy (the first in name order), and its sidecar. */
function subagentFiles(p: PlacedFixtureEnv): {transcript: string; meta: string} {
	const rel = readdirSync(p.claude, {recursive: true, encoding: 'utf8'})
		.filter(f => /agent-a[0-9a-f]+\.jsonl$/u.test(f))
		.sort()[0]!;
	const transcript = path.join(p.claude, rel);
	return {transcript, meta: transcript.replace(/\.jsonl$/u, '.meta.json')};
}

describe('ls, report and timeline from the transcript-states cache', () => {
	for (const name of scenarios) {
		it(`${name}: print byte for byte the same with no cache, a cold cache and a warm one`, async () => {
			const p = place(name);
			const none = await noCache(p);
			expect(existsSync(p.state)).toBe(false);
			const cold = await views(p, p.state);
			expect(existsSync(cacheFile(p)), 'the cold run keeps what it read').toBe(true);
			const warm = await views(p, p.state);
			expect(cold).toBe(none);
			expect(warm).toBe(none);
			// What is kept is what is printed: a model planted in the file is printed (the warm run read it).
			const file = cacheFile(p);
			const text = readFileSync(file, 'utf8');
			const kept = JSON.parse(text) as {agents: unknown[][]};
			const planted = {
				...kept,
				agents: kept.agents.map(row => [...row.slice(0, 4), (row[4] as unknown[]).map((v, i) => (i === 8 ? 'planted-model' : v)), ...row.slice(5)]),
			};
			writeFileSync(file, JSON.stringify(planted));
			expect(await views(p, p.state)).toContain('planted-model');
			writeFileSync(file, text);
			expect(await views(p, p.state)).toBe(none);
		});
	}

	it('sees a line appended to a transcript', async () => {
		const p = place('foreground');
		const before = await views(p, p.state);
		const {transcript} = subagentFiles(p);
		const last = readFileSync(transcript, 'utf8')
			.trimEnd()
			.split('\n')
			.findLast(l => l.includes('"usage"'))!;
		appendFileSync(transcript, `${last.replace(/"id":"msg_[^"]+"/u, '"id":"msg_appended"').replace(/"output_tokens":\d+/u, '"output_tokens":777')}\n`);
		const after = await views(p, p.state);
		expect(after).not.toBe(before);
		expect(after).toBe(await noCache(p));
	});

	it('sees a changed .meta.json, the transcript unchanged', async () => {
		const p = place('foreground');
		const before = await views(p, p.state);
		const {meta} = subagentFiles(p);
		writeFileSync(meta, readFileSync(meta, 'utf8').replace('{', '{"name":"named-by-meta",'));
		const after = await views(p, p.state);
		expect(after).not.toBe(before);
		expect(after).toContain('named-by-meta');
		expect(after).toBe(await noCache(p));
	});

	it("sees a changed parent transcript, the agent's own unchanged", async () => {
		const p = place('foreground');
		const before = await views(p, p.state);
		const main = readdirSync(p.claude, {recursive: true, encoding: 'utf8'}).find(f => f.endsWith(`${p.sessionId}.jsonl`))!;
		const file = path.join(p.claude, main);
		// The Agent result's duration, as the parent's transcript tells it (ls --json's `result`).
		writeFileSync(file, readFileSync(file, 'utf8').replaceAll('"totalDurationMs":1283', '"totalDurationMs":9876543'));
		const after = await views(p, p.state);
		expect(after).not.toBe(before);
		expect(after).toContain('9876543');
		expect(after).toBe(await noCache(p));
	});

	it('gives the same answer with a corrupt, hostile, oversized, missing or unwritable cache', async () => {
		const p = place('workflow');
		const truth = await noCache(p);
		expect(await views(p, p.state)).toBe(truth);
		const file = cacheFile(p);
		const good = readFileSync(file, 'utf8');
		writeFileSync(file, good.slice(0, good.length / 2));
		expect(await views(p, p.state)).toBe(truth);
		// Values no fold makes, in a file that is otherwise right.
		const kept = JSON.parse(good) as {agents: unknown[][]};
		const withSummary = (i: number, value: unknown) => (row: unknown[]) => [
			...row.slice(0, 4),
			(row[4] as unknown[]).map((v, j) => (j === i ? value : v)),
			...row.slice(5),
		];
		const hostile: Array<[string, (row: unknown[]) => unknown[]]> = [
			['a model with an escape', withSummary(8, '\u001b]52;c;cGF5bG9hZA==\u0007')],
			['a tool call whose name has a newline', withSummary(0, [['toolu_1', 'Bash\nrm', 'Bash', null, null, null]])],
			['a negative line count', withSummary(14, -1)],
			['a count that is not whole', withSummary(16, 1.5)],
			['a prompt that is a number', withSummary(17, 42)],
			[
				'too many usage entries',
				withSummary(
					3,
					Array.from({length: 65}, (_, i) => [`m${i}`, 1, 1, 0, 0, 0, 0, 1]),
				),
			],
			['a cost below zero', withSummary(5, [-1, 0, 0])],
			['a stamp that is no path', row => [...row.slice(0, 3), ['relative', 1, 2, 3, 4], ...row.slice(4)]],
			['a sidecar that is a list', row => [...row.slice(0, 5), [row[5] === null ? ['/x', 1, 1, 1, 1] : (row[5] as unknown[])[0], ['x']], row[6]]],
			[
				'a parent report with an escape',
				row => [...row.slice(0, 6), row[6] === null ? null : [...(row[6] as unknown[]).slice(0, 3), ['completed', 1, 1, 1, '\u001b[2J'], null]],
			],
			['a short row', row => row.slice(0, 3)],
		];
		for (const [what, change] of hostile) {
			writeFileSync(file, JSON.stringify({...kept, agents: kept.agents.map(change)}));
			expect(await views(p, p.state), what).toBe(truth);
		}
		writeFileSync(file, JSON.stringify({...kept, v: 999}));
		expect(await views(p, p.state), 'another format').toBe(truth);
		writeFileSync(file, JSON.stringify({...kept, prices: 'other'}));
		expect(await views(p, p.state), 'other prices').toBe(truth);
		// Oversized: a file past the bound is not read (a sparse file: no disk used).
		writeFileSync(file, good);
		truncateSync(file, MAX_STATE_CACHE_BYTES + 1);
		expect(await views(p, p.state), 'oversized').toBe(truth);
		rmSync(statesOf(p.state), {recursive: true});
		expect(await views(p, p.state), 'missing').toBe(truth);
		// Unwritable: a file where its folder should be.
		rmSync(statesOf(p.state), {recursive: true, force: true});
		writeFileSync(statesOf(p.state), '');
		expect(await views(p, p.state), 'unwritable').toBe(truth);
		expect(await views(p, p.state), 'unwritable, again').toBe(truth);
	});

	it('is not read, nor written, when reading the transcripts as they were at a moment (time travel)', () => {
		const p = place('foreground');
		const {transcript} = subagentFiles(p);
		const dir = statesOf(p.state);
		mkdirSync(dir, {recursive: true});
		const cache = new TranscriptStateCache(dir, p.sessionId, prices());
		const get = vi.spyOn(cache, 'get');
		const save = vi.spyOn(cache, 'save');
		const target = {agentId: path.basename(transcript).slice('agent-'.length, -'.jsonl'.length), transcriptPath: transcript};
		const at = Date.parse(fixtureManifest.scenarios.foreground!.exitedAt);
		const moment = readAgentActivities([target], {claudeDir: p.claude, until: at, cache});
		expect(get).not.toHaveBeenCalled();
		expect(save).not.toHaveBeenCalled();
		expect(moment).toEqual(readAgentActivities([target], {claudeDir: p.claude, until: at}));
		readAgentActivities([target], {claudeDir: p.claude, cache});
		expect(save).toHaveBeenCalledTimes(1);
		expect(readdirSync(dir)).toEqual([`${p.sessionId}.json`]);
	});
});
