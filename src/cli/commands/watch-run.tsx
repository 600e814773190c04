// `agentlog watch [session]`, the part that draws: loaded only when watch runs (Ink is large).
// The live monitor. With stdout not a terminal it prints one plain
// snapshot and exits; with only stdin not a terminal it runs live without keys.
import path from 'node:path';
import {snapshotColumns} from '../shared/snapshot-columns.js';
import {render, renderToString} from 'ink';
import {formatLocalTime} from '../../core/text/format.js';
import {paneSize} from '../../tui/model/layout.js';
import {buildScreen} from '../../tui/model/screen-model.js';
import {initialUiModel} from '../../tui/model/ui-state.js';
import {listSessionDirs, sessionLabel} from '../../store/activity/read-agents.js';
import {newestAnySession} from '../../app/session/codex-scan.js';
import {loadUiState, saveUiState} from '../../store/state-file.js';
import {hookNotifies} from '../../store/hook/notify-state.js';
import {App} from '../../tui/App.js';
import {Screen} from '../../tui/components/Screen.js';
import {activityFor} from '../shared/read-options.js';
import {activityRoots, readSessionModel, transcriptReader, type ReadTranscripts} from '../../app/session/load.js';
import {resolveSessionArg} from '../../app/session/resolve.js';
import {openLiveSession} from '../../app/session/live.js';
import type {WatchOptions} from '../shared/command-options.js';
import {CliError} from '../../core/user-error.js';
import {COMMAND_NAMES} from '../shared/command-names.js';
import {env, clockNow} from '../../app/env.js';
import {listView} from '../../tui/model/list-view.js';
import {listSessions} from '../../app/session/listing.js';
import {jumpToAgent, runTmux} from '../../app/session/jump.js';
import type {LiveSession} from '../../app/session/live.js';

/** One plain frame of the screen, for a pipe or a file: the same model as the live monitor and `ls`. */
export async function snapshotText(
	activity: string,
	sessionId: string | undefined,
	following: boolean,
	options: WatchOptions,
	columns: number,
	readTranscripts?: ReadTranscripts,
): Promise<string> {
	const {
		read,
		model: view,
		now,
		mainWaiting,
	} = await readSessionModel(
		activity,
		sessionId,
		// A filter looks at every agent, not only the newest --max.
		{staleMs: options.stale, dedup: options.dedup, showGhosts: false, showAll: options.filter !== undefined, max: options.max},
		readTranscripts,
		options,
	);
	const shown = listView(view, {filter: options.filter?.text ?? '', editing: false, sort: 'started'});
	const model = buildScreen({
		size: paneSize(columns, undefined),
		activity,
		activityExists: sessionId !== undefined || listSessionDirs(activity).length > 0,
		sessionId: sessionId === undefined ? undefined : sessionLabel(sessionId),
		following,
		view: shown.view,
		...(shown.filter === undefined ? {} : {filter: shown.filter}),
		warnings: read.invalid.length,
		ui: initialUiModel(),
		now,
		keyboard: false,
		snapshot: true,
		time: iso => formatLocalTime(iso, now),
		markdown: () => undefined,
		...(mainWaiting === undefined ? {} : {mainWaiting}),
	});
	return `${renderToString(<Screen model={model} />, {columns}).replace(/\s+$/u, '')}\n`;
}

export async function runWatch(sessionArg: string | undefined, options: WatchOptions): Promise<void> {
	const activity = activityFor(options);
	const sessionId = sessionArg === undefined ? undefined : resolveSessionArg(sessionArg, activity, options, COMMAND_NAMES);
	if (!process.stdout.isTTY) {
		const following = sessionId === undefined;
		const shown = sessionId ?? newestAnySession(activity, options);
		process.stdout.write(await snapshotText(activity, shown, following, options, snapshotColumns(), transcriptReader(activityRoots(activity))));
		return;
	}
	const state = env().stateFile;
	const saved = loadUiState(state);
	const keyboard = Boolean(process.stdin.isTTY);
	// The session picker (key s) closes the live sources of one session and opens another's.
	let live: LiveSession = openLiveSession(activity, {...(sessionId === undefined ? {} : {session: sessionId}), codex: options});
	let watched = sessionId;
	const element = () => (
		<App
			source={live.agents}
			transcripts={live.transcripts}
			workflows={live.workflows}
			staleMs={options.stale}
			max={options.max}
			dedup={options.dedup}
			keyboard={keyboard}
			initialCollapsed={saved.collapsed}
			onCollapsedChange={collapsed => saveUiState(state, {...loadUiState(state), collapsed})}
			initialBell={options.bell === true || saved.bell}
			onBellChange={bell => saveUiState(state, {...loadUiState(state), bell})}
			ring={() => void process.stdout.write('\u0007')}
			hookNotifies={session => hookNotifies(path.join(activity, session))}
			{...(options.filter === undefined ? {} : {initialFilter: options.filter.text})}
			sessions={sessions}
			jump={jump}
		/>
	);
	// p: the agent's record as the watcher holds it now.
	const jump = (agentId: string): string => {
		const snapshot = live.agents.getSnapshot();
		const agent = [...snapshot.set.agents.values()].find(record => record.agentId === agentId);
		return agent === undefined
			? 'p: that agent is no longer shown'
			: jumpToAgent(activity, agent, {tmuxEnv: process.env.TMUX, tmux: runTmux, sessionId: watched ?? snapshot.sessionId});
	};
	const sessions = {
		list: () => listSessions(activity, options, clockNow()).sessions,
		choose: (chosen: string | undefined) => {
			const before = live;
			watched = chosen;
			live = openLiveSession(activity, {...(chosen === undefined ? {} : {session: chosen}), codex: options});
			live.start();
			app?.rerender(element());
			void before.close();
		},
	};
	let app: ReturnType<typeof render> | undefined;
	try {
		// The first frame is drawn from what start() read at once; the watchers get ready meanwhile
		// (or, for an activity folder that does not exist yet, once it appears).
		live.start();
		app = render(element(), {exitOnCtrlC: true});
		try {
			await app.waitUntilExit();
		} catch (error) {
			throw new CliError(`the monitor stopped on an error: ${error instanceof Error ? error.message : String(error)}`);
		}
	} finally {
		await live.close();
	}
}
