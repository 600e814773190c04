// The user's stop as its own lifecycle state, through every place that says an agent's state: the
// hook's record, the event log's fold, the record a moment of the past rebuilds, the words of
// watch/ls/history/stats/report, the workflow counts, the transcript's own account of the stop.
import {describe, expect, it} from 'vitest';
import {applyHookEvent, interruptOnSessionEnd, stopByUser} from '../../../src/core/hook/apply-event.js';
import {parseHookPayload} from '../../../src/core/hook/hook-payload.js';
import type {AgentRecord} from '../../../src/core/record/agent-record.js';
import type {EventLine} from '../../../src/core/record/event-line.js';
import type {Json} from '../../../src/core/record/json.js';
import {foldEvents} from '../../../src/core/history/fold.js';
import {recordOf} from '../../../src/core/history/moment-from-log.js';
import {importedLine} from '../../../src/core/history/imported.js';
import {lifecycleLines, recordSteps, stopReasonText} from '../../../src/core/record/lifecycle.js';
import {USER_STOP_REASON} from '../../../src/core/record/limits.js';
import {userStopLine} from '../../../src/core/stop/stop-decision.js';
import {USER_STOP_MESSAGE} from '../../../src/core/stop/stop-request.js';
import {hookStopOf, hookStopReason} from '../../../src/core/transcript/hook-stop.js';
import {EMPTY_SUMMARY, foldLines} from '../../../src/core/transcript/summary.js';
import {buildMonitorModel} from '../../../src/core/monitor/model.js';
import {lifecycleWord, statusLabel} from '../../../src/present/present.js';
import {historyStatusText} from '../../../src/present/history-text.js';
import {groupWorkflows} from '../../../src/core/workflow/group.js';
import {runCountsText} from '../../../src/present/workflow-text.js';
import {inferredStop} from '../../../src/core/monitor/inferred-stop.js';
import {agentActivity} from '../../../src/core/transcript/activity.js';

const SESSION = 'sess-1';
const T0 = Date.parse('2026-11-29T03:00:00.000Z');
const t = (ms: number) => new Date(T0 + ms).toISOString();

function started(): AgentRecord {
	const parsed = parseHookPayload({
		hook_event_name: 'SubagentStart',
		session_id: SESSION,
		agent_id: 'a1',
		agent_type: 'Explore',
		transcript_path: '/p/s.jsonl',
	});
	if (!parsed.ok) {
		throw new Error(parsed.error);
	}
	const r = applyHookEvent(parsed.value, 'a1', undefined, t(0));
	if (!r.ok) {
		throw new Error(r.error);
	}
	return r.value;
}

const line = (event: string, ms: number, extra: Partial<EventLine> = {}): EventLine => ({v: 1, at: t(ms), event, sessionId: SESSION, ...extra});

describe('the hook record', () => {
	it('is stopped by you once, and a session end after it changes nothing', () => {
		const stopped = stopByUser(started(), t(5000));
		expect(stopped).toMatchObject({status: 'stopped', stoppedAt: t(5000), stopReason: USER_STOP_REASON});
		expect(stopped?.interrupted).toBeUndefined();
		expect(stopByUser(stopped!, t(5060))).toBeUndefined();
		expect(interruptOnSessionEnd(stopped!, 'other', t(7000))).toBeUndefined();
	});

	it('says so in words, never interrupted', () => {
		const stopped = stopByUser(started(), t(5000))!;
		const item = buildMonitorModel({
			agents: [stopped],
			transcripts: new Map(),
			now: T0 + 6000,
			options: {staleMs: 300_000, dedup: true, showGhosts: true, showAll: true},
		}).items[0]!;
		expect(lifecycleWord(item)).toBe('stopped by you');
		expect(statusLabel(item, T0 + 6000)).toBe('stopped by you');
		expect(recordSteps(stopped).map(s => s.kind)).toEqual(['spawned', 'user-stopped']);
		expect(lifecycleLines(stopped, undefined, iso => iso.slice(11, 19), 60).join('\n')).toContain('stopped by you');
		expect(stopReasonText(USER_STOP_REASON)).toBe('stopped by you');
	});
});

describe('the event log', () => {
	const lines = [
		line('SubagentStart', 0, {agentId: 'a1', type: 'Explore', state: 'active'}),
		userStopLine({at: t(5000), sessionId: SESSION, agentId: 'a1', type: 'Explore', hookEvent: 'PreToolUse', tool: 'Bash', requestId: 'r1', via: 'named'}),
		line('SessionEnd', 7000, {data: {reason: 'other'}}),
	];

	it('folds a UserStop line into stopped by you, at its time, not interrupted at the session end', () => {
		const [h] = foldEvents(lines, {now: T0 + 10_000});
		expect(h).toMatchObject({status: 'user-stopped', stoppedAt: t(5000), stopReason: USER_STOP_REASON, durationMs: 5000});
		expect(h!.lifecycle.map(s => s.kind)).toEqual(['spawned', 'user-stopped']);
		expect(historyStatusText(h!)).toBe('○ stopped by you');
		expect(recordOf(h!)).toMatchObject({status: 'stopped', stoppedAt: t(5000), stopReason: USER_STOP_REASON});
	});

	it('a resume after the stop is a resume (SendMessage)', () => {
		const [h] = foldEvents([...lines.slice(0, 2), line('SubagentStart', 6000, {agentId: 'a1', type: 'Explore', state: 'active'})], {now: T0 + 7000});
		expect(h).toMatchObject({status: 'resumed', resumeCount: 1});
	});
});

describe('the transcript', () => {
	const attachment = (message: string, ms: number) =>
		JSON.stringify({
			type: 'attachment',
			timestamp: t(ms),
			attachment: {type: 'hook_stopped_continuation', message, hookName: 'PreToolUse:Bash', toolUseID: 'toolu_1', hookEvent: 'PreToolUse'},
		});
	const assistant = (ms: number) =>
		JSON.stringify({type: 'assistant', timestamp: t(ms), message: {id: `m${ms}`, role: 'assistant', content: [{type: 'text', text: 'hi'}]}});

	it('tells agentlog’s stop from another hook’s', () => {
		expect(hookStopOf(JSON.parse(attachment(USER_STOP_MESSAGE, 10)) as Json)).toMatchObject({byUser: true, at: T0 + 10});
		const other = hookStopOf(JSON.parse(attachment('budget hook: out of money\u001b[2J', 10)) as Json)!;
		expect(other.byUser).toBe(false);
		expect(hookStopReason(other).startsWith('hook-stop:budget hook: out of money')).toBe(true);
		// Made safe where it enters: no escape sequence reaches a terminal.
		expect(hookStopReason(other)).not.toContain('\u001b');
		expect(hookStopOf({type: 'attachment', attachment: {type: 'prompt_snapshot'}})).toBeUndefined();
	});

	it('keeps the stop in the summary until the agent works again', () => {
		const s = foldLines(EMPTY_SUMMARY, [assistant(0), attachment(USER_STOP_MESSAGE, 10)]);
		expect(s.hookStop?.byUser).toBe(true);
		expect(foldLines(s, [assistant(20)]).hookStop).toBeUndefined();
		// An active record whose transcript shows the stop is stopped at the stop.
		const facts = agentActivity({summary: s, meta: undefined, parent: undefined, history: undefined, missing: false});
		expect(inferredStop({status: 'active'}, facts)).toEqual({at: T0 + 10});
	});

	it('an imported transcript that ends in agentlog’s stop is stopped by you', () => {
		const imported = importedLine({
			sessionId: SESSION,
			agentId: 'a1',
			type: 'Explore',
			finished: false,
			startedAt: t(0),
			lastAt: t(70),
			toolCalls: 2,
			files: [],
			transcriptPath: '/p/agent-a1.jsonl',
			transcriptBytes: 10,
			transcriptMtimeMs: T0,
			hookStop: {reason: USER_STOP_REASON, at: t(60)},
		});
		expect(imported.state).toBe('stopped');
		const [h] = foldEvents([imported], {now: T0 + 1000});
		expect(h).toMatchObject({status: 'user-stopped', stoppedAt: t(60)});
	});
});

it('a workflow run counts its agents stopped by you apart', () => {
	const workflow = {runId: 'wf_1', name: 'checks', phase: null, label: null};
	const groups = groupWorkflows([
		{agentId: 'w1', workflow, state: 'done'},
		{agentId: 'w2', workflow, state: 'stopped'},
	]);
	expect(groups[0]?.state).toBe('stopped');
	expect(runCountsText(groups[0]!.counts)).toBe('1 done · 1 stopped by you');
});
