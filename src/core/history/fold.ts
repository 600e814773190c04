// The event log folded into agent histories (docs/design.md#the-event-log): events → one history per agent with
// its lifecycle (spawned → completed, or → interrupted → resumed → completed; idle beside active).
// Pure: the clock (`now`, ms) is a parameter.
import type {Provider} from '../record/provider.js';
import {isInterruptedToolStatus} from '../hook/agent-call.js';
import {agentDuration} from '../monitor/duration.js';
import {DEFAULT_STALE_MS, displayStateOf} from '../monitor/stale.js';
import {isSafeId, type AgentRecord, type AgentStatus} from '../record/agent-record.js';
import {isObject, str} from '../record/json.js';
import type {EventLine, GitState} from '../record/event-line.js';
import {idle, newState, start, stop, type EventSink, type LifecycleStep, type State} from '../record/fold-state.js';
import type {MoveRules} from '../record/lifecycle-machine.js';
import type {RunFigures, TokenCounts} from '../transcript/tally.js';
import type {AgentCost} from '../cost/cost.js';

export type {LifecycleKind, LifecycleStep} from '../record/fold-state.js';
import {IMPORTED_EVENT, importedFacts} from './imported.js';
import {RepeatFilter} from './repeats.js';
import {TimeOrder, UNBOUNDED, type TimeOrderBounds} from './time-order.js';
import {failureReason, isFailure, isUserStop, USER_STOP_EVENT, USER_STOP_REASON} from '../record/limits.js';
import type {WorkflowTag} from '../workflow/workflow-of.js';
import {isLaunchStatus} from '../record/launch-status.js';

/** An agent's status in the history. */
export type HistoryStatus = 'completed' | 'failed' | 'interrupted' | 'user-stopped' | 'resumed' | 'active' | 'idle' | 'stale';

export const HISTORY_STATUSES: readonly HistoryStatus[] = ['completed', 'failed', 'interrupted', 'user-stopped', 'resumed', 'active', 'idle', 'stale'];

/** The statuses of an agent that ended: completed, failed, interrupted, or stopped by the user from agentlog. */
export function hasEnded(status: HistoryStatus): boolean {
	return status === 'completed' || status === 'failed' || status === 'interrupted' || status === 'user-stopped';
}

export interface AgentHistory {
	readonly agentId: string;
	readonly sessionId: string;
	/** The latest non-empty type of its lines (else the Agent call's `subagentType`), or ''. */
	readonly type: string;
	/** The Agent/Task call's description (its latest PostToolUse line that has one). */
	readonly description?: string;
	/** The name it was launched with (the Agent call's `name`, else `.meta.json`'s): what SendMessage calls it. */
	readonly name?: string;
	readonly status: HistoryStatus;
	/** The first start; never changed by a resume. When the start was never seen: its first line's time, and `startUnknown`. */
	readonly startedAt: string;
	/** True when the start was never seen, so `startedAt` is only a lower bound (and `durationMs` is absent). */
	readonly startUnknown?: true;
	/** Present when completed or interrupted: the first stop of the last run (a repeated stop keeps the first). */
	readonly stoppedAt?: string;
	/** The last resume, when there was one. */
	readonly resumedAt?: string;
	/** Wall time from `startedAt` to the stop (completed, interrupted), to now (active, resumed), to the idle event (idle) or to the last sign of life (stale). */
	readonly durationMs?: number;
	readonly resumeCount: number;
	/** `subagent-stop`, `session-end:<reason>`, `tool:<status>` (the parent's call came back so), or `<event>` (a line of another event whose `state` said so). */
	readonly stopReason?: string;
	/**
	 * Its tokens: input, output, cache read and cache write summed over its API responses, each
	 * once (core/transcript/tally.ts), from its transcript (`withTranscriptFacts`) or an Imported
	 * line. Never Claude Code's `totalTokens` (that is `lastRequestTokens`).
	 */
	readonly tokens?: number;
	/** `tokens` in its four parts, when its transcript was read. */
	readonly usage?: TokenCounts;
	/** What its responses cost at list prices, when its transcript was read (core/cost/cost.ts). */
	readonly cost?: AgentCost;
	/** Each run's figures (a resume starts a run), when its transcript was read. */
	readonly runs?: readonly RunFigures[];
	/** Claude Code's `totalTokens` of the Agent call's result (latest): its last API request only. */
	readonly lastRequestTokens?: number;
	/** Its tool calls: from its transcript, else the Agent call's result (`totalToolUseCount`, latest). */
	readonly toolCalls?: number;
	/** Its transcript's model, else `.meta.json`'s, else the Agent call's (`model`, latest). */
	readonly model?: string;
	/** Its transcript as the log names it (not read by the fold; see `withTranscriptFacts`). */
	readonly transcriptPath?: string;
	/** The working folder its lines name. */
	readonly cwd?: string;
	/** The git state at the first start and at the stop (absent when unknown). */
	readonly git: {readonly start?: GitState; readonly stop?: GitState};
	/** The agent that made the call, when a line names it (`data.parentAgentId`, first seen). Absent: the main session (or unknown). */
	readonly parentAgentId?: string;
	/** The time of its latest line (ISO): its last sign of life in the log. */
	readonly lastEventAt: string;
	/** Its transcript's last line (ISO), when that is later than `lastEventAt` (see `withTranscriptFacts`). */
	readonly lastActivityAt?: string;
	readonly lifecycle: readonly LifecycleStep[];
	/** Its lines in time order: those naming it, and a SessionEnd line that interrupted it. */
	readonly events: readonly EventLine[];
	/** `transcript` when every line of it was written by `agentlog import`; else `hook`. */
	readonly source: 'hook' | 'transcript';
	/** The tool it ran in: `codex` when a line of it says so, else `claude`. */
	readonly provider: Provider;
	/** The workflow run it is an agent of (store/workflow/history.ts adds it after the fold). */
	readonly workflow?: WorkflowTag;
}

export interface FoldOptions {
	/** The clock (ms since the epoch). */
	readonly now: number;
	/** Silence after which an active agent is stale (default `DEFAULT_STALE_MS`, as in watch). */
	readonly staleMs?: number;
}

/** A count (tokens, tool calls): a whole number from 0; anything else in the log is damage, not a count. */
const count = (v: unknown): number | undefined => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : undefined);

/** What a PostToolUse line of the Agent/Task tool tells about the agent it launched. */
function toolFacts(s: State, line: EventLine, ms: number): void {
	const data = line.data;
	if (!data) {
		return;
	}
	const description = str(data.description);
	if (description) {
		s.description = description;
	}
	const name = str(data.name);
	if (name) {
		s.name = name;
	}
	const model = str(data.model);
	if (model) {
		s.model = model;
	}
	const subagentType = str(data.subagentType);
	if (subagentType) {
		s.subagentType = subagentType;
	}
	const lastRequestTokens = count(data.totalTokens);
	if (lastRequestTokens !== undefined) {
		s.lastRequestTokens = lastRequestTokens;
	}
	const toolCalls = count(data.totalToolUseCount);
	if (toolCalls !== undefined) {
		s.toolCalls = toolCalls;
	}
	const status = str(data.status);
	if (status === undefined) {
		return;
	}
	if (isInterruptedToolStatus(status)) {
		stop(s, line, ms, 'interrupted', `tool:${status}`, true);
	} else if (status === 'failed') {
		// Qwen Code's failed agent call: its subagent sends no stop of its own.
		stop(s, line, ms, 'failed', failureReason(data.error), true);
	} else if (s.phase === 'none' && isLaunchStatus(status)) {
		// A background or teammate launch seen before the agent's own start.
		start(s, line, ms);
	} else if (s.phase === 'none' && status === 'completed') {
		// Known only from its parent's call coming back: it ran and finished.
		stop(s, line, ms, 'completed', `tool:${status}`);
	}
}

/** A line of another event (`Imported`, later ones): its `state` says what happened. */
function stateFacts(s: State, line: EventLine, ms: number): void {
	switch (line.state) {
		case 'active': {
			start(s, line, ms);
			break;
		}
		case 'idle': {
			idle(s, line, ms);
			break;
		}
		case 'stopped': {
			stop(s, line, ms, 'completed', line.event);
			break;
		}
		case 'interrupted': {
			stop(s, line, ms, 'interrupted', line.event);
			break;
		}
		case undefined: {
			break;
		}
	}
}

/**
 * An Imported line (`agentlog import`) of an agent no hook line names: it says the whole run as
 * the transcript showed it, so it replaces what an earlier Imported line said (a transcript that
 * grew is imported again; the latest line wins). Start: `data.startedAt`, else unknown; stop:
 * `data.stoppedAt`, else the line's time, completed or interrupted by its `state`.
 */
function importedRun(s: State, line: EventLine, ms: number): void {
	const facts = importedFacts(line) ?? {};
	const givenStartMs = facts.startedAt === undefined ? Number.NaN : Date.parse(facts.startedAt);
	// The start: this line's, else the one an earlier Imported line gave.
	const known = !Number.isNaN(givenStartMs)
		? {at: facts.startedAt!, ms: givenStartMs}
		: s.startedAt !== undefined && s.startMs !== undefined && !s.startUnknown
			? {at: s.startedAt, ms: s.startMs}
			: undefined;
	s.phase = 'none';
	s.startedAt = undefined;
	s.startMs = undefined;
	s.startUnknown = false;
	s.stoppedAt = undefined;
	s.stopMs = undefined;
	s.stopReason = undefined;
	s.resumeCount = 0;
	s.resumedAt = undefined;
	s.gitStart = undefined;
	s.gitStop = undefined;
	s.lifecycle = [];
	s.description = facts.description ?? s.description;
	s.model = facts.model ?? s.model;
	s.tokens = facts.tokens ?? s.tokens;
	s.toolCalls = facts.toolCalls ?? s.toolCalls;
	s.transcriptPath = facts.transcriptPath ?? s.transcriptPath;
	if (known !== undefined && known.ms <= ms) {
		start(s, {...line, at: known.at}, known.ms);
	}
	if (line.state === 'stopped' || line.state === 'interrupted') {
		const stopAt = facts.stoppedAt ?? line.at;
		// A hook's stop its transcript told: stopped by you (agentlog's), or by another tool's hook.
		const kind = line.state === 'interrupted' ? 'interrupted' : isUserStop(facts.stopReason) ? 'user-stopped' : 'completed';
		stop(s, {...line, at: stopAt}, Date.parse(stopAt), kind, facts.stopReason ?? line.event);
	} else {
		stateFacts(s, line, ms);
	}
}

function statusOf(s: State, now: number, staleMs: number): {status: HistoryStatus; record: AgentStatus; stale: boolean} {
	switch (s.phase) {
		case 'stopped': {
			return {status: isFailure(s.stopReason) ? 'failed' : isUserStop(s.stopReason) ? 'user-stopped' : 'completed', record: 'stopped', stale: false};
		}
		case 'interrupted': {
			return {status: 'interrupted', record: 'stopped', stale: false};
		}
		case 'idle': {
			return {status: 'idle', record: 'idle', stale: false};
		}
		case 'none':
		case 'active': {
			// The same stale rule as watch (docs/design.md#the-monitors-rules): sign of life = its latest line.
			const stale = displayStateOf('active', s.lastMs, now, staleMs).stale;
			return {status: stale ? 'stale' : s.resumeCount > 0 ? 'resumed' : 'active', record: 'active', stale};
		}
	}
}

function finish(s: State, now: number, staleMs: number, events: readonly EventLine[]): AgentHistory {
	const {status, record} = statusOf(s, now, staleMs);
	const startUnknown = s.startUnknown || s.startedAt === undefined;
	const startedAt = s.startedAt ?? s.firstAt;
	const asRecord: AgentRecord = {
		agentId: s.agentId,
		type: s.type,
		status: record,
		startedAt,
		updatedAt: s.lastAt,
		...(s.stoppedAt === undefined ? {} : {stoppedAt: s.stoppedAt}),
		...(startUnknown ? {startUnknown: true} : {}),
	};
	const durationMs = agentDuration(asRecord, now, displayStateOf(record, s.lastMs, now, staleMs));
	const type = s.type || s.subagentType || '';
	return {
		agentId: s.agentId,
		sessionId: s.sessionId,
		type,
		...(s.description === undefined ? {} : {description: s.description}),
		...(s.name === undefined ? {} : {name: s.name}),
		status,
		startedAt,
		...(startUnknown ? {startUnknown: true as const} : {}),
		...(s.stoppedAt === undefined ? {} : {stoppedAt: s.stoppedAt}),
		...(s.resumedAt === undefined ? {} : {resumedAt: s.resumedAt}),
		...(durationMs === undefined ? {} : {durationMs}),
		resumeCount: s.resumeCount,
		...(s.stopReason === undefined ? {} : {stopReason: s.stopReason}),
		...(s.tokens === undefined ? {} : {tokens: s.tokens}),
		...(s.lastRequestTokens === undefined ? {} : {lastRequestTokens: s.lastRequestTokens}),
		...(s.toolCalls === undefined ? {} : {toolCalls: s.toolCalls}),
		...(s.model === undefined ? {} : {model: s.model}),
		...(s.transcriptPath === undefined ? {} : {transcriptPath: s.transcriptPath}),
		...(s.cwd === undefined ? {} : {cwd: s.cwd}),
		git: {...(s.gitStart === undefined ? {} : {start: s.gitStart}), ...(s.gitStop === undefined ? {} : {stop: s.gitStop})},
		...(s.parentAgentId === undefined ? {} : {parentAgentId: s.parentAgentId}),
		lastEventAt: s.lastAt,
		lifecycle: s.lifecycle,
		events,
		source: s.onlyImported ? 'transcript' : 'hook',
		provider: s.provider ?? 'claude',
	};
}

/** The agent ids a SessionEnd line names as interrupted (`data.interrupted`), safe ids only. */
function namedInterrupted(line: EventLine): string[] {
	const list = line.data?.interrupted;
	return Array.isArray(list) ? list.filter(isSafeId) : [];
}

/**
 * Folds log lines (of one session or many, in file order) into one history per agent (an agent
 * is a session id and an agent id), in the order of each agent's first line in time.
 *
 * - Lines are sorted stably by `at` first (lines from different hook processes can be a few ms
 *   out of order); a line whose `at` does not parse is left out.
 * - `SubagentStart`: the first is `spawned`; another while active is a repeat; while idle, back to
 *   active; after a stop or interruption, `resumed` (`resumeCount` + 1, `resumedAt`; `startedAt`
 *   never changes) — unless it comes within `RESUME_AFTER_STOP_MS` of the stop, as the hook
 *   rules (then it is a start from before the stop, arriving late; but a `SessionStart` of its
 *   session between the stop and the start orders them: a resume).
 * - `SubagentStop`: `completed`; a repeated stop keeps the first; a stop never preceded by a start
 *   makes an agent with `startUnknown`.
 * - `TeammateIdle`: idle (beside active; never stale).
 * - `SessionEnd`: every agent of that session active or idle at that time, and every agent its
 *   `data.interrupted` names that has not completed, becomes `interrupted`
 *   (`stopReason: session-end:<reason>`). `SessionStart` (any source, `resume` too) changes no
 *   agent: an agent resumes only by a start of its own (one after the SessionStart is a resume).
 * - `PostToolUse` (the Agent/Task call that launched it): description, model, tool calls, and
 *   `totalTokens` as `lastRequestTokens` (the last API request only: never the run's tokens);
 *   a status saying the call was interrupted makes the agent `interrupted` (even if it completed).
 * - `Imported` (written by `agentlog import` from a transcript): ignored entirely for an agent
 *   any hook line names (whatever the order); otherwise the latest one gives the whole run
 *   (`data.startedAt` → its stop at `data.stoppedAt`, `completed` or `interrupted` by `state`,
 *   description, model, tokens, tool calls), and the history's `source` is `transcript`.
 * - Other events with an agent act by their `state`.
 * - A line that exactly repeats the line before it of the same event and agent (`withoutRepeats`:
 *   the same type, state and data within a second — agentlog installed both as a plugin and by
 *   install-hook) is dropped first: it is in no `events` and changes nothing.
 *
 * An agent still active is `stale` after `staleMs` without a line (the watch rule), `resumed`
 * when it runs again after a resume, else `active`.
 */
export function foldEvents(all: readonly EventLine[], options: FoldOptions): AgentHistory[] {
	// The lines are all in memory: sorted whole (no reorder window).
	const fold = new EventFold({...options, bounds: UNBOUNDED});
	for (const line of all) {
		fold.add(line);
	}
	return fold.finish().map(f => f.history);
}

export type {EventSink} from '../record/fold-state.js';

const NO_SINK: EventSink = {push: () => undefined};

export interface StreamFoldOptions extends FoldOptions {
	/** How far lines are put back in time order (default `STREAM_BOUNDS`; see `TimeOrder`). */
	readonly bounds?: TimeOrderBounds;
	/** Each agent's lines go to a sink made by this, for the agent (default: its `events` array). `keepEvents: false`: nowhere. */
	readonly sink?: (agentId: string, sessionId: string) => EventSink;
	/** Default true: each agent's lines are kept in its `events`. */
	readonly keepEvents?: boolean;
	/** Called with every line folded (repeats dropped), in time order. */
	readonly onLine?: (line: EventLine) => void;
}

export interface FoldedAgent {
	readonly history: AgentHistory;
	/** The sink its lines went to. */
	readonly sink: EventSink;
}

/**
 * `foldEvents` fed one line at a time (in file order), so a log of any size is folded in memory
 * bounded by its agents and the reorder window, not by its lines (with `keepEvents: false` or a
 * small sink). Lines are put back in time order within `bounds` (`TimeOrder`), repeats dropped
 * (`RepeatFilter`). An Imported line is folded into a separate state of its agent, used only when
 * no hook line names the agent — which is known only at the end.
 */
export class EventFold {
	private readonly staleMs: number;
	private readonly order: TimeOrder<EventLine>;
	private readonly repeats = new RepeatFilter();
	private readonly makeSink: (agentId: string, sessionId: string) => EventSink;
	/** Per session, per agent id: its state from the hook's lines, and from Imported lines. */
	private readonly sessions = new Map<string, {readonly hooked: Map<string, State>; readonly imported: Map<string, State>}>();
	/** States made so far. */
	private made = 0;
	/** Per session, the time of its latest SessionStart folded (it orders a start after an end: lifecycle-machine.ts). */
	private readonly sessionStarts = new Map<string, number>();

	constructor(private readonly options: StreamFoldOptions) {
		this.staleMs = options.staleMs ?? DEFAULT_STALE_MS;
		this.order = new TimeOrder((line, ms) => this.fold(line, ms), options.bounds);
		this.makeSink = options.sink ?? (options.keepEvents === false ? () => NO_SINK : () => []);
	}

	/** Lines held for reordering now (for tests: bounded). */
	get held(): number {
		return this.order.held;
	}

	/** Agents' states held now (for tests: `drain` lets them go). */
	get agents(): number {
		let n = 0;
		for (const {hooked, imported} of this.sessions.values()) {
			n += hooked.size + imported.size;
		}
		return n;
	}

	/** Takes one line (`bytes`: its size as read, for the reorder bound). A line whose `at` does not parse is left out. */
	add(line: EventLine, bytes = 0): void {
		const ms = Date.parse(line.at);
		if (!Number.isNaN(ms)) {
			this.order.push(line, ms, bytes);
		}
	}

	/** Folds every line still held for reordering (their sinks get them now). */
	flush(): void {
		this.order.flush();
	}

	/** The histories, in the order of each agent's first line in time. */
	finish(): FoldedAgent[] {
		return [...this.drain()];
	}

	/**
	 * `finish` one agent at a time: each agent's state is let go as its history is made, so a
	 * caller that keeps only part of each history never holds every state and every history at
	 * once. The fold takes no line after.
	 */
	*drain(): Generator<FoldedAgent, void, undefined> {
		this.order.flush();
		const states: (State | undefined)[] = [];
		for (const {hooked, imported} of this.sessions.values()) {
			for (const s of hooked.values()) {
				states.push(s);
			}
			for (const [agentId, s] of imported) {
				if (!hooked.has(agentId)) {
					states.push(s);
				}
			}
		}
		this.sessions.clear();
		states.sort((a, b) => a!.seq - b!.seq);
		for (let i = 0; i < states.length; i++) {
			const s = states[i]!;
			states[i] = undefined;
			const sink = s.sink;
			yield {history: finish(s, this.options.now, this.staleMs, Array.isArray(sink) ? (sink as EventLine[]) : []), sink};
		}
	}

	private stateOf(byImport: boolean, sessionId: string, agentId: string, at: string, ms: number): State {
		let session = this.sessions.get(sessionId);
		if (!session) {
			session = {hooked: new Map(), imported: new Map()};
			this.sessions.set(sessionId, session);
		}
		const map = byImport ? session.imported : session.hooked;
		let s = map.get(agentId);
		if (!s) {
			s = newState(agentId, sessionId, at, ms, this.made++, this.makeSink(agentId, sessionId));
			map.set(agentId, s);
		}
		return s;
	}

	/** The lifecycle rules of a start or idle in the session: its latest SessionStart, when one came. */
	private rulesOf(sessionId: string): MoveRules {
		const back = this.sessionStarts.get(sessionId);
		return back === undefined ? {} : {sessionStartMs: back};
	}

	private record(s: State, line: EventLine): void {
		s.sink.push(line);
	}

	private fold(line: EventLine, ms: number): void {
		// The same event recorded twice (the plugin's hook and install-hook's both ran): once is enough.
		if (this.repeats.isRepeat(line, ms)) {
			return;
		}
		this.options.onLine?.(line);
		if (line.agentId === undefined) {
			if (line.event === 'SessionStart') {
				this.sessionStarts.set(line.sessionId, ms);
			}
			if (line.event === 'SessionEnd') {
				const reason = `session-end:${str(line.data?.reason) ?? 'unknown'}`;
				const hit = new Set<State>();
				const session = this.sessions.get(line.sessionId);
				for (const map of session === undefined ? [] : [session.hooked, session.imported]) {
					for (const s of map.values()) {
						if (s.phase === 'active' || s.phase === 'idle') {
							hit.add(s);
						}
					}
				}
				for (const id of namedInterrupted(line)) {
					const s = this.stateOf(false, line.sessionId, id, line.at, ms);
					if (s.phase === 'active' || s.phase === 'idle' || s.phase === 'none') {
						hit.add(s);
					}
				}
				for (const s of hit) {
					stop(s, line, ms, 'interrupted', reason);
					this.record(s, line);
					s.onlyImported = false;
				}
			}
			return;
		}
		// The hook's lines and Imported ones fold apart: what the hook recorded is never overridden by an import.
		const s = this.stateOf(line.event === IMPORTED_EVENT, line.sessionId, line.agentId, line.at, ms);
		this.record(s, line);
		if (line.provider !== undefined) {
			s.provider = line.provider;
		}
		if (ms >= s.lastMs) {
			s.lastMs = ms;
			s.lastAt = line.at;
		}
		if (line.event !== 'Imported') {
			s.onlyImported = false;
		}
		if (line.type) {
			s.type = line.type;
		}
		s.cwd ??= line.cwd;
		const transcript = isObject(line.data) ? str(line.data.agentTranscriptPath) : undefined;
		if (transcript !== undefined && line.event !== IMPORTED_EVENT) {
			s.transcriptPath = transcript;
		}
		const parent = isObject(line.data) ? line.data.parentAgentId : undefined;
		if (s.parentAgentId === undefined && isSafeId(parent) && parent !== s.agentId) {
			s.parentAgentId = parent;
		}
		switch (line.event) {
			case 'SubagentStart': {
				start(s, line, ms, this.rulesOf(line.sessionId));
				break;
			}
			case 'SubagentStop': {
				stop(s, line, ms, 'completed', 'subagent-stop');
				break;
			}
			case 'StopFailure': {
				stop(s, line, ms, 'failed', failureReason(isObject(line.data) ? line.data.error : undefined));
				break;
			}
			case USER_STOP_EVENT: {
				stop(s, line, ms, 'user-stopped', USER_STOP_REASON);
				break;
			}
			case 'TeammateIdle': {
				idle(s, line, ms, this.rulesOf(line.sessionId));
				break;
			}
			case 'PostToolUse': {
				toolFacts(s, line, ms);
				break;
			}
			case IMPORTED_EVENT: {
				importedRun(s, line, ms);
				break;
			}
			default: {
				stateFacts(s, line, ms);
			}
		}
	}
}
