// The rows of the transcript-facts cache: an entry written as a row reads back as it was; a row
// that is not what the fold makes (counts not whole, too many segments, a bad shape) is refused;
// the meta strings kept exact, cut to their bound.
import {describe, expect, it} from 'vitest';
import {META_STRING_MAX} from '../../../src/core/transcript/meta.js';
import {MAX_SEGMENTS, MODEL_MAX, type TallySegment} from '../../../src/core/transcript/tally.js';
import {entryRow, keptMeta, parseRow, type Entry} from '../../../src/store/history/transcript-fact-rows.js';
import {HOSTILE, RAW_CONTROL} from '../../helpers/hostile.js';

const segment = (at: number | null, n: number): TallySegment => ({
	at,
	tokens: {input: n, output: 2 * n, cacheRead: 3 * n, cacheCreation: 4 * n},
	cost: {usd: n / 100, priced: n, unpriced: 1},
	responses: n,
	toolCalls: n + 1,
});

const entry: Entry = {
	named: '/p/s/subagents/agent-a1.jsonl',
	path: '/real/p/s/subagents/agent-a1.jsonl',
	ino: 42,
	size: 1234,
	mtimeMs: 1_763_632_800_000.5,
	tally: {
		segments: [segment(1_763_632_800_000, 5), segment(null, 7)],
		model: 'claude-sonnet-4-5',
		lastAt: 1_763_632_900_000,
		badLines: 2,
		pricesAsOf: '2026-11-01',
	},
	meta: {description: 'Find routes', agentType: 'Explore'},
};
const roundTrip = (e: Entry, id = 'a1') => parseRow(JSON.parse(JSON.stringify(entryRow(id, e))));

describe('entryRow and parseRow', () => {
	it('an entry reads back as it was', () => {
		expect(roundTrip(entry)).toEqual(entry);
		expect(entryRow('a1', entry)[0]).toBe('a1');
	});

	it('a path named as it is is kept once; none named, no tally, no meta', () => {
		const same = {...entry, named: entry.path};
		expect(entryRow('a1', same)[2]).toBe(0);
		expect(roundTrip(same)).toEqual(same);
		const bare: Entry = {...entry, named: undefined, tally: undefined, meta: undefined};
		expect(roundTrip(bare)).toEqual(bare);
	});

	it('an empty tally keeps only what it has', () => {
		const e: Entry = {...entry, tally: {segments: [], badLines: 0}};
		expect(roundTrip(e)).toEqual(e);
	});

	it('refuses rows out of shape', () => {
		const row = JSON.parse(JSON.stringify(entryRow('a1', entry))) as unknown[];
		const tally = row[6] as unknown[];
		const bad: unknown[] = [
			'row',
			row.slice(0, 7),
			[...row.slice(0, 1), 5, ...row.slice(2)],
			[...row.slice(0, 2), 1, ...row.slice(3)],
			[...row.slice(0, 6), tally.slice(0, -1), row[7]],
			[...row.slice(0, 6), [...tally.slice(0, 5), -1, ...tally.slice(6)], row[7]],
			[...row.slice(0, 6), [...tally.slice(0, 5), 1.5, ...tally.slice(6)], row[7]],
			[...row.slice(0, 6), [...tally.slice(0, 9), Number.POSITIVE_INFINITY, ...tally.slice(10)], row[7]],
			[...row.slice(0, 6), [...tally.slice(0, 4), 'then', ...tally.slice(5)], row[7]],
		];
		for (const r of bad) {
			expect(parseRow(r), JSON.stringify(r).slice(0, 120)).toBeUndefined();
		}
	});

	it('keeps at most MAX_SEGMENTS segments', () => {
		const many = (n: number): Entry => ({...entry, tally: {segments: Array.from({length: n}, (_, i) => segment(i, i)), badLines: 0}});
		expect(roundTrip(many(MAX_SEGMENTS))?.tally?.segments).toHaveLength(MAX_SEGMENTS);
		expect(roundTrip(many(MAX_SEGMENTS + 1))).toBeUndefined();
	});

	it('lenient where the fold is: a negative cost is none, a bad model, time or day left out, bad lines zero', () => {
		const row = JSON.parse(JSON.stringify(entryRow('a1', entry))) as unknown[];
		const tally = [...(row[6] as unknown[])];
		tally[0] = `m${HOSTILE.title}${'x'.repeat(300)}`;
		tally[1] = 'later';
		tally[2] = -4;
		tally[3] = 'Nov 1';
		tally[9] = -0.5;
		const back = parseRow([...row.slice(0, 6), tally, row[7]]);
		expect(back?.tally?.model).not.toMatch(RAW_CONTROL);
		expect(back?.tally?.model?.length).toBe(MODEL_MAX);
		expect(back?.tally).not.toHaveProperty('lastAt');
		expect(back?.tally).not.toHaveProperty('pricesAsOf');
		expect(back?.tally?.badLines).toBe(0);
		expect(back?.tally?.segments[0]?.cost.usd).toBe(0);
	});
});

describe('keptMeta', () => {
	it('keeps the five strings the past keeps, exact, cut to their bound', () => {
		expect(keptMeta({description: `d${HOSTILE.bell}`, model: 'm', name: 'n', agentType: 'Explore', parentAgentId: 'p1', color: 'red', spawnDepth: 2})).toEqual({
			description: `d${HOSTILE.bell}`,
			model: 'm',
			name: 'n',
			agentType: 'Explore',
			parentAgentId: 'p1',
		});
		expect(keptMeta({description: 'y'.repeat(META_STRING_MAX + 5)})?.description).toHaveLength(META_STRING_MAX);
	});

	it('nothing kept: none', () => {
		expect(keptMeta({description: '', model: 5})).toBeUndefined();
		expect(keptMeta('text')).toBeUndefined();
		expect(keptMeta(null)).toBeUndefined();
	});
});
