// What the agent-spy hook does with one Claude Code hook payload, as pure functions:
// payload → which file → new record. The hook script (hooks/agent-spy.ts) only adds the IO.
// Rules: DESIGN.md §4; payload facts: CLAUDE-CODE-HOOKS.md §1 and §7.
import {isSafeId, type AgentRecord} from '../record/agent-record.js';
import {fail, type Result} from '../result.js';

export const HOOK_EVENTS = ['SubagentStart', 'SubagentStop', 'TeammateIdle'] as const;
export type HookEventName = (typeof HOOK_EVENTS)[number];

export interface HookEvent {
	readonly event: HookEventName;
	readonly sessionId: string;
	/** Absent on TeammateIdle, which names a teammate instead. */
	readonly agentId?: string;
	readonly agentType: string;
	readonly cwd?: string;
	readonly transcriptPath?: string;
	readonly agentTranscriptPath?: string;
	readonly lastMessage?: string;
	readonly teammateName?: string;
	readonly teamName?: string;
	/** True when `lastMessage` is only the first part of the message (the payload was over the stdin limit). */
	readonly lastMessageCut?: boolean;
}

/** A hook step's result: the value, or why the event is skipped. */
export type Outcome<T> = Result<T>;

const skip = (reason: string) => fail(reason);

function str(value: unknown): string | undefined {
	return typeof value === 'string' ? value : undefined;
}

/** Reads the fields agentlog uses from a hook's stdin JSON; anything else is a reason to skip. */
export function parseHookPayload(json: unknown): Outcome<HookEvent> {
	if (typeof json !== 'object' || json === null || Array.isArray(json)) {
		return skip('payload is not a JSON object');
	}
	const o = json as Record<string, unknown>;
	const event = str(o.hook_event_name);
	if (!event || !(HOOK_EVENTS as readonly string[]).includes(event)) {
		return skip(`event ${JSON.stringify(o.hook_event_name)} is not one agentlog records`);
	}
	const sessionId = o.session_id;
	if (!isSafeId(sessionId)) {
		return skip(`unsafe or missing session_id ${JSON.stringify(sessionId)}`);
	}
	const agentId = o.agent_id;
	if (event !== 'TeammateIdle' && !isSafeId(agentId)) {
		return skip(`${event}: unsafe or missing agent_id ${JSON.stringify(agentId)}`);
	}
	const teammateName = str(o.teammate_name);
	if (event === 'TeammateIdle' && !teammateName) {
		return skip('TeammateIdle without teammate_name');
	}
	return {
		ok: true,
		value: {
			event: event as HookEventName,
			sessionId,
			agentId: isSafeId(agentId) ? agentId : undefined,
			agentType: str(o.agent_type) ?? '',
			cwd: str(o.cwd),
			transcriptPath: str(o.transcript_path),
			agentTranscriptPath: str(o.agent_transcript_path),
			lastMessage: str(o.last_assistant_message),
			teammateName,
			teamName: str(o.team_name),
		},
	};
}

/**
 * TeammateIdle carries no agent_id. Map it to that teammate's agent in the session: the newest
 * agent whose id starts with `<name>@`, else the newest whose teammate name or type is the
 * name; with no match, the id `<name>@<team>` (the team defaults to the implicit
 * `session-<8 chars>` team of the session).
 */
export function teammateAgentId(event: HookEvent, sessionAgents: readonly AgentRecord[]): Outcome<string> {
	const name = event.teammateName ?? '';
	const newest = (list: readonly AgentRecord[]) =>
		list.reduce<AgentRecord | undefined>((best, a) => (!best || Date.parse(a.startedAt) >= Date.parse(best.startedAt) ? a : best), undefined);
	const byId = newest(sessionAgents.filter(a => a.agentId.startsWith(`${name}@`)));
	const byName = byId ?? newest(sessionAgents.filter(a => a.teammateName === name || a.type === name));
	if (byName) {
		return {ok: true, value: byName.agentId};
	}
	const team = event.teamName || `session-${event.sessionId.slice(0, 8)}`;
	const id = `${name}@${team}`;
	return isSafeId(id) ? {ok: true, value: id} : skip(`TeammateIdle: unsafe teammate id ${JSON.stringify(id)}`);
}

/** `<dir>/<session>.jsonl` → `<dir>/<session>/subagents/agent-<id>.jsonl` (CLAUDE-CODE-HOOKS.md §4). */
export function subagentTranscriptPath(mainTranscript: string | undefined, agentId: string): string | undefined {
	if (!mainTranscript?.endsWith('.jsonl')) {
		return undefined;
	}
	return `${mainTranscript.slice(0, -'.jsonl'.length)}/subagents/agent-${agentId}.jsonl`;
}

function teammateNameOf(agentId: string): string | undefined {
	const at = agentId.indexOf('@');
	return at > 0 ? agentId.slice(0, at) : undefined;
}

type Mutable<T> = {-readonly [K in keyof T]: T[K]};

/**
 * How much later than a stop a SubagentStart must be to count as a resume. The hook knows only
 * its own start time as the event time, and hook processes started at one moment reach the file
 * in any order: on a busy machine a start fired just before a stop can begin a few hundred ms
 * after it. A real resume needs a model turn of the main agent in between (seconds), so a start
 * no later than this after the stop is taken as one from before the stop and never undoes it.
 */
export const RESUME_AFTER_STOP_MS = 1500;

const later = (a: string, b: string) => (Date.parse(a) >= Date.parse(b) ? a : b);
const earlier = (a: string, b: string) => (Date.parse(a) <= Date.parse(b) ? a : b);

/**
 * The new record for `agentId` after `event`, given the record on disk (if any). `now` is the
 * event's time (ISO): the hook passes the moment its process started. Extra fields of the
 * existing record (other tools') are kept.
 *
 * Order rules, so that events applied in either order give the same record: `updatedAt` never
 * goes back; `stoppedAt` is never before `startedAt`; a start that is not later than the stop by
 * more than `RESUME_AFTER_STOP_MS` leaves a stopped agent stopped (it only adds what it knows:
 * the start time of an agent whose start was unknown); a later start is a resume (DESIGN.md §4).
 */
export function applyHookEvent(event: HookEvent, agentId: string, existing: AgentRecord | undefined, now: string): Outcome<AgentRecord> {
	const base: Mutable<AgentRecord> = existing ? {...existing} : {agentId, type: '', status: 'active', startedAt: now, updatedAt: now};
	base.agentId = agentId;
	base.updatedAt = existing ? later(existing.updatedAt, now) : now;
	base.sessionId = event.sessionId;
	if (event.cwd) {
		base.cwd = event.cwd;
	}
	const teammate = event.teammateName ?? teammateNameOf(agentId);
	if (teammate) {
		base.teammateName = teammate;
	}

	switch (event.event) {
		case 'SubagentStart': {
			if (!event.agentType) {
				return skip('SubagentStart with empty agent_type (internal agent)');
			}
			const stoppedAt = existing?.status === 'stopped' ? existing.stoppedAt : undefined;
			if (stoppedAt && Date.parse(now) <= Date.parse(stoppedAt) + RESUME_AFTER_STOP_MS) {
				// A start from before the stop, applied after it: the agent stays stopped.
				base.type = existing?.type || event.agentType;
				if (existing?.startUnknown) {
					delete base.startUnknown;
					base.startedAt = earlier(now, stoppedAt);
				}
				base.transcriptPath = existing?.transcriptPath ?? subagentTranscriptPath(event.transcriptPath, agentId);
				break;
			}
			base.type = event.agentType;
			base.status = 'active';
			delete base.stoppedAt;
			if (existing?.startUnknown) {
				// Seen stopped before its start; a start now is a resume, and its time is known.
				delete base.startUnknown;
				base.startedAt = now;
			}
			base.transcriptPath = subagentTranscriptPath(event.transcriptPath, agentId) ?? existing?.transcriptPath;
			break;
		}
		case 'SubagentStop': {
			if (!event.agentType && !existing) {
				return skip('SubagentStop with empty agent_type for an agent never seen (internal agent)');
			}
			base.type = event.agentType || existing?.type || '';
			if (!existing) {
				// A stop whose start was never seen: record it, and say the start is unknown.
				base.startUnknown = true;
			}
			// A repeated stop (some versions fire twice) keeps the first stop time. A stop applied
			// after a start that began a moment later is not dated before that start.
			base.stoppedAt = existing?.status === 'stopped' && existing.stoppedAt ? existing.stoppedAt : later(now, base.startedAt);
			base.status = 'stopped';
			if (event.lastMessage !== undefined && (event.lastMessage !== '' || base.lastMessage === undefined)) {
				base.lastMessage = event.lastMessage;
				if (event.lastMessageCut) {
					base.lastMessageCut = true;
				} else {
					delete base.lastMessageCut;
				}
			}
			base.transcriptPath = event.agentTranscriptPath || existing?.transcriptPath || subagentTranscriptPath(event.transcriptPath, agentId);
			break;
		}
		case 'TeammateIdle': {
			base.type = existing?.type || event.teammateName || '';
			base.status = 'idle';
			delete base.stoppedAt;
			if (!existing) {
				base.startUnknown = true;
			}
			break;
		}
	}
	if (base.transcriptPath === undefined) {
		delete base.transcriptPath;
	}
	return {ok: true, value: base};
}

export interface AgentFileInfo {
	readonly name: string;
	readonly mtimeMs: number;
	/** Undefined when the file could not be read as an agent record: such a file is never removed. */
	readonly status: AgentRecord['status'] | undefined;
}

/**
 * The per-session file cap: which files to delete so that at most `cap` agent files remain.
 * Only stopped agents are removed, oldest modification first; active and idle ones never are.
 */
export function filesOverCap(files: readonly AgentFileInfo[], cap: number): string[] {
	const excess = files.length - cap;
	if (excess <= 0) {
		return [];
	}
	return files
		.filter(f => f.status === 'stopped')
		.sort((a, b) => a.mtimeMs - b.mtimeMs || a.name.localeCompare(b.name))
		.slice(0, excess)
		.map(f => f.name);
}

export const DEFAULT_FILE_CAP = 20;

/** `AGENTLOG_FILE_CAP` when it is a whole number ≥ 1, else the default. */
export function fileCapFrom(value: string | undefined): number {
	if (value === undefined || !/^\s*\d+\s*$/.test(value)) {
		return DEFAULT_FILE_CAP;
	}
	const n = Number(value);
	return n >= 1 ? n : DEFAULT_FILE_CAP;
}
