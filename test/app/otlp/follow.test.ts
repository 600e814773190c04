// --follow (app/otlp/follow.ts) against a local receiver, run in this process with stop requests
// sent by the test: a stop while a batch is unanswered keeps every batch taken in the cursor and
// the next run sends the rest (nothing lost, nothing sent twice); runs that end while it follows
// are sent; on quit, runs still going are sent marked unfinished, and their final spans (same ids)
// once they end; a second stop request ends that sending on quit.
import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {env} from '../../../src/app/env.js';
import {follow} from '../../../src/app/otlp/follow.js';
import {otlpSetup} from '../../../src/app/otlp/setup.js';
import {endpointLabel} from '../../../src/core/otlp/config.js';
import {DEFAULT_STALE_MS} from '../../../src/core/monitor/stale.js';
import {cliEnv, newHome, ranAgent, stopRequests, until, writeLines, type Home, type LineSpec} from '../../helpers/otlp-fixtures.js';
import {receiversClosedAfterEach, type DecodedSpan} from '../../helpers/otlp-receiver.js';

const receiver = receiversClosedAfterEach();

const session = (n: number) => `${n.toString(16).padStart(8, '0')}-1111-4222-8333-444455556666`;
const key = (x: DecodedSpan) => `${x.traceId}/${x.spanId}`;

/** `agents` agents per session that ran and stopped an hour ago, and the session's end. */
function endedSessions(activity: Home, sessions: number, agents: number): number {
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

/** --follow started in this process, its cursor in the home's state folder: its words so far, and stop requests to send it. */
function startFollow(h: Home, url: string, vars: Record<string, string> = {}) {
	process.env.XDG_STATE_HOME = h.state;
	let text = '';
	const stop = stopRequests();
	const done = follow(
		{setup: otlpSetup(url, cliEnv(h, vars)), activity: h.activity, staleMs: DEFAULT_STALE_MS},
		{write: t => void (text += t), stops: stop.stops},
	);
	return {done, text: () => text, stop: stop.request};
}

function cursorEntries(h: Home, url: string): number {
	process.env.XDG_STATE_HOME = h.state;
	const json = JSON.parse(readFileSync(env().otlpCursorFile(endpointLabel(url)), 'utf8')) as {sent: Record<string, Record<string, string>>};
	return Object.values(json.sent).reduce((n, spans) => n + Object.keys(spans).length, 0);
}

describe('follow', () => {
	it('stopped while a batch is unanswered, says so, the cursor holding every batch taken; the next run sends the rest, each span exactly once', async () => {
		const h = newHome();
		const total = endedSessions(h, 3, 200);
		expect(total).toBe(603);
		// The first batch (512 spans) is taken; the second is never answered, within a long time limit: the stop ends the wait.
		const first = await receiver(n => (n === 0 ? {status: 200} : {status: 200, hang: true}));
		const port = Number(new URL(first.url).port);
		const a = startFollow(h, first.url, {OTEL_EXPORTER_OTLP_TIMEOUT: '60000'});
		await until(
			() => first.received.length >= 2,
			() => `a second request; said: ${a.text()}`,
		);
		a.stop('SIGTERM');
		expect(await a.done).toEqual({ok: true});
		expect(a.text()).toMatch(
			/^agentlog: sending each agent's span to .* when its run ends .*\nagentlog: \d\d:\d\d:\d\d sent 512 spans\nagentlog: stopped with 91 spans not yet taken by the collector \(a request or retry under way was ended\): the cursor keeps every batch it took, so the next run sends the rest \(the cut batch again, with the same ids\)\n$/,
		);
		expect(cursorEntries(h, first.url)).toBe(512);
		await first.close();

		// The collector back on the same address: the rest, and nothing already taken.
		const second = await receiver(() => ({status: 200}), port);
		const b = startFollow(h, second.url);
		await until(
			() => second.accepted().length >= total - 512,
			() => `the rest; said: ${b.text()}`,
		);
		b.stop('SIGINT');
		expect(await b.done).toEqual({ok: true});
		expect(b.text()).toContain('agentlog: stopped; no run was going\n');
		const taken = [...first.accepted(), ...second.accepted()];
		expect(taken).toHaveLength(total);
		expect(new Set(taken.map(key)).size).toBe(total);
		expect(cursorEntries(h, first.url)).toBe(total);
	});

	it('sends runs as they end, runs still going on quit (unfinished), and their final spans with the same ids later', async () => {
		const h = newHome();
		const r = await receiver();
		const id = session(7);
		const now = Date.now();
		const following = startFollow(h, r.url);
		await until(
			() => following.text().includes('when its run ends'),
			() => following.text(),
		);
		// A run that ended 10 s ago (past the settling time), and one still going.
		writeLines(h, id, [
			...ranAgent('done1', 'Explore', now - 20_000, now - 10_000, {description: 'Find routes'}),
			{at: now - 5000, event: 'SubagentStart', agentId: 'going1', type: 'Plan'},
		]);
		await until(
			() => r.accepted().some(x => x.attributes['gen_ai.agent.id'] === 'done1'),
			() => `done1; said: ${following.text()}`,
		);
		// The collector has it; stop only once the request is over on this side too (its cursor kept it).
		await until(
			() => {
				try {
					return cursorEntries(h, r.url) > 0;
				} catch {
					return false; // no cursor file yet
				}
			},
			() => `done1 in the cursor; said: ${following.text()}`,
		);
		expect(r.accepted().map(x => x.attributes['gen_ai.agent.id'])).toEqual(['done1']);
		following.stop('SIGINT');
		expect(await following.done).toEqual({ok: true});
		expect(following.text()).toContain(
			'agentlog: stopped; sent 2 spans of runs still going, marked unfinished (their final spans follow when they end and this runs again)\n',
		);
		const unfinished = r.accepted().find(x => x.attributes['gen_ai.agent.id'] === 'going1')!;
		expect(unfinished.attributes['agentlog.unfinished']).toBe(true);
		const sessionSpan = r.accepted().find(x => x.name === 'claude_code.session')!;
		expect(sessionSpan.attributes['agentlog.unfinished']).toBe(true);

		// It ends while nothing follows; the next run sends its final span (and nothing sent before again).
		writeLines(h, id, [{at: Date.now() - 6000, event: 'SubagentStop', agentId: 'going1', type: 'Plan', state: 'stopped'}]);
		const before = r.accepted().length;
		const again = startFollow(h, r.url);
		await until(
			() => r.accepted().length > before,
			() => again.text(),
		);
		const later = r.accepted().slice(before);
		expect(later).toHaveLength(1);
		const last = later[0]!;
		expect(last.attributes['gen_ai.agent.id']).toBe('going1');
		expect(last.spanId).toBe(unfinished.spanId);
		expect(last.attributes['agentlog.unfinished']).toBeUndefined();
		expect(last.attributes['agentlog.status']).toBe('completed');
		again.stop('SIGINT');
		expect(await again.done).toEqual({ok: true});
		// done1 went once.
		expect(r.accepted().filter(x => x.attributes['gen_ai.agent.id'] === 'done1')).toHaveLength(1);
	});

	it('a second stop request ends the sending of the runs still going on quit, which is then no failure', async () => {
		const h = newHome();
		writeLines(h, session(3), [{at: Date.now() - 5000, event: 'SubagentStart', agentId: 'going1', type: 'Plan'}]);
		// Nothing has ended, so the only request is the one on quit; it is never answered.
		const r = await receiver(() => ({status: 200, hang: true}));
		const following = startFollow(h, r.url, {OTEL_EXPORTER_OTLP_TIMEOUT: '60000'});
		await until(
			() => following.text().includes('when its run ends'),
			() => following.text(),
		);
		following.stop('SIGINT');
		await until(
			() => r.received.length === 1,
			() => `the request on quit; said: ${following.text()}`,
		);
		following.stop('SIGINT');
		expect(await following.done).toEqual({ok: true});
		expect(following.text()).toContain(
			'agentlog: stopped; the spans of 2 runs still going were not sent (stopped); their final spans are sent when they end and this runs again\n',
		);
	});

	it('a collector that refuses the spans is an error, the cursor keeping them', async () => {
		const h = newHome();
		endedSessions(h, 1, 3);
		const r = await receiver(() => ({status: 400, body: 'no'}));
		const following = startFollow(h, r.url);
		await expect(following.done).rejects.toMatchObject({
			exitCode: 1,
			message: `the collector at ${r.url} refused the spans: HTTP 400: no; 4 not sent (the cursor keeps them for the next run)`,
		});
	});
});
