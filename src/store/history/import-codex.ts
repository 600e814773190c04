// `agentlog import` for Codex CLI: each subagent thread's rollout under
// `$CODEX_HOME/sessions` as one Imported line (provider codex, source transcript) in its root
// session's log, by the same rules as a Claude transcript (import.ts): an agent the hook recorded
// gets nothing, a rollout already imported at the same size and mtime gets nothing.
import path from 'node:path';
import {codexParent, codexRecord, codexType} from '../../core/codex/codex-agent.js';
import {formatEventLine} from '../../core/record/event-line.js';
import {importDecision, importedLine, type SessionImportState, type TranscriptImport} from '../../core/history/imported.js';
import {isSafeId} from '../../core/record/agent-record.js';
import {listRollouts, readRollout} from '../codex/rollouts.js';
import {readImportState} from './event-log.js';

export interface CodexImportCounts {
	imported: number;
	transcripts: number;
	bytes: number;
	upToDate: number;
	hooked: number;
	unreadable: number;
	empty: number;
	/** Per root session: the lines to append and the time of the last. */
	readonly sessions: Map<string, {readonly lines: string[]; lastAtMs: number}>;
}

/** The Imported lines of the Codex children not yet in their sessions' logs (nothing is written here). */
export function codexImportLines(codexHome: string, activity: string, sinceMs: number | undefined): CodexImportCounts {
	const counts: CodexImportCounts = {imported: 0, transcripts: 0, bytes: 0, upToDate: 0, hooked: 0, unreadable: 0, empty: 0, sessions: new Map()};
	const listing = listRollouts(codexHome);
	counts.unreadable += listing.skipped;
	const states = new Map<string, SessionImportState>();
	for (const file of listing.files) {
		if (sinceMs !== undefined && file.mtimeMs < sinceMs) {
			continue;
		}
		const read = readRollout(file.path);
		if ('problem' in read) {
			counts.unreadable += 1;
			continue;
		}
		const thread = read.thread;
		const record = codexRecord(thread, file.path);
		if (record === undefined || thread.meta === undefined) {
			// A root thread (the session itself), or no first line: not a subagent.
			continue;
		}
		counts.transcripts += 1;
		counts.bytes += file.size;
		const sessionId = thread.meta.sessionId;
		if (!isSafeId(sessionId) || thread.lastAt === undefined) {
			counts.empty += 1;
			continue;
		}
		let state = states.get(sessionId);
		if (state === undefined) {
			state = readImportState(path.join(activity, sessionId), sessionId);
			states.set(sessionId, state);
		}
		const decision = importDecision(state, record.agentId, file.size, file.mtimeMs);
		if (decision !== 'import') {
			counts[decision === 'hooked' ? 'hooked' : 'upToDate'] += 1;
			continue;
		}
		const parent = codexParent(thread);
		const t: TranscriptImport = {
			sessionId,
			agentId: record.agentId,
			type: codexType(thread),
			finished: thread.phase === 'stopped',
			startedAt: record.startedAt,
			lastAt: record.stoppedAt ?? new Date(thread.lastAt).toISOString(),
			...(record.description === undefined ? {} : {description: record.description}),
			...(record.model === undefined ? {} : {model: record.model}),
			...(thread.totalTokens === undefined ? {} : {tokens: thread.totalTokens}),
			toolCalls: record.totalToolUseCount ?? 0,
			files: [],
			...(record.lastMessage === undefined ? {} : {report: record.lastMessage}),
			transcriptPath: file.path,
			transcriptBytes: file.size,
			transcriptMtimeMs: file.mtimeMs,
			...(parent === undefined ? {} : {parentAgentId: parent}),
			...(record.cwd === undefined ? {} : {cwd: record.cwd}),
			provider: 'codex',
		};
		const line = importedLine(t);
		let session = counts.sessions.get(sessionId);
		if (session === undefined) {
			session = {lines: [], lastAtMs: 0};
			counts.sessions.set(sessionId, session);
		}
		session.lines.push(formatEventLine(line));
		session.lastAtMs = Math.max(session.lastAtMs, Date.parse(line.at));
		counts.imported += 1;
	}
	return counts;
}
