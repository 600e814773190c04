// The monitor's model as the App draws it: the agents of the watched session joined with the
// transcripts followed, rebuilt when either store changes, and what the model asks to follow
// handed to the follower (its transcripts named by the records).
import {Text} from 'ink';
import {render} from 'ink-testing-library';
import {describe, expect, it, vi} from 'vitest';
import type {AgentRecord} from '../../../src/core/record/agent-record.js';
import {EMPTY_SUMMARY} from '../../../src/core/transcript/summary.js';
import type {AgentSource, WatchSnapshot} from '../../../src/store/live/activity-watcher.js';
import type {TranscriptSource, TranscriptState} from '../../../src/store/transcripts/follower.js';
import {useMonitorModel, type MonitorSources} from '../../../src/tui/hooks/use-monitor-model.js';
import {agent, ms} from '../../helpers/agent-fixtures.js';

const options = {staleMs: 300_000, dedup: true, showGhosts: false, showAll: true};

function agentSource(records: AgentRecord[]): AgentSource & {set(records: AgentRecord[]): void} {
	const listeners = new Set<() => void>();
	let snapshot: WatchSnapshot;
	const make = (list: AgentRecord[]): WatchSnapshot => ({
		activity: '/a',
		activityExists: true,
		sessionId: 's1',
		following: false,
		set: {agents: new Map(list.map(r => [r.agentId, r])), invalid: new Map()},
		lastChangeAt: undefined,
	});
	snapshot = make(records);
	return {
		getSnapshot: () => snapshot,
		subscribe: l => {
			listeners.add(l);
			return () => listeners.delete(l);
		},
		set(list) {
			snapshot = make(list);
			listeners.forEach(l => l());
		},
	};
}

function transcriptSource(): TranscriptSource & {set(id: string, activity: string): void} {
	const listeners = new Set<() => void>();
	let map: ReadonlyMap<string, TranscriptState> = new Map();
	const parents = new Map<string, string>();
	return {
		getSnapshot: () => map,
		getParents: () => parents,
		subscribe: l => {
			listeners.add(l);
			return () => listeners.delete(l);
		},
		follow: vi.fn(),
		set(id, activity) {
			map = new Map([
				...map,
				[
					id,
					{
						summary: {...EMPTY_SUMMARY, activity, lines: 1},
						description: undefined,
						parentAgentId: undefined,
						history: undefined,
						missing: false,
						mtimeMs: ms(5),
					},
				],
			]);
			listeners.forEach(l => l());
		},
	};
}

function Model({sources}: {readonly sources: MonitorSources}) {
	const {view, time} = useMonitorModel(sources, () => ms(10), options);
	return <Text>{`${time} ${view.items.map(i => `${i.agent.agentId}:${i.displayStatus}:${i.activity?.summary.activity ?? '-'}`).join(' ')}`}</Text>;
}

describe('useMonitorModel', () => {
	it('builds the model of the agents at the clock, and again when they change', async () => {
		const source = agentSource([agent('a1', {start: 0})]);
		const {lastFrame} = render(<Model sources={{source}} />);
		expect(lastFrame()).toBe(`${ms(10)} a1:active:-`);
		source.set([agent('a1', {start: 0, stop: 8}), agent('a2', {start: 5})]);
		await vi.waitFor(() => expect(lastFrame()).toBe(`${ms(10)} a2:active:- a1:stopped:-`));
	});

	it('joins the transcripts followed, and asks the follower for those the records name', async () => {
		const source = agentSource([agent('a1', {start: 0, extra: {transcriptPath: '/p/s/subagents/agent-a1.jsonl', cwd: '/repo'}})]);
		const transcripts = transcriptSource();
		const {lastFrame} = render(<Model sources={{source, transcripts}} />);
		await vi.waitFor(() => expect(transcripts.follow).toHaveBeenCalled());
		expect(vi.mocked(transcripts.follow).mock.lastCall?.[0]).toEqual([{agentId: 'a1', transcriptPath: '/p/s/subagents/agent-a1.jsonl', cwd: '/repo'}]);
		transcripts.set('a1', 'Grep router');
		await vi.waitFor(() => expect(lastFrame()).toBe(`${ms(10)} a1:active:Grep router`));
	});
});
