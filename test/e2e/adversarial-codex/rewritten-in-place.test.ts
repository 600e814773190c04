// A child rollout rewritten in place (same inode) with different, longer content — `cp other.jsonl
// rollout.jsonl`, an editor, a restore: Codex itself only appends. The cache resumes at the old
// offset (same inode, not shorter) and folds the new file's tail onto the old thread, so `sessions`
// keeps the old state while `ls` and `status` (which read the file whole) show the new: the three
// disagree about the same agent at the same moment, and stay so.
import {writeFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {childRunLines, codexTime, rootMetaLine, writeRollout} from '../../helpers/codex.js';
import {agentlog, C1, freshHome, ROOT} from './harness.js';

describe('a Codex rollout rewritten in place, longer', () => {
	it('sessions, ls and status agree on its status afterwards', async () => {
		const h = freshHome();
		const t0 = Date.now() - 60_000;
		writeRollout(h.codex, ROOT, t0, [rootMetaLine(codexTime(0, t0), ROOT)]);
		const file = writeRollout(h.codex, C1, t0, childRunLines(t0, {id: C1, root: ROOT, role: 'explorer'}, 'Old task', 'Old report'));
		// Older than the cache's 2 s re-read margin.
		await new Promise(resolve => setTimeout(resolve, 2200));
		expect(agentlog(h, ['sessions', '--json']).status).toBe(0);
		// Same inode, new content: the child is still at work (no task_complete), a longer task.
		writeFileSync(file, `${childRunLines(t0, {id: C1, root: ROOT, role: 'explorer'}, 'New task '.repeat(100), '', true).join('\n')}\n`);
		const ls = JSON.parse(agentlog(h, ['ls', ROOT, '--json']).stdout) as Array<{displayStatus: string}>;
		expect(ls.map(a => a.displayStatus)).toEqual(['active']);
		const status = JSON.parse(agentlog(h, ['status', ROOT, '--format', 'json']).stdout) as {counts: {active: number}};
		expect(status.counts.active).toBe(1);
		const sessions = JSON.parse(agentlog(h, ['sessions', '--json']).stdout) as Array<{counts: {active: number; stopped: number}}>;
		// Actual: {active: 0, stopped: 1}
		expect(sessions[0]!.counts.active).toBe(1);
		expect(sessions[0]!.counts.stopped).toBe(0);
	});
});
