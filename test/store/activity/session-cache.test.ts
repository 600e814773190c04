// The session cache gives exactly what a full read gives, whatever changed in between, and never
// writes under the activity folder.
import {execFileSync} from 'node:child_process';
import {existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import type {AgentRecord} from '../../../src/core/record/agent-record.js';
import type {TranscriptFacts} from '../../../src/core/monitor/inferred-stop.js';
import {countSession, countSummary} from '../../../src/core/monitor/session-counts.js';
import {EMPTY_SUMMARY} from '../../../src/core/transcript/summary.js';
import {summarizeSession} from '../../../src/core/monitor/sessions.js';
import {listAgentFiles, listSessionDirs, readAgentFile, readSessionDir} from '../../../src/store/activity/read-agents.js';
import {readSessionFacts, RACY_MS, sessionAgent, type SessionFacts} from '../../../src/store/activity/session-cache.js';
import {sessionCacheFile} from '../../../src/core/paths.js';
import {ms} from '../../helpers/agent-fixtures.js';
import {fixtureRecord, sessionId, writeRecord, writeSessions} from '../../helpers/session-fixtures.js';
import {tempDir} from '../../helpers/tmp.js';

const NOW = ms(4000);
const STALE_MS = 10 * 60 * 1000;

/** Made-up transcript facts for the agents whose records name a transcript (work, ended turns, recent writes). */
function transcriptsOf(activity: string): Map<string, TranscriptFacts> {
	const out = new Map<string, TranscriptFacts>();
	for (const dir of listSessionDirs(activity)) {
		for (const agent of readSessionDir(path.join(activity, dir.id)).agents) {
			if (agent.transcriptPath === undefined) {
				continue;
			}
			const n = [...agent.agentId].reduce((sum, c) => sum + c.charCodeAt(0), 0);
			out.set(agent.agentId, {
				summary: EMPTY_SUMMARY,
				description: undefined,
				parentAgentId: undefined,
				history: undefined,
				missing: false,
				...(n % 3 === 0 ? {hasWork: true} : {}),
				...(n % 4 === 1 ? {endedTurn: true} : {}),
				...(n % 2 === 0 ? {mtimeMs: NOW - 1000} : {}),
			});
		}
	}
	return out;
}

/** The counts of one session's facts: from its summary when it has one (the fast path), else from its agents. */
function countFacts(facts: SessionFacts, dedup: boolean, transcripts?: ReadonlyMap<string, TranscriptFacts>) {
	const options = {now: NOW, staleMs: STALE_MS, dedup, ...(transcripts === undefined ? {} : {transcripts})};
	return facts.summary === undefined ? countSession(facts.agents ?? [], options) : countSummary(facts.summary, options);
}

/** What `sessions` shows of every session, from facts (cached or not). */
function summaries(activity: string, cacheFile: string | undefined, transcripts?: ReadonlyMap<string, TranscriptFacts>) {
	const dirs = listSessionDirs(activity);
	const facts = readSessionFacts(activity, dirs, cacheFile);
	return dirs.map(dir => {
		const session = facts.get(dir.id) ?? {agents: [], invalid: -1};
		return {
			id: dir.id,
			invalid: session.invalid,
			summary: countFacts(session, true, transcripts),
			undeduped: countFacts(session, false, transcripts),
		};
	});
}

/** How many sessions were counted from a cached summary alone (their agents not read). */
function fromSummaries(activity: string, cacheFile: string): number {
	const facts = readSessionFacts(activity, listSessionDirs(activity), cacheFile);
	return [...facts.values()].filter(f => f.agents === undefined && f.summary !== undefined).length;
}

/** The same from a full read of every file (readSessionDir), as `sessions` did before the cache. */
function fullRead(activity: string, transcripts?: ReadonlyMap<string, TranscriptFacts>) {
	return listSessionDirs(activity).map(dir => {
		const sessionDir = path.join(activity, dir.id);
		const {agents, invalid} = readSessionDir(sessionDir);
		// The facts of each readable regular file, as a full read gives them.
		const facts = listAgentFiles(sessionDir).flatMap(name => {
			const read = readAgentFile(path.join(sessionDir, name));
			return read.ok ? [sessionAgent(name, read.record)] : [];
		});
		const options = {now: NOW, staleMs: STALE_MS, ...(transcripts === undefined ? {} : {transcripts})};
		const summary = summarizeSession(agents, {now: NOW, staleMs: STALE_MS, dedup: true}, transcripts);
		const undeduped = summarizeSession(agents, {now: NOW, staleMs: STALE_MS, dedup: false}, transcripts);
		// The facts give the counts the whole records give.
		expect(countSession(facts, {...options, dedup: true})).toEqual(summary);
		expect(countSession(facts, {...options, dedup: false})).toEqual(undeduped);
		return {id: dir.id, invalid: invalid.length, summary, undeduped};
	});
}

function setup(sessions = 6, agents = 8) {
	const root = tempDir('cache-');
	const activity = path.join(root, 'activity');
	mkdirSync(activity);
	const cacheFile = path.join(root, 'state', 'agentlog', 'sessions-cache.json');
	const ids = writeSessions(activity, sessions, agents);
	return {activity, cacheFile, ids};
}

function expectSameAsFullRead(activity: string, cacheFile: string, transcripts?: ReadonlyMap<string, TranscriptFacts>) {
	const cached = summaries(activity, cacheFile, transcripts);
	expect(cached).toEqual(fullRead(activity, transcripts));
	// The facts alone give the same counts as the whole records.
	expect(JSON.stringify(cached)).toMatch(/"(active|idle|stopped)":[1-9]/u);
	return cached;
}

/** The record as an active and as an idle agent, in files of the same size. */
function sameSize(record: AgentRecord): [string, string] {
	return [JSON.stringify({...record, status: 'active'}), `${JSON.stringify({...record, status: 'idle'})}  `];
}

/** Sets a folder's mtime `age` ms back (as a rename then would have, old enough to be trusted). */
const old = (dir: string, age = 60_000) => utimesSync(dir, (Date.now() - age) / 1000, (Date.now() - age) / 1000);

describe('session cache', () => {
	it('lives in $XDG_STATE_HOME/agentlog, beside the UI state', () => {
		expect(sessionCacheFile({XDG_STATE_HOME: '/x/state'}, '/home/u')).toBe('/x/state/agentlog/sessions-cache.json');
		expect(sessionCacheFile({}, '/home/u')).toBe('/home/u/.local/state/agentlog/sessions-cache.json');
		expect(sessionCacheFile({XDG_STATE_HOME: 'relative'}, '/home/u')).toBe('/home/u/.local/state/agentlog/sessions-cache.json');
	});

	it('gives what a full read gives, first from the files, then from the cache', () => {
		const {activity, cacheFile} = setup();
		expectSameAsFullRead(activity, cacheFile);
		expect(existsSync(cacheFile)).toBe(true);
		const written = statSync(cacheFile).mtimeMs;
		expectSameAsFullRead(activity, cacheFile);
		// Nothing changed: the cache is not written again.
		expect(statSync(cacheFile).mtimeMs).toBe(written);
	});

	it('reads a cached file again only when its mtime, size or inode changed (and trusts it otherwise)', () => {
		const {activity, cacheFile, ids} = setup(1, 3);
		summaries(activity, cacheFile);
		const dir = path.join(activity, ids[0]!);
		const record = fixtureRecord(0, 0);
		const file = writeRecord(dir, record);
		const [active, idle] = sameSize(record);
		writeFileSync(file, active);
		utimesSync(file, (Date.now() - 60_000) / 1000, (Date.now() - 60_000) / 1000);
		old(dir);
		expectSameAsFullRead(activity, cacheFile);
		const before = statSync(file);
		// Same size, same inode, same mtime, another status: the cache cannot tell, and trusts it.
		writeFileSync(file, idle);
		utimesSync(file, before.atime, before.mtime);
		expect(statSync(file).size).toBe(before.size);
		// The folder is not looked into while its mtime is the cached one.
		expect(summaries(activity, cacheFile)).not.toEqual(fullRead(activity));
		// The folder changed (another file came): files whose key is the same are still trusted.
		writeRecord(dir, {...fixtureRecord(0, 7), agentId: 'other'}, Date.now() - 30_000);
		old(dir);
		const trusted = summaries(activity, cacheFile);
		expect(trusted).not.toEqual(fullRead(activity));
		// Its mtime moves: read again.
		utimesSync(file, before.atime, new Date(before.mtimeMs - 5000));
		// Another folder mtime than the last one (two calls can fall in the same millisecond).
		old(dir, 50_000);
		expectSameAsFullRead(activity, cacheFile);
	});

	it('stays exact after a file changes, is added or removed, and after a session is removed', () => {
		const {activity, cacheFile, ids} = setup();
		expectSameAsFullRead(activity, cacheFile);
		const dir0 = path.join(activity, ids[0]!);
		const dir1 = path.join(activity, ids[1]!);
		const dir2 = path.join(activity, ids[2]!);
		const back = Date.now() - 30_000;
		// Changed as the hook changes it (a rename): new inode, folder mtime moves.
		writeRecord(dir0, {...fixtureRecord(0, 0), status: 'stopped', stoppedAt: new Date(ms(3000)).toISOString()}, back);
		old(dir0);
		expectSameAsFullRead(activity, cacheFile);
		// Changed in place (another tool), a different size: the folder's mtime does not move, so it
		// is seen once the folder changes (here, its mtime set as another rename would).
		const inPlace = path.join(dir1, `${fixtureRecord(1, 2).agentId}.json`);
		writeFileSync(inPlace, JSON.stringify({...fixtureRecord(1, 2), status: 'active', updatedAt: new Date(ms(3990)).toISOString()}));
		utimesSync(inPlace, back / 1000, back / 1000);
		utimesSync(dir1, back / 1000, back / 1000);
		expectSameAsFullRead(activity, cacheFile);
		// Added, removed, made invalid.
		writeRecord(dir1, {...fixtureRecord(1, 99), agentId: 'added'}, back);
		rmSync(path.join(dir2, `${fixtureRecord(2, 3).agentId}.json`));
		writeFileSync(path.join(dir2, `${fixtureRecord(2, 4).agentId}.json`), '{"half": ');
		old(dir1);
		old(dir2);
		const after = expectSameAsFullRead(activity, cacheFile);
		expect(after.find(s => s.id === ids[2])?.invalid).toBe(1);
		// A session removed, another added.
		rmSync(dir1, {recursive: true});
		writeSessions(path.join(activity), 8, 2);
		expectSameAsFullRead(activity, cacheFile);
		const cache = JSON.parse(readFileSync(cacheFile, 'utf8')) as {s: Record<string, unknown>};
		expect(Object.keys(cache.s).sort()).toEqual(
			listSessionDirs(activity)
				.map(d => d.id)
				.sort(),
		);
	});

	it('reads again what changed within a timestamp tick of the last read (racy entries)', () => {
		const {activity, cacheFile, ids} = setup(1, 2);
		const dir = path.join(activity, ids[0]!);
		const record = fixtureRecord(0, 0);
		const [active, idle] = sameSize(record);
		// Written just now: its mtime is within RACY_MS of the read.
		const file = writeRecord(dir, record);
		writeFileSync(file, active);
		const second = Math.floor(Date.now() / 1000);
		utimesSync(file, second, second);
		const racy = statSync(file);
		expect(Date.now() - racy.mtimeMs).toBeLessThan(RACY_MS);
		expectSameAsFullRead(activity, cacheFile);
		// Changed again within the same tick: same size, same inode, same mtime.
		writeFileSync(file, idle);
		utimesSync(file, second, second);
		expect(statSync(file).size).toBe(racy.size);
		expectSameAsFullRead(activity, cacheFile);
	});

	it('reads a new file in a folder changed within a tick of the last read', () => {
		const {activity, cacheFile, ids} = setup(1, 2);
		const dir = path.join(activity, ids[0]!);
		writeRecord(dir, {...fixtureRecord(0, 5), agentId: 'first'});
		// A whole second, so that it can be set again exactly; within RACY_MS of now.
		const mtime = Math.floor(Date.now() / 1000);
		utimesSync(dir, mtime, mtime);
		expectSameAsFullRead(activity, cacheFile);
		// A file renamed in within the same folder mtime tick.
		writeRecord(dir, {...fixtureRecord(0, 6), agentId: 'second'});
		utimesSync(dir, mtime, mtime);
		expectSameAsFullRead(activity, cacheFile);
	});

	it('ignores a corrupt, foreign, oversized or FIFO cache file, and never writes under the activity folder', () => {
		const {activity, cacheFile} = setup(3, 4);
		mkdirSync(path.dirname(cacheFile), {recursive: true});
		for (const junk of [
			'not json',
			'[]',
			'{"v":1,"activity":"/elsewhere","s":{}}',
			'{"v":2,"activity":' + JSON.stringify(activity) + ',"s":{"x":{"m":1,"f":[["a.json",1,2,3,"x","y",9,null,null,null,0]]}}}',
			'{"v":2,"activity":' + JSON.stringify(activity) + ',"s":{"x":{"m":1,"f":{"a.json":[1,2,3]}}}}',
			'{"v":3,"activity":' + JSON.stringify(activity) + ',"s":{"x":{"m":1,"f":"[[","c":[1,2,[3],0,0,[],[],0]}}}',
		]) {
			writeFileSync(cacheFile, junk);
			expectSameAsFullRead(activity, cacheFile);
		}
		// Well-formed entries and summaries with wrong facts are read again, not trusted.
		const good = JSON.parse(readFileSync(cacheFile, 'utf8')) as {s: Record<string, {f: string; c?: unknown[]}>};
		expect(Object.values(good.s).every(session => Array.isArray(session.c))).toBe(true);
		const corruptions: Array<(c: unknown[]) => void> = [
			c => (c[0] = -1),
			c => (c[2] = ['soon']),
			c => (c[6] = [['a.json', 'a', 7, 0, null]]),
			c => (c[6] = [['a.json', 'a', 0, 2, null]]),
			c => c.pop(),
		];
		for (const [n, session] of Object.values(good.s).entries()) {
			corruptions[n % corruptions.length]!(session.c!);
			const entries = JSON.parse(session.f) as unknown[][];
			for (const entry of entries) {
				// A status index that is none, or a time that is a string.
				entry[entry.length === 11 ? 6 : 4] = entry.length === 11 ? 7 : 5;
				entry[7] = 'yesterday';
			}
			session.f = JSON.stringify(entries);
		}
		writeFileSync(cacheFile, JSON.stringify(good));
		expectSameAsFullRead(activity, cacheFile);
		// And the summaries written again are used.
		expect(fromSummaries(activity, cacheFile)).toBe(3);
		rmSync(cacheFile);
		execFileSync('mkfifo', [cacheFile]);
		expectSameAsFullRead(activity, cacheFile);
		// Inside the activity folder: read in full, nothing written there.
		const before = listSessionDirs(activity).map(d => d.mtimeMs);
		const inside = path.join(activity, 'sessions-cache.json');
		expect(summaries(activity, inside)).toEqual(fullRead(activity));
		expect(existsSync(inside)).toBe(false);
		expect(listSessionDirs(activity).map(d => d.mtimeMs)).toEqual(before);
	});

	it('counts unreadable agent files (a FIFO, a folder) as a full read does, without opening them', () => {
		const {activity, cacheFile, ids} = setup(2, 3);
		const dir = path.join(activity, ids[0]!);
		execFileSync('mkfifo', [path.join(dir, 'fifo.json')]);
		mkdirSync(path.join(dir, 'folder.json'));
		old(dir);
		const first = expectSameAsFullRead(activity, cacheFile);
		expect(first.find(s => s.id === ids[0])?.invalid).toBe(2);
		expectSameAsFullRead(activity, cacheFile);
	});

	it('counts unchanged folders from their summaries, with transcripts, exactly as a full read after changes, additions, removals and racy rewrites', () => {
		const {activity, cacheFile, ids} = setup(5, 12);
		// Some records name transcripts (readers: active agents and ghosts whose transcripts are read at every run).
		for (const [s, id] of ids.entries()) {
			for (let a = 0; a < 12; a += 2) {
				writeRecord(path.join(activity, id), {...fixtureRecord(s, a), transcriptPath: `/t/${fixtureRecord(s, a).agentId}.jsonl`}, Date.now() - 60_000);
			}
			old(path.join(activity, id));
		}
		const check = (fromSummary: number) => {
			expectSameAsFullRead(activity, cacheFile, transcriptsOf(activity));
			expectSameAsFullRead(activity, cacheFile);
			expect(fromSummaries(activity, cacheFile)).toBe(fromSummary);
		};
		check(5);
		const cache = JSON.parse(readFileSync(cacheFile, 'utf8')) as {s: Record<string, {c: unknown[]}>};
		expect(Object.values(cache.s).some(session => (session.c[6] as unknown[]).length > 0)).toBe(true);
		const back = Date.now() - 30_000;
		const dir = (n: number) => path.join(activity, ids[n]!);
		// Changed (an active agent stops), added, removed: only those folders are read, the rest from summaries.
		writeRecord(dir(0), {...fixtureRecord(0, 0), status: 'stopped', stoppedAt: new Date(ms(3000)).toISOString(), transcriptPath: '/t/x.jsonl'}, back);
		writeRecord(dir(1), {...fixtureRecord(1, 99), agentId: 'added', status: 'active', transcriptPath: '/t/added.jsonl'}, back);
		rmSync(path.join(dir(2), `${fixtureRecord(2, 3).agentId}.json`));
		[0, 1, 2].forEach(n => old(dir(n), 50_000));
		expectSameAsFullRead(activity, cacheFile, transcriptsOf(activity));
		check(5);
		// Two files name one agent: counted from its agents, never from a summary, and still exact.
		writeRecord(dir(3), {...fixtureRecord(3, 1), agentId: fixtureRecord(3, 2).agentId}, back);
		renameSync(path.join(dir(3), `${fixtureRecord(3, 2).agentId}.json`), path.join(dir(3), 'copy.json'));
		writeRecord(dir(3), fixtureRecord(3, 2), back);
		old(dir(3), 40_000);
		check(4);
		// Racy: rewritten within a tick (same size, inode, mtime) of the read that wrote the summary.
		const record = {...fixtureRecord(4, 0), transcriptPath: '/t/racy.jsonl'};
		const file = writeRecord(dir(4), record);
		const [active, idle] = sameSize(record);
		writeFileSync(file, active);
		const second = Math.floor(Date.now() / 1000);
		utimesSync(file, second, second);
		old(dir(4), 20_000);
		expectSameAsFullRead(activity, cacheFile, transcriptsOf(activity));
		writeFileSync(file, idle);
		utimesSync(file, second, second);
		// The racy folder got no summary: it is looked at again, and sees the change.
		expectSameAsFullRead(activity, cacheFile, transcriptsOf(activity));
		expect(fromSummaries(activity, cacheFile)).toBe(3);
	});

	it('1,000 sessions × 20 agents: cached and uncached results are identical', () => {
		const {activity, cacheFile} = setup(1000, 20);
		expectSameAsFullRead(activity, cacheFile);
		expectSameAsFullRead(activity, cacheFile);
		expect(fromSummaries(activity, cacheFile)).toBe(1000);
		const dir = path.join(activity, sessionId(500));
		renameSync(path.join(dir, `${fixtureRecord(500, 1).agentId}.json`), path.join(dir, 'renamed.json'));
		old(dir);
		expectSameAsFullRead(activity, cacheFile);
	}, 60_000);
});
