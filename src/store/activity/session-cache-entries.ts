// The entries of the sessions cache (session-cache.ts) as they are stored: a file's facts, a
// session's summary and its readers as arrays of values (no repeated keys), and back. Every value
// read back is checked: a cache file is outside input, and an entry that is not well formed is
// read again from the folder, never trusted.
//
// Per session folder the cache keeps:
// - `m`, the folder's mtime, which changes whenever a file is renamed into it, added or removed
//   (the hook writes by rename);
// - `c`, the session's summary (core/monitor/session-counts.ts): what its counts need that
//   neither the clock nor a transcript changes — idle and stopped counts, the ghosts by the times,
//   each active agent's last sign of life, and the few agents whose transcripts are read at
//   every run (file name, agentId, status, ghost or not, last sign of life) — and the number of
//   unreadable files;
// - `f`, the per-file entries as one JSON string, parsed only when the folder changed: per agent
//   file the facts the session rules use (agentId, type, status, its times parsed to ms once,
//   startUnknown, whether it names a transcript) or that it could not be read, keyed by the
//   file's mtime, size and inode, as one array (no repeated keys).
import type {AgentCountFacts, SessionSummary, SummaryReader} from '../../core/monitor/session-counts.js';
import type {AgentStatus} from '../../core/record/agent-record.js';
import {ALL_PROVIDERS, isProvider, type Provider} from '../../core/record/provider.js';

/** An agent as the session counts see it, and the name of its file in the session folder. */
export interface SessionAgent extends AgentCountFacts {
	readonly file: string;
	/** The tool whose agent it is, when not Claude Code (a Qwen Code or Codex record names it). */
	readonly provider?: Exclude<Provider, 'claude'>;
}

/** A summary's reader (see session-counts.ts) and the name of its file in the session folder. */
export interface SessionReader extends SummaryReader {
	readonly file: string;
}

export type Key = [number, number, number];

/**
 * A file's entry: its name; then, for a regular file, its key (mtime, size, inode) and either the
 * facts (agentId, or 0 when it is the name without `.json`; type; status as its index in
 * STATUSES; startedAt, updatedAt and stoppedAt in ms, or null when unreadable; flags: 1
 * startUnknown, 2 names a transcript, 4 waits, and from bit 3 up the record's provider as its
 * index in ALL_PROVIDERS (0: Claude Code); resumedAt in ms, or null) or, for a file that could not
 * be read, its error.
 */
export type FileEntry =
	| [string]
	| [string, number, number, number, string]
	| [string, number, number, number, string | 0, string, number, number | null, number | null, number | null, number, number | null];

/** A reader: file name, agentId, status (index in STATUSES), 1 when a ghost by the times, last sign of life, waiting since, last resumed. */
type ReaderEntry = [string, string, number, 0 | 1, number | null, number | null, number | null];

/** A summary: idle, stopped, lives, ghost idle, ghost stopped, ghost lives, readers, unreadable files. */
export type SummaryEntry = [number, number, Array<number | null>, number, number, Array<number | null>, ReaderEntry[], number];

const STATUSES: readonly AgentStatus[] = ['active', 'idle', 'stopped'];
const START_UNKNOWN = 1;
const HAS_TRANSCRIPT = 2;
const WAITING = 4;
/** The provider's index in ALL_PROVIDERS sits in the flags from this bit up. */
const PROVIDER_SHIFT = 3;

const isTime = (value: unknown): value is number | null => value === null || (typeof value === 'number' && Number.isFinite(value));
const orUndefined = (value: number | null): number | undefined => (value === null ? undefined : value);

export type Facts = SessionAgent | {readonly invalid: string};

/** The facts of a cached entry; undefined when the entry is not well formed. */
export function factsOf(entry: readonly unknown[]): Facts | undefined {
	const name = entry[0];
	if (typeof name !== 'string') {
		return undefined;
	}
	if (entry.length === 5) {
		return typeof entry[4] === 'string' ? {invalid: entry[4]} : undefined;
	}
	if (entry.length !== 12) {
		return undefined;
	}
	const [, , , , id, type, status, start, updated, stopped, flags, resumed] = entry;
	const agentId = id === 0 ? name.slice(0, -'.json'.length) : id;
	if (typeof agentId !== 'string' || typeof type !== 'string' || typeof status !== 'number' || STATUSES[status] === undefined || typeof flags !== 'number') {
		return undefined;
	}
	if (!isTime(start) || !isTime(updated) || !isTime(stopped) || !isTime(resumed)) {
		return undefined;
	}
	const provider = ALL_PROVIDERS[flags >> PROVIDER_SHIFT];
	if (provider === undefined) {
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
		waiting: (flags & WAITING) !== 0,
		...(resumed === null ? {} : {resumed}),
		...(provider === 'claude' ? {} : {provider}),
	};
}

export function entryOf(name: string, key: Key, facts: Facts): FileEntry {
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
		(facts.startUnknown ? START_UNKNOWN : 0) |
			(facts.hasTranscript ? HAS_TRANSCRIPT : 0) |
			(facts.waiting ? WAITING : 0) |
			(ALL_PROVIDERS.indexOf(facts.provider ?? 'claude') << PROVIDER_SHIFT),
		facts.resumed ?? null,
	];
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

function livesOf(value: unknown): Array<number | undefined> | undefined {
	return Array.isArray(value) && value.every(isTime) ? value.map(orUndefined) : undefined;
}

function readerOf(value: unknown): SessionReader | undefined {
	if (!Array.isArray(value) || value.length !== 7) {
		return undefined;
	}
	const [file, agentId, status, ghost, life, waitingSince, resumed] = value as unknown[];
	if (
		typeof file !== 'string' ||
		typeof agentId !== 'string' ||
		typeof status !== 'number' ||
		STATUSES[status] === undefined ||
		(ghost !== 0 && ghost !== 1) ||
		!isTime(life) ||
		!isTime(waitingSince) ||
		!isTime(resumed)
	) {
		return undefined;
	}
	const since = orUndefined(waitingSince);
	return {
		file,
		agentId,
		status: STATUSES[status],
		ghost: ghost === 1,
		life: orUndefined(life),
		...(since === undefined ? {} : {waitingSince: since}),
		...(resumed === null ? {} : {resumed}),
	};
}

/** A cached summary and its count of unreadable files; undefined when it is not well formed. */
export function summaryOf(value: unknown): {summary: SessionSummary<SessionReader>; invalid: number} | undefined {
	if (!Array.isArray(value) || value.length !== 8) {
		return undefined;
	}
	const [idle, stopped, lives, ghostIdle, ghostStopped, ghostLives, readerEntries, invalid] = value as unknown[];
	if (!isCount(idle) || !isCount(stopped) || !isCount(ghostIdle) || !isCount(ghostStopped) || !isCount(invalid) || !Array.isArray(readerEntries)) {
		return undefined;
	}
	const someLives = livesOf(lives);
	const someGhostLives = livesOf(ghostLives);
	const readers = readerEntries.map(readerOf);
	if (someLives === undefined || someGhostLives === undefined || readers.includes(undefined)) {
		return undefined;
	}
	return {summary: {idle, stopped, lives: someLives, ghostIdle, ghostStopped, ghostLives: someGhostLives, readers: readers as SessionReader[]}, invalid};
}

const orNull = (value: number | undefined): number | null => (value === undefined ? null : value);

export function summaryEntry(summary: SessionSummary<SessionReader>, invalid: number): SummaryEntry {
	return [
		summary.idle,
		summary.stopped,
		summary.lives.map(orNull),
		summary.ghostIdle,
		summary.ghostStopped,
		summary.ghostLives.map(orNull),
		summary.readers.map(r => [r.file, r.agentId, STATUSES.indexOf(r.status), r.ghost ? 1 : 0, orNull(r.life), orNull(r.waitingSince), orNull(r.resumed)]),
		invalid,
	];
}

/**
 * A session's tool, from its agents: the first (in file order) that names a tool other than Claude
 * Code (a Qwen Code session's records all name `qwen`); undefined for Claude Code's.
 */
export function sessionProvider(agents: readonly SessionAgent[]): Exclude<Provider, 'claude'> | undefined {
	return agents.find(a => a.provider !== undefined)?.provider;
}

/** One session folder's entry in the cache file (see above). */
export interface SessionEntry {
	/** The folder's mtime; -1 when it was racy (never matches). */
	m: number;
	/** JSON of one FileEntry per agent file, by name; files that are not regular files have only their name. */
	f: string;
	/** The summary, when every file was a regular file read at least a tick ago and no agentId repeats. */
	c?: SummaryEntry;
	/** The session's provider when not Claude Code (sessionProvider of its agents). */
	p?: string;
}

/** The provider a cached entry keeps; undefined for Claude Code's, false when it is not one agentlog knows. */
export function cachedProvider(entry: SessionEntry): Exclude<Provider, 'claude'> | undefined | false {
	if (entry.p === undefined) {
		return undefined;
	}
	return isProvider(entry.p) && entry.p !== 'claude' ? entry.p : false;
}

export const withProvider = (provider: Exclude<Provider, 'claude'> | undefined): {p?: string} => (provider === undefined ? {} : {p: provider});

/** The cached file entries (parsed from their JSON); undefined when missing or not well formed. */
export function fileEntries(cached: SessionEntry | undefined): unknown[] | undefined {
	if (cached === undefined || typeof cached.f !== 'string') {
		return undefined;
	}
	try {
		const entries: unknown = JSON.parse(cached.f);
		return Array.isArray(entries) ? entries : undefined;
	} catch {
		return undefined;
	}
}

/** A session whose folder has not changed: its cached facts, when every entry is whole and usable. */
export function unchanged(entries: unknown[] | undefined): {agents: SessionAgent[]; invalid: number} | undefined {
	if (entries === undefined) {
		return undefined;
	}
	const agents: SessionAgent[] = [];
	let invalid = 0;
	for (const entry of entries) {
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
export function byName(entries: unknown[] | undefined): Map<string, readonly unknown[]> {
	const out = new Map<string, readonly unknown[]>();
	if (entries !== undefined) {
		for (const entry of entries) {
			if (Array.isArray(entry) && typeof entry[0] === 'string') {
				out.set(entry[0], entry);
			}
		}
	}
	return out;
}
