// `watch` with Codex: the rollouts of the last days polled twice a second (a file is read
// again only from where it stopped), and the Codex session's children put beside what the activity
// watcher and the transcript follower give, so the App sees one source of agents and one of
// transcripts, as for Claude Code alone. Following the newest session, a Codex session whose
// rollouts were written after the newest session folder is shown instead.
import {statSync} from 'node:fs';
import path from 'node:path';
import type {TranscriptFacts} from '../../core/monitor/inferred-stop.js';
import type {AgentRecord} from '../../core/record/agent-record.js';
import type {AgentSource, WatchSnapshot} from './activity-watcher.js';
import type {FollowTarget, TranscriptState} from '../transcripts/reader.js';
import type {TranscriptSource} from '../transcripts/follower.js';
import {codexAgentsOf, scanCodexFiles, scanCodexSessions, type CodexScan} from '../codex/codex-sessions.js';
import type {RolloutFile, RolloutRead} from '../codex/rollouts.js';
import {prices} from '../cost/prices.js';

export const CODEX_POLL_MS = 500;
const LIVE_DAYS = 2;

export interface CodexLiveOptions {
	readonly codexHome: string;
	readonly activity: string;
	/** The session asked for; undefined: follow the newest. */
	readonly session: string | undefined;
	/**
	 * The rollouts of the session asked for, when it is older than the live window (found in the
	 * listing's 30 days): read as the live ones are, so an older session shows its agents too.
	 */
	readonly sessionFiles?: readonly RolloutFile[];
	readonly pollMs?: number;
}

/** The Codex session shown and its agents, as last read. */
interface Shown {
	readonly sessionId: string;
	/** True when the activity watcher does not show this session (no folder, or an older one shown). */
	readonly replaces: boolean;
	readonly agents: readonly AgentRecord[];
	readonly facts: ReadonlyMap<string, TranscriptFacts>;
	readonly lastActivity: number;
}

export class CodexLive {
	private readonly memory = new Map<string, RolloutRead>();
	/** What each request read is priced with: the detail pane's cost. */
	private readonly pricer = prices();
	private scan: CodexScan = {sessions: [], skipped: 0};
	private shown: Shown | undefined;
	private timer: NodeJS.Timeout | undefined;
	private readonly listeners = new Set<() => void>();
	/** What was last shown (session, files read); undefined: make it again at the next poll. */
	private key: string | undefined;
	private lastInner: WatchSnapshot | undefined;
	/** `<codex>/sessions` while it is a folder (the empty screen says it is read). */
	private codexFolder: string | undefined;
	private codexFolderForAgents: string | undefined;
	private lastMerged: WatchSnapshot | undefined;
	private lastShownForAgents: Shown | undefined;
	private lastTranscriptsIn: ReadonlyMap<string, TranscriptState> | undefined;
	private lastTranscriptsOut: ReadonlyMap<string, TranscriptState> | undefined;
	private lastShownForTranscripts: Shown | undefined;

	constructor(private readonly options: CodexLiveOptions) {}

	/** Reads once now and then every CODEX_POLL_MS. */
	start(): void {
		this.poll();
		this.timer = setInterval(() => this.poll(), this.options.pollMs ?? CODEX_POLL_MS);
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

	/** Told of a change of `inner` or of the Codex agents. */
	private subscribeWith(inner: {readonly subscribe: (onChange: () => void) => () => void}, onChange: () => void): () => void {
		const unsubscribe = inner.subscribe(onChange);
		this.listeners.add(onChange);
		return () => {
			unsubscribe();
			this.listeners.delete(onChange);
		};
	}

	/** The activity watcher's session and its folder's time (0 when it has none). */
	private innerSession(): {readonly id: string | undefined; readonly time: number} {
		const id = this.options.session ?? this.lastInner?.sessionId;
		if (id === undefined) {
			return {id, time: 0};
		}
		try {
			return {id, time: statSync(path.join(this.options.activity, id)).mtimeMs};
		} catch {
			return {id, time: 0};
		}
	}

	private poll(): void {
		const older = this.options.session !== undefined && this.options.sessionFiles !== undefined && this.options.sessionFiles.length > 0;
		this.scan = older
			? scanCodexFiles(this.options.sessionFiles, this.memory, this.pricer)
			: scanCodexSessions({codexHome: this.options.codexHome, sinceMs: Date.now() - LIVE_DAYS * 86_400_000, memory: this.memory, pricer: this.pricer});
		const folder = path.join(this.options.codexHome, 'sessions');
		let isFolder = false;
		try {
			isFolder = statSync(folder).isDirectory();
		} catch {
			isFolder = false;
		}
		if ((isFolder ? folder : undefined) !== this.codexFolder) {
			this.codexFolder = isFolder ? folder : undefined;
			this.notify();
		}
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
			target === undefined ? 'none' : `${target.sessionId}|${replaces}|${target.threads.map(t => `${t.path}:${t.read.offset}:${t.read.mtimeMs}`).join(',')}`;
		if (key === this.key) {
			return;
		}
		this.key = key;
		if (target === undefined) {
			this.shown = undefined;
		} else {
			const hooked = replaces ? [] : [...(this.lastInner?.set.agents.values() ?? [])].filter(a => a.provider === 'codex');
			const {agents, transcripts} = codexAgentsOf(target, hooked);
			this.shown = {sessionId: target.sessionId, replaces, agents, facts: transcripts, lastActivity: target.lastActivity};
		}
		this.notify();
	}

	/** The activity watcher's snapshots with the Codex session's agents in them. */
	agents(inner: AgentSource): AgentSource {
		return {
			getSnapshot: () => this.mergedSnapshot(inner.getSnapshot()),
			subscribe: onChange => this.subscribeWith(inner, onChange),
		};
	}

	private mergedSnapshot(snapshot: WatchSnapshot): WatchSnapshot {
		if (
			snapshot === this.lastInner &&
			this.shown === this.lastShownForAgents &&
			this.codexFolder === this.codexFolderForAgents &&
			this.lastMerged !== undefined
		) {
			return this.lastMerged;
		}
		const innerChanged = this.lastInner !== snapshot;
		const sessionChanged = this.lastInner?.sessionId !== snapshot.sessionId;
		this.lastInner = snapshot;
		this.lastShownForAgents = this.shown;
		this.codexFolderForAgents = this.codexFolder;
		const shown = this.shown;
		let merged: WatchSnapshot;
		if (shown === undefined || (!shown.replaces && shown.sessionId !== snapshot.sessionId)) {
			merged = snapshot;
		} else {
			const ids = new Set(shown.agents.map(a => a.agentId));
			const agents = new Map<string, AgentRecord>();
			if (!shown.replaces) {
				for (const [name, record] of snapshot.set.agents) {
					if (!ids.has(record.agentId)) {
						agents.set(name, record);
					}
				}
			}
			for (const record of shown.agents) {
				agents.set(`codex:${record.agentId}`, record);
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
		if (this.codexFolder !== undefined) {
			merged = {...merged, codexFolder: this.codexFolder};
		}
		this.lastMerged = merged;
		if (innerChanged) {
			// What the hook recorded changed (or the activity watcher moved to another session): the
			// merge, and which Codex session to show, are made again at the next poll (at once for a new session).
			this.key = undefined;
			if (sessionChanged) {
				setImmediate(() => this.poll());
			}
		}
		return merged;
	}

	/** The transcript follower with the Codex agents' facts beside its own; it is never asked to follow a rollout. */
	transcripts(inner: TranscriptSource): TranscriptSource {
		return {
			getSnapshot: () => this.mergedTranscripts(inner.getSnapshot()),
			getParents: inner.getParents,
			...(inner.getWork === undefined ? {} : {getWork: inner.getWork}),
			subscribe: onChange => this.subscribeWith(inner, onChange),
			follow: (targets: readonly FollowTarget[]) => {
				const codex = this.shown?.facts;
				inner.follow(codex === undefined ? targets : targets.filter(t => !codex.has(t.agentId)));
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
