// What `sessions` needs of every agent file, kept between runs so that only what changed is read
// again: $XDG_STATE_HOME/agentlog/sessions-cache.json (never under the activity folder: readers
// do not write there, DESIGN.md §1).
//
// Per agent file it keeps only the facts the session rules use (agentId, type, status, its times
// parsed to ms once, startUnknown, whether it names a transcript) or that the file could not be
// read, keyed by the file's mtime, size and inode, as one array (no repeated keys: the cache of
// 20,000 agents is parsed at every run); per session folder, the folder's mtime, which changes whenever a file is
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
import {ghostFacts} from '../../core/monitor/ghosts.js';
import type {AgentCountFacts} from '../../core/monitor/session-counts.js';
import type {AgentRecord, AgentStatus} from '../../core/record/agent-record.js';
import {writeAtomic} from '../fs/atomic-write.js';
import {readRegularText} from '../fs/safe-file.js';
import {isAgentFileName, readAgentFile, type SessionDirInfo} from './read-agents.js';

/** The cache is written only while smaller than this (about 250,000 agents), and read only then. */
export const MAX_CACHE_BYTES = 48 * 1024 * 1024;

/** A folder or file changed this recently is read again next time (timestamps have ticks). */
export const RACY_MS = 2000;

const VERSION = 2;

/** The cache file: `$XDG_STATE_HOME/agentlog/sessions-cache.json` (beside the UI state). */
export function sessionCacheFile(env: {readonly XDG_STATE_HOME?: string}, home: string): string {
	const base = env.XDG_STATE_HOME && path.isAbsolute(env.XDG_STATE_HOME) ? env.XDG_STATE_HOME : path.join(home, '.local', 'state');
	return path.join(base, 'agentlog', 'sessions-cache.json');
}

/** An agent as the session counts see it, and the name of its file in the session folder. */
export interface SessionAgent extends AgentCountFacts {
	readonly file: string;
}

/** One session's agents as the session rules see them. */
export interface SessionFacts {
	/** In file name order; display-safe facts (from the records `readAgentFile` gives). */
	readonly agents: readonly SessionAgent[];
	/** Agent files that could not be read (invalid, not regular files, too large). */
	readonly invalid: number;
}

type Key = [number, number, number];

/**
 * A file's entry: its name; then, for a regular file, its key (mtime, size, inode) and either the
 * facts (agentId, or 0 when it is the name without `.json`; type; status as its index in
 * STATUSES; startedAt, updatedAt and stoppedAt in ms, or null when unreadable; flags: 1
 * startUnknown, 2 names a transcript) or, for a file that could not be read, its error.
 */
type FileEntry =
	| [string]
	| [string, number, number, number, string]
	| [string, number, number, number, string | 0, string, number, number | null, number | null, number | null, number];

interface SessionEntry {
	/** The folder's mtime; -1 when it was racy (never matches). */
	m: number;
	/** One entry per agent file, by name; files that are not regular files have only their name. */
	f: FileEntry[];
}

interface CacheData {
	v: number;
	activity: string;
	s: Record<string, SessionEntry>;
}

const STATUSES: readonly AgentStatus[] = ['active', 'idle', 'stopped'];
const START_UNKNOWN = 1;
const HAS_TRANSCRIPT = 2;

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

const isTime = (value: unknown): value is number | null => value === null || (typeof value === 'number' && Number.isFinite(value));
const orUndefined = (value: number | null): number | undefined => (value === null ? undefined : value);

type Facts = SessionAgent | {readonly invalid: string};

/** The facts of a cached entry; undefined when the entry is not well formed. */
function factsOf(entry: readonly unknown[]): Facts | undefined {
	const name = entry[0];
	if (typeof name !== 'string') {
		return undefined;
	}
	if (entry.length === 5) {
		return typeof entry[4] === 'string' ? {invalid: entry[4]} : undefined;
	}
	if (entry.length !== 11) {
		return undefined;
	}
	const [, , , , id, type, status, start, updated, stopped, flags] = entry;
	const agentId = id === 0 ? name.slice(0, -'.json'.length) : id;
	if (typeof agentId !== 'string' || typeof type !== 'string' || typeof status !== 'number' || STATUSES[status] === undefined || typeof flags !== 'number') {
		return undefined;
	}
	if (!isTime(start) || !isTime(updated) || !isTime(stopped)) {
		return undefined;
	}
	return {
		file: name,
		agentId,
		type,
		status: STATUSES[status],
		start: orUndefined(start),
		updated: orUndefined(updated),
		stopped: orUndefined(stopped),
		startUnknown: (flags & START_UNKNOWN) !== 0,
		hasTranscript: (flags & HAS_TRANSCRIPT) !== 0,
	};
}

function entryOf(name: string, key: Key, facts: Facts): FileEntry {
	if ('invalid' in facts) {
		return [name, ...key, facts.invalid];
	}
	return [
		name,
		...key,
		facts.agentId === name.slice(0, -'.json'.length) ? 0 : facts.agentId,
		facts.type,
		STATUSES.indexOf(facts.status),
		facts.start ?? null,
		facts.updated ?? null,
		facts.stopped ?? null,
		(facts.startUnknown ? START_UNKNOWN : 0) | (facts.hasTranscript ? HAS_TRANSCRIPT : 0),
	];
}

/** The facts the rules use of a record read in full (`readAgentFile`'s display record). */
export function sessionAgent(file: string, record: AgentRecord): SessionAgent {
	return {file, ...ghostFacts(record), hasTranscript: typeof record.transcriptPath === 'string' && record.transcriptPath !== ''};
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
	if (!Array.isArray(cached.f)) {
		return undefined;
	}
	const agents: SessionAgent[] = [];
	let invalid = 0;
	for (const entry of cached.f) {
		const facts = Array.isArray(entry) && entry.length > 1 && entry[1] !== -1 ? factsOf(entry) : undefined;
		if (facts === undefined) {
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

/** The cached entries by file name (well-formed ones only). */
function byName(cached: SessionEntry | undefined): Map<string, readonly unknown[]> {
	const out = new Map<string, readonly unknown[]>();
	if (cached !== undefined && Array.isArray(cached.f)) {
		for (const entry of cached.f as unknown[]) {
			if (Array.isArray(entry) && typeof entry[0] === 'string') {
				out.set(entry[0], entry);
			}
		}
	}
	return out;
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
	const old = byName(cached);
	const names = trustNames ? [...old.keys()].sort() : listNames(sessionDir);
	const agents: SessionAgent[] = [];
	let invalid = 0;
	let changed = !trustNames;
	const files: FileEntry[] = [];
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
				agents.push(sessionAgent(name, read.record));
			} else if (!read.missing) {
				invalid += 1;
			}
			files.push([name]);
			continue;
		}
		const key: Key = [stats.mtimeMs, stats.size, stats.ino];
		const was = old.get(name);
		let facts: Facts | undefined = was && was[1] === key[0] && was[2] === key[1] && was[3] === key[2] ? factsOf(was) : undefined;
		if (facts === undefined) {
			changed = true;
			const read = readAgentFile(file);
			if (read.ok) {
				facts = sessionAgent(name, read.record);
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
		files.push(entryOf(name, racy ? [-1, key[1], key[2]] : key, facts));
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
