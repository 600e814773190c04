// The readers besides history and stats read a session's log line by line: none collects its lines
// (readSessionEvents), and what their folds hold of a line is without its long texts.
import {mkdirSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {formatEventLine, type EventLine} from '../../../src/core/record/event-line.js';
import {foldEvents} from '../../../src/core/history/fold.js';
import {importedLine, sessionImportState} from '../../../src/core/history/imported.js';
import {TimeOrder} from '../../../src/core/history/time-order.js';
import {readHeartbeat} from '../../../src/store/doctor/hook-traces.js';
import * as eventLog from '../../../src/store/history/event-log.js';
import {readAgentSession} from '../../../src/store/history/agent-session.js';
import {pruneSessions} from '../../../src/store/history/prune.js';
import {readSessionFacts} from '../../../src/store/otlp/session-facts.js';
import {defaultTranscriptFacts} from '../../../src/store/history/transcript-facts.js';
import {tempDir} from '../../helpers/tmp.js';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const at = (s: number): string => new Date(T0 + s * 1000).toISOString();
const report = (i: number): string => `## Report ${i}\n${'Nothing to fix. '.repeat(300)}`;

function line(s: number, event: string, agentId?: string, extra: Partial<EventLine> = {}): EventLine {
	return {v: 1, at: at(s), event, sessionId: 's1', ...(agentId === undefined ? {} : {agentId, type: 'Explore'}), ...extra};
}

/** 300 agents, each the child of the one before every tenth, with a report; a wait; the session's start and end. */
function writeLog(activity: string): EventLine[] {
	const lines: EventLine[] = [line(0, 'SessionStart', undefined, {data: {source: 'startup'}})];
	for (let i = 0; i < 300; i++) {
		const id = `a${i}`;
		const parent = i % 10 === 0 ? {} : {parentAgentId: `a${i - 1}`};
		lines.push(line(i * 2, 'SubagentStart', id, {state: 'active', data: parent}));
		if (i === 5) {
			lines.push(line(i * 2 + 0.5, 'PermissionRequest', id, {data: {waitingFor: 'Bash rm'}}));
		}
		lines.push(line(i * 2 + 1, 'SubagentStop', id, {state: 'stopped', data: {lastMessage: report(i)}}));
	}
	lines.push(line(700, 'SessionEnd', undefined, {data: {reason: 'exit'}}), line(800, 'SubagentStart', 'live', {state: 'active'}));
	mkdirSync(path.join(activity, 's1'), {recursive: true});
	writeFileSync(path.join(activity, 's1', eventLog.EVENT_LOG_NAME), lines.map(formatEventLine).join(''));
	return lines;
}

describe('readers that fold a session read it line by line', () => {
	let longest = 0;
	/** The agents (or '-') of lines held with their long texts. */
	let heldWhole = new Set<string>();
	beforeEach(() => {
		longest = 0;
		heldWhole = new Set();
		vi.spyOn(eventLog, 'readSessionEvents');
		const push = Object.getOwnPropertyDescriptor(TimeOrder.prototype, 'push')!.value as TimeOrder<unknown>['push'];
		vi.spyOn(TimeOrder.prototype, 'push').mockImplementation(function (this: TimeOrder<unknown>, item: unknown, ms: number, bytes?: number) {
			const length = JSON.stringify(item).length;
			longest = Math.max(longest, length);
			if (length > 1000) {
				heldWhole.add((item as EventLine).agentId ?? '-');
			}
			push.call(this, item, ms, bytes);
		});
	});
	afterEach(() => {
		expect(eventLog.readSessionEvents).not.toHaveBeenCalled();
		vi.restoreAllMocks();
	});

	it('chain: the same lineage and lines as the whole-log fold, lines kept for the chain only', () => {
		const activity = tempDir('activity-');
		const lines = writeLog(activity);
		const read = readAgentSession(activity, 'a15', {vars: process.env, now: T0 + 3_600_000});
		// Whole only in the last read, and only the chain's lines (a10 → … → a19).
		expect([...heldWhole].sort()).toEqual(Array.from({length: 10}, (_, i) => `a1${i}`));
		const whole = foldEvents(lines, {now: T0 + 3_600_000});
		const byId = new Map(read.sessionAgents!.map(h => [h.agentId, h]));
		for (const h of whole) {
			const inChain = h.agentId.startsWith('a1') && h.agentId.length === 3;
			expect({...byId.get(h.agentId)!, events: []}).toEqual({...h, events: []});
			expect(byId.get(h.agentId)!.events).toEqual(inChain ? h.events : []);
		}
	});

	it('otlp: the same agents, and the lines the spans read', () => {
		const activity = tempDir('activity-');
		const lines = writeLog(activity);
		const read = readSessionFacts(activity, {id: 's1', label: 's1', mtimeMs: 0}, T0 + 3_600_000, undefined, defaultTranscriptFacts(process.env));
		expect(longest).toBeLessThan(1000);
		const whole = foldEvents(lines, {now: T0 + 3_600_000});
		expect(read.facts.agents.map(h => ({...h, events: []}))).toEqual(whole.map(h => ({...h, events: []})));
		expect(read.facts.agents.find(h => h.agentId === 'a5')?.events.map(l => l.event)).toEqual(['PermissionRequest']);
		// The session's lines, and its last line (an agent's): the span's bounds.
		expect(read.facts.lines.map(l => l.event)).toEqual(['SessionStart', 'SessionEnd', 'SubagentStart']);
	});

	it('prune: a live agent keeps the session, found line by line', () => {
		const activity = tempDir('activity-');
		writeLog(activity);
		const old = (T0 + 900_000) / 1000;
		utimesSync(path.join(activity, 's1', eventLog.EVENT_LOG_NAME), old, old);
		utimesSync(path.join(activity, 's1'), old, old);
		const result = pruneSessions(activity, {now: T0 + 60 * 86_400_000, olderThanMs: 86_400_000, dryRun: true, staleMs: Number.POSITIVE_INFINITY});
		expect(longest).toBeLessThan(1000);
		expect(result.removed).toEqual([]);
		expect(result.kept).toEqual([expect.objectContaining({id: 's1', reason: 'live-agent'})]);
	});

	it('doctor and import: the newest time of each event, and the import state', () => {
		const activity = tempDir('activity-');
		const lines = writeLog(activity);
		const beat = readHeartbeat(activity);
		expect(beat.lastByEvent.get('SessionEnd')).toBe(T0 + 700_000);
		expect(beat.lastByEvent.get('SubagentStart')).toBe(T0 + 800_000);
		const imported = importedLine({
			sessionId: 's1',
			agentId: 'x1',
			lastAt: at(900),
			transcriptPath: '/t.jsonl',
			transcriptBytes: 10,
			transcriptMtimeMs: 5,
			files: [],
		} as never);
		writeFileSync(path.join(activity, 's1', eventLog.EVENT_LOG_NAME), [...lines, imported].map(formatEventLine).join(''));
		const state = eventLog.readImportState(path.join(activity, 's1'), 's1');
		expect(state).toEqual(sessionImportState([...lines, imported]));
		expect(state.hooked.size).toBe(301);
	});
});
