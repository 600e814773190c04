// `agentlog watch [session]`, the part that draws: loaded only when watch runs (Ink is large).
// The live monitor. With stdout not a terminal it prints one plain
// snapshot and exits; with only stdin not a terminal it runs live without keys.
import path from 'node:path';
import {render, renderToString} from 'ink';
import {formatLocalTime} from '../core/text/format.js';
import {paneSize} from '../core/tui/layout.js';
import {stateFile} from '../core/paths.js';
import {buildScreen} from '../core/tui/screen.js';
import {initialUiModel} from '../core/tui/ui-state.js';
import {buildView} from '../core/monitor/view.js';
import {ActivityWatcher} from '../store/activity/activity-watcher.js';
import {listSessionDirs, readSessionDir, sessionLabel} from '../store/activity/read-agents.js';
import {loadUiState, saveUiState} from '../store/state-file.js';
import {TranscriptFollower, type TranscriptState} from '../store/transcripts/follower.js';
import {App} from '../ui/App.js';
import {Screen} from '../ui/Screen.js';
import {activityFor, home, resolveSessionArg} from './common.js';
import type {WatchOptions} from './command-options.js';
import {CliError} from './errors.js';


/** One plain frame of the screen, for a pipe or a file (transcripts read once, their tails only). */
export async function snapshotText(activity: string, sessionId: string | undefined, following: boolean, options: WatchOptions, columns: number): Promise<string> {
	const now = Date.now();
	const read = sessionId === undefined ? {agents: [], invalid: []} : readSessionDir(path.join(activity, sessionId));
	const follower = new TranscriptFollower();
	let followed: ReadonlyMap<string, TranscriptState>;
	try {
		// Every agent of the session (at most 20 files): nesting can bring one into the newest 8.
		follower.follow(read.agents.flatMap(agent => (agent.transcriptPath ? [{agentId: agent.agentId, transcriptPath: agent.transcriptPath, cwd: agent.cwd}] : [])));
		followed = follower.getSnapshot();
	} finally {
		await follower.close();
	}
	const extraLife = new Map([...followed].flatMap(([id, t]) => (t.mtimeMs === undefined ? [] : [[id, t.mtimeMs] as const])));
	const view = buildView(read.agents, {
		now,
		staleMs: options.stale,
		dedup: options.dedup,
		showGhosts: false,
		showAll: false,
		max: options.max,
		extraLife,
		parentOf: id => followed.get(id)?.parentAgentId,
	});
	const model = buildScreen({
		size: paneSize(columns, undefined),
		activity,
		activityExists: sessionId !== undefined || listSessionDirs(activity).length > 0,
		sessionId: sessionId === undefined ? undefined : sessionLabel(sessionId),
		following,
		view,
		warnings: read.invalid.length,
		ui: initialUiModel(),
		now,
		keyboard: false,
		snapshot: true,
		time: iso => formatLocalTime(iso, now),
		markdown: () => undefined,
		agentActivity: id => followed.get(id),
	});
	return `${renderToString(<Screen model={model} />, {columns}).replace(/\s+$/u, '')}\n`;
}

export async function runWatch(sessionArg: string | undefined, options: WatchOptions): Promise<void> {
	const activity = activityFor(options);
	const sessionId = sessionArg === undefined ? undefined : resolveSessionArg(sessionArg, activity, options);
	if (!process.stdout.isTTY) {
		const following = sessionId === undefined;
		const shown = sessionId ?? listSessionDirs(activity)[0]?.id;
		process.stdout.write(await snapshotText(activity, shown, following, options, process.stdout.columns || 100));
		return;
	}
	const watcher = new ActivityWatcher({activity, session: sessionId});
	const transcripts = new TranscriptFollower();
	const state = stateFile(process.env, home());
	try {
		// The first frame is drawn from what start() read at once; the watchers get ready meanwhile
		// (or, for an activity folder that does not exist yet, once it appears).
		watcher.start().catch(() => undefined);
		const keyboard = Boolean(process.stdin.isTTY);
		const app = render(
			<App
				source={watcher}
				transcripts={transcripts}
				staleMs={options.stale}
				max={options.max}
				dedup={options.dedup}
				keyboard={keyboard}
				initialCollapsed={loadUiState(state).collapsed}
				onCollapsedChange={collapsed => saveUiState(state, {collapsed})}
			/>,
			{exitOnCtrlC: true},
		);
		try {
			await app.waitUntilExit();
		} catch (error) {
			throw new CliError(`the monitor stopped on an error: ${error instanceof Error ? error.message : String(error)}`);
		}
	} finally {
		await Promise.all([watcher.close(), transcripts.close()]);
	}
}
