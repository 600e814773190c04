// The live monitor's screen, put together: the model (useMonitorModel), the UI state and keys, the
// stop (useStopKeys), the bell (useBell), drawn by Screen. Every rule is in tui/model and core.
import {useEffect, useMemo, useReducer, useState} from 'react';
import {formatLocalTime} from '../core/text/format.js';
import type {Size} from './model/layout.js';
import {buildScreen} from './model/screen-model.js';
import {replayBar, type ReplayPosition} from '../core/history/replay-bar.js';
import type {ReplayOp} from '../store/live/replay.js';
import {initialUiModel, reconcileSelection, uiReducer} from './model/ui-state.js';
import type {AgentSource} from '../store/live/activity-watcher.js';
import type {TranscriptSource} from '../store/transcripts/follower.js';
import {useAppKeys} from './hooks/use-app-keys.js';
import {useBell} from './hooks/use-bell.js';
import {useMarkdown} from './hooks/use-markdown.js';
import {useMonitorModel} from './hooks/use-monitor-model.js';
import {usePersistedToggle} from './hooks/use-persisted-toggle.js';
import {useStopKeys, type StopActions} from './hooks/use-stop-keys.js';
import {useTerminalSize} from './hooks/use-terminal-size.js';
import {Screen} from './components/Screen.js';
import {arrangeRows, rowIds} from './model/workflow-rows.js';
import type {WorkflowSource} from '../store/workflow/workflow-follower.js';
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
	readonly stop?: StopActions;
}

const systemNow = () => Date.now();

export function App(props: AppProps) {
	const {staleMs, max, dedup, keyboard, replay} = props;
	const now = props.now ?? systemNow;
	const terminal = useTerminalSize();
	const size = props.size ?? terminal;
	const [state, dispatch] = useReducer(uiReducer, undefined, () => ({
		...initialUiModel(props.initialCollapsed ?? false, props.initialBell ?? false),
		filter: props.initialFilter ?? '',
	}));
	const [notice, setNotice] = useState<string | undefined>(undefined);
	const showAll = state.showAll || filterWantsAll(state.filter);
	const {snapshot, view, time} = useMonitorModel(props, now, {staleMs, dedup, showGhosts: state.showGhosts, showAll, max});
	// x: a stop asked for the selected row; the rows it covers say `stopping…` till they stop.
	const {stopping, ask: stopAsk, answer: stopAnswer} = useStopKeys(props.stop, view.items, snapshot.sessionId, now);
	// What the list and the timeline show: the `/` filter and the order of key o (tui/model/list-view.ts).
	const editing = state.focus === 'filter';
	const shown = useMemo(() => listView(view, {filter: state.filter, editing, sort: state.sort}), [view, state.filter, editing, state.sort]);
	// The same ids array while the list is the same (a clock tick makes a new view, not new ids).
	const idsKey = rowIds(arrangeRows(shown.view, state.folded)).join('\u0000');
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
	const onAction = useOutsideActions(outside, {setNotice, choose: sessions?.choose, open, jump: props.jump, stopAsk, stopAnswer});
	const context = useMemo(() => ({...model.context, canPickSession: sessions !== undefined}), [model.context, sessions]);
	useAppKeys(dispatch, ui, context, keyboard, replay ? 'replay' : 'live', replay?.control, onAction);

	const {ring, onBellChange, hookNotifies} = props;
	useBell(view, {on: ui.bell, ring, hookNotifies, sessionId: snapshot.sessionId, now});
	usePersistedToggle(ui.bell, onBellChange);
	usePersistedToggle(ui.collapsed, props.onCollapsedChange);

	return <Screen model={model} />;
}
