// Codex sessions from the rollouts: every rollout's thread, grouped by its root (the
// Codex session), children as agents. What each rollout said, and how far it was read, is kept in
// $XDG_STATE_HOME/agentlog/codex-cache.json, so a run reads only what was appended since the last
// (a child's file grows while it works); a file whose inode, size and time did not change is not
// opened. The cache keeps what the counts need (status, times, tokens; a few tool calls, the
// report and task cut short); `readCodexAgents` reads a session's children whole for `ls` and
// `watch`.
import {mkdirSync} from 'node:fs';
import path from 'node:path';
import {codexFacts, codexRecord, mergeCodexRecords} from '../../core/codex/codex-agent.js';
import type {CodexThread} from '../../core/codex/rollout.js';
import {codexThreadFromJson} from '../../core/codex/thread-json.js';
import type {TranscriptFacts} from '../../core/monitor/inferred-stop.js';
import type {AgentRecord} from '../../core/record/agent-record.js';
import {isObject} from '../../core/record/json.js';
import {head} from '../../core/text/bounded.js';
import type {Pricer} from '../../core/cost/cost.js';
import {prices} from '../cost/prices.js';
import {writeAtomic} from '../fs/atomic-write.js';
import {readRegularText} from '../fs/safe-file.js';
import {listRollouts, readRollout, statRollouts, type RolloutFile, type RolloutRead} from './rollouts.js';

const VERSION = 1;
const MAX_CACHE_BYTES = 32 * 1024 * 1024;
/** What the cache keeps of a thread's texts (the counts and the listing need none of it; `ls` reads the rollouts again). */
const KEPT_TEXT = 200;

export interface CodexThreadRead {
	readonly path: string;
	readonly read: RolloutRead;
}

/** One Codex session: its root thread id, its last write, its threads (the root's too, when found). */
export interface CodexSession {
	readonly sessionId: string;
	/** The newest mtime of its rollouts (ms). */
	readonly lastActivity: number;
	readonly threads: readonly CodexThreadRead[];
}

export interface CodexScan {
	/** Sessions with at least one child thread, newest first. */
	readonly sessions: readonly CodexSession[];
	/** Rollouts skipped: not regular files, unreadable, or without a thread id on their first line. */
	readonly skipped: number;
}

export interface CodexScanOptions {
	/** `$CODEX_HOME` (core/paths.ts codexHomeDir). */
	readonly codexHome: string;
	/** core/paths.ts codexCacheFile; without it every rollout is read whole. */
	readonly cacheFile?: string;
	/** Only date folders from this day on (live state); default every folder. */
	readonly sinceMs?: number;
	/**
	 * Reads kept in memory between scans (`watch`): whole threads, not cut short; a file is read
	 * again only from where it stopped. Used instead of the cache file.
	 */
	readonly memory?: Map<string, RolloutRead>;
	/** These rollout files instead of the date folders' (`sinceMs` is then not used). */
	readonly files?: readonly string[];
	/** Prices each request of the threads read whole (`memory`): their cost (core/codex/rollout.ts CodexSpend). */
	readonly pricer?: Pricer;
}

type CacheEntry = RolloutRead;

function lite(thread: CodexThread): CodexThread {
	return {
		...thread,
		toolCalls: [],
		// Counts need no lifecycle and no cost: `ls` and `watch` read the rollouts for the detail pane.
		steps: [],
		spend: undefined,
		activity: thread.activity === undefined ? undefined : head(thread.activity, KEPT_TEXT),
		report: thread.report === undefined ? undefined : head(thread.report, KEPT_TEXT),
		task: thread.task === undefined ? undefined : head(thread.task, KEPT_TEXT),
	};
}

function loadCache(file: string | undefined): Map<string, CacheEntry> {
	const out = new Map<string, CacheEntry>();
	if (file === undefined) {
		return out;
	}
	const read = readRegularText(file, {maxBytes: MAX_CACHE_BYTES, followSymlinks: true});
	if (!read.ok) {
		return out;
	}
	try {
		const json: unknown = JSON.parse(read.text);
		if (!isObject(json) || json.v !== VERSION || !isObject(json.files)) {
			return out;
		}
		for (const [key, entry] of Object.entries(json.files)) {
			// An entry not as written (cut, edited, another version's) is left out: its rollout is read again.
			const read = cacheEntryOf(entry);
			if (read !== undefined) {
				out.set(key, read);
			}
		}
	} catch {
		return new Map();
	}
	return out;
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

function cacheEntryOf(entry: unknown): CacheEntry | undefined {
	if (
		!isObject(entry) ||
		// Inodes can pass 2^53 (then inexact, but the same each time).
		typeof entry.ino !== 'number' ||
		!(entry.ino >= 0) ||
		!isCount(entry.offset) ||
		!isCount(entry.size) ||
		!isCount(entry.longLines) ||
		typeof entry.mtimeMs !== 'number' ||
		!Number.isFinite(entry.mtimeMs) ||
		typeof entry.skipping !== 'boolean' ||
		entry.offset > entry.size ||
		(entry.tail !== undefined && typeof entry.tail !== 'string')
	) {
		return undefined;
	}
	const thread = codexThreadFromJson(entry.thread);
	return thread === undefined
		? undefined
		: {
				thread,
				ino: entry.ino,
				offset: entry.offset,
				skipping: entry.skipping,
				size: entry.size,
				mtimeMs: entry.mtimeMs,
				longLines: entry.longLines,
				...(typeof entry.tail === 'string' ? {tail: entry.tail} : {}),
			};
}

function saveCache(file: string, entries: ReadonlyMap<string, CacheEntry>): void {
	try {
		mkdirSync(path.dirname(file), {recursive: true});
		writeAtomic(file, JSON.stringify({v: VERSION, files: Object.fromEntries(entries)}));
	} catch {
		// A cache that cannot be written costs the next run's speed only.
	}
}

const unchanged = (entry: CacheEntry, f: RolloutFile): boolean => entry.ino === f.ino && entry.size === f.size && entry.mtimeMs === f.mtimeMs;

/** Every Codex session with a subagent, from the rollouts (see the file's head). Never throws. */
export function scanCodexSessions(options: CodexScanOptions): CodexScan {
	const listing =
		options.files !== undefined
			? statRollouts(options.files)
			: listRollouts(options.codexHome, options.sinceMs === undefined ? {} : {sinceMs: options.sinceMs});
	const memory = options.memory;
	const cache = memory ?? loadCache(options.cacheFile);
	const next = new Map<string, CacheEntry>();
	let changed = false;
	let skipped = listing.skipped;
	const bySession = new Map<string, {lastActivity: number; threads: CodexThreadRead[]; children: number}>();
	for (const f of listing.files) {
		const cached = cache.get(f.path);
		let read: RolloutRead;
		if (cached !== undefined && unchanged(cached, f)) {
			read = cached;
		} else {
			// Kept in memory (watch): whole; for the cache: counted, the calls not kept (lite).
			const fresh = memory === undefined ? readRollout(f.path, cached, {calls: false}) : readRollout(f.path, cached, {calls: true, pricer: options.pricer});
			if ('problem' in fresh) {
				skipped += 1;
				continue;
			}
			read = memory === undefined ? {...fresh, thread: lite(fresh.thread)} : fresh;
			changed = true;
		}
		next.set(f.path, read);
		const meta = read.thread.meta;
		if (meta === undefined) {
			skipped += 1;
			continue;
		}
		let session = bySession.get(meta.sessionId);
		if (session === undefined) {
			session = {lastActivity: 0, threads: [], children: 0};
			bySession.set(meta.sessionId, session);
		}
		session.lastActivity = Math.max(session.lastActivity, f.mtimeMs);
		session.threads.push({path: f.path, read});
		if (meta.isChild) {
			session.children += 1;
		}
	}
	if (memory !== undefined) {
		memory.clear();
		for (const [key, entry] of next) {
			memory.set(key, entry);
		}
	} else if (options.cacheFile !== undefined) {
		// Entries of files outside the folders looked at (a day's margin) are dropped: each cache
		// serves one window (the listing's 30 days, or the live rule's two). Written only when
		// something changed: `status` runs this every few seconds.
		let dropped = false;
		if (options.sinceMs === undefined) {
			dropped = [...cache.keys()].some(key => !next.has(key));
		} else {
			const keepFrom = options.sinceMs - 86_400_000;
			for (const [key, entry] of cache) {
				if (next.has(key)) {
					continue;
				}
				if (entry.mtimeMs >= keepFrom) {
					next.set(key, entry);
				} else {
					dropped = true;
				}
			}
		}
		if (changed || dropped) {
			saveCache(options.cacheFile, next);
		}
	}
	const sessions = [...bySession]
		.filter(([, s]) => s.children > 0)
		.map(([sessionId, s]) => ({sessionId, lastActivity: s.lastActivity, threads: s.threads}))
		.sort((a, b) => b.lastActivity - a.lastActivity);
	return {sessions, skipped};
}

/** One session's own rollouts, read as `watch` reads the live ones (kept in `memory`). */
export function scanCodexFiles(files: readonly RolloutFile[], memory: Map<string, RolloutRead>, pricer?: Pricer): CodexScan {
	return scanCodexSessions({codexHome: '', files: files.map(f => f.path), memory, ...(pricer === undefined ? {} : {pricer})});
}

/** The agent records of a session's children as the cache knows them (enough for counts). */
export function codexSessionRecords(session: CodexSession): AgentRecord[] {
	return session.threads.flatMap(t => {
		const record = codexRecord(t.read.thread, t.path);
		return record === undefined ? [] : [record];
	});
}

export interface CodexAgents {
	readonly agents: AgentRecord[];
	readonly transcripts: Map<string, TranscriptFacts>;
	/** Child rollouts that could not be read now. */
	readonly problems: number;
}

/**
 * A session's children read whole (for `ls` and `watch`): their records and transcript facts,
 * each merged with the hook's record of the same agent when there is one (`hooked`).
 */
export function readCodexAgents(session: CodexSession, hooked: readonly AgentRecord[] = [], pricer: Pricer = prices()): CodexAgents {
	const byId = new Map(hooked.map(r => [r.agentId, r]));
	const agents: AgentRecord[] = [];
	const transcripts = new Map<string, TranscriptFacts>();
	let problems = 0;
	for (const t of session.threads) {
		if (t.read.thread.meta?.isChild !== true) {
			continue;
		}
		const read = readRollout(t.path, undefined, {pricer});
		if ('problem' in read) {
			problems += 1;
			continue;
		}
		const record = codexRecord(read.thread, t.path);
		if (record === undefined) {
			continue;
		}
		const hook = byId.get(record.agentId);
		agents.push(hook === undefined ? record : mergeCodexRecords(hook, record));
		transcripts.set(record.agentId, codexFacts(read.thread, read.mtimeMs));
	}
	return {agents, transcripts, problems};
}

/** A session's children from threads already read whole (a `memory` scan): records merged with the hook's, and facts. */
export function codexAgentsOf(session: CodexSession, hooked: readonly AgentRecord[] = []): CodexAgents {
	const byId = new Map(hooked.map(r => [r.agentId, r]));
	const agents: AgentRecord[] = [];
	const transcripts = new Map<string, TranscriptFacts>();
	for (const t of session.threads) {
		const record = codexRecord(t.read.thread, t.path);
		if (record === undefined) {
			continue;
		}
		const hook = byId.get(record.agentId);
		agents.push(hook === undefined ? record : mergeCodexRecords(hook, record));
		transcripts.set(record.agentId, codexFacts(t.read.thread, t.read.mtimeMs));
	}
	return {agents, transcripts, problems: 0};
}
