// `watch` with another tool whose subagents agentlog reads from the tool's own files (Gemini CLI's
// session files, opencode's database): its sessions polled twice a second, read again only when
// its files changed (only the shown one's agents are folded), and the
// shown session's agents put beside what the inner sources give, so the App sees one source of
// agents and one of transcripts. Following the newest session, the tool's session whose agents
// moved after the inner source's newest is shown instead.
import {statSync} from 'node:fs';
import path from 'node:path';
import type {TranscriptFacts} from '../../core/monitor/inferred-stop.js';
import type {AgentRecord} from '../../core/record/agent-record.js';
import type {AgentSource, WatchSnapshot} from './activity-watcher.js';
import type {FollowTarget, TranscriptState} from '../transcripts/reader.js';
import type {TranscriptSource} from '../transcripts/follower.js';

export const PROVIDER_POLL_MS = 500;

/** One session of the tool, as its scan read it. */
export interface ProviderSession {
	readonly sessionId: string;
	readonly lastActivity: number;
	/** Its agents and what their files say: asked only of the session shown. */
	load(): ProviderAgents;
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
}

export interface ProviderLiveOptions {
	readonly scan: ProviderScan;
	readonly activity: string;
	/** The session asked for; undefined: follow the newest. */
	readonly session: string | undefined;
	/** Prefix of the shown agents' keys in the merged set (`opencode:`). */
	readonly prefix: string;
	readonly pollMs?: number;
}

interface Shown extends ProviderAgents {
	readonly session: ProviderSession;
	/** True when the inner source does not show this session. */
	readonly replaces: boolean;
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

	constructor(private readonly options: ProviderLiveOptions) {}

	/** Reads once now and then every PROVIDER_POLL_MS. */
	start(): void {
		this.poll();
		this.timer = setInterval(() => this.poll(), this.options.pollMs ?? PROVIDER_POLL_MS);
		this.timer.unref();
	}

	close(): void {
		if (this.timer !== undefined) {
			clearInterval(this.timer);
			this.timer = undefined;
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

	/** When the inner source's session last moved: its folder's time, or what a source inside it said. */
	private innerTime(id: string | undefined): number {
		let time = this.lastInner?.lastChangeAt ?? 0;
		if (id !== undefined) {
			try {
				time = Math.max(time, statSync(path.join(this.options.activity, id)).mtimeMs);
			} catch {
				// No folder: a session another source put there.
			}
		}
		return time;
	}

	private poll(): void {
		const key = this.options.scan.key();
		if (key !== this.filesKey) {
			this.filesKey = key;
			this.sessions = this.options.scan.read();
		}
		const innerId = this.options.session ?? this.lastInner?.sessionId;
		let target = this.sessions.find(s => s.sessionId === innerId);
		let replaces = target !== undefined && this.options.session !== undefined;
		if (this.options.session === undefined) {
			const newest = this.sessions[0];
			if (newest !== undefined && newest.sessionId !== innerId && newest.lastActivity > this.innerTime(innerId)) {
				target = newest;
				replaces = true;
			}
		}
		if (target === this.shown?.session && replaces === this.shown?.replaces) {
			return;
		}
		this.shown = target === undefined ? undefined : {session: target, replaces, ...target.load()};
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
		if (snapshot === this.lastInner && this.shown === this.lastShownForAgents && this.lastMerged !== undefined) {
			return this.lastMerged;
		}
		const sessionChanged = this.lastInner?.sessionId !== snapshot.sessionId;
		this.lastInner = snapshot;
		this.lastShownForAgents = this.shown;
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
		this.lastMerged = merged;
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
