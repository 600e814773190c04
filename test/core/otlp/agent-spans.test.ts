// Ids, span facts, encodings and the follow plan of the OTLP export (pure parts).
import {describe, expect, it} from 'vitest';
import type {EventLine} from '../../../src/core/record/event-line.js';
import {foldEvents, type AgentHistory} from '../../../src/core/history/fold.js';
import {agentSpan, MAX_ATTRIBUTE_CHARS, MAX_SPAN_EVENTS} from '../../../src/core/otlp/agent-spans.js';
import {dueSpans, hasPending, SETTLE_MS, SESSION_QUIET_MS, unfinishedSpans} from '../../../src/core/otlp/follow-plan.js';
import {agentSpanId, sessionSpanId, traceIdOf} from '../../../src/core/otlp/ids.js';
import {decodePartialSuccessJson, encodeTraceRequestJson} from '../../../src/core/otlp/json-encoding.js';
import {decodePartialSuccess, encodeTraceRequest} from '../../../src/core/otlp/protobuf.js';
import {fitsOtlp, int, MAX_OTLP_MS, msToNs, str, type ExportContext} from '../../../src/core/otlp/span.js';
import {decodeTraceRequest} from '../../helpers/otlp-receiver.js';

const S = 'sess-1';
const T0 = Date.parse('2026-11-20T10:00:00.000Z');
const line = (seconds: number, event: string, fields: Partial<EventLine> = {}): EventLine => ({
	v: 1,
	at: new Date(T0 + seconds * 1000).toISOString(),
	event,
	sessionId: S,
	...fields,
});
const agentLine = (seconds: number, event: string, agentId: string, state: EventLine['state'] = 'active', data?: EventLine['data']): EventLine =>
	line(seconds, event, {agentId, type: 'Explore', state, ...(data === undefined ? {} : {data})});
const context: ExportContext = {resource: [str('service.name', 'agentlog')], scopeName: 'agentlog', scopeVersion: '1.2.3'};

describe('ids', () => {
	it('a UUID session id is its trace id; other ids are hashed; the same input gives the same ids', () => {
		expect(traceIdOf('5E6711E5-241a-462a-8d15-5122611a9569')).toBe('5e6711e5241a462a8d155122611a9569');
		expect(traceIdOf('session-x')).toMatch(/^[0-9a-f]{32}$/);
		expect(traceIdOf('00000000-0000-0000-0000-000000000000')).not.toBe('0'.repeat(32));
		expect(agentSpanId(S, 'a1')).toBe(agentSpanId(S, 'a1'));
		expect(agentSpanId(S, 'a1')).not.toBe(agentSpanId('sess-2', 'a1'));
		expect(new Set([agentSpanId(S, 'a1'), agentSpanId(S, 'a2'), sessionSpanId(S)]).size).toBe(3);
		expect(sessionSpanId(S)).toMatch(/^[0-9a-f]{16}$/);
	});
});

describe('agentSpan', () => {
	it('cuts long attribute texts, keeps at most 128 events (counting the rest), and never ends before it starts', () => {
		const lines = [agentLine(0, 'SubagentStart', 'a1')];
		for (let i = 0; i < 200; i++) {
			lines.push(agentLine(1 + 2 * i, 'PermissionRequest', 'a1', 'active', {waitingFor: 'x'.repeat(5000)}));
		}
		lines.push(agentLine(500, 'SubagentStop', 'a1', 'stopped'));
		const [h] = foldEvents(lines, {now: T0 + 600_000});
		const span = agentSpan(h!, {now: T0 + 600_000});
		expect(span.events).toHaveLength(MAX_SPAN_EVENTS);
		expect(span.droppedEvents).toBe(201 - MAX_SPAN_EVENTS);
		const waitingFor = span.events[0]!.attributes[0]!.value.value as string;
		expect([...waitingFor]).toHaveLength(MAX_ATTRIBUTE_CHARS);
		expect(waitingFor.endsWith('…')).toBe(true);
		expect(span.endNs >= span.startNs).toBe(true);
	});
});

describe('a stale agent’s span', () => {
	it("ends at its last sign of life: its transcript's last line when that is later than its log's", () => {
		// A workflow agent SIGKILLed mid-run (real Claude Code 2.1.328): its log has only its start; its transcript went on.
		const now = T0 + 3_600_000;
		const [h] = foldEvents([agentLine(0, 'SubagentStart', 'a1')], {now});
		expect(h?.status).toBe('stale');
		const worked = {...h!, lastActivityAt: new Date(T0 + 276).toISOString()};
		const span = agentSpan(worked, {now});
		expect(Number(span.endNs - span.startNs) / 1e6).toBe(276);
		// With nothing later than the log, its log's last line.
		const logOnly = agentSpan(h!, {now});
		expect(logOnly.endNs).toBe(logOnly.startNs);
	});
});

describe('the cost attributes', () => {
	const attributes = (cost: AgentHistory['cost']) => {
		const [h] = foldEvents([agentLine(0, 'SubagentStart', 'a1'), agentLine(2, 'SubagentStop', 'a1', 'stopped')], {now: T0 + 10_000});
		return Object.fromEntries(agentSpan({...h!, ...(cost === undefined ? {} : {cost})}, {now: T0 + 10_000}).attributes.map(a => [a.key, a.value]));
	};

	it('agentlog.cost_usd as a double (list prices, an estimate), the prices day, the responses it could not price', () => {
		const known = attributes({usd: 0.1234567, priced: 3, unpriced: 1, asOf: '2026-09-23'});
		expect(known['agentlog.cost_usd']).toEqual({kind: 'double', value: 0.123457});
		expect(known['agentlog.cost_unpriced_responses']).toEqual({kind: 'int', value: 1});
		expect(known['agentlog.prices_as_of']).toEqual({kind: 'string', value: '2026-09-23'});
	});

	it('no dollars when nothing could be priced (never 0), none when the transcript was not read', () => {
		const unpriced = attributes({usd: 0, priced: 0, unpriced: 2, asOf: '2026-09-23'});
		expect(unpriced['agentlog.cost_usd']).toBeUndefined();
		expect(unpriced['agentlog.cost_unpriced_responses']).toEqual({kind: 'int', value: 2});
		const unknown = attributes(undefined);
		expect(Object.keys(unknown).filter(k => k.includes('cost') || k.includes('price'))).toEqual([]);
	});
});

describe('encodings', () => {
	it('protobuf: decoded by the official definitions with every value intact (unicode, big counts, negative ints, nanosecond times)', () => {
		const [h] = foldEvents([agentLine(0, 'SubagentStart', 'a1'), agentLine(2, 'SubagentStop', 'a1', 'stopped')], {now: T0 + 10_000});
		const span = {
			...agentSpan(h!, {now: T0 + 10_000}),
			attributes: [str('emoji', 'ok 👍 ü'), int('big', 2 ** 53 - 1), int('neg', -5), str('long', 'ü👍x'.repeat(20_000)), str('edge', 'x'.repeat(42))],
		};
		const decoded = decodeTraceRequest(encodeTraceRequest(context, [span]));
		expect(decoded.scope).toEqual({name: 'agentlog', version: '1.2.3'});
		expect(decoded.spans[0]!.attributes).toEqual({emoji: 'ok 👍 ü', big: 2 ** 53 - 1, neg: -5, long: 'ü👍x'.repeat(20_000), edge: 'x'.repeat(42)});
		expect(decoded.spans[0]).toMatchObject({startMs: T0, endMs: T0 + 2000, traceId: traceIdOf(S), spanId: agentSpanId(S, 'a1')});
		const json = JSON.parse(encodeTraceRequestJson(context, [span])) as {resourceSpans: {scopeSpans: {spans: {attributes: {value: unknown}[]}[]}[]}[]};
		expect(json.resourceSpans[0]!.scopeSpans[0]!.spans[0]!.attributes.map(a => a.value)).toEqual([
			{stringValue: 'ok 👍 ü'},
			{intValue: String(2 ** 53 - 1)},
			{intValue: '-5'},
			{stringValue: 'ü👍x'.repeat(20_000)},
			{stringValue: 'x'.repeat(42)},
		]);
	});

	it('reads partial success from protobuf and JSON responses, and nothing from an empty or broken one', () => {
		expect(decodePartialSuccess(Uint8Array.from([0x0a, 0x02, 0x08, 0x03]))).toEqual({rejectedSpans: 3, errorMessage: ''});
		expect(decodePartialSuccess(new Uint8Array())).toBeUndefined();
		expect(decodePartialSuccess(Uint8Array.from([0x0a, 0x00]))).toBeUndefined();
		expect(decodePartialSuccess(Uint8Array.from([0x0a, 0x7f, 0x08]))).toBeUndefined();
		expect(decodePartialSuccessJson('{"partialSuccess":{"rejectedSpans":"4","errorMessage":"late"}}')).toEqual({rejectedSpans: 4, errorMessage: 'late'});
		expect(decodePartialSuccessJson('{}')).toBeUndefined();
		expect(decodePartialSuccessJson('not json')).toBeUndefined();
	});
});

describe('the follow plan', () => {
	const facts = (lines: EventLine[], now: number) => ({sessionId: S, lines, agents: foldEvents(lines, {now})});
	const nothingSent = () => undefined;

	it('sends an ended run once it settled, again only when it changed; the session span once it ended', () => {
		const lines = [line(0, 'SessionStart'), agentLine(1, 'SubagentStart', 'a1'), agentLine(10, 'SubagentStop', 'a1', 'stopped')];
		const at = (ms: number) => T0 + ms;
		// Just stopped: its parent's call may still come.
		expect(dueSpans(facts(lines, at(10_000 + SETTLE_MS - 1)), nothingSent, at(10_000 + SETTLE_MS - 1))).toEqual([]);
		const due = dueSpans(facts(lines, at(20_000)), nothingSent, at(20_000));
		expect(due.map(p => p.span.name)).toEqual(['invoke_agent Explore']);
		const sent = new Map(due.map(p => [p.span.spanId, p.fingerprint]));
		const lookup = (_s: string, spanId: string) => sent.get(spanId);
		expect(dueSpans(facts(lines, at(20_000)), lookup, at(20_000))).toEqual([]);
		// The call came back later with its description: sent again, same ids.
		const more = [...lines, agentLine(10.2, 'PostToolUse', 'a1', 'stopped', {status: 'completed', description: 'D'})];
		const again = dueSpans(facts(more, at(20_000)), lookup, at(20_000));
		expect(again.map(p => p.span.spanId)).toEqual(due.map(p => p.span.spanId));
		// The session ended: its span follows.
		const ended = [...more, line(30, 'SessionEnd', {data: {reason: 'other', interrupted: []}})];
		expect(dueSpans(facts(ended, at(40_000)), lookup, at(40_000)).map(p => p.span.name)).toEqual(['invoke_agent Explore', 'claude_code.session']);
	});

	it('a session without an end gets its span once quiet; a run going is pending and only sent on quit, unfinished', () => {
		const lines = [agentLine(1, 'SubagentStart', 'a1'), agentLine(10, 'SubagentStop', 'a1', 'stopped'), agentLine(2, 'SubagentStart', 'a2')];
		const now = T0 + 60_000;
		const f = facts(lines, now);
		expect(dueSpans(f, nothingSent, now).map(p => p.span.name)).toEqual(['invoke_agent Explore']);
		expect(hasPending(f, nothingSent, now)).toBe(true);
		const quit = unfinishedSpans(f, now);
		expect(quit.map(p => p.span.attributes.find(a => a.key === 'gen_ai.agent.id')?.value.value ?? p.span.name)).toEqual(['claude_code.session', 'a2']);
		expect(quit.every(p => p.span.attributes.some(a => a.key === 'agentlog.unfinished'))).toBe(true);
		const done = [lines[0]!, lines[1]!];
		const late = T0 + 10_000 + SESSION_QUIET_MS;
		expect(dueSpans(facts(done, late - 1), nothingSent, late - 1).map(p => p.span.name)).toEqual(['invoke_agent Explore']);
		expect(dueSpans(facts(done, late), nothingSent, late).map(p => p.span.name)).toEqual(['invoke_agent Explore', 'claude_code.session']);
	});
});

describe('msToNs', () => {
	it("holds a time within OTLP's unsigned 64-bit nanoseconds: never negative, never wrapped", () => {
		expect(msToNs(1)).toBe(1_000_000n);
		expect(MAX_OTLP_MS).toBe(Number((2n ** 64n - 1n) / 1_000_000n));
		expect(new Date(MAX_OTLP_MS).toISOString()).toBe('2554-07-21T23:34:33.709Z');
		expect(msToNs(-1)).toBe(0n);
		expect(msToNs(Date.parse('2600-01-01T00:00:00Z'))).toBe(BigInt(MAX_OTLP_MS) * 1_000_000n);
		expect(msToNs(Number.NaN)).toBe(0n);
		expect([fitsOtlp(0), fitsOtlp(MAX_OTLP_MS), fitsOtlp(-1), fitsOtlp(MAX_OTLP_MS + 1), fitsOtlp(Number.NaN)]).toEqual([true, true, false, false, false]);
	});
});
