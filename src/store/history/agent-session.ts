// The session of one agent, folded with the lines of its chain, for `chain`.
import path from 'node:path';
import type {AgentHistory} from '../../core/history/fold.js';
import {resolveAgentPrefix} from '../../core/history/query.js';
import {agentChain} from '../../core/history/lineage.js';
import {listSessionDirs} from '../activity/read-agents.js';
import {EVENT_LOG_NAME, eventLogItems, type EventLogOptions} from './event-log.js';
import {foldSessionLog} from './session-fold.js';
import {defaultTranscriptFacts, type TranscriptFacts} from './transcript-facts.js';
import {note, type LogNotes} from './read-notes.js';

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
 * The session of the agent `agentArg` names (an id or a unique prefix), folded with events for
 * `chain`. Each log is read line by line: a scan for a line naming a matching agent, a fold
 * without lines of the sessions that have one, and, in the chosen session, a fold that keeps the
 * lines of the chain's agents only (the agent, its ancestors and descendants; the others' `events`
 * are empty). Memory: a session's agents and the chain's lines.
 */
export function readAgentSession(
	activity: string,
	agentArg: string,
	options: {
		readonly vars: NodeJS.ProcessEnv;
		readonly now: number;
		readonly staleMs?: number;
		readonly transcripts?: TranscriptFacts | false;
	} & EventLogOptions,
): ChainRead {
	const notes: LogNotes = {notes: [], count: 0};
	const logOptions = {
		...(options.chunkBytes === undefined ? {} : {chunkBytes: options.chunkBytes}),
		...(options.maxLineBytes === undefined ? {} : {maxLineBytes: options.maxLineBytes}),
	};
	const foldOptions = {now: options.now, ...(options.staleMs === undefined ? {} : {staleMs: options.staleMs}), ...logOptions};
	const matched: {dir: string; sessionId: string; ids: string[]}[] = [];
	for (const session of listSessionDirs(activity)) {
		const dir = path.join(activity, session.id);
		const file = path.join(activity, session.label, EVENT_LOG_NAME);
		let named = false;
		const items = eventLogItems(dir, {...logOptions, sessionId: session.id});
		let next = items.next();
		for (; !next.done; next = items.next()) {
			const item = next.value;
			if (item.line === undefined) {
				note(notes, {file, lineNumber: item.skipped.lineNumber, reason: item.skipped.error});
			} else if (item.line.agentId?.startsWith(agentArg)) {
				named = true;
			}
		}
		if (next.value.problem !== undefined) {
			note(notes, {file, reason: next.value.problem});
		}
		if (!named) {
			continue;
		}
		const ids = foldSessionLog(dir, {...foldOptions, sessionId: session.id})
			.agents.filter(h => h.agentId.startsWith(agentArg))
			.map(h => h.agentId);
		if (ids.length > 0) {
			matched.push({dir, sessionId: session.id, ids});
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
	// Newest session folder first (listSessionDirs' order).
	const holding = matched.filter(m => m.ids.includes(agentId));
	const {dir, sessionId} = holding[0]!;
	const chain = agentChain(foldSessionLog(dir, {...foldOptions, sessionId}).agents, agentId);
	const members = new Set<string>([agentId, ...(chain?.ancestors ?? []).map(h => h.agentId), ...(chain?.descendants ?? []).map(e => e.history.agentId)]);
	const transcripts = options.transcripts ?? defaultTranscriptFacts(options.vars);
	const sessionAgents = foldSessionLog(dir, {
		...foldOptions,
		sessionId,
		...(transcripts === false ? {} : {transcripts}),
		whole: line => line.agentId !== undefined && members.has(line.agentId),
		sink: id => (members.has(id) ? [] : {push: () => undefined}),
	}).agents;
	return {sessionAgents, agentId, notes, otherSessions: holding.length - 1};
}
