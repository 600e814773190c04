import {describe, expect, it} from 'vitest';
import {buildMonitorModel, type TranscriptFacts} from '../../src/core/monitor/model.js';
import {lsJsonFields} from '../../src/present/json-shapes.js';
import {EMPTY_SUMMARY} from '../../src/core/transcript/summary.js';
import {agent, ms} from '../helpers/agent-fixtures.js';

const options = {staleMs: 300_000, dedup: true, showGhosts: false, showAll: true};

function facts(activity: string): TranscriptFacts {
	return {
		summary: {...EMPTY_SUMMARY, activity, lines: 3},
		description: undefined,
		parentAgentId: undefined,
		history: undefined,
		missing: false,
		mtimeMs: ms(3590),
	};
}

describe('ls --json fields', () => {
	it('say what an agent is doing only while it runs, as the screen does', () => {
		const agents = [agent('run', {start: 3500}), agent('done', {start: 0, stop: 100})];
		const transcripts = new Map([
			['run', facts('Grep router')],
			['done', facts('- **bold** `code` from its last text')],
		]);
		const model = buildMonitorModel({agents, transcripts, now: ms(3600), options});
		const byId = (id: string) => model.items.find(item => item.agent.agentId === id);
		expect(lsJsonFields(byId('run')!).activity).toBe('Grep router');
		expect(lsJsonFields(byId('done')!).activity).toBeNull();
	});
});
