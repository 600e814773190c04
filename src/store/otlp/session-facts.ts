// One session's log read and folded for the OTLP export: its lines and its agents with their own
// lines kept (waits become span events). The same reading and fold as `history`
// (store/history/session-fold.ts, core/history/fold.ts), one session at a time, line by line: of
// the lines only what the spans read is held — the lines without an agent (session start and end,
// the main session's waits), each agent's wait lines, and the first and last line (the session
// span's bounds) — all without their long texts.
import type {EventLine} from '../../core/record/event-line.js';
import type {SessionFacts} from '../../core/otlp/agent-spans.js';
import type {SessionDirInfo} from '../activity/read-agents.js';
import {lstatSync} from 'node:fs';
import path from 'node:path';
import {EVENT_LOG_NAME} from '../../core/record/file-names.js';
import {foldSessionLog, KeptLines} from '../history/session-fold.js';
import {slimLine} from '../history/slim-line.js';
import {HistoryWorkflows} from '../workflow/history.js';
import type {TranscriptFacts} from '../history/transcript-facts.js';

export interface SessionFactsRead {
	readonly facts: SessionFacts;
	/** Lines that could not be read. */
	readonly skipped: number;
	/** Why the log could not be read (to its end). */
	readonly problem?: string;
}

/** The lines that can become an agent's span events (agent-spans.ts waitEvent). */
const isWait = (line: EventLine): boolean => line.event === 'PermissionRequest' || line.event === 'Notification';

export function readSessionFacts(
	activity: string,
	session: SessionDirInfo,
	now: number,
	staleMs: number | undefined,
	transcripts: TranscriptFacts | false,
): SessionFactsRead {
	const sessionLines: EventLine[] = [];
	let first: {line: EventLine; ms: number} | undefined;
	let last: {line: EventLine; ms: number} | undefined;
	const read = foldSessionLog(path.join(activity, session.id), {
		now,
		...(staleMs === undefined ? {} : {staleMs}),
		sessionId: session.id,
		...(transcripts === false ? {} : {transcripts}),
		sink: () => new KeptLines(isWait),
		// A workflow agent's span nests under its run's.
		workflows: new HistoryWorkflows(),
		// Repeats dropped, as a session line recorded twice would mark the span twice.
		onLine: line => {
			if (line.agentId === undefined) {
				sessionLines.push(line);
			}
		},
		onItem: item => {
			if (item.line === undefined) {
				return;
			}
			const line = slimLine(item.line);
			const ms = Date.parse(line.at);
			if (!Number.isNaN(ms)) {
				if (first === undefined || ms < first.ms) {
					first = {line, ms};
				}
				if (last === undefined || ms > last.ms) {
					last = {line, ms};
				}
			}
		},
	});
	// The first and last lines bound the session's span; the session's own lines are in already.
	const lines = [...sessionLines];
	for (const bound of [first, last]) {
		if (bound !== undefined && bound.line.agentId !== undefined && !lines.includes(bound.line)) {
			lines.push(bound.line);
		}
	}
	return {
		facts: {sessionId: session.id, lines, agents: read.agents},
		skipped: read.skipped,
		...(read.problem === undefined ? {} : {problem: read.problem}),
	};
}

/** The size and time of a session's log (`size:mtime`, 'none' or 'error'): --follow reads a log again only when it changed. */
export function logStamp(activity: string, sessionId: string): string {
	try {
		const s = lstatSync(path.join(activity, sessionId, EVENT_LOG_NAME), {throwIfNoEntry: false});
		return s === undefined ? 'none' : `${s.size}:${s.mtimeMs}`;
	} catch {
		return 'error';
	}
}
