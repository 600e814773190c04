import {describe, expect, it} from 'vitest';
import type {AgentRecord} from '../../../src/core/record/agent-record.js';
import {
	EMPTY_NOTIFY_STATE,
	agentLabel,
	edgeText,
	notifyOutput,
	notifySequence,
	notifyStep,
	notifyText,
	parseNotifyState,
	versionAtLeast,
	versionInTranscriptHead,
	type NotifyState,
} from '../../../src/core/hook/notify.js';

const T0 = Date.parse('2026-11-26T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

function agent(id: string, fields: Partial<AgentRecord> = {}): AgentRecord {
	return {agentId: id, type: 'general-purpose', status: 'active', startedAt: iso(T0), updatedAt: iso(T0), ...fields};
}
const waiting = (id: string, waitingFor = 'Bash: npm publish') => agent(id, {waitingFor, waitingSince: iso(T0 + 1000), updatedAt: iso(T0 + 1000)});
const stopped = (id: string, fields: Partial<AgentRecord> = {}) =>
	agent(id, {status: 'stopped', stoppedAt: iso(T0 + 5000), stopReason: 'subagent-stop', ...fields});
const failed = (id: string) => stopped(id, {stopReason: 'stop-failure:unknown', lastMessage: 'API Error: 400 refused\nmore'});

describe('notifyText', () => {
	it('keeps printable text as it is', () => {
		expect(notifyText('reviewer waits: Bash: npm test')).toBe('reviewer waits: Bash: npm test');
	});

	it('makes every control, escape, bell and separator harmless', () => {
		const hostile = 'evil\u001b]777;notify;x;y\u0007\u009b31m\u009d0;title\u0007name\u202Egnp.exe\u200B\r\nnext\tline\u0000';
		const text = notifyText(hostile);
		expect([...text].filter(ch => ch.charCodeAt(0) < 0x20 || (ch.charCodeAt(0) >= 0x7f && ch.charCodeAt(0) <= 0x9f) || '\u202e\u200b;'.includes(ch))).toEqual(
			[],
		);
		expect(text).toBe('evil ]777,notify,x,y 31m 0,title name gnp.exe next line');
	});

	it('cuts long text to the limit with an ellipsis, never in the middle of a character', () => {
		const text = notifyText(`${'😀'.repeat(150)}`, 100);
		expect([...text]).toHaveLength(100);
		expect(text.endsWith('…')).toBe(true);
		expect(text).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/u);
	});

	it('turns a lone surrogate into U+FFFD', () => {
		expect(notifyText('a\uD800b')).toBe('a\uFFFDb');
	});
});

describe('notifySequence and notifyOutput', () => {
	it('is OSC 9 with the text, then a bare BEL, and nothing else', () => {
		expect(notifySequence('x waits')).toBe('\u001b]9;agentlog: x waits\u0007\u0007');
	});

	it('holds exactly one OSC and one BEL whatever the agent is called', () => {
		const edge = {kind: 'waiting', agent: waiting('a1', '\u0007\u001b]52;c;ZXZpbA==\u0007')} as const;
		const seq = notifySequence(edgeText({...edge, agent: {...edge.agent, type: 'x\u001b\\\u001b[2J;y', description: '\u0007'.repeat(50)}}));
		expect(seq.split('\u001b')).toHaveLength(2);
		expect(seq.split('\u0007')).toHaveLength(3);
		expect(seq.startsWith('\u001b]9;agentlog: ')).toBe(true);
		expect(seq.slice('\u001b]9;'.length, -2)).not.toContain(';');
		expect([...seq.slice('\u001b]9;'.length, -2)].length).toBeLessThanOrEqual(100);
	});

	it('prints one JSON line with only terminalSequence', () => {
		const line = notifyOutput({kind: 'finished', count: 3, failed: 0});
		expect(line.endsWith('\n')).toBe(true);
		expect(JSON.parse(line)).toEqual({terminalSequence: '\u001b]9;agentlog: all 3 agents finished\u0007\u0007'});
	});
});

describe('edgeText', () => {
	it('names the agent, its task and what it waits for', () => {
		expect(edgeText({kind: 'waiting', agent: {...waiting('a1'), description: 'Publish the package'}})).toBe(
			'general-purpose "Publish the package" waits for you: Bash: npm publish',
		);
	});

	it('says why an agent failed (the first line of its message)', () => {
		expect(edgeText({kind: 'failed', agent: {...failed('a1'), type: 'workflow-subagent'}})).toBe('workflow-subagent failed: API Error: 400 refused');
	});

	it('says how many finished and failed, and which workflow run', () => {
		expect(edgeText({kind: 'finished', count: 2, failed: 1, runId: 'wf_fac5b0fb-872'})).toBe('workflow wf_fac5b0fb-872 finished: 2 agents, 1 failed');
		expect(edgeText({kind: 'finished', count: 4, failed: 0})).toBe('all 4 agents finished');
	});

	it('uses a teammate name when there is no task', () => {
		expect(agentLabel(agent('reviewer@team', {teammateName: 'reviewer'}))).toBe('general-purpose "reviewer"');
	});
});

describe('versions', () => {
	it('finds the version in a transcript head', () => {
		const head = '{"type":"queue-operation"}\n{"parentUuid":null,"type":"user","version":"2.1.328","cwd":"/w"}\n';
		expect(versionInTranscriptHead(head)).toBe('2.1.328');
		expect(versionInTranscriptHead('{"type":"queue-operation"}\n')).toBeUndefined();
	});

	it('compares with 2.1.141, unknown counting as too old', () => {
		expect(versionAtLeast('2.1.141')).toBe(true);
		expect(versionAtLeast('2.1.328')).toBe(true);
		expect(versionAtLeast('2.2.0')).toBe(true);
		expect(versionAtLeast('2.1.140')).toBe(false);
		expect(versionAtLeast('1.9.999')).toBe(false);
		expect(versionAtLeast(undefined)).toBe(false);
		expect(versionAtLeast('2.1')).toBe(false);
	});
});

describe('parseNotifyState', () => {
	it('keeps what is valid and drops the rest', () => {
		expect(parseNotifyState({clientVersion: '2.1.328', lastAt: 5, quietAt: 'x', sent: {a: 'waiting', b: 'other', c: 'failed'}})).toEqual({
			clientVersion: '2.1.328',
			lastAt: 5,
			sent: {a: 'waiting', c: 'failed'},
		});
		expect(parseNotifyState([1])).toEqual(EMPTY_NOTIFY_STATE);
		expect(parseNotifyState({clientVersion: '2.1.328"\u001b'})).toEqual(EMPTY_NOTIFY_STATE);
	});
});

describe('notifyStep', () => {
	const base: NotifyState = {clientVersion: '2.1.328', sent: {}};

	it('notifies a wait once, not again while it still waits, and again after it was answered', () => {
		const first = notifyStep(base, {agent: waiting('a1'), nowMs: T0 + 1000});
		expect(first.edge?.kind).toBe('waiting');
		const again = notifyStep(first.state, {agent: waiting('a1', 'Claude needs your permission to use Bash'), nowMs: T0 + 9000});
		expect(again.edge).toBeUndefined();
		const answered = notifyStep(again.state, {agent: agent('a1', {updatedAt: iso(T0 + 10_000)}), nowMs: T0 + 10_000});
		expect(answered.edge).toBeUndefined();
		expect(answered.changed).toBe(true);
		expect(notifyStep(answered.state, {agent: waiting('a1'), nowMs: T0 + 20_000}).edge?.kind).toBe('waiting');
	});

	it('notifies a failure once', () => {
		const first = notifyStep(base, {agent: failed('a1'), nowMs: T0, sessionAgents: [failed('a1'), agent('a2')]});
		expect(first.edge?.kind).toBe('failed');
		expect(notifyStep(first.state, {agent: failed('a1'), nowMs: T0 + 9000, sessionAgents: [failed('a1'), agent('a2')]}).edge).toBeUndefined();
	});

	it('does not notify an ordinary stop while others run, nor a lone agent finishing', () => {
		expect(notifyStep(base, {agent: stopped('a1'), nowMs: T0 + 5000, sessionAgents: [stopped('a1'), agent('a2')]}).edge).toBeUndefined();
		const alone = notifyStep(base, {agent: stopped('a1'), nowMs: T0 + 5000, sessionAgents: [stopped('a1')]});
		expect(alone.edge).toBeUndefined();
		expect(alone.state.quietAt).toBe(T0 + 5000);
	});

	it('notifies a finished fan-out once, counting the failed, and starts a new batch after it', () => {
		const all = [stopped('a1'), failed('a2'), stopped('a3')];
		const done = notifyStep(base, {agent: all[2], nowMs: T0 + 6000, sessionAgents: all});
		expect(done.edge).toEqual({kind: 'finished', count: 3, failed: 1});
		// The same agents again (a repeated stop): nothing new.
		expect(notifyStep(done.state, {agent: all[2], nowMs: T0 + 60_000, sessionAgents: all}).edge).toBeUndefined();
		// A new pair started after it: a new batch.
		const later = [...all, stopped('b1', {startedAt: iso(T0 + 70_000)}), stopped('b2', {startedAt: iso(T0 + 71_000)})];
		expect(notifyStep(done.state, {agent: later[4], nowMs: T0 + 80_000, sessionAgents: later}).edge).toEqual({kind: 'finished', count: 2, failed: 0});
	});

	it('says a workflow run finished, from the run in its agents transcript paths', () => {
		const wf = '/c/projects/p/s/subagents/workflows/wf_fac5b0fb-872/agent-b.jsonl';
		const all = [failed('a'), stopped('b', {transcriptPath: wf})];
		expect(notifyStep(base, {agent: all[1], nowMs: T0 + 6000, sessionAgents: all}).edge).toEqual({
			kind: 'finished',
			count: 2,
			failed: 1,
			runId: 'wf_fac5b0fb-872',
		});
	});

	it('does not hold a batch open for an agent silent past the stale window', () => {
		const all = [stopped('a1'), stopped('a2'), agent('ghost')];
		expect(notifyStep(base, {agent: all[1], nowMs: T0 + 10 * 60_000, sessionAgents: all}).edge?.kind).toBe('finished');
		expect(notifyStep(base, {agent: all[1], nowMs: T0 + 60_000, sessionAgents: all}).edge).toBeUndefined();
	});

	it('holds an edge back within the interval, and sends it on a later event', () => {
		const first = notifyStep(base, {agent: waiting('a1'), nowMs: T0 + 1000});
		const soon = notifyStep(first.state, {agent: waiting('a2'), nowMs: T0 + 1500});
		expect(soon.edge).toBeUndefined();
		expect(soon.state.sent.a2).toBeUndefined();
		const later = notifyStep(soon.state, {agent: waiting('a2'), nowMs: T0 + 3100});
		expect(later.edge?.kind).toBe('waiting');
		expect(later.state.lastAt).toBe(T0 + 3100);
	});

	it('never holds back the end of a fan-out, which no event may follow (a failure just before it)', () => {
		const first = failed('a1');
		const all = [first, stopped('a2')];
		const failure = notifyStep(base, {agent: first, nowMs: T0 + 5500, sessionAgents: [first, agent('a2')]});
		expect(failure.edge?.kind).toBe('failed');
		const end = notifyStep(failure.state, {agent: all[1], nowMs: T0 + 6000, sessionAgents: all});
		expect(end.edge).toEqual({kind: 'finished', count: 2, failed: 1});
		expect(end.state.quietAt).toBe(T0 + 6000);
		expect(notifyStep(end.state, {agent: all[1], nowMs: T0 + 9000, sessionAgents: all}).edge).toBeUndefined();
	});

	it('changes nothing for an event that means nothing', () => {
		const step = notifyStep(base, {agent: agent('a1'), nowMs: T0});
		expect(step).toEqual({state: base, changed: false});
	});
});
