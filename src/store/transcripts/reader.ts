// One followed transcript: how far it has been read, what its lines say so far, and its task.
// It reads only what was appended since the last read and parses complete lines only; a large
// transcript is read from its tail first and its history streamed in afterwards.
//
// Text enters here from the transcript's lines, its `.meta.json` sidecar and the parent's
// transcript; it is made safe for a terminal by the pure functions that keep it (`foldLines`,
// `metaDescription`, `descriptionFromParent`), never line by line. Only regular files are opened.
import {existsSync, statSync} from 'node:fs';
import path from 'node:path';
import {
	completeLines,
	descriptionFromParent,
	EMPTY_SUMMARY,
	foldLines,
	mergeSummaries,
	metaDescription,
	type AgentActivity,
	type TranscriptSummary,
} from '../../core/transcript/summary.js';
import {readRegularText} from '../fs/safe-file.js';
import {lineStart, mainTranscriptOf, metaPath, readRange, streamLines, tailLines} from './files.js';

/** A `.meta.json` sidecar is a few hundred bytes; a larger one is not read. */
const MAX_META_BYTES = 1024 * 1024;

/** The description comes from the `.meta.json` sidecar, else the parent's Agent/Task call. */
export interface TranscriptState extends AgentActivity {
	/** The transcript's last write (ms): a sign of life for the stale rule. */
	readonly mtimeMs: number | undefined;
}

export interface FollowTarget {
	readonly agentId: string;
	readonly transcriptPath: string;
	readonly cwd?: string | undefined;
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
	private offset = 0;
	private ino: number | undefined;
	/** Lines from the tail start (or 0) onwards. */
	private recent: TranscriptSummary = EMPTY_SUMMARY;
	/** The part before the tail, once read. */
	private head: TranscriptSummary | undefined;
	private tailStart = 0;
	private historyDone = 0;
	private description: string | undefined;
	private parentAgentId: string | undefined;
	private mtimeMs: number | undefined;
	missing = false;
	/** Bumped on a restart, so a history read of the old file is dropped. */
	private generation = 0;
	private lookups = 0;
	private lastLookup = 0;

	constructor(
		readonly target: FollowTarget,
		private readonly tailBytes: number,
	) {}

	/** Reads the `.meta.json` sidecar (task, parent), until it has given both. */
	readMeta(): boolean {
		if (this.description !== undefined && this.parentAgentId !== undefined) {
			return false;
		}
		const read = readRegularText(metaPath(this.target.transcriptPath), {maxBytes: MAX_META_BYTES, followSymlinks: true});
		if (!read.ok) {
			return false;
		}
		try {
			const meta = metaDescription(JSON.parse(read.text));
			const before = `${this.description}|${this.parentAgentId}`;
			this.description = meta.description ?? this.description;
			this.parentAgentId = meta.parentAgentId ?? this.parentAgentId;
			return before !== `${this.description}|${this.parentAgentId}`;
		} catch {
			return false;
		}
	}

	/**
	 * The description from the parent's Agent/Task call, when the sidecar has none. A foreground
	 * agent's result (which names it) is written only when it finishes: look every 10 s at first,
	 * then every minute. Reads the last `parentBytes` of the parent's transcript.
	 */
	lookUpDescription(parentBytes: number): boolean {
		const now = Date.now();
		if (this.description !== undefined || now - this.lastLookup < (this.lookups < 6 ? 10_000 : 60_000)) {
			return false;
		}
		this.lookups += 1;
		this.lastLookup = now;
		const parentId = this.parentAgentId ?? this.recent.parentAgentId ?? this.head?.parentAgentId;
		const parent = parentId
			? path.join(path.dirname(this.target.transcriptPath), `agent-${parentId}.jsonl`)
			: mainTranscriptOf(this.target.transcriptPath);
		if (!parent || !existsSync(parent)) {
			return false;
		}
		this.description = descriptionFromParent(tailLines(parent, parentBytes), this.target.agentId);
		return this.description !== undefined;
	}

	/** Reads what was appended since the last read; starts over on truncation or rotation. */
	readNew(): ReadResult {
		const file = this.target.transcriptPath;
		let st;
		try {
			st = statSync(file);
			if (!st.isFile()) {
				// A FIFO, a folder or a device in the transcript's place: nothing to read.
				throw new Error('not a regular file');
			}
		} catch {
			const was = this.missing;
			this.missing = true;
			return {changed: !was, presenceChanged: !was, historyWanted: false};
		}
		const appeared = this.missing;
		this.missing = false;
		if (this.ino !== undefined && (st.ino !== this.ino || st.size < this.offset)) {
			// Rotated or truncated: forget it and read it again.
			this.generation += 1;
			this.offset = 0;
			this.recent = EMPTY_SUMMARY;
			this.head = undefined;
			this.tailStart = 0;
			this.historyDone = 0;
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
		let head = EMPTY_SUMMARY;
		const done = await streamLines(this.target.transcriptPath, this.tailStart, chunkBytes, (lines, position) => {
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

	state(): TranscriptState {
		const reading = this.tailStart > 0 && this.head === undefined;
		const summary = this.head ? mergeSummaries(this.head, this.recent) : this.recent;
		return {
			summary,
			description: this.description,
			parentAgentId: this.parentAgentId ?? summary.parentAgentId,
			mtimeMs: this.mtimeMs,
			history: reading ? {done: this.historyDone, total: this.tailStart} : undefined,
			missing: this.missing,
		};
	}
}
