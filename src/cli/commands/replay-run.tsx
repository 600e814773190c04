// `agentlog replay [session]` and `agentlog watch --at <when> [session]`, the part that draws
// (loaded only when they run: Ink is large). Both show a session's recorded events through the
// same App and monitor model as watch: replay plays them from the start, --at holds the moment
// given; in both, Space plays or pauses, ← → step to the previous or next event, [ ] change the
// speed. With stdout not a terminal, one plain frame of the end (replay) or of the moment (--at).
import {snapshotColumns} from '../shared/snapshot-columns.js';
import {render} from 'ink';
import {INK_RENDER_OPTIONS} from '../../tui/render-options.js';
import {paneSize} from '../../tui/model/layout.js';
import {sessionLabel} from '../../store/activity/read-agents.js';
import {Replay} from '../../store/live/replay.js';
import {App} from '../../tui/App.js';
import {plainFrame} from './watch-frame.js';
import {activityFor, clockNow} from '../shared/read-options.js';
import {activityRoots} from '../../app/session/load.js';
import {pickSession} from '../../app/session/pick.js';
import {screenOptions, type ReplayOptions} from '../shared/command-options.js';
import {CliError} from '../../core/user-error.js';
import {logSpan, parseAt, readSessionLog, sessionMoment} from '../../app/session/moment.js';
import {momentNote} from '../../present/moment-text.js';
import {COMMAND_NAMES} from '../shared/command-names.js';
import {env} from '../../app/env.js';

/** One plain frame of the session at `at` (default: its last event), with `--filter`'s agents: the same model and screen as the live monitor's snapshot. */
function momentText(activity: string, sessionId: string, at: number | undefined, options: ReplayOptions, columns: number): string {
	const then = sessionMoment(activity, sessionId, at, screenOptions(options));
	return plainFrame(
		{
			size: paneSize(columns, undefined),
			activity,
			activityExists: true,
			sessionId: then.label,
			following: false,
			view: then.then.model,
			warnings: 0,
			now: then.at,
			note: momentNote(then, clockNow()),
		},
		columns,
		options,
	);
}

/** replay (from the start, playing) or watch --at (at `options.at`, paused). */
export async function runReplay(sessionArg: string | undefined, options: ReplayOptions, mode: 'replay' | 'at'): Promise<void> {
	const activity = activityFor(options);
	const sessionId = pickSession(sessionArg, activity, options, COMMAND_NAMES, 'logged');
	if (sessionId === undefined) {
		throw new CliError(`no sessions under ${activity} yet, so nothing to look back at. Is the hook installed? (agentlog install-hook)`);
	}
	const at = mode === 'at' && options.at !== undefined ? parseAt(options.at, clockNow()) : undefined;
	if (!process.stdout.isTTY) {
		process.stdout.write(momentText(activity, sessionId, at, options, snapshotColumns()));
		return;
	}
	const log = readSessionLog(activity, sessionId, sessionLabel(sessionId));
	const span = logSpan(log.lines);
	const replay = new Replay({
		activity,
		sessionId,
		lines: log.lines,
		text: log.text,
		transcriptPaths: log.transcriptPaths,
		claudeDir: env().claude,
		roots: activityRoots(activity),
		start: at ?? span.first,
		playing: mode === 'replay',
		speed: options.speed ?? 1,
	});
	try {
		const app = render(
			<App
				source={replay}
				transcripts={replay.transcriptSource}
				now={replay.now}
				staleMs={options.stale}
				max={options.max}
				dedup={options.dedup}
				keyboard={Boolean(process.stdin.isTTY)}
				replay={{position: () => replay.position(), control: op => replay.control(op)}}
				{...(options.filter === undefined ? {} : {initialFilter: options.filter.text})}
			/>,
			INK_RENDER_OPTIONS,
		);
		try {
			await app.waitUntilExit();
		} catch (error) {
			throw new CliError(`the replay stopped on an error: ${error instanceof Error ? error.message : String(error)}`);
		}
	} finally {
		replay.close();
	}
}
