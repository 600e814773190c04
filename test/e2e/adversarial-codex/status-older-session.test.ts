// `status <session>` for a Codex session from 10 days ago (inside the 30 days sessions and ls list):
// the README says its counts are the ones `sessions --json` gives for that session. status only
// scans the live window (2 days), finds no rollouts of it, and prints all zeros.
import {utimesSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {childRunLines, codexTime, rootMetaLine, writeRollout} from '../../helpers/codex.js';
import {agentlog, C1, C2, freshHome, ROOT} from './harness.js';

describe('status <id> of a Codex session older than the live window', () => {
	it('gives the counts sessions --json gives', () => {
		const h = freshHome();
		const t0 = Date.now() - 10 * 86_400_000;
		const files = [
			writeRollout(h.codex, ROOT, t0, [rootMetaLine(codexTime(0, t0), ROOT)]),
			writeRollout(h.codex, C1, t0, childRunLines(t0, {id: C1, root: ROOT, role: 'explorer'}, 'Task one', 'Done.')),
			writeRollout(h.codex, C2, t0, childRunLines(t0, {id: C2, root: ROOT, role: 'worker'}, 'Task two', '', true)),
		];
		for (const f of files) {
			utimesSync(f, (t0 + 3000) / 1000, (t0 + 3000) / 1000);
		}
		const listed = agentlog(h, ['sessions', '--json']);
		expect(listed.status).toBe(0);
		const [session] = JSON.parse(listed.stdout) as Array<{id: string; counts: Record<string, number>}>;
		expect(session!.id).toBe(ROOT);
		expect(session!.counts).toEqual({waiting: 0, active: 0, idle: 0, stopped: 2, stale: 1});
		for (const id of [ROOT, ROOT.slice(0, 8)]) {
			const r = agentlog(h, ['status', id, '--format', 'json']);
			expect(r.status).toBe(0);
			const status = JSON.parse(r.stdout) as {sessionId: string; counts: Record<string, number>};
			expect(status.sessionId).toBe(ROOT);
			// Actual: {waiting: 0, active: 0, idle: 0, stopped: 0, stale: 0}
			expect(status.counts).toEqual(session!.counts);
		}
	});
});
