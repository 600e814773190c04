// One session's log folded as it is read (eventLogItems → EventFold), for the readers that need a
// session's agents but not its lines: chain, prune, the OTLP export. Memory is the session's
// agents and the reorder window, whatever the log's size; lines go to an agent's `events` only
// when its sink keeps them, and without their long texts unless asked (`slimLine`).
import type {EventLine} from '../../core/record/event-line.js';
import {EventFold, type AgentHistory, type EventSink} from '../../core/history/fold.js';
import {eventLogItems, type EventLogOptions, type LogItem} from './event-log.js';
import {slimLine} from './slim-line.js';
import type {HistoryWorkflows} from '../workflow/history.js';
import {withTranscriptFacts} from '../../core/history/with-transcript.js';
import type {TranscriptFacts} from './transcript-facts.js';

export interface SessionFoldOptions extends EventLogOptions {
	readonly now: number;
	readonly staleMs?: number;
	/** Where each agent's lines go (default: nowhere, `events` empty); an array or `KeptLines` sink is its `events`. */
	readonly sink?: (agentId: string, sessionId: string) => EventSink;
	/** Which lines keep their long texts (default: none, `slimLine`, as no line is printed). */
	readonly whole?: (line: EventLine) => boolean;
	/** Called with every line folded (repeats dropped), in time order. */
	readonly onLine?: (line: EventLine) => void;
	/** Sees every item read (a line as written, or one skipped). */
	readonly onItem?: (item: LogItem) => void;
	/** Gives each workflow agent its run (the OTLP export's spans nest under the run). */
	readonly workflows?: HistoryWorkflows;
	/** Each agent joined with its transcript's facts from here (default: the log alone). */
	readonly transcripts?: TranscriptFacts;
}

export interface SessionFold {
	/** In the order of each agent's first line in time. */
	readonly agents: AgentHistory[];
	/** Lines that could not be read. */
	readonly skipped: number;
	/** Why the log could not be read (to its end). */
	readonly problem?: string;
}

const NOWHERE: EventSink = {push: () => undefined};

export function foldSessionLog(sessionDir: string, options: SessionFoldOptions): SessionFold {
	const fold = new EventFold({
		now: options.now,
		...(options.staleMs === undefined ? {} : {staleMs: options.staleMs}),
		sink: options.sink ?? (() => NOWHERE),
		...(options.onLine === undefined ? {} : {onLine: options.onLine}),
	});
	const items = eventLogItems(sessionDir, {
		...(options.chunkBytes === undefined ? {} : {chunkBytes: options.chunkBytes}),
		...(options.maxLineBytes === undefined ? {} : {maxLineBytes: options.maxLineBytes}),
		...(options.sessionId === undefined ? {} : {sessionId: options.sessionId}),
	});
	let skipped = 0;
	let next = items.next();
	for (; !next.done; next = items.next()) {
		const item = next.value;
		options.onItem?.(item);
		if (item.line === undefined) {
			skipped += 1;
		} else {
			options.workflows?.see(item.line);
			fold.add(options.whole?.(item.line) ? item.line : slimLine(item.line), item.bytes);
		}
	}
	const facts = options.sessionId === undefined ? undefined : options.transcripts?.session(options.sessionId);
	let agents: AgentHistory[] = [];
	for (const {history: folded, sink} of fold.drain()) {
		const history = facts === undefined ? folded : withTranscriptFacts(folded, facts.factsOf(folded), options);
		agents.push(sink instanceof KeptLines ? {...history, events: sink.lines} : history);
	}
	facts?.save();
	if (options.workflows !== undefined) {
		agents = options.workflows.tag(agents);
	}
	const {problem} = next.value;
	return problem === undefined ? {agents, skipped} : {agents, skipped, problem};
}

/** A sink keeping the lines `keep` accepts: they become the agent's `events`. */
export class KeptLines implements EventSink {
	readonly lines: EventLine[] = [];
	constructor(private readonly keep: (line: EventLine) => boolean) {}

	push(line: EventLine): void {
		if (this.keep(line)) {
			this.lines.push(line);
		}
	}
}
