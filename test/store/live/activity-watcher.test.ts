import {execFileSync} from 'node:child_process';
import {mkdirSync, renameSync, rmSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, it, vi} from 'vitest';
import type {AgentRecord} from '../../../src/core/record/agent-record.js';
import {applyFileUpdates, EMPTY_AGENT_SET, type AgentSet, type FileUpdate} from '../../../src/core/record/agent-set.js';
import {ActivityWatcher, type ActivityWatcherOptions, type WatchSnapshot} from '../../../src/store/live/activity-watcher.js';
import {readSessionDir} from '../../../src/store/activity/read-agents.js';
import {agent} from '../../helpers/agent-fixtures.js';
import {tempDir} from '../../helpers/tmp.js';

const WAIT = {timeout: 5000, interval: 20};

let watchers: ActivityWatcher[] = [];

afterEach(async () => {
	await Promise.all(watchers.map(w => w.close()));
	watchers = [];
});

/** A started watcher, closed after the test. */
async function started(options: ActivityWatcherOptions): Promise<ActivityWatcher> {
	const watcher = new ActivityWatcher(options);
	watchers.push(watcher);
	await watcher.start();
	return watcher;
}

/** Writes a file as the hook does: a dot-named temp file in the same folder, renamed into place. */
function writeRaw(dir: string, name: string, text: string): void {
	mkdirSync(dir, {recursive: true});
	const tmp = path.join(dir, `.${name}.${process.pid}.tmp`);
	writeFileSync(tmp, text);
	renameSync(tmp, path.join(dir, name));
}

function writeAgent(dir: string, record: AgentRecord): void {
	writeRaw(dir, `${record.agentId}.json`, JSON.stringify(record));
}

/** A session folder with a fixed mtime (seconds since the epoch), so "newest" is certain. */
function session(activity: string, id: string, mtime?: number, records: readonly AgentRecord[] = []): string {
	const dir = path.join(activity, id);
	mkdirSync(dir, {recursive: true});
	for (const record of records) {
		writeAgent(dir, record);
	}
	if (mtime !== undefined) {
		utimesSync(dir, mtime, mtime);
	}
	return dir;
}

const ids = (snapshot: WatchSnapshot): string[] => [...snapshot.set.agents.values()].map(a => a.agentId).sort();

/** Lets the watchers see a change that must have no effect (no assertion is about speed). */
const settle = (ms = 300): Promise<void> => new Promise(resolve => setTimeout(resolve, ms));

describe('ActivityWatcher', () => {
	it('reads an existing session before start() resolves', async () => {
		const activity = tempDir();
		session(activity, 'sess-1', undefined, [agent('a1', {type: 'Explore'}), agent('a2', {type: 'Plan', stop: 5})]);
		const watcher = await started({activity, session: 'sess-1'});
		const snap = watcher.getSnapshot();
		expect(snap.activity).toBe(activity);
		expect(snap.activityExists).toBe(true);
		expect(snap.sessionId).toBe('sess-1');
		expect(snap.following).toBe(false);
		expect(ids(snap)).toEqual(['a1', 'a2']);
		expect(snap.set.agents.get('a2.json')?.status).toBe('stopped');
		expect(snap.set.invalid.size).toBe(0);
		expect(snap.lastChangeAt).toBeUndefined();
	});

	it('follows the newest session folder when none is given', async () => {
		const activity = tempDir();
		session(activity, 'sess-old', 1_700_000_000, [agent('old-1')]);
		session(activity, 'sess-new', 1_700_000_500, [agent('new-1'), agent('new-2')]);
		session(activity, 'sess-mid', 1_700_000_200, [agent('mid-1')]);
		const watcher = await started({activity});
		const snap = watcher.getSnapshot();
		expect(snap.following).toBe(true);
		expect(snap.sessionId).toBe('sess-new');
		expect(ids(snap)).toEqual(['new-1', 'new-2']);
	});

	it('switches to a session folder that appears, and keeps following', async () => {
		const activity = tempDir();
		session(activity, 'sess-1', undefined, [agent('a1')]);
		const watcher = await started({activity});
		expect(watcher.getSnapshot().sessionId).toBe('sess-1');

		session(activity, 'sess-2', undefined, [agent('b1'), agent('b2')]);
		await vi.waitFor(() => {
			const snap = watcher.getSnapshot();
			expect(snap.sessionId).toBe('sess-2');
			expect(ids(snap)).toEqual(['b1', 'b2']);
		}, WAIT);
		expect(watcher.getSnapshot().following).toBe(true);

		// Still following: the next session is picked up too, and its later files are seen.
		const third = session(activity, 'sess-3');
		await vi.waitFor(() => expect(watcher.getSnapshot().sessionId).toBe('sess-3'), WAIT);
		writeAgent(third, agent('c1'));
		await vi.waitFor(() => expect(ids(watcher.getSnapshot())).toEqual(['c1']), WAIT);
		expect(watcher.getSnapshot().following).toBe(true);
	});

	it('never follows a dot folder that appears (a demo keeps its transcripts in one)', async () => {
		const activity = tempDir();
		const watcher = await started({activity});
		const seen: Array<string | undefined> = [];
		const unsubscribe = watcher.subscribe(() => seen.push(watcher.getSnapshot().sessionId));
		mkdirSync(path.join(activity, '.demo-transcripts', 'x'), {recursive: true});
		// Give a wrong switch the time to happen (the debounce is 25 ms), then a real session.
		await new Promise(resolve => setTimeout(resolve, 300));
		session(activity, 'sess-2', undefined, [agent('b1')]);
		await vi.waitFor(() => expect(watcher.getSnapshot().sessionId).toBe('sess-2'), WAIT);
		unsubscribe();
		expect(seen).not.toContain('.demo-transcripts');
	});

	it('starts following when the first session appears in an empty activity folder', async () => {
		const activity = tempDir();
		const watcher = await started({activity});
		expect(watcher.getSnapshot()).toMatchObject({activityExists: true, sessionId: undefined, following: true});
		expect(watcher.getSnapshot().set.agents.size).toBe(0);
		session(activity, 'first', undefined, [agent('x1')]);
		await vi.waitFor(() => {
			expect(watcher.getSnapshot().sessionId).toBe('first');
			expect(ids(watcher.getSnapshot())).toEqual(['x1']);
		}, WAIT);
	});

	it('catches a session that appears while the watchers are getting ready', async () => {
		const activity = tempDir();
		session(activity, 'sess-old', 1_000_000, [agent('a1', {type: 'Explore'})]);
		const watcher = new ActivityWatcher({activity});
		watchers.push(watcher);
		const ready = watcher.start();
		// Right after the first read, before the top watcher is ready: no event will be raised.
		session(activity, 'sess-new', undefined, [agent('n1', {type: 'Plan'})]);
		await ready;
		await vi.waitFor(() => expect(watcher.getSnapshot().sessionId).toBe('sess-new'), WAIT);
		await vi.waitFor(() => expect(ids(watcher.getSnapshot())).toEqual(['n1']), WAIT);
	});

	it('stays on a fixed session when other sessions appear', async () => {
		const activity = tempDir();
		const dir = session(activity, 'fixed', undefined, [agent('a1')]);
		const watcher = await started({activity, session: 'fixed'});
		session(activity, 'newer', undefined, [agent('n1')]);
		await settle();
		writeAgent(dir, agent('a2'));
		await vi.waitFor(() => expect(ids(watcher.getSnapshot())).toEqual(['a1', 'a2']), WAIT);
		expect(watcher.getSnapshot().sessionId).toBe('fixed');
		expect(watcher.getSnapshot().following).toBe(false);
	});

	it('reflects a file update', async () => {
		const activity = tempDir();
		const dir = session(activity, 's', undefined, [agent('a1', {start: 0})]);
		const watcher = await started({activity, session: 's', now: () => 4242});
		expect(watcher.getSnapshot().set.agents.get('a1.json')?.status).toBe('active');

		writeAgent(dir, agent('a1', {start: 0, stop: 30, extra: {lastMessage: 'All done.'}}));
		await vi.waitFor(() => {
			const record = watcher.getSnapshot().set.agents.get('a1.json');
			expect(record?.status).toBe('stopped');
			expect(record?.lastMessage).toBe('All done.');
		}, WAIT);
		expect(watcher.getSnapshot().lastChangeAt).toBe(4242);
	});

	it('sees a rewrite that comes right after the previous update was read', async () => {
		// chokidar drops a second 'change' of one file within 50 ms of the first (paulmillr/chokidar#1455):
		// the stop written as soon as the update was shown must still reach the screen.
		const activity = tempDir();
		const dir = session(activity, 's', undefined, [agent('a1', {start: 0})]);
		const watcher = await started({activity, session: 's', debounceMs: 10});
		let rewritten = false;
		watcher.subscribe(() => {
			if (!rewritten && watcher.getSnapshot().set.agents.get('a1.json')?.lastMessage === 'first') {
				rewritten = true;
				writeAgent(dir, agent('a1', {start: 0, stop: 40, extra: {lastMessage: 'second'}}));
			}
		});
		writeAgent(dir, agent('a1', {start: 0, updated: 20, extra: {lastMessage: 'first'}}));
		await vi.waitFor(() => expect(rewritten).toBe(true), WAIT);
		await vi.waitFor(() => {
			const record = watcher.getSnapshot().set.agents.get('a1.json');
			expect(record?.lastMessage).toBe('second');
			expect(record?.status).toBe('stopped');
		}, WAIT);
	});

	it('turns a burst of 20 renames into all 20 agents, in fewer updates than files', async () => {
		const activity = tempDir();
		const dir = session(activity, 's');
		const watcher = await started({activity, session: 's', debounceMs: 150});
		let updates = 0;
		watcher.subscribe(() => {
			updates += 1;
		});
		const expected = Array.from({length: 20}, (_, i) => `b${String(i).padStart(2, '0')}`);
		for (const id of expected) {
			writeAgent(dir, agent(id));
		}
		await vi.waitFor(() => expect(ids(watcher.getSnapshot())).toEqual(expected), WAIT);
		expect(updates).toBeGreaterThan(0);
		expect(updates).toBeLessThan(20);
	});

	it('keeps the last good record of a file that turns invalid, with a warning, until it is good again', async () => {
		const activity = tempDir();
		const dir = session(activity, 's', undefined, [agent('a1', {extra: {lastMessage: 'good'}})]);
		const watcher = await started({activity, session: 's'});

		writeRaw(dir, 'a1.json', '{"agentId": "a1", "status": ');
		await vi.waitFor(() => expect(watcher.getSnapshot().set.invalid.size).toBe(1), WAIT);
		const snap = watcher.getSnapshot();
		expect(snap.set.invalid.get('a1.json')).toBe('not valid JSON');
		expect(snap.set.agents.get('a1.json')?.lastMessage).toBe('good');

		writeAgent(dir, agent('a1', {stop: 9, extra: {lastMessage: 'better'}}));
		await vi.waitFor(() => {
			const s = watcher.getSnapshot();
			expect(s.set.invalid.size).toBe(0);
			expect(s.set.agents.get('a1.json')?.lastMessage).toBe('better');
		}, WAIT);
	});

	it('counts a folder or a FIFO named like an agent file that appears while it watches, as the snapshot does', async () => {
		const activity = tempDir();
		const dir = session(activity, 's', undefined, [agent('a1')]);
		const watcher = await started({activity, session: 's'});
		expect(watcher.getSnapshot().set.invalid.size).toBe(0);
		mkdirSync(path.join(dir, 'x.json'));
		await vi.waitFor(() => expect([...watcher.getSnapshot().set.invalid.keys()]).toEqual(['x.json']), WAIT);
		execFileSync('mkfifo', [path.join(dir, 'y.json')]);
		await vi.waitFor(() => expect([...watcher.getSnapshot().set.invalid.keys()].sort()).toEqual(['x.json', 'y.json']), WAIT);
		// And the one-shot read counts them the same.
		expect(
			readSessionDir(dir)
				.invalid.map(bad => path.basename(bad.file))
				.sort(),
		).toEqual(['x.json', 'y.json']);
		rmSync(path.join(dir, 'x.json'), {recursive: true});
		await vi.waitFor(() => expect([...watcher.getSnapshot().set.invalid.keys()]).toEqual(['y.json']), WAIT);
	});

	it('counts a file that was never valid as a warning only', async () => {
		const activity = tempDir();
		const dir = session(activity, 's', undefined, [agent('a1')]);
		const watcher = await started({activity, session: 's'});
		writeRaw(dir, 'broken.json', JSON.stringify({agentId: 'broken', status: 'weird'}));
		await vi.waitFor(() => expect(watcher.getSnapshot().set.invalid.size).toBe(1), WAIT);
		expect(ids(watcher.getSnapshot())).toEqual(['a1']);
	});

	it('counts an invalid file found at start', async () => {
		const activity = tempDir();
		const dir = session(activity, 's', undefined, [agent('a1')]);
		writeRaw(dir, 'bad.json', 'not json');
		const watcher = await started({activity, session: 's'});
		expect(watcher.getSnapshot().set.invalid.size).toBe(1);
		expect(ids(watcher.getSnapshot())).toEqual(['a1']);
	});

	it('removes the agent of a deleted file', async () => {
		const activity = tempDir();
		const dir = session(activity, 's', undefined, [agent('a1'), agent('a2')]);
		const watcher = await started({activity, session: 's'});
		rmSync(path.join(dir, 'a1.json'));
		await vi.waitFor(() => expect(ids(watcher.getSnapshot())).toEqual(['a2']), WAIT);
	});

	it('clears a warning when the invalid file is deleted', async () => {
		const activity = tempDir();
		const dir = session(activity, 's', undefined, [agent('a1')]);
		writeRaw(dir, 'bad.json', '{');
		const watcher = await started({activity, session: 's'});
		expect(watcher.getSnapshot().set.invalid.size).toBe(1);
		rmSync(path.join(dir, 'bad.json'));
		await vi.waitFor(() => expect(watcher.getSnapshot().set.invalid.size).toBe(0), WAIT);
		expect(ids(watcher.getSnapshot())).toEqual(['a1']);
	});

	it.each([
		['a fixed session', 's'],
		['the followed session', undefined],
	])('empties the set when %s folder is deleted and picks it up again when it comes back', async (_name, fixed) => {
		const activity = tempDir();
		const dir = session(activity, 's', undefined, [agent('a1'), agent('a2')]);
		const watcher = await started({activity, session: fixed});
		expect(ids(watcher.getSnapshot())).toEqual(['a1', 'a2']);

		rmSync(dir, {recursive: true});
		await vi.waitFor(() => expect(watcher.getSnapshot().set.agents.size).toBe(0), WAIT);
		expect(watcher.getSnapshot().set.invalid.size).toBe(0);

		session(activity, 's', undefined, [agent('a3')]);
		await vi.waitFor(() => expect(ids(watcher.getSnapshot())).toEqual(['a3']), WAIT);
		expect(watcher.getSnapshot().sessionId).toBe('s');
		// And it is watched again.
		writeAgent(dir, agent('a4'));
		await vi.waitFor(() => expect(ids(watcher.getSnapshot())).toEqual(['a3', 'a4']), WAIT);
	});

	it('moves to the newest remaining session when the followed one is deleted', async () => {
		const activity = tempDir();
		session(activity, 'older', 1_700_000_000, [agent('o1')]);
		const newer = session(activity, 'newer', 1_700_000_100, [agent('n1')]);
		const watcher = await started({activity});
		expect(watcher.getSnapshot().sessionId).toBe('newer');
		rmSync(newer, {recursive: true});
		await vi.waitFor(() => {
			expect(watcher.getSnapshot().sessionId).toBe('older');
			expect(ids(watcher.getSnapshot())).toEqual(['o1']);
		}, WAIT);
	});

	it('picks up an activity folder that does not exist yet', async () => {
		const activity = path.join(tempDir(), 'not-yet', 'agent-activity');
		const watcher = new ActivityWatcher({activity});
		watchers.push(watcher);
		// start() resolves once the folder has appeared and is watched; the snapshot is usable before.
		const ready = watcher.start();
		expect(watcher.getSnapshot()).toMatchObject({activityExists: false, sessionId: undefined, following: true});
		expect(watcher.getSnapshot().set.agents.size).toBe(0);

		session(activity, 'late', undefined, [agent('l1')]);
		await vi.waitFor(
			() => {
				const snap = watcher.getSnapshot();
				expect(snap.activityExists).toBe(true);
				expect(snap.sessionId).toBe('late');
				expect(ids(snap)).toEqual(['l1']);
			},
			{timeout: 6000, interval: 50},
		);
		await ready;
		// Watched from then on.
		writeAgent(path.join(activity, 'late'), agent('l2'));
		await vi.waitFor(() => expect(ids(watcher.getSnapshot())).toEqual(['l1', 'l2']), WAIT);
	});

	it('calls subscribers on changes until they unsubscribe', async () => {
		const activity = tempDir();
		const dir = session(activity, 's', undefined, [agent('a1')]);
		const watcher = await started({activity, session: 's'});
		const kept = vi.fn();
		const dropped = vi.fn();
		watcher.subscribe(kept);
		const unsubscribe = watcher.subscribe(dropped);

		writeAgent(dir, agent('a2'));
		await vi.waitFor(() => expect(kept).toHaveBeenCalled(), WAIT);
		expect(dropped).toHaveBeenCalled();
		expect(ids(watcher.getSnapshot())).toEqual(['a1', 'a2']);

		unsubscribe();
		const droppedCalls = dropped.mock.calls.length;
		const keptCalls = kept.mock.calls.length;
		writeAgent(dir, agent('a3'));
		await vi.waitFor(() => expect(kept.mock.calls.length).toBeGreaterThan(keptCalls), WAIT);
		expect(ids(watcher.getSnapshot())).toEqual(['a1', 'a2', 'a3']);
		expect(dropped.mock.calls.length).toBe(droppedCalls);
	});

	it('gives a new snapshot object on a change and keeps it otherwise', async () => {
		const activity = tempDir();
		const dir = session(activity, 's', undefined, [agent('a1')]);
		const watcher = await started({activity, session: 's'});
		const before = watcher.getSnapshot();
		expect(watcher.getSnapshot()).toBe(before);
		writeAgent(dir, agent('a2'));
		await vi.waitFor(() => expect(watcher.getSnapshot()).not.toBe(before), WAIT);
		expect(before.set.agents.size).toBe(1);
	});

	it('does not notify when a file is rewritten with the same record', async () => {
		const activity = tempDir();
		const record = agent('a1', {extra: {lastMessage: 'same'}});
		const dir = session(activity, 's', undefined, [record]);
		const watcher = await started({activity, session: 's'});
		const listener = vi.fn();
		watcher.subscribe(listener);
		writeAgent(dir, record);
		await settle();
		// A real change afterwards proves the watcher was listening all along.
		writeAgent(dir, agent('a2'));
		await vi.waitFor(() => expect(ids(watcher.getSnapshot())).toEqual(['a1', 'a2']), WAIT);
		expect(listener).toHaveBeenCalledTimes(1);
	});

	it('ignores temp files and files that are not .json', async () => {
		const activity = tempDir();
		const dir = session(activity, 's', undefined, [agent('a1')]);
		writeFileSync(path.join(dir, '.a9.json.123.tmp'), JSON.stringify(agent('a9')));
		writeFileSync(path.join(dir, 'notes.txt'), JSON.stringify(agent('n1')));
		const watcher = await started({activity, session: 's'});
		expect(ids(watcher.getSnapshot())).toEqual(['a1']);

		writeFileSync(path.join(dir, '.hidden.json'), JSON.stringify(agent('h1')));
		writeFileSync(path.join(dir, '.b1.json.456.tmp'), '{half');
		writeFileSync(path.join(dir, 'b1.json.bak'), JSON.stringify(agent('b1')));
		writeFileSync(path.join(dir, 'hook.log'), 'log line');
		await settle();
		writeAgent(dir, agent('a2'));
		await vi.waitFor(() => expect(ids(watcher.getSnapshot())).toEqual(['a1', 'a2']), WAIT);
		expect(watcher.getSnapshot().set.invalid.size).toBe(0);
		expect([...watcher.getSnapshot().set.agents.keys()].sort()).toEqual(['a1.json', 'a2.json']);
	});

	it('stops notifying after close()', async () => {
		const activity = tempDir();
		const dir = session(activity, 's', undefined, [agent('a1')]);
		const watcher = await started({activity, session: 's'});
		const listener = vi.fn();
		watcher.subscribe(listener);
		await watcher.close();
		writeAgent(dir, agent('a2'));
		await settle();
		expect(listener).not.toHaveBeenCalled();
		expect(ids(watcher.getSnapshot())).toEqual(['a1']);
	});

	// The README's uninstall step removes the activity folder; the hook creates it again on its next run.
	const REARM = {timeout: 3000, interval: 20};
	it.each([
		['with sessions in it', true],
		['empty', false],
	])('sees new sessions after the activity folder (%s) is removed and created again', async (_name, withSession) => {
		const activity = path.join(tempDir(), 'agent-activity');
		mkdirSync(activity);
		if (withSession) {
			session(activity, 'old', undefined, [agent('o1')]);
		}
		const watcher = await started({activity});
		rmSync(activity, {recursive: true, force: true});
		if (withSession) {
			await vi.waitFor(() => expect(watcher.getSnapshot().set.agents.size).toBe(0), REARM);
		}
		mkdirSync(activity);
		await settle(100);
		session(activity, 'fresh', undefined, [agent('f1')]);
		await vi.waitFor(() => {
			const snap = watcher.getSnapshot();
			expect(snap.activityExists).toBe(true);
			expect(snap.sessionId).toBe('fresh');
			expect(ids(snap)).toEqual(['f1']);
		}, REARM);
		// Watched from then on: later files and later sessions are seen.
		writeAgent(path.join(activity, 'fresh'), agent('f2'));
		await vi.waitFor(() => expect(ids(watcher.getSnapshot())).toEqual(['f1', 'f2']), REARM);
		session(activity, 'later', undefined, [agent('l1')]);
		await vi.waitFor(() => expect(watcher.getSnapshot().sessionId).toBe('later'), REARM);
	});

	it('sees the activity folder come back after it stayed away for a while', async () => {
		const activity = path.join(tempDir(), 'agent-activity');
		session(activity, 'old', undefined, [agent('o1')]);
		const watcher = await started({activity});
		rmSync(activity, {recursive: true, force: true});
		await vi.waitFor(() => expect(watcher.getSnapshot()).toMatchObject({activityExists: false, sessionId: undefined}), REARM);
		expect(watcher.getSnapshot().set.agents.size).toBe(0);
		await settle(700);
		session(activity, 'fresh', undefined, [agent('f1')]);
		await vi.waitFor(() => expect(ids(watcher.getSnapshot())).toEqual(['f1']), REARM);
	});

	it('keeps a fixed session across the activity folder being removed and created again', async () => {
		const activity = path.join(tempDir(), 'agent-activity');
		session(activity, 'fixed', undefined, [agent('a1')]);
		const watcher = await started({activity, session: 'fixed'});
		rmSync(activity, {recursive: true, force: true});
		await vi.waitFor(() => expect(watcher.getSnapshot().set.agents.size).toBe(0), REARM);
		session(activity, 'other', undefined, [agent('x1')]);
		session(activity, 'fixed', undefined, [agent('a2')]);
		await vi.waitFor(() => expect(ids(watcher.getSnapshot())).toEqual(['a2']), REARM);
		expect(watcher.getSnapshot()).toMatchObject({sessionId: 'fixed', following: false});
		writeAgent(path.join(activity, 'fixed'), agent('a3'));
		await vi.waitFor(() => expect(ids(watcher.getSnapshot())).toEqual(['a2', 'a3']), REARM);
	});

	it('can be closed while it waits for the activity folder to appear', async () => {
		const activity = path.join(tempDir(), 'never');
		const watcher = new ActivityWatcher({activity});
		watchers.push(watcher);
		void watcher.start();
		await watcher.close();
		session(activity, 's', undefined, [agent('a1')]);
		await settle(1500);
		expect(watcher.getSnapshot().activityExists).toBe(false);
		expect(watcher.getSnapshot().set.agents.size).toBe(0);
	});
});

describe('applyFileUpdates', () => {
	const a1 = agent('a1', {extra: {lastMessage: 'one'}});
	const a2 = agent('a2');
	const set = (agents: Record<string, AgentRecord>, invalid: Record<string, string> = {}): AgentSet => ({
		agents: new Map(Object.entries(agents)),
		invalid: new Map(Object.entries(invalid)),
	});
	const record = (name: string, r: AgentRecord): FileUpdate => ({name, kind: 'record', record: r});
	const invalid = (name: string, error: string): FileUpdate => ({name, kind: 'invalid', error});
	const gone = (name: string): FileUpdate => ({name, kind: 'gone'});

	it('adds records', () => {
		const next = applyFileUpdates(EMPTY_AGENT_SET, [record('a1.json', a1), record('a2.json', a2)]);
		expect([...next.agents.keys()]).toEqual(['a1.json', 'a2.json']);
		expect(next.agents.get('a1.json')).toEqual(a1);
		expect(EMPTY_AGENT_SET.agents.size).toBe(0);
	});

	it('returns the same object when nothing changes', () => {
		const s = set({'a1.json': a1}, {'bad.json': 'not valid JSON'});
		expect(applyFileUpdates(s, [])).toBe(s);
		// An equal record (another object with the same content).
		expect(applyFileUpdates(s, [record('a1.json', {...a1})])).toBe(s);
		// The same error again.
		expect(applyFileUpdates(s, [invalid('bad.json', 'not valid JSON')])).toBe(s);
		// A file gone that was never known.
		expect(applyFileUpdates(s, [gone('other.json')])).toBe(s);
		expect(applyFileUpdates(EMPTY_AGENT_SET, [gone('x.json')])).toBe(EMPTY_AGENT_SET);
	});

	it('replaces a changed record without touching the input', () => {
		const s = set({'a1.json': a1});
		const changed = {...a1, lastMessage: 'two'};
		const next = applyFileUpdates(s, [record('a1.json', changed)]);
		expect(next).not.toBe(s);
		expect(next.agents.get('a1.json')?.lastMessage).toBe('two');
		expect(s.agents.get('a1.json')?.lastMessage).toBe('one');
		// Only what changed is copied.
		expect(next.invalid).toBe(s.invalid);
	});

	it('keeps the last good record when its file turns invalid, and counts the warning', () => {
		const s = set({'a1.json': a1});
		const next = applyFileUpdates(s, [invalid('a1.json', 'not valid JSON')]);
		expect(next.agents.get('a1.json')).toBe(a1);
		expect(next.agents).toBe(s.agents);
		expect(next.invalid.get('a1.json')).toBe('not valid JSON');
		expect(s.invalid.size).toBe(0);
	});

	it('updates the error of a file that stays invalid', () => {
		const s = set({}, {'a1.json': 'empty file'});
		const next = applyFileUpdates(s, [invalid('a1.json', 'not valid JSON')]);
		expect(next.invalid.get('a1.json')).toBe('not valid JSON');
	});

	it('clears the warning when the file is good again', () => {
		const s = set({'a1.json': a1}, {'a1.json': 'not valid JSON'});
		const next = applyFileUpdates(s, [record('a1.json', a1)]);
		expect(next.invalid.size).toBe(0);
		expect(next.agents).toBe(s.agents);
		expect(next.agents.get('a1.json')).toBe(a1);
	});

	it('removes both the record and the warning of a file that is gone', () => {
		const s = set({'a1.json': a1, 'a2.json': a2}, {'a1.json': 'not valid JSON'});
		const next = applyFileUpdates(s, [gone('a1.json')]);
		expect([...next.agents.keys()]).toEqual(['a2.json']);
		expect(next.invalid.size).toBe(0);
		expect(s.agents.size).toBe(2);
		expect(s.invalid.size).toBe(1);
	});

	it('applies a batch in order: the last update of a file wins', () => {
		const next = applyFileUpdates(EMPTY_AGENT_SET, [
			record('a1.json', a1),
			gone('a1.json'),
			record('a2.json', a2),
			invalid('a2.json', 'x'),
			record('a2.json', a2),
		]);
		expect([...next.agents.keys()]).toEqual(['a2.json']);
		expect(next.invalid.size).toBe(0);
	});

	it('compares a record in a batch with the batch so far', () => {
		const s = set({'a1.json': a1});
		// Changed and changed back in one batch: the set ends with the first version again.
		const next = applyFileUpdates(s, [record('a1.json', {...a1, lastMessage: 'x'}), record('a1.json', a1)]);
		expect(next.agents.get('a1.json')).toEqual(a1);
		expect(s.agents.get('a1.json')).toBe(a1);
	});
});
