// One followed transcript: how far it has been read, what its lines say so far, and its task.
// It reads only what was appended since the last read and parses complete lines only; a large
// transcript is read from its tail first and its history streamed in afterwards (`readAll` reads
// it whole instead, for a one-shot view).
//
// Text enters here from the transcript's lines, its `.meta.json` sidecar and the parent's
// transcript; it is made safe for a terminal by the pure functions that keep it (`foldLines`,
// `parseMeta`, `ParentIndex`), never line by line. Only regular files inside the allowed folders
// are opened (TranscriptRoots): any other path in a record is ignored.
import {closeSync, statSync} from 'node:fs';
import path from 'node:path';
import {agentActivity} from '../../core/transcript/activity.js';
import {parseMeta} from '../../core/transcript/meta.js';
import type {ParentFacts} from '../../core/transcript/parent-index.js';
import {completeLines} from '../../core/transcript/sources.js';
import type {AgentActivity, AgentMeta} from '../../core/transcript/agent-activity.js';
import {EMPTY_SUMMARY, emptySummary, foldLines, foldLinesUntil, mergeSummaries, type TranscriptSummary} from '../../core/transcript/summary.js';
import type {Pricer} from '../../core/cost/cost.js';
import {prices} from '../cost/prices.js';
import {openRegularFile, readRegularText} from '../fs/safe-file.js';
import {lineStart, mainTranscriptOf, metaPath, readLineChunksSync, readRange, streamLines} from './files.js';
import {findWorkflowTranscript, type TranscriptRoots} from './transcript-paths.js';
import {sameStamp, stampOf, stampOfStats, type FileStamp} from './state-cache.js';

/** A `.meta.json` sidecar is a few hundred bytes; a larger one is not read. */
const MAX_META_BYTES = 1024 * 1024;

export interface TranscriptState extends AgentActivity {
	/** The transcript's last write (ms): a sign of life for the stale rule. */
	readonly mtimeMs: number | undefined;
	/** The file read (a workflow agent's is found under `subagents/workflows/`), when one was. */
	readonly transcriptPath?: string;
	/** True when the record's path is outside the allowed folders (or not a regular file's): it is never opened. */
	readonly pathRefused?: boolean;
}

export interface FollowTarget {
	readonly agentId: string;
	readonly transcriptPath: string;
	readonly cwd?: string | undefined;
	/** The session's main transcript, when known: files under its folder are allowed too. */
	readonly sessionTranscript?: string | undefined;
}

export interface ReadResult {
	/** Something shown changed. */
	readonly changed: boolean;
	/** The file went missing, or appeared. */
	readonly presenceChanged: boolean;
	/** A large file was met for the first time: its history is to be read (readHistory). */
	readonly historyWanted: boolean;
}

export class TranscriptReader {
	/** What its responses are priced with: the process's prices. */
	private readonly pricer: Pricer = prices();
	private offset = 0;
	private ino: number | undefined;
	/** Lines from the tail start (or 0) onwards. */
	private recent: TranscriptSummary = emptySummary(this.pricer);
	/** The part before the tail, once read. */
	private head: TranscriptSummary | undefined;
	private tailStart = 0;
	private historyDone = 0;
	private meta: AgentMeta | undefined;
	private mtimeMs: number | undefined;
	missing = false;
	/** The record's path is not allowed: nothing is opened. */
	refused = false;
	/** The real path being read, once the transcript was found. */
	file: string | undefined;
	/** Bumped on a restart, so a history read of the old file is dropped. */
	private generation = 0;
	/** The file `readAll` read whole (without `until`, no error), or a kept summary was of: what the summary is of. */
	wholeStamp: FileStamp | undefined;
	/** The `.meta.json` read, when one was (its stamp taken before it was read). */
	metaStamp: FileStamp | undefined;

	constructor(
		readonly target: FollowTarget,
		private readonly tailBytes: number,
		private readonly roots: TranscriptRoots,
	) {}

	private sessionFolder(): string | undefined {
		return this.target.sessionTranscript ? path.dirname(this.target.sessionTranscript) : undefined;
	}

	/**
	 * The real path of the transcript when it is allowed and there: the record's path, else a
	 * workflow agent's under `subagents/workflows/*` of the same session (looked for only while
	 * the record's path is missing).
	 */
	private locate(): string | undefined {
		const direct = this.roots.resolve(this.target.transcriptPath, this.sessionFolder());
		if (direct.ok) {
			this.refused = false;
			return direct.path;
		}
		if (direct.reason === 'refused') {
			this.refused = true;
			return undefined;
		}
		this.refused = false;
		const workflow = findWorkflowTranscript(this.target.transcriptPath);
		if (workflow === undefined) {
			return undefined;
		}
		const found = this.roots.resolve(workflow, this.sessionFolder());
		return found.ok ? found.path : undefined;
	}

	/** The parent transcript to look for the task in: the parent agent's, else the session's (allowed paths only). */
	parentPath(): string | undefined {
		const base = this.file ?? (this.refused ? undefined : this.target.transcriptPath);
		if (base === undefined) {
			return undefined;
		}
		const parentId = this.meta?.parentAgentId ?? this.recent.parentAgentId ?? this.head?.parentAgentId;
		const parent = parentId ? path.join(path.dirname(base), `agent-${parentId}.jsonl`) : mainTranscriptOf(base);
		if (!parent) {
			return undefined;
		}
		const resolved = this.roots.resolve(parent, this.sessionFolder());
		return resolved.ok ? resolved.path : undefined;
	}

	/** The tool_use id `.meta.json` names (finds the spawning call when no result names the agent yet). */
	toolUseId(): string | undefined {
		return this.meta?.toolUseId;
	}

	/** What `.meta.json` said, when one was read. */
	metaRead(): AgentMeta | undefined {
		return this.meta;
	}

	/** Where the `.meta.json` sidecar is, when it is there and allowed. */
	private metaFile(): string | undefined {
		const base = this.file ?? this.target.transcriptPath;
		const resolved = this.roots.resolve(metaPath(base), this.sessionFolder());
		return resolved.ok ? resolved.path : undefined;
	}

	/**
	 * Reads the `.meta.json` sidecar beside the transcript, until one was read; `kept`: what an
	 * earlier read of it gave, used instead when the file is still the same.
	 */
	readMeta(kept?: {readonly file: FileStamp; readonly meta: AgentMeta | undefined}): boolean {
		if (this.meta !== undefined || this.refused) {
			return false;
		}
		const file = this.metaFile();
		if (file === undefined) {
			return false;
		}
		const stamp = stampOf(file);
		if (kept !== undefined && sameStamp(stamp, kept.file)) {
			this.metaStamp = stamp;
			this.meta = kept.meta;
			return this.meta !== undefined;
		}
		this.metaStamp = stamp;
		const read = readRegularText(file, {maxBytes: MAX_META_BYTES});
		if (!read.ok) {
			this.metaStamp = undefined;
			return false;
		}
		try {
			this.meta = parseMeta(JSON.parse(read.text));
			return this.meta !== undefined;
		} catch {
			return false;
		}
	}

	private restart(): void {
		this.generation += 1;
		this.offset = 0;
		this.recent = emptySummary(this.pricer);
		this.head = undefined;
		this.tailStart = 0;
		this.historyDone = 0;
	}

	/** Reads what was appended since the last read; starts over on truncation or rotation. */
	readNew(): ReadResult {
		const wasRefused = this.refused;
		const file = this.locate();
		let st;
		try {
			if (file === undefined) {
				throw new Error('missing or not allowed');
			}
			st = statSync(file);
			if (!st.isFile()) {
				// A FIFO, a folder or a device in the transcript's place: nothing to read.
				throw new Error('not a regular file');
			}
		} catch {
			const was = this.missing;
			this.missing = true;
			return {changed: !was || wasRefused !== this.refused, presenceChanged: !was, historyWanted: false};
		}
		if (file !== this.file && this.file !== undefined) {
			// Another file now (a workflow agent's found, or the record's path appeared): start over.
			this.restart();
			this.ino = undefined;
		}
		this.file = file;
		const appeared = this.missing;
		this.missing = false;
		if (this.ino !== undefined && (st.ino !== this.ino || st.size < this.offset)) {
			// Rotated or truncated: forget it and read it again.
			this.restart();
		}
		const first = this.ino === undefined || this.offset === 0;
		this.ino = st.ino;
		const lifeChanged = st.mtimeMs !== this.mtimeMs;
		this.mtimeMs = st.mtimeMs;
		if (st.size <= this.offset) {
			return {changed: lifeChanged || appeared, presenceChanged: appeared, historyWanted: false};
		}
		let start = this.offset;
		let historyWanted = false;
		if (first && st.size > this.tailBytes) {
			// A large file: its tail now, its history in the background.
			const from = st.size - this.tailBytes;
			const probe = readRange(file, from, Math.min(st.size, from + 64 * 1024));
			const nl = probe.indexOf(0x0a);
			start = nl < 0 ? lineStart(file, from) : from + nl + 1;
			this.tailStart = start;
			historyWanted = true;
		}
		try {
			const {lines, consumed} = completeLines(readRange(file, start, st.size));
			this.offset = start + consumed;
			this.recent = foldLines(this.recent, lines, this.target.cwd);
			return {changed: true, presenceChanged: appeared, historyWanted};
		} catch {
			return {changed: lifeChanged || appeared, presenceChanged: appeared, historyWanted};
		}
	}

	/**
	 * Streams `[0, tailStart)` in chunks, then merges it under the tail. `onProgress` is told
	 * after each chunk; `wanted()` false (let go, closed) stops it. A restart meanwhile drops it.
	 */
	async readHistory(chunkBytes: number, onProgress: () => void, wanted: () => boolean): Promise<void> {
		const generation = this.generation;
		const current = () => wanted() && this.generation === generation;
		let head = emptySummary(this.pricer);
		const file = this.file;
		if (file === undefined) {
			return;
		}
		const done = await streamLines(file, this.tailStart, chunkBytes, (lines, position) => {
			if (!current()) {
				return false;
			}
			head = foldLines(head, lines, this.target.cwd);
			this.historyDone = position;
			onProgress();
			return true;
		});
		if (current()) {
			// A transcript that went away while being read keeps its tail.
			this.head = done ? head : EMPTY_SUMMARY;
			this.historyDone = this.tailStart;
			onProgress();
		}
	}

	/**
	 * Reads the whole transcript once, in chunks (memory: one chunk plus the longest line), into
	 * the same summary the tail and history reads reach. For one-shot views (`ls`, snapshots).
	 * With `until` (ms), the transcript as it was then: reading stops at the first line stamped
	 * later, and its last sign of life is its last line's time, not the file's.
	 */
	readAll(chunkBytes = 1024 * 1024, until?: number): void {
		const file = this.locate();
		if (file === undefined) {
			this.missing = true;
			return;
		}
		this.readAllOf(file, chunkBytes, until);
	}

	/**
	 * `readAll`, unless `kept` is the summary of this very file (the same real path, device, inode,
	 * size and write time, folded with the same working folder): then that summary is used.
	 */
	readAllOrKept(
		kept: {readonly named: string; readonly cwd: string | undefined; readonly transcript: FileStamp; readonly summary: TranscriptSummary} | undefined,
		chunkBytes?: number,
	): void {
		const file = this.locate();
		if (file === undefined) {
			this.missing = true;
			return;
		}
		if (kept !== undefined && kept.named === this.target.transcriptPath && kept.cwd === this.target.cwd && kept.transcript.path === file) {
			const stamp = stampOf(file);
			if (stamp !== undefined && sameStamp(stamp, kept.transcript)) {
				this.missing = false;
				this.file = file;
				this.mtimeMs = stamp.mtimeMs;
				this.recent = kept.summary;
				this.wholeStamp = stamp;
				return;
			}
		}
		this.readAllOf(file, chunkBytes);
	}

	private readAllOf(file: string, chunkBytes = 1024 * 1024, until?: number): void {
		const opened = openRegularFile(file, false);
		if (!opened.ok) {
			this.missing = true;
			return;
		}
		this.missing = false;
		this.file = file;
		try {
			this.mtimeMs = opened.stats.mtimeMs;
			let summary = emptySummary(this.pricer);
			const decoder = new TextDecoder();
			readLineChunksSync(
				opened.fd,
				0,
				opened.stats.size,
				bytes => {
					const lines = decoder.decode(bytes.subarray(0, bytes.length - 1)).split('\n');
					if (until === undefined) {
						summary = foldLines(summary, lines, this.target.cwd);
						return true;
					}
					const folded = foldLinesUntil(summary, lines, until, this.target.cwd);
					summary = folded.summary;
					return !folded.ended;
				},
				{chunkBytes},
			);
			this.recent = summary;
			if (until !== undefined) {
				this.mtimeMs = summary.lastAt;
			} else {
				this.wholeStamp = stampOfStats(file, opened.stats);
			}
		} catch {
			// What was read is kept.
		} finally {
			closeSync(opened.fd);
		}
	}

	/** The summary read so far (for a whole read: of the whole file). */
	summary(): TranscriptSummary {
		return this.head ? mergeSummaries(this.head, this.recent) : this.recent;
	}

	state(parent?: ParentFacts): TranscriptState {
		const reading = this.tailStart > 0 && this.head === undefined;
		const summary = this.summary();
		const activity = agentActivity({
			summary,
			meta: this.meta,
			parent,
			history: reading ? {done: this.historyDone, total: this.tailStart} : undefined,
			missing: this.missing,
		});
		return {
			...activity,
			mtimeMs: this.mtimeMs,
			...(this.file === undefined || this.missing ? {} : {transcriptPath: this.file}),
			...(this.refused ? {pathRefused: true} : {}),
		};
	}
}
