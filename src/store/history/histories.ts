// Agent histories from the event logs of every session: each
// session's log read line by line and folded on its own, the filters applied, and only what the
// caller asked for kept — an agent's `events` and the lines are dropped unless asked, and each
// agent is held as `keep` makes it: memory grows with the agents, never with the lines. Lines that
// could not be read and logs that could not be opened are reported (the first few, and a count).
import path from 'node:path';
import type {EventLine} from '../../core/record/event-line.js';
import {EventFold, type AgentHistory, type EventSink} from '../../core/history/fold.js';
import {matchesFilter, resolveAgentPrefix, selectsAgents, sessionLineInRange, sortLines, type HistoryFilter} from '../../core/history/query.js';
import {mergeLineTally, newLineTally, tallyLine, type LineTally} from '../../core/history/stats.js';
import {listSessionDirs} from '../activity/read-agents.js';
import {EVENT_LOG_NAME, eventLogItems, type EventLogOptions} from './event-log.js';
import {slimLine} from './slim-line.js';
import {HistoryWorkflows} from '../workflow/history.js';
import {withTranscriptFacts} from '../../core/history/with-transcript.js';
import {defaultTranscriptFacts, type TranscriptFacts} from './transcript-facts.js';
import {note, type LogNotes} from './read-notes.js';
import {AgentTally, EventNames} from './agent-tally.js';
import {logIdentity, sameLog, SessionFoldCache, sessionFoldsDir, settled, type LogIdentity} from './fold-cache.js';

/** The lines kept: none, or whole (for `--events`). */
export type KeepLines = 'none' | 'full';

export interface ReadHistoriesOptions<T = AgentHistory> extends EventLogOptions {
	/** The variables the default transcript facts and fold cache are found from (the Env's: `<claude>`, the state folder). */
	readonly vars: NodeJS.ProcessEnv;
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
	/** Each session's first and last line time (ms) is set here, by session id (sessions with a line whose time parses). */
	readonly spans?: Map<string, SessionSpan>;
	/**
	 * What is kept of each agent that passes the filter (default: its history, `events` dropped
	 * unless `keepEvents`). Memory grows with the agents by what this keeps: a command keeps only
	 * what it prints (`history`: its JSON text; `stats`: a few numbers).
	 */
	readonly keep?: (h: AgentHistory) => T;
	/** Where the agents' workflow runs are read (default: under `<claude>/projects` of the environment). */
	readonly workflows?: HistoryWorkflows;
	/**
	 * Where each agent's transcript facts (tokens, tool calls, model, description) come from
	 * (default: its transcript, through the cache in the state folder); `false`: the log alone.
	 */
	readonly transcripts?: TranscriptFacts | false;
	/**
	 * Where each session's fold is kept between queries (default: the state folder's
	 * `session-folds`); `false`: every log folded. Used only when no line is kept and the lines are
	 * tallied whole or not at all.
	 */
	readonly foldCache?: SessionFoldCache | false;
}

/** The first and last time (ms) of a session's lines. */
export interface SessionSpan {
	first: number;
	last: number;
}

export interface HistoriesRead<T = AgentHistory> {
	/** The agents that pass the filter, in no set order (see `sortHistories`), as `keep` made them. */
	readonly agents: T[];
	/** The selected lines, oldest first (empty unless `lines` was asked). */
	readonly lines: EventLine[];
	readonly notes: LogNotes;
	/** `--agent <prefix>` named several agents: the message (nothing else is returned). */
	readonly agentError?: string;
}

function spanOf(spans: Map<string, SessionSpan>, sessionId: string, at: string): void {
	const ms = Date.parse(at);
	if (Number.isNaN(ms)) {
		return;
	}
	const span = spans.get(sessionId);
	if (span === undefined) {
		spans.set(sessionId, {first: ms, last: ms});
	} else {
		span.first = Math.min(span.first, ms);
		span.last = Math.max(span.last, ms);
	}
}

/** The lines of some agents of one session (a SessionEnd line shared by several agents once), and the session lines in range when asked. */
function selectedLines(agentLines: readonly (readonly EventLine[])[], sessionLines: readonly EventLine[], filter: HistoryFilter): EventLine[] {
	const kept = new Set<EventLine>();
	for (const events of agentLines) {
		for (const line of events) {
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

/**
 * Every agent in the history under `activity` (or one session) that passes the filter, each
 * session folded separately with the monitor's rules (`EventFold`), its log read line by line
 * (`eventLogItems`): without `lines` or `keepEvents`, memory is bounded by the agents (what
 * `keep` keeps of each) and the reorder window, not by the log's size — lines are folded without
 * their long texts (`slimLine`). `--agent` is matched as a prefix and then must name one agent id
 * (an exact id wins). Never throws.
 */
export function readHistories<T = AgentHistory>(activity: string, options: ReadHistoriesOptions<T>): HistoriesRead<T> {
	const filter = options.filter ?? {};
	const tally = options.tally;
	const keepLines = options.lines ?? 'none';
	const notes: LogNotes = {notes: [], count: 0};
	const keep = options.keep ?? ((h: AgentHistory) => (options.keepEvents ? h : {...h, events: []}) as T);
	// Per agent kept: what `keep` made; with a prefix, until it is resolved, its id, its tally and (for lines) its events.
	const agents: T[] = [];
	const ids: string[] = [];
	const agentTallies: (AgentTally | undefined)[] = [];
	const agentEvents: (readonly EventLine[])[] = [];
	// Session lines in range, when the filter picks no agents: SessionEnds once (an agent may hold one too).
	const sessionEnds = new Set<EventLine>();
	let lines: EventLine[] = [];
	const byPrefix = filter.agent !== undefined;
	const keepEvents = Boolean(options.keepEvents) || keepLines !== 'none';
	// No line is printed: the fold needs none of their long texts.
	const slim = !keepEvents;
	// No filter: every agent is selected, so every line folded is counted as it comes, and no agent holds a tally.
	const tallyAll = tally !== undefined && Object.keys(filter).length === 0;
	const sessionLinesWanted = !selectsAgents(filter) && (keepLines !== 'none' || tally !== undefined);
	const eventNames = new EventNames();
	const transcripts = options.transcripts ?? defaultTranscriptFacts(options.vars);
	const listed = new Set<string>();
	const mergeAgentTally = (sink: AgentTally): void => {
		for (const end of sink.mergeInto(tally!)) {
			sessionEnds.add(end);
		}
	};
	const workflows = options.workflows ?? new HistoryWorkflows();
	// A session's fold is kept, and used, only where it is all that is needed of its lines.
	const foldCache =
		options.foldCache === false || keepEvents || (tally !== undefined && !tallyAll) || options.spans !== undefined
			? undefined
			: (options.foldCache ?? new SessionFoldCache(sessionFoldsDir(options.vars), options.staleMs));
	for (const session of listSessionDirs(activity)) {
		listed.add(session.id);
		if (options.sessionId !== undefined && session.id !== options.sessionId) {
			continue;
		}
		const file = path.join(activity, session.label, EVENT_LOG_NAME);
		const facts = transcripts === false ? undefined : transcripts.session(session.id);
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
		const foldSession = (identity: LogIdentity | undefined): {readonly history: AgentHistory; readonly sink: EventSink | undefined}[] => {
			const notesBefore = notes.count;
			// Kept with the fold: the session's lines counted on their own, added to the whole tally after.
			const sessionTally = foldCache === undefined ? undefined : newLineTally();
			const fold = new EventFold({
				now: options.now,
				...(options.staleMs === undefined ? {} : {staleMs: options.staleMs}),
				...(keepEvents ? {} : tally === undefined || tallyAll ? {keepEvents: false} : {sink: () => new AgentTally(eventNames)}),
				...(sessionTally !== undefined
					? {onLine: (line: EventLine) => tallyLine(sessionTally, line)}
					: tallyAll
						? {onLine: (line: EventLine) => tallyLine(tally, line)}
						: sessionLinesWanted
							? {onLine}
							: {}),
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
					workflows.see(item.line);
					fold.add(slim ? slimLine(item.line) : item.line, item.bytes);
					if (options.spans !== undefined) {
						spanOf(options.spans, session.id, item.line.at);
					}
				}
			}
			if (next.value.problem !== undefined) {
				note(notes, {file, reason: next.value.problem});
			}
			const out = [...fold.drain()];
			if (sessionTally !== undefined) {
				if (tallyAll) {
					mergeLineTally(tally, sessionTally);
				}
				const histories = out.map(d => d.history);
				// Kept only when read whole and unchanged while read, and when no figure of it depends on the clock.
				if (identity !== undefined && notes.count === notesBefore && settled(histories) && sameLog(logIdentity(logFile), identity)) {
					foldCache!.save(session.id, identity, {agents: histories, tally: sessionTally, workflows: workflows.seen()});
				}
			}
			return out;
		};
		const logFile = path.join(activity, session.id, EVENT_LOG_NAME);
		const identity = foldCache === undefined ? undefined : logIdentity(logFile);
		const kept = identity === undefined ? undefined : foldCache!.load(session.id, identity);
		let drained: readonly {readonly history: AgentHistory; readonly sink: EventSink | undefined}[];
		if (kept !== undefined) {
			workflows.restore(kept.workflows);
			if (tallyAll) {
				mergeLineTally(tally, kept.tally);
			}
			drained = kept.agents.map(history => ({history, sink: undefined}));
		} else {
			drained = foldSession(identity);
		}
		// The selected agents' lines, when the prefix needs no resolving.
		const selected: (readonly EventLine[])[] = [];
		// The transcript's facts first; then the workflow run, which fills only what they left unknown.
		const joined = drained.map(d => (facts === undefined ? d.history : withTranscriptFacts(d.history, facts.factsOf(d.history), options)));
		const tagged = workflows.tag(joined);
		for (const [i, {sink}] of drained.entries()) {
			const history = tagged[i]!;
			if (!matchesFilter(history, filter)) {
				continue;
			}
			agents.push(keep(history));
			const agentTally = sink instanceof AgentTally ? sink : undefined;
			if (!byPrefix) {
				if (agentTally !== undefined) {
					mergeAgentTally(agentTally);
				}
				if (keepLines !== 'none') {
					selected.push(history.events);
				}
				continue;
			}
			ids.push(history.agentId);
			agentTallies.push(agentTally);
			if (keepLines !== 'none') {
				agentEvents.push(history.events);
			}
		}
		if (keepLines !== 'none' && !byPrefix) {
			lines.push(...selectedLines(selected, sessionLines, filter));
		}
		facts?.save();
	}
	if (transcripts !== false && options.sessionId === undefined) {
		transcripts.sweep(listed);
	}
	if (foldCache !== undefined && options.sessionId === undefined) {
		foldCache.sweep(listed);
	}
	let result = agents;
	if (filter.agent !== undefined) {
		const resolved = resolveAgentPrefix(filter.agent, ids);
		if (!resolved.ok) {
			return {agents: [], lines: [], notes, agentError: resolved.error};
		}
		const chosen = ids.flatMap((id, i) => (id === resolved.agentId ? [i] : []));
		result = chosen.map(i => agents[i]!);
		if (keepLines !== 'none') {
			lines.push(
				...selectedLines(
					chosen.map(i => agentEvents[i]!),
					[],
					filter,
				),
			);
		}
		if (tally !== undefined) {
			for (const i of chosen) {
				const agentTally = agentTallies[i];
				if (agentTally !== undefined) {
					mergeAgentTally(agentTally);
				}
			}
		}
	}
	if (tally !== undefined) {
		for (const end of sessionEnds) {
			tallyLine(tally, end);
		}
	}
	if (keepLines !== 'none') {
		lines = sortLines(lines);
	}
	return {agents: result, lines, notes};
}
