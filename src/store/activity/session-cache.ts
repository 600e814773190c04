// What `sessions` needs of every agent file, kept between runs so that only what changed is read
// again: $XDG_STATE_HOME/agentlog/sessions-cache.json (never under the activity folder: readers
// do not write there, DESIGN.md §1).
//
// Per agent file it keeps only the facts the session rules use (agentId, type, status, startedAt,
// updatedAt, stoppedAt, startUnknown) or that the file could not be read, keyed by the file's
// mtime, size and inode; per session folder, the folder's mtime, which changes whenever a file is
// renamed into it, added or removed (the hook writes by rename). A folder whose mtime has not
// changed is taken from the cache without a stat of its files (stat-ing 20,000 files alone costs
// more than the goal allows); in a folder that changed, only files whose key changed are read.
// Decision: a file rewritten in place (not by the hook, which renames) in a folder that did not
// change is seen once the folder changes. The rules (ghosts, stale with `now`) are applied to
// these facts by the caller, exactly as to records read in full.
//
// Racy entries (git's word): a folder or file changed within RACY_MS of the read may change again
// within the same timestamp tick, so it is read again next time instead of trusted. A missing,
// corrupt, oversized or non-regular cache file (a FIFO) is an empty cache; a failed write costs
// only the next run's speed.
import {mkdirSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import type {AgentRecord, AgentStatus} from '../../core/record/agent-record.js';
import {AGENT_STATUSES} from '../../core/record/agent-record.js';
import {writeAtomic} from '../fs/atomic-write.js';
import {readRegularText} from '../fs/safe-file.js';
import {isAgentFileName, readAgentFile, type SessionDirInfo} from './read-agents.js';

/** The cache is written only while smaller than this (about 250,000 agents), and read only then. */
export const MAX_CACHE_BYTES = 48 * 1024 * 1024;

/** A folder or file changed this recently is read again next time (timestamps have ticks). */
export const RACY_MS = 2000;

const VERSION = 1;

/** The cache file: `$XDG_STATE_HOME/agentlog/sessions-cache.json` (beside the UI state). */
export function sessionCacheFile(env: {readonly XDG_STATE_HOME?: string}, home: string): string {
	const base = env.XDG_STATE_HOME && path.isAbsolute(env.XDG_STATE_HOME) ? env.XDG_STATE_HOME : path.join(home, '.local', 'state');
	return path.join(base, 'agentlog', 'sessions-cache.json');
}

/** One session's agents as the session rules see them. */
export interface SessionFacts {
	/** Records holding only the facts the rules use (display-safe, as `readSessionDir` gives). */
	readonly agents: readonly AgentRecord[];
	/** Agent files that could not be read (invalid, not regular files, too large). */
	readonly invalid: number;
}

/**
 * A file's entry: its key (mtime, size, inode), then either the facts
 * (agentId, type, status, startedAt, updatedAt, stoppedAt or null, 1 when startUnknown else 0)
 * or, for a file that could not be read, [error].
 */
type FileEntry = [number, number, number, ...([string, string, string, string, string, string | null, 0 | 1] | [string])];

interface SessionEntry {
	/** The folder's mtime; -1 when it was racy (never matches). */
	m: number;
	/** Agent file name → entry; names of files that are not regular files are kept with a null. */
	f: Record<string, FileEntry | null>;
}

interface CacheData {
	v: number;
	activity: string;
	s: Record<string, SessionEntry>;
}

function isCacheData(json: unknown, activity: string): json is CacheData {
	if (typeof json !== 'object' || json === null) {
		return false;
	}
	const data = json as Partial<CacheData>;
	return data.v === VERSION && data.activity === activity && typeof data.s === 'object' && data.s !== null && !Array.isArray(data.s);
}

function loadCache(file: string, activity: string): Record<string, SessionEntry> {
	const read = readRegularText(file, {maxBytes: MAX_CACHE_BYTES, followSymlinks: false});
	if (!read.ok || read.truncated) {
		return {};
	}
	try {
		const json: unknown = JSON.parse(read.text);
		return isCacheData(json, activity) ? json.s : {};
	} catch {
		return {};
	}
}

const isStatus = (value: unknown): value is AgentStatus => (AGENT_STATUSES as readonly unknown[]).includes(value);

/** The record the rules see, from a cached entry; undefined when the entry is not well formed. */
function factsOf(entry: FileEntry): AgentRecord | {readonly invalid: string} | undefined {
	if (entry.length === 4) {
		return typeof entry[3] === 'string' ? {invalid: entry[3]} : undefined;
	}
	const [, , , agentId, type, status, startedAt, updatedAt, stoppedAt, startUnknown] = entry;
	if (typeof agentId !== 'string' || typeof type !== 'string' || !isStatus(status) || typeof startedAt !== 'string' || typeof updatedAt !== 'string') {
		return undefined;
	}
	return {
		agentId,
		type,
		status,
		startedAt,
		updatedAt,
		...(typeof stoppedAt === 'string' ? {stoppedAt} : {}),
		...(startUnknown === 1 ? {startUnknown: true} : {}),
	};
}

function entryOf(key: [number, number, number], record: AgentRecord | {readonly invalid: string}): FileEntry {
	if ('invalid' in record) {
		return [...key, record.invalid];
	}
	return [
		...key,
		record.agentId,
		record.type,
		record.status,
		record.startedAt,
		record.updatedAt,
		record.stoppedAt ?? null,
		record.startUnknown === true ? 1 : 0,
	];
}

/** Only the facts the rules use, so cached and fresh reads give the same records. */
function rulesRecord(record: AgentRecord): AgentRecord {
	return factsOf(entryOf([0, 0, 0], record)) as AgentRecord;
}

function isInside(file: string, folder: string): boolean {
	const relative = path.relative(path.resolve(folder), path.resolve(file));
	return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

function listNames(sessionDir: string): string[] {
	try {
		return readdirSync(sessionDir).filter(isAgentFileName).sort();
	} catch {
		return [];
	}
}

/** A session whose folder has not changed: its cached facts, when every entry is whole and usable. */
function unchanged(cached: SessionEntry): SessionFacts | undefined {
	const agents: AgentRecord[] = [];
	let invalid = 0;
	for (const name of Object.keys(cached.f).sort()) {
		const entry = cached.f[name];
		const facts = entry ? factsOf(entry) : undefined;
		if (!entry || entry[0] === -1 || facts === undefined) {
			// Not a regular file, racy, or not well formed: the folder is looked at again.
			return undefined;
		}
		if ('invalid' in facts) {
			invalid += 1;
		} else {
			agents.push(facts);
		}
	}
	return {agents, invalid};
}

/**
 * One session. A folder whose mtime is the cached one has the same files (the hook writes by
 * rename, which changes the folder's mtime): its cached facts are used without a stat. Otherwise
 * each file is looked at: cached entries whose key still matches are used, the rest read again.
 */
function readSession(
	sessionDir: string,
	dir: SessionDirInfo,
	cached: SessionEntry | undefined,
	now: number,
): {facts: SessionFacts; entry: SessionEntry; changed: boolean} {
	const trustNames = cached !== undefined && cached.m === dir.mtimeMs;
	const kept = trustNames ? unchanged(cached) : undefined;
	if (kept !== undefined) {
		return {facts: kept, entry: cached!, changed: false};
	}
	const names = trustNames ? Object.keys(cached.f).sort() : listNames(sessionDir);
	const agents: AgentRecord[] = [];
	let invalid = 0;
	let changed = !trustNames;
	const files: Record<string, FileEntry | null> = {};
	for (const name of names) {
		const file = path.join(sessionDir, name);
		let stats;
		try {
			stats = statSync(file, {throwIfNoEntry: false});
		} catch {
			stats = undefined;
		}
		if (stats === undefined && trustNames) {
			// Gone without the folder's mtime changing: only when it changed within a tick.
			changed = true;
			continue;
		}
		if (stats === undefined || !stats.isFile()) {
			// Not a regular file (a FIFO, a folder) or not there: read as a full read would (it is
			// refused without being opened), never cached.
			const read = readAgentFile(file);
			if (read.ok) {
				agents.push(rulesRecord(read.record));
			} else if (!read.missing) {
				invalid += 1;
			}
			files[name] = null;
			continue;
		}
		const key: [number, number, number] = [stats.mtimeMs, stats.size, stats.ino];
		const old = cached?.f[name];
		const hit = old && old[0] === key[0] && old[1] === key[1] && old[2] === key[2] ? factsOf(old) : undefined;
		let facts: AgentRecord | {readonly invalid: string} | undefined = hit;
		if (facts === undefined) {
			changed = true;
			const read = readAgentFile(file);
			if (read.ok) {
				facts = rulesRecord(read.record);
			} else if (!read.missing) {
				facts = {invalid: read.error};
			}
		}
		if (facts === undefined) {
			continue;
		}
		if ('invalid' in facts) {
			invalid += 1;
		} else {
			agents.push(facts);
		}
		// A file changed within a tick of now may change again unseen: its key is kept as one that
		// never matches (read next time), its name kept for the list.
		const racy = now - key[0] <= RACY_MS;
		files[name] = entryOf(racy ? [-1, key[1], key[2]] : key, facts);
		changed ||= racy;
	}
	const racy = now - dir.mtimeMs <= RACY_MS;
	return {facts: {agents, invalid}, entry: {m: racy ? -1 : dir.mtimeMs, f: files}, changed: changed || racy};
}

/**
 * The facts of every session in `dirs` (from `listSessionDirs(activity)`), reading only the agent
 * files that changed since the cache was written, and writing the cache back when anything did.
 * Without a cache file (undefined, or one inside the activity folder) every file is read.
 * `now` is the wall clock: it only tells which timestamps are too recent to trust.
 */
export function readSessionFacts(
	activity: string,
	dirs: readonly SessionDirInfo[],
	cacheFile: string | undefined,
	now: number = Date.now(),
): Map<string, SessionFacts> {
	const usable = cacheFile !== undefined && !isInside(cacheFile, activity);
	const cache = usable ? loadCache(cacheFile, activity) : {};
	const next: Record<string, SessionEntry> = {};
	const out = new Map<string, SessionFacts>();
	let changed = false;
	for (const dir of dirs) {
		const result = readSession(path.join(activity, dir.id), dir, Object.hasOwn(cache, dir.id) ? cache[dir.id] : undefined, now);
		out.set(dir.id, result.facts);
		next[dir.id] = result.entry;
		changed ||= result.changed;
	}
	changed ||= Object.keys(cache).some(id => !Object.hasOwn(next, id));
	if (usable && changed) {
		saveCache(cacheFile, {v: VERSION, activity, s: next});
	}
	return out;
}

function saveCache(file: string, data: CacheData): void {
	try {
		const text = JSON.stringify(data);
		if (text.length > MAX_CACHE_BYTES) {
			return;
		}
		mkdirSync(path.dirname(file), {recursive: true});
		writeAtomic(file, text);
	} catch {
		// Best effort: the next run reads the files again.
	}
}
