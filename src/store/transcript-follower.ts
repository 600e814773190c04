// Follows the transcripts of the agents on screen, incrementally: it remembers how far it has
// read, reads only what was appended, and parses complete lines only. A large transcript is
// shown from its tail at once (the last TAIL_BYTES); its earlier part is streamed in chunks in
// the background, with progress, and merged in when done. A missing, truncated, rotated or
// malformed transcript is normal: what is known is shown, nothing throws.
import {closeSync, existsSync, openSync, readFileSync, readSync, statSync} from 'node:fs';
import {open} from 'node:fs/promises';
import path from 'node:path';
import {watch, type FSWatcher} from 'chokidar';
import {
	completeLines,
	descriptionFromParent,
	EMPTY_SUMMARY,
	foldLines,
	mergeSummaries,
	metaDescription,
	type AgentActivity,
	type TranscriptSummary,
} from '../core/transcript.js';

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

/** What the UI subscribes to. */
export interface TranscriptSource {
	getSnapshot(): ReadonlyMap<string, TranscriptState>;
	subscribe(onChange: () => void): () => void;
	/** The agents to follow now; the others are let go. */
	follow(targets: readonly FollowTarget[]): void;
}

export interface FollowerOptions {
	/** Bytes read from the end of a transcript first. */
	readonly tailBytes?: number;
	/** Bytes per step of the background history read. */
	readonly chunkBytes?: number;
	/** Bytes read from the end of the parent's transcript to find the task description. */
	readonly parentBytes?: number;
}

interface Entry {
	readonly target: FollowTarget;
	offset: number;
	ino: number | undefined;
	/** Lines from the tail start (or 0) onwards. */
	recent: TranscriptSummary;
	/** The part before the tail, once read. */
	head: TranscriptSummary | undefined;
	tailStart: number;
	historyDone: number;
	description: string | undefined;
	parentAgentId: string | undefined;
	mtimeMs: number | undefined;
	missing: boolean;
	/** Bumped on reset, so a history read of an old file is dropped. */
	generation: number;
	lookups: number;
	lastLookup: number;
}

const META_SUFFIX = '.meta.json';
/** At most this often the screen hears of new transcript lines. */
const PUBLISH_MS = 500;
/** The history of a large transcript starts after this, so the tail reaches the screen first. */
const HISTORY_DELAY_MS = 150;

function metaPath(transcript: string): string {
	return transcript.replace(/\.jsonl$/u, META_SUFFIX);
}

/** `<dir>/<session>/subagents/agent-<id>.jsonl` → `<dir>/<session>.jsonl`, the parent session's. */
function mainTranscriptOf(transcript: string): string | undefined {
	const subagents = path.dirname(transcript);
	if (path.basename(subagents) !== 'subagents') {
		return undefined;
	}
	return `${path.dirname(subagents)}.jsonl`;
}

/** Reads `[start, end)` of a file synchronously (small reads only). */
function readRange(file: string, start: number, end: number): Uint8Array {
	const fd = openSync(file, 'r');
	try {
		const buf = Buffer.allocUnsafe(Math.max(0, end - start));
		let got = 0;
		while (got < buf.length) {
			const n = readSync(fd, buf, got, buf.length - got, start + got);
			if (n === 0) {
				break;
			}
			got += n;
		}
		return buf.subarray(0, got);
	} finally {
		closeSync(fd);
	}
}

/** Where the line holding byte `position` starts: just after the newline before it, or 0. */
function lineStart(file: string, position: number): number {
	const step = 64 * 1024;
	for (let end = position; end > 0; end -= step) {
		const begin = Math.max(0, end - step);
		const nl = readRange(file, begin, end).lastIndexOf(0x0a);
		if (nl >= 0) {
			return begin + nl + 1;
		}
	}
	return 0;
}

function tailLines(file: string, bytes: number): string[] {
	try {
		const size = statSync(file).size;
		const start = Math.max(0, size - bytes);
		const chunk = readRange(file, start, size);
		const first = start === 0 ? 0 : chunk.indexOf(0x0a) + 1;
		return new TextDecoder().decode(chunk.subarray(first)).split('\n');
	} catch {
		return [];
	}
}

export class TranscriptFollower implements TranscriptSource {
	private readonly entries = new Map<string, Entry>();
	private snapshot: ReadonlyMap<string, TranscriptState> = new Map();
	private readonly listeners = new Set<() => void>();
	private watcher: FSWatcher | undefined;
	private readonly pending = new Set<string>();
	private timer: NodeJS.Timeout | undefined;
	private recheckTimer: NodeJS.Timeout | undefined;
	private readonly settleTimers = new Set<NodeJS.Timeout>();
	private publishTimer: NodeJS.Timeout | undefined;
	private readonly folders = new Set<string>();
	private lastPublish = 0;
	private closed = false;
	private readonly tailBytes: number;
	private readonly chunkBytes: number;
	private readonly parentBytes: number;

	constructor(options: FollowerOptions = {}) {
		this.tailBytes = options.tailBytes ?? 256 * 1024;
		this.chunkBytes = options.chunkBytes ?? 1024 * 1024;
		this.parentBytes = options.parentBytes ?? 2 * 1024 * 1024;
	}

	getSnapshot = (): ReadonlyMap<string, TranscriptState> => this.snapshot;

	subscribe = (onChange: () => void): (() => void) => {
		this.listeners.add(onChange);
		return () => this.listeners.delete(onChange);
	};

	follow = (targets: readonly FollowTarget[]): void => {
		if (this.closed) {
			return;
		}
		const wanted = new Map(targets.map(t => [t.agentId, t]));
		let changed = false;
		for (const [id, entry] of this.entries) {
			const target = wanted.get(id);
			if (!target || target.transcriptPath !== entry.target.transcriptPath) {
				this.entries.delete(id);
				this.watcher?.unwatch(entry.target.transcriptPath);
				this.updateFolderWatches();
				changed = true;
			}
		}
		for (const target of targets) {
			if (!this.entries.has(target.agentId)) {
				this.start(target);
				changed = true;
			}
		}
		if (changed) {
			this.publish(true);
		}
	};

	async close(): Promise<void> {
		this.closed = true;
		clearTimeout(this.timer);
		clearTimeout(this.recheckTimer);
		clearTimeout(this.publishTimer);
		for (const timer of this.settleTimers) {
			clearTimeout(timer);
		}
		this.entries.clear();
		await this.watcher?.close();
		this.watcher = undefined;
		this.listeners.clear();
	}

	private start(target: FollowTarget): void {
		const entry: Entry = {
			target,
			offset: 0,
			ino: undefined,
			recent: EMPTY_SUMMARY,
			head: undefined,
			tailStart: 0,
			historyDone: 0,
			description: undefined,
			parentAgentId: undefined,
			mtimeMs: undefined,
			missing: false,
			generation: 0,
			lookups: 0,
			lastLookup: 0,
		};
		this.entries.set(target.agentId, entry);
		this.watcher ??= this.createWatcher();
		this.watcher.add(target.transcriptPath);
		this.readMeta(entry);
		this.readNew(entry);
		this.lookUpDescription(entry);
		this.updateFolderWatches();
		// A write between this first read and the watch being in place raises no event: look again.
		const settle = setTimeout(() => {
			this.settleTimers.delete(settle);
			if (this.entries.get(target.agentId) === entry) {
				this.pending.add(target.agentId);
				this.flush();
			}
		}, 300);
		this.settleTimers.add(settle);
	}

	/**
	 * A transcript that does not exist yet is noticed through its folder; the folders are watched
	 * only while one of their transcripts is missing (a folder watch also reports every other
	 * agent's writes there).
	 */
	private updateFolderWatches(): void {
		const wanted = new Set([...this.entries.values()].filter(e => e.missing).map(e => path.dirname(e.target.transcriptPath)));
		for (const dir of this.folders) {
			if (!wanted.has(dir)) {
				this.watcher?.unwatch(dir);
				this.folders.delete(dir);
			}
		}
		for (const dir of wanted) {
			if (!this.folders.has(dir)) {
				this.watcher?.add(dir);
				this.folders.add(dir);
			}
		}
	}

	private createWatcher(): FSWatcher {
		const watcher = watch([], {
			depth: 0,
			ignoreInitial: true,
			ignored: (p, stats) => (stats?.isFile() ?? false) && !p.endsWith('.jsonl') && !p.endsWith(META_SUFFIX),
		});
		const onFile = (file: string) => {
			for (const entry of this.entries.values()) {
				if (entry.target.transcriptPath === file || metaPath(entry.target.transcriptPath) === file) {
					this.pending.add(entry.target.agentId);
				}
			}
			if (this.pending.size > 0) {
				this.schedule();
			}
		};
		watcher.on('add', onFile).on('change', onFile).on('unlink', onFile).on('error', () => undefined);
		return watcher;
	}

	private schedule(): void {
		this.timer ??= setTimeout(() => this.flush(), 20);
		// chokidar drops a change that follows another within 50 ms: read again once it is quiet.
		clearTimeout(this.recheckTimer);
		const ids = [...this.pending];
		this.recheckTimer = setTimeout(() => {
			for (const id of ids) {
				this.pending.add(id);
			}
			this.flush();
		}, 120);
	}

	private flush(): void {
		this.timer = undefined;
		let changed = false;
		for (const id of this.pending) {
			const entry = this.entries.get(id);
			if (entry) {
				changed = this.readMeta(entry) || changed;
				changed = this.readNew(entry) || changed;
				this.lookUpDescription(entry);
			}
		}
		this.pending.clear();
		if (changed) {
			this.publish();
		}
	}

	private readMeta(entry: Entry): boolean {
		if (entry.description !== undefined && entry.parentAgentId !== undefined) {
			return false;
		}
		try {
			const meta = metaDescription(JSON.parse(readFileSync(metaPath(entry.target.transcriptPath), 'utf8')));
			const before = `${entry.description}|${entry.parentAgentId}`;
			entry.description = meta.description ?? entry.description;
			entry.parentAgentId = meta.parentAgentId ?? entry.parentAgentId;
			return before !== `${entry.description}|${entry.parentAgentId}`;
		} catch {
			return false;
		}
	}

	/**
	 * The description from the parent's Agent/Task call, when the sidecar has none. A foreground
	 * agent's result (which names it) is written only when it finishes: look every 10 s at first,
	 * then every minute.
	 */
	private lookUpDescription(entry: Entry): void {
		const now = Date.now();
		if (entry.description !== undefined || now - entry.lastLookup < (entry.lookups < 6 ? 10_000 : 60_000)) {
			return;
		}
		entry.lookups += 1;
		entry.lastLookup = now;
		const parentId = entry.parentAgentId ?? entry.recent.parentAgentId ?? entry.head?.parentAgentId;
		const parent = parentId
			? path.join(path.dirname(entry.target.transcriptPath), `agent-${parentId}.jsonl`)
			: mainTranscriptOf(entry.target.transcriptPath);
		if (parent && existsSync(parent)) {
			const description = descriptionFromParent(tailLines(parent, this.parentBytes), entry.target.agentId);
			if (description) {
				entry.description = description;
				this.publish();
			}
		}
	}

	/** Reads what was appended since the last read; starts over on truncation or rotation. */
	private readNew(entry: Entry): boolean {
		const file = entry.target.transcriptPath;
		let st;
		try {
			st = statSync(file);
		} catch {
			const was = entry.missing;
			entry.missing = true;
			if (!was) {
				this.updateFolderWatches();
			}
			return !was;
		}
		if (entry.missing) {
			entry.missing = false;
			// It appeared: watch the file itself (the folder watch saw it arrive).
			this.watcher?.add(file);
			this.updateFolderWatches();
		}
		if (entry.ino !== undefined && (st.ino !== entry.ino || st.size < entry.offset)) {
			// Rotated or truncated: forget it and read it again.
			entry.generation += 1;
			entry.offset = 0;
			entry.recent = EMPTY_SUMMARY;
			entry.head = undefined;
			entry.tailStart = 0;
			entry.historyDone = 0;
		}
		const first = entry.ino === undefined || entry.offset === 0;
		entry.ino = st.ino;
		const life = st.mtimeMs;
		const lifeChanged = life !== entry.mtimeMs;
		entry.mtimeMs = life;
		if (st.size <= entry.offset) {
			return lifeChanged;
		}
		let start = entry.offset;
		if (first && st.size > this.tailBytes) {
			// A large file: its tail now, its history in the background.
			const from = st.size - this.tailBytes;
			const probe = readRange(file, from, Math.min(st.size, from + 64 * 1024));
			const nl = probe.indexOf(0x0a);
			start = nl < 0 ? lineStart(file, from) : from + nl + 1;
			entry.tailStart = start;
			void this.readHistory(entry, entry.generation);
		}
		try {
			const bytes = readRange(file, start, st.size);
			const {lines, consumed} = completeLines(bytes);
			entry.offset = start + consumed;
			entry.recent = foldLines(entry.recent, lines, entry.target.cwd);
			return true;
		} catch {
			return lifeChanged;
		}
	}

	/** Streams `[0, tailStart)` in chunks, yielding between them so keys stay responsive. */
	private async readHistory(entry: Entry, generation: number): Promise<void> {
		const file = entry.target.transcriptPath;
		let handle;
		try {
			await new Promise(resolve => setTimeout(resolve, HISTORY_DELAY_MS));
			handle = await open(file, 'r');
			let head = EMPTY_SUMMARY;
			let carry: Uint8Array = new Uint8Array(0);
			let position = 0;
			const buf = Buffer.allocUnsafe(this.chunkBytes);
			while (position < entry.tailStart) {
				if (this.closed || entry.generation !== generation || this.entries.get(entry.target.agentId) !== entry) {
					return;
				}
				const want = Math.min(buf.length, entry.tailStart - position);
				const {bytesRead} = await handle.read(buf, 0, want, position);
				if (bytesRead === 0) {
					break;
				}
				position += bytesRead;
				const joined = Buffer.concat([carry, buf.subarray(0, bytesRead)]);
				const {lines, consumed} = completeLines(joined);
				carry = joined.subarray(consumed);
				head = foldLines(head, lines, entry.target.cwd);
				entry.historyDone = position;
				this.publish();
				await new Promise(resolve => setImmediate(resolve));
			}
			if (entry.generation === generation && !this.closed) {
				entry.head = head;
				entry.historyDone = entry.tailStart;
				this.publish();
			}
		} catch {
			// A transcript that went away while being read: the tail stays.
			entry.head = entry.head ?? EMPTY_SUMMARY;
		} finally {
			await handle?.close();
		}
	}

	private state(entry: Entry): TranscriptState {
		const reading = entry.tailStart > 0 && entry.head === undefined;
		const summary = entry.head ? mergeSummaries(entry.head, entry.recent) : entry.recent;
		return {
			summary,
			description: entry.description,
			parentAgentId: entry.parentAgentId ?? summary.parentAgentId,
			mtimeMs: entry.mtimeMs,
			history: reading ? {done: entry.historyDone, total: entry.tailStart} : undefined,
			missing: entry.missing,
		};
	}

	/**
	 * Tells subscribers, at most every PUBLISH_MS: a transcript growing line by line would
	 * otherwise redraw the screen for every line. Following changes are told at once.
	 */
	private publish(now = false): void {
		const wait = this.lastPublish + PUBLISH_MS - Date.now();
		if (!now && wait > 0) {
			this.publishTimer ??= setTimeout(() => {
				this.publishTimer = undefined;
				this.publish(true);
			}, wait);
			return;
		}
		clearTimeout(this.publishTimer);
		this.publishTimer = undefined;
		this.lastPublish = Date.now();
		const next = new Map<string, TranscriptState>();
		for (const [id, entry] of this.entries) {
			next.set(id, this.state(entry));
		}
		this.snapshot = next;
		for (const listener of this.listeners) {
			listener();
		}
	}
}
