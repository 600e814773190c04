// `agentlog import` for Gemini CLI: each subagent's own session file under `<gemini>/tmp/*/chats/`
// as one Imported line (provider gemini, source transcript) in its main session's log, by the same
// rules as a Claude transcript (import.ts) and a Codex rollout (import-codex.ts): a file already
// imported at the same size and mtime gets nothing.
import path from 'node:path';
import {geminiRecord} from '../../core/gemini/gemini-agent.js';
import {formatEventLine} from '../../core/record/event-line.js';
import {importDecision, importedLine, type SessionImportState, type TranscriptImport} from '../../core/history/imported.js';
import {isSafeId} from '../../core/record/agent-record.js';
import {listGeminiSessions, readGeminiFile, type GeminiRead} from '../gemini/gemini-files.js';
import {geminiRunning} from '../gemini/gemini-process.js';
import {geminiSessionGone} from '../gemini/gemini-sessions.js';
import type {CodexImportCounts} from './import-codex.js';
import {readImportState} from './event-log.js';

/**
 * The Imported lines of the Gemini subagents not yet in their sessions' logs (nothing is written
 * here). `running`: whether Gemini CLI still runs in a folder (gemini-process.ts), asked while a
 * child has not ended: one it no longer runs was cut off, and is imported interrupted with why.
 */
export function geminiImportLines(
	geminiHome: string,
	activity: string,
	sinceMs: number | undefined,
	running: (root: string, childStartMs: number) => boolean | undefined = geminiRunning,
): CodexImportCounts {
	const counts: CodexImportCounts = {imported: 0, transcripts: 0, bytes: 0, upToDate: 0, hooked: 0, unreadable: 0, empty: 0, sessions: new Map()};
	const listing = listGeminiSessions(geminiHome, sinceMs === undefined ? {} : {sinceMs});
	counts.unreadable += listing.skipped;
	for (const s of listing.sessions) {
		if (!isSafeId(s.sessionId)) {
			continue;
		}
		let parent;
		for (const f of s.mains) {
			const read = readGeminiFile(f.path);
			if (!('problem' in read) && read.chat.meta?.sessionId === s.sessionId) {
				parent = read.chat;
			}
		}
		let state: SessionImportState | undefined;
		const reads: {readonly file: (typeof s.children)[number]; readonly read: GeminiRead}[] = [];
		for (const file of s.children) {
			if (sinceMs !== undefined && file.mtimeMs < sinceMs) {
				continue;
			}
			const read = readGeminiFile(file.path);
			if ('problem' in read) {
				counts.unreadable += 1;
				continue;
			}
			reads.push({file, read});
		}
		const gone = geminiSessionGone(
			reads.map(r => ({path: r.file.path, read: r.read})),
			parent,
			running,
		);
		for (const {file, read} of reads) {
			const record = geminiRecord(read.chat, file.path, s.sessionId, parent, gone);
			if (record === undefined) {
				continue;
			}
			counts.transcripts += 1;
			counts.bytes += file.size;
			if (read.chat.lastAt === undefined) {
				counts.empty += 1;
				continue;
			}
			state ??= readImportState(path.join(activity, s.sessionId), s.sessionId);
			const decision = importDecision(state, record.agentId, file.size, file.mtimeMs);
			if (decision !== 'import') {
				counts[decision === 'hooked' ? 'hooked' : 'upToDate'] += 1;
				continue;
			}
			const t: TranscriptImport = {
				sessionId: s.sessionId,
				agentId: record.agentId,
				type: record.type,
				finished: record.status === 'stopped' && record.interrupted !== true,
				startedAt: record.startedAt,
				lastAt: record.stoppedAt ?? new Date(read.chat.lastAt).toISOString(),
				...(record.description === undefined ? {} : {description: record.description}),
				...(record.model === undefined ? {} : {model: record.model}),
				...(record.totalTokens === undefined ? {} : {tokens: record.totalTokens}),
				toolCalls: record.totalToolUseCount ?? 0,
				files: [],
				...(record.lastMessage === undefined ? {} : {report: record.lastMessage}),
				transcriptPath: file.path,
				transcriptBytes: file.size,
				transcriptMtimeMs: file.mtimeMs,
				...(record.cwd === undefined ? {} : {cwd: record.cwd}),
				provider: 'gemini',
				// How it ended, as watch says it: a failure's reason, Gemini's own end reason, or the cut.
				...(record.stopReason === undefined
					? {}
					: record.interrupted === true
						? {interruptReason: record.stopReason}
						: {hookStop: {reason: record.stopReason, ...(record.stoppedAt === undefined ? {} : {at: record.stoppedAt})}}),
			};
			const line = importedLine(t);
			let session = counts.sessions.get(s.sessionId);
			if (session === undefined) {
				session = {lines: [], lastAtMs: 0};
				counts.sessions.set(s.sessionId, session);
			}
			session.lines.push(formatEventLine(line));
			session.lastAtMs = Math.max(session.lastAtMs, Date.parse(line.at));
			counts.imported += 1;
		}
	}
	return counts;
}
