// The timeline body of watch: the list's rows as lanes, a workflow run's agents nested under its
// row one level more, each row's lane the one `laneOf` makes of its item.
import {describe, expect, it} from 'vitest';
import {buildMonitorModel} from '../../../src/core/monitor/model.js';
import {emptyRun, foldJournal} from '../../../src/core/workflow/run.js';
import {indexRuns} from '../../../src/core/workflow/workflow-of.js';
import {laneOf} from '../../../src/present/timeline-lanes.js';
import type {CellKind} from '../../../src/present/timeline.js';
import {sameTimelineLine, timelineBody, type TimelineLine} from '../../../src/tui/model/timeline-body.js';
import {initialUiModel} from '../../../src/tui/model/ui-state.js';
import {arrangeRows, rowId} from '../../../src/tui/model/workflow-rows.js';
import type {SessionLifecycle} from '../../../src/core/record/lifecycle.js';
import {agent, ms} from '../../helpers/agent-fixtures.js';

const SESSION = '/c/projects/-w/3f2c9a10';
const inRun = (id: string) => `${SESSION}/subagents/workflows/wf_ab12-3/agent-${id}.jsonl`;
const started = (agentId: string, label: string) => JSON.stringify({type: 'started', agentId, label, phase: 'Check'});

describe('timelineBody', () => {
	it("draws a run's agents one level in under its row, each with its own lane", () => {
		const workflows = indexRuns([
			foldJournal({...emptyRun('wf_ab12-3'), name: 'checks', phases: ['Check']}, [started('w1', 'count-files'), started('w2', 'read-readme')]),
		]);
		const agents = [
			agent('p1', {type: 'Explore', start: 0, stop: 20, extra: {transcriptPath: `${SESSION}/subagents/agent-p1.jsonl`}}),
			agent('w1', {type: 'workflow-subagent', start: 30, extra: {transcriptPath: inRun('w1')}}),
			agent('w2', {type: 'workflow-subagent', start: 31, stop: 40, extra: {transcriptPath: inRun('w2')}}),
		];
		const now = ms(60);
		const view = buildMonitorModel({
			agents,
			transcripts: new Map(),
			now,
			workflows,
			options: {staleMs: 300_000, dedup: true, showGhosts: false, showAll: true},
		});
		const rows = arrangeRows(view, new Set());
		const {body} = timelineBody({view, ui: {...initialUiModel(), selectedId: 'p1'}, now}, rows, rows.map(rowId), 120, 20);
		const labels = body.rows.map(row => row.label.trimEnd());
		const agentRow = (id: string) => body.rows.find(row => row.id === id)!;
		expect(labels.some(label => label.includes('checks'))).toBe(true);
		// One level in under the run: `└` before each of its agents' names; the other agent at the left.
		expect(agentRow('w1').label).toMatch(/^ {2}└ /u);
		expect(agentRow('w2').label).toMatch(/^ {2}└ /u);
		expect(agentRow('p1').label).toMatch(/^▸ [^└]/u);
		// Each bar is the lane `laneOf` makes of the row's item (nested one more for a run's agent).
		for (const row of rows) {
			if (row.kind !== 'agent') {
				continue;
			}
			const made = laneOf(row.inRun ? {...row.item, depth: row.item.depth + 1} : row.item, [], now)!;
			const drawn = body.rows.find(line => line.id === made.id)!;
			expect(drawn.label.trimEnd()).toBe(`${made.id === 'p1' ? '▸' : ' '} ${made.label}`.slice(0, drawn.label.length).trimEnd());
		}
	});
});

describe('timelineBody, drawn again', () => {
	const view = (now: number) =>
		buildMonitorModel({
			agents: [agent('p1', {type: 'Explore', start: 0}), agent('p2', {type: 'Plan', start: 10, stop: 40})],
			transcripts: new Map(),
			now,
			options: {staleMs: 3_600_000, dedup: true, showGhosts: false, showAll: true},
		});
	const draw = (v: ReturnType<typeof view>, now: number, lifecycle?: SessionLifecycle) => {
		const rows = arrangeRows(v, new Set());
		return timelineBody({view: v, ui: {...initialUiModel(), selectedId: 'p1'}, now, ...(lifecycle ? {lifecycle} : {})}, rows, rows.map(rowId), 100, 10).body;
	};

	it('from the same items, draws what it draws from new ones: at a later time, and with new steps', () => {
		const v = view(ms(60));
		draw(v, ms(60));
		// The same view a minute on (the running agent's bar grows), then with an idle stretch in its log.
		expect(draw(v, ms(120))).toEqual(draw(view(ms(60)), ms(120)));
		const lifecycle: SessionLifecycle = {
			agents: new Map([
				[
					'p1',
					{
						dropped: 0,
						steps: [
							{kind: 'spawned', at: new Date(ms(0)).toISOString()},
							{kind: 'idle', at: new Date(ms(20)).toISOString()},
						],
					},
				],
			]),
			skipped: 0,
		};
		const idle = draw(v, ms(120), lifecycle);
		expect(idle).toEqual(draw(view(ms(60)), ms(120), lifecycle));
		// The idle stretch runs to now (the agent is not idle now): later, it is longer.
		expect(draw(v, ms(180), lifecycle)).toEqual(draw(view(ms(60)), ms(180), lifecycle));
		expect(idle).not.toEqual(draw(v, ms(120)));
	});
});

describe('timelineBody, a clock tick', () => {
	it("leaves a finished agent's row as it was while another runs: only what grows is drawn again", () => {
		const v = buildMonitorModel({
			agents: [agent('p1', {type: 'Explore', start: 0}), agent('p2', {type: 'Plan', start: 10, stop: 40})],
			transcripts: new Map(),
			now: ms(600),
			options: {staleMs: 3_600_000, dedup: true, showGhosts: false, showAll: true},
		});
		const rows = arrangeRows(v, new Set());
		const at = (now: number) => timelineBody({view: v, ui: {...initialUiModel(), selectedId: 'p1'}, now}, rows, rows.map(rowId), 100, 10).body;
		const before = at(ms(600));
		const after = at(ms(601));
		const row = (body: typeof before, id: string) => body.rows.find(line => line.id === id)!;
		expect(sameTimelineLine(row(before, 'p2'), row(after, 'p2'))).toBe(true);
		expect(after.axis).toBe(before.axis);
	});
});

describe('sameTimelineLine', () => {
	const bar = (...runs: readonly (readonly [CellKind, string])[]) => runs.map(([kind, text]) => ({kind, text}));
	const line: TimelineLine = {id: 'a1', label: '  Explore', selected: false, bar: bar(['done', '──'], ['empty', '  '])};

	it('is true for a row drawn again with equal words, in new arrays', () => {
		expect(sameTimelineLine(line, {...line, bar: line.bar.map(run => ({...run}))})).toBe(true);
	});

	it('is false when the selection, the label or any stretch of the bar differs', () => {
		expect(sameTimelineLine(line, {...line, selected: true})).toBe(false);
		expect(sameTimelineLine(line, {...line, label: '▸ Explore'})).toBe(false);
		expect(sameTimelineLine(line, {...line, id: 'a2'})).toBe(false);
		expect(sameTimelineLine(line, {...line, bar: bar(['done', '──'], ['idle', '  '])})).toBe(false);
		expect(sameTimelineLine(line, {...line, bar: bar(['done', '───'], ['empty', ' '])})).toBe(false);
		expect(sameTimelineLine(line, {...line, bar: bar(['done', '──'])})).toBe(false);
	});
});
