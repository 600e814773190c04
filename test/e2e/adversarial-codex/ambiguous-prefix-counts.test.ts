// A session prefix that matches a Claude session and a Codex session: the ambiguity message lists
// both with counts, but the Codex one is always "(0 active, 0 idle, 0 stopped)" (its listing is
// made with zero counts), though sessions says it has a stopped child.
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {childRunLines, codexTime, rootMetaLine, writeRollout} from '../../helpers/codex.js';
import {agentlog, C1, freshHome, ROOT} from './harness.js';

const CLAUDE = '019ab000-1111-4000-8000-000000000001';

describe('an ambiguous prefix over a Claude and a Codex session', () => {
	it('lists the Codex session with its real counts', () => {
		const h = freshHome();
		const t0 = Date.now() - 60_000;
		writeRollout(h.codex, ROOT, t0, [rootMetaLine(codexTime(0, t0), ROOT)]);
		writeRollout(h.codex, C1, t0, childRunLines(t0, {id: C1, root: ROOT, role: 'explorer'}, 'Task', 'Done.'));
		const dir = path.join(h.activity, CLAUDE);
		mkdirSync(dir, {recursive: true});
		const now = new Date(Date.now() - 1000).toISOString();
		writeFileSync(path.join(dir, 'a1.json'), JSON.stringify({agentId: 'a1', type: 'Explore', status: 'active', startedAt: now, updatedAt: now}));
		const sessions = JSON.parse(agentlog(h, ['sessions', '--json']).stdout) as Array<{id: string; counts: {stopped: number}}>;
		expect(sessions.find(s => s.id === ROOT)!.counts.stopped).toBe(1);
		const r = agentlog(h, ['ls', '019ab000']);
		expect(r.status).toBe(1);
		// Actual: "019ab000-0000-7000-8000-0000000000aa  (0 active, 0 idle, 0 stopped)"
		expect(r.stderr).toMatch(new RegExp(`${ROOT}\\s+\\(0 active, 0 idle, 1 stopped\\)`));
	});
});
