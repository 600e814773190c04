// `agentlog report [session]`: a session's agents as Markdown for a pull request (a Mermaid gantt,
// failures first, a table per agent, totals), or `--json`.
import {ruleOptions} from '../shared/read-options.js';
import type {Command} from 'commander';
import {formatLocalTime} from '../../core/text/format.js';
import {safeJsonStringify, safeLine} from '../../core/text/safe-text.js';
import {sessionReport} from '../../present/report.js';
import {reportMarkdown} from '../../present/report-markdown.js';
import {sessionLabel} from '../../store/activity/read-agents.js';
import {activityRoots, transcriptReader} from '../../app/session/load.js';
import {pickSession} from '../../app/session/pick.js';
import {readSessionTimeline} from '../../app/timeline/session-timeline.js';
import {activityFor, addReadOptions, type ReadOptions} from '../shared/read-options.js';
import {COMMAND_NAMES} from '../shared/command-names.js';
import {noSessionsText} from '../shared/no-sessions.js';
import {CliError} from '../../core/user-error.js';

interface ReportOptions extends ReadOptions {
	readonly json?: boolean;
}

export async function runReport(sessionArg: string | undefined, options: ReportOptions): Promise<void> {
	const activity = activityFor(options);
	const sessionId = pickSession(sessionArg, activity, options, COMMAND_NAMES);
	if (sessionId === undefined) {
		process.stderr.write(noSessionsText(activity));
		throw new CliError('no session to report on', 1);
	}
	const monitorOptions = {...ruleOptions(options), showGhosts: false, showAll: true};
	const timeline = await readSessionTimeline(activity, sessionId, monitorOptions, transcriptReader(activityRoots(activity)), options);
	if (timeline.problem !== undefined) {
		process.stderr.write(`agentlog: the event log of session ${sessionLabel(sessionId)} was not read: ${safeLine(timeline.problem)}\n`);
	}
	const report = sessionReport(sessionId, timeline.items, timeline.lanes, timeline.now);
	if (options.json) {
		process.stdout.write(`${safeJsonStringify(report, 2)}\n`);
		return;
	}
	process.stdout.write(reportMarkdown(report, iso => formatLocalTime(iso, timeline.now)));
}

export function registerReportCommand(program: Command): void {
	const report = program
		.command('report')
		.description("a session's agents as Markdown to paste into a pull request: a Mermaid gantt of when each ran, failures first, a table per agent, totals")
		.argument('[session]', 'a session id, a unique prefix of one, or a team name (default: the newest session)');
	addReadOptions(report)
		.option('--json', 'print the report as JSON: each agent (status, times, tokens, tool calls, files changed, summary) and the totals')
		.action((session: string | undefined, options: ReportOptions) => runReport(session, options));
}
