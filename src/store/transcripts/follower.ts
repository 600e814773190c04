// Follows the transcripts of the agents on screen: which ones (follow), when to read them
// (file events, debounced), and when to tell the screen (at most every PUBLISH_MS). Each
// transcript's reading is a TranscriptReader. A missing, truncated, rotated or malformed
// transcript is normal: what is known is shown, nothing throws.
import path from 'node:path';
import {watch, type FSWatcher} from 'chokidar';
import {META_SUFFIX, metaPath} from './files.js';
import {TranscriptReader, type FollowTarget, type TranscriptState} from './reader.js';

export type {FollowTarget, TranscriptState} from './reader.js';

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

/** At most this often the screen hears of new transcript lines. */
const PUBLISH_MS = 500;
/** The history of a large transcript starts after this, so the tail reaches the screen first. */
const HISTORY_DELAY_MS = 150;

export class TranscriptFollower implements TranscriptSource {
	private readonly entries = new Map<string, TranscriptReader>();
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
		const entry = new TranscriptReader(target, this.tailBytes);
		this.entries.set(target.agentId, entry);
		this.watcher ??= this.createWatcher();
		this.watcher.add(target.transcriptPath);
		this.read(entry);
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
				changed = this.read(entry) || changed;
			}
		}
		this.pending.clear();
		if (changed) {
			this.publish();
		}
	}

	/** Reads one transcript's news; keeps the watches in step with its presence. */
	private read(entry: TranscriptReader): boolean {
		const meta = entry.readMeta();
		const result = entry.readNew();
		const described = entry.lookUpDescription(this.parentBytes);
		if (result.presenceChanged) {
			// Present: watch the file itself; missing: its folder tells when it appears.
			if (!entry.missing) {
				this.watcher?.add(entry.target.transcriptPath);
			}
			this.updateFolderWatches();
		}
		if (result.historyWanted) {
			const wanted = () => !this.closed && this.entries.get(entry.target.agentId) === entry;
			const timer = setTimeout(() => {
				this.settleTimers.delete(timer);
				void entry.readHistory(this.chunkBytes, () => this.publish(), wanted);
			}, HISTORY_DELAY_MS);
			this.settleTimers.add(timer);
		}
		return meta || result.changed || described;
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
			next.set(id, entry.state());
		}
		this.snapshot = next;
		for (const listener of this.listeners) {
			listener();
		}
	}
}
