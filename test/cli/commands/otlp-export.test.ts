// `agentlog export --otlp [--follow]` as a command (cli/commands/otlp-export.ts): the usage errors,
// exit codes (0, 1 when the collector refuses or rejects spans, 130/143 for a one-time export a
// signal stopped, 0 for --follow), Ctrl+C and SIGTERM wired to the use cases' stop requests, and a
// --follow killed outright resuming from its cursor. What is sent: test/app/otlp.
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {RAW_CONTROL} from '../../helpers/hostile.js';
import {cliEnv, newHome, ranAgent, runCli, startCli, until, writeLines, type Home, type LineSpec} from '../../helpers/otlp-fixtures.js';
import {receiversClosedAfterEach, type DecodedSpan} from '../../helpers/otlp-receiver.js';

const SESSION = '5e6711e5-241a-462a-8d15-5122611a9569';
const T0 = Date.parse('2026-11-20T10:00:00.000Z');
const s = (seconds: number) => T0 + seconds * 1000;
const NOW = new Date(s(3600)).toISOString();

const receiver = receiversClosedAfterEach();

/** Two agents that ran, one still going. */
function smallSession(h: Home): void {
	writeLines(h, SESSION, [
		{at: s(0), event: 'SessionStart', data: {source: 'startup'}},
		...ranAgent('a1', 'Explore', s(1), s(20)),
		...ranAgent('a2', 'Plan', s(2), s(10)),
		{at: s(3000), event: 'SubagentStart', agentId: 'a3', type: 'Explore'},
	]);
}

const followSession = (n: number) => `${n.toString(16).padStart(8, '0')}-1111-4222-8333-444455556666`;
const key = (x: DecodedSpan) => `${x.traceId}/${x.spanId}`;

/** `agents` agents per session that ran and stopped an hour ago, and the session's end. */
function endedSessions(h: Home, sessions: number, agents: number): number {
	const t0 = Date.now() - 3_600_000;
	for (let n = 0; n < sessions; n++) {
		const lines: LineSpec[] = [{at: t0, event: 'SessionStart', data: {source: 'startup'}}];
		for (let a = 0; a < agents; a++) {
			lines.push(...ranAgent(`a${n}x${a}`, 'Explore', t0 + 1000 + a, t0 + 60_000 + a));
		}
		lines.push({at: t0 + 120_000, event: 'SessionEnd', data: {reason: 'other', interrupted: []}});
		writeLines(h, followSession(n), lines);
	}
	return sessions * (agents + 1);
}

function cursorEntries(stateDir: string): number {
	const dir = path.join(stateDir, 'agentlog');
	const file = readdirSync(dir).find(name => name.startsWith('otlp-cursor-'));
	if (file === undefined) {
		return 0;
	}
	const json = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as {sent: Record<string, Record<string, string>>};
	return Object.values(json.sent).reduce((n, spans) => n + Object.keys(spans).length, 0);
}

describe('agentlog export --otlp', () => {
	it('exits 0 when the spans were taken (stdout untouched), 1 when the collector rejects some or refuses them', async () => {
		const h = newHome();
		smallSession(h);
		const env = cliEnv(h, {AGENTLOG_NOW: NOW});
		const r = await receiver();
		const run = await runCli(['export', '--otlp', r.url, SESSION.slice(0, 8)], env);
		expect(run).toMatchObject({status: 0, stdout: '', stderr: `agentlog: sent 4 spans (3 agents in 1 session) in 1 request to ${r.url}\n`});

		// ExportTraceServiceResponse{partial_success{rejected_spans: 2, error_message: "too old"}}.
		const partial = Uint8Array.from([0x0a, 0x0b, 0x08, 0x02, 0x12, 0x07, ...Buffer.from('too old')]);
		const rejecting = await receiver(() => ({status: 200, body: partial}));
		const rejected = await runCli(['export', '--otlp', rejecting.url], env);
		expect(rejected.status).toBe(1);
		expect(rejected.stderr).toContain('agentlog: the collector rejected 2 of them: too old\n');

		const refusing = await receiver(() => ({status: 401, body: 'bad token'}));
		const refused = await runCli(['export', '--otlp', refusing.url], env);
		expect(refused.status).toBe(1);
		expect(refused.stderr).toContain('did not take the spans: HTTP 401: bad token');
		expect(refused.stderr).not.toContain('    at ');
	});

	it('refuses wrong mixes and settings with a usage error, sending nothing', async () => {
		const h = newHome();
		smallSession(h);
		const r = await receiver();
		const cases: [string[], Record<string, string>, string][] = [
			[['--otlp', r.url, '--format', 'csv'], {}, '--format'],
			[['--otlp', r.url, '--events'], {}, '--events'],
			[['--otlp', r.url, '-o', 'x.json'], {}, '--output'],
			[['--follow'], {}, 'use it with --otlp'],
			[['--otlp', r.url, '--follow', '--type', 'Plan'], {}, '--type'],
			[['--otlp', r.url, '--follow', SESSION], {}, 'a session is for a one-time export'],
			[['--otlp', r.url, '--agent', 'a'], {}, 'agent prefix "a" matches 3 agents'],
			[['--otlp', 'ftp://host'], {}, 'not an http(s) URL'],
			[['--otlp', 'not a url'], {}, 'is not a URL'],
			[['--otlp'], {OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc'}, 'OTLP over HTTP only'],
			[['--otlp'], {OTEL_EXPORTER_OTLP_COMPRESSION: 'zstd'}, 'use gzip or none'],
			[['--otlp', r.url, '--follow'], {OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc'}, 'OTLP over HTTP only'],
		];
		for (const [args, extra, message] of cases) {
			const run = await runCli(['export', ...args], cliEnv(h, {AGENTLOG_NOW: NOW, ...extra}));
			expect(run.stderr, args.join(' ')).toContain(message);
			expect(run.status, args.join(' ')).toBe(2);
		}
		expect(r.received).toHaveLength(0);
	});

	it('refuses a header with CR, LF or another control character (or a bad name) with a usage error naming the header, never its value, sending nothing', async () => {
		const h = newHome();
		smallSession(h);
		const r = await receiver();
		const cases: [Record<string, string>, string][] = [
			[
				{OTEL_EXPORTER_OTLP_HEADERS: 'x-team=shop,x-api-key=s3cret%0D%0AX-Evil:%201'},
				'OTEL_EXPORTER_OTLP_HEADERS: the value of the header "x-api-key" has a control character',
			],
			[{OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'authorization=Bearer%20s3cret%00'}, 'OTEL_EXPORTER_OTLP_TRACES_HEADERS: the value of the header "authorization"'],
			[{OTEL_EXPORTER_OTLP_HEADERS: 'x-note=s3cret%E2%80%AE'}, 'the value of the header "x-note"'],
			[{OTEL_EXPORTER_OTLP_HEADERS: 'x%0D%0Aa%1B[31m=s3cret'}, 'the header name "x\\r\\na\\u001b[31m" is not a valid HTTP header name'],
		];
		for (const [extra, message] of cases) {
			const run = await runCli(['export', '--otlp', r.url], cliEnv(h, {AGENTLOG_NOW: NOW, ...extra}));
			const what = JSON.stringify(extra);
			expect(run.stderr, what).toContain(message);
			expect(run.stderr, what).not.toContain('s3cret');
			expect(run.stderr, what).not.toMatch(RAW_CONTROL);
			expect(run.stderr, what).not.toContain('    at ');
			expect(run.status, what).toBe(2);
		}
		expect(r.received).toHaveLength(0);
	});

	it('SIGTERM or Ctrl+C while a request hangs ends the export at once: exit 143 or 130, saying what was sent', async () => {
		const h = newHome();
		smallSession(h);
		for (const [signal, code] of [
			['SIGTERM', 143],
			['SIGINT', 130],
		] as const) {
			const r = await receiver(() => ({status: 200, hang: true}));
			const a = startCli(['export', '--otlp', r.url], cliEnv(h, {AGENTLOG_NOW: NOW, OTEL_EXPORTER_OTLP_TIMEOUT: '60000'}));
			await until(
				() => r.received.length === 1,
				() => `a request; stderr: ${a.stderr()}`,
			);
			const sentAt = Date.now();
			a.child.kill(signal);
			const run = await a.done;
			expect(Date.now() - sentAt).toBeLessThan(1500);
			expect(run.signal).toBeNull();
			expect(run.status).toBe(code);
			expect(run.stderr).toContain(`stopped by ${signal}: sent 0 spans in 0 requests`);
			expect(run.stderr).not.toContain('    at ');
		}
	});
});

describe('agentlog export --otlp --follow', () => {
	it('killed while a batch is unanswered, resumes from its cursor: every span taken exactly once; SIGTERM and Ctrl+C end it with exit 0', async () => {
		const h = newHome();
		const total = endedSessions(h, 3, 200);
		// The first batch (512 spans) is taken; the second is never answered.
		const first = await receiver(n => (n === 0 ? {status: 200} : {status: 200, hang: true}));
		const port = Number(new URL(first.url).port);
		const env = cliEnv(h, {OTEL_EXPORTER_OTLP_TIMEOUT: '60000'});
		const a = startCli(['export', '--otlp', first.url, '--follow'], env);
		await until(
			() => first.received.length >= 2,
			() => `a second request; stderr: ${a.stderr()}`,
		);
		expect(cursorEntries(h.state)).toBe(512);
		a.child.kill('SIGKILL');
		await a.done;

		// Restarted while the collector still hangs: SIGTERM ends the wait within a second, exit 0.
		const b = startCli(['export', '--otlp', first.url, '--follow'], env);
		await until(
			() => first.received.length >= 3,
			() => `a third request; stderr: ${b.stderr()}`,
		);
		const signalled = Date.now();
		b.child.kill('SIGTERM');
		const stopped = await b.done;
		expect(Date.now() - signalled).toBeLessThan(1500);
		expect(stopped).toMatchObject({status: 0, signal: null});
		expect(stopped.stderr).toContain('stopped with 91 spans not yet taken by the collector');
		await first.close();

		// The collector back on the same address: the rest, and nothing already taken.
		const second = await receiver(() => ({status: 200}), port);
		const c = startCli(['export', '--otlp', second.url, '--follow'], env);
		await until(
			() => second.accepted().length >= total - 512,
			() => `the rest; stderr: ${c.stderr()}`,
		);
		c.child.kill('SIGINT');
		const quit = await c.done;
		expect(quit.status).toBe(0);
		expect(quit.stderr).toContain('stopped; no run was going');
		const taken = [...first.accepted(), ...second.accepted()];
		expect(taken).toHaveLength(total);
		expect(new Set(taken.map(key)).size).toBe(total);
		expect(cursorEntries(h.state)).toBe(total);
	});
});
