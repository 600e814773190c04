// What a hook event does to an agent file, as pure functions: the record on disk (if any) and
// the event → the new record, moved through the lifecycle machine; a SessionEnd's interrupt and
// the user's stop. The hook's use case (src/app/hook/) adds the IO.
// Rules: docs/design.md#the-hook-event-by-event.
import {isSafeId, isSpawnDepth, type AgentRecord} from '../record/agent-record.js';
import {fail} from '../result.js';
import {isInterruptedToolStatus} from './agent-call.js';
import {failureReason, USER_STOP_REASON} from '../record/limits.js';
import {lifeIdle, lifeStart, lifeStop, newLife, noteEarlierStart, type Life, type MoveRules, type Moved} from '../record/lifecycle-machine.js';
import {isLaunchStatus} from '../record/launch-status.js';
import {LINEAGE_EVENTS, type HookEvent, type Lineage, type Outcome} from './hook-event.js';
import {asksUser} from './event-owner.js';
import {childTranscript, sessionChildTranscript} from './agent-transcript-path.js';

const skip = (reason: string) => fail(reason);

/** The lineage on the record: a parent once known is kept (the first source wins, as for PostToolUse); the depth is the latest said. */
function applyLineage(base: Mutable<AgentRecord>, lineage: Lineage, agentId: string): void {
	const parent = lineage.parentAgentId;
	if (base.parentAgentId === undefined && isSafeId(parent) && parent !== agentId) {
		base.parentAgentId = parent;
	}
	if (isSpawnDepth(lineage.spawnDepth)) {
		base.spawnDepth = lineage.spawnDepth;
	}
}

/**
 * The type an event of the agent says, and its name when that type is its name. A named agent run
 * as an in-process teammate (agent teams on, docs/claude-code-hooks.md#seen-on-the-real-client-interactive) has hooks whose
 * `agent_type` is its name (`deployer`), while its real type is `.meta.json`'s `spawnedAgentType`
 * (or the Agent call's, `general-purpose`): the type is the real one, the name is kept as
 * `teammateName`, and the agent shows as `deployer (general-purpose)` like any named agent.
 */
function typeOfEvent(event: HookEvent, existing: AgentRecord | undefined): {readonly type: string; readonly name?: string} {
	const given = event.agentType;
	const name = event.lineage?.name ?? existing?.teammateName;
	if (given === '' || name === undefined || given !== name) {
		return {type: given};
	}
	const known = existing?.type !== undefined && existing.type !== '' && existing.type !== name ? existing.type : undefined;
	const real = event.lineage?.spawnedAgentType || known;
	return real === undefined ? {type: given} : {type: real, name};
}

function teammateNameOf(agentId: string): string | undefined {
	const at = agentId.indexOf('@');
	return at > 0 ? agentId.slice(0, at) : undefined;
}

type Mutable<T> = {-readonly [K in keyof T]: T[K]};

const later = (a: string, b: string) => (Date.parse(a) >= Date.parse(b) ? a : b);

/** An agent file's lifecycle as the lifecycle machine holds it (a new agent: nothing seen yet). */
function lifeOf(existing: AgentRecord | undefined): Life {
	if (!existing) {
		return newLife();
	}
	const stopMs = existing.stoppedAt === undefined ? undefined : Date.parse(existing.stoppedAt);
	return {
		phase: existing.status === 'stopped' ? (existing.interrupted ? 'interrupted' : 'stopped') : existing.status,
		startedAt: existing.startedAt,
		startMs: Date.parse(existing.startedAt),
		startUnknown: existing.startUnknown === true,
		...(existing.status === 'stopped' && existing.stoppedAt !== undefined ? {stoppedAt: existing.stoppedAt, stopMs} : {}),
		...(existing.stopReason === undefined ? {} : {stopReason: existing.stopReason}),
		resumeCount: existing.resumeCount ?? 0,
		...(existing.resumedAt === undefined ? {} : {resumedAt: existing.resumedAt}),
	};
}

/** The record's lifecycle fields after a move: `status` stays within active|idle|stopped, `interrupted` says the rest. */
function putLife(base: Mutable<AgentRecord>, life: Life): void {
	base.status = life.phase === 'none' ? 'active' : life.phase === 'interrupted' ? 'stopped' : life.phase;
	if (life.startedAt !== undefined) {
		base.startedAt = life.startedAt;
	}
	if (life.startUnknown) {
		base.startUnknown = true;
	} else {
		delete base.startUnknown;
	}
	for (const key of ['stoppedAt', 'stopReason', 'resumedAt'] as const) {
		if (life[key] === undefined) {
			delete base[key];
		} else {
			base[key] = life[key];
		}
	}
	if (life.phase === 'interrupted') {
		base.interrupted = true;
	} else {
		delete base.interrupted;
	}
	if (life.resumeCount > 0) {
		base.resumeCount = life.resumeCount;
	}
}

/** The rules of a start or idle: the session's latest start, when the hook read one. */
function sessionRules(event: HookEvent): MoveRules {
	const ms = event.sessionStartAt === undefined ? Number.NaN : Date.parse(event.sessionStartAt);
	return Number.isNaN(ms) ? {} : {sessionStartMs: ms};
}

/** Moves the record through the lifecycle machine at `now`; what the move did. */
function move(base: Mutable<AgentRecord>, existing: AgentRecord | undefined, now: string, how: (life: Life, ms: number) => Moved): Moved {
	const life = lifeOf(existing);
	const moved = how(life, Date.parse(now));
	putLife(base, life);
	return moved;
}

/**
 * PostToolUse of the Agent tool: the call's facts on the agent it launched. A background launch
 * (`async_launched`) of an agent not seen yet starts it; a finished call of an agent never seen
 * records it stopped, start unknown; a call that came back interrupted marks it interrupted
 * (keeping an earlier stop time). Any other status changes nothing but the facts.
 */
function applyAgentCall(base: Mutable<AgentRecord>, event: HookEvent, existing: AgentRecord | undefined, now: string): Outcome<true> {
	const call = event.call ?? {};
	const status = call.status ?? '';
	const interrupted = status !== '' && isInterruptedToolStatus(status);
	// Only Qwen Code says so: its failed subagent sends no SubagentStop and no StopFailure.
	const failed = status === 'failed';
	// A launch that returns at once: a background agent, or a teammate (agent teams in the
	// interactive client), whose SubagentStart may come just before or just after.
	const launched = isLaunchStatus(status);
	if (existing && launched) {
		// Its SubagentStart may have been written first, though stamped later.
		move(base, existing, now, (life, ms) => {
			noteEarlierStart(life, now, ms);
			return 'kept';
		});
	} else if (!existing) {
		if (launched) {
			move(base, existing, now, (life, ms) => lifeStart(life, now, ms));
		} else if (failed) {
			move(base, existing, now, (life, ms) => lifeStop(life, now, ms, 'failed', failureReason(event.error), true));
		} else if (status === 'completed' || interrupted) {
			move(base, existing, now, (life, ms) => lifeStop(life, now, ms, interrupted ? 'interrupted' : 'completed', `tool:${status}`, true));
		} else {
			return skip(`PostToolUse for ${base.agentId}, never seen, with status ${JSON.stringify(call.status)}: nothing to record on an agent file`);
		}
	}
	base.type = existing?.type || event.agentType;
	if (existing === undefined && status === 'teammate_spawned' && call.name !== undefined) {
		// Its hooks will say its name as its type: the name kept now tells them apart (typeOfEvent).
		base.teammateName = call.name;
	}
	if (existing !== undefined && call.name !== undefined && existing.type === call.name && event.agentType !== '' && event.agentType !== call.name) {
		// A teammate whose start said its name for its type (its `.meta.json` was not there yet): the call says the real one.
		base.type = event.agentType;
		base.teammateName = call.name;
	}
	if (existing && interrupted) {
		move(base, existing, now, (life, ms) => lifeStop(life, now, ms, 'interrupted', `tool:${status}`, true));
	}
	if (existing && failed) {
		move(base, existing, now, (life, ms) => lifeStop(life, now, ms, 'failed', failureReason(event.error), true));
	}
	if (call.description) {
		base.description = call.description;
	}
	if (call.model) {
		base.model = call.model;
	}
	if (call.totalTokens !== undefined) {
		base.totalTokens = call.totalTokens;
	}
	if (call.totalToolUseCount !== undefined) {
		base.totalToolUseCount = call.totalToolUseCount;
	}
	if (call.totalDurationMs !== undefined) {
		base.totalDurationMs = call.totalDurationMs;
	}
	if (call.status) {
		base.resultStatus = call.status;
	}
	if (event.parentAgentId !== undefined && existing?.parentAgentId === undefined) {
		base.parentAgentId = event.parentAgentId;
	}
	return {ok: true, value: true};
}

/**
 * SessionEnd: an agent of the session still active or idle is interrupted (docs/design.md#the-lifecycle): its
 * `status` becomes `stopped` so other readers understand it, with `interrupted` and
 * `stopReason: session-end:<reason>`. Undefined for an agent already stopped (nothing changes).
 */
export function interruptOnSessionEnd(existing: AgentRecord, reason: string | undefined, now: string): AgentRecord | undefined {
	if (existing.status === 'stopped') {
		return undefined;
	}
	const base: Mutable<AgentRecord> = {...existing, updatedAt: later(existing.updatedAt, now)};
	move(base, existing, now, (life, ms) => lifeStop(life, now, ms, 'interrupted', `session-end:${reason || 'unknown'}`));
	return base;
}

/**
 * The user's stop, carried out by the hook at the agent's tool call (no SubagentStop follows):
 * the record stopped by you at `now`, or undefined when it had already stopped (a stop is
 * recorded once: parallel tool calls of one agent each ask).
 */
export function stopByUser(existing: AgentRecord, now: string): AgentRecord | undefined {
	if (existing.status === 'stopped') {
		return undefined;
	}
	const base: Mutable<AgentRecord> = {...existing, updatedAt: later(existing.updatedAt, now)};
	delete base.waitingFor;
	delete base.waitingSince;
	return move(base, existing, now, (life, ms) => lifeStop(life, now, ms, 'user-stopped', USER_STOP_REASON)) === 'stopped' ? base : undefined;
}

/**
 * The new record for `agentId` after `event`, given the record on disk (if any). `now` is the
 * event's time (ISO): the hook passes the moment its process started. Extra fields of the
 * existing record (other tools') are kept.
 *
 * Order rules, so that events applied in either order give the same record: `updatedAt` never
 * goes back; `stoppedAt` is never before `startedAt`; a start that is not later than the stop by
 * more than `RESUME_AFTER_STOP_MS` leaves a stopped agent stopped (it only adds what it knows:
 * the start time of an agent whose start was unknown), unless the session started again between
 * the stop and it (`sessionStartAt`); a later start is a resume (docs/design.md#the-hook-event-by-event).
 */
export function applyHookEvent(event: HookEvent, agentId: string, existing: AgentRecord | undefined, now: string): Outcome<AgentRecord> {
	const base: Mutable<AgentRecord> = existing ? {...existing} : {agentId, type: '', status: 'active', startedAt: now, updatedAt: now};
	base.agentId = agentId;
	base.updatedAt = existing ? later(existing.updatedAt, now) : now;
	base.sessionId = event.sessionId;
	// Every agent file says whose agent it is (a file from an older hook has none: Claude Code's).
	base.provider = event.provider ?? existing?.provider ?? 'claude';
	if (event.provider === 'codex') {
		if (event.parentAgentId !== undefined && existing?.parentAgentId === undefined) {
			base.parentAgentId = event.parentAgentId;
		}
	}
	if (event.cwd) {
		base.cwd = event.cwd;
	}
	const teammate = event.teammateName ?? teammateNameOf(agentId);
	if (teammate) {
		base.teammateName = teammate;
	}
	// Any event of the agent is a sign of work: it no longer waits (an ask sets it again below).
	delete base.waitingFor;
	delete base.waitingSince;

	switch (event.event) {
		case 'SubagentStart': {
			if (!event.agentType) {
				return skip('SubagentStart with empty agent_type (internal agent)');
			}
			const said = typeOfEvent(event, existing);
			if (said.name !== undefined) {
				base.teammateName = said.name;
			}
			if (move(base, existing, now, (life, ms) => lifeStart(life, now, ms, sessionRules(event))) === 'late') {
				// A start from before the stop, applied after it: the agent stays stopped.
				base.type = existing?.type || said.type;
				base.transcriptPath = existing?.transcriptPath ?? childTranscript(event, agentId);
				break;
			}
			base.type = said.type;
			base.transcriptPath = childTranscript(event, agentId) ?? existing?.transcriptPath;
			break;
		}
		case 'StopFailure': {
			if (!event.agentType && !existing) {
				return skip('StopFailure with empty agent_type for an agent never seen (internal agent)');
			}
			base.type = typeOfEvent(event, existing).type || existing?.type || '';
			// Failed, at the time it failed: Claude Code sends no SubagentStop then. A stop recorded
			// before (a SessionEnd that came first) keeps its time; the failure says why.
			move(base, existing, now, (life, ms) => lifeStop(life, now, ms, 'failed', failureReason(event.error)));
			if (event.lastMessage) {
				base.lastMessage = event.lastMessage;
				delete base.lastMessageCut;
			}
			base.transcriptPath = event.agentTranscriptPath || existing?.transcriptPath || sessionChildTranscript(event, agentId);
			break;
		}
		case 'SubagentStop': {
			if (!event.agentType && !existing) {
				return skip('SubagentStop with empty agent_type for an agent never seen (internal agent)');
			}
			const said = typeOfEvent(event, existing);
			if (said.name !== undefined) {
				base.teammateName = said.name;
			}
			base.type = said.type || existing?.type || '';
			// A stop whose start was never seen: recorded, its start unknown. A repeated stop (some
			// versions fire twice) keeps the first stop: time and reason.
			move(base, existing, now, (life, ms) => lifeStop(life, now, ms, 'completed', 'subagent-stop'));
			if (event.lastMessage !== undefined && (event.lastMessage !== '' || base.lastMessage === undefined)) {
				base.lastMessage = event.lastMessage;
				if (event.lastMessageCut) {
					base.lastMessageCut = true;
				} else {
					delete base.lastMessageCut;
				}
			}
			// Codex's transcript_path here is the parent's rollout: never the agent's.
			base.transcriptPath =
				event.agentTranscriptPath || existing?.transcriptPath || (event.provider === 'codex' ? undefined : sessionChildTranscript(event, agentId));
			break;
		}
		case 'TeammateIdle': {
			base.type = existing?.type || event.teammateName || '';
			// An idle from before the stop, applied after it, leaves the agent stopped.
			move(base, existing, now, (life, ms) => lifeIdle(life, now, ms, sessionRules(event)));
			break;
		}
		case 'PostToolUse': {
			const outcome = applyAgentCall(base, event, existing, now);
			if (!outcome.ok) {
				return outcome;
			}
			base.transcriptPath = existing?.transcriptPath ?? sessionChildTranscript(event, agentId);
			break;
		}
		case 'SessionStart':
		case 'SessionEnd': {
			return skip(`${event.event} is a session event: no agent file of its own`);
		}
		case 'PermissionRequest':
		case 'Notification': {
			if (!existing) {
				// Never seen start (a hook of a subagent that had no SubagentStart, #90662): no file for it.
				return skip(`${event.event} for ${agentId}, an agent never seen`);
			}
			if (existing.status === 'stopped' || !asksUser(event)) {
				// A request after its stop, or a notification that asks nothing: nothing changes.
				base.updatedAt = existing.updatedAt;
				break;
			}
			base.waitingFor = event.waitingFor ?? 'input';
			// The same time as updatedAt: the session counts take it from there (session-counts.ts).
			base.waitingSince = base.updatedAt;
			break;
		}
	}
	if (event.lineage !== undefined && LINEAGE_EVENTS.includes(event.event)) {
		applyLineage(base, event.lineage, agentId);
	}
	if (base.transcriptPath === undefined) {
		delete base.transcriptPath;
	}
	return {ok: true, value: base};
}
