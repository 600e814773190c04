// `agentlog sessions`: every session under the activity folder, newest first.
import {noSessionsText} from '../shared/no-sessions.js';
import type {Command} from 'commander';
import {remoteSessionsJson, sessionsJson, sessionsTable, skippedRolloutsText, unreadableFilesText} from '../../present/sessions-text.js';
import {activityFor, addReadOptions, clockNow, type ReadOptions} from '../shared/read-options.js';
import {listSessions, sessionCost} from '../../app/session/listing.js';
import {activityRoots, transcriptReader} from '../../app/session/load.js';
import type {AgentCost} from '../../core/cost/cost.js';
import {CliError} from '../../core/user-error.js';
import {addHostOption, argvFor, type HostOptions} from '../shared/host-options.js';
import {notReadText} from '../../present/remote-notes.js';
import {MAX_SESSIONS} from '../../core/remote/answers.js';
import {hostLabel} from '../../core/remote/host-command.js';
import {remoteSessions} from '../../app/remote/one-shot.js';

interface SessionsOptions extends ReadOptions, HostOptions {
	readonly json?: boolean;
	/** Each session's cost, as the sum of `ls --json`'s: reads every transcript of every session. */
	readonly cost?: boolean;
}

/** `sessions --host`: that machine's `sessions --json`, checked, printed as here. */
async function runRemoteSessions(target: string, options: SessionsOptions): Promise<void> {
	const label = hostLabel(target);
	const {items, skipped, overLimit} = await remoteSessions(label, argvFor(target, ['sessions', '--json'], options));
	process.stderr.write(notReadText(label, 'session', skipped, overLimit, MAX_SESSIONS));
	if (options.json) {
		process.stdout.write(remoteSessionsJson(label, items));
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
	process.stderr.write(skippedRolloutsText(skipped));
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
		process.stdout.write(sessionsJson(sessions, costs));
		return;
	}
	if (sessions.length === 0) {
		process.stderr.write(noSessionsText(activity));
		return;
	}
	process.stdout.write(sessionsTable(sessions, now, costs));
	process.stderr.write(unreadableFilesText(sessions));
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
