// The session counts (countSession over parsed facts, the path `sessions` takes) equal buildView's
// counts, the path ls and watch take, over generated sessions: every status, unreadable and tied
// times, unknown starts, stops without stoppedAt, ghost chains, stale records, and transcripts
// that end turns, hold Task results, show work or are being written. And reading only the
// candidates' transcripts (transcriptCandidates) gives the same counts as reading them all.
import {describe, expect, it} from 'vitest';
import {ghostFacts} from '../../../src/core/monitor/ghosts.js';
import type {TranscriptFacts} from '../../../src/core/monitor/inferred-stop.js';
import {countSession, mayWait, countSummary, summarizeAgents, summaryCandidates, transcriptCandidates} from '../../../src/core/monitor/session-counts.js';
import {summarizeSession} from '../../../src/core/monitor/sessions.js';
import {buildView} from '../../../src/core/monitor/view.js';
import type {AgentRecord, AgentStatus} from '../../../src/core/record/agent-record.js';
import {EMPTY_SUMMARY} from '../../../src/core/transcript/summary.js';

const T0 = Date.parse('2026-03-01T12:00:00Z');
const STATUSES: readonly AgentStatus[] = ['active', 'idle', 'stopped'];

/** A small deterministic PRNG (mulberry32). */
function prng(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

interface Generated {
	readonly agents: AgentRecord[];
	readonly transcripts: Map<string, TranscriptFacts>;
	readonly now: number;
	readonly staleMs: number;
}

function session(seed: number): Generated {
	const r = prng(seed);
	const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
	// Whole seconds within a few minutes: ties, 30 s windows and chains are frequent.
	const time = (s: number) => new Date(T0 + s * 1000).toISOString();
	const maybeTime = (s: number) => (r() < 0.05 ? pick(['', 'garbage', 'not-a-date', '2026-13-45T99:99:99Z']) : time(s));
	const agents: AgentRecord[] = [];
	const transcripts = new Map<string, TranscriptFacts>();
	const count = 1 + Math.floor(r() * 14);
	let cursor = Math.floor(r() * 100);
	for (let i = 0; i < count; i++) {
		const type = pick(['Explore', 'Plan', 'worker', 'general-purpose']);
		const status = pick(STATUSES);
		// Often right after the previous one (a ghost pattern), sometimes far later or at the same second.
		cursor += pick([0, 0, 1, 2, 5, 29, 30, 31, 45, 120, 900]);
		const start = cursor;
		const stop = start + pick([0, 1, 2, 10, 40, 300]);
		const agentId = r() < 0.05 && agents.length > 0 ? agents[0]!.agentId : `a${seed.toString(16)}x${i}`;
		const record: AgentRecord = {
			agentId,
			type,
			status,
			startedAt: maybeTime(start),
			updatedAt: maybeTime(status === 'stopped' ? stop : start + pick([0, 1, 3, 200, 2000])),
			...(status === 'stopped' && r() < 0.8 ? {stoppedAt: maybeTime(stop)} : {}),
			...(status !== 'stopped' && r() < 0.1 ? {stoppedAt: time(stop)} : {}),
			...(r() < 0.1 ? {startUnknown: true} : {}),
			...(r() < 0.5 ? {transcriptPath: `/t/${agentId}.jsonl`} : {}),
		};
		// Waiting for the user (the hook sets waitingSince to the event's updatedAt).
		const waiting = status !== 'stopped' && r() < 0.2 ? {waitingFor: 'Bash: ls', waitingSince: record.updatedAt} : {};
		agents.push({...record, ...waiting});
		if (r() < 0.6) {
			const taskStatus = pick([undefined, 'completed', 'async_launched', 'failed']);
			transcripts.set(agentId, {
				summary: {...EMPTY_SUMMARY, ...(r() < 0.5 ? {lastAt: T0 + (start + 5) * 1000} : {})},
				description: undefined,
				parentAgentId: undefined,
				history: undefined,
				missing: false,
				...(r() < 0.3 ? {endedTurn: true} : {}),
				...(taskStatus === undefined ? {} : {taskResult: {status: taskStatus}}),
				...(r() < 0.5 ? {hasWork: true} : {}),
				...(r() < 0.8 ? {mtimeMs: pick([T0 + start * 1000, T0 + (cursor + 1000) * 1000, T0 + (start + 1) * 1000, Number.NaN])} : {}),
			} as TranscriptFacts);
		}
	}
	const now = T0 + (cursor + pick([0, 10, 60, 299, 300, 301, 1200, 5000])) * 1000;
	return {agents, transcripts, now, staleMs: pick([60_000, 300_000, 600_000, 0])};
}

const viewCounts = (g: Generated, dedup: boolean, transcripts?: ReadonlyMap<string, TranscriptFacts>) =>
	buildView(g.agents, {now: g.now, staleMs: g.staleMs, dedup, showGhosts: false, showAll: true, ...(transcripts ? {transcripts} : {})}).counts;

describe('session counts', () => {
	it('equal buildView counts over 3,000 generated sessions, with and without transcripts and dedup', () => {
		let ghosts = 0;
		let waiting = 0;
		let stale = 0;
		let inferred = 0;
		for (let seed = 1; seed <= 3000; seed++) {
			const g = session(seed);
			const facts = g.agents.map(agent => ({...ghostFacts(agent), waiting: agent.waitingSince !== undefined}));
			for (const dedup of [true, false]) {
				const base = {now: g.now, staleMs: g.staleMs, dedup};
				expect(countSession(facts, base), `seed ${seed}`).toEqual(viewCounts(g, dedup));
				expect(countSession(facts, {...base, transcripts: g.transcripts}), `seed ${seed}`).toEqual(viewCounts(g, dedup, g.transcripts));
				expect(summarizeSession(g.agents, {now: g.now, staleMs: g.staleMs, dedup}, g.transcripts)).toEqual(viewCounts(g, dedup, g.transcripts));
				// Only the candidates' transcripts: the same counts as all of them.
				const wanted = new Set(transcriptCandidates(facts, dedup));
				const some = new Map([...g.transcripts].filter(([id]) => wanted.has(id)));
				expect(countSession(facts, {...base, transcripts: some}), `seed ${seed}`).toEqual(viewCounts(g, dedup, g.transcripts));
			}
			const full = buildView(g.agents, {now: g.now, staleMs: g.staleMs, dedup: true, showGhosts: true, showAll: true, transcripts: g.transcripts});
			ghosts += full.ghostCount;
			waiting += full.counts.waiting;
			stale += full.counts.stale;
			inferred += full.items.filter(item => item.inferredStop).length;
		}
		// The generator does exercise the rules.
		expect(waiting).toBeGreaterThan(300);
		expect(ghosts).toBeGreaterThan(300);
		expect(stale).toBeGreaterThan(300);
		expect(inferred).toBeGreaterThan(300);
	});

	it('a session summary (what the cache keeps) gives the counts of countSession, with the transcripts of its readers only', () => {
		let summarized = 0;
		let readers = 0;
		let ghostReaders = 0;
		let lives = 0;
		for (let seed = 1; seed <= 3000; seed++) {
			const g = session(seed);
			const facts = g.agents.map(agent => ({
				...ghostFacts(agent),
				hasTranscript: agent.transcriptPath !== undefined,
				waiting: agent.waitingSince !== undefined,
			}));
			// As the store reads them: transcripts only of agents whose record names one.
			const named = new Map([...g.transcripts].filter(([id]) => facts.some(f => f.agentId === id && f.hasTranscript)));
			const summary = summarizeAgents(facts, (_agent, reader) => reader);
			if (summary === undefined) {
				// Only a session where two agents share an id is counted from its agents.
				expect(new Set(facts.map(f => f.agentId)).size, `seed ${seed}`).toBeLessThan(facts.length);
				continue;
			}
			summarized += 1;
			readers += summary.readers.length;
			ghostReaders += summary.readers.filter(r => r.ghost).length;
			lives += summary.lives.length + summary.ghostLives.length;
			// A summary survives the cache as JSON (undefined lives become null, read back as undefined).
			const revived = JSON.parse(JSON.stringify(summary), (_key, value: unknown) => (value === null ? undefined : value)) as typeof summary;
			for (const dedup of [true, false]) {
				const base = {now: g.now, staleMs: g.staleMs, dedup};
				const candidates = summaryCandidates(summary, dedup).map(r => r.agentId);
				// Waiting agents are readers even without a transcript (nothing is read for them then).
				expect(candidates, `seed ${seed}`).toEqual(
					transcriptCandidates(facts, dedup).filter(id => facts.some(f => f.agentId === id && (f.hasTranscript || mayWait(f)))),
				);
				const some = new Map([...named].filter(([id]) => candidates.includes(id)));
				const expected = countSession(facts, {...base, transcripts: named});
				expect(countSummary(summary, {...base, transcripts: some}), `seed ${seed}`).toEqual(expected);
				expect(countSummary({...revived, lives: summary.lives, ghostLives: summary.ghostLives}, {...base, transcripts: some}), `seed ${seed}`).toEqual(
					expected,
				);
				expect(countSummary(summary, base), `seed ${seed}`).toEqual(countSession(facts, base));
			}
		}
		expect(summarized).toBeGreaterThan(2000);
		expect(readers).toBeGreaterThan(2000);
		expect(ghostReaders).toBeGreaterThan(100);
		expect(lives).toBeGreaterThan(2000);
	});

	it('candidates: active records and ghosts without work, nobody else', () => {
		const at = (s: number) => new Date(T0 + s * 1000).toISOString();
		const agents: AgentRecord[] = [
			{agentId: 'w1', type: 'worker', status: 'stopped', startedAt: at(0), updatedAt: at(60), stoppedAt: at(60)},
			{agentId: 'g1', type: 'worker', status: 'stopped', startedAt: at(65), updatedAt: at(66), stoppedAt: at(66)},
			{agentId: 'i1', type: 'worker', status: 'idle', startedAt: at(200), updatedAt: at(200)},
			{agentId: 'x1', type: 'Explore', status: 'active', startedAt: at(0), updatedAt: at(0)},
		];
		const facts = agents.map(ghostFacts);
		expect(transcriptCandidates(facts, true)).toEqual(['g1', 'x1']);
		expect(transcriptCandidates(facts, false)).toEqual(['x1']);
	});
});
