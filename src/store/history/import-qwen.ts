// `agentlog import` for Qwen Code: each subagent transcript Qwen keeps,
// `<qwen>/projects/<project>/subagents/<session>/agent-<id>.jsonl` with its `.meta.json`, as one
// Imported line (provider qwen, source transcript) in its session's log, by the same rules as a
// Claude transcript (import.ts): an agent the hook recorded gets nothing, a transcript already
// imported at the same size and mtime gets nothing. Only folders and regular files are read (no
// link is followed), each transcript in chunks.
import {lstatSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {formatEventLine} from '../../core/record/event-line.js';
import {importDecision, importedLine, type SessionImportState, type TranscriptImport} from '../../core/history/imported.js';
import {isSafeId} from '../../core/record/agent-record.js';
import {isObject, str} from '../../core/record/json.js';
import {promptFirstLine} from '../../core/transcript/activity.js';
import {tokenTotals, turnOutcome, type TurnState} from '../../core/transcript/summary.js';
import {readRegularText} from '../fs/safe-file.js';
import {readImportState} from './event-log.js';
import {readMeta, readTranscript} from './import-read.js';

export interface QwenImportCounts {
	imported: number;
	transcripts: number;
	bytes: number;
	upToDate: number;
	hooked: number;
	unreadable: number;
	empty: number;
	/** Per session: the lines to append and the time of the last. */
	readonly sessions: Map<string, {readonly lines: string[]; lastAtMs: number}>;
}

const AGENT_FILE = /^agent-([\w.@-]+)\.jsonl$/u;
/** Qwen's own `.meta.json` statuses that mean the subagent ended. */
const ENDED = ['completed', 'failed', 'cancelled'];

interface QwenFile {
	readonly file: string;
	readonly sessionId: string;
	readonly agentId: string;
	readonly size: number;
	readonly mtimeMs: number;
}

function dirEntries(dir: string): string[] {
	try {
		return readdirSync(dir);
	} catch {
		return [];
	}
}

const isDir = (p: string): boolean => lstatSync(p, {throwIfNoEntry: false})?.isDirectory() === true;

/** Every subagent transcript under `<projects>/*\/subagents/*\/`: regular files named `agent-<id>.jsonl`. */
function listQwenTranscripts(projects: string): {files: QwenFile[]; skipped: number} {
	const files: QwenFile[] = [];
	let skipped = 0;
	for (const project of dirEntries(projects)) {
		const subagents = path.join(projects, project, 'subagents');
		if (!isDir(path.join(projects, project)) || !isDir(subagents)) {
			continue;
		}
		for (const session of dirEntries(subagents)) {
			const dir = path.join(subagents, session);
			if (!isSafeId(session) || !isDir(dir)) {
				continue;
			}
			for (const name of dirEntries(dir)) {
				const m = AGENT_FILE.exec(name);
				if (!m || !isSafeId(m[1])) {
					continue;
				}
				const file = path.join(dir, name);
				const st = lstatSync(file, {throwIfNoEntry: false});
				if (st?.isFile() !== true) {
					skipped += 1;
					continue;
				}
				files.push({file, sessionId: session, agentId: m[1], size: st.size, mtimeMs: st.mtimeMs});
			}
		}
	}
	return {files, skipped};
}

/** What Qwen's `.meta.json` says beyond the keys shared with Claude Code's: its status and start. */
function qwenMetaExtras(file: string): {status?: string; createdAt?: string} {
	const read = readRegularText(file.replace(/\.jsonl$/u, '.meta.json'), {maxBytes: 64 * 1024});
	if (!read.ok) {
		return {};
	}
	try {
		const json: unknown = JSON.parse(read.text);
		if (!isObject(json)) {
			return {};
		}
		const createdAt = str(json.createdAt);
		return {
			...(str(json.status) === undefined ? {} : {status: str(json.status)}),
			...(createdAt !== undefined && !Number.isNaN(Date.parse(createdAt)) ? {createdAt: new Date(createdAt).toISOString()} : {}),
		};
	} catch {
		return {};
	}
}

/**
 * A completed subagent's report: its last message's text. Qwen writes no stop reason (qwen-line.ts),
 * so no turn ends by the transcript alone; `.meta.json`'s `completed` says it ended.
 */
function completedReport(turn: TurnState | undefined): string | undefined {
	return turn?.message === true && turn.pending.length === 0 && !turn.resumed && turn.text.trim() !== '' ? turn.text : undefined;
}

/** The Imported lines of the Qwen subagents not yet in their sessions' logs (nothing is written here). */
export function qwenImportLines(projects: string, activity: string, sinceMs: number | undefined): QwenImportCounts {
	const counts: QwenImportCounts = {imported: 0, transcripts: 0, bytes: 0, upToDate: 0, hooked: 0, unreadable: 0, empty: 0, sessions: new Map()};
	const listing = listQwenTranscripts(projects);
	counts.unreadable += listing.skipped;
	const states = new Map<string, SessionImportState>();
	for (const f of listing.files) {
		if (sinceMs !== undefined && f.mtimeMs < sinceMs) {
			continue;
		}
		let state = states.get(f.sessionId);
		if (state === undefined) {
			state = readImportState(path.join(activity, f.sessionId), f.sessionId);
			states.set(f.sessionId, state);
		}
		const decision = importDecision(state, f.agentId, f.size, f.mtimeMs);
		if (decision !== 'import') {
			counts[decision === 'hooked' ? 'hooked' : 'upToDate'] += 1;
			continue;
		}
		const read = readTranscript(f.file);
		if (read === undefined) {
			counts.unreadable += 1;
			continue;
		}
		counts.transcripts += 1;
		counts.bytes += f.size;
		const {summary} = read;
		if (summary.lastAt === undefined) {
			counts.empty += 1;
			continue;
		}
		const meta = readMeta(f.file);
		const extras = qwenMetaExtras(f.file);
		const {endedTurn, finalReport} = turnOutcome(summary.turn);
		const report = finalReport ?? (extras.status === 'completed' ? completedReport(summary.turn) : undefined);
		const t = tokenTotals(summary);
		const tokens = t.input + t.output + t.cacheWrite + t.cacheRead;
		const description = meta?.description || promptFirstLine(summary.prompt);
		const parent = meta?.parentAgentId;
		const model = summary.model ?? meta?.model;
		const startedAt = extras.createdAt ?? read.firstAt;
		const imported: TranscriptImport = {
			sessionId: f.sessionId,
			agentId: f.agentId,
			type: meta?.agentType ?? '',
			finished: extras.status === undefined ? endedTurn : ENDED.includes(extras.status),
			...(startedAt === undefined ? {} : {startedAt}),
			lastAt: new Date(summary.lastAt).toISOString(),
			...(description ? {description} : {}),
			...(model === undefined ? {} : {model}),
			...(summary.usage.size > 0 || tokens > 0 ? {tokens} : {}),
			toolCalls: Object.values(summary.toolCounts).reduce((a, b) => a + b, 0),
			files: summary.files.slice(0, 50),
			...(report === undefined ? {} : {report}),
			transcriptPath: f.file,
			transcriptBytes: f.size,
			transcriptMtimeMs: f.mtimeMs,
			...(parent !== undefined && isSafeId(parent) && parent !== f.agentId ? {parentAgentId: parent} : {}),
			...(read.cwd === undefined ? {} : {cwd: read.cwd}),
			provider: 'qwen',
		};
		const line = importedLine(imported);
		let session = counts.sessions.get(f.sessionId);
		if (session === undefined) {
			session = {lines: [], lastAtMs: 0};
			counts.sessions.set(f.sessionId, session);
		}
		session.lines.push(formatEventLine(line));
		session.lastAtMs = Math.max(session.lastAtMs, Date.parse(line.at));
		counts.imported += 1;
	}
	return counts;
}
