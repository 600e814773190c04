// `agentlog timeline [session]`: the picture `watch` draws with key t, printed once: a bar per
// agent from its start to its stop (or now), how many ran at once. Coloured on a terminal.
import {ruleOptions} from '../shared/read-options.js';
import chalk from 'chalk';
import {InvalidArgumentError, type Command} from 'commander';
import {CELL_COLOR, drawTimeline, fullWindow, TIMELINE_SYMBOLS, timelineText, type TimelinePicture} from '../../present/timeline.js';
import {timelineJson} from '../../present/timeline-json.js';
import {safeJsonStringify, safeLine} from '../../core/text/safe-text.js';
import {wrapText} from '../../core/text/wrap.js';
import {sessionLabel} from '../../store/activity/read-agents.js';
import {activityRoots, transcriptReader} from '../../app/session/load.js';
import {pickSession} from '../../app/session/pick.js';
import {readSessionTimeline} from '../../app/timeline/session-timeline.js';
import {activityFor, addReadOptions, type ReadOptions} from '../shared/read-options.js';
import {COMMAND_NAMES} from '../shared/command-names.js';
import {noSessionsText} from '../shared/no-sessions.js';

interface TimelineOptions extends ReadOptions {
	readonly width?: number;
	readonly json?: boolean;
}

/** The narrowest picture that still shows a bar. */
const MIN_WIDTH = 30;

function parseWidth(value: string): number {
	if (!/^\s*\d+\s*$/.test(value) || Number(value) < MIN_WIDTH) {
		throw new InvalidArgumentError(`expected a whole number of columns, at least ${MIN_WIDTH}`);
	}
	return Number(value);
}

/** Minutes east of UTC at `ms`, for the axis labels. */
function localOffset(ms: number): number {
	return -new Date(ms).getTimezoneOffset();
}

function colourLines(picture: TimelinePicture, width: number): string[] {
	const plain = timelineText(picture, width);
	const bars = picture.rows.map(row => {
		const bar = row.bar
			.map(run => {
				const colour = CELL_COLOR[run.kind];
				return colour === undefined ? run.text : chalk[colour as 'green'](run.text);
			})
			.join('');
		return `${row.label} ${bar}`;
	});
	return [plain[0]!, ...bars, ...plain.slice(1 + picture.rows.length)];
}

export async function runTimeline(sessionArg: string | undefined, options: TimelineOptions): Promise<void> {
	const activity = activityFor(options);
	const sessionId = pickSession(sessionArg, activity, options, COMMAND_NAMES);
	if (sessionId === undefined) {
		process.stderr.write(noSessionsText(activity));
		if (options.json) {
			process.stdout.write('[]\n');
		}
		return;
	}
	const monitorOptions = {...ruleOptions(options), showGhosts: false, showAll: true};
	const timeline = await readSessionTimeline(activity, sessionId, monitorOptions, transcriptReader(activityRoots(activity)), options);
	if (timeline.problem !== undefined) {
		process.stderr.write(
			`agentlog: the event log of session ${sessionLabel(sessionId)} was not read: ${safeLine(timeline.problem)} (bars from the agent files only)\n`,
		);
	} else if (timeline.skipped > 0) {
		process.stderr.write(`agentlog: skipped ${timeline.skipped} unreadable line(s) of the event log of session ${sessionLabel(sessionId)}\n`);
	}
	if (options.json) {
		process.stdout.write(`${safeJsonStringify(timelineJson(timeline.lanes), 2)}\n`);
		return;
	}
	const tty = process.stdout.isTTY === true;
	const width = options.width ?? (tty && process.stdout.columns > 0 ? process.stdout.columns : 100);
	process.stdout.write(`session ${sessionLabel(sessionId)}\n`);
	if (timeline.lanes.length === 0) {
		process.stdout.write('no agents\n');
		return;
	}
	const picture = drawTimeline(timeline.lanes, {
		width,
		nowMs: timeline.now,
		window: fullWindow(timeline.lanes, timeline.now),
		utcOffsetMin: localOffset(timeline.now),
	});
	const lines = tty && chalk.level > 0 ? colourLines(picture, width) : timelineText(picture, width);
	const legend = TIMELINE_SYMBOLS.map(([glyph, meaning]) => `${glyph} ${meaning}`).join(' · ');
	process.stdout.write(`${[...lines, ...wrapText(legend, width, 3)].join('\n')}\n`);
}

export function registerTimelineCommand(program: Command): void {
	const timeline = program
		.command('timeline')
		.description("a session's agents on a time axis, once: a bar per agent from its start to its stop (or now), how many ran at once (watch: key t)")
		.argument('[session]', 'a session id, a unique prefix of one, or a team name (default: the newest session)');
	addReadOptions(timeline)
		.option('--width <columns>', 'the width of the picture (default: the terminal, else 100)', parseWidth)
		.option('--json', 'print the lanes as JSON: each agent with its status, start, stop, idle stretches and marks')
		.action((session: string | undefined, options: TimelineOptions) => runTimeline(session, options));
}
