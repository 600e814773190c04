// One event with a time number beyond what a JS Date holds (task_started.started_at 1e300
// seconds, task_complete.completed_at 9e15 seconds): `new Date(..).toISOString()` throws
// RangeError inside the fold, readRollout turns that into a "problem", and the whole rollout —
// every other line of it — is skipped: the agent disappears from sessions, ls, status and import.
// One bad field should cost that field (or line), as an unparseable line does.
import {describe, expect, it} from 'vitest';
import {childRunLines, codexLine, codexTime, rootMetaLine, writeRollout} from '../../helpers/codex.js';
import {agentlog, C1, C2, freshHome, ROOT} from './harness.js';

function setUp() {
	const h = freshHome();
	const t0 = Date.now() - 60_000;
	writeRollout(h.codex, ROOT, t0, [rootMetaLine(codexTime(0, t0), ROOT)]);
	const a = childRunLines(t0, {id: C1, root: ROOT, role: 'explorer', nickname: 'Erdos'}, 'Task one', 'Report one');
	a.push(codexLine(codexTime(3, t0), 'event_msg', {type: 'task_started', turn_id: 't2', started_at: 1e300}));
	writeRollout(h.codex, C1, t0, a);
	const b = childRunLines(t0, {id: C2, root: ROOT, role: 'worker', nickname: 'Hooke'}, 'Task two', 'Report two', true);
	b.push(codexLine(codexTime(3, t0), 'event_msg', {type: 'task_complete', turn_id: 't1', last_agent_message: 'Report two', completed_at: 9e15}));
	writeRollout(h.codex, C2, t0, b);
	return h;
}

describe('a Codex rollout with an out-of-range time number in one event', () => {
	it('sessions --json still lists the session and its two children', () => {
		const h = setUp();
		const r = agentlog(h, ['sessions', '--json']);
		expect(r.status).toBe(0);
		// Actual: [] and "2 Codex rollout files skipped" on stderr.
		const sessions = JSON.parse(r.stdout) as Array<{id: string; counts: {active: number; stopped: number}}>;
		expect(sessions.map(s => s.id)).toEqual([ROOT]);
		expect(sessions[0]!.counts.active + sessions[0]!.counts.stopped).toBe(2);
	});

	it('ls --json shows both children', () => {
		const h = setUp();
		const r = agentlog(h, ['ls', ROOT, '--json']);
		// Actual: exit 1, no session of that id.
		expect(r.status).toBe(0);
		const ids = (JSON.parse(r.stdout) as Array<{agentId: string}>).map(a => a.agentId).sort();
		expect(ids).toEqual([C1, C2]);
	});

	it('import adds both children to the history', () => {
		const h = setUp();
		const r = agentlog(h, ['import', '--json']);
		expect(r.status).toBe(0);
		// Actual: imported 0, skipped.unreadable 2.
		expect((JSON.parse(r.stdout) as {imported: number}).imported).toBe(2);
	});
});
