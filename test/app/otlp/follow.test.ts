// `agentlog export --otlp --follow` against a local receiver: killed in the middle of a send and
// restarted, it resumes from its cursor (nothing lost, nothing sent twice); runs that end while it
// follows are sent; on quit, runs still going are sent marked unfinished, and their final spans
// (same ids) once they end.
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {cliEnv, newHome, ranAgent, startCli, until, writeLines, type LineSpec} from './otlp-fixtures.js';
import {receiversClosedAfterEach, type DecodedSpan} from './otlp-receiver.js';

const receiver = receiversClosedAfterEach();

const session = (n: number) => `${n.toString(16).padStart(8, '0')}-1111-4222-8333-444455556666`;
const key = (x: DecodedSpan) => `${x.traceId}/${x.spanId}`;

/** `agents` agents per session that ran and stopped an hour ago, and the session's end. */
function endedSessions(activity: Parameters<typeof writeLines>[0], sessions: number, agents: number): number {
	const t0 = Date.now() - 3_600_000;
	for (let s = 0; s < sessions; s++) {
		const lines: LineSpec[] = [{at: t0, event: 'SessionStart', data: {source: 'startup'}}];
		for (let a = 0; a < agents; a++) {
			lines.push(...ranAgent(`a${s}x${a}`, 'Explore', t0 + 1000 + a, t0 + 60_000 + a, {description: `job ${a}`}));
		}
		lines.push({at: t0 + 120_000, event: 'SessionEnd', data: {reason: 'other', interrupted: []}});
		writeLines(activity, session(s), lines);
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

describe('agentlog export --otlp --follow', () => {
	it('killed while a batch is unanswered, resumes from its cursor: every span taken exactly once', async () => {
		const h = newHome();
		const total = endedSessions(h, 3, 200);
		expect(total).toBe(603);
		// The first batch (512 spans) is taken; the second is never answered.
		const first = await receiver(n => (n === 0 ? {status: 200} : {status: 200, hang: true}));
		const port = Number(new URL(first.url).port);
		const env = cliEnv(h);
		const a = startCli(['export', '--otlp', first.url, '--follow'], env);
		await until(
			() => first.received.length >= 2,
			() => `a second request; stderr: ${a.stderr()}`,
		);
		expect(cursorEntries(h.state)).toBe(512);
		a.child.kill('SIGKILL');
		await a.done;
		await first.close();

		// The collector back on the same address: the rest, and nothing already taken.
		const second = await receiver(() => ({status: 200}), port);
		const b = startCli(['export', '--otlp', second.url, '--follow'], env);
		await until(
			() => second.accepted().length >= total - 512,
			() => `the rest; stderr: ${b.stderr()}`,
		);
		b.child.kill('SIGINT');
		const quit = await b.done;
		expect(quit.status).toBe(0);
		expect(quit.stderr).toContain('stopped; no run was going');
		const taken = [...first.accepted(), ...second.accepted()];
		expect(taken).toHaveLength(total);
		expect(new Set(taken.map(key)).size).toBe(total);
		expect(cursorEntries(h.state)).toBe(total);
	});

	it('SIGTERM while a request hangs ends it within a second (exit 0, saying so), the cursor holding every batch taken; the next run resumes', async () => {
		const h = newHome();
		const total = endedSessions(h, 3, 200);
		// The first batch is taken; the second hangs. The time limit is long: the signal, not it, ends the wait.
		const first = await receiver(n => (n === 0 ? {status: 200} : {status: 200, hang: true}));
		const port = Number(new URL(first.url).port);
		const env = cliEnv(h, {OTEL_EXPORTER_OTLP_TIMEOUT: '60000'});
		const a = startCli(['export', '--otlp', first.url, '--follow'], env);
		await until(
			() => first.received.length >= 2,
			() => `a second request; stderr: ${a.stderr()}`,
		);
		const signalled = Date.now();
		a.child.kill('SIGTERM');
		const quit = await a.done;
		expect(Date.now() - signalled).toBeLessThan(1500);
		expect(quit.signal).toBeNull();
		expect(quit.status).toBe(0);
		expect(quit.stderr).toContain('stopped with 91 spans not yet taken by the collector');
		expect(cursorEntries(h.state)).toBe(512);
		await first.close();

		const second = await receiver(() => ({status: 200}), port);
		const b = startCli(['export', '--otlp', second.url, '--follow'], env);
		await until(
			() => second.accepted().length >= total - 512,
			() => `the rest; stderr: ${b.stderr()}`,
		);
		b.child.kill('SIGTERM');
		expect((await b.done).status).toBe(0);
		const taken = [...first.accepted(), ...second.accepted()];
		expect(taken).toHaveLength(total);
		expect(new Set(taken.map(key)).size).toBe(total);
		expect(cursorEntries(h.state)).toBe(total);
	});

	it('sends runs as they end, runs still going on quit (unfinished), and their final spans with the same ids later', async () => {
		const h = newHome();
		const r = await receiver();
		const env = cliEnv(h);
		const id = session(7);
		const now = Date.now();
		const follow = startCli(['export', '--otlp', r.url, '--follow'], env);
		await until(
			() => follow.stderr().includes('when its run ends'),
			() => follow.stderr(),
		);
		// A run that ended 10 s ago (past the settling time), and one still going.
		writeLines(h, id, [
			...ranAgent('done1', 'Explore', now - 20_000, now - 10_000, {description: 'Find routes'}),
			{at: now - 5000, event: 'SubagentStart', agentId: 'going1', type: 'Plan'},
		]);
		await until(
			() => r.accepted().some(x => x.attributes['gen_ai.agent.id'] === 'done1'),
			() => `done1; stderr: ${follow.stderr()}`,
		);
		expect(r.accepted().map(x => x.attributes['gen_ai.agent.id'])).toEqual(['done1']);
		follow.child.kill('SIGINT');
		const quit = await follow.done;
		expect(quit.status).toBe(0);
		expect(quit.stderr).toContain('sent 2 spans of runs still going, marked unfinished');
		const unfinished = r.accepted().find(x => x.attributes['gen_ai.agent.id'] === 'going1')!;
		expect(unfinished.attributes['agentlog.unfinished']).toBe(true);
		const sessionSpan = r.accepted().find(x => x.name === 'claude_code.session')!;
		expect(sessionSpan.attributes['agentlog.unfinished']).toBe(true);

		// It ends while nothing follows; the next run sends its final span (and nothing sent before again).
		writeLines(h, id, [{at: Date.now() - 6000, event: 'SubagentStop', agentId: 'going1', type: 'Plan', state: 'stopped'}]);
		const before = r.accepted().length;
		const again = startCli(['export', '--otlp', r.url, '--follow'], env);
		await until(
			() => r.accepted().length > before,
			() => again.stderr(),
		);
		const later = r.accepted().slice(before);
		expect(later).toHaveLength(1);
		const last = later[0]!;
		expect(last.attributes['gen_ai.agent.id']).toBe('going1');
		expect(last.spanId).toBe(unfinished.spanId);
		expect(last.attributes['agentlog.unfinished']).toBeUndefined();
		expect(last.attributes['agentlog.status']).toBe('completed');
		again.child.kill('SIGINT');
		const stopped = await again.done;
		expect(stopped.status).toBe(0);
		// done1 went once.
		expect(r.accepted().filter(x => x.attributes['gen_ai.agent.id'] === 'done1')).toHaveLength(1);
	});
});
