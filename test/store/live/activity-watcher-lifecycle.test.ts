// The watcher follows the session's event log: appends reach the snapshot's lifecycle.
import {appendFileSync, mkdirSync, renameSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {formatEventLine, type EventLine} from '../../../src/core/record/event-line.js';
import {ActivityWatcher} from '../../../src/store/live/activity-watcher.js';
import {EVENT_LOG_NAME} from '../../../src/core/record/file-names.js';
import {agent} from '../../helpers/agent-fixtures.js';
import {tempDir} from '../../helpers/tmp.js';

const WAIT = {timeout: 5000, interval: 20};

let watchers: ActivityWatcher[] = [];

afterEach(async () => {
	await Promise.all(watchers.map(w => w.close()));
	watchers = [];
});

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const line = (s: number, event: string, agentId: string | undefined, extra: Partial<EventLine> = {}): string =>
	formatEventLine({
		v: 1,
		at: new Date(T0 + s * 1000).toISOString(),
		event,
		sessionId: 'sess-1',
		...(agentId === undefined ? {} : {agentId, type: 'Explore'}),
		...extra,
	});

function sessionWithAgent(activity: string, id: string): string {
	const dir = path.join(activity, id);
	mkdirSync(dir, {recursive: true});
	const tmp = path.join(dir, '.a1.json.tmp');
	writeFileSync(tmp, JSON.stringify(agent('a1', {type: 'Explore'})));
	renameSync(tmp, path.join(dir, 'a1.json'));
	return dir;
}

const kinds = (watcher: ActivityWatcher, id = 'a1'): string[] =>
	watcher
		.getSnapshot()
		.lifecycle?.agents.get(id)
		?.steps.map(s => s.kind) ?? [];

describe('ActivityWatcher: the event log', () => {
	it('reads the log with the session, then each append as it comes', async () => {
		const activity = tempDir();
		const dir = sessionWithAgent(activity, 'sess-1');
		appendFileSync(path.join(dir, EVENT_LOG_NAME), line(0, 'SubagentStart', 'a1', {state: 'active'}));
		const watcher = new ActivityWatcher({activity, session: 'sess-1'});
		watchers.push(watcher);
		await watcher.start();
		expect(kinds(watcher)).toEqual(['spawned']);
		appendFileSync(path.join(dir, EVENT_LOG_NAME), line(5, 'SubagentStop', 'a1', {state: 'stopped'}));
		await vi.waitFor(() => expect(kinds(watcher)).toEqual(['spawned', 'completed']), WAIT);
		// Two quick appends (chokidar throttles the second 'change'): both arrive.
		appendFileSync(path.join(dir, EVENT_LOG_NAME), line(60, 'SubagentStart', 'a1', {state: 'active'}));
		appendFileSync(path.join(dir, EVENT_LOG_NAME), line(61, 'SessionEnd', undefined, {data: {reason: 'other'}}));
		await vi.waitFor(() => expect(kinds(watcher)).toEqual(['spawned', 'completed', 'resumed', 'interrupted']), WAIT);
	});

	it('sees a log created after the watch started', async () => {
		const activity = tempDir();
		const dir = sessionWithAgent(activity, 'sess-1');
		const watcher = new ActivityWatcher({activity, session: 'sess-1'});
		watchers.push(watcher);
		await watcher.start();
		expect(kinds(watcher)).toEqual([]);
		appendFileSync(path.join(dir, EVENT_LOG_NAME), line(0, 'SubagentStart', 'a1', {state: 'active'}));
		await vi.waitFor(() => expect(kinds(watcher)).toEqual(['spawned']), WAIT);
	});
});
