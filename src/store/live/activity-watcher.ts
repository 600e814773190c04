// Watches the activity folder narrowly: the top folder (depth 0, folders only) for sessions that
// appear or go, and the selected session folder (depth 0, agent files only). Never the whole
// tree: measured here on 1,000 sessions × 20 files, a whole-tree chokidar watch needs 2.1 s to
// get ready and 240 MB; this needs milliseconds. No awaitWriteFinish: the hook's rename is atomic.
import {existsSync, statSync, watch as watchFolder, type FSWatcher as FolderWatcher} from 'node:fs';
import path from 'node:path';
import {watch, type FSWatcher} from 'chokidar';
import {applyFileUpdates, EMPTY_AGENT_SET, type AgentSet, type FileUpdate} from '../../core/record/agent-set.js';
import {isAgentFileName, isSessionDirName} from '../../core/record/file-names.js';
import {EMPTY_SESSION_LIFECYCLE, type SessionLifecycle} from '../../core/record/lifecycle.js';
import {EVENT_LOG_NAME} from '../../core/record/file-names.js';
import {MAIN_WAITING_NAME} from '../../core/record/file-names.js';
import type {Waiting} from '../../core/monitor/waiting.js';
import {TranscriptRoots} from '../transcripts/transcript-paths.js';
import {readMainWaiting} from '../activity/main-waiting.js';
import {SessionEventFollower} from '../history/session-event-follower.js';
import {fileVersion, listAgentFiles, readAgentFileVersion, sessionLabel} from '../activity/read-agents.js';
import {newestSessionId} from '../activity/session-listing.js';

export interface WatchSnapshot {
	readonly activity: string;
	readonly activityExists: boolean;
	/** The session shown, or undefined before any session exists. */
	readonly sessionId: string | undefined;
	/** True when no session was asked for: the newest session is followed. */
	readonly following: boolean;
	readonly set: AgentSet;
	/** When a hook last changed a file of this session (ms), as far as the watcher saw. */
	readonly lastChangeAt: number | undefined;
	/** What the session's event log says of each agent's lifecycle (display-safe); absent: not read. */
	readonly lifecycle?: SessionLifecycle;
	/** The main session waits for the user (a permission prompt of its own): what for, since when. */
	readonly mainWaiting?: Waiting;
	/** Codex CLI's sessions folder, when there is one: its subagents are read beside. */
	readonly codexFolder?: string;
	/** The machine(s) shown, for `watch --host` (the header names them). */
	readonly host?: string;
}

/** What the UI subscribes to (React's useSyncExternalStore shape). */
export interface AgentSource {
	// Function properties, not methods: React calls them unbound.
	readonly getSnapshot: () => WatchSnapshot;
	readonly subscribe: (onChange: () => void) => () => void;
}

export interface ActivityWatcherOptions {
	readonly activity: string;
	/** A resolved session id; omitted: follow the most recently active session. */
	readonly session?: string;
	/** Bursts of file events within this window become one update. */
	readonly debounceMs?: number;
	readonly now?: () => number;
	/** Where the main transcript may be read (to see the main session work again after a request). */
	readonly claudeDir?: string;
	readonly roots?: readonly string[];
}

function readUpdate(sessionDir: string, name: string): {readonly update: FileUpdate; readonly version?: string} {
	const {result: r, version} = readAgentFileVersion(path.join(sessionDir, name));
	if (r.ok) {
		return {update: {name, kind: 'record', record: r.record}, ...(version === undefined ? {} : {version})};
	}
	return {update: r.missing ? {name, kind: 'gone'} : {name, kind: 'invalid', error: r.error}};
}

/** The session id is a folder name, kept as it is for paths; the UI gets its safe label. */
function shownSnapshot(snapshot: WatchSnapshot): WatchSnapshot {
	const id = snapshot.sessionId;
	return id === undefined || sessionLabel(id) === id ? snapshot : {...snapshot, sessionId: sessionLabel(id)};
}

/** What tells a version of a file from the next (`fileVersion`): the hook renames a new file into place. */
function statKey(file: string): string | undefined {
	try {
		return fileVersion(statSync(file));
	} catch {
		return undefined;
	}
}

/** chokidar's throttle on the 'change' events of one path. */
const CHANGE_THROTTLE_MS = 50;

/** How often a missing activity folder is looked for (one existsSync): it is back within a second. */
const APPEAR_POLL_MS = 500;

export class ActivityWatcher implements AgentSource {
	private snapshot: WatchSnapshot;
	private readonly listeners = new Set<() => void>();
	private top: FSWatcher | undefined;
	private session: FSWatcher | undefined;
	/** The session folder's own events, beside `session` (see watchSession). */
	private sessionRaw: FolderWatcher | undefined;
	private appearTimer: NodeJS.Timeout | undefined;
	private flushTimer: NodeJS.Timeout | undefined;
	private readonly pending = new Set<string>();
	private recheckTimer: NodeJS.Timeout | undefined;
	private readonly recheck = new Set<string>();
	/** The stat of each agent file of the session shown when it was last read. */
	private readonly readStats = new Map<string, string>();
	/** Follows the event log of the session shown (only the bytes appended are read). */
	private events: SessionEventFollower | undefined;
	/** The event log changed (or may have: a throttled change) since it was last read. */
	private pendingLog = false;
	private recheckLog = false;
	private closed = false;
	/** Bumped when the activity folder goes away: work of the watchers before that is dropped. */
	private generation = 0;
	private readonly debounceMs: number;
	private readonly now: () => number;
	private readonly roots: TranscriptRoots;
	/** `.main-waiting.json` changed since it was last read. */
	private pendingMain = false;
	/** Resolves the wait for the session watcher's 'ready' (see closeSession). */
	private stopWaitingReady: (() => void) | undefined;
	/** While the main session waits: its transcript is looked at once a second for a line after the request. */
	private mainTimer: NodeJS.Timeout | undefined;

	constructor(private readonly options: ActivityWatcherOptions) {
		this.debounceMs = options.debounceMs ?? 25;
		this.now = options.now ?? Date.now;
		this.roots = new TranscriptRoots(options.claudeDir, options.roots);
		this.snapshot = {
			activity: options.activity,
			activityExists: false,
			sessionId: options.session,
			following: options.session === undefined,
			set: EMPTY_AGENT_SET,
			lastChangeAt: undefined,
			lifecycle: EMPTY_SESSION_LIFECYCLE,
		};
		this.shown = shownSnapshot(this.snapshot);
	}

	/** What the UI sees: the snapshot with the session folder's name made safe to show. */
	private shown: WatchSnapshot;

	getSnapshot = (): WatchSnapshot => this.shown;

	subscribe = (onChange: () => void): (() => void) => {
		this.listeners.add(onChange);
		return () => this.listeners.delete(onChange);
	};

	/**
	 * Reads the current state at once (the first frame needs no watcher) and starts watching.
	 * Resolves when the watchers are ready; callers may render before that.
	 */
	start(): Promise<void> {
		const {activity} = this.options;
		if (this.closed) {
			return Promise.resolve();
		}
		if (!existsSync(activity)) {
			// chokidar does not notice a folder that appears later: look twice a second until it does
			// (only while it is missing).
			return new Promise(resolve => {
				this.appearTimer = setInterval(() => {
					if (existsSync(activity)) {
						clearInterval(this.appearTimer);
						this.appearTimer = undefined;
						resolve(this.start());
					}
				}, APPEAR_POLL_MS);
			});
		}
		const initial = this.snapshot.sessionId ?? newestSessionId(activity);
		this.update({activityExists: true, ...(initial === undefined ? {} : this.readSession(initial))});
		const top = watch(activity, {depth: 0, ignoreInitial: true, ignored: (_p, stats) => stats?.isFile() ?? false});
		this.top = top;
		top.on('addDir', dir => void this.onSessionDir('add', dir));
		top.on('unlinkDir', dir => void this.onSessionDir('unlink', dir));
		// A watched folder that is removed reports a rename of its own name, even when empty (chokidar
		// raises no unlinkDir then); chokidar stops watching it, so the watch is set up again.
		const name = path.basename(activity);
		top.on('raw', (event, file) => {
			if (event === 'rename' && file === name) {
				void this.rearm(top);
			}
		});
		top.on('error', () => undefined);
		return Promise.all([
			new Promise<void>(resolve => top.once('ready', () => resolve())).then(() => (this.top === top ? this.catchUp(initial) : undefined)),
			initial === undefined ? undefined : this.selectSession(initial),
		]).then(() => undefined);
	}

	/**
	 * The activity folder was removed (the README's uninstall step), maybe created again already:
	 * drop both watchers and what they showed, then start over; start() waits for the folder while
	 * it is missing.
	 */
	private async rearm(top: FSWatcher): Promise<void> {
		if (this.closed || this.top !== top) {
			return;
		}
		this.generation += 1;
		this.top = undefined;
		const session = this.session;
		this.session = undefined;
		clearTimeout(this.flushTimer);
		clearTimeout(this.recheckTimer);
		this.flushTimer = undefined;
		this.recheckTimer = undefined;
		this.pending.clear();
		this.recheck.clear();
		this.pendingLog = false;
		this.recheckLog = false;
		this.pendingMain = false;
		this.watchMain(false);
		this.events = undefined;
		this.stopWaitingReady?.();
		this.stopWaitingReady = undefined;
		this.closeRaw();
		await Promise.all([top.close(), session?.close()]);
		if (this.closed) {
			return;
		}
		this.update({
			activityExists: existsSync(this.options.activity),
			sessionId: this.options.session,
			set: EMPTY_AGENT_SET,
			lastChangeAt: undefined,
			lifecycle: EMPTY_SESSION_LIFECYCLE,
			mainWaiting: undefined,
		});
		await this.start();
	}

	/**
	 * A session folder created between the first read and the top watcher being ready raises no
	 * event (it is part of the initial scan): look again once it is ready.
	 */
	private async catchUp(initial: string | undefined): Promise<void> {
		const newest = newestSessionId(this.options.activity);
		if (this.snapshot.following && newest !== undefined && newest !== initial && newest !== this.snapshot.sessionId) {
			await this.selectSession(newest);
		} else if (!this.snapshot.following && this.snapshot.sessionId !== undefined && initial === undefined) {
			await this.selectSession(this.snapshot.sessionId);
		}
	}

	/** Reads a whole session folder, onto what is shown when it is the same session. */
	private readSession(id: string): Pick<WatchSnapshot, 'sessionId' | 'set' | 'lastChangeAt' | 'lifecycle' | 'mainWaiting'> {
		const sessionDir = path.join(this.options.activity, id);
		const same = id === this.snapshot.sessionId;
		const base = same ? this.snapshot.set : EMPTY_AGENT_SET;
		if (!same) {
			this.readStats.clear();
		}
		const names = listAgentFiles(sessionDir);
		const gone = [...base.agents.keys(), ...base.invalid.keys()].filter(name => !names.includes(name));
		// A file unchanged since it was read is not read again: reading the session once more when the
		// watch is ready would otherwise parse (and compare) a 20 MB message twice at start.
		const changed = names.filter(name => !same || !base.agents.has(name) || this.readStats.get(name) !== statKey(path.join(sessionDir, name)));
		const updates: FileUpdate[] = [...changed.map(name => this.readFile(sessionDir, name)), ...gone.map(name => ({name, kind: 'gone' as const}))];
		return {
			sessionId: id,
			set: applyFileUpdates(base, updates),
			lastChangeAt: same ? this.snapshot.lastChangeAt : undefined,
			lifecycle: this.readLog(sessionDir),
			mainWaiting: this.readMain(sessionDir),
		};
	}

	/** The main session's waiting, the same object while it is the same request (so nothing is drawn again). */
	private readMain(sessionDir: string): Waiting | undefined {
		const next = readMainWaiting(sessionDir, this.roots);
		const was = this.snapshot.mainWaiting;
		const kept = next !== undefined && was !== undefined && next.since === was.since && next.waitingFor === was.waitingFor ? was : next;
		this.watchMain(kept !== undefined);
		return kept;
	}

	private watchMain(on: boolean): void {
		if (!on || this.closed) {
			clearInterval(this.mainTimer);
			this.mainTimer = undefined;
			return;
		}
		this.mainTimer ??= setInterval(() => {
			const id = this.snapshot.sessionId;
			if (id === undefined) {
				return;
			}
			const main = this.readMain(path.join(this.options.activity, id));
			if (main !== this.snapshot.mainWaiting) {
				this.update({mainWaiting: main});
			}
		}, 1000);
		this.mainTimer.unref?.();
	}

	/** The session's event log read on from where it was (from its start for another session). */
	private readLog(sessionDir: string): SessionLifecycle {
		if (this.events?.sessionDir !== sessionDir) {
			this.events = new SessionEventFollower(sessionDir);
		}
		this.events.read();
		return this.events.getSnapshot();
	}

	/** Reads one agent file, remembering the version it read. */
	private readFile(sessionDir: string, name: string): FileUpdate {
		const {update, version} = readUpdate(sessionDir, name);
		if (version !== undefined && update.kind === 'record') {
			this.readStats.set(name, version);
		} else {
			this.readStats.delete(name);
		}
		return update;
	}

	async close(): Promise<void> {
		this.closed = true;
		this.watchMain(false);
		clearInterval(this.appearTimer);
		clearTimeout(this.flushTimer);
		clearTimeout(this.recheckTimer);
		await Promise.all([this.top?.close(), this.closeSession()]);
		this.top = undefined;
		this.session = undefined;
		this.listeners.clear();
	}

	private async onSessionDir(kind: 'add' | 'unlink', dir: string): Promise<void> {
		const {activity} = this.options;
		if (path.resolve(dir) === path.resolve(activity)) {
			if (kind === 'unlink' && this.top) {
				await this.rearm(this.top);
			}
			return;
		}
		const id = path.basename(dir);
		if (!isSessionDirName(id)) {
			return;
		}
		const current = this.snapshot.sessionId;
		if (kind === 'add') {
			// A new session started (follow it), or the shown one came back.
			if (id === current || this.snapshot.following) {
				await this.selectSession(id);
			}
		} else if (id === current) {
			await this.closeSession();
			this.session = undefined;
			this.events = undefined;
			this.update({set: EMPTY_AGENT_SET, lifecycle: EMPTY_SESSION_LIFECYCLE});
			if (this.snapshot.following) {
				const next = newestSessionId(activity);
				if (next !== undefined) {
					await this.selectSession(next);
				}
			}
		}
	}

	/** Ends the wait for the current session watcher's 'ready' (it never comes once the watcher is closed). */
	private closeSession(): Promise<void> | undefined {
		this.stopWaitingReady?.();
		this.stopWaitingReady = undefined;
		this.closeRaw();
		return this.session?.close();
	}

	private closeRaw(): void {
		this.sessionRaw?.close();
		this.sessionRaw = undefined;
	}

	private async selectSession(id: string): Promise<void> {
		if (this.closed) {
			return;
		}
		const generation = this.generation;
		await this.closeSession();
		if (this.closed || generation !== this.generation) {
			return;
		}
		this.session = undefined;
		this.pending.clear();
		this.recheck.clear();
		this.pendingLog = false;
		this.recheckLog = false;
		const sessionDir = path.join(this.options.activity, id);
		const watched = (name: string) => isAgentFileName(name) || name === EVENT_LOG_NAME || name === MAIN_WAITING_NAME;
		const watcher = watch(sessionDir, {
			depth: 0,
			ignoreInitial: true,
			// Agent files and the event log (a FIFO named so is never opened: the follower checks).
			ignored: (p, stats) => (stats?.isFile() ?? false) && !watched(path.basename(p)),
		});
		this.session = watcher;
		const onFile = (file: string) => {
			if (path.dirname(file) === sessionDir && path.basename(file) === MAIN_WAITING_NAME) {
				this.pendingMain = true;
				this.scheduleFlush();
			} else if (path.dirname(file) === sessionDir && path.basename(file) === EVENT_LOG_NAME) {
				this.pendingLog = true;
				this.recheckLog = true;
				this.scheduleFlush();
				this.scheduleRecheck();
			} else if (path.dirname(file) === sessionDir && isAgentFileName(path.basename(file))) {
				this.pending.add(path.basename(file));
				this.recheck.add(path.basename(file));
				this.scheduleFlush();
				this.scheduleRecheck();
			}
		};
		watcher
			.on('add', onFile)
			.on('change', onFile)
			.on('unlink', onFile)
			// A folder named like an agent file is an unreadable file to count, as a one-shot read does.
			.on('addDir', onFile)
			.on('unlinkDir', onFile)
			.on('error', () => undefined);
		// chokidar learns of a new file only by listing the folder again (every entry lstat'ed), at
		// most once a second while files there keep changing: with 1,000 agents and 16 of them
		// writing, a new agent reached the screen after 0.7 s (median) to 6.5 s (p95). The folder's
		// own events name the file at once; reading it twice costs little (its version is kept).
		this.closeRaw();
		try {
			const raw = watchFolder(sessionDir, {persistent: false}, (_event, name) => {
				if (typeof name === 'string' && name !== '' && !name.includes(path.sep)) {
					onFile(path.join(sessionDir, name));
				}
			});
			raw.on('error', () => undefined);
			this.sessionRaw = raw;
		} catch {
			// The folder went, or no more watches: chokidar's events alone.
		}
		// A session selected again meanwhile closes this watcher before it is ready: stop waiting then.
		await new Promise<void>(resolve => {
			this.stopWaitingReady = resolve;
			watcher.once('ready', () => resolve());
		});
		if (this.closed || this.session !== watcher || generation !== this.generation) {
			return;
		}
		// Read (again) once the watch is ready, so that no write falls between the two.
		const read = this.readSession(id);
		if (
			read.sessionId !== this.snapshot.sessionId ||
			read.set !== this.snapshot.set ||
			read.lifecycle !== this.snapshot.lifecycle ||
			read.mainWaiting !== this.snapshot.mainWaiting
		) {
			this.update(read);
		}
	}

	private scheduleFlush(): void {
		if (this.flushTimer === undefined) {
			this.flushTimer = setTimeout(() => this.flush(), this.debounceMs);
		}
	}

	/**
	 * chokidar drops a 'change' that follows another one of the same file within 50 ms (a leading-edge
	 * throttle, paulmillr/chokidar#1455), so a quick rewrite (a stop right after an update) would be
	 * lost. Read the files seen changing once more when their events have been quiet for longer.
	 */
	private scheduleRecheck(): void {
		clearTimeout(this.recheckTimer);
		this.recheckTimer = setTimeout(() => {
			this.recheckTimer = undefined;
			for (const name of this.recheck) {
				this.pending.add(name);
			}
			this.recheck.clear();
			this.pendingLog ||= this.recheckLog;
			this.recheckLog = false;
			this.scheduleFlush();
		}, CHANGE_THROTTLE_MS + 25);
	}

	private flush(): void {
		this.flushTimer = undefined;
		const id = this.snapshot.sessionId;
		if (this.closed || id === undefined || (this.pending.size === 0 && !this.pendingLog && !this.pendingMain)) {
			return;
		}
		const sessionDir = path.join(this.options.activity, id);
		const updates = [...this.pending].map(name => this.readFile(sessionDir, name));
		this.pending.clear();
		const set = applyFileUpdates(this.snapshot.set, updates);
		const lifecycle = this.pendingLog ? this.readLog(sessionDir) : this.snapshot.lifecycle;
		this.pendingLog = false;
		const mainWaiting = this.pendingMain ? this.readMain(sessionDir) : this.snapshot.mainWaiting;
		this.pendingMain = false;
		if (set !== this.snapshot.set || lifecycle !== this.snapshot.lifecycle || mainWaiting !== this.snapshot.mainWaiting) {
			this.update({set, lifecycle, mainWaiting, lastChangeAt: this.now()});
		}
	}

	private update(patch: Partial<WatchSnapshot>): void {
		this.snapshot = {...this.snapshot, ...patch};
		this.shown = shownSnapshot(this.snapshot);
		for (const listener of this.listeners) {
			listener();
		}
	}
}
