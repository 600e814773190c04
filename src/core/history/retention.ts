// Retention of the agent history (docs/design.md#retention): how long a session is kept after its last
// event, and which sessions `agentlog prune` (and the hook, once a day) removes. Pure: the clock
// (`now`, ms) and the environment are parameters. Whether an agent still runs is decided with the
// monitor's own rule (`displayStateOf`: active and not stale, or idle), never a new one.
import {DEFAULT_STALE_MS, displayStateOf} from '../monitor/stale.js';
import type {AgentStatus} from '../record/agent-record.js';
import type {Result as ParseResult} from '../result.js';
import {parseDuration} from '../text/format.js';
import {hasEnded, type AgentHistory} from './fold.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Sessions are kept 30 days after their last event, unless told otherwise. */
export const DEFAULT_RETENTION_MS = 30 * DAY_MS;

/** The environment variable that sets the retention (the hook's and `prune`'s default). */
export const RETENTION_ENV = 'AGENTLOG_RETENTION';

/**
 * The shortest retention taken. Shorter is almost always a slip that would delete the history
 * minutes after each session ends: `1m` is one minute (a month is `30d`), `1ms` a millisecond.
 */
export const MIN_RETENTION_MS = 60 * 60 * 1000;

/** A retention such as `30d`, `12h`, `90m`, `1d12h` (a duration: `parseDuration`), at least an hour; 0, negative, shorter or garbage is an error. */
export function parseRetention(text: string): ParseResult<number> {
	const parsed = parseDuration(text);
	if (!parsed.ok) {
		return {ok: false, error: `invalid retention: ${parsed.error}`};
	}
	if (parsed.value < MIN_RETENTION_MS) {
		return {
			ok: false,
			error: `invalid retention: ${formatRetention(parsed.value)} is under 1h, which would remove each session's history soon after it ends (1m is one minute; a month is 30d)`,
		};
	}
	return parsed;
}

export interface Retention {
	readonly ms: number;
	/** Where it came from. */
	readonly source: 'env' | 'default';
	/** Set when AGENTLOG_RETENTION was given but could not be used (the default is used instead): why. */
	readonly warning?: string;
}

/** `AGENTLOG_RETENTION` when it is a valid retention; else the default (and, when it was set, why it was not used). */
export function retentionFrom(env: Readonly<Record<string, string | undefined>>): Retention {
	const value = env[RETENTION_ENV];
	if (value === undefined || value.trim() === '') {
		return {ms: DEFAULT_RETENTION_MS, source: 'default'};
	}
	const parsed = parseRetention(value);
	return parsed.ok
		? {ms: parsed.value, source: 'env'}
		: {ms: DEFAULT_RETENTION_MS, source: 'default', warning: `${RETENTION_ENV}: ${parsed.error}; using the default, 30d`};
}

/** A retention as a user would write it: `30d`, `12h`, `90m`, `45s`, else `1d12h`-like parts. */
export function formatRetention(ms: number): string {
	const units: ReadonlyArray<readonly [string, number]> = [
		['d', DAY_MS],
		['h', 60 * 60 * 1000],
		['m', 60 * 1000],
		['s', 1000],
		['ms', 1],
	];
	let rest = Math.max(0, Math.round(ms));
	let out = '';
	for (const [unit, size] of units) {
		const n = Math.floor(rest / size);
		if (n > 0) {
			out += `${n}${unit}`;
			rest -= n * size;
		}
	}
	return out === '' ? '0ms' : out;
}

/** One agent of a session as far as retention cares: its status and its latest sign of life (ms). */
export interface AgentLife {
	readonly agentId: string;
	/** As an agent file says it, or as the log's fold gives it (see `livesFromHistory`). */
	readonly status: AgentStatus;
	/** Its latest sign of life (ms): see `lastSignOfLife` (stale.ts); undefined when unknown. */
	readonly lifeMs?: number;
}

/**
 * The log's agents as `AgentLife`s. Completed and interrupted agents are stopped; idle ones idle;
 * active, resumed and stale ones active with their latest line as sign of life (the fold applied
 * the same stale rule; `displayStateOf` gives the same answer again at the same `now`).
 */
export function livesFromHistory(histories: readonly AgentHistory[]): AgentLife[] {
	return histories.map(h => {
		const status: AgentStatus = h.status === 'idle' ? 'idle' : hasEnded(h.status) ? 'stopped' : 'active';
		const life = Date.parse(h.lastEventAt);
		return Number.isNaN(life) ? {agentId: h.agentId, status} : {agentId: h.agentId, status, lifeMs: life};
	});
}

/** An agent still running at `now` by the monitor's rule: idle, or active and not stale. */
export function isLive(agent: AgentLife, now: number, staleMs: number = DEFAULT_STALE_MS): boolean {
	const shown = displayStateOf(agent.status, agent.lifeMs, now, staleMs).displayStatus;
	return shown === 'active' || shown === 'idle';
}

/** What retention knows of one session folder. */
export interface SessionFacts {
	/** The folder's name. */
	readonly id: string;
	/**
	 * Its last event (ms): the newest of its log lines' `at` (or the log's mtime when its last
	 * line cannot be read), its agent files' updatedAt and mtimes, and the folder's mtime.
	 * Undefined when nothing could be read: such a session is kept.
	 */
	readonly lastEventMs: number | undefined;
	/** Its agents, from its agent files and its log (an agent may appear twice: either says it lives). */
	readonly agents: readonly AgentLife[];
	/** Bytes on disk (the sizes of its files; a reader may leave it 0 for a session it already knows is recent). */
	readonly bytes: number;
}

export type KeepReason = 'recent' | 'live-agent' | 'unknown-age';

export interface PruneDecision {
	readonly remove: readonly SessionFacts[];
	readonly keep: ReadonlyArray<{readonly session: SessionFacts; readonly reason: KeepReason; readonly agentId?: string}>;
}

export interface PruneRule {
	readonly now: number;
	/** Sessions whose last event is at least this old go. */
	readonly olderThanMs: number;
	/** The monitor's stale rule (default `DEFAULT_STALE_MS`). */
	readonly staleMs?: number;
}

/**
 * Which sessions go: those whose last event is `olderThanMs` or more before `now` and that have no
 * live agent (`isLive`: an idle agent, or an active one that is not stale, keeps its session
 * however old, as docs/design.md#retention says). A session whose age is unknown is kept. Order is kept.
 */
export function sessionsToPrune(sessions: readonly SessionFacts[], rule: PruneRule): PruneDecision {
	const staleMs = rule.staleMs ?? DEFAULT_STALE_MS;
	const cutoff = rule.now - rule.olderThanMs;
	const remove: SessionFacts[] = [];
	const keep: Array<{session: SessionFacts; reason: KeepReason; agentId?: string}> = [];
	for (const session of sessions) {
		if (session.lastEventMs === undefined) {
			keep.push({session, reason: 'unknown-age'});
			continue;
		}
		if (session.lastEventMs > cutoff) {
			keep.push({session, reason: 'recent'});
			continue;
		}
		const live = session.agents.find(agent => isLive(agent, rule.now, staleMs));
		if (live) {
			keep.push({session, reason: 'live-agent', agentId: live.agentId});
			continue;
		}
		remove.push(session);
	}
	return {remove, keep};
}

/** The newest of some times (ms), ignoring those that are not finite; undefined when none is. */
export function newest(times: Iterable<number | undefined>): number | undefined {
	let out: number | undefined;
	for (const t of times) {
		if (t !== undefined && Number.isFinite(t) && (out === undefined || t > out)) {
			out = t;
		}
	}
	return out;
}

const BYTE_UNITS = ['KB', 'MB', 'GB', 'TB'];

/** `512 B`, `1.5 KB`, `23 MB`, `1.2 GB` (1 KB = 1,024 bytes; one decimal under 10). */
export function formatBytes(bytes: number): string {
	if (!Number.isFinite(bytes) || bytes < 1024) {
		return `${Math.max(0, Math.round(Number.isFinite(bytes) ? bytes : 0))} B`;
	}
	let value = bytes;
	let unit = -1;
	while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
		value /= 1024;
		unit++;
	}
	const shown = value < 10 ? (Math.floor(value * 10) / 10).toFixed(1).replace(/\.0$/, '') : String(Math.floor(value));
	return `${shown} ${BYTE_UNITS[unit]}`;
}
