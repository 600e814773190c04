// The one-time OTLP export (app/otlp/export-once.ts) against a local receiver (127.0.0.1) that
// decodes every request with the official OTLP protobuf definitions: a scripted session's spans
// (names, ids, parents, times, attributes, events, status), the resource, headers, JSON, a
// collector that answers 503 twice, one that refuses, and stop requests. Run in this process:
// the words gathered, the stop requests sent by the test (the CLI's wiring: cli/commands).
import {mkdirSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {exportOnce} from '../../../src/app/otlp/export-once.js';
import {otlpSetup} from '../../../src/app/otlp/setup.js';
import type {HistoryFilter} from '../../../src/core/history/query.js';
import {DEFAULT_STALE_MS} from '../../../src/core/monitor/stale.js';
import {CliError} from '../../../src/core/user-error.js';
import {cliEnv, newHome, ranAgent, stopRequests, until, writeLines, type Home} from '../../helpers/otlp-fixtures.js';
import {decodeTraceRequest, receiversClosedAfterEach, type DecodedSpan} from '../../helpers/otlp-receiver.js';

const SESSION = '5e6711e5-241a-462a-8d15-5122611a9569';
const T0 = Date.parse('2026-11-20T10:00:00.000Z');
const s = (seconds: number) => T0 + seconds * 1000;
const NOW = new Date(s(3600)).toISOString();

const receiver = receiversClosedAfterEach();

interface Given {
	/** The environment's variables besides the home's (OTEL_*). */
	readonly vars?: Record<string, string>;
	readonly filter?: HistoryFilter;
	readonly sessionId?: string;
}

/** The export started in this process at NOW: its words so far, and stop requests to send it. */
function startExport(h: Home, otlp: true | string, given: Given = {}) {
	let text = '';
	const stop = stopRequests();
	const setup = otlpSetup(otlp, cliEnv(h, given.vars));
	const done = exportOnce(
		{setup, activity: h.activity, now: Date.parse(NOW), staleMs: DEFAULT_STALE_MS, filter: given.filter ?? {}, sessionId: given.sessionId},
		{write: t => void (text += t), stops: stop.stops},
	);
	return {done, text: () => text, stop: stop.request};
}

/** The export run to its end: how it ended and what it said. */
async function runExport(h: Home, otlp: true | string, given: Given = {}) {
	const run = startExport(h, otlp, given);
	const end = await run.done;
	return {end, text: run.text()};
}

/** A session: a finished agent that waited on a prompt, its nested child, an idle teammate the session's end interrupted, and a resumed agent. */
function scriptedSession(h: Home): void {
	writeLines(h, SESSION, [
		{at: s(0), event: 'SessionStart', data: {source: 'startup', model: 'claude-opus-5'}},
		{at: s(1), event: 'SubagentStart', agentId: 'a1', type: 'Explore'},
		{at: s(2), event: 'SubagentStart', agentId: 'a2', type: 'Plan'},
		{at: s(3), event: 'SubagentStart', agentId: 'a3', type: 'worker'},
		{at: s(4), event: 'SubagentStart', agentId: 'a4', type: 'reviewer'},
		{at: s(5), event: 'PermissionRequest', agentId: 'a1', type: 'Explore', data: {waitingFor: 'Bash: npm test'}},
		{at: s(6), event: 'SubagentStop', agentId: 'a4', type: 'reviewer', state: 'stopped'},
		{at: s(8), event: 'TeammateIdle', agentId: 'a3', type: 'worker', state: 'idle', data: {teammateName: 'w1', teamName: 'shop'}},
		{at: s(10), event: 'SubagentStop', agentId: 'a2', type: 'Plan', state: 'stopped'},
		{
			at: s(10.1),
			event: 'PostToolUse',
			agentId: 'a2',
			type: 'Plan',
			state: 'stopped',
			data: {status: 'completed', description: 'Plan the fix', parentAgentId: 'a1'},
		},
		{at: s(20), event: 'SubagentStop', agentId: 'a1', type: 'Explore', state: 'stopped'},
		{
			at: s(20.1),
			event: 'PostToolUse',
			agentId: 'a1',
			type: 'Explore',
			state: 'stopped',
			data: {
				status: 'completed',
				description: 'Find the API routes',
				model: 'claude-haiku-4-5',
				totalTokens: 900,
				totalToolUseCount: 7,
				inputTokens: 100,
				outputTokens: 50,
				cacheReadTokens: 1000,
			},
		},
		{at: s(30), event: 'SubagentStart', agentId: 'a4', type: 'reviewer'},
		{at: s(40), event: 'SubagentStop', agentId: 'a4', type: 'reviewer', state: 'stopped'},
		{at: s(60), event: 'SessionEnd', data: {reason: 'prompt_input_exit', interrupted: ['a3']}},
	]);
}

const byName = (spans: readonly DecodedSpan[], agentId: string): DecodedSpan => {
	const span = spans.find(x => x.attributes['gen_ai.agent.id'] === agentId);
	if (span === undefined) {
		throw new Error(`no span for ${agentId}`);
	}
	return span;
};

describe('exportOnce', () => {
	it("sends one trace per session: the session's span and one span per agent run, with ids, parents, times, attributes, events and status", async () => {
		const h = newHome();
		scriptedSession(h);
		const r = await receiver();
		const run = await runExport(h, r.url, {vars: {OTEL_EXPORTER_OTLP_HEADERS: 'x-api-key=s%3Dcret,x-team=shop'}});
		expect(run.text).toBe(`agentlog: sent 5 spans (4 agents in 1 session) in 1 request to ${r.url}\n`);
		expect(run.end).toEqual({rejected: false});
		expect(r.received).toHaveLength(1);
		const request = r.received[0]!;
		expect(request.path).toBe('/v1/traces');
		expect(request.headers['content-type']).toBe('application/x-protobuf');
		expect(request.headers['x-api-key']).toBe('s=cret');
		expect(request.headers['x-team']).toBe('shop');
		const spans = r.accepted();
		expect(spans).toHaveLength(5);
		// One trace: the session id is the trace id.
		expect(new Set(spans.map(x => x.traceId))).toEqual(new Set([SESSION.replaceAll('-', '')]));
		expect(new Set(spans.map(x => x.spanId)).size).toBe(5);

		const session = spans.find(x => x.name === 'claude_code.session')!;
		expect(session).toMatchObject({parentSpanId: '', startMs: s(0), endMs: s(60), kind: 1, status: {code: 0}});
		expect(session.attributes).toMatchObject({
			'session.id': SESSION,
			'gen_ai.conversation.id': SESSION,
			'agentlog.agent_count': 4,
			'agentlog.end_reason': 'prompt_input_exit',
		});
		expect(session.events.map(e => e.name)).toEqual(['session_start', 'session_end']);

		const a1 = byName(spans, 'a1');
		expect(a1).toMatchObject({
			name: 'invoke_agent Explore',
			parentSpanId: session.spanId,
			startMs: s(1),
			endMs: s(20),
			kind: 1,
			status: {code: 0, message: ''},
			flags: 1,
		});
		expect(a1.attributes).toEqual({
			'gen_ai.operation.name': 'invoke_agent',
			'gen_ai.provider.name': 'anthropic',
			'agentlog.provider': 'claude',
			'gen_ai.agent.id': 'a1',
			'gen_ai.agent.name': 'Explore',
			'gen_ai.agent.description': 'Find the API routes',
			'gen_ai.conversation.id': SESSION,
			'session.id': SESSION,
			'gen_ai.request.model': 'claude-haiku-4-5',
			// No transcript here: the tokens are unknown; the Agent result's totalTokens is its last request only.
			'agentlog.last_request_tokens': 900,
			'agentlog.tool_call_count': 7,
			'agentlog.status': 'completed',
			'agentlog.resume_count': 0,
			'agentlog.source': 'hook',
			'agentlog.stop_reason': 'subagent-stop',
			'vcs.ref.head.revision': '3f2c9a107b4e4d219c550e8d1a6b2f4712345678',
			'vcs.ref.head.name': 'main',
		});
		expect(a1.events).toEqual([
			{name: 'waiting', timeMs: s(5), attributes: {'agentlog.waiting_for': 'Bash: npm test'}},
			{name: 'completed', timeMs: s(20), attributes: {'agentlog.reason': 'subagent-stop'}},
		]);

		// Nested: its parent is the agent that launched it.
		const a2 = byName(spans, 'a2');
		expect(a2).toMatchObject({name: 'invoke_agent Plan', parentSpanId: a1.spanId, startMs: s(2), endMs: s(10)});
		expect(a2.attributes['agentlog.parent_agent_id']).toBe('a1');

		// Interrupted by the session's end while idle: an error, with the idle step as an event.
		const a3 = byName(spans, 'a3');
		expect(a3).toMatchObject({startMs: s(3), endMs: s(60), status: {code: 2, message: 'interrupted: session-end:prompt_input_exit'}});
		expect(a3.attributes['agentlog.status']).toBe('interrupted');
		expect(a3.events.map(e => e.name)).toEqual(['idle', 'interrupted']);

		// Resumed after its first stop: one span from its first start to its last stop.
		const a4 = byName(spans, 'a4');
		expect(a4).toMatchObject({startMs: s(4), endMs: s(40), status: {code: 0}});
		expect(a4.attributes['agentlog.resume_count']).toBe(1);
		expect(a4.events.map(e => e.name)).toEqual(['completed', 'resumed', 'completed']);

		// The resource: service.name agentlog, this machine's host.name; the scope: agentlog.
		const decoded = decodeTraceRequest(request.body);
		expect(decoded.resource).toEqual({'service.name': 'agentlog', 'host.name': os.hostname()});
		expect(decoded.scope.name).toBe('agentlog');
	});

	it('sends the same ids every time, and a run still going as unfinished, ending now', async () => {
		const h = newHome();
		scriptedSession(h);
		writeLines(h, SESSION, [{at: s(3500), event: 'SubagentStart', agentId: 'a5', type: 'Explore'}]);
		const r = await receiver();
		expect((await runExport(h, r.url)).end).toEqual({rejected: false});
		expect((await runExport(h, r.url)).end).toEqual({rejected: false});
		const first = r.received[0]!;
		const second = r.received[1]!;
		const ids = (body: Buffer) => decodeTraceRequest(body).spans.map(x => `${x.traceId}/${x.spanId}/${x.parentSpanId}`);
		expect(ids(second.body)).toEqual(ids(first.body));
		const a5 = byName(r.accepted(), 'a5');
		expect(a5).toMatchObject({startMs: s(3500), endMs: s(3600)});
		expect(a5.attributes['agentlog.unfinished']).toBe(true);
		expect(a5.attributes['agentlog.status']).toBe('active');
	});

	it('takes the resource from OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES, the endpoint from the variables, and sends http/json when asked', async () => {
		const h = newHome();
		scriptedSession(h);
		const r = await receiver();
		const base = r.url.replace('/v1/traces', '');
		const run = await runExport(h, true, {
			vars: {
				OTEL_EXPORTER_OTLP_ENDPOINT: base,
				OTEL_SERVICE_NAME: 'ci-agents',
				OTEL_RESOURCE_ATTRIBUTES: 'service.name=ignored,deployment.environment=ci,host.name=runner-7',
			},
		});
		expect(run.end).toEqual({rejected: false});
		expect(decodeTraceRequest(r.received[0]!.body).resource).toEqual({'service.name': 'ci-agents', 'host.name': 'runner-7', 'deployment.environment': 'ci'});
		// OTLP/JSON: ids in hex, times as decimal strings.
		const json = await runExport(h, r.url, {sessionId: SESSION, vars: {OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json'}});
		expect(json.end).toEqual({rejected: false});
		const sent = r.received[1]!;
		expect(sent.headers['content-type']).toBe('application/json');
		const body = JSON.parse(sent.body.toString('utf8')) as {
			resourceSpans: {scopeSpans: {spans: {traceId: string; spanId: string; startTimeUnixNano: string}[]}[]}[];
		};
		const spans = body.resourceSpans[0]!.scopeSpans[0]!.spans;
		expect(spans).toHaveLength(5);
		expect(spans[0]!.traceId).toBe(SESSION.replaceAll('-', ''));
		expect(spans[0]!.startTimeUnixNano).toBe(`${s(0)}000000`);
		// Read through the official definitions, the JSON says what the protobuf said.
		const all = r.accepted();
		expect(all.slice(5)).toEqual(all.slice(0, 5));
	});

	it('retries a collector that answers 503 twice, then 200: everything sent once, nothing lost', async () => {
		const h = newHome();
		scriptedSession(h);
		const r = await receiver(n => (n < 2 ? {status: 503, body: 'busy'} : {status: 200}));
		const run = await runExport(h, r.url);
		expect(run.end).toEqual({rejected: false});
		expect(run.text).toContain('HTTP 503: busy; trying again in 500 ms');
		expect(run.text).toContain('HTTP 503: busy; trying again in 1 s');
		expect(r.received.map(x => x.status)).toEqual([503, 503, 200]);
		const spans = r.accepted();
		expect(spans).toHaveLength(5);
		expect(new Set(spans.map(x => x.spanId)).size).toBe(5);
	});

	it('honours Retry-After, halves a batch the collector finds too large, and stops with an error (exit 1) when it refuses', async () => {
		const h = newHome();
		scriptedSession(h);
		const r = await receiver(n => (n === 0 ? {status: 429, headers: {'retry-after': '0'}} : n === 1 ? {status: 413} : {status: 200}));
		const run = await runExport(h, r.url);
		expect(run.end).toEqual({rejected: false});
		expect(run.text).toContain('HTTP 429; trying again in 0 ms');
		expect(r.received.map(x => x.status)).toEqual([429, 413, 200, 200]);
		expect(r.accepted()).toHaveLength(5);

		const refusing = await receiver(() => ({status: 401, body: 'bad token'}));
		const refused = runExport(h, refusing.url);
		await expect(refused).rejects.toThrow(CliError);
		await expect(refused).rejects.toMatchObject({
			exitCode: 1,
			message: expect.stringContaining('did not take the spans: HTTP 401: bad token. Nothing was sent') as string,
		});
		expect(refusing.received).toHaveLength(1);
	});

	it('reports what the collector rejected (partial success), and says it was rejected (exit 1)', async () => {
		const h = newHome();
		scriptedSession(h);
		// ExportTraceServiceResponse{partial_success{rejected_spans: 2, error_message: "too old"}}.
		const partial = Uint8Array.from([0x0a, 0x0b, 0x08, 0x02, 0x12, 0x07, ...Buffer.from('too old')]);
		const r = await receiver(() => ({status: 200, body: partial}));
		const run = await runExport(h, r.url);
		expect(run.end).toEqual({rejected: true});
		expect(run.text).toContain('the collector rejected 2 of them: too old\n');
	});

	it('applies the history filters, and says when nothing matches', async () => {
		const h = newHome();
		scriptedSession(h);
		const r = await receiver();
		const run = await runExport(h, r.url, {filter: {type: 'plan'}});
		expect(run.end).toEqual({rejected: false});
		expect(r.accepted().map(x => x.name)).toEqual(['claude_code.session', 'invoke_agent Plan']);
		const none = await runExport(h, r.url, {filter: {type: 'nope'}});
		expect(none.end).toEqual({rejected: false});
		expect(none.text).toBe(`agentlog: nothing sent: no agent in the history under ${h.activity} matches\n`);
		expect(r.received).toHaveLength(1);
	});

	it('makes an --agent prefix exact, and one naming several agents is a usage error, sending nothing', async () => {
		const h = newHome();
		scriptedSession(h);
		const r = await receiver();
		const run = await runExport(h, r.url, {filter: {agent: 'a2'}});
		expect(r.accepted().map(x => x.name)).toEqual(['claude_code.session', 'invoke_agent Plan']);
		expect(run.text).toContain('sent 2 spans (1 agent in 1 session)');
		const several = runExport(h, r.url, {filter: {agent: 'a'}});
		await expect(several).rejects.toMatchObject({exitCode: 2, message: expect.stringContaining('agent prefix "a" matches 4 agents') as string});
		expect(r.received).toHaveLength(1);
	});

	it('says which logs it could not read, made safe, and sends the rest', async () => {
		const h = newHome();
		scriptedSession(h);
		const odd = '0dd0dd00-1111-4222-8333-444455556666';
		mkdirSync(path.join(h.activity, odd, 'events.jsonl'), {recursive: true});
		const r = await receiver();
		const run = await runExport(h, r.url);
		expect(run.text).toBe(`agentlog: skipped ${odd}: events.jsonl is a folder\nagentlog: sent 5 spans (4 agents in 1 session) in 1 request to ${r.url}\n`);
	});

	it('treats log times OTLP cannot carry (before 1970, after 2554) as unknown: no negative or wrapped time, and the span says so', async () => {
		const h = newHome();
		const t1960 = Date.parse('1960-01-01T00:00:00.000Z');
		const t2600 = Date.parse('2600-01-01T00:00:00.000Z');
		writeLines(h, SESSION, [
			{at: s(0), event: 'SessionStart', data: {source: 'startup'}},
			...ranAgent('old', 'Explore', t1960, s(10)),
			...ranAgent('far', 'Plan', s(20), t2600),
			...ranAgent('ok', 'Plan', s(30), s(40)),
		]);
		const r = await receiver();
		const run = await runExport(h, r.url);
		expect(run.end).toEqual({rejected: false});
		const spans = r.accepted();
		expect(spans).toHaveLength(4);
		for (const x of spans) {
			expect(x.startMs, x.name).toBeGreaterThanOrEqual(s(0));
			expect(x.endMs, x.name).toBeLessThanOrEqual(s(3600));
			expect(x.endMs, x.name).toBeGreaterThanOrEqual(x.startMs);
		}
		// A start out of range is taken as the run's end; an end out of range as its last known time.
		expect(byName(spans, 'old')).toMatchObject({startMs: s(10), endMs: s(10)});
		expect(byName(spans, 'old').attributes['agentlog.time_out_of_range']).toBe(true);
		expect(byName(spans, 'far').startMs).toBe(s(20));
		expect(byName(spans, 'far').attributes['agentlog.time_out_of_range']).toBe(true);
		expect(byName(spans, 'ok').attributes['agentlog.time_out_of_range']).toBeUndefined();
		const session = spans.find(x => x.name === 'claude_code.session')!;
		expect(session.attributes['agentlog.time_out_of_range']).toBe(true);
	});

	it('a stop request while a request hangs ends the export at once, saying what was sent and what was not', async () => {
		const h = newHome();
		scriptedSession(h);
		for (const reason of ['SIGTERM', 'SIGINT'] as const) {
			const r = await receiver(() => ({status: 200, hang: true}));
			const run = startExport(h, r.url, {vars: {OTEL_EXPORTER_OTLP_TIMEOUT: '60000'}});
			await until(
				() => r.received.length === 1,
				() => `a request; said: ${run.text()}`,
			);
			run.stop(reason);
			expect(await run.done).toEqual({stopped: reason});
			expect(run.text()).toBe(
				`agentlog: stopped by ${reason}: sent 0 spans in 0 requests to ${r.url}; 5 spans read so far were not (the last request was cut before its answer: the collector may have taken it; exporting again sends the same ids)\n`,
			);
		}
	});

	it('caps a Retry-After of 100,000 s at 30 s and says so', async () => {
		const h = newHome();
		scriptedSession(h);
		const r = await receiver(() => ({status: 429, headers: {'retry-after': '100000'}}));
		const run = startExport(h, r.url);
		await until(
			() => run.text().includes('trying again'),
			() => run.text(),
		);
		run.stop('SIGINT');
		expect(await run.done).toEqual({stopped: 'SIGINT'});
		expect(run.text()).toContain('HTTP 429; trying again in 30 s (it asked for 100000 s with Retry-After; agentlog waits 30 s at most)');
	});

	it('sends gzip when OTEL_EXPORTER_OTLP_COMPRESSION=gzip', async () => {
		const h = newHome();
		writeLines(h, SESSION, ranAgent('a1', 'Explore', s(1), s(2)));
		const r = await receiver();
		const run = await runExport(h, r.url, {vars: {OTEL_EXPORTER_OTLP_COMPRESSION: 'gzip'}});
		expect(run.end).toEqual({rejected: false});
		expect(r.received[0]!.headers['content-encoding']).toBe('gzip');
		expect(r.accepted().map(x => x.name)).toEqual(['claude_code.session', 'invoke_agent Explore']);
	});
});
