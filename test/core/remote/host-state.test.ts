// A remote agent enters the local model as a record and transcript facts: what the remote read
// of its transcript (activity, tokens, report) is shown, ids are made unique per host when
// several are shown, and a host's agent count is capped.
import {describe, expect, it} from 'vitest';
import {applyLine, EMPTY_HOST_STATE, hostId, localAgent} from '../../../src/core/remote/host-state.js';
import {MAX_AGENTS} from '../../../src/core/remote/decode.js';
import {buildMonitorModel} from '../../../src/core/monitor/model.js';
import {agentName} from '../../../src/present/present.js';
import {streamAgentFixture} from '../../helpers/stream-agents.js';

const now = Date.parse('2026-11-20T10:01:00.000Z');

describe('localAgent', () => {
	it('gives the local model what the remote knew', () => {
		const parent = localAgent(streamAgentFixture('p1', {type: 'general-purpose'}), 'devbox');
		const child = localAgent(
			streamAgentFixture('c1', {
				parentAgentId: 'p1',
				description: 'Find the routes',
				activity: 'Grep router',
				tokens: {input: 10, output: 20, cacheRead: 30, cacheCreation: 40},
				lastSignOfLifeAt: '2026-11-20T10:00:50.000Z',
				name: 'scout',
			}),
			'devbox',
		);
		expect(child.record.agentId).toBe('c1@devbox');
		expect(child.record.parentAgentId).toBe('p1@devbox');
		const model = buildMonitorModel({
			agents: [parent.record, child.record],
			transcripts: new Map([
				[parent.record.agentId, parent.facts],
				[child.record.agentId, child.facts],
			]),
			now,
			options: {staleMs: 300_000, dedup: true, showGhosts: false, showAll: true},
		});
		const item = model.items.find(i => i.agent.agentId === 'c1@devbox')!;
		expect(item.depth).toBe(1);
		expect(item.description).toBe('Find the routes');
		expect(item.activity?.summary.activity).toBe('Grep router');
		expect(item.lastLife).toBe(Date.parse('2026-11-20T10:00:50.000Z'));
		expect(agentName(item)).toBe('devbox: scout (Explore)');
	});

	it('keeps ids as they are for one host', () => {
		expect(localAgent(streamAgentFixture('a1'), undefined).record.agentId).toBe('a1');
		expect(hostId('a1', undefined)).toBe('a1');
	});

	it('takes a remote stop told by the transcript as an inferred stop here', () => {
		const a = localAgent(streamAgentFixture('a1', {inferredStop: true, lastSignOfLifeAt: '2026-11-20T10:00:30.000Z'}), undefined);
		const model = buildMonitorModel({
			agents: [a.record],
			transcripts: new Map([[a.record.agentId, a.facts]]),
			now,
			options: {staleMs: 300_000, dedup: true, showGhosts: false, showAll: true},
		});
		expect(model.items[0]).toMatchObject({displayStatus: 'stopped', inferredStop: true});
	});
});

describe('applyLine', () => {
	it('caps the agents a host can add', () => {
		let state = applyLine(EMPTY_HOST_STATE, {v: 1, type: 'snapshot', session: 's', following: true, agents: []});
		for (let i = 0; i < MAX_AGENTS + 50; i++) {
			state = applyLine(state, {v: 1, type: 'agent', agent: streamAgentFixture(`a${i}`)});
		}
		expect(state.agents.size).toBe(MAX_AGENTS);
		// A known agent still changes.
		state = applyLine(state, {v: 1, type: 'agent', agent: streamAgentFixture('a0', {activity: 'x'})});
		expect(state.agents.get('a0')?.activity).toBe('x');
		expect(applyLine(state, {v: 1, type: 'gone', agentId: 'nope'})).toBe(state);
	});

	it('knows how many agents it does not show: past the cap in the snapshot, then new ones', () => {
		const full = Array.from({length: MAX_AGENTS}, (_, i) => streamAgentFixture(`a${i}`));
		let state = applyLine(EMPTY_HOST_STATE, {v: 1, type: 'snapshot', session: 's', following: true, agents: full}, ['x1', 'x2']);
		expect(state.hidden.size).toBe(2);
		// Another agent past the cap, and an update of one already counted.
		state = applyLine(state, {v: 1, type: 'agent', agent: streamAgentFixture('x3')});
		state = applyLine(state, {v: 1, type: 'agent', agent: streamAgentFixture('x1', {activity: 'y'})});
		expect([...state.hidden].sort()).toEqual(['x1', 'x2', 'x3']);
		state = applyLine(state, {v: 1, type: 'gone', agentId: 'x2'});
		expect(state.hidden.size).toBe(2);
		expect(state.agents.size).toBe(MAX_AGENTS);
		// A new snapshot says it all again.
		expect(applyLine(state, {v: 1, type: 'snapshot', session: 's', following: true, agents: full}).hidden.size).toBe(0);
	});
});
