// `agentlog import` for opencode: each subagent (a child session in opencode's database) as one
// Imported line (provider opencode, source transcript) in its root session's log, by the same
// rules as a Codex rollout (import-codex.ts). The database is read as `watch` reads it
// (store/opencode): never locked or written, the rows in its write-ahead log seen, at most
// MAX_OPENCODE_AGENTS children per database. A child has no file of its own, so the version an
// import line keeps is the child's own: its row count (`transcriptBytes`) and its newest row's time
// (`transcriptMtimeMs`); a child already imported at the same version gets nothing.
import path from 'node:path';
import {opencodeTokens} from '../../core/opencode/opencode-agent.js';
import {formatEventLine} from '../../core/record/event-line.js';
import {importDecision, importedLine, type SessionImportState, type TranscriptImport} from '../../core/history/imported.js';
import {isSafeId} from '../../core/record/agent-record.js';
import {isFailure} from '../../core/record/limits.js';
import type {Pricer} from '../../core/cost/cost.js';
import {opencodeDatabases, opencodeDbStamp, readOpencodeDatabase} from '../opencode/opencode-db.js';
import {opencodeHeld} from '../opencode/opencode-process.js';
import type {CodexImportCounts} from './import-codex.js';
import {readImportState} from './event-log.js';

/** The Imported lines of the opencode subagents not yet in their sessions' logs (nothing is written here). */
export function opencodeImportLines(dataDir: string, activity: string, sinceMs: number | undefined, pricer?: Pricer): CodexImportCounts {
	const counts: CodexImportCounts = {imported: 0, transcripts: 0, bytes: 0, upToDate: 0, hooked: 0, unreadable: 0, empty: 0, sessions: new Map()};
	for (const file of opencodeDatabases(dataDir)) {
		const read = readOpencodeDatabase(file, {
			...(sinceMs === undefined ? {} : {sinceMs}),
			...(pricer === undefined ? {} : {pricer}),
			gone: () => opencodeHeld(file) === false,
		});
		if (read.problem !== undefined) {
			counts.unreadable += 1;
		}
		// The bytes read: the database and its log, once.
		counts.bytes += opencodeDbStamp(file)?.size ?? 0;
		for (const tree of read.trees) {
			if (!isSafeId(tree.rootId)) {
				continue;
			}
			let state: SessionImportState | undefined;
			for (const agent of tree.agents) {
				const {record, facts} = agent;
				const lastAt = facts.summary.lastAt;
				if (sinceMs !== undefined && (lastAt ?? 0) < sinceMs) {
					continue;
				}
				counts.transcripts += 1;
				const rows = facts.summary.lines;
				if (lastAt === undefined || rows === 0) {
					counts.empty += 1;
					continue;
				}
				state ??= readImportState(path.join(activity, tree.rootId), tree.rootId);
				const decision = importDecision(state, record.agentId, rows, lastAt);
				if (decision !== 'import') {
					counts[decision === 'hooked' ? 'hooked' : 'upToDate'] += 1;
					continue;
				}
				const tokens = opencodeTokens(agent);
				const t: TranscriptImport = {
					sessionId: tree.rootId,
					agentId: record.agentId,
					type: record.type,
					finished: record.status === 'stopped' && record.interrupted !== true,
					startedAt: record.startedAt,
					lastAt: record.stoppedAt ?? new Date(lastAt).toISOString(),
					...(record.description === undefined ? {} : {description: record.description}),
					...(record.model === undefined ? {} : {model: record.model}),
					...(tokens === undefined ? {} : {tokens}),
					toolCalls: record.totalToolUseCount ?? 0,
					files: [],
					...(record.lastMessage === undefined ? {} : {report: record.lastMessage}),
					transcriptPath: file,
					transcriptBytes: rows,
					transcriptMtimeMs: lastAt,
					...(record.parentAgentId === undefined ? {} : {parentAgentId: record.parentAgentId}),
					...(record.cwd === undefined ? {} : {cwd: record.cwd}),
					provider: 'opencode',
					// A child whose last request failed: its reason, so the history says failed as watch does.
					...(isFailure(record.stopReason) ? {hookStop: {reason: record.stopReason!, ...(record.stoppedAt === undefined ? {} : {at: record.stoppedAt})}} : {}),
				};
				const line = importedLine(t);
				let session = counts.sessions.get(tree.rootId);
				if (session === undefined) {
					session = {lines: [], lastAtMs: 0};
					counts.sessions.set(tree.rootId, session);
				}
				session.lines.push(formatEventLine(line));
				session.lastAtMs = Math.max(session.lastAtMs, Date.parse(line.at));
				counts.imported += 1;
			}
		}
	}
	return counts;
}
