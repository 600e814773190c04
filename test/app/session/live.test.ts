import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it, vi} from 'vitest';
import {openLiveSession, primeLive} from '../../../src/app/session/live.js';
import {buildMonitorModel} from '../../../src/core/monitor/model.js';
import {claudeFixtures, copyClaudeRun} from '../../helpers/claude-fixture-run.js';
import {tempDir} from '../../helpers/tmp.js';

function activityWith(agentId: string): string {
	const activity = path.join(tempDir('live-'), 'activity');
	const session = path.join(activity, 's1');
	mkdirSync(session, {recursive: true});
	const now = new Date().toISOString();
	writeFileSync(
		path.join(session, `${agentId}.json`),
		JSON.stringify({agentId, type: 'Explore', status: 'active', startedAt: now, updatedAt: now, sessionId: 's1'}),
	);
	return activity;
}

describe('openLiveSession', () => {
	it("watch's sources: the session's agents, with Codex's rollouts beside (none here)", async () => {
		const live = openLiveSession(activityWith('a1'), {codex: {codexHome: path.join(tempDir('codex-'), 'none')}});
		live.start();
		try {
			await vi.waitFor(() => expect([...live.agents.getSnapshot().set.agents.values()].map(a => a.agentId)).toEqual(['a1']), {timeout: 5000});
		} finally {
			await live.close();
		}
	});

	it("the demo's sources: the activity folder's agents, no Codex", async () => {
		const live = openLiveSession(activityWith('a2'), {roots: [tempDir('projects-')]});
		live.start();
		try {
			await vi.waitFor(() => expect([...live.agents.getSnapshot().set.agents.values()].map(a => a.agentId)).toEqual(['a2']), {timeout: 5000});
		} finally {
			await live.close();
		}
	});
});

describe('primeLive', () => {
	it('reads, before the first frame, the transcripts and the workflow run of a real session (workflow30)', async () => {
		const manifest = JSON.parse(readFileSync(path.join(claudeFixtures, 'manifest.json'), 'utf8')) as {
			scenarios: Record<string, {root: string; exitedAt: string; sessionId: string}>;
		};
		const recorded = manifest.scenarios.workflow30!;
		const run = copyClaudeRun('workflow30', recorded);
		vi.stubEnv('CLAUDE_CONFIG_DIR', path.join(run.root, 'claude'));
		const live = openLiveSession(path.join(run.root, 'activity'), {session: recorded.sessionId, roots: []});
		try {
			live.start();
			expect(live.agents.getSnapshot().set.agents.size).toBe(30);
			// The agent files alone: no transcript read, no run known.
			expect(live.transcripts.getSnapshot().size).toBe(0);
			expect(live.workflows.getSnapshot().runs.size).toBe(0);
			const options = {staleMs: 60_000, dedup: true, showGhosts: false, showAll: false, max: undefined};
			primeLive(live, options, run.now);
			// What the screen follows on its first render is read already: its first frame has the names
			// (.meta.json) and the run, and following that list starts no new read.
			const read = live.transcripts.getSnapshot();
			const agents = [...live.agents.getSnapshot().set.agents.values()];
			const first = buildMonitorModel({
				agents,
				transcripts: read,
				now: run.now,
				options,
				knownParents: live.transcripts.getParents(),
				workflows: live.workflows.getSnapshot(),
			});
			expect(first.follow.length).toBeGreaterThanOrEqual(8);
			expect(first.follow.filter(target => !read.has(target.agentId))).toEqual([]);
			expect(first.follow.map(target => read.get(target.agentId)?.description).filter(name => name?.startsWith('check-') !== true)).toEqual([]);
			expect([...live.workflows.getSnapshot().runs.keys()]).toEqual(['wf_73da23d2-afb']);
		} finally {
			await live.close();
			vi.unstubAllEnvs();
		}
	});
});
