// The newest session is a Codex session older than the live window (the last two days) and no
// session folder is newer: ls, status and watch's snapshot follow it, as sessions lists it first
// (they had found no session at all).
import {utimesSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {childRunLines, codexTime, rootMetaLine, writeRollout} from '../../helpers/codex.js';
import {agentlog, C1, freshHome, ROOT} from './harness.js';

describe('a Codex session from 5 days ago, the only session', () => {
	it('is the newest session for every command', () => {
		const h = freshHome();
		const t0 = Date.now() - 5 * 86_400_000;
		for (const f of [
			writeRollout(h.codex, ROOT, t0, [rootMetaLine(codexTime(0, t0), ROOT)]),
			writeRollout(h.codex, C1, t0, childRunLines(t0, {id: C1, root: ROOT, role: 'explorer'}, 'Task', 'Done.')),
		]) {
			utimesSync(f, (t0 + 3000) / 1000, (t0 + 3000) / 1000);
		}
		const sessions = JSON.parse(agentlog(h, ['sessions', '--json']).stdout) as Array<{id: string}>;
		expect(sessions.map(s => s.id)).toEqual([ROOT]);
		const ls = JSON.parse(agentlog(h, ['ls', '--json']).stdout) as Array<{agentId: string}>;
		expect(ls.map(a => a.agentId)).toEqual([C1]);
		const status = JSON.parse(agentlog(h, ['status', '--format', 'json']).stdout) as {sessionId: string; counts: {stopped: number}};
		expect(status).toMatchObject({sessionId: ROOT, counts: {stopped: 1}});
		expect(agentlog(h, ['watch']).stdout).toContain('[codex] session 019ab000');
	});
});
