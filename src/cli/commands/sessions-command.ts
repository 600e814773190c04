// `agentlog sessions`: every session under the activity folder, newest first.
import {noSessionsText} from '../shared/no-sessions.js';
import type {Command} from 'commander';
import {formatLocalTime} from '../../core/text/format.js';
import {GLYPH, PROVIDER_MARK} from '../../present/present.js';
import {safeJsonStringify} from '../../core/text/safe-text.js';
import {sessionsJsonEntry} from '../../present/json-shapes.js';
import {formatTable} from '../../present/table.js';
import {activityFor, addReadOptions, clockNow, type ReadOptions} from '../shared/read-options.js';
import {listSessions, sessionCost} from '../../app/session/listing.js';
import {activityRoots, transcriptReader} from '../../app/session/load.js';
import {costCell} from '../../present/cost-text.js';
import type {AgentCost} from '../../core/cost/cost.js';
import {CliError} from '../../core/user-error.js';
import {addHostOption, argvFor, type HostOptions} from '../shared/host-options.js';
import {hostLabel} from '../../core/remote/host-command.js';
import {remoteSessions} from '../../app/remote/one-shot.js';
import type {StatusCounts} from '../../core/monitor/view.js';

interface SessionsOptions extends ReadOptions, HostOptions {
	readonly json?: boolean;
	/** Each session's cost, as the sum of `ls --json`'s: reads every transcript of every session. */
	readonly cost?: boolean;
}

/** The table of sessions, local or from another machine. */
function sessionsTable(
	sessions: readonly {readonly provider: string; readonly label: string; readonly counts: StatusCounts; readonly lastActivity: number}[],
	now: number,
	costs?: readonly (AgentCost | undefined)[],
): string {
	const rows = sessions.map((s, i) => [
		s.provider === 'codex' || s.provider === 'gemini' ? `${PROVIDER_MARK[s.provider]} ${s.label}` : s.label,
		`${GLYPH.active} ${s.counts.active}`,
		`${GLYPH.idle} ${s.counts.idle}`,
		`${GLYPH.stopped} ${s.counts.stopped}`,
		...(costs === undefined ? [] : [costCell(costs[i])]),
		formatLocalTime(new Date(s.lastActivity).toISOString(), now),
	]);
	return formatTable(['SESSION', 'ACTIVE', 'IDLE', 'STOPPED', ...(costs === undefined ? [] : ['COST']), 'LAST ACTIVITY'], rows);
}

/** `sessions --host`: that machine's `sessions --json`, checked, printed as here. */
async function runRemoteSessions(target: string, options: SessionsOptions): Promise<void> {
	const label = hostLabel(target);
	const {items, skipped} = await remoteSessions(label, argvFor(target, ['sessions', '--json'], options));
	if (skipped > 0) {
		process.stderr.write(`agentlog: ${skipped} session(s) from ${label} skipped (not valid)\n`);
	}
	if (options.json) {
		process.stdout.write(
			`${safeJsonStringify(
				items.map(s => ({...s, lastActivity: new Date(s.lastActivity).toISOString()})),
				2,
			)}\n`,
		);
		return;
	}
	if (items.length === 0) {
		process.stderr.write(`agentlog: no sessions on ${label}\n`);
		return;
	}
	process.stdout.write(
		sessionsTable(
			items.map(s => ({...s, label: s.id.slice(0, 8)})),
			clockNow(),
		),
	);
}

export async function runSessions(options: SessionsOptions): Promise<void> {
	if (typeof options.host === 'string') {
		if (options.cost) {
			throw new CliError('--cost and --host cannot go together yet: run `agentlog sessions --cost` on that machine', 2);
		}
		await runRemoteSessions(options.host, options);
		return;
	}
	const activity = activityFor(options);
	const now = clockNow();
	// Claude Code's folders and Codex sessions with a subagent, one list, newest first.
	const {sessions, skipped} = listSessions(activity, options, now);
	if (skipped > 0) {
		// FIFOs, folders or links named like rollouts, unreadable files, files without a thread id.
		process.stderr.write(
			`agentlog: ${skipped} Codex rollout file${skipped === 1 ? '' : 's'} skipped (not a regular file, unreadable, or no thread on its first line)\n`,
		);
	}
	// --cost: each session read as ls reads it, one after another (transcripts whole).
	let costs: (AgentCost | undefined)[] | undefined;
	if (options.cost) {
		const readTranscripts = transcriptReader(activityRoots(activity));
		costs = [];
		for (const s of sessions) {
			costs.push(await sessionCost(activity, s.id, options, readTranscripts));
		}
	}
	if (options.json) {
		const out = sessions.map((s, i) => sessionsJsonEntry(s, costs === undefined ? undefined : (costs[i] ?? null)));
		// `id` is the folder's name exactly; C1 and bidi characters are written as \u escapes.
		process.stdout.write(`${safeJsonStringify(out, 2)}\n`);
		return;
	}
	if (sessions.length === 0) {
		process.stderr.write(noSessionsText(activity));
		return;
	}
	process.stdout.write(sessionsTable(sessions, now, costs));
	for (const s of sessions.filter(session => session.warnings > 0)) {
		const files = s.warnings === 1 ? '1 unreadable file' : `${s.warnings} unreadable files`;
		process.stderr.write(`agentlog: session ${s.label}: ${files} skipped (agentlog ls ${s.label} names them)\n`);
	}
}

export function registerSessionsCommand(program: Command): void {
	const sessions = program.command('sessions').description('list the sessions under the activity folder, newest first, with agent counts');
	addHostOption(addReadOptions(sessions))
		.option('--json', 'print a JSON array: id, counts by status (active, idle, stopped, stale), lastActivity')
		.option(
			'--cost',
			"add each session's cost at list prices (a COST column; cost {usd, pricesAsOf, estimated} in --json), the sum of its agents' as ls gives them; slower: reads every transcript",
		)
		.action((options: SessionsOptions) => runSessions(options));
}
