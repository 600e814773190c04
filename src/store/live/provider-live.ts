// `watch` with another tool whose subagents agentlog reads from the tool's own files (Codex CLI's
// rollouts, Gemini CLI's session files, opencode's database): its sessions polled twice a second,
// read again only when its files changed (only the shown one's agents are folded), and the shown
// session's agents put beside what the inner sources give, so the App sees one source of agents and
// one of transcripts. Following the newest session, the tool's session whose agents moved after
// the inner source's newest is shown instead. The one merge every such tool shares; a tool whose
// hook also writes records (Codex) has them merged into its own (`withHooked`).
import {statSync, watch, type FSWatcher} from 'node:fs';
import path from 'node:path';
import type {TranscriptFacts} from '../../core/monitor/inferred-stop.js';
import type {AgentRecord} from '../../core/record/agent-record.js';
import type {AgentSource, WatchSnapshot} from './activity-watcher.js';
import type {FollowTarget, TranscriptState} from '../transcripts/reader.js';
import type {TranscriptSource} from '../transcripts/follower.js';

export const PROVIDER_POLL_MS = 500;
/** A change a folder watch reports is read this soon; changes closer together are read together. */
export const PROVIDER_WATCH_MS = 15;
/** Folders watched at most per tool (the newest sessions' first). */
const MAX_WATCHED = 32;

/** One session of the tool, as its scan read it. */
export interface ProviderSession {
	readonly sessionId: string;
	readonly lastActivity: number;
	/**
	 * Its agents and what their files say: asked only of the session shown. `hooked`: the records
	 * the inner source holds of this tool's agents in that session (with `withHooked`, else none).
	 */
	load(hooked: readonly AgentRecord[]): ProviderAgents;
}

export interface ProviderAgents {
	readonly agents: readonly AgentRecord[];
	readonly facts: ReadonlyMap<string, TranscriptFacts>;
}

export interface ProviderScan {
	/** Changes whenever the tool's files changed: the sessions are read again only then. */
	key(): string;
	/** The tool's sessions with subagents, newest first. */
	read(): readonly ProviderSession[];
	/** The folder the tool's files are read from while it is one (the empty screen says it is read): Codex's `<codex>/sessions`. */
	folder?(): string | undefined;
	/**
	 * Folders whose entries change when the tool writes (opencode's data folder, a Gemini session's
	 * chats folders), asked after each read: each one that exists is watched, so a change is read
	 * at once rather than at the next poll. None: the poll alone.
	 */
	watchFolders?(): readonly string[];
}

export interface ProviderLiveOptions {
	readonly scan: ProviderScan;
	readonly activity: string;
	/** The session asked for; undefined: follow the newest. */
	readonly session: string | undefined;
	/** Prefix of the shown agents' keys in the merged set (`opencode:`). */
	readonly prefix: string;
	readonly pollMs?: number;
	/**
	 * The tool's hook writes records into the activity folder too (Codex): the inner source's
	 * records of this provider in the shown session are handed to `load` and merged there, and the
	 * session is loaded again after every change of the inner source. A session asked for then
	 * replaces the inner one only when it has no folder, and the inner session's time is its
	 * folder's alone.
	 */
	readonly withHooked?: AgentRecord['provider'];
}

interface Shown extends ProviderAgents {
	readonly session: ProviderSession;
	/** True when the inner source does not show this session. */
	readonly replaces: boolean;
}

/** The folder's mtime (ms), 0 when there is none. */
function folderTime(folder: string): number {
	try {
		return statSync(folder).mtimeMs;
	} catch {
		return 0;
	}
}

export class ProviderLive {
	private sessions: readonly ProviderSession[] = [];
	private filesKey: string | undefined;
	private shown: Shown | undefined;
	private timer: NodeJS.Timeout | undefined;
	private readonly listeners = new Set<() => void>();
	private lastInner: WatchSnapshot | undefined;
	private lastMerged: WatchSnapshot | undefined;
	private lastShownForAgents: Shown | undefined;
	private lastTranscriptsIn: ReadonlyMap<string, TranscriptState> | undefined;
	private lastTranscriptsOut: ReadonlyMap<string, TranscriptState> | undefined;
	private lastShownForTranscripts: Shown | undefined;
	/** The shown session is loaded again at the next poll (`withHooked`: the inner records changed). */
	private reload = false;
	/** `scan.folder()` as last polled, and as last merged. */
	private folder: string | undefined;
	private folderForAgents: string | undefined;
	/** The folders watched now, and the poll a change of one of them asked for. */
	private readonly watchers = new Map<string, FSWatcher>();
	private soon: NodeJS.Timeout | undefined;

	constructor(private readonly options: ProviderLiveOptions) {}

	/** Reads once now and then every PROVIDER_POLL_MS. */
	start(): void {
		this.timer = setInterval(() => this.poll(), this.options.pollMs ?? PROVIDER_POLL_MS);
		this.timer.unref();
		this.poll();
		this.watchFolders();
	}

	close(): void {
		if (this.timer !== undefined) {
			clearInterval(this.timer);
			this.timer = undefined;
		}
		if (this.soon !== undefined) {
			clearTimeout(this.soon);
			this.soon = undefined;
		}
		for (const watcher of this.watchers.values()) {
			watcher.close();
		}
		this.watchers.clear();
	}

	/** A watched folder changed: poll shortly, once for changes that come together. */
	private changed(): void {
		if (this.soon === undefined && this.timer !== undefined) {
			this.soon = setTimeout(() => {
				this.soon = undefined;
				this.poll();
			}, PROVIDER_WATCH_MS);
			this.soon.unref();
		}
	}

	/** Watches the folders the scan names now (those that exist, up to MAX_WATCHED), and no others. */
	private watchFolders(): void {
		const wanted = new Set((this.options.scan.watchFolders?.() ?? []).slice(0, MAX_WATCHED));
		for (const [folder, watcher] of this.watchers) {
			if (!wanted.has(folder)) {
				watcher.close();
				this.watchers.delete(folder);
			}
		}
		for (const folder of wanted) {
			if (this.watchers.has(folder)) {
				continue;
			}
			try {
				const watcher = watch(folder, {persistent: false}, () => this.changed());
				watcher.on('error', () => {
					watcher.close();
					this.watchers.delete(folder);
				});
				this.watchers.set(folder, watcher);
			} catch {
				// Gone, or not a folder: the poll still reads it.
			}
		}
	}

	private notify(): void {
		for (const listener of this.listeners) {
			listener();
		}
	}

	private subscribeWith(inner: {readonly subscribe: (onChange: () => void) => () => void}, onChange: () => void): () => void {
		const unsubscribe = inner.subscribe(onChange);
		this.listeners.add(onChange);
		return () => {
			unsubscribe();
			this.listeners.delete(onChange);
		};
	}

	/** When the inner source's session last moved: its folder's time, or (without `withHooked`) what a source inside it said. */
	private innerTime(id: string | undefined): number {
		const folder = id === undefined ? 0 : folderTime(path.join(this.options.activity, id));
		return this.options.withHooked === undefined ? Math.max(this.lastInner?.lastChangeAt ?? 0, folder) : folder;
	}

	private poll(): void {
		const key = this.options.scan.key();
		if (key !== this.filesKey) {
			this.filesKey = key;
			this.sessions = this.options.scan.read();
			if (this.timer !== undefined) {
				this.watchFolders();
			}
		}
		const folder = this.options.scan.folder?.();
		if (folder !== this.folder) {
			this.folder = folder;
			this.notify();
		}
		const asked = this.options.session;
		const innerId = asked ?? this.lastInner?.sessionId;
		let target = this.sessions.find(s => s.sessionId === innerId);
		// A session asked for replaces the inner one; with the tool's hook records beside, only when it has no folder.
		let replaces = target !== undefined && asked !== undefined && (this.options.withHooked === undefined || this.innerTime(innerId) === 0);
		if (asked === undefined) {
			const newest = this.sessions[0];
			if (newest !== undefined && newest.sessionId !== innerId && newest.lastActivity > this.innerTime(innerId)) {
				target = newest;
				replaces = true;
			}
		}
		const same = target === undefined ? this.shown === undefined : target === this.shown?.session && replaces === this.shown.replaces;
		if (same && !this.reload) {
			return;
		}
		this.reload = false;
		const provider = this.options.withHooked;
		const hooked =
			target === undefined || replaces || provider === undefined ? [] : [...(this.lastInner?.set.agents.values() ?? [])].filter(a => a.provider === provider);
		this.shown = target === undefined ? undefined : {session: target, replaces, ...target.load(hooked)};
		this.notify();
	}

	/** The inner source's snapshots with the shown session's agents in them. */
	agents(inner: AgentSource): AgentSource {
		return {
			getSnapshot: () => this.mergedSnapshot(inner.getSnapshot()),
			subscribe: onChange => this.subscribeWith(inner, onChange),
		};
	}

	private mergedSnapshot(snapshot: WatchSnapshot): WatchSnapshot {
		if (snapshot === this.lastInner && this.shown === this.lastShownForAgents && this.folder === this.folderForAgents && this.lastMerged !== undefined) {
			return this.lastMerged;
		}
		const innerChanged = this.lastInner !== snapshot;
		const sessionChanged = this.lastInner?.sessionId !== snapshot.sessionId;
		this.lastInner = snapshot;
		this.lastShownForAgents = this.shown;
		this.folderForAgents = this.folder;
		const shown = this.shown;
		let merged: WatchSnapshot = snapshot;
		if (shown !== undefined && (shown.replaces || shown.session.sessionId === snapshot.sessionId)) {
			const agents = new Map<string, AgentRecord>();
			const ids = new Set(shown.agents.map(a => a.agentId));
			if (!shown.replaces) {
				for (const [name, record] of snapshot.set.agents) {
					if (!ids.has(record.agentId)) {
						agents.set(name, record);
					}
				}
			}
			for (const record of shown.agents) {
				agents.set(`${this.options.prefix}${record.agentId}`, record);
			}
			merged = shown.replaces
				? {
						...snapshot,
						sessionId: shown.session.sessionId,
						set: {agents, invalid: new Map()},
						lastChangeAt: shown.session.lastActivity,
						lifecycle: undefined,
						mainWaiting: undefined,
					}
				: {...snapshot, set: {agents, invalid: snapshot.set.invalid}};
		}
		if (this.folder !== undefined) {
			merged = {...merged, codexFolder: this.folder};
		}
		this.lastMerged = merged;
		if (innerChanged && this.options.withHooked !== undefined) {
			// What the hook recorded changed (or the inner source moved to another session): the merge is made again at the next poll.
			this.reload = true;
		}
		if (sessionChanged) {
			setImmediate(() => this.poll());
		}
		return merged;
	}

	/** The inner transcript source with the shown agents' facts beside its own; it is never asked to follow them. */
	transcripts(inner: TranscriptSource): TranscriptSource {
		return {
			getSnapshot: () => this.mergedTranscripts(inner.getSnapshot()),
			getParents: inner.getParents,
			...(inner.getWork === undefined ? {} : {getWork: inner.getWork}),
			subscribe: onChange => this.subscribeWith(inner, onChange),
			follow: (targets: readonly FollowTarget[]) => {
				const own = this.shown?.facts;
				inner.follow(own === undefined ? targets : targets.filter(t => !own.has(t.agentId)));
			},
		};
	}

	private mergedTranscripts(map: ReadonlyMap<string, TranscriptState>): ReadonlyMap<string, TranscriptState> {
		if (map === this.lastTranscriptsIn && this.shown === this.lastShownForTranscripts && this.lastTranscriptsOut !== undefined) {
			return this.lastTranscriptsOut;
		}
		this.lastTranscriptsIn = map;
		this.lastShownForTranscripts = this.shown;
		const facts = this.shown?.facts;
		const out: ReadonlyMap<string, TranscriptState> =
			facts === undefined || facts.size === 0 ? map : new Map([...map, ...[...facts].map(([id, f]) => [id, {...f, mtimeMs: f.mtimeMs ?? 0}] as const)]);
		this.lastTranscriptsOut = out;
		return out;
	}
}
