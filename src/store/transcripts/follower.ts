// Follows the transcripts of the agents on screen: which ones (follow), when to read them
// (file events, debounced), and when to tell the screen (at most every publishMs). Each
// transcript's reading is a TranscriptReader. A missing, truncated, rotated or malformed
// transcript is normal: what is known is shown, nothing throws.
//
// Each parent transcript (the session's, or a parent agent's) is scanned once for the Agent/Task
// calls and results of its subagents and then only as it grows (ParentScanner), shared by every
// agent it started: a description is found however far back its call is.
import path from 'node:path';
import {watch, type FSWatcher} from 'chokidar';
import {META_SUFFIX, metaPath} from './files.js';
import {ParentScanner} from './parent-scan.js';
import {TranscriptRoots} from './transcript-paths.js';
import {TranscriptReader, type FollowTarget, type TranscriptState} from './reader.js';
import {rememberParents, rememberWork} from '../../core/monitor/model.js';
import {isLaunchStatus} from '../../core/record/launch-status.js';

export type {FollowTarget, TranscriptState} from './reader.js';

/** What the UI subscribes to. */
export interface TranscriptSource {
	// Function properties, not methods: React calls them unbound.
	readonly getSnapshot: () => ReadonlyMap<string, TranscriptState>;
	/**
	 * Every parent named so far (child agentId → parent agentId), kept after an agent is let go:
	 * nesting decides what is shown and what is shown decides what is followed, so forgetting a
	 * parent would make the list flip back and forth. The same map until a new parent is named.
	 */
	readonly getParents: () => ReadonlyMap<string, string>;
	/** Every agent whose transcript showed work of its own so far, kept after it is let go (see ViewOptions.worked). */
	readonly getWork?: () => ReadonlySet<string>;
	readonly subscribe: (onChange: () => void) => () => void;
	/** The agents to follow now; the others are let go. */
	readonly follow: (targets: readonly FollowTarget[]) => void;
}

export interface FollowerOptions {
	/** Bytes read from the end of a transcript first. */
	readonly tailBytes?: number;
	/** Bytes per step of the background history read. */
	readonly chunkBytes?: number;
	/** `<claude>`: transcripts are opened only under `<claude>/projects/` (default: $CLAUDE_CONFIG_DIR or ~/.claude). */
	readonly claudeDir?: string;
	/** More folders transcripts may be read from (a demo's). */
	readonly roots?: readonly string[];
	/** A parent transcript up to this size is scanned at once; a larger one in steps, in the background. */
	readonly parentSyncBytes?: number;
	/** How often parent transcripts (and missing transcripts) are looked at again while an agent waits for its result. */
	readonly refreshMs?: number;
	/** At most this often the screen hears of new transcript lines (ms; default 500). */
	readonly publishMs?: number;
}

interface ParentEntry {
	readonly scanner: ParentScanner;
	/** A background scan of a large parent is under way. */
	busy: boolean;
}

/** At most this often the screen hears of new transcript lines, by default. */
const PUBLISH_MS = 500;
/** The history of a large transcript starts after this, so the tail reaches the screen first. */
const HISTORY_DELAY_MS = 150;

export class TranscriptFollower implements TranscriptSource {
	private readonly entries = new Map<string, TranscriptReader>();
	private snapshot: ReadonlyMap<string, TranscriptState> = new Map();
	private knownParents: ReadonlyMap<string, string> = new Map();
	private knownWork: ReadonlySet<string> = new Set();
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
	private readonly parentSyncBytes: number;
	private readonly refreshMs: number;
	private readonly publishMs: number;
	private readonly roots: TranscriptRoots;
	private readonly parents = new Map<string, ParentEntry>();
	private refreshTimer: NodeJS.Timeout | undefined;

	constructor(options: FollowerOptions = {}) {
		this.tailBytes = options.tailBytes ?? 256 * 1024;
		this.chunkBytes = options.chunkBytes ?? 1024 * 1024;
		this.parentSyncBytes = options.parentSyncBytes ?? 4 * 1024 * 1024;
		this.refreshMs = options.refreshMs ?? 2000;
		this.publishMs = options.publishMs ?? PUBLISH_MS;
		this.roots = new TranscriptRoots(options.claudeDir, options.roots);
	}

	getSnapshot = (): ReadonlyMap<string, TranscriptState> => this.snapshot;

	getParents = (): ReadonlyMap<string, string> => this.knownParents;
	getWork = (): ReadonlySet<string> => this.knownWork;

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
			this.dropUnusedParents();
			this.publish(true);
		}
	};

	async close(): Promise<void> {
		this.closed = true;
		clearTimeout(this.timer);
		clearTimeout(this.recheckTimer);
		clearTimeout(this.publishTimer);
		clearInterval(this.refreshTimer);
		this.parents.clear();
		for (const timer of this.settleTimers) {
			clearTimeout(timer);
		}
		this.entries.clear();
		await this.watcher?.close();
		this.watcher = undefined;
		this.listeners.clear();
	}

	private start(target: FollowTarget): void {
		const entry = new TranscriptReader(target, this.tailBytes, this.roots);
		this.entries.set(target.agentId, entry);
		this.watcher ??= this.createWatcher();
		this.read(entry);
		if (!entry.refused) {
			this.watcher.add(entry.file ?? target.transcriptPath);
		}
		this.updateFolderWatches();
		this.refreshTimer ??= setInterval(() => this.refresh(), this.refreshMs).unref();
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
	 * A transcript that does not exist yet is noticed through its folder. A folder once watched
	 * stays watched (its other agents' writes are dropped by onFile): chokidar's unwatch of a
	 * folder ignores from then on every path under it, so the transcripts followed there (those
	 * that appeared, and any followed later) would never report a change again.
	 */
	private updateFolderWatches(): void {
		const wanted = new Set([...this.entries.values()].filter(e => e.missing && !e.refused).map(e => path.dirname(e.target.transcriptPath)));
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
				const paths = [entry.target.transcriptPath, entry.file];
				if (paths.some(p => p !== undefined && (p === file || metaPath(p) === file))) {
					this.pending.add(entry.target.agentId);
				}
			}
			if (this.pending.size > 0) {
				this.schedule();
			}
		};
		watcher
			.on('add', onFile)
			.on('change', onFile)
			.on('unlink', onFile)
			.on('error', () => undefined);
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
		let placed = false;
		for (const id of this.pending) {
			const entry = this.entries.get(id);
			if (entry) {
				const before = entry.metaRead() !== undefined;
				changed = this.read(entry) || changed;
				placed ||= !before && entry.metaRead() !== undefined;
			}
		}
		this.pending.clear();
		if (changed) {
			// A sidecar read names the agent's parent and task: where it belongs in the tree is told
			// at once (once per agent), not after the wait that holds back new lines.
			this.publish(placed);
		}
	}

	/** Reads one transcript's news; keeps the watches in step with its presence. */
	private read(entry: TranscriptReader): boolean {
		const result = entry.readNew();
		const meta = entry.readMeta();
		const parent = this.scanParent(entry, false);
		if (result.presenceChanged) {
			// Present: watch the file itself; missing: its folder tells when it appears.
			if (!entry.missing && entry.file !== undefined) {
				this.watcher?.add(entry.file);
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
		return meta || result.changed || parent;
	}

	/**
	 * Scans the parent transcript of `entry` for what is new (the first time: all of it, in the
	 * background when it is large). `again`: also when it was scanned before. True when it read
	 * something new.
	 */
	private scanParent(entry: TranscriptReader, again: boolean): boolean {
		const file = entry.parentPath();
		if (file === undefined) {
			return false;
		}
		let parent = this.parents.get(file);
		if (parent && !again) {
			return false;
		}
		parent ??= {scanner: new ParentScanner(file), busy: false};
		this.parents.set(file, parent);
		if (parent.busy) {
			return false;
		}
		if (parent.scanner.pending() <= this.parentSyncBytes) {
			return parent.scanner.scan();
		}
		const current = parent;
		current.busy = true;
		const wanted = () => !this.closed && this.parents.get(file) === current;
		void current.scanner.scanInSteps(this.parentSyncBytes, wanted).finally(() => {
			current.busy = false;
			if (wanted()) {
				this.publish();
			}
		});
		return false;
	}

	/** Parents no followed agent needs are let go. */
	private dropUnusedParents(): void {
		const used = new Set([...this.entries.values()].map(e => e.parentPath()));
		for (const file of this.parents.keys()) {
			if (!used.has(file)) {
				this.parents.delete(file);
			}
		}
	}

	/**
	 * Every `refreshMs`: parents of agents still waiting for their result are scanned for what was
	 * appended, and missing transcripts are looked for again (a workflow agent's appears in a
	 * folder no watch covers).
	 */
	private refresh(): void {
		if (this.closed) {
			return;
		}
		let changed = false;
		const scanned = new Set<string>();
		for (const entry of this.entries.values()) {
			if (entry.missing && !entry.refused) {
				changed = this.read(entry) || changed;
			}
			const file = entry.parentPath();
			if (file === undefined || scanned.has(file)) {
				continue;
			}
			const facts = this.parents.get(file)?.scanner.lookup(entry.target.agentId, entry.toolUseId());
			const status = facts?.taskResult?.status;
			if (facts?.description === undefined || status === undefined || isLaunchStatus(status)) {
				scanned.add(file);
				changed = this.scanParent(entry, true) || changed;
			}
		}
		if (changed) {
			this.publish();
		}
	}

	/**
	 * Tells subscribers, at most every `publishMs`: a transcript growing line by line would
	 * otherwise redraw the screen for every line. Following changes are told at once.
	 */
	private publish(now = false): void {
		const wait = this.lastPublish + this.publishMs - Date.now();
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
			const file = entry.parentPath();
			const parent = file === undefined ? undefined : this.parents.get(file)?.scanner.lookup(id, entry.toolUseId());
			next.set(id, entry.state(parent));
		}
		this.snapshot = next;
		this.knownParents = rememberParents(this.knownParents, next);
		this.knownWork = rememberWork(this.knownWork, next);
		for (const listener of this.listeners) {
			listener();
		}
	}
}
