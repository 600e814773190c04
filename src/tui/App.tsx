import {useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState, useSyncExternalStore} from 'react';
import {formatLocalTime} from '../core/text/format.js';
import type {Size} from './model/layout.js';
import {buildScreen} from './model/screen-model.js';
import {replayBar, type ReplayPosition} from '../core/history/replay-bar.js';
import {bellAllowed, bellWanted, type StatusMap} from './model/bell.js';
import {isFailure} from '../core/record/limits.js';
import type {ReplayOp} from '../store/live/replay.js';
import {initialUiModel, reconcileSelection, uiReducer} from './model/ui-state.js';
import {buildMonitorModel} from '../core/monitor/model.js';
import type {AgentSource} from '../store/live/activity-watcher.js';
import type {TranscriptSource, TranscriptState} from '../store/transcripts/follower.js';
import {useAppKeys} from './hooks/use-app-keys.js';
import {useClock, useClockInterval} from './hooks/use-clock.js';
import {useMarkdown} from './hooks/use-markdown.js';
import {usePersistedToggle} from './hooks/use-persisted-toggle.js';
import {useTerminalSize} from './hooks/use-terminal-size.js';
import {Screen} from './components/Screen.js';
import {clockInterval} from './model/clock-interval.js';
import {arrangeRows, isRunRow, rowId, runIdOfRow} from './model/workflow-rows.js';
import type {MonitorItem} from '../core/monitor/model.js';
import type {Result} from '../core/result.js';
import {planStop, unstoppableWhy, type StopPlan} from '../core/stop/stop-target.js';
import {STOP_OFF_TEXT, stopQuestion, stopTargetText} from '../present/stop-text.js';
import type {WorkflowSource} from '../store/workflow/workflow-follower.js';
import {EMPTY_WORKFLOW_INDEX, sessionFolderOf} from '../core/workflow/workflow-of.js';
import {filterWantsAll, listView} from './model/list-view.js';
import type {SessionChoice} from './model/session-picker.js';
import {useOutsideActions} from './hooks/use-outside-actions.js';

export interface AppProps {
	readonly source: AgentSource;
	readonly staleMs: number;
	readonly max: number;
	readonly dedup: boolean;
	readonly initialCollapsed?: boolean;
	readonly onCollapsedChange?: (collapsed: boolean) => void;
	/** Ring the bell when an agent starts waiting or finishes (toggled with `b`). */
	readonly initialBell?: boolean;
	readonly onBellChange?: (bell: boolean) => void;
	/** Rings the terminal bell (writes BEL). */
	readonly ring?: () => void;
	/** Whether the hook notifies this session itself (`install-hook --notify`): asked only when the bell would ring. */
	readonly hookNotifies?: (sessionId: string) => boolean;
	/** False when stdin is not a terminal: no keys, no raw mode. */
	readonly keyboard: boolean;
	readonly now?: () => number;
	/** A fixed size (snapshots and tests); otherwise the terminal's, following resizes. */
	readonly size?: Size;
	/** A line under the header (the demo's narration). */
	readonly note?: string;
	/** Follows the transcripts of the agents shown (activity, tools, tokens, liveness). */
	readonly transcripts?: TranscriptSource;
	/** Replay and `watch --at`: where the replay is (the bar under the header) and its controls (Space, ← →, [ ]). */
	readonly replay?: {readonly position: () => ReplayPosition; readonly control: (op: ReplayOp) => void};
	/** The workflow runs of the session shown (read again as its data changes). */
	readonly workflows?: WorkflowSource;
	/** The `/` filter to start with (`watch --filter`). */
	readonly initialFilter?: string;
	/** The session picker (key s): the sessions to list (read when it opens), and the switch (undefined: follow the newest). */
	readonly sessions?: {readonly list: () => readonly SessionChoice[]; readonly choose: (sessionId: string | undefined) => void};
	/** Key p: switch tmux to the pane where the agent's session runs; says what it did or why it could not. */
	readonly jump?: (agentId: string) => string;
	/** x (watch only): whether the stop is installed, and writing a stop request for the hook. */
	readonly stop?: {
		readonly installed: () => boolean;
		readonly request: (sessionId: string, target: string, items: readonly MonitorItem[]) => Result<StopPlan>;
	};
}

const systemNow = () => Date.now();
const NO_TRANSCRIPTS: ReadonlyMap<string, TranscriptState> = new Map();
const noSubscribe = () => () => undefined;
const noTranscripts = () => NO_TRANSCRIPTS;

const NO_PARENTS: ReadonlyMap<string, string> = new Map();
const noParents = () => NO_PARENTS;
const NO_WORK: ReadonlySet<string> = new Set();
const noWork = () => NO_WORK;
const noWorkflows = () => EMPTY_WORKFLOW_INDEX;
const NO_STOPS: ReadonlyMap<string, number> = new Map();

export function App(props: AppProps) {
	const {source, staleMs, max, dedup, keyboard, replay} = props;
	const now = props.now ?? systemNow;
	const snapshot = useSyncExternalStore(source.subscribe, source.getSnapshot);
	const terminal = useTerminalSize();
	const size = props.size ?? terminal;
	const [state, dispatch] = useReducer(uiReducer, undefined, () => ({
		...initialUiModel(props.initialCollapsed ?? false, props.initialBell ?? false),
		filter: props.initialFilter ?? '',
	}));
	const [notice, setNotice] = useState<string | undefined>(undefined);
	const [stopping, setStopping] = useState<ReadonlyMap<string, number>>(NO_STOPS);

	const agents = useMemo(() => [...snapshot.set.agents.values()], [snapshot.set.agents]);
	const {transcripts} = props;
	const followed = useSyncExternalStore(transcripts?.subscribe ?? noSubscribe, transcripts?.getSnapshot ?? noTranscripts);
	// Parents stay known after an agent is let go (the follower remembers them).
	const knownParents = useSyncExternalStore(transcripts?.subscribe ?? noSubscribe, transcripts?.getParents ?? noParents);
	// So does their work: an agent that worked is never taken for a ghost once let go.
	const knownWork = useSyncExternalStore(transcripts?.subscribe ?? noSubscribe, transcripts?.getWork ?? noWork);
	const {clock, time} = useClock(now, snapshot);
	// The session's workflow runs: read again when its agents or transcripts change.
	const {workflows} = props;
	const workflowIndex = useSyncExternalStore(workflows?.subscribe ?? noSubscribe, workflows?.getSnapshot ?? noWorkflows);
	const sessionFolder = useMemo(() => sessionFolderOf(agents), [agents]);
	useEffect(() => workflows?.refresh(sessionFolder), [workflows, sessionFolder, agents, followed]);
	// Every rule is in the model; a tick rebuilds it cheaply (per-agent facts and unchanged items are kept).
	const showAll = state.showAll || filterWantsAll(state.filter);
	const view = useMemo(
		() =>
			buildMonitorModel({
				agents,
				transcripts: followed,
				now: time,
				knownParents,
				knownWork,
				options: {staleMs, dedup, showGhosts: state.showGhosts, showAll, max},
				workflows: workflowIndex,
			}),
		[agents, followed, time, knownParents, knownWork, staleMs, dedup, state.showGhosts, showAll, max, workflowIndex],
	);
	// What the list and the timeline show: the `/` filter and the order of key o (tui/model/list-view.ts).
	const editing = state.focus === 'filter';
	const shown = useMemo(() => listView(view, {filter: state.filter, editing, sort: state.sort}), [view, state.filter, editing, state.sort]);
	// Follow what the model asks for (the agents shown, and ghosts); the others are let go. The
	// follower does nothing when the list is the same.
	const {follow} = view;
	useEffect(() => transcripts?.follow(follow), [transcripts, follow]);
	// Tick as what is shown needs it (tui/model/clock-interval.ts): never when nothing runs.
	useClockInterval(clock, clockInterval(view, time));
	// The same ids array while the list is the same (a clock tick makes a new view, not new ids).
	const idsKey = arrangeRows(shown.view, state.folded).map(rowId).join('\u0000');
	const ids = useMemo(() => (idsKey === '' ? [] : idsKey.split('\u0000')), [idsKey]);
	const ui = reconcileSelection(state, ids);
	useEffect(() => dispatch({type: 'reconcile', ids}), [ids]);

	const selected = shown.view.items.find(item => item.agent.agentId === ui.selectedId);
	// The picker's sessions, read each time it opens (by the key s itself: tui/hooks/use-outside-actions.ts).
	const {sessions} = props;
	const [opened, setOpened] = useState<{readonly from: AppProps['sessions']; readonly list: readonly SessionChoice[]} | undefined>(undefined);
	const picking = ui.focus === 'sessions';
	// Read again while open when the picker's source changes (watch --host: a host answered).
	const reread = useMemo(() => (picking && opened !== undefined && opened.from !== sessions ? sessions?.list() : undefined), [picking, opened, sessions]);
	const choices = picking ? (reread ?? opened?.list) : undefined;
	const markdown = useMarkdown(selected?.report, size.columns, ui.focus === 'detail');
	const model = buildScreen({
		size,
		activity: snapshot.activity,
		activityExists: snapshot.activityExists,
		...(snapshot.codexFolder === undefined ? {} : {codexFolder: snapshot.codexFolder}),
		...(snapshot.host === undefined ? {} : {host: snapshot.host}),
		sessionId: snapshot.sessionId,
		following: snapshot.following,
		view: shown.view,
		...(shown.filter === undefined ? {} : {filter: shown.filter}),
		...(choices === undefined ? {} : {sessions: choices}),
		...(notice === undefined ? {} : {notice}),
		...(stopping.size === 0 ? {} : {stopping}),
		warnings: snapshot.set.invalid.size,
		ui,
		now: time,
		keyboard,
		time: iso => formatLocalTime(iso, time),
		markdown,
		note: replay ? replayBar(replay.position(), size.columns, ms => formatLocalTime(new Date(ms).toISOString(), time)) : props.note,
		keyMode: replay ? 'replay' : 'live',
		lifecycle: snapshot.lifecycle,
		...(snapshot.mainWaiting === undefined ? {} : {mainWaiting: snapshot.mainWaiting}),
	});
	// Keys that act outside the screen: switch the session, switch tmux's pane.
	const outside = useMemo(() => ({choices, pickerIndex: ui.pickerIndex, selectedId: ui.selectedId, notice}), [choices, ui.pickerIndex, ui.selectedId, notice]);
	const open = useMemo(
		() =>
			sessions === undefined
				? undefined
				: () => {
						const list = sessions.list();
						setOpened({from: sessions, list});
						return list;
					},
		[sessions, setOpened],
	);
	// x: the question for the selected row, then the request; the rows it covers say `stopping…` till they stop.
	const stopState = useRef<{items: readonly MonitorItem[]; sessionId: string | undefined; asked?: {target: string; sessionId: string}}>({
		items: [],
		sessionId: undefined,
	});
	// Kept for the key handler as each render commits (keys read the latest, never a render's closure).
	useLayoutEffect(() => {
		stopState.current = {...stopState.current, items: view.items, sessionId: snapshot.sessionId};
	}, [view.items, snapshot.sessionId]);
	const {stop} = props;
	const stopAsk = useMemo(
		() =>
			stop === undefined
				? undefined
				: (selectedId: string): {readonly question: string} | {readonly notice: string} => {
						const {items, sessionId} = stopState.current;
						// Another tool's agent cannot be stopped at all: say that, not how to install the stop.
						const why = unstoppableWhy(items.find(item => item.agent.agentId === selectedId)?.agent.provider);
						if (why !== undefined) {
							return {notice: `x: ${why}`};
						}
						if (!stop.installed()) {
							return {notice: `x: ${STOP_OFF_TEXT}`};
						}
						const target = isRunRow(selectedId) ? runIdOfRow(selectedId) : selectedId;
						const plan = sessionId === undefined ? undefined : planStop(target, items);
						if (plan === undefined || sessionId === undefined) {
							return {notice: 'x: no session here'};
						}
						if (!plan.ok) {
							return {notice: `x: cannot stop: ${plan.error}`};
						}
						stopState.current = {...stopState.current, asked: {target, sessionId}};
						return {question: stopQuestion(plan.value)};
					},
		[stop],
	);
	const stopAnswer = useMemo(
		() =>
			stop === undefined
				? undefined
				: (yes: boolean): string => {
						const {asked, items} = stopState.current;
						stopState.current = {...stopState.current, asked: undefined};
						if (!yes || asked === undefined) {
							return 'x: nothing stopped';
						}
						const done = stop.request(asked.sessionId, asked.target, items);
						if (!done.ok) {
							return `x: cannot stop: ${done.error}`;
						}
						const since = now();
						setStopping(before => new Map([...before, ...done.value.stops.map(item => [item.agent.agentId, since] as const)]));
						return `asked to stop ${stopTargetText(done.value)}: each agent stops at its next tool call`;
					},
		[stop, now],
	);
	const onAction = useOutsideActions(outside, {setNotice, choose: sessions?.choose, open, jump: props.jump, stopAsk, stopAnswer});
	const context = useMemo(() => ({...model.context, canPickSession: sessions !== undefined}), [model.context, sessions]);
	useAppKeys(dispatch, ui, context, keyboard, replay ? 'replay' : 'live', replay?.control, onAction);

	// The bell: when an agent starts waiting or finishes, at most once a second (tui/model/bell.ts).
	const {ring, onBellChange, hookNotifies} = props;
	const statuses = useRef<StatusMap>(new Map());
	const lastRing = useRef<number | undefined>(undefined);
	useEffect(() => {
		const next: StatusMap = new Map(
			view.items.map(item => [item.agent.agentId, {status: item.displayStatus, stale: item.stale, failed: isFailure(item.agent.stopReason)}]),
		);
		const before = statuses.current;
		statuses.current = next;
		const wall = Date.now();
		const session = snapshot.sessionId;
		// The hook's notify state is read only when the bell would ring at all.
		const wanted = () => bellWanted(before, next) && bellWanted(before, next, session !== undefined && hookNotifies?.(session) === true);
		if (ui.bell && ring && bellAllowed(lastRing.current, wall) && wanted()) {
			lastRing.current = wall;
			ring();
		}
	}, [view, ui.bell, ring, hookNotifies, snapshot.sessionId]);
	usePersistedToggle(ui.bell, onBellChange);
	usePersistedToggle(ui.collapsed, props.onCollapsedChange);

	return <Screen model={model} />;
}
