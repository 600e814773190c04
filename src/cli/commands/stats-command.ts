// `agentlog stats [session]`: counts over the agents of the event logs (by status, event, type, and
// --by session / day / model / provider / workflow), durations per group, the interruption rate.
import {Option, type Command} from 'commander';
import {historyStats, newLineTally, statsAgentOf, STATS_DIMENSIONS, type StatsDimension} from '../../core/history/stats.js';
import {formatStatsText} from '../../present/stats-text.js';
import {safeJsonStringify} from '../../core/text/safe-text.js';
import {readSelected} from '../../app/history/select.js';
import {remoteStats} from '../../app/remote/one-shot.js';
import {clockNow} from '../../app/env.js';
import {hostLabel} from '../../core/remote/host-command.js';
import {addHostOption, argvFor, type HostOptions} from '../shared/host-options.js';
import {
	addFilterOptions,
	addHistoryReadOptions,
	emptyHistoryText,
	selectionFrom,
	selectionWords,
	toStderr,
	type FilterOptions,
	type HistoryReadOptions,
} from '../shared/history-options.js';

interface StatsOptions extends HistoryReadOptions, FilterOptions, HostOptions {
	readonly by: StatsDimension;
}

/** The process's zone, in minutes east of UTC at a moment (for --by day). */
const localOffsetMinutes = (ms: number): number => -new Date(ms).getTimezoneOffset();

export async function runStats(sessionArg: string | undefined, options: StatsOptions): Promise<void> {
	if (typeof options.host === 'string') {
		await runRemoteStats(options.host, sessionArg, options);
		return;
	}
	const selection = selectionFrom(sessionArg, options);
	const {activity, now, filter, sessionId} = selection;
	// The lines are counted as they are read, never held.
	const tally = newLineTally();
	const read = readSelected(selection, toStderr, {tally, keep: statsAgentOf});
	const stats = historyStats(read.agents, tally, {by: options.by, offsetMinutes: localOffsetMinutes});
	if (options.json) {
		process.stdout.write(`${safeJsonStringify(stats, 2)}\n`);
		return;
	}
	if (stats.agents === 0 && stats.events === 0) {
		const anyFilter = Object.keys(filter).length > 0 || sessionId !== undefined;
		process.stdout.write(anyFilter ? 'no agents match\n' : emptyHistoryText(activity));
		return;
	}
	process.stdout.write(formatStatsText(stats, options.by, now, process.stdout.isTTY ? process.stdout.columns : undefined));
}

/** `stats --host`: that machine's `stats --json` for the same selection, checked, printed as here (`--by day`: its days, in its time zone). */
async function runRemoteStats(target: string, sessionArg: string | undefined, options: StatsOptions): Promise<void> {
	const label = hostLabel(target);
	const stats = await remoteStats(label, argvFor(target, ['stats', ...selectionWords(sessionArg, options), '--by', options.by, '--json'], options));
	if (options.json) {
		process.stdout.write(`${safeJsonStringify(stats, 2)}\n`);
		return;
	}
	if (stats.agents === 0 && stats.events === 0) {
		process.stdout.write(`no agents in the event log on ${label}\n`);
		return;
	}
	process.stdout.write(formatStatsText(stats, options.by, clockNow(), process.stdout.isTTY ? process.stdout.columns : undefined));
}

export function registerStatsCommand(program: Command): void {
	const stats = program
		.command('stats')
		.description('counts over the event log: agents by status and type, events, durations (p50/p95/max), tokens, tool calls, interruptions')
		.argument('[session]', 'only this session: an id, a unique prefix of one, or a team name');
	addHostOption(addFilterOptions(addHistoryReadOptions(stats, 'print one JSON object (see the README)')))
		.addOption(
			new Option(
				'--by <dimension>',
				'group by type, session, day (local date of the start), model, provider (claude, codex, gemini, qwen, opencode) or workflow (run)',
			)
				.choices(STATS_DIMENSIONS)
				.default('type'),
		)
		.action((session: string | undefined, options: StatsOptions) => runStats(session, options));
}
