// One session's log read and folded for the OTLP export: its lines and its agents with their own
// lines kept (waits become span events). The same reading and fold as `history`
// (store/history/event-log.ts, core/history/fold.ts), one session at a time.
import path from 'node:path';
import {foldEvents} from '../../core/history/fold.js';
import type {SessionFacts} from '../../core/otlp/agent-spans.js';
import type {SessionDirInfo} from '../activity/read-agents.js';
import {readSessionEvents} from '../history/event-log.js';

export interface SessionFactsRead {
	readonly facts: SessionFacts;
	/** Lines that could not be read. */
	readonly skipped: number;
	/** Why the log could not be read (to its end). */
	readonly problem?: string;
}

export function readSessionFacts(activity: string, session: SessionDirInfo, now: number, staleMs: number | undefined): SessionFactsRead {
	const read = readSessionEvents(path.join(activity, session.id), {sessionId: session.id});
	const agents = foldEvents(read.lines, {now, ...(staleMs === undefined ? {} : {staleMs})});
	return {
		facts: {sessionId: session.id, lines: read.lines, agents},
		skipped: read.skipped.length,
		...(read.problem === undefined ? {} : {problem: read.problem}),
	};
}
