import {describe, expect, it} from 'vitest';
import {buildMonitorModel, rememberParents, rememberWork, type MonitorInput, type TranscriptFacts} from '../../../src/core/monitor/model.js';
import {findGhosts} from '../../../src/core/monitor/ghosts.js';
import {EMPTY_SUMMARY} from '../../../src/core/transcript/summary.js';
import {agent, ms} from '../../helpers/agent-fixtures.js';

const options = {staleMs: 300_000, dedup: true, showGhosts: false, showAll: true};

function facts(extra: Partial<TranscriptFacts> = {}): TranscriptFacts {
	return {summary: EMPTY_SUMMARY, description: undefined, parentAgentId: undefined, history: undefined, missing: false, ...extra};
}

function model(input: Partial<MonitorInput> & Pick<MonitorInput, 'agents'>) {
	return buildMonitorModel({transcripts: new Map(), now: ms(3600), options, ...input});
}

const byId = (m: ReturnType<typeof model>, id: string) => m.items.find(item => item.agent.agentId === id);

describe('buildMonitorModel: inferred stop', () => {
	const running = agent('r1', {type: 'Explore', start: 0});
	it('an agent whose transcript ended its turn is stopped (inferred), shows its report, and is never stale', () => {
		const t = new Map([
			[
				'r1',
				facts({endedTurn: true, finalReport: 'Let me compile a report:\n\n## Found 4 routes', summary: {...EMPTY_SUMMARY, lastAt: ms(90)}, mtimeMs: ms(90)}),
			],
		]);
		const item = byId(model({agents: [running], transcripts: t}), 'r1');
		expect(item).toMatchObject({
			displayStatus: 'stopped',
			stale: false,
			inferredStop: true,
			reportSource: 'transcript',
			summary: 'Found 4 routes',
			durationMs: 90_000,
		});
	});

	it('a completed Task result in the parent is a finish; a background launch is not', () => {
		const done = facts({taskResult: {status: 'completed', totalTokens: 10, totalToolUseCount: 2, totalDurationMs: 5000, report: 'All done.'}});
		expect(byId(model({agents: [running], transcripts: new Map([['r1', done]])}), 'r1')).toMatchObject({
			inferredStop: true,
			report: 'All done.',
			summary: 'All done.',
		});
		const launched = facts({
			taskResult: {status: 'async_launched', totalTokens: undefined, totalToolUseCount: undefined, totalDurationMs: undefined, report: undefined},
		});
		expect(byId(model({agents: [running], transcripts: new Map([['r1', launched]])}), 'r1')).toMatchObject({
			inferredStop: false,
			stale: true,
			displayStatus: 'stopped',
		});
	});

	it('without an end of turn an agent silent for the stale time is stale; its transcript write is a sign of life', () => {
		expect(byId(model({agents: [running]}), 'r1')).toMatchObject({stale: true, inferredStop: false});
		expect(byId(model({agents: [running], transcripts: new Map([['r1', facts({mtimeMs: ms(3500)})]])}), 'r1')).toMatchObject({
			stale: false,
			displayStatus: 'active',
		});
	});

	it('a stopped record keeps its real stop and the hook report first', () => {
		const stopped = agent('s1', {start: 0, stop: 30, extra: {lastMessage: 'From the hook'}});
		const item = byId(model({agents: [stopped], transcripts: new Map([['s1', facts({endedTurn: true, finalReport: 'From the transcript'})]])}), 's1');
		expect(item).toMatchObject({inferredStop: false, report: 'From the hook', reportSource: 'hook', durationMs: 30_000});
	});
});

describe('buildMonitorModel: ghosts', () => {
	// A main agent runs Explore agents one after another: each starts seconds after the last stopped.
	const sequential = [
		agent('e1', {type: 'Explore', start: 0, stop: 60}),
		agent('e2', {type: 'Explore', start: 62, stop: 120}),
		agent('e3', {type: 'Explore', start: 125, stop: 200}),
	];
	it('an agent whose transcript shows work is never a ghost', () => {
		expect(model({agents: sequential}).ghostCount).toBe(2);
		const work = new Map(['e1', 'e2', 'e3'].map(id => [id, facts({hasWork: true})]));
		const m = model({agents: sequential, transcripts: work});
		expect(m.ghostCount).toBe(0);
		expect(m.items.map(i => i.agent.agentId)).toEqual(['e3', 'e2', 'e1']);
		expect([...findGhosts(sequential, id => id === 'e2')]).toEqual(['e3']);
	});

	it('follows the transcripts of hidden ghosts, so their work can show', () => {
		const withPaths = sequential.map(a => ({...a, transcriptPath: `/p/agent-${a.agentId}.jsonl`}));
		const m = buildMonitorModel({agents: withPaths, transcripts: new Map(), now: ms(3600), options: {...options, showAll: false, max: 8}});
		expect(m.items.map(i => i.agent.agentId)).toEqual(['e1']);
		expect(m.follow.map(f => f.agentId).sort()).toEqual(['e1', 'e2', 'e3']);
	});
});

describe('buildMonitorModel: description and parents', () => {
	const a = agent('d1', {type: 'Explore', start: 0, stop: 10});
	it('parent call, then meta, then the first line of the prompt, then the type', () => {
		const d = (f: Partial<TranscriptFacts>) => byId(model({agents: [a], transcripts: new Map([['d1', facts(f)]])}), 'd1');
		expect(d({description: 'Find routes', descriptionSource: 'parent', meta: {description: 'meta'}})).toMatchObject({
			description: 'Find routes',
			descriptionSource: 'parent',
		});
		expect(d({meta: {description: 'From meta'}})).toMatchObject({description: 'From meta', descriptionSource: 'meta'});
		expect(d({prompt: '\n  Search the repo for routes.\nThen report.'})).toMatchObject({
			description: 'Search the repo for routes.',
			descriptionSource: 'prompt',
		});
		expect(byId(model({agents: [a]}), 'd1')).toMatchObject({description: 'Explore', descriptionSource: 'type'});
	});

	it("the call's description and parent as the hook recorded them come first, with no transcript read", () => {
		const recorded = agent('d2', {type: 'Explore', start: 0, extra: {description: 'Map the API\nin detail', parentAgentId: 'lead'}});
		const t = new Map([['d2', facts({description: 'From the transcript', descriptionSource: 'parent'})]]);
		expect(byId(model({agents: [recorded], transcripts: t}), 'd2')).toMatchObject({description: 'Map the API in detail', descriptionSource: 'parent'});
		expect(byId(model({agents: [recorded]}), 'd2')).toMatchObject({description: 'Map the API in detail', parentAgentId: 'lead'});
	});

	it('a description of several lines is shown whole on one line, the same from every source', () => {
		// Claude Code's .meta.json joins the lines of the Agent call's description with a space; the transcript's reading too.
		const table = '| col | a |\n|---|---|\nb | **bold**';
		const flat = '| col | a | |---|---| b | **bold**';
		const fromHook = agent('h1', {type: 'general-purpose', start: 0, extra: {description: table}});
		const bare = agent('h2', {type: 'general-purpose', start: 0});
		const t = new Map([
			['h2', facts({description: flat, descriptionSource: 'parent'})],
			['h3', facts({meta: {description: flat}})],
		]);
		const m = model({agents: [fromHook, bare, agent('h3', {type: 'workflow-subagent', start: 0})], transcripts: t});
		expect(['h1', 'h2', 'h3'].map(id => byId(m, id)?.description)).toEqual([flat, flat, flat]);
		const long = agent('h4', {type: 'general-purpose', start: 0, extra: {description: `${'word '.repeat(100)}\nend`}});
		expect([...byId(model({agents: [long]}), 'h4')!.description]).toHaveLength(200);
		// A bidi mark taken out where the record was read leaves two spaces: one, as the screen draws it.
		const spaced = agent('h5', {type: 'general-purpose', start: 0, extra: {description: 'evil text  with\t\tisolates '}});
		expect(byId(model({agents: [spaced]}), 'h5')?.description).toBe('evil text with isolates');
	});

	it('remembers parents (the same map when nothing is new) and nests children under them', () => {
		const t = new Map([['kid', facts({parentAgentId: 'lead'})]]);
		const known = rememberParents(new Map(), t);
		expect([...known]).toEqual([['kid', 'lead']]);
		expect(rememberParents(known, t)).toBe(known);
		const m = model({agents: [agent('lead', {start: 0}), agent('kid', {start: 10})], knownParents: known, now: ms(20)});
		expect(m.items.map(i => `${i.agent.agentId}:${i.depth}`)).toEqual(['lead:0', 'kid:1']);
		expect(byId(m, 'kid')?.parentAgentId).toBe('lead');
	});

	it('nests by the parents the agent files name when no transcript is read, at every depth', () => {
		const agents = [
			agent('outer', {start: 0}),
			agent('middle', {start: 1, extra: {parentAgentId: 'outer', spawnDepth: 2}}),
			agent('inner', {start: 2, extra: {parentAgentId: 'middle', spawnDepth: 3}}),
			agent('other', {start: 3}),
		];
		const m = model({agents, now: ms(20)});
		expect(m.items.map(i => `${i.agent.agentId}:${i.depth}`)).toEqual(['other:0', 'outer:0', 'middle:1', 'inner:2']);
	});
});

describe('rememberWork', () => {
	it('keeps every agent whose transcript showed work (the same set when nothing is new), so a capped-out agent is never a ghost', () => {
		const worked = new Map([['real', {...facts({}), hasWork: true}]]);
		const known = rememberWork(new Set(), worked);
		expect([...known]).toEqual(['real']);
		expect(rememberWork(known, worked)).toBe(known);
		expect(rememberWork(known, new Map())).toBe(known);
		// Two Explore agents in a row: without its facts the second is a ghost, unless its work is remembered.
		const agents = [agent('first', {type: 'Explore', start: 0, stop: 100}), agent('real', {type: 'Explore', start: 105, stop: 200})];
		expect(model({agents, now: ms(300)}).ghostCount).toBe(1);
		expect(model({agents, knownWork: known, now: ms(300)}).ghostCount).toBe(0);
	});
});

describe('buildMonitorModel: a clock tick', () => {
	it('keeps the items of agents whose shown values did not change, and their facts', () => {
		const agents = [agent('run', {start: 0}), agent('done', {start: 0, stop: 30, extra: {lastMessage: '## Done'}})];
		const t = new Map([['run', facts({mtimeMs: ms(3599)})]]);
		const first = model({agents, transcripts: t, now: ms(3600)});
		const second = model({agents, transcripts: t, now: ms(3601)});
		expect(byId(second, 'run')).not.toBe(byId(first, 'run'));
		expect(byId(second, 'run')?.activity).toBe(byId(first, 'run')?.activity);
		// A stopped agent shows nothing that moves with the clock: the same object on every tick.
		expect(byId(second, 'done')).toBe(byId(first, 'done'));
		const third = model({agents, transcripts: t, now: ms(3601)});
		expect(byId(third, 'run')).toBe(byId(second, 'run'));
	});

	it('keeps the follow list while the agents followed are the same, and makes a new one when they change', () => {
		const agents = [agent('run', {start: 0, extra: {transcriptPath: '/p/run.jsonl'}}), agent('two', {start: 5, extra: {transcriptPath: '/p/two.jsonl'}})];
		const first = model({agents, now: ms(3600)});
		const second = model({agents, now: ms(3601)});
		expect(first.follow.map(f => f.agentId).sort()).toEqual(['run', 'two']);
		// A clock tick: the App follows again only when this list is a new one.
		expect(second.follow).toBe(first.follow);
		const fewer = model({agents, now: ms(3601), options: {...options, max: 1, showAll: false}});
		expect(fewer.follow).not.toBe(first.follow);
		expect(fewer.follow).toHaveLength(1);
	});
});
