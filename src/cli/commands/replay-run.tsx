// `agentlog replay [session]` and `agentlog watch --at <when> [session]`, the part that draws
// (loaded only when they run: Ink is large). Both show a session's recorded events through the
// same App and monitor model as watch: replay plays them from the start, --at holds the moment
// given; in both, Space plays or pauses, ← → step to the previous or next event, [ ] change the
// speed. With stdout not a terminal, one plain frame of the end (replay) or of the moment (--at).
import {ruleOptions} from '../shared/read-options.js';
import {snapshotColumns} from '../shared/snapshot-columns.js';
import {render} from 'ink';
import {INK_RENDER_OPTIONS} from '../../tui/render-options.js';
import {formatLocalTime} from '../../core/text/format.js';
import {paneSize} from '../../tui/model/layout.js';
import {sessionLabel} from '../../store/activity/read-agents.js';
import {Replay} from '../../store/live/replay.js';
import {App} from '../../tui/App.js';
import {plainFrame} from './watch-frame.js';
import {activityFor, clockNow} from '../shared/read-options.js';
import {activityRoots} from '../../app/session/load.js';
import {pickSession} from '../../app/session/pick.js';
import type {ReplayOptions} from '../shared/command-options.js';
import {CliError} from '../../core/user-error.js';
import {logSpan, momentModel, parseAt, readSessionLog, type SessionLog} from '../../app/session/moment.js';
import {COMMAND_NAMES} from '../shared/command-names.js';
import {env} from '../../app/env.js';

/** One plain frame of the session at `at`, with `--filter`'s agents: the same model and screen as the live monitor's snapshot. */
function momentText(activity: string, sessionId: string, log: SessionLog, at: number, options: ReplayOptions, columns: number): string {
	// A filter looks at every agent, not only the newest --max.
	const then = momentModel(activity, log, at, {
		...ruleOptions(options),
		showGhosts: false,
		showAll: options.filter !== undefined,
		max: options.max,
	});
	const span = logSpan(log.lines);
	const seen = then.moment.linesSeen;
	const wall = clockNow();
	return plainFrame(
		{
			size: paneSize(columns, undefined),
			activity,
			activityExists: true,
			sessionId: sessionLabel(sessionId),
			following: false,
			view: then.model,
			warnings: 0,
			now: at,
			note: `at ${formatLocalTime(new Date(at).toISOString(), wall)} · ${seen} of ${log.lines.length} events (${formatLocalTime(new Date(span.first).toISOString(), wall)} → ${formatLocalTime(new Date(span.last).toISOString(), wall)})`,
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
	const label = sessionLabel(sessionId);
	const log = readSessionLog(activity, sessionId, label);
	const span = logSpan(log.lines);
	const at = mode === 'at' && options.at !== undefined ? parseAt(options.at, clockNow()) : undefined;
	if (!process.stdout.isTTY) {
		process.stdout.write(momentText(activity, sessionId, log, at ?? span.last, options, snapshotColumns()));
		return;
	}
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
