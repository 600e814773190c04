// What `sessions` needs of every session folder, kept between runs so that only what changed is
// read again: $XDG_STATE_HOME/agentlog/sessions-cache.json (never under the activity folder:
// readers do not write there, docs/design.md#data-flow).
//
// Per session folder it keeps its mtime, its summary and its files' entries (the format is in
// session-cache-entries.ts).
// A folder whose mtime has not changed is counted from its summary: neither its files nor its
// entries are looked at (stat-ing 20,000 files alone costs more than the goal allows, and
// parsing 20,000 entries most of it). In a folder that changed, only files whose key changed are
// read. Decision: a file rewritten in place (not by the hook, which renames) in a folder that did
// not change is seen once the folder changes. The clock-dependent rules (stale with `now`) and
// the transcripts are applied by the caller at every run, so the counts are exactly those of a
// full read (a property test compares summaries with the counts of the agents).
//
// Racy entries (git's word): a folder or file changed within RACY_MS of the read may change again
// within the same timestamp tick, so it is read again next time instead of trusted (and its
// folder gets no summary). A missing, corrupt, oversized or non-regular cache file (a FIFO) is an
// empty cache; a failed write costs only the next run's speed.
import {mkdirSync, statSync} from 'node:fs';
import path from 'node:path';
import {agentCountFacts, summarizeAgents, type SessionSummary} from '../../core/monitor/session-counts.js';
import type {AgentRecord} from '../../core/record/agent-record.js';
import type {Provider} from '../../core/record/provider.js';
import {writeAtomic} from '../fs/atomic-write.js';
import {readRegularText} from '../fs/safe-file.js';
import {listAgentFiles, readAgentFile, type SessionDirInfo} from './read-agents.js';
import {
	entryOf,
	factsOf,
	sessionProvider,
	summaryEntry,
	summaryOf,
	type Facts,
	type FileEntry,
	type Key,
	byName,
	cachedProvider,
	fileEntries,
	unchanged,
	withProvider,
	type SessionAgent,
	type SessionEntry,
	type SessionReader,
} from './session-cache-entries.js';

export type {SessionAgent, SessionReader} from './session-cache-entries.js';

/** The cache is written only while smaller than this (about 250,000 agents), and read only then. */
export const MAX_CACHE_BYTES = 48 * 1024 * 1024;

/** A folder or file changed this recently is read again next time (timestamps have ticks). */
export const RACY_MS = 2000;

// 6: each file's flags carry its record's provider, each session its provider (`p`).
const VERSION = 6;

/** One session as the session rules see it: its summary, else (two files name one agent) its agents. */
export interface SessionFacts {
	/** The summary of its agents; absent only when two of its files name the same agentId. */
	readonly summary?: SessionSummary<SessionReader>;
	/**
	 * In file name order; display-safe facts (from the records `readAgentFile` gives). Absent when
	 * the session was counted from its cached summary (its folder did not change).
	 */
	readonly agents?: readonly SessionAgent[];
	/** Agent files that could not be read (invalid, not regular files, too large). */
	readonly invalid: number;
	/** The tool whose session it is (its records name it), when not Claude Code. */
	readonly provider?: Exclude<Provider, 'claude'>;
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

/** The facts the rules use of a record read in full (`readAgentFile`'s display record). */
export function sessionAgent(file: string, record: AgentRecord): SessionAgent {
	const provider = record.provider === undefined || record.provider === 'claude' ? undefined : record.provider;
	return {file, ...agentCountFacts(record), ...(provider === undefined ? {} : {provider})};
}

function isInside(file: string, folder: string): boolean {
	const relative = path.relative(path.resolve(folder), path.resolve(file));
	return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** The summary of a session's agents (undefined when two files name one agentId). */
function summarize(agents: readonly SessionAgent[]): SessionSummary<SessionReader> | undefined {
	return summarizeAgents(agents, (agent, reader) => ({...reader, file: agent.file}));
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
	const summarized = trustNames ? summaryOf(cached.c) : undefined;
	const provider = cached === undefined ? undefined : cachedProvider(cached);
	if (summarized !== undefined && provider !== false) {
		// The fast path: neither the files nor their entries are looked at.
		return {facts: {...summarized, ...(provider === undefined ? {} : {provider})}, entry: cached!, changed: false};
	}
	const entries = fileEntries(cached);
	const kept = trustNames ? unchanged(entries) : undefined;
	if (kept !== undefined) {
		// Whole entries without a summary (one is added when it can be: no agentId repeats).
		const summary = summarize(kept.agents);
		const keptProvider = sessionProvider(kept.agents);
		const entry: SessionEntry = {
			m: cached!.m,
			f: cached!.f,
			...(summary === undefined ? {} : {c: summaryEntry(summary, kept.invalid)}),
			...withProvider(keptProvider),
		};
		return {
			facts: {...kept, ...(summary === undefined ? {} : {summary}), ...(keptProvider === undefined ? {} : {provider: keptProvider})},
			entry,
			changed: summary !== undefined || cached!.p !== entry.p,
		};
	}
	const old = byName(entries);
	const names = trustNames ? [...old.keys()].sort() : listAgentFiles(sessionDir);
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
	const summary = summarize(agents);
	// A summary is kept only when the next run may trust every entry: none racy, none a non-regular file.
	const trusted = !racy && files.every(entry => entry.length > 1 && entry[1] !== -1);
	const found = sessionProvider(agents);
	const entry: SessionEntry = {
		m: racy ? -1 : dir.mtimeMs,
		f: JSON.stringify(files),
		...(trusted && summary !== undefined ? {c: summaryEntry(summary, invalid)} : {}),
		...withProvider(found),
	};
	return {
		facts: {agents, invalid, ...(summary === undefined ? {} : {summary}), ...(found === undefined ? {} : {provider: found})},
		entry,
		changed: changed || racy,
	};
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
