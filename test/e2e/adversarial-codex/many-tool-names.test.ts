// A Codex child that called many differently named tools (a model can write any function_call
// name; 20,000 lines, 3 MB): the fold copies the whole toolCounts object at every call, so the time
// grows with calls × names (10,000 names: status 11 s; 100,000: over 5 minutes). status runs from
// a status bar every few seconds.
import {describe, expect, it} from 'vitest';
import {childRunLines, codexLine, codexTime, rootMetaLine, writeRollout} from '../../helpers/codex.js';
import {agentlog, C1, freshHome, ROOT} from './harness.js';

const NAMES = 20_000;

function setUp() {
	const h = freshHome();
	const t0 = Date.now() - 60_000;
	writeRollout(h.codex, ROOT, t0, [rootMetaLine(codexTime(0, t0), ROOT)]);
	const lines = childRunLines(t0, {id: C1, root: ROOT, role: 'explorer'}, 'Find the routes', '', true);
	for (let i = 0; i < NAMES; i++) {
		lines.push(codexLine(codexTime(1, t0), 'response_item', {type: 'function_call', name: `t${i}`, arguments: '{}', call_id: `k${i}`}));
	}
	writeRollout(h.codex, C1, t0, lines);
	return h;
}

describe('a Codex rollout with 20,000 distinct tool names', () => {
	for (const args of [
		['status', '--format', 'json'],
		['sessions', '--json'],
		['ls', '--json'],
	]) {
		it(`${args.join(' ')} answers within 10 s`, () => {
			const h = setUp();
			const started = Date.now();
			const r = agentlog(h, args, 12_000);
			// Actual: killed by the timeout (SIGTERM) after 12 s.
			expect(r.signal).toBeNull();
			expect(r.status).toBe(0);
			expect(Date.now() - started).toBeLessThan(10_000);
		}, 20_000);
	}
});
