// `agentlog watch [session]`, the part that draws: loaded only when watch runs (Ink is large).
// The live monitor. With stdout not a terminal it prints one plain
// snapshot and exits; with only stdin not a terminal it runs live without keys.
import path from 'node:path';
import {snapshotColumns} from '../shared/snapshot-columns.js';
import {render} from 'ink';
import {INK_RENDER_OPTIONS} from '../../tui/render-options.js';
import {paneSize} from '../../tui/model/layout.js';
import {listSessionDirs, sessionLabel} from '../../store/activity/read-agents.js';
import {hookNotifies} from '../../store/hook/notify-state.js';
import {activityFor} from '../shared/read-options.js';
import {activityRoots, readSessionModel, transcriptReader, type ReadTranscripts} from '../../app/session/load.js';
import {pickSession} from '../../app/session/pick.js';
import {openLiveSession, primeLive} from '../../app/session/live.js';
import {screenOptions, type WatchOptions} from '../shared/command-options.js';
import {CliError} from '../../core/user-error.js';
import {monitorApp, plainFrame} from './watch-frame.js';
import {COMMAND_NAMES} from '../shared/command-names.js';
import {clockNow} from '../../app/env.js';
import {listSessions} from '../../app/session/listing.js';
import {jumpToAgent, runTmux} from '../../app/session/jump.js';
import {requestStop, stopInstalled} from '../../app/stop/stop-agents.js';
import type {MonitorItem} from '../../core/monitor/model.js';
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
	const {read, model: view, now, mainWaiting} = await readSessionModel(activity, sessionId, screenOptions(options), readTranscripts, options);
	return plainFrame(
		{
			size: paneSize(columns, undefined),
			activity,
			activityExists: sessionId !== undefined || listSessionDirs(activity).length > 0,
			sessionId: sessionId === undefined ? undefined : sessionLabel(sessionId),
			following,
			view,
			warnings: read.invalid.length,
			now,
			...(mainWaiting === undefined ? {} : {mainWaiting}),
		},
		columns,
		options,
	);
}

export async function runWatch(sessionArg: string | undefined, options: WatchOptions): Promise<void> {
	if (options.host !== undefined && options.host.length > 0) {
		const {runRemoteWatch} = await import('./watch-remote-run.js');
		await runRemoteWatch(sessionArg, options);
		return;
	}
	const activity = activityFor(options);
	// No session named: the snapshot shows the newest, the live monitor follows whichever is newest.
	const following = sessionArg === undefined;
	if (!process.stdout.isTTY) {
		const shown = pickSession(sessionArg, activity, options, COMMAND_NAMES);
		process.stdout.write(await snapshotText(activity, shown, following, options, snapshotColumns(), transcriptReader(activityRoots(activity))));
		return;
	}
	const sessionId = following ? undefined : pickSession(sessionArg, activity, options, COMMAND_NAMES);
	// The session picker (key s) closes the live sources of one session and opens another's.
	let live: LiveSession = openLiveSession(activity, {...(sessionId === undefined ? {} : {session: sessionId}), codex: options});
	let watched = sessionId;
	const element = () =>
		monitorApp(options, {hookNotifies: session => hookNotifies(path.join(activity, session)), sessions, jump, stop}).element({
			source: live.agents,
			transcripts: live.transcripts,
			workflows: live.workflows,
		});
	// x: the stop request for the hook (app/stop), in the session shown.
	const stop = {
		installed: () => stopInstalled(),
		request: (session: string, target: string, items: readonly MonitorItem[]) => {
			const done = requestStop(activity, session, target, items, Date.now());
			return done.ok ? {ok: true as const, value: done.value.plan} : done;
		},
	};
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
			prime();
			app?.rerender(element());
			void before.close();
		},
	};
	// What the first frame shows: the options the screen starts with.
	const prime = (): void => primeLive(live, screenOptions(options), clockNow());
	let app: ReturnType<typeof render> | undefined;
	try {
		// The first frame is drawn from what start() and prime() read at once; the watchers get
		// ready meanwhile (or, for an activity folder that does not exist yet, once it appears).
		live.start();
		prime();
		app = render(element(), INK_RENDER_OPTIONS);
		try {
			await app.waitUntilExit();
		} catch (error) {
			throw new CliError(`the monitor stopped on an error: ${error instanceof Error ? error.message : String(error)}`);
		}
	} finally {
		await live.close();
	}
}
