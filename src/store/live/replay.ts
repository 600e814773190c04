// `agentlog replay` and `watch --at`: a session's recorded events played back, as a
// source the monitor App reads exactly as it reads the live watcher — the agents at the moment
// (rebuilt from the log alone, core/history/moment-from-log.ts), their transcripts as they were then, the
// moment as the clock — plus the controls (play/pause, step, speed). Nothing is written.
import {momentOf} from '../../core/history/moment-from-log.js';
import type {EventLine} from '../../core/record/event-line.js';
import {eventIndexAt, logTimeAt, nextSpeed, playedAt, playLength, stepFrom, timelineOf, type Timeline} from '../../core/history/replay-clock.js';
import {rememberParents} from '../../core/monitor/model.js';
import {displayRecord, type AgentRecord} from '../../core/record/agent-record.js';
import type {ReplayPosition} from '../../core/history/replay-bar.js';
import type {SessionLifecycle} from '../../core/record/lifecycle.js';
import type {AgentSet} from '../../core/record/agent-set.js';
import type {AgentSource, WatchSnapshot} from './activity-watcher.js';
import type {FollowTarget, TranscriptSource, TranscriptState} from '../transcripts/follower.js';
import {readAgentActivities} from '../transcripts/read-once.js';

/** What `[`/`]`, Space and `←`/`→` do. */
export type ReplayOp = 'toggle' | 'prev' | 'next' | 'slower' | 'faster';

export interface ReplayOptions {
	readonly activity: string;
	readonly sessionId: string;
	/** The session's log lines (any order), long texts perhaps held as stand-ins (`text`). */
	readonly lines: readonly EventLine[];
	/** A record's message as held → the message (`readSessionLines`; default: as held). */
	readonly text?: (held: string) => string;
	/** The agents' transcripts as their live files name them (for lines that do not). */
	readonly transcriptPaths?: ReadonlyMap<string, string>;
	/** Where transcripts may be read (see TranscriptRoots). */
	readonly claudeDir?: string;
	readonly roots?: readonly string[];
	/** The moment to start at (ms; default the first event). */
	readonly start?: number;
	readonly playing: boolean;
	readonly speed?: number;
	readonly maxGapMs?: number;
	/** How often the played clock moves while playing (ms). */
	readonly tickMs?: number;
	/** The wall clock (tests). */
	readonly wallNow?: () => number;
}

/** Transcripts are read again at most this often while playing (they are read whole, up to the moment). */
const TRANSCRIPT_READ_MS = 500;

export class Replay implements AgentSource {
	private readonly timeline: Timeline;
	private readonly listeners = new Set<() => void>();
	private at: number;
	private playing: boolean;
	private speed: number;
	private timer: NodeJS.Timeout | undefined;
	private lastTick = 0;
	private snapshot: WatchSnapshot;
	/** The index of the last event the snapshot's agents include. */
	private builtIndex = -2;
	private targets: readonly FollowTarget[] = [];
	private transcripts: ReadonlyMap<string, TranscriptState> = new Map();
	private parents: ReadonlyMap<string, string> = new Map();
	private transcriptsAt: number | undefined;
	private transcriptsKey = '';
	private lastTranscriptRead = 0;
	private readonly wallNow: () => number;

	constructor(private readonly options: ReplayOptions) {
		this.timeline = timelineOf(
			options.lines.map(line => Date.parse(line.at)),
			options.maxGapMs,
		);
		this.wallNow = options.wallNow ?? Date.now;
		this.at = options.start ?? this.timeline.times[0] ?? 0;
		this.playing = options.playing && this.timeline.times.length > 1;
		this.speed = options.speed ?? 1;
		this.snapshot = this.build();
		if (this.playing) {
			this.startTimer();
		}
	}

	// --- the agent source ------------------------------------------------------------------

	getSnapshot = (): WatchSnapshot => this.snapshot;

	subscribe = (onChange: () => void): (() => void) => {
		this.listeners.add(onChange);
		return () => this.listeners.delete(onChange);
	};

	/** The monitor's clock: the moment shown. */
	now = (): number => this.at;

	/** Where the replay is (for the bar). */
	position(): ReplayPosition {
		return {
			at: this.at,
			first: this.timeline.times[0] ?? this.at,
			last: this.timeline.times.at(-1) ?? this.at,
			index: eventIndexAt(this.timeline, this.at) + 1,
			total: this.timeline.times.length,
			playing: this.playing,
			speed: this.speed,
			fraction: playLength(this.timeline) === 0 ? 1 : playedAt(this.timeline, this.at) / playLength(this.timeline),
		};
	}

	private build(): WatchSnapshot {
		const moment = momentOf(this.options.lines, this.at);
		const paths = this.options.transcriptPaths;
		const text = this.options.text;
		const records = moment.records.map(record => {
			const withPath = record.transcriptPath === undefined && paths?.has(record.agentId) ? {...record, transcriptPath: paths.get(record.agentId)} : record;
			return displayRecord(text === undefined || withPath.lastMessage === undefined ? withPath : {...withPath, lastMessage: text(withPath.lastMessage)});
		});
		const set: AgentSet = {agents: new Map(records.map((r: AgentRecord) => [r.agentId, r])), invalid: new Map()};
		const lifecycle: SessionLifecycle = moment.lifecycle;
		this.builtIndex = eventIndexAt(this.timeline, this.at);
		return {
			activity: this.options.activity,
			activityExists: true,
			sessionId: this.options.sessionId,
			following: false,
			set,
			lastChangeAt: undefined,
			lifecycle,
		};
	}

	private emit(): void {
		for (const listener of [...this.listeners]) {
			listener();
		}
	}

	/** The bar changed (play, pause, speed): a new snapshot, so the screen is drawn again. */
	private barChanged(): void {
		this.snapshot = {...this.snapshot};
		this.emit();
	}

	/** Moves to log time `at`: the agents are rebuilt when an event was crossed; the snapshot is new either way (the clock moved). */
	private moveTo(at: number): void {
		this.at = at;
		this.snapshot = eventIndexAt(this.timeline, at) === this.builtIndex ? {...this.snapshot} : this.build();
		this.readTranscripts(!this.playing);
		this.emit();
	}

	// --- controls ---------------------------------------------------------------------------

	control(op: ReplayOp): void {
		switch (op) {
			case 'toggle': {
				if (this.playing) {
					this.pause();
				} else {
					if (this.at >= (this.timeline.times.at(-1) ?? this.at)) {
						// At the end: play from the start again.
						this.moveTo(this.timeline.times[0] ?? this.at);
					}
					this.play();
				}
				return;
			}
			case 'prev':
			case 'next': {
				this.pause();
				this.moveTo(stepFrom(this.timeline, this.at, op === 'next' ? 1 : -1));
				return;
			}
			case 'slower':
			case 'faster': {
				this.speed = nextSpeed(this.speed, op === 'faster' ? 1 : -1);
				this.barChanged();
				return;
			}
		}
	}

	private play(): void {
		if (this.playing || this.timeline.times.length < 2) {
			return;
		}
		this.playing = true;
		this.startTimer();
		this.barChanged();
	}

	private pause(): void {
		if (!this.playing) {
			return;
		}
		this.playing = false;
		clearInterval(this.timer);
		this.timer = undefined;
		this.readTranscripts(true);
		this.barChanged();
	}

	private startTimer(): void {
		this.lastTick = this.wallNow();
		this.timer = setInterval(() => this.tick(), this.options.tickMs ?? 100);
		this.timer.unref?.();
	}

	/** One step of play: the played clock moves by the wall time since the last step, times the speed. */
	tick(): void {
		if (!this.playing) {
			return;
		}
		const wall = this.wallNow();
		const played = playedAt(this.timeline, this.at) + (wall - this.lastTick) * this.speed;
		this.lastTick = wall;
		if (played >= playLength(this.timeline)) {
			this.playing = false;
			clearInterval(this.timer);
			this.timer = undefined;
			this.moveTo(this.timeline.times.at(-1) ?? this.at);
			return;
		}
		this.moveTo(logTimeAt(this.timeline, played));
	}

	// --- the transcript source ----------------------------------------------------------------

	getParents = (): ReadonlyMap<string, string> => this.parents;

	follow = (targets: readonly FollowTarget[]): void => {
		this.targets = targets;
		this.readTranscripts(true);
	};

	private transcriptSnapshot = (): ReadonlyMap<string, TranscriptState> => this.transcripts;

	/** The transcripts of the agents followed, as they were at the moment: read again when the moment or the agents changed (throttled while playing). */
	private readTranscripts(now: boolean): void {
		const key = this.targets.map(t => `${t.agentId}\u0000${t.transcriptPath}`).join('\u0001');
		if (key === this.transcriptsKey && this.transcriptsAt === this.at) {
			return;
		}
		const wall = this.wallNow();
		if (!now && key === this.transcriptsKey && wall - this.lastTranscriptRead < TRANSCRIPT_READ_MS) {
			return;
		}
		this.lastTranscriptRead = wall;
		this.transcriptsKey = key;
		this.transcriptsAt = this.at;
		this.transcripts =
			this.targets.length === 0 ? new Map() : readAgentActivities(this.targets, {claudeDir: this.options.claudeDir, roots: this.options.roots, until: this.at});
		this.parents = rememberParents(this.parents, this.transcripts);
		// The transcripts are their own snapshot (transcriptSnapshot): the screen reads them anew.
		this.emit();
	}

	/** The transcript source's snapshot (TranscriptSource). */
	get transcriptSource(): TranscriptSource {
		return {getSnapshot: this.transcriptSnapshot, getParents: this.getParents, subscribe: this.subscribe, follow: this.follow};
	}

	close(): void {
		this.playing = false;
		clearInterval(this.timer);
		this.timer = undefined;
		this.listeners.clear();
	}
}
