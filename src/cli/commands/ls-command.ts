// `agentlog ls [session]`: the agents of one session, with the monitor's rules, once.
import {ruleOptions} from '../shared/read-options.js';
import {noSessionsText} from '../shared/no-sessions.js';
import type {Command} from 'commander';
import {safeLine} from '../../core/text/safe-text.js';
import {lsHeading, lsOutput, remoteLsJson} from '../../present/ls-text.js';
import {sessionLabel} from '../../store/activity/read-agents.js';
import type {MonitorModel} from '../../core/monitor/model.js';
import type {AgentRecord} from '../../core/record/agent-record.js';
import {parseAt, sessionMoment} from '../../app/session/moment.js';
import {momentWarnings} from '../../present/moment-text.js';
import {activityFor, clockNow, addReadOptions, type ReadOptions} from '../shared/read-options.js';
import {activityRoots, readSessionModel, transcriptReader, type ReadTranscripts} from '../../app/session/load.js';
import {pickSession} from '../../app/session/pick.js';
import {COMMAND_NAMES} from '../shared/command-names.js';
import {filterOption, type FilterExpression} from '../shared/filter-option.js';
import {CliError} from '../../core/user-error.js';
import {addHostOption, argvFor, type HostOptions} from '../shared/host-options.js';
import {notReadText} from '../../present/remote-notes.js';
import {MAX_AGENTS} from '../../core/remote/decode.js';
import {hostLabel} from '../../core/remote/host-command.js';
import {remoteAgents, remoteModel} from '../../app/remote/one-shot.js';

interface LsOptions extends ReadOptions, HostOptions {
	readonly json?: boolean;
	readonly all?: boolean;
	readonly at?: string;
	readonly filter?: FilterExpression;
}

/** `ls --host`: the agents as that machine's `ls --json` gives them, checked, with this machine's rules. */
async function runRemoteLs(target: string, sessionArg: string | undefined, options: LsOptions): Promise<void> {
	const label = hostLabel(target);
	const words = ['ls', ...(sessionArg === undefined ? [] : [sessionArg]), ...(options.all ? ['--all'] : []), '--json'];
	const {items: agents, skipped, overLimit} = await remoteAgents(label, argvFor(target, words, options));
	process.stderr.write(notReadText(label, 'agent', skipped, overLimit, MAX_AGENTS));
	const now = clockNow();
	const {model, raw} = remoteModel(agents, {...ruleOptions(options), showGhosts: Boolean(options.all), showAll: true}, now);
	if (options.json) {
		// Checked and made safe: the fields a remote screen uses (docs/remote.md), not all of ls --json's.
		// Each names its host, as with every --host: a script sees the same fields for one host or another.
		process.stdout.write(remoteLsJson(label, agents, model, options.filter?.filter));
		return;
	}
	const session = agents.find(agent => agent.sessionId !== undefined)?.sessionId;
	printLs(model, raw, now, options, lsHeading(model.items, {session: session === undefined ? undefined : sessionLabel(session), host: label, now}));
}

export async function runLs(sessionArg: string | undefined, options: LsOptions, given?: ReadTranscripts): Promise<void> {
	if (typeof options.host === 'string') {
		if (options.at !== undefined) {
			throw new CliError('--at and --host cannot go together yet: run `agentlog ls --at` on that machine', 2);
		}
		await runRemoteLs(options.host, sessionArg, options);
		return;
	}
	const activity = activityFor(options);
	const readTranscripts = given ?? transcriptReader(activityRoots(activity));
	const sessionId = pickSession(sessionArg, activity, options, COMMAND_NAMES, options.at === undefined ? 'any' : 'logged');
	if (sessionId === undefined) {
		if (options.json) {
			process.stdout.write('[]\n');
		} else {
			process.stderr.write(noSessionsText(activity));
		}
		return;
	}
	// No display cap; ghosts only with --all. The same model as watch, transcripts included.
	const monitorOptions = {...ruleOptions(options), showGhosts: Boolean(options.all), showAll: true};
	if (options.at !== undefined) {
		// The session as it was then: from its event log, transcripts read up to then.
		const then = sessionMoment(activity, sessionId, parseAt(options.at, clockNow()), monitorOptions);
		process.stderr.write(momentWarnings(then, clockNow(), options.json === true));
		const {model, raw} = then.then;
		printLs(model, raw, then.at, options, lsHeading(model.items, {session: then.label, at: {ms: then.at, wall: clockNow()}, now: then.at}));
		return;
	}
	const {read, model: view, now, mainWaiting} = await readSessionModel(activity, sessionId, monitorOptions, readTranscripts, options);
	for (const bad of read.invalid) {
		// The path holds a folder name and a file name from readdir.
		process.stderr.write(`agentlog: skipped ${safeLine(bad.file)}: ${safeLine(bad.error)}\n`);
	}
	printLs(view, read.raw, now, options, lsHeading(view.items, {session: sessionLabel(sessionId), now, ...(mainWaiting === undefined ? {} : {mainWaiting})}));
}

/** The table (or `--json`) of a model: the same for the live files, a moment of the past and another machine. */
function printLs(model: MonitorModel, raw: ReadonlyMap<AgentRecord, AgentRecord>, now: number, options: LsOptions, heading: string): void {
	const width = process.stdout.isTTY ? process.stdout.columns : undefined;
	process.stdout.write(lsOutput(model, raw, now, heading, {...options, ...(width === undefined ? {} : {width})}));
}

export function registerLsCommand(program: Command): void {
	const ls = program
		.command('ls')
		.description("list a session's agents once (default: the newest session), with the same rules as watch but no display cap")
		.argument('[session]', 'a session id, a unique prefix of one, or a team name');
	addHostOption(addReadOptions(ls))
		.option(
			'--json',
			"print a JSON array: each agent's record as on disk, plus the monitor's fields (status, description, summary, report, tokens, tool calls…; see the README)",
		)
		.option('--all', 'include team-shutdown ghosts')
		.option('--at <when>', 'the session as it was then, rebuilt from its event log: an ISO time, or a duration ago (30m, 2h)')
		.addOption(filterOption('the agents'))
		.action((session: string | undefined, options: LsOptions) => runLs(session, options));
}
