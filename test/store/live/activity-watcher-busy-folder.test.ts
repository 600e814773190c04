import {EventEmitter} from 'node:events';
import {mkdirSync, renameSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {ActivityWatcher} from '../../../src/store/live/activity-watcher.js';
import {agent} from '../../helpers/agent-fixtures.js';
import {tempDir} from '../../helpers/tmp.js';

// chokidar learns of a new file in a folder only by listing the folder again (every entry
// lstat'ed); in a folder of a thousand agents, some of them writing, that took seconds. Here
// chokidar never reports a file at all: only the folder's own events can tell the watcher.
vi.mock('chokidar', () => ({
	watch: () => {
		const fake = Object.assign(new EventEmitter(), {close: () => Promise.resolve(), add: () => fake, unwatch: () => fake});
		setTimeout(() => fake.emit('ready'), 0);
		return fake;
	},
}));

let watcher: ActivityWatcher | undefined;

afterEach(async () => {
	await watcher?.close();
	watcher = undefined;
});

function writeAgent(dir: string, id: string, type: string): void {
	const tmp = path.join(dir, `.${id}.tmp`);
	writeFileSync(tmp, JSON.stringify(agent(id, {start: 0, extra: {type}})));
	renameSync(tmp, path.join(dir, `${id}.json`));
}

describe('ActivityWatcher, a session folder chokidar is slow to list', () => {
	it('sees a new agent file and a rewritten one from the folder’s own events', async () => {
		const activity = tempDir('activity-');
		const dir = path.join(activity, 'session-1');
		mkdirSync(dir, {recursive: true});
		writeAgent(dir, 'a1', 'Busy');
		watcher = new ActivityWatcher({activity, debounceMs: 20});
		await watcher.start();
		const w = watcher;
		const types = () => new Map([...w.getSnapshot().set.agents.values()].map(a => [a.agentId, a.type]));
		await vi.waitFor(() => expect(types()).toEqual(new Map([['a1', 'Busy']])), {timeout: 5000, interval: 20});
		writeAgent(dir, 'newcomer', 'New');
		writeAgent(dir, 'a1', 'Rewritten');
		await vi.waitFor(
			() =>
				expect(types()).toEqual(
					new Map([
						['a1', 'Rewritten'],
						['newcomer', 'New'],
					]),
				),
			{timeout: 5000, interval: 20},
		);
	});
});
