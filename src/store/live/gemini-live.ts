// `watch` with Gemini CLI: its session files of the last days polled twice a second (a file is read
// again only from where it stopped; a missing Gemini folder costs one failed directory read per
// poll), and the Gemini session's subagents put beside what the other sources give, so the App sees
// one source of agents and one of transcripts. Following the newest session, a Gemini session
// whose files were written after the session shown is shown instead. The same merge as
// codex-live.ts.
import {statSync} from 'node:fs';
import path from 'node:path';
import type {TranscriptFacts} from '../../core/monitor/inferred-stop.js';
import type {AgentRecord} from '../../core/record/agent-record.js';
import type {AgentSource, WatchSnapshot} from './activity-watcher.js';
import type {FollowTarget, TranscriptState} from '../transcripts/reader.js';
import type {TranscriptSource} from '../transcripts/follower.js';
import {geminiAgentsOf, scanGeminiSessions, type GeminiScan} from '../gemini/gemini-sessions.js';
import type {GeminiRead} from '../gemini/gemini-files.js';
import {prices} from '../cost/prices.js';

export const GEMINI_POLL_MS = 500;
const LIVE_DAYS = 2;

export interface GeminiLiveOptions {
	readonly geminiHome: string;
	readonly activity: string;
	/** The session asked for; undefined: follow the newest. */
	readonly session: string | undefined;
	readonly pollMs?: number;
	/** How far back a session's files may have been written (ms); default two days (a session asked for by id: any time). */
	readonly sinceMs?: number;
}

interface Shown {
	readonly sessionId: string;
	/** True when the sources inside do not show this session. */
	readonly replaces: boolean;
	readonly agents: readonly AgentRecord[];
	readonly facts: ReadonlyMap<string, TranscriptFacts>;
	readonly lastActivity: number;
}

export class GeminiLive {
	private readonly memory = new Map<string, GeminiRead>();
	private readonly pricer = prices();
	private scan: GeminiScan = {sessions: [], skipped: 0};
	private shown: Shown | undefined;
	private timer: NodeJS.Timeout | undefined;
	private readonly listeners = new Set<() => void>();
	private key: string | undefined;
	private lastInner: WatchSnapshot | undefined;
	private lastMerged: WatchSnapshot | undefined;
	private lastShownForAgents: Shown | undefined;
	private lastTranscriptsIn: ReadonlyMap<string, TranscriptState> | undefined;
	private lastTranscriptsOut: ReadonlyMap<string, TranscriptState> | undefined;
	private lastShownForTranscripts: Shown | undefined;

	constructor(private readonly options: GeminiLiveOptions) {}

	/** Reads once now and then every GEMINI_POLL_MS. */
	start(): void {
		this.poll();
		this.timer = setInterval(() => this.poll(), this.options.pollMs ?? GEMINI_POLL_MS);
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

	/** The session the sources inside show, and when it was last written (its folder's time, else the snapshot's last change). */
	private innerSession(): {readonly id: string | undefined; readonly time: number} {
		const id = this.options.session ?? this.lastInner?.sessionId;
		if (id === undefined) {
			return {id, time: 0};
		}
		try {
			return {id, time: statSync(path.join(this.options.activity, id)).mtimeMs};
		} catch {
			return {id, time: this.lastInner?.sessionId === id ? (this.lastInner.lastChangeAt ?? 0) : 0};
		}
	}

	private poll(): void {
		const sinceMs = this.options.sinceMs ?? (this.options.session === undefined ? Date.now() - LIVE_DAYS * 86_400_000 : undefined);
		this.scan = scanGeminiSessions({geminiHome: this.options.geminiHome, ...(sinceMs === undefined ? {} : {sinceMs}), memory: this.memory});
		const inner = this.innerSession();
		let target = this.scan.sessions.find(s => s.sessionId === inner.id);
		let replaces = false;
		if (this.options.session === undefined) {
			const newest = this.scan.sessions[0];
			if (newest !== undefined && newest.sessionId !== inner.id && newest.lastActivity > inner.time) {
				target = newest;
				replaces = true;
			}
		} else if (target !== undefined && inner.time === 0) {
			replaces = true;
		}
		const key =
			target === undefined
				? 'none'
				: `${target.sessionId}|${replaces}|${[target.main, ...target.children].map(f => (f === undefined ? '-' : `${f.path}:${f.read.offset}:${f.read.mtimeMs}`)).join(',')}`;
		if (key === this.key) {
			return;
		}
		this.key = key;
		if (target === undefined) {
			this.shown = undefined;
		} else {
			const {agents, transcripts} = geminiAgentsOf(target, this.pricer);
			this.shown = {sessionId: target.sessionId, replaces, agents, facts: transcripts, lastActivity: target.lastActivity};
		}
		this.notify();
	}

	/** The snapshots inside with the Gemini session's agents in them. */
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
		let merged: WatchSnapshot;
		if (shown === undefined || (!shown.replaces && shown.sessionId !== snapshot.sessionId)) {
			merged = snapshot;
		} else {
			const agents = new Map<string, AgentRecord>();
			if (!shown.replaces) {
				const ids = new Set(shown.agents.map(a => a.agentId));
				for (const [name, record] of snapshot.set.agents) {
					if (!ids.has(record.agentId)) {
						agents.set(name, record);
					}
				}
			}
			for (const record of shown.agents) {
				agents.set(`gemini:${record.agentId}`, record);
			}
			merged = shown.replaces
				? {
						...snapshot,
						sessionId: shown.sessionId,
						set: {agents, invalid: new Map()},
						lastChangeAt: shown.lastActivity,
						lifecycle: undefined,
						mainWaiting: undefined,
					}
				: {...snapshot, set: {agents, invalid: snapshot.set.invalid}};
		}
		this.lastMerged = merged;
		if (sessionChanged) {
			// The sources inside moved to another session: which Gemini session to show is decided again at once.
			this.key = undefined;
			setImmediate(() => this.poll());
		}
		return merged;
	}

	/** The transcript source inside with the Gemini agents' facts beside its own; it is never asked to follow a Gemini file. */
	transcripts(inner: TranscriptSource): TranscriptSource {
		return {
			getSnapshot: () => this.mergedTranscripts(inner.getSnapshot()),
			getParents: inner.getParents,
			...(inner.getWork === undefined ? {} : {getWork: inner.getWork}),
			subscribe: onChange => this.subscribeWith(inner, onChange),
			follow: (targets: readonly FollowTarget[]) => {
				const facts = this.shown?.facts;
				inner.follow(facts === undefined ? targets : targets.filter(t => !facts.has(t.agentId)));
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
			facts === undefined || facts.size === 0 ? map : new Map([...map, ...[...facts].map(([id, f]) => [id, {...f, mtimeMs: f.mtimeMs}] as const)]);
		this.lastTranscriptsOut = out;
		return out;
	}
}
