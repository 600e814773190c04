// `agentlog ls [session]`: the agents of one session, with the monitor's rules, once.
import {noSessionsText} from '../shared/no-sessions.js';
import type {Command} from 'commander';
import {formatLocalTime} from '../../core/text/format.js';
import {safeJsonStringify, safeLine} from '../../core/text/safe-text.js';
import {treePrefixes} from '../../present/tree.js';
import {agentName, durationText, sessionMark, GLYPH, mainWaitingText, messagePreview, shownStatus, statusLabel} from '../../present/present.js';
import {lsJsonAgent} from '../../present/json-shapes.js';
import {formatTable} from '../../present/table.js';
import {costCell} from '../../present/cost-text.js';
import {monitorFigures} from '../../core/monitor/figures.js';
import {sessionLabel} from '../../store/activity/read-agents.js';
import {newestAnySession} from '../../app/session/codex-scan.js';
import type {MonitorModel} from '../../core/monitor/model.js';
import type {AgentRecord} from '../../core/record/agent-record.js';
import {logSpan, momentModel, parseAt, readSessionLog} from '../../app/session/moment.js';
import {activityFor, clockNow, addReadOptions, type ReadOptions} from '../shared/read-options.js';
import {activityRoots, readSessionModel, transcriptReader, type ReadTranscripts} from '../../app/session/load.js';
import {resolveSessionArg} from '../../app/session/resolve.js';
import {COMMAND_NAMES} from '../shared/command-names.js';
import {filterOption, type FilterExpression} from '../shared/filter-option.js';
import {filterCountText, filterView} from '../../present/filter-fields.js';
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
	const {model, raw} = remoteModel(agents, {staleMs: options.stale, dedup: options.dedup, showGhosts: Boolean(options.all), showAll: true}, now);
	if (options.json) {
		// Checked and made safe: the fields a remote screen uses (docs/remote.md), not all of ls --json's.
		// Each names its host, as with every --host: a script sees the same fields for one host or another.
		const kept = options.filter === undefined ? undefined : new Set(filterView(model, options.filter.filter).view.items.map(item => item.agent.agentId));
		const shown = kept === undefined ? agents : agents.filter(agent => kept.has(agent.agentId));
		process.stdout.write(
			`${safeJsonStringify(
				shown.map(agent => ({host: label, ...agent})),
				2,
			)}\n`,
		);
		return;
	}
	const session = agents.find(agent => agent.sessionId !== undefined)?.sessionId;
	printLs(
		model,
		raw,
		now,
		options,
		`${sessionMark(model.items)}${session === undefined ? 'the newest session' : `session ${sessionLabel(session)}`} on ${label}`,
	);
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
	const sessionId = sessionArg === undefined ? newestAnySession(activity, options) : resolveSessionArg(sessionArg, activity, options, COMMAND_NAMES);
	if (sessionId === undefined) {
		if (options.json) {
			process.stdout.write('[]\n');
		} else {
			process.stderr.write(noSessionsText(activity));
		}
		return;
	}
	// No display cap; ghosts only with --all. The same model as watch, transcripts included.
	const monitorOptions = {staleMs: options.stale, dedup: options.dedup, showGhosts: Boolean(options.all), showAll: true};
	if (options.at !== undefined) {
		// The session as it was then: from its event log, transcripts read up to then.
		const at = parseAt(options.at, clockNow());
		const label = sessionLabel(sessionId);
		const log = readSessionLog(activity, sessionId, label);
		if (log.skipped > 0) {
			process.stderr.write(`agentlog: skipped ${log.skipped} unreadable line(s) of the event log of session ${label}\n`);
		}
		const then = momentModel(activity, log, at, monitorOptions);
		if (then.moment.linesSeen === 0 && !options.json) {
			process.stderr.write(
				`agentlog: session ${label}'s event log starts later, at ${formatLocalTime(new Date(logSpan(log.lines).first).toISOString(), clockNow())}\n`,
			);
		}
		printLs(
			then.model,
			then.raw,
			at,
			options,
			`${sessionMark(then.model.items)}session ${label} at ${formatLocalTime(new Date(at).toISOString(), clockNow())}`,
		);
		return;
	}
	const {read, model: view, now, mainWaiting} = await readSessionModel(activity, sessionId, monitorOptions, readTranscripts, options);
	for (const bad of read.invalid) {
		// The path holds a folder name and a file name from readdir.
		process.stderr.write(`agentlog: skipped ${safeLine(bad.file)}: ${safeLine(bad.error)}\n`);
	}
	printLs(
		view,
		read.raw,
		now,
		options,
		`${sessionMark(view.items)}session ${sessionLabel(sessionId)}${mainWaiting === undefined ? '' : `\n${mainWaitingText(mainWaiting, now)}`}`,
	);
}

/** The table (or `--json`) of a model: the same for the live files and for a moment of the past. */
function printLs(whole: MonitorModel, raw: ReadonlyMap<AgentRecord, AgentRecord>, now: number, options: LsOptions, heading: string): void {
	const filtered = options.filter === undefined ? undefined : filterView(whole, options.filter.filter);
	const view = filtered?.view ?? whole;
	const title = filtered === undefined ? heading : `${heading}\n${filterCountText(filtered)} agents match ${safeLine(options.filter!.text)}`;
	if (options.json) {
		// The records as they are on disk (not the display copies), exact, then the model's fields;
		// safeJsonStringify writes C1 and bidi characters as \u escapes so the output is still safe on a terminal.
		const records = view.items.map(item => lsJsonAgent(raw.get(item.agent) ?? item.agent, item));
		process.stdout.write(`${safeJsonStringify(records, 2)}\n`);
		return;
	}
	const tree = treePrefixes(view.items.map(item => item.depth));
	const costs = view.items.map(item => costCell(monitorFigures(item).figures.cost));
	// A cost column only when a transcript was read and priced.
	const withCost = costs.some(cost => cost !== '');
	const rows = view.items.map((item, i) => [
		`${GLYPH[shownStatus(item)]} ${statusLabel(item, now)}`,
		`${tree[i] ?? ''}${agentName(item)}`,
		durationText(item),
		...(withCost ? [costs[i]!] : []),
		formatLocalTime(item.agent.startedAt, now),
		item.agent.agentId,
		item.waiting ? item.waiting.waitingFor : item.summary === undefined ? '' : messagePreview(item),
	]);
	process.stdout.write(`${title}\n`);
	const hidden =
		view.ghostCount > 0 && !options.all
			? `\n${view.ghostCount === 1 ? '1 ghost hidden; --all shows it' : `${view.ghostCount} ghosts hidden; --all shows them`}\n`
			: '';
	process.stdout.write(
		rows.length === 0
			? `${filtered === undefined ? 'no agents' : 'no agents match'}\n${hidden}`
			: formatTable(
					['STATUS', 'TYPE', 'DURATION', ...(withCost ? ['COST'] : []), 'STARTED', 'ID', 'SUMMARY'],
					rows,
					process.stdout.isTTY ? process.stdout.columns : undefined,
				) + hidden,
	);
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
