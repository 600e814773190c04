// The log lines `history --events` and `export --events` print, oldest first, given one at a time
// as the logs are read, never collected: a 1 GB log is written out in the memory of its agents.
//
// Two reads. The first folds every session (readHistories) to learn which agents the filter
// selects (their status is known only at the end of their session) and each session's first and
// last line time. The second folds the selected sessions again, each agent's lines going straight
// out (`EventFold`'s sinks: an agent's own lines and the SessionEnd lines that interrupted it,
// repeats dropped, in time order within the reorder window); sessions whose times overlap are read
// side by side and merged by time (ties: the session listed first, then the fold's order), others
// one after another. Open at once: the logs of one group of overlapping sessions.
import {closeSync} from 'node:fs';
import path from 'node:path';
import type {EventLine} from '../../core/record/event-line.js';
import {EventFold, type EventSink} from '../../core/history/fold.js';
import {selectsAgents, sessionLineInRange, type HistoryFilter} from '../../core/history/query.js';
import {listSessionDirs} from '../activity/read-agents.js';
import {openRegularFile} from '../fs/safe-file.js';
import {EVENT_LOG_NAME, eventLogItems, readLineAt, type EventLogOptions} from './event-log.js';
import {slimLine} from './slim-line.js';
import {readHistories, type SessionSpan} from './histories.js';
import type {LogNotes} from './read-notes.js';
import {MinHeap} from '../../core/min-heap.js';

export interface SelectedLinesOptions extends EventLogOptions {
	/** The Env's variables (readHistories' defaults). */
	readonly vars: NodeJS.ProcessEnv;
	readonly now: number;
	readonly staleMs?: number;
	/** Only this session folder (an exact id). */
	readonly sessionId?: string;
	readonly filter?: HistoryFilter;
}

/** What the first read found: which lines the second gives. */
export interface LinePlan {
	readonly notes: LogNotes;
	/** `--agent <prefix>` named several agents: the message (no line is given). */
	readonly agentError?: string;
	/** The sessions to read again, each with its selected agent ids, in groups of overlapping sessions, oldest group first. */
	readonly groups: readonly (readonly PlannedSession[])[];
}

interface PlannedSession {
	readonly id: string;
	/** Its place in the session listing (ties between sessions: the one listed first). */
	readonly rank: number;
	readonly agents: ReadonlySet<string>;
}

/** The first read: the agents the filter selects in each session, and the sessions grouped by overlapping times. */
export function planSelectedLines(activity: string, options: SelectedLinesOptions): LinePlan {
	const filter = options.filter ?? {};
	const spans = new Map<string, SessionSpan>();
	// Only a status filter can read what a transcript says (a later sign of life): the lines themselves never do.
	const read = readHistories(activity, {
		...options,
		filter,
		spans,
		keep: h => ({sessionId: h.sessionId, agentId: h.agentId}),
		...(filter.statuses === undefined ? {transcripts: false} : {}),
	});
	if (read.agentError !== undefined) {
		return {notes: read.notes, agentError: read.agentError, groups: []};
	}
	const agents = new Map<string, Set<string>>();
	for (const a of read.agents) {
		let set = agents.get(a.sessionId);
		if (set === undefined) {
			set = new Set();
			agents.set(a.sessionId, set);
		}
		set.add(a.agentId);
	}
	// Session lines are printed too when the filter picks no agents: every session with a line may give some.
	const sessionLines = !selectsAgents(filter);
	const planned: (PlannedSession & SessionSpan)[] = [];
	listSessionDirs(activity).forEach((session, rank) => {
		const span = spans.get(session.id);
		const selected = agents.get(session.id);
		if (span !== undefined && (selected !== undefined || sessionLines) && (options.sessionId === undefined || session.id === options.sessionId)) {
			planned.push({id: session.id, rank, agents: selected ?? new Set(), ...span});
		}
	});
	planned.sort((a, b) => a.first - b.first || a.rank - b.rank);
	const groups: PlannedSession[][] = [];
	let last = Number.NEGATIVE_INFINITY;
	for (const p of planned) {
		if (groups.length === 0 || p.first > last) {
			groups.push([]);
		}
		groups.at(-1)!.push({id: p.id, rank: p.rank, agents: p.agents});
		last = Math.max(last, p.last);
	}
	return {notes: read.notes, groups};
}

/**
 * The selected lines of one session, in the fold's order (time order within the reorder window),
 * each with its time. The fold holds lines without their long texts (`slimLine`); a line given
 * out is read again whole from where it is in the log (`readLineAt`), so a long report is held
 * only while it is written, never for the reorder window.
 */
function* sessionLines(
	activity: string,
	session: PlannedSession,
	filter: HistoryFilter,
	options: SelectedLinesOptions,
): Generator<{line: EventLine; ms: number}> {
	const dir = path.join(activity, session.id);
	const opened = openRegularFile(path.join(dir, EVENT_LOG_NAME));
	if (!opened.ok) {
		return;
	}
	const fd = opened.fd;
	// Where each slimmed line is in the log (let go with the line).
	const where = new WeakMap<EventLine, {readonly offset: number; readonly bytes: number}>();
	const out: EventLine[] = [];
	let lastOut: EventLine | undefined;
	// A SessionEnd line goes to every agent it interrupted, one after another: out once.
	const give = (line: EventLine): void => {
		if (line === lastOut) {
			return;
		}
		lastOut = line;
		const at = where.get(line);
		const whole = at === undefined ? line : readLineAt(fd, at.offset, at.bytes);
		if (whole !== undefined) {
			out.push(whole);
		}
	};
	const giving: EventSink = {push: give};
	const nowhere: EventSink = {push: () => undefined};
	const wantSessionLines = !selectsAgents(filter);
	const fold = new EventFold({
		now: options.now,
		...(options.staleMs === undefined ? {} : {staleMs: options.staleMs}),
		sink: agentId => (session.agents.has(agentId) ? giving : nowhere),
		...(wantSessionLines
			? {
					onLine: (line: EventLine) => {
						if (line.agentId === undefined && sessionLineInRange(line, filter)) {
							give(line);
						}
					},
				}
			: {}),
	});
	const drainOut = function* (): Generator<{line: EventLine; ms: number}> {
		for (const line of out) {
			yield {line, ms: Date.parse(line.at)};
		}
		out.length = 0;
	};
	try {
		const items = eventLogItems(dir, {
			...(options.chunkBytes === undefined ? {} : {chunkBytes: options.chunkBytes}),
			...(options.maxLineBytes === undefined ? {} : {maxLineBytes: options.maxLineBytes}),
			sessionId: session.id,
		});
		for (const item of items) {
			if (item.line !== undefined) {
				const slim = slimLine(item.line);
				if (slim !== item.line) {
					where.set(slim, {offset: item.offset, bytes: item.bytes});
				}
				fold.add(slim, item.bytes);
				yield* drainOut();
			}
		}
		// The lines still held for reordering.
		fold.flush();
		yield* drainOut();
	} finally {
		closeSync(fd);
	}
}

interface Head {
	readonly line: EventLine;
	readonly ms: number;
	readonly rank: number;
	readonly seq: number;
	readonly rest: Generator<{line: EventLine; ms: number}>;
}

const before = (a: Head, b: Head): boolean => a.ms < b.ms || (a.ms === b.ms && (a.rank < b.rank || (a.rank === b.rank && a.seq < b.seq)));

/**
 * The second read: the selected lines, oldest first (equal times: the session listed first, then
 * the order folded), one at a time. Memory: the agents' states of one group of sessions and their
 * reorder windows — never the lines.
 */
export function* selectedLines(activity: string, plan: LinePlan, options: SelectedLinesOptions): Generator<EventLine, void, undefined> {
	const filter = options.filter ?? {};
	for (const group of plan.groups) {
		// Each session's next line, the earliest first.
		const heap = new MinHeap<Head>(before);
		let seq = 0;
		const pushNext = (rest: Generator<{line: EventLine; ms: number}>, rank: number): void => {
			const next = rest.next();
			if (!next.done) {
				heap.push({line: next.value.line, ms: next.value.ms, rank, seq: seq++, rest});
			}
		};
		for (const session of group) {
			pushNext(sessionLines(activity, session, filter, options), session.rank);
		}
		while (heap.size > 0) {
			const top = heap.pop()!;
			yield top.line;
			pushNext(top.rest, top.rank);
		}
	}
}
