// The monitor's model as the App draws it: the agents, the transcripts followed, the session's
// workflow runs and the clock, read as external stores, joined by buildMonitorModel
// (core/monitor/model.ts); and what the model asks to follow, followed.
import {useEffect, useMemo, useSyncExternalStore} from 'react';
import {buildMonitorModel, type MonitorModel, type MonitorOptions} from '../../core/monitor/model.js';
import {EMPTY_WORKFLOW_INDEX, sessionFolderOf} from '../../core/workflow/workflow-of.js';
import type {AgentSource, WatchSnapshot} from '../../store/live/activity-watcher.js';
import type {TranscriptSource, TranscriptState} from '../../store/transcripts/follower.js';
import type {WorkflowSource} from '../../store/workflow/workflow-follower.js';
import {useClock, useClockInterval} from './use-clock.js';
import {clockInterval} from '../model/clock-interval.js';

const NO_TRANSCRIPTS: ReadonlyMap<string, TranscriptState> = new Map();
const noSubscribe = () => () => undefined;
const noTranscripts = () => NO_TRANSCRIPTS;
const NO_PARENTS: ReadonlyMap<string, string> = new Map();
const noParents = () => NO_PARENTS;
const NO_WORK: ReadonlySet<string> = new Set();
const noWork = () => NO_WORK;
const noWorkflows = () => EMPTY_WORKFLOW_INDEX;

export interface MonitorSources {
	readonly source: AgentSource;
	readonly transcripts?: TranscriptSource | undefined;
	readonly workflows?: WorkflowSource | undefined;
}

export interface MonitorState {
	readonly snapshot: WatchSnapshot;
	readonly view: MonitorModel;
	/** The clock the model was built at (ms). */
	readonly time: number;
}

export function useMonitorModel({source, transcripts, workflows}: MonitorSources, now: () => number, options: MonitorOptions): MonitorState {
	const snapshot = useSyncExternalStore(source.subscribe, source.getSnapshot);
	const agents = useMemo(() => [...snapshot.set.agents.values()], [snapshot.set.agents]);
	const followed = useSyncExternalStore(transcripts?.subscribe ?? noSubscribe, transcripts?.getSnapshot ?? noTranscripts);
	// Parents stay known after an agent is let go (the follower remembers them).
	const knownParents = useSyncExternalStore(transcripts?.subscribe ?? noSubscribe, transcripts?.getParents ?? noParents);
	// So does their work: an agent that worked is never taken for a ghost once let go.
	const knownWork = useSyncExternalStore(transcripts?.subscribe ?? noSubscribe, transcripts?.getWork ?? noWork);
	const {clock, time} = useClock(now, snapshot);
	// The session's workflow runs: read again when its agents or transcripts change.
	const workflowIndex = useSyncExternalStore(workflows?.subscribe ?? noSubscribe, workflows?.getSnapshot ?? noWorkflows);
	const sessionFolder = useMemo(() => sessionFolderOf(agents), [agents]);
	useEffect(() => workflows?.refresh(sessionFolder), [workflows, sessionFolder, agents, followed]);
	// Every rule is in the model; a tick rebuilds it cheaply (per-agent facts and unchanged items are kept).
	const {staleMs, dedup, showGhosts, showAll, max} = options;
	const view = useMemo(
		() =>
			buildMonitorModel({
				agents,
				transcripts: followed,
				now: time,
				knownParents,
				knownWork,
				options: {staleMs, dedup, showGhosts, showAll, max},
				workflows: workflowIndex,
			}),
		[agents, followed, time, knownParents, knownWork, staleMs, dedup, showGhosts, showAll, max, workflowIndex],
	);
	// Follow what the model asks for (the agents shown, and ghosts); the others are let go. The
	// follower does nothing when the list is the same.
	const {follow} = view;
	useEffect(() => transcripts?.follow(follow), [transcripts, follow]);
	// Tick as what is shown needs it (tui/model/clock-interval.ts): never when nothing runs.
	useClockInterval(clock, clockInterval(view, time));
	return {snapshot, view, time};
}
