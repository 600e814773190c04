// A workflow run in watch: a row of its own with its agents under it, folded and unfolded with `w`
// (or Enter on its row).
import {cleanup, render} from 'ink-testing-library';
import {afterEach, describe, expect, it} from 'vitest';
import {App} from '../../src/tui/App.js';
import {emptyRun, foldJournal} from '../../src/core/workflow/run.js';
import {indexRuns, type WorkflowIndex} from '../../src/core/workflow/workflow-of.js';
import type {WorkflowSource} from '../../src/store/workflow/workflow-follower.js';
import {agent, ms} from '../helpers/agent-fixtures.js';
import {FakeSource, KEY, tick} from '../helpers/fake-source.js';

afterEach(() => {
	cleanup();
});

const SESSION = '/c/projects/-w/3f2c9a10';
const inRun = (id: string) => `${SESSION}/subagents/workflows/wf_ab12-3/agent-${id}.jsonl`;

class FakeWorkflows implements WorkflowSource {
	readonly folders: (string | undefined)[] = [];
	constructor(private readonly index: WorkflowIndex) {}
	subscribe = () => () => undefined;
	getSnapshot = () => this.index;
	refresh = (folder: string | undefined) => {
		this.folders.push(folder);
	};
}

const started = (agentId: string, label: string) => JSON.stringify({type: 'started', agentId, label, phase: 'Check'});
const index = indexRuns([
	foldJournal({...emptyRun('wf_ab12-3'), name: 'checks', phases: ['Check']}, [
		started('w1', 'count-files'),
		started('w2', 'read-readme'),
		JSON.stringify({type: 'failed', agentId: 'w2'}),
	]),
]);
const agents = () => [
	agent('p1', {type: 'Explore', start: 0, stop: 20, extra: {lastMessage: 'Found 4 routes', transcriptPath: `${SESSION}/subagents/agent-p1.jsonl`}}),
	agent('w1', {type: 'workflow-subagent', start: 30, extra: {transcriptPath: inRun('w1')}}),
	agent('w2', {
		type: 'workflow-subagent',
		start: 31,
		stop: 32,
		extra: {transcriptPath: inRun('w2'), stopReason: 'stop-failure:unknown', lastMessage: 'API Error: 400'},
	}),
];

function lineOf(frame: string, text: string): string | undefined {
	return frame.split('\n').find(line => line.includes(text));
}

describe('App: workflow runs', () => {
	it('shows a run as a row with its agents under it; w folds and unfolds it', async () => {
		const workflows = new FakeWorkflows(index);
		const {lastFrame, stdin} = render(
			<App
				source={new FakeSource(agents())}
				workflows={workflows}
				staleMs={300_000}
				max={8}
				dedup
				keyboard
				now={() => ms(60)}
				size={{columns: 100, rows: 24}}
			/>,
		);
		await tick();
		let frame = lastFrame() ?? '';
		// The session folder of the agents is what is read.
		expect(workflows.folders).toContain(SESSION);
		const lines = frame.split('\n');
		const run = lines.findIndex(line => line.includes('⊟ checks'));
		expect(run).toBeGreaterThan(0);
		expect(lines[run]).toContain('workflow wf_ab12-3 · Check · 1 running · 1 failed');
		// Its agents right under it, one level in, by label; the other agent apart.
		expect(lines[run + 1]).toMatch(/├ workflow-subagent.*read-readme/u);
		expect(lines[run + 2]).toMatch(/└ workflow-subagent.*count-files/u);
		expect(lineOf(frame, 'Explore')).not.toMatch(/[├└]/u);
		expect(frame).toContain('w fold');

		// The newest row (the run's) is selected: w folds it.
		expect(lineOf(frame, '▸')).toContain('⊟ checks');
		stdin.write('w');
		await tick();
		frame = lastFrame() ?? '';
		expect(frame).toContain('⊞ checks');
		expect(frame).not.toContain('read-readme');
		expect(frame).not.toContain('count-files');
		expect(lineOf(frame, '▸')).toContain('⊞ checks');
		// Enter on the run's row unfolds it (no detail pane for a run).
		stdin.write(KEY.enter);
		await tick();
		frame = lastFrame() ?? '';
		expect(frame).toContain('⊟ checks');
		expect(frame).toContain('count-files');

		// On an agent of the run, w folds its run and selects the run's row.
		stdin.write(KEY.down);
		await tick();
		expect(lineOf(lastFrame() ?? '', '▸')).toContain('read-readme');
		stdin.write('w');
		await tick();
		frame = lastFrame() ?? '';
		expect(lineOf(frame, '▸')).toContain('⊞ checks');
		// On an agent of no run, w does nothing.
		stdin.write(KEY.down);
		await tick();
		stdin.write('w');
		await tick();
		expect(lastFrame()).toContain('⊞ checks');
		expect(lineOf(lastFrame() ?? '', '▸')).toContain('Explore');
	});

	it('lists w in the help', async () => {
		const {lastFrame, stdin} = render(
			<App source={new FakeSource(agents())} staleMs={300_000} max={8} dedup keyboard now={() => ms(60)} size={{columns: 100, rows: 60}} />,
		);
		await tick();
		stdin.write('?');
		await tick();
		expect(lastFrame()).toMatch(/^w\s+fold \/ unfold the selected workflow run/mu);
		expect(lastFrame()).toContain('⊟ ⊞');
	});
});
