// A session at a moment, read for `ls --at`, `watch --at` and `replay`: its event log read once,
// rebuilt at the moment (core/history/moment-from-log.ts), its transcripts read as they were then, and the
// monitor model of that — the same model `ls` and `watch` show the live files with.
import path from 'node:path';
import {momentOf, type Moment} from '../../core/history/moment-from-log.js';
import type {EventLine} from '../../core/record/event-line.js';
import {parseTimeBound} from '../../core/history/query.js';
import {buildMonitorModel, type MonitorModel, type MonitorOptions} from '../../core/monitor/model.js';
import {displayRecord, type AgentRecord} from '../../core/record/agent-record.js';
import {readSessionDir, sessionLabel} from '../../store/activity/read-agents.js';
import {readSessionLines} from '../../store/history/event-log.js';
import {readAgentActivities} from '../../store/transcripts/read-once.js';
import {env} from '../env.js';
import {activityRoots} from './load.js';
import {CliError} from '../../core/user-error.js';

/**
 * `--at <when>`: an ISO time, or a duration ago (`30m`, `2h`). Exit 2 when it is neither, or when
 * it is after now: nothing is recorded there, and the stale rule with the clock in the future
 * would show every agent silent for years.
 */
export function parseAt(text: string, now: number): number {
	const parsed = parseTimeBound(text, now);
	if (!parsed.ok) {
		throw new CliError(`option '--at <when>' argument: ${parsed.error}`, 2);
	}
	if (parsed.value > now) {
		throw new CliError(
			`option '--at <when>' argument: ${JSON.stringify(text)} is after now (${new Date(now).toISOString()}); give a moment in the past, or use watch for the present`,
			2,
		);
	}
	return parsed.value;
}

export interface SessionLog {
	/**
	 * The session's log lines, in file order, each without its long texts (a few hundred bytes a
	 * line: the session's timeline is held, its reports are not); `text` reads one back.
	 */
	readonly lines: readonly EventLine[];
	/** A message as held in `lines` → the message, read back from the log. */
	readonly text: (held: string) => string;
	/** The agents' transcripts as their live files name them (for lines written before the log named them). */
	readonly transcriptPaths: ReadonlyMap<string, string>;
	/** Lines that could not be read. */
	readonly skipped: number;
}

/** The session's event log, read once; exit 1 when there is none (a session recorded before the log). */
export function readSessionLog(activity: string, sessionId: string, label: string): SessionLog {
	const dir = path.join(activity, sessionId);
	const events = readSessionLines(dir, {sessionId});
	if (events.problem !== undefined) {
		throw new CliError(`the event log of session ${label} cannot be read: ${events.problem}`);
	}
	if (events.lines.length === 0) {
		throw new CliError(
			`session ${label} has no event log, so it cannot be looked at in the past: the hook writes one since agentlog recorded history (run \`agentlog install-hook\` again after upgrading)`,
		);
	}
	const transcriptPaths = new Map<string, string>();
	for (const agent of readSessionDir(dir).agents) {
		if (agent.transcriptPath !== undefined) {
			transcriptPaths.set(agent.agentId, agent.transcriptPath);
		}
	}
	return {lines: events.lines, text: events.text, transcriptPaths, skipped: events.skipped.length};
}

/** The first and last times of the log (ms). */
export function logSpan(lines: readonly EventLine[]): {readonly first: number; readonly last: number} {
	let first = Number.POSITIVE_INFINITY;
	let last = Number.NEGATIVE_INFINITY;
	for (const line of lines) {
		const ms = Date.parse(line.at);
		if (!Number.isNaN(ms)) {
			first = Math.min(first, ms);
			last = Math.max(last, ms);
		}
	}
	return {first, last};
}

export interface MomentModel {
	readonly moment: Moment;
	/** The records as shown (display-safe), each → the record as rebuilt (exact, for `--json`). */
	readonly agents: readonly AgentRecord[];
	readonly raw: ReadonlyMap<AgentRecord, AgentRecord>;
	readonly model: MonitorModel;
}

/** The session at `at` (ms): the records, their transcripts up to then, and the monitor model with the clock at `at`. */
export function momentModel(activity: string, log: SessionLog, at: number, options: MonitorOptions): MomentModel {
	const moment = momentOf(log.lines, at);
	const raw = new Map<AgentRecord, AgentRecord>();
	const agents = moment.records.map(held => {
		const record = held.lastMessage === undefined ? held : {...held, lastMessage: log.text(held.lastMessage)};
		const exact =
			record.transcriptPath === undefined && log.transcriptPaths.has(record.agentId)
				? {...record, transcriptPath: log.transcriptPaths.get(record.agentId)}
				: record;
		const shown = displayRecord(exact);
		raw.set(shown, exact);
		return shown;
	});
	const targets = agents.flatMap(agent => (agent.transcriptPath ? [{agentId: agent.agentId, transcriptPath: agent.transcriptPath, cwd: agent.cwd}] : []));
	const transcripts = targets.length === 0 ? new Map() : readAgentActivities(targets, {claudeDir: env().claude, roots: activityRoots(activity), until: at});
	return {moment, agents, raw, model: buildMonitorModel({agents, transcripts, now: at, options})};
}

/** A session at a moment, read for `ls --at` and the snapshot of `replay` and `watch --at`. */
export interface SessionMoment {
	/** The session as shown (sessionLabel). */
	readonly label: string;
	/** The moment (ms). */
	readonly at: number;
	/** The log's first and last times (ms). */
	readonly span: {readonly first: number; readonly last: number};
	/** How many lines the log has, and how many could not be read. */
	readonly lines: number;
	readonly skipped: number;
	/** How many of them are at or before the moment. */
	readonly seen: number;
	readonly then: MomentModel;
}

/** The session's event log read (exit 1 when there is none), and the session at `at` (default: the log's last event). */
export function sessionMoment(activity: string, sessionId: string, at: number | undefined, options: MonitorOptions): SessionMoment {
	const label = sessionLabel(sessionId);
	const log = readSessionLog(activity, sessionId, label);
	const span = logSpan(log.lines);
	const moment = at ?? span.last;
	const then = momentModel(activity, log, moment, options);
	return {label, at: moment, span, lines: log.lines.length, skipped: log.skipped, seen: then.moment.linesSeen, then};
}
