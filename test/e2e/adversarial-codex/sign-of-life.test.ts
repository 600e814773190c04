// A running Codex child whose lines are old but whose rollout was written just now (copied without
// -p, or a long line being written): the write is a sign of life, as a Claude transcript's is, and
// sessions, ls and status say the same of it (sessions had counted it stale from its lines alone).
import {describe, expect, it} from 'vitest';
import {childRunLines, codexTime, rootMetaLine, writeRollout} from '../../helpers/codex.js';
import {agentlog, C1, freshHome, ROOT} from './harness.js';

describe('a Codex child whose rollout is newer than its lines', () => {
	it('is active in sessions, ls and status alike', () => {
		const h = freshHome();
		const t0 = Date.now() - 20 * 60_000;
		writeRollout(h.codex, ROOT, t0, [rootMetaLine(codexTime(0, t0), ROOT)]);
		// Written now (mtime now), its last line 20 minutes old: past the 5 minute stale rule.
		writeRollout(h.codex, C1, t0, childRunLines(t0, {id: C1, root: ROOT, role: 'explorer'}, 'Task', '', true));
		const sessions = JSON.parse(agentlog(h, ['sessions', '--json']).stdout) as Array<{counts: Record<string, number>}>;
		const ls = JSON.parse(agentlog(h, ['ls', ROOT, '--json']).stdout) as Array<{displayStatus: string}>;
		const status = JSON.parse(agentlog(h, ['status', ROOT, '--format', 'json']).stdout) as {counts: Record<string, number>};
		expect(ls.map(a => a.displayStatus)).toEqual(['active']);
		expect(sessions[0]!.counts).toMatchObject({active: 1, stale: 0});
		expect(status.counts).toEqual(sessions[0]!.counts);
	});
});
