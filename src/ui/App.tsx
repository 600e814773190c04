import {useEffect, useMemo, useReducer, useRef, useState, useSyncExternalStore} from 'react';
import {formatLocalTime} from '../core/text/format.js';
import type {Size} from '../core/tui/layout.js';
import {buildScreen} from '../core/tui/screen.js';
import {initialUiModel, reconcileSelection, uiReducer} from '../core/tui/ui-state.js';
import {buildView} from '../core/monitor/view.js';
import type {AgentSource} from '../store/activity/activity-watcher.js';
import type {TranscriptSource, TranscriptState} from '../store/transcripts/follower.js';
import {useAppKeys} from './hooks/use-app-keys.js';
import {useClock} from './hooks/use-clock.js';
import {useMarkdown} from './hooks/use-markdown.js';
import {useTerminalSize} from './hooks/use-terminal-size.js';
import {Screen} from './Screen.js';

export interface AppProps {
	readonly source: AgentSource;
	readonly staleMs: number;
	readonly max: number;
	readonly dedup: boolean;
	readonly initialCollapsed?: boolean;
	readonly onCollapsedChange?: (collapsed: boolean) => void;
	/** False when stdin is not a terminal: no keys, no raw mode. */
	readonly keyboard: boolean;
	readonly now?: () => number;
	/** A fixed size (snapshots and tests); otherwise the terminal's, following resizes. */
	readonly size?: Size;
	/** A line under the header (the demo's narration). */
	readonly note?: string;
	/** Follows the transcripts of the agents shown (activity, tools, tokens, liveness). */
	readonly transcripts?: TranscriptSource;
}

const systemNow = () => Date.now();
const NO_TRANSCRIPTS: ReadonlyMap<string, TranscriptState> = new Map();
const noSubscribe = () => () => undefined;
const noTranscripts = () => NO_TRANSCRIPTS;

/**
 * A lookup made outside the component: a function kept across renders and created inside one
 * would keep everything that render saw alive (V8 shares one context between a render's
 * closures), a 20 MB last message included, long after its agent is gone.
 */
const lookupIn = (map: ReadonlyMap<string, string>) => (id: string) => map.get(id);

export function App(props: AppProps) {
	const {source, staleMs, max, dedup, keyboard} = props;
	const now = props.now ?? systemNow;
	const snapshot = useSyncExternalStore(source.subscribe, source.getSnapshot);
	const terminal = useTerminalSize();
	const size = props.size ?? terminal;
	const [state, dispatch] = useReducer(uiReducer, props.initialCollapsed ?? false, initialUiModel);

	const agents = useMemo(() => [...snapshot.set.agents.values()], [snapshot.set.agents]);
	const {transcripts} = props;
	const followed = useSyncExternalStore(transcripts?.subscribe ?? noSubscribe, transcripts?.getSnapshot ?? noTranscripts);
	// A transcript's last write is a sign of life (stale rule); a parent named in it nests the agent.
	const extraLife = useMemo(() => {
		const life = new Map<string, number>();
		for (const [id, state] of followed) {
			if (state.mtimeMs !== undefined) {
				life.set(id, state.mtimeMs);
			}
		}
		return life;
	}, [followed]);
	// Parents stay known after an agent is let go: nesting decides what is shown, and what is
	// shown decides what is followed; forgetting a parent would make the list flip back and forth.
	const parents = useRef(new Map<string, string>());
	for (const [id, state] of followed) {
		if (state.parentAgentId !== undefined) {
			parents.current.set(id, state.parentAgentId);
		}
	}
	// eslint-disable-next-line react-hooks/exhaustive-deps -- a new function when the transcripts say more
	const parentOf = useMemo(() => lookupIn(parents.current), [followed]);
	const [tick, setTick] = useState<number | undefined>(undefined);
	const time = useClock(now, tick, snapshot);
	const view = useMemo(
		() => buildView(agents, {now: time, staleMs, dedup, showGhosts: state.showGhosts, showAll: state.showAll, max, extraLife, parentOf}),
		[agents, time, staleMs, dedup, state.showGhosts, state.showAll, max, extraLife, parentOf],
	);
	// Follow only the agents shown; the others (and another session's) are let go.
	const targets = view.items.flatMap(({agent}) =>
		agent.transcriptPath ? [{agentId: agent.agentId, transcriptPath: agent.transcriptPath, cwd: agent.cwd}] : [],
	);
	const targetKey = targets.map(t => `${t.agentId}\u0000${t.transcriptPath}`).join('\n');
	// eslint-disable-next-line react-hooks/exhaustive-deps -- targetKey stands for targets
	useEffect(() => transcripts?.follow(targets), [transcripts, targetKey]);
	// Tick once a second while an agent runs (durations, the stale rule), every 30 s while only
	// stale ones are left (their silent time), never otherwise: an idle monitor uses no CPU.
	const wantedTick = view.counts.active > 0 ? 1000 : view.counts.stale > 0 ? 30_000 : undefined;
	useEffect(() => setTick(wantedTick), [wantedTick]);
	const ids = useMemo(() => view.items.map(item => item.agent.agentId), [view]);
	const ui = reconcileSelection(state, ids);
	useEffect(() => dispatch({type: 'reconcile', ids}), [ids]);

	const selected = view.items.find(item => item.agent.agentId === ui.selectedId);
	const markdown = useMarkdown(selected?.agent.lastMessage, size.columns, ui.focus === 'detail');
	const model = buildScreen({
		size,
		activity: snapshot.activity,
		activityExists: snapshot.activityExists,
		sessionId: snapshot.sessionId,
		following: snapshot.following,
		view,
		warnings: snapshot.set.invalid.size,
		ui,
		now: time,
		keyboard,
		time: iso => formatLocalTime(iso, time),
		markdown,
		note: props.note,
		agentActivity: id => followed.get(id),
	});
	useAppKeys(dispatch, ui.focus, model.context, keyboard);

	const {onCollapsedChange} = props;
	const lastCollapsed = useRef(ui.collapsed);
	useEffect(() => {
		if (ui.collapsed !== lastCollapsed.current) {
			lastCollapsed.current = ui.collapsed;
			onCollapsedChange?.(ui.collapsed);
		}
	}, [ui.collapsed, onCollapsedChange]);

	return <Screen model={model} />;
}
