// The sessions cache's entries as stored: a file's facts, a session's summary and its readers
// written as arrays and read back as they were; anything not well formed (a cache file is outside
// input) refused, so the folder is read again.
import {describe, expect, it} from 'vitest';
import {
	byName,
	cachedProvider,
	entryOf,
	factsOf,
	fileEntries,
	sessionProvider,
	summaryEntry,
	summaryOf,
	unchanged,
	withProvider,
	type SessionAgent,
	type SessionEntry,
} from '../../../src/store/activity/session-cache-entries.js';

const T = 1_763_632_800_000;
const KEY: [number, number, number] = [T, 512, 77];
const active: SessionAgent = {
	file: 'a1.json',
	agentId: 'a1',
	type: 'Explore',
	status: 'active',
	start: T,
	updated: T + 5,
	stopped: undefined,
	startUnknown: false,
	hasTranscript: true,
	waiting: false,
};
const others: SessionAgent[] = [
	{
		file: 'team@s.json',
		agentId: 'other-id',
		type: 'worker',
		status: 'idle',
		start: undefined,
		updated: T,
		stopped: undefined,
		startUnknown: true,
		hasTranscript: false,
		waiting: true,
		resumed: T + 9,
	},
	{
		file: 'q1.json',
		agentId: 'q1',
		type: 'general-purpose',
		status: 'stopped',
		start: T,
		updated: T + 9,
		stopped: T + 9,
		startUnknown: false,
		hasTranscript: true,
		waiting: false,
		provider: 'qwen',
	},
];
const back = (e: unknown) => factsOf(JSON.parse(JSON.stringify(e)) as unknown[]);

describe('entryOf and factsOf', () => {
	it('a file’s facts read back as they were, its id kept once when it is the file name', () => {
		for (const facts of [active, ...others]) {
			expect(back(entryOf(facts.file, KEY, facts)), facts.file).toEqual(facts);
		}
		expect(entryOf('a1.json', KEY, active)[4]).toBe(0);
		expect(entryOf('team@s.json', KEY, others[0]!)[4]).toBe('other-id');
	});

	it('a file that could not be read keeps its reason', () => {
		expect(entryOf('bad.json', KEY, {invalid: 'not JSON'})).toEqual(['bad.json', ...KEY, 'not JSON']);
		expect(back(['bad.json', ...KEY, 'not JSON'])).toEqual({invalid: 'not JSON'});
	});

	it('refuses entries out of shape', () => {
		const good = entryOf('a1.json', KEY, active);
		const bad: unknown[][] = [
			[5, ...good.slice(1)],
			['x.json', ...KEY, 7],
			good.slice(0, 11),
			[...good.slice(0, 6), 3, ...good.slice(7)],
			[...good.slice(0, 6), 'active', ...good.slice(7)],
			[...good.slice(0, 7), 'then', ...good.slice(8)],
			[...good.slice(0, 10), 99 << 3, good[11]],
			[...good.slice(0, 10), -8, good[11]],
			[...good.slice(0, 11), Number.NaN],
		];
		for (const entry of bad) {
			expect(factsOf(entry), JSON.stringify(entry)).toBeUndefined();
		}
	});
});

describe('summaryEntry and summaryOf', () => {
	const summary = {
		idle: 1,
		stopped: 2,
		lives: [T, undefined],
		ghostIdle: 0,
		ghostStopped: 3,
		ghostLives: [T + 1],
		readers: [
			{file: 'a1.json', agentId: 'a1', status: 'active' as const, ghost: false, life: T, waitingSince: T + 2, resumed: T + 1},
			{file: 'g.json', agentId: 'g', status: 'stopped' as const, ghost: true, life: undefined},
		],
	};

	it('a summary reads back as it was', () => {
		expect(summaryOf(JSON.parse(JSON.stringify(summaryEntry(summary, 4))))).toEqual({summary, invalid: 4});
	});

	it('refuses counts not whole, readers out of shape, the wrong length', () => {
		const good = summaryEntry(summary, 0) as unknown[];
		for (const entry of [
			[-1, ...good.slice(1)],
			[1.5, ...good.slice(1)],
			[...good.slice(0, 2), ['x'], ...good.slice(3)],
			[...good.slice(0, 6), [['a.json', 'a', 0, 2, null, null, null]], good[7]],
			[...good.slice(0, 6), [['a.json', 'a', 5, 0, null, null, null]], good[7]],
			[...good.slice(0, 6), [['a.json', 'a', 0, 0, null, null]], good[7]],
			good.slice(0, 7),
			'summary',
		]) {
			expect(summaryOf(entry), JSON.stringify(entry)).toBeUndefined();
		}
	});
});

describe('providers', () => {
	it('a session’s tool is its first agent naming one', () => {
		expect(sessionProvider([active, ...others])).toBe('qwen');
		expect(sessionProvider([active])).toBeUndefined();
		expect(withProvider('qwen')).toEqual({p: 'qwen'});
		expect(withProvider(undefined)).toEqual({});
	});

	it('a kept provider is one agentlog knows, never claude', () => {
		const entry = (p?: string): SessionEntry => ({m: 1, f: '[]', ...(p === undefined ? {} : {p})});
		expect(cachedProvider(entry())).toBeUndefined();
		expect(cachedProvider(entry('codex'))).toBe('codex');
		expect(cachedProvider(entry('claude'))).toBe(false);
		expect(cachedProvider(entry('cursor'))).toBe(false);
	});
});

describe('fileEntries, unchanged, byName', () => {
	const entries = [entryOf('a1.json', KEY, active), entryOf('bad.json', KEY, {invalid: 'not JSON'})];

	it('a folder unchanged: its agents and its count of unreadable files', () => {
		const parsed = fileEntries({m: 1, f: JSON.stringify(entries)});
		expect(unchanged(parsed)).toEqual({agents: [active], invalid: 1});
	});

	it('one entry not a regular file, racy or broken: the folder is read again', () => {
		for (const extra of [['fifo.json'], ['racy.json', -1, 0, 0, 'x'], ['broken.json', ...KEY, 0]]) {
			expect(unchanged([...entries, extra]), JSON.stringify(extra)).toBeUndefined();
		}
		expect(unchanged(undefined)).toBeUndefined();
		expect(unchanged([])).toEqual({agents: [], invalid: 0});
	});

	it('entries that do not parse are none; byName keeps the well-formed ones', () => {
		expect(fileEntries({m: 1, f: '{broken'})).toBeUndefined();
		expect(fileEntries({m: 1, f: '{}'})).toBeUndefined();
		expect(fileEntries(undefined)).toBeUndefined();
		const named = byName([...entries, 'junk', [5]]);
		expect([...named.keys()]).toEqual(['a1.json', 'bad.json']);
		expect(byName(undefined).size).toBe(0);
	});
});
