import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it, vi} from 'vitest';
import {openLiveSession} from '../../../src/app/session/live.js';
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
