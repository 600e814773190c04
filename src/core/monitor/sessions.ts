// Which session the user means (DESIGN.md §6, CLAUDE-CODE-HOOKS.md §3), and session summaries.
// Pure: the list of sessions and the team configs are read by the store and passed in.
import {isSafeId, type AgentRecord} from '../record/agent-record.js';
import {PROVIDER_MARK, type Provider} from '../record/provider.js';
import type {TranscriptFacts} from './inferred-stop.js';
import {agentCountFacts, countSession} from './session-counts.js';
import type {StatusCounts} from './view.js';
import type {RuleOptions} from './session-counts.js';

/** Counts by display status; `stale` agents are also in `stopped` (0 when not counted yet). */
export type SessionCounts = StatusCounts;

export interface SessionInfo {
	readonly id: string;
	/**
	 * Last activity (ms): the mtime of the session's folder. The one "newest session" rule
	 * (`latestSession`, used by watch, ls and sessions): the hook renames a file into the folder at
	 * every event, so its mtime is the session's last hook event, known without opening a file.
	 */
	readonly lastActivity: number;
	readonly counts: SessionCounts;
	/** Codex CLI's session (marked where sessions are listed); absent: Claude Code's. */
	readonly provider?: Provider;
}

/** The part of `<claude>/teams/<name>/config.json` that matters here (read by store/activity/teams.ts). */
export interface TeamInfo {
	/** As written; `resolveSession` accepts it only when it is a well-formed session id. */
	readonly leadSessionId?: string;
}

/** How an argument was matched. */
export type ResolvedVia = 'exact' | 'team' | 'implicit-team' | 'prefix';

export type SessionResolution =
	| {
			readonly ok: true;
			readonly sessionId: string;
			readonly via: ResolvedVia;
			/** False when the id is not (yet) among the sessions: a team lead with no agent file so far. */
			readonly known: boolean;
	  }
	| {
			readonly ok: false;
			readonly reason: 'empty' | 'ambiguous' | 'unknown';
			/** Says what went wrong and lists `candidates`, one per line. */
			readonly message: string;
			/** Ambiguous: every match, most recent first. Unknown: up to 5 closest. */
			readonly candidates: readonly SessionInfo[];
	  };

const MAX_SUGGESTIONS = 5;
const IMPLICIT_TEAM = /^session-([A-Za-z0-9]{8})$/;

/** Most recently active first; equal activity: the larger id first. The order of every session list. */
export function byRecent(a: Pick<SessionInfo, 'id' | 'lastActivity'>, b: Pick<SessionInfo, 'id' | 'lastActivity'>): number {
	const la = Number.isNaN(a.lastActivity) ? Number.NEGATIVE_INFINITY : a.lastActivity;
	const lb = Number.isNaN(b.lastActivity) ? Number.NEGATIVE_INFINITY : b.lastActivity;
	if (la !== lb) {
		return la < lb ? 1 : -1;
	}
	// Decision: equal activity → the larger id first, so the choice is stable.
	return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** The most recently active session (see `SessionInfo.lastActivity`), or undefined when there is none. */
export function latestSession<T extends Pick<SessionInfo, 'id' | 'lastActivity'>>(sessions: readonly T[]): T | undefined {
	let best: T | undefined;
	for (const session of sessions) {
		if (best === undefined || byRecent(session, best) < 0) {
			best = session;
		}
	}
	return best;
}

function describe(session: SessionInfo): string {
	const {active, idle, stopped} = session.counts;
	const mark = session.provider === undefined || PROVIDER_MARK[session.provider] === '' ? '' : `${PROVIDER_MARK[session.provider]} `;
	return `  ${mark}${session.id}  (${active} active, ${idle} idle, ${stopped} stopped)`;
}

function failure(reason: 'empty' | 'ambiguous' | 'unknown', header: string, candidates: SessionInfo[]): SessionResolution {
	const message = [header, ...candidates.map(describe)].join('\n');
	return {ok: false, reason, message, candidates};
}

/**
 * Decision: prefixes match case-insensitively (session ids are lowercase UUIDs; a pasted id may
 * be upper case). Exact ids match as written.
 */
function withPrefix(sessions: readonly SessionInfo[], prefix: string): SessionInfo[] {
	const lower = prefix.toLowerCase();
	return sessions.filter(s => s.id.toLowerCase().startsWith(lower)).sort(byRecent);
}

function commonPrefix(a: string, b: string): number {
	const x = a.toLowerCase();
	const y = b.toLowerCase();
	let n = 0;
	while (n < x.length && n < y.length && x[n] === y[n]) {
		n += 1;
	}
	return n;
}

/** The closest sessions to an unknown argument: longest common prefix, then most recent. */
function closest(sessions: readonly SessionInfo[], arg: string): SessionInfo[] {
	return [...sessions].sort((a, b) => commonPrefix(b.id, arg) - commonPrefix(a.id, arg) || byRecent(a, b)).slice(0, MAX_SUGGESTIONS);
}

/**
 * A team name → its lead's session. Decision: a lead session that has no folder yet (the lead
 * has not started any subagent) still resolves when `leadSessionId` is a well-formed id, with
 * `known: false`, so `watch <team>` can wait for it; a malformed one is ignored.
 */
function fromTeam(arg: string, sessions: readonly SessionInfo[], teams: ReadonlyMap<string, TeamInfo>): SessionResolution | undefined {
	const lead = teams.get(arg)?.leadSessionId;
	if (!isSafeId(lead)) {
		return undefined;
	}
	return {ok: true, sessionId: lead, via: 'team', known: sessions.some(s => s.id === lead)};
}

function fromMatches(arg: string, matches: SessionInfo[], via: ResolvedVia): SessionResolution | undefined {
	const [only] = matches;
	if (only === undefined) {
		return undefined;
	}
	if (matches.length === 1) {
		return {ok: true, sessionId: only.id, via, known: true};
	}
	return failure('ambiguous', `session "${arg}" is ambiguous: ${matches.length} sessions match (most recent first):`, matches);
}

/**
 * Resolves a session argument, in this order: an exact session id; a team name in `teams`
 * (its `leadSessionId`); an implicit team name `session-<8 chars>` (the 8 characters are a
 * prefix of the lead's session id); a unique prefix of a session id. Never throws.
 * Decision: a team config without a usable `leadSessionId` (not verified for Claude Code
 * 2.1.178+) falls through to the later rules; an implicit team name that matches nothing is
 * still tried as a plain prefix.
 */
export function resolveSession(arg: string, sessions: readonly SessionInfo[], teams: ReadonlyMap<string, TeamInfo>): SessionResolution {
	const wanted = arg.trim();
	if (wanted === '') {
		return failure('empty', 'no session given', []);
	}
	if (sessions.some(s => s.id === wanted)) {
		return {ok: true, sessionId: wanted, via: 'exact', known: true};
	}
	const implicit = IMPLICIT_TEAM.exec(wanted)?.[1];
	return (
		fromTeam(wanted, sessions, teams) ??
		(implicit === undefined ? undefined : fromMatches(wanted, withPrefix(sessions, implicit), 'implicit-team')) ??
		fromMatches(wanted, withPrefix(sessions, wanted), 'prefix') ??
		unknown(wanted, sessions)
	);
}

function unknown(arg: string, sessions: readonly SessionInfo[]): SessionResolution {
	const suggestions = closest(sessions, arg);
	const header = suggestions.length === 0 ? `no session matches "${arg}" (there are no sessions yet)` : `no session matches "${arg}"; closest:`;
	return failure('unknown', header, suggestions);
}

/**
 * Counts by display status of one session. Decision: the counts apply the same rules as `watch`
 * and `ls` (stale, inferred stops, and ghost dedup unless `dedup` is false), so `sessions`, the
 * watch header and `ls` agree; `transcripts` are what the transcripts say (see session-counts.ts
 * for which agents need theirs).
 */
export function summarizeSession(agents: readonly AgentRecord[], rules: RuleOptions, transcripts?: ReadonlyMap<string, TranscriptFacts>): StatusCounts {
	return countSession(agents.map(agentCountFacts), {...rules, ...(transcripts === undefined ? {} : {transcripts})});
}
