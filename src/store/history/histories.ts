// Agent histories from the event logs of every session (issue 12, history / stats / chain): each
// session's log read and folded on its own (`readAllEvents` yields one session at a time), the
// filters applied, and only what the caller asked for kept — an agent's `events` and the lines
// are dropped unless asked, so 10,000 agents / 100,000 events fit in a small heap. Lines that
// could not be read and logs that could not be opened are reported (the first few, and a count).
import path from 'node:path';
import type {EventLine} from '../../core/history/event-line.js';
import {EventFold, foldEvents, type AgentHistory, type EventSink} from '../../core/history/fold.js';
import {matchesFilter, resolveAgentPrefix, selectsAgents, sessionLineInRange, sortLines, type HistoryFilter} from '../../core/history/query.js';
import {newLineTally, tallyLine, type LineTally} from '../../core/history/stats.js';
import {listSessionDirs} from '../activity/read-agents.js';
import {EVENT_LOG_NAME, eventLogItems, readAllEvents, type EventLogOptions} from './event-log.js';

/** How many problems are kept with their details; the rest are only counted. */
export const MAX_NOTES = 5;

/** A line skipped or a log not read: where (the session folder's safe label) and why. */
export interface LogNote {
	/** `<activity>/<session label>/events.jsonl`. Not yet display-safe: print through safeLine. */
	readonly file: string;
	readonly lineNumber?: number;
	readonly reason: string;
}

export interface LogNotes {
	/** The first `MAX_NOTES`. */
	readonly notes: LogNote[];
	/** All of them. */
	count: number;
}

/** The lines kept: none, or whole (for `--events`). */
export type KeepLines = 'none' | 'full';

export interface ReadHistoriesOptions extends EventLogOptions {
	readonly now: number;
	readonly staleMs?: number;
	/** Only this session folder (an exact id). */
	readonly sessionId?: string;
	readonly filter?: HistoryFilter;
	/** Keep each agent's `events` (default: dropped, `[]`). */
	readonly keepEvents?: boolean;
	/** Keep the selected lines (the agents' lines, and session lines in range when the filter picks no agents), oldest first. Default none. */
	readonly lines?: KeepLines;
	/** The selected lines are counted into this, never held (stats). */
	readonly tally?: LineTally;
}

export interface HistoriesRead {
	/** The agents that pass the filter, in no set order (see `sortHistories`). */
	readonly agents: AgentHistory[];
	/** The selected lines, oldest first (empty unless `lines` was asked). */
	readonly lines: EventLine[];
	readonly notes: LogNotes;
	/** `--agent <prefix>` named several agents: the message (nothing else is returned). */
	readonly agentError?: string;
}

function note(notes: LogNotes, item: LogNote): void {
	notes.count += 1;
	if (notes.notes.length < MAX_NOTES) {
		notes.notes.push(item);
	}
}

/** One session's read, its problems noted. */
function* sessions(activity: string, options: EventLogOptions & {readonly sessionId?: string}, notes: LogNotes) {
	const {sessionId, chunkBytes, maxLineBytes} = options;
	const readOptions = {
		...(chunkBytes === undefined ? {} : {chunkBytes}),
		...(maxLineBytes === undefined ? {} : {maxLineBytes}),
		...(sessionId === undefined ? {} : {filter: (s: {readonly id: string}) => s.id === sessionId}),
	};
	for (const read of readAllEvents(activity, readOptions)) {
		const file = path.join(activity, read.session.label, EVENT_LOG_NAME);
		for (const skipped of read.skipped) {
			note(notes, {file, lineNumber: skipped.lineNumber, reason: skipped.error});
		}
		if (read.problem !== undefined) {
			note(notes, {file, reason: read.problem});
		}
		yield read;
	}
}

/** The lines of some agents of one session (a SessionEnd line shared by several agents once), and the session lines in range when asked. */
function selectedLines(agents: readonly AgentHistory[], sessionLines: readonly EventLine[], filter: HistoryFilter): EventLine[] {
	const kept = new Set<EventLine>();
	for (const h of agents) {
		for (const line of h.events) {
			kept.add(line);
		}
	}
	if (!selectsAgents(filter)) {
		for (const line of sessionLines) {
			if (line.agentId === undefined && sessionLineInRange(line, filter)) {
				kept.add(line);
			}
		}
	}
	return [...kept];
}

/** An agent's lines, counted (its own) or kept (the SessionEnd lines that interrupted it: few, and shared). */
class AgentTally implements EventSink {
	readonly own = newLineTally();
	readonly ends: EventLine[] = [];

	push(line: EventLine): void {
		if (line.agentId === undefined) {
			this.ends.push(line);
		} else {
			tallyLine(this.own, line);
		}
	}
}

/** Adds `from` to `into`. */
function mergeTally(into: LineTally, from: LineTally): void {
	into.events += from.events;
	for (const session of from.sessions) {
		into.sessions.add(session);
	}
	for (const [event, n] of from.byEvent) {
		into.byEvent.set(event, (into.byEvent.get(event) ?? 0) + n);
	}
	if (from.first !== undefined && (into.first === undefined || from.first.ms < into.first.ms)) {
		into.first = from.first;
	}
	if (from.last !== undefined && (into.last === undefined || from.last.ms > into.last.ms)) {
		into.last = from.last;
	}
}

/**
 * Every agent in the history under `activity` (or one session) that passes the filter, each
 * session folded separately with the monitor's rules (`EventFold`), its log read line by line
 * (`eventLogItems`): without `lines` or `keepEvents`, memory is bounded by the agents and the
 * reorder window, not by the log's size. `--agent` is matched as a prefix and then must name one
 * agent id (an exact id wins). Never throws.
 */
export function readHistories(activity: string, options: ReadHistoriesOptions): HistoriesRead {
	const filter = options.filter ?? {};
	const tally = options.tally;
	const keepLines = options.lines ?? 'none';
	const notes: LogNotes = {notes: [], count: 0};
	const agents: AgentHistory[] = [];
	const tallies = new Map<AgentHistory, AgentTally>();
	// Session lines in range, when the filter picks no agents: SessionEnds once (an agent may hold one too).
	const sessionEnds = new Set<EventLine>();
	let lines: EventLine[] = [];
	// With a prefix the agents keep their events until the prefix is resolved; the lines come from them then.
	const byPrefix = filter.agent !== undefined;
	const keepEvents = Boolean(options.keepEvents) || keepLines !== 'none';
	const sessionLinesWanted = !selectsAgents(filter) && (keepLines !== 'none' || tally !== undefined);
	for (const session of listSessionDirs(activity)) {
		if (options.sessionId !== undefined && session.id !== options.sessionId) {
			continue;
		}
		const file = path.join(activity, session.label, EVENT_LOG_NAME);
		const sessionLines: EventLine[] = [];
		const onLine = (line: EventLine): void => {
			if (line.agentId !== undefined || !sessionLineInRange(line, filter)) {
				return;
			}
			if (keepLines !== 'none') {
				sessionLines.push(line);
			} else if (line.event === 'SessionEnd') {
				sessionEnds.add(line);
			} else {
				tallyLine(tally!, line);
			}
		};
		const fold = new EventFold({
			now: options.now,
			...(options.staleMs === undefined ? {} : {staleMs: options.staleMs}),
			...(keepEvents ? {} : tally === undefined ? {keepEvents: false} : {sink: () => new AgentTally()}),
			...(sessionLinesWanted ? {onLine} : {}),
		});
		const items = eventLogItems(path.join(activity, session.id), {
			...(options.chunkBytes === undefined ? {} : {chunkBytes: options.chunkBytes}),
			...(options.maxLineBytes === undefined ? {} : {maxLineBytes: options.maxLineBytes}),
			sessionId: session.id,
		});
		let next = items.next();
		for (; !next.done; next = items.next()) {
			const item = next.value;
			if (item.line === undefined) {
				note(notes, {file, lineNumber: item.skipped.lineNumber, reason: item.skipped.error});
			} else {
				fold.add(item.line, item.bytes);
			}
		}
		if (next.value.problem !== undefined) {
			note(notes, {file, reason: next.value.problem});
		}
		const picked = fold.finish().filter(f => matchesFilter(f.history, filter));
		if (keepLines !== 'none' && !byPrefix) {
			lines.push(
				...selectedLines(
					picked.map(f => f.history),
					sessionLines,
					filter,
				),
			);
		}
		for (const {history, sink} of picked) {
			const h = keepEvents && (options.keepEvents || byPrefix) ? history : {...history, events: []};
			agents.push(h);
			if (sink instanceof AgentTally) {
				tallies.set(h, sink);
			}
		}
	}
	let result = agents;
	if (filter.agent !== undefined) {
		const resolved = resolveAgentPrefix(
			filter.agent,
			agents.map(h => h.agentId),
		);
		if (!resolved.ok) {
			return {agents: [], lines: [], notes, agentError: resolved.error};
		}
		result = agents.filter(h => h.agentId === resolved.agentId);
		if (keepLines !== 'none') {
			lines.push(...selectedLines(result, [], filter));
		}
		if (!options.keepEvents) {
			result = result.map(h => {
				const stripped = {...h, events: []};
				const sink = tallies.get(h);
				if (sink !== undefined) {
					tallies.set(stripped, sink);
				}
				return stripped;
			});
		}
	}
	if (tally !== undefined) {
		for (const h of result) {
			const sink = tallies.get(h);
			if (sink !== undefined) {
				mergeTally(tally, sink.own);
				for (const end of sink.ends) {
					sessionEnds.add(end);
				}
			}
		}
		for (const end of sessionEnds) {
			tallyLine(tally, end);
		}
	}
	if (keepLines !== 'none') {
		lines = sortLines(lines);
	}
	return {agents: result, lines, notes};
}

export interface ChainRead {
	/** The agent's whole session, folded, with events; undefined when no agent matches. */
	readonly sessionAgents?: AgentHistory[];
	readonly agentId?: string;
	readonly notes: LogNotes;
	/** The prefix named several agents. */
	readonly agentError?: string;
	/** The same agent id is in more than one session: the newest session folder is taken. */
	readonly otherSessions: number;
}

/**
 * The session of the agent `agentArg` names (an id or a unique prefix), folded whole with
 * events, for `chain`. Only sessions holding a match are kept.
 */
export function readAgentSession(activity: string, agentArg: string, options: {readonly now: number; readonly staleMs?: number} & EventLogOptions): ChainRead {
	const notes: LogNotes = {notes: [], count: 0};
	const matched: {sessionAgents: AgentHistory[]; ids: string[]}[] = [];
	for (const read of sessions(activity, options, notes)) {
		if (!read.lines.some(line => line.agentId?.startsWith(agentArg))) {
			continue;
		}
		const folded = foldEvents(read.lines, {now: options.now, ...(options.staleMs === undefined ? {} : {staleMs: options.staleMs})});
		const ids = folded.filter(h => h.agentId.startsWith(agentArg)).map(h => h.agentId);
		if (ids.length > 0) {
			matched.push({sessionAgents: folded, ids});
		}
	}
	const resolved = resolveAgentPrefix(
		agentArg,
		matched.flatMap(m => m.ids),
	);
	if (!resolved.ok) {
		return {notes, agentError: resolved.error, otherSessions: 0};
	}
	if (resolved.agentId === undefined) {
		return {notes, otherSessions: 0};
	}
	const agentId = resolved.agentId;
	// Newest session folder first (readAllEvents' order).
	const holding = matched.filter(m => m.ids.includes(agentId));
	return {sessionAgents: holding[0]!.sessionAgents, agentId, notes, otherSessions: holding.length - 1};
}
