// One session's timeline: the items `ls` lists and a lane per agent from its lifecycle in the log.
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {readSessionTimeline} from '../../../src/app/timeline/session-timeline.js';
import {formatEventLine, type EventLine} from '../../../src/core/record/event-line.js';
import {agent, at, ms} from '../../helpers/agent-fixtures.js';
import {writeRecord} from '../../helpers/session-fixtures.js';
import {tempDir} from '../../helpers/tmp.js';

const S = '4d5611e5-241a-462a-8d15-5122611a9569';
const options = {staleMs: 300_000, dedup: true, showGhosts: false, showAll: true};
const none = () => Promise.resolve(new Map());
const line = (s: number, event: string, agentId: string, state: EventLine['state']): EventLine => ({
	v: 1,
	at: at(s),
	event,
	sessionId: S,
	agentId,
	type: 'Explore',
	state,
});

let saved: string | undefined;
beforeEach(() => {
	saved = process.env.AGENTLOG_NOW;
	process.env.AGENTLOG_NOW = String(ms(600));
});
afterEach(() => {
	if (saved === undefined) delete process.env.AGENTLOG_NOW;
	else process.env.AGENTLOG_NOW = saved;
});

describe('readSessionTimeline', () => {
	it('a lane per agent, its steps from the log, the clock as now', async () => {
		const activity = tempDir('activity-');
		const dir = path.join(activity, S);
		writeRecord(dir, agent('a1', {type: 'Explore', start: 0, stop: 100}));
		writeRecord(dir, agent('a2', {type: 'Explore', start: 200}));
		writeFileSync(
			path.join(dir, 'events.jsonl'),
			[line(0, 'SubagentStart', 'a1', 'active'), line(100, 'SubagentStop', 'a1', 'stopped'), line(200, 'SubagentStart', 'a2', 'active')]
				.map(l => `${formatEventLine(l)}\n`)
				.join(''),
		);
		const t = await readSessionTimeline(activity, S, options, none);
		expect(t.now).toBe(ms(600));
		expect(t.skipped).toBe(0);
		expect(t.problem).toBeUndefined();
		expect(t.items.map(i => i.agent.agentId)).toEqual(['a2', 'a1']);
		expect(t.lanes).toHaveLength(2);
	});

	it('no log: lanes still, from the records; a bad line is counted', async () => {
		const activity = tempDir('activity-');
		const dir = path.join(activity, S);
		writeRecord(dir, agent('a1', {start: 0, stop: 100}));
		const t = await readSessionTimeline(activity, S, options, none);
		expect(t.items).toHaveLength(1);
		expect(t.lanes).toHaveLength(1);
		writeFileSync(path.join(dir, 'events.jsonl'), `${formatEventLine(line(0, 'SubagentStart', 'a1', 'active'))}\n{broken\n`);
		expect((await readSessionTimeline(activity, S, options, none)).skipped).toBe(1);
	});

	it('a session with nothing: no items, no lanes', async () => {
		const activity = tempDir('activity-');
		mkdirSync(path.join(activity, S));
		const t = await readSessionTimeline(activity, S, options, none);
		expect(t.items).toEqual([]);
		expect(t.lanes).toEqual([]);
	});
});
