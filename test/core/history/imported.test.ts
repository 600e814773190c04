import {describe, expect, it} from 'vitest';
import {formatEventLine, parseEventLine, type EventLine} from '../../../src/core/record/event-line.js';
import {foldEvents} from '../../../src/core/history/fold.js';
import {
	IMPORTED_FILES_MAX,
	importDecision,
	importedFacts,
	importedLine,
	isInternalAgentId,
	sessionImportState,
	type TranscriptImport,
} from '../../../src/core/history/imported.js';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const t = (ms: number) => new Date(T0 + ms).toISOString();
const S = 1000;

function facts(over: Partial<TranscriptImport> = {}): TranscriptImport {
	return {
		sessionId: 's1',
		agentId: 'a1',
		type: 'Explore',
		finished: true,
		startedAt: t(0),
		lastAt: t(90 * S),
		description: 'Find the routes',
		model: 'claude-sonnet-4-5',
		tokens: 1234,
		toolCalls: 7,
		files: ['src/a.ts'],
		report: 'All done.',
		transcriptPath: '/p/s1/subagents/agent-a1.jsonl',
		transcriptBytes: 5000,
		transcriptMtimeMs: T0 + 90 * S,
		...over,
	};
}

const hookLine = (event: string, atMs: number, agentId = 'a1', state?: EventLine['state'], data?: Record<string, unknown>): EventLine => ({
	v: 1,
	at: t(atMs),
	event,
	sessionId: 's1',
	agentId,
	type: 'general-purpose',
	...(state === undefined ? {} : {state}),
	...(data === undefined ? {} : {data: data}),
});

const fold = (lines: EventLine[]) => foldEvents(lines, {now: T0 + 3600 * S});

describe('importedLine', () => {
	it('writes one Imported line with the transcript facts, read back by parseEventLine', () => {
		const text = formatEventLine(importedLine(facts({parentAgentId: 'p1', cwd: '/w'})));
		const parsed = parseEventLine(text);
		expect(parsed.ok).toBe(true);
		const line = parsed.ok ? parsed.value : undefined;
		expect(line).toMatchObject({event: 'Imported', agentId: 'a1', sessionId: 's1', type: 'Explore', state: 'stopped', at: t(90 * S), cwd: '/w'});
		expect(line?.data).toEqual({
			source: 'transcript',
			startedAt: t(0),
			stoppedAt: t(90 * S),
			description: 'Find the routes',
			model: 'claude-sonnet-4-5',
			tokens: 1234,
			toolCalls: 7,
			files: ['src/a.ts'],
			report: 'All done.',
			transcriptPath: '/p/s1/subagents/agent-a1.jsonl',
			transcriptBytes: 5000,
			transcriptMtimeMs: T0 + 90 * S,
			parentAgentId: 'p1',
		});
	});

	it('a cut-off transcript is interrupted; files are capped; times are normalised to ISO with ms', () => {
		const many = Array.from({length: 80}, (_, i) => `f${i}.ts`);
		const line = importedLine(facts({finished: false, files: many, lastAt: '2026-03-01T12:01:30Z', report: undefined}));
		expect(line.state).toBe('interrupted');
		expect(line.at).toBe(t(90 * S));
		expect((line.data?.files as string[]).length).toBe(IMPORTED_FILES_MAX);
		expect(line.data).not.toHaveProperty('report');
	});

	it('importedFacts reads the data back and ignores other events and wrong types', () => {
		expect(importedFacts(importedLine(facts()))).toMatchObject({startedAt: t(0), tokens: 1234, toolCalls: 7, transcriptBytes: 5000});
		expect(importedFacts(hookLine('SubagentStop', 0))).toBeUndefined();
		const odd: EventLine = {...importedLine(facts()), data: {tokens: 'many', startedAt: 'never', toolCalls: Number.NaN}};
		expect(importedFacts(odd)).toEqual({});
	});
});

describe('fold of Imported lines', () => {
	it('an imported-only agent: start from data.startedAt, stop at the last line, description, model, tokens, tool calls, source transcript', () => {
		const [a] = fold([importedLine(facts())]);
		expect(a).toMatchObject({
			agentId: 'a1',
			type: 'Explore',
			status: 'completed',
			startedAt: t(0),
			stoppedAt: t(90 * S),
			durationMs: 90 * S,
			description: 'Find the routes',
			model: 'claude-sonnet-4-5',
			tokens: 1234,
			toolCalls: 7,
			source: 'transcript',
			stopReason: 'Imported',
		});
		expect(a?.startUnknown).toBeUndefined();
		expect(a?.lifecycle.map(step => step.kind)).toEqual(['spawned', 'completed']);
	});

	it('a cut-off transcript folds to interrupted', () => {
		expect(fold([importedLine(facts({finished: false}))])[0]).toMatchObject({status: 'interrupted', stoppedAt: t(90 * S)});
	});

	it('a grown transcript: the latest Imported line gives the run', () => {
		const first = importedLine(facts({finished: false, lastAt: t(30 * S), tokens: 10, toolCalls: 1}));
		const grown = importedLine(facts({lastAt: t(90 * S), tokens: 99, toolCalls: 5, transcriptBytes: 9000}));
		for (const lines of [[first, grown], [grown, first].reverse()]) {
			const [a] = fold(lines);
			expect(a).toMatchObject({status: 'completed', startedAt: t(0), stoppedAt: t(90 * S), tokens: 99, toolCalls: 5, resumeCount: 0});
			expect(a?.lifecycle.map(step => step.kind)).toEqual(['spawned', 'completed']);
			expect(a?.events).toHaveLength(2);
		}
	});

	it('an agent with any hook line ignores Imported lines entirely, whatever the order', () => {
		const imported = importedLine(facts({startedAt: t(-3600 * S), lastAt: t(500 * S), tokens: 1, description: 'from transcript'}));
		const hook = [hookLine('SubagentStart', 10 * S, 'a1', 'active'), hookLine('SubagentStop', 20 * S, 'a1', 'stopped')];
		const expected = fold(hook)[0];
		for (const lines of [
			[imported, ...hook],
			[...hook, imported],
			[hook[0]!, imported, hook[1]!],
		]) {
			const [a] = fold(lines);
			expect(a).toEqual(expected);
			expect(a).toMatchObject({source: 'hook', startedAt: t(10 * S), stoppedAt: t(20 * S), type: 'general-purpose'});
			expect(a?.tokens).toBeUndefined();
			expect(a?.description).toBeUndefined();
		}
		// A PostToolUse line alone is a hook line too.
		const tool = hookLine('PostToolUse', 600 * S, 'a1', undefined, {description: 'from the hook'});
		expect(fold([imported, tool])[0]).toMatchObject({source: 'hook', description: 'from the hook'});
		expect(fold([imported, tool])[0]?.tokens).toBeUndefined();
	});

	it('a SessionEnd naming the agent counts as the hook recording it', () => {
		const imported = importedLine(facts());
		const end: EventLine = {v: 1, at: t(100 * S), event: 'SessionEnd', sessionId: 's1', data: {reason: 'other', interrupted: ['a1']}};
		const [a] = fold([imported, end]);
		expect(a).toMatchObject({source: 'hook', status: 'interrupted', stopReason: 'session-end:other'});
		expect(a?.tokens).toBeUndefined();
	});

	it('an Imported line in another session does not touch the same agent id there', () => {
		const out = fold([importedLine(facts({sessionId: 's2'})), hookLine('SubagentStart', 0, 'a1', 'active')]);
		expect(out.map(a => [a.sessionId, a.source]).sort()).toEqual([
			['s1', 'hook'],
			['s2', 'transcript'],
		]);
	});
});

describe('sessionImportState and importDecision', () => {
	it('knows hooked agents and the transcript versions already imported', () => {
		const lines = [importedLine(facts()), hookLine('SubagentStart', 0, 'h1', 'active'), importedLine(facts({agentId: 'h1'}))];
		const state = sessionImportState(lines);
		expect(importDecision(state, 'h1', 5000, T0 + 90 * S)).toBe('hooked');
		expect(importDecision(state, 'a1', 5000, T0 + 90 * S)).toBe('up-to-date');
		expect(importDecision(state, 'a1', 6000, T0 + 95 * S)).toBe('import');
		expect(importDecision(state, 'a1', 5000, T0 + 91 * S)).toBe('import');
		expect(importDecision(state, 'new', 1, 1)).toBe('import');
	});

	it('internal compaction agents are recognised', () => {
		expect(isInternalAgentId('acompact-1a2b3c')).toBe(true);
		expect(isInternalAgentId('a2898e3')).toBe(false);
	});
});
