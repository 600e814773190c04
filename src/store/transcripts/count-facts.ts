// What the session counts need from transcripts (`sessions`, `status`), read incrementally: the
// counts' rules (session-counts.ts) look only at a transcript's last line time, whether it holds
// work, how its turn ended, its write time, and its parent's Task result status. Those are folded
// from the lines with the monitor's own fold (foldLines, ParentIndex) and kept in a cache beside
// the sessions cache, with how far each file was read: a run reads only what was appended since
// (a status bar runs `status` every few seconds while transcripts of many MB grow). A file
// replaced, cut shorter or rewritten (another inode, a smaller size, the same size with another
// time) is read again from its start. The cache is best effort: missing, corrupt or unwritable,
// every transcript is read whole, as readAgentActivities does — the same facts either way (tested).
import {closeSync, mkdirSync} from 'node:fs';
import path from 'node:path';
import type {TranscriptFacts} from '../../core/monitor/inferred-stop.js';
import {isObject} from '../../core/record/json.js';
import {agentActivity} from '../../core/transcript/activity.js';
import {ParentIndex} from '../../core/transcript/parent-index.js';
import {EMPTY_SUMMARY, foldLines, type TranscriptSummary} from '../../core/transcript/summary.js';
import type {TurnState} from '../../core/transcript/turn.js';
import {writeAtomic} from '../fs/atomic-write.js';
import {openRegularFile, readRegularText} from '../fs/safe-file.js';
import {mainTranscriptOf, metaPath, readLineChunksSync} from './files.js';
import {findWorkflowTranscript, TranscriptRoots} from './transcript-paths.js';
import {parseMeta} from '../../core/transcript/meta.js';
import type {FollowTarget} from './reader.js';

const VERSION = 1;
/** The cache is small (a few numbers per transcript); a larger file is not ours. */
const MAX_CACHE_BYTES = 16 * 1024 * 1024;
/** Entries not used for this long are dropped when the cache is written. */
const FORGET_MS = 7 * 24 * 60 * 60 * 1000;

/** How far a file was read: its inode, size and write time then. */
interface Position {
	readonly ino: number;
	readonly offset: number;
	readonly mtimeMs: number;
	/** When this entry was last used (ms): old ones are dropped. */
	readonly usedAt: number;
}

/** A transcript's count facts so far. `turn` keeps no text: only how the turn ended counts. */
interface TranscriptEntry extends Position {
	readonly lastAt: number | null;
	readonly hasWork: boolean;
	readonly turn: TurnState | null;
	readonly parentAgentId: string | null;
	/** The parent `.meta.json` names (read when the transcript is read from its start). */
	readonly metaParent: string | null;
}

/** A parent transcript's Task results so far, by agent: their status. */
interface ParentEntry extends Position {
	readonly results: Readonly<Record<string, string | null>>;
}

interface CacheData {
	readonly v: number;
	readonly t: Record<string, TranscriptEntry>;
	readonly p: Record<string, ParentEntry>;
}

export interface CountFactsOptions {
	readonly claudeDir?: string;
	readonly roots?: readonly string[];
	/** The cache (core/paths.ts countFactsCacheFile); without it every file is read whole. */
	readonly cacheFile?: string;
	/** The wall clock (ms), for forgetting old entries. */
	readonly now?: number;
}

function loadCache(file: string | undefined): CacheData {
	const empty: CacheData = {v: VERSION, t: {}, p: {}};
	if (file === undefined) {
		return empty;
	}
	const read = readRegularText(file, {maxBytes: MAX_CACHE_BYTES, followSymlinks: true});
	if (!read.ok) {
		return empty;
	}
	try {
		const json: unknown = JSON.parse(read.text);
		return isObject(json) && json.v === VERSION && isObject(json.t) && isObject(json.p) ? (json as unknown as CacheData) : empty;
	} catch {
		return empty;
	}
}

const isPosition = (value: unknown): value is Position =>
	isObject(value) && typeof value.ino === 'number' && typeof value.offset === 'number' && typeof value.mtimeMs === 'number';

/** Where to go on reading from: the entry's offset when the file is the same one grown, else 0 (read again). */
function resumeFrom(entry: Position | undefined, ino: number, size: number, mtimeMs: number): number {
	if (!isPosition(entry) || entry.ino !== ino || entry.offset > size || (entry.offset === size && entry.mtimeMs !== mtimeMs)) {
		return 0;
	}
	return entry.offset;
}

/** The summary a transcript entry stands for (only the fields the counts read are kept). */
function summaryOf(entry: TranscriptEntry | undefined): TranscriptSummary {
	if (entry === undefined) {
		return EMPTY_SUMMARY;
	}
	return {
		...EMPTY_SUMMARY,
		...(entry.lastAt === null ? {} : {lastAt: entry.lastAt}),
		hasWork: entry.hasWork,
		...(entry.turn === null ? {} : {turn: entry.turn}),
		...(entry.parentAgentId === null ? {} : {parentAgentId: entry.parentAgentId}),
	};
}

/** A turn without its texts: the report and structured output are not kept (how it ended is). */
function bareTurn(turn: TurnState | undefined): TurnState | null {
	if (turn === undefined) {
		return null;
	}
	return {...turn, text: '', ...(turn.structured === undefined ? {} : {structured: ''})};
}

/** Reads a file from `from` to its end in chunks of complete lines; returns where it stopped (after the last newline). */
function readLines(fd: number, from: number, size: number, onLines: (lines: string[]) => void): number {
	const decoder = new TextDecoder();
	const read = readLineChunksSync(fd, from, size, bytes => {
		onLines(decoder.decode(bytes.subarray(0, bytes.length - 1)).split('\n'));
	});
	return read.position;
}

function transcriptFacts(
	file: string,
	cwd: string | undefined,
	cached: TranscriptEntry | undefined,
	now: number,
): {entry: TranscriptEntry; summary: TranscriptSummary} | undefined {
	const opened = openRegularFile(file, false);
	if (!opened.ok) {
		return undefined;
	}
	try {
		const {ino, size, mtimeMs} = opened.stats;
		const from = resumeFrom(cached, ino, size, mtimeMs);
		let summary = from === 0 ? EMPTY_SUMMARY : summaryOf(cached);
		const offset = from === size ? from : readLines(opened.fd, from, size, lines => (summary = foldLines(summary, lines, cwd)));
		const metaParent = from === 0 || cached === undefined ? metaParentOf(file) : cached.metaParent;
		const entry: TranscriptEntry = {
			ino,
			offset,
			mtimeMs,
			usedAt: now,
			lastAt: summary.lastAt ?? null,
			hasWork: summary.hasWork,
			turn: bareTurn(summary.turn),
			parentAgentId: summary.parentAgentId ?? null,
			metaParent: metaParent ?? null,
		};
		return {entry, summary: summaryOf(entry)};
	} catch {
		return undefined;
	} finally {
		closeSync(opened.fd);
	}
}

/** The parent agent `.meta.json` beside a transcript names, when it does (TranscriptReader reads it the same way). */
function metaParentOf(file: string): string | null {
	const read = readRegularText(metaPath(file), {maxBytes: 1024 * 1024});
	if (!read.ok) {
		return null;
	}
	try {
		return parseMeta(JSON.parse(read.text))?.parentAgentId ?? null;
	} catch {
		return null;
	}
}

/** A transcript's real path: the record's, else (while that one is missing) a workflow agent's of the same session, as TranscriptReader finds it. */
function locate(target: FollowTarget, roots: TranscriptRoots): string | undefined {
	const extra = target.sessionTranscript ? path.dirname(target.sessionTranscript) : undefined;
	const direct = roots.resolve(target.transcriptPath, extra);
	if (direct.ok) {
		return direct.path;
	}
	if (direct.reason === 'refused') {
		return undefined;
	}
	const workflow = findWorkflowTranscript(target.transcriptPath);
	const found = workflow === undefined ? undefined : roots.resolve(workflow, extra);
	return found?.ok ? found.path : undefined;
}

function parentResults(file: string, cached: ParentEntry | undefined, now: number): ParentEntry | undefined {
	const opened = openRegularFile(file, false);
	if (!opened.ok) {
		return undefined;
	}
	try {
		const {ino, size, mtimeMs} = opened.stats;
		const from = resumeFrom(cached, ino, size, mtimeMs);
		const results: Record<string, string | null> = from === 0 || cached === undefined ? {} : {...cached.results};
		let offset = from;
		if (from < size) {
			const index = new ParentIndex();
			const read = readLineChunksSync(opened.fd, from, size, bytes => index.addBytes(bytes), {maxLine: 16 * 1024 * 1024});
			offset = read.position;
			for (const [agentId, status] of index.resultStatuses()) {
				results[agentId] = status ?? null;
			}
		}
		return {ino, offset, mtimeMs, usedAt: now, results};
	} catch {
		return undefined;
	} finally {
		closeSync(opened.fd);
	}
}

/**
 * The count facts of some agents' transcripts (by agentId): what readAgentActivities gives for the
 * fields the session counts read (summary.lastAt, hasWork, endedTurn, taskResult.status,
 * mtimeMs), reading only what was appended since the cache's last run.
 */
export function readCountFacts(targets: readonly FollowTarget[], options: CountFactsOptions = {}): Map<string, TranscriptFacts> {
	const now = options.now ?? Date.now();
	const roots = new TranscriptRoots(options.claudeDir, options.roots);
	const cache = loadCache(options.cacheFile);
	const nextT: Record<string, TranscriptEntry> = {};
	const nextP: Record<string, ParentEntry> = {};
	const out = new Map<string, TranscriptFacts>();
	for (const target of targets) {
		const file = locate(target, roots);
		const read = file === undefined ? undefined : transcriptFacts(file, target.cwd, nextT[file] ?? cache.t[file], now);
		if (file === undefined || read === undefined) {
			out.set(target.agentId, {
				...agentActivity({summary: EMPTY_SUMMARY, meta: undefined, parent: undefined, history: undefined, missing: true}),
				mtimeMs: undefined,
			});
			continue;
		}
		nextT[file] = read.entry;
		// The parent: the parent agent's transcript, else the session's (as TranscriptReader.parentPath).
		const parentId = read.entry.metaParent ?? read.summary.parentAgentId;
		const parentFile = parentId ? path.join(path.dirname(file), `agent-${parentId}.jsonl`) : mainTranscriptOf(file);
		const parentResolved =
			parentFile === undefined ? undefined : roots.resolve(parentFile, target.sessionTranscript ? path.dirname(target.sessionTranscript) : undefined);
		let status: string | undefined;
		if (parentResolved?.ok) {
			const parent = nextP[parentResolved.path] ?? parentResults(parentResolved.path, cache.p[parentResolved.path], now);
			if (parent !== undefined) {
				nextP[parentResolved.path] = parent;
				status = parent.results[target.agentId] ?? undefined;
			}
		}
		const activity = agentActivity({
			summary: read.summary,
			meta: undefined,
			parent:
				status === undefined
					? undefined
					: {description: undefined, taskResult: {status, totalTokens: undefined, totalToolUseCount: undefined, totalDurationMs: undefined, report: undefined}},
			history: undefined,
			missing: false,
		});
		out.set(target.agentId, {...activity, mtimeMs: read.entry.mtimeMs});
	}
	if (options.cacheFile !== undefined) {
		saveCache(options.cacheFile, cache, nextT, nextP, now);
	}
	return out;
}

/** How long an entry's `usedAt` may lag before the cache is written just to renew it. */
const RENEW_MS = 60 * 60 * 1000;

/** Whether the entries read this run say anything the cache does not (other than a recent use). */
function changed<E extends Position>(old: Record<string, E>, fresh: Record<string, E>, now: number): boolean {
	return Object.entries(fresh).some(([key, entry]) => {
		const before = old[key];
		if (!isPosition(before) || now - before.usedAt > RENEW_MS) {
			return true;
		}
		return JSON.stringify({...before, usedAt: 0}) !== JSON.stringify({...entry, usedAt: 0});
	});
}

function saveCache(file: string, cache: CacheData, t: Record<string, TranscriptEntry>, p: Record<string, ParentEntry>, now: number): void {
	if (!changed(cache.t, t, now) && !changed(cache.p, p, now)) {
		// Nothing new: a status bar's run every few seconds writes nothing.
		return;
	}
	const keep = <E extends Position>(old: Record<string, E>, fresh: Record<string, E>): Record<string, E> => {
		const out: Record<string, E> = {};
		for (const [key, entry] of Object.entries(old)) {
			if (isPosition(entry) && now - entry.usedAt < FORGET_MS) {
				out[key] = entry;
			}
		}
		return Object.assign(out, fresh);
	};
	try {
		mkdirSync(path.dirname(file), {recursive: true});
		writeAtomic(file, JSON.stringify({v: VERSION, t: keep(cache.t, t), p: keep(cache.p, p)}));
	} catch {
		// Best effort: the next run reads the files whole.
	}
}
