// arrangeRows keeps the rows of a view while neither the view nor the folded runs change: a key
// that only moves the selection arranges nothing again.
import {describe, expect, it} from 'vitest';
import {buildMonitorModel} from '../../../src/core/monitor/model.js';
import {emptyRun, foldJournal} from '../../../src/core/workflow/run.js';
import {indexRuns} from '../../../src/core/workflow/workflow-of.js';
import {arrangeRows, rowId, rowIds, runRowId, runsOfRows} from '../../../src/tui/model/workflow-rows.js';
import {agent, ms} from '../../helpers/agent-fixtures.js';

const SESSION = '/c/projects/-w/3f2c9a10';
const inRun = (id: string) => `${SESSION}/subagents/workflows/wf_ab12-3/agent-${id}.jsonl`;
const started = (agentId: string, label: string) => JSON.stringify({type: 'started', agentId, label, phase: 'Check'});

const view = () =>
	buildMonitorModel({
		agents: [
			agent('p1', {type: 'Explore', start: 0, stop: 20, extra: {transcriptPath: `${SESSION}/subagents/agent-p1.jsonl`}}),
			agent('w1', {type: 'workflow-subagent', start: 30, extra: {transcriptPath: inRun('w1')}}),
			agent('w2', {type: 'workflow-subagent', start: 31, stop: 40, extra: {transcriptPath: inRun('w2')}}),
		],
		transcripts: new Map(),
		now: ms(60),
		workflows: indexRuns([
			foldJournal({...emptyRun('wf_ab12-3'), name: 'checks', phases: ['Check']}, [started('w1', 'count-files'), started('w2', 'read-readme')]),
		]),
		options: {staleMs: 300_000, dedup: true, showGhosts: false, showAll: true},
	});

describe('arrangeRows, kept', () => {
	it('gives the same rows, ids and runs for the same view and folded set; a new set or view arranges again', () => {
		const v = view();
		const open = new Set<string>();
		const rows = arrangeRows(v, open);
		expect(rowIds(rows)).toEqual([runRowId('wf_ab12-3'), 'w2', 'w1', 'p1']);
		expect(arrangeRows(v, open)).toBe(rows);
		expect(rowIds(rows)).toBe(rowIds(rows));
		expect(runsOfRows(rows)).toBe(runsOfRows(rows));
		expect([...runsOfRows(rows).keys()]).toEqual([runRowId('wf_ab12-3'), 'w2', 'w1']);
		// Folded: a new set (the reducer never changes one in place) gives the folded rows.
		const folded = arrangeRows(v, new Set(['wf_ab12-3']));
		expect(folded.map(rowId)).toEqual([runRowId('wf_ab12-3'), 'p1']);
		expect(arrangeRows(v, open)).not.toBe(rows);
		expect(arrangeRows(v, open).map(rowId)).toEqual(rows.map(rowId));
		// Another view of the same agents: arranged again, the same rows.
		expect(arrangeRows(view(), open)).not.toBe(rows);
		expect(arrangeRows(view(), open).map(rowId)).toEqual(rows.map(rowId));
	});
});
