// Gemini CLI sessions from their files: each main session with a subagent, its children as
// agents. What each file said, and how far it was read, is kept in memory (`memory`) between scans
// of one run (`watch` polls; a command that asks twice reads once); a file whose inode, size and
// time did not change is not read again.
import path from 'node:path';
import type {TranscriptFacts} from '../../core/monitor/inferred-stop.js';
import type {Pricer} from '../../core/cost/cost.js';
import {geminiCountFacts, geminiFacts, geminiRecord, unendedSince} from '../../core/gemini/gemini-agent.js';
import type {GeminiChat} from '../../core/gemini/chat.js';
import {agentCountFacts, countSession, type RuleOptions} from '../../core/monitor/session-counts.js';
import type {StatusCounts} from '../../core/monitor/view.js';
import type {AgentRecord} from '../../core/record/agent-record.js';
import {sessionLabel} from '../activity/read-agents.js';
import type {ProviderListing} from '../codex/codex-listings.js';
import {listGeminiSessions, readGeminiFile, type GeminiRead} from './gemini-files.js';
import {geminiProjectRoot} from './gemini-process.js';

export interface GeminiFileRead {
	readonly path: string;
	readonly read: GeminiRead;
}

/** One Gemini session: its main session's id, its last write, its main file (when found) and its subagents' files. */
export interface GeminiSession {
	readonly sessionId: string;
	/** The newest mtime of its files (ms). */
	readonly lastActivity: number;
	readonly main: GeminiFileRead | undefined;
	readonly children: readonly GeminiFileRead[];
	/**
	 * Gemini CLI no longer runs this session, asked only while a child has not ended: its children
	 * that had not ended were cut off (interrupted).
	 */
	readonly gone?: boolean;
}

export interface GeminiScan {
	/** Sessions with at least one subagent, newest first. */
	readonly sessions: readonly GeminiSession[];
	/** Files skipped: not regular files, or unreadable. */
	readonly skipped: number;
}

export const NO_GEMINI_SCAN: GeminiScan = {sessions: [], skipped: 0};

export interface GeminiScanOptions {
	/** `<gemini>` (core/paths.ts geminiHomeDir). */
	readonly geminiHome: string;
	/** Only sessions written since then (ms). */
	readonly sinceMs?: number;
	/** Reads kept between scans of one run; a file is read again only from where it stopped. */
	readonly memory?: Map<string, GeminiRead>;
	/**
	 * Whether Gemini CLI runs in a folder since before a child started (gemini-process.ts
	 * geminiRunning); asked only while a child has not ended. Not given: never asked, nothing cut.
	 */
	readonly running?: (root: string, childStartMs: number) => boolean | undefined;
}

/** Gemini CLI no longer runs the session: a child has not ended and no process runs Gemini where it ran. */
export function geminiSessionGone(children: readonly GeminiFileRead[], parent: GeminiChat | undefined, running: GeminiScanOptions['running']): boolean {
	if (running === undefined) {
		return false;
	}
	let since: number | undefined;
	let child: GeminiFileRead | undefined;
	for (const c of children) {
		const start = unendedSince(c.read.chat, parent);
		if (start !== undefined && (since === undefined || start < since)) {
			since = start;
			child = c;
		}
	}
	if (since === undefined || child === undefined) {
		return false;
	}
	// <tmp>/<projectId>/chats/<sessionId>/<agentId>.jsonl: the project's folder is named in <tmp>/<projectId>/.project_root.
	const root = geminiProjectRoot(path.dirname(path.dirname(child.path))) ?? child.read.chat.meta?.cwd;
	return root !== undefined && running(root, since) === false;
}

/** Every Gemini session with a subagent. Never throws; nothing when there is no Gemini folder. */
export function scanGeminiSessions(options: GeminiScanOptions): GeminiScan {
	const listing = listGeminiSessions(options.geminiHome, options.sinceMs === undefined ? {} : {sinceMs: options.sinceMs});
	const memory = options.memory ?? new Map<string, GeminiRead>();
	const seen = new Set<string>();
	let skipped = listing.skipped;
	const read = (file: string): GeminiRead | undefined => {
		seen.add(file);
		const fresh = readGeminiFile(file, memory.get(file));
		if ('problem' in fresh) {
			skipped += 1;
			memory.delete(file);
			return undefined;
		}
		memory.set(file, fresh);
		return fresh;
	};
	const sessions: GeminiSession[] = [];
	for (const s of listing.sessions) {
		const children: GeminiFileRead[] = [];
		for (const f of s.children) {
			const r = read(f.path);
			if (r !== undefined && r.chat.meta?.kind === 'subagent') {
				children.push({path: f.path, read: r});
			}
		}
		let main: GeminiFileRead | undefined;
		for (const f of s.mains) {
			const r = read(f.path);
			if (r !== undefined && r.chat.meta?.sessionId === s.sessionId) {
				main = {path: f.path, read: r};
			}
		}
		if (children.length > 0) {
			const gone = geminiSessionGone(children, main?.read.chat, options.running);
			sessions.push({sessionId: s.sessionId, lastActivity: s.lastActivity, main, children, ...(gone ? {gone} : {})});
		}
	}
	if (options.sinceMs === undefined) {
		// A full scan: what was not listed is gone.
		for (const key of [...memory.keys()]) {
			if (!seen.has(key)) {
				memory.delete(key);
			}
		}
	}
	return {sessions, skipped};
}

export function geminiSessionOf(scan: GeminiScan, sessionId: string): GeminiSession | undefined {
	return scan.sessions.find(s => s.sessionId === sessionId);
}

export interface GeminiAgents {
	readonly agents: AgentRecord[];
	readonly transcripts: Map<string, TranscriptFacts>;
}

const parentOf = (session: GeminiSession): GeminiChat | undefined => session.main?.read.chat;

/** A session's subagents: their records and transcript facts. */
export function geminiAgentsOf(session: GeminiSession, pricer?: Pricer): GeminiAgents {
	const parent = parentOf(session);
	const agents: AgentRecord[] = [];
	const transcripts = new Map<string, TranscriptFacts>();
	for (const c of session.children) {
		const record = geminiRecord(c.read.chat, c.path, session.sessionId, parent, session.gone);
		if (record === undefined) {
			continue;
		}
		agents.push(record);
		transcripts.set(
			record.agentId,
			geminiFacts(c.read.chat, parent, {mtimeMs: c.read.mtimeMs, gone: session.gone === true, ...(pricer === undefined ? {} : {pricer})}),
		);
	}
	return {agents, transcripts};
}

/** A Gemini session's counts by display status, by the same rules as a session folder's. */
export function geminiSessionCounts(session: GeminiSession, options: RuleOptions): StatusCounts {
	const parent = parentOf(session);
	const records: AgentRecord[] = [];
	const facts = new Map<string, TranscriptFacts>();
	for (const c of session.children) {
		const record = geminiRecord(c.read.chat, c.path, session.sessionId, parent, session.gone);
		if (record !== undefined) {
			records.push(record);
			facts.set(record.agentId, geminiCountFacts(c.read.chat, parent, c.read.mtimeMs, session.gone));
		}
	}
	return countSession(records.map(agentCountFacts), {...options, transcripts: facts});
}

/**
 * The listings beside Gemini's sessions, newest first: a session id already listed (a folder of
 * that id) keeps its listing; every other Gemini session is listed with its counts.
 */
export function withGeminiSessions(listings: readonly ProviderListing[], scan: GeminiScan, options: RuleOptions): ProviderListing[] {
	const ids = new Set(listings.map(l => l.id));
	const out = [...listings];
	for (const session of scan.sessions) {
		if (ids.has(session.sessionId)) {
			continue;
		}
		out.push({
			id: session.sessionId,
			label: sessionLabel(session.sessionId),
			lastActivity: session.lastActivity,
			counts: geminiSessionCounts(session, options),
			warnings: 0,
			mainWaiting: false,
			provider: 'gemini',
		});
	}
	return out.sort((a, b) => b.lastActivity - a.lastActivity);
}
