// `agentlog stream`'s use case: the session's agents published at once when opened, again when an
// agent file changes, every agent (ghosts too, no cap) in the stream's shape; nothing after close.
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {openModelStream} from '../../../src/app/remote/stream.js';
import type {StreamState} from '../../../src/core/remote/protocol.js';
import {agent, ms} from '../../helpers/agent-fixtures.js';
import {writeRecord} from '../../helpers/session-fixtures.js';
import {tempDir} from '../../helpers/tmp.js';

const S = '4d5611e5-241a-462a-8d15-5122611a9569';

async function until(check: () => boolean, what: string): Promise<void> {
	const end = Date.now() + 10_000;
	while (!check()) {
		if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
		await new Promise(resolve => setTimeout(resolve, 25));
	}
}

describe('openModelStream', () => {
	it('publishes the session at once, then each change, until closed', async () => {
		const activity = tempDir('activity-');
		writeRecord(path.join(activity, S), agent('a1', {type: 'Explore', start: 0}));
		const states: StreamState[] = [];
		const stream = openModelStream(activity, {session: S, staleMs: 300_000, dedup: true, now: () => ms(10), coalesceMs: 5}, s => states.push(s));
		try {
			expect(states.length).toBeGreaterThanOrEqual(1);
			await until(() => states.at(-1)?.agents.length === 1, 'the first agent');
			expect(states.at(-1)).toMatchObject({session: S, following: false});
			expect(states.at(-1)?.agents[0]).toMatchObject({agentId: 'a1', type: 'Explore', status: 'active', displayStatus: 'active'});
			writeRecord(path.join(activity, S), agent('a2', {type: 'Plan', start: 5, stop: 8}));
			await until(() => states.at(-1)?.agents.length === 2, 'the second agent');
			expect(states.at(-1)?.agents.map(a => a.agentId)).toEqual(['a2', 'a1']);
		} finally {
			await stream.close();
		}
		const count = states.length;
		writeRecord(path.join(activity, S), agent('a3', {start: 9}));
		await new Promise(resolve => setTimeout(resolve, 300));
		expect(states.length).toBe(count);
	});
});
