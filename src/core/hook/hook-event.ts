// What the agent-spy hook does with one Claude Code hook payload, as pure functions:
// payload → which file → new record. The hook script (hooks/agent-spy.ts) only adds the IO.
// Rules: docs/design.md#the-hook-event-by-event; payload facts: docs/claude-code-hooks.md#hook-payloads and
// docs/claude-code-hooks.md#example-payloads.
import {isCodexPayload, rolloutThreadId} from './codex-payload.js';
import {isQwenPayload, qwenAgentCall, qwenSubagentTranscriptPath, QWEN_AGENT_TOOLS} from './qwen-payload.js';
import {isSafeId, isSpawnDepth, type AgentRecord} from '../record/agent-record.js';
import {fail, type Result} from '../result.js';
import {isObject} from '../record/json.js';
import {AGENT_TOOLS, agentCallOf, isInterruptedToolStatus, launchedAgentId, type AgentCall} from './agent-call.js';
import {toolSummary} from '../transcript/tool-summary.js';
import {head} from '../text/bounded.js';
import {failureReason, USER_STOP_REASON} from '../record/limits.js';
import {lifeIdle, lifeStart, lifeStop, newLife, noteEarlierStart, type Life, type MoveRules, type Moved} from '../record/lifecycle-machine.js';
import {isLaunchStatus} from '../record/launch-status.js';

export const HOOK_EVENTS = [
	'SubagentStart',
	'SubagentStop',
	'TeammateIdle',
	'PostToolUse',
	'SessionStart',
	'SessionEnd',
	'PermissionRequest',
	'Notification',
	'StopFailure',
] as const;
export type HookEventName = (typeof HOOK_EVENTS)[number];

/** Events of the whole session: no agent, no agent file of their own (SessionEnd interrupts the session's running agents). */
export const SESSION_EVENTS: readonly HookEventName[] = ['SessionStart', 'SessionEnd'];

export interface HookEvent {
	readonly event: HookEventName;
	readonly sessionId: string;
	/** Absent on TeammateIdle, which names a teammate instead, and on session events. On PostToolUse: the launched agent (`tool_response.agentId`). */
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
	/** PostToolUse of the Agent/Task tool: the call's facts. */
	readonly call?: AgentCall;
	/** PostToolUse made inside a subagent: that agent (the payload's `agent_id`), which launched this one. */
	readonly parentAgentId?: string;
	/** SubagentStart, SubagentStop, StopFailure: where the agent sits in the tree, as its `.meta.json` says (the hook reads it). */
	readonly lineage?: Lineage;
	/** SessionStart: `startup`, `resume`, `clear`, `compact`, `fork`. */
	readonly source?: string;
	/** SessionStart: the session's model. */
	readonly model?: string;
	/** SessionEnd: why it ended (`prompt_input_exit`, `clear`, `logout`, …). */
	readonly reason?: string;
	/** PermissionRequest, and a Notification that asks for input: what the user is asked for (`Bash: npm publish`). */
	readonly waitingFor?: string;
	/** Notification: `permission_prompt`, `idle_prompt`, `agent_needs_input`, `elicitation_dialog`. */
	readonly notificationType?: string;
	/** Notification: its text. */
	readonly message?: string;
	/** StopFailure: the error the agent died on (`unknown`, `rate_limit`, …); Qwen's failed `agent` call: its `terminateReason`. */
	readonly error?: string;
	/**
	 * SubagentStart and TeammateIdle of a stopped agent: the session's latest SessionStart (ISO; the
	 * hook reads it from the session file). One after the stop makes a start after it a resume.
	 */
	readonly sessionStartAt?: string;
	/** `codex` when OpenAI's Codex CLI sent it (codex-payload.ts), `qwen` for Qwen Code (qwen-payload.ts); absent: Claude Code. */
	readonly provider?: 'codex' | 'qwen';
}

/**
 * What `.meta.json` says of an agent (the hook reads it): the agent that launched it and how deep
 * it runs (`parentAgentId`, `spawnDepth`); its `name`, and, for a teammate, its real type
 * (`spawnedAgentType`: its hooks' `agent_type` is its name).
 */
export interface Lineage {
	readonly parentAgentId?: string;
	readonly spawnDepth?: number;
	readonly name?: string;
	readonly spawnedAgentType?: string;
}

/** The events on which the hook reads the agent's `.meta.json` for its lineage. */
export const LINEAGE_EVENTS: readonly HookEventName[] = ['SubagentStart', 'SubagentStop', 'StopFailure'];

/** The Notification types that mean someone waits for the user's answer (`idle_prompt` is the main agent done, waiting for a prompt). */
export const WAITING_NOTIFICATIONS: readonly string[] = ['permission_prompt', 'agent_needs_input', 'elicitation_dialog'];

/** The event asks the user something: a PermissionRequest, or a Notification of a waiting type. */
export function asksUser(event: HookEvent): boolean {
	return event.event === 'PermissionRequest' || (event.event === 'Notification' && WAITING_NOTIFICATIONS.includes(event.notificationType ?? ''));
}

/**
 * Whose prompt a Notification without `agent_id` is. Claude Code fires a subagent's
 * PermissionRequest with its `agent_id`, then, about 6 s later while the dialog is still up, a
 * Notification (`permission_prompt`) with none: it is that subagent's prompt. The subagent whose
 * request stands (its file says since when, and it has not stopped; the earliest when several
 * ask: Claude Code shows one dialog at a time) owns it; undefined when none does: then it is the
 * main session's own.
 */
export function askingAgentOf(agents: readonly AgentRecord[]): AgentRecord | undefined {
	let owner: AgentRecord | undefined;
	let ownerMs = Number.POSITIVE_INFINITY;
	for (const agent of agents) {
		const since = agent.waitingSince === undefined ? Number.NaN : Date.parse(agent.waitingSince);
		if (agent.status !== 'stopped' && !Number.isNaN(since) && since < ownerMs) {
			owner = agent;
			ownerMs = since;
		}
	}
	return owner;
}

/** How much of a waiting text is kept. */
const WAITING_CHARS = 200;

/** A hook step's result: the value, or why the event is skipped. */
export type Outcome<T> = Result<T>;

const skip = (reason: string) => fail(reason);

function str(value: unknown): string | undefined {
	return typeof value === 'string' ? value : undefined;
}

/** Reads the fields agentlog uses from a hook's stdin JSON; anything else is a reason to skip. */
export function parseHookPayload(json: unknown): Outcome<HookEvent> {
	if (isObject(json) && isQwenPayload(json)) {
		return parseQwenPayload(json);
	}
	const parsed = parsePayload(json);
	if (parsed.ok && isCodexPayload(json as Record<string, unknown>)) {
		return {ok: true, value: withCodexFacts(parsed.value)};
	}
	return parsed;
}

/**
 * A Codex event: its provider, and on SubagentStop the parent its `transcript_path` names (the
 * parent's rollout; none when that is the root's: a child of the session itself).
 */
function withCodexFacts(event: HookEvent): HookEvent {
	const parent = event.event === 'SubagentStop' ? rolloutThreadId(event.transcriptPath) : undefined;
	return {
		...event,
		provider: 'codex',
		...(parent !== undefined && parent !== event.sessionId && parent !== event.agentId && isSafeId(parent) ? {parentAgentId: parent} : {}),
	};
}

/**
 * A Qwen Code event: Claude Code's fields, its provider, its own `agent` tool, and a SubagentStop's
 * `agent_transcript_path` dropped when it is the session's (a foreground subagent's, in 0.24).
 */
function parseQwenPayload(o: Record<string, unknown>): Outcome<HookEvent> {
	if (o.hook_event_name === 'PostToolUse') {
		return parseQwenAgentCall(o);
	}
	const parsed = parsePayload(o);
	if (!parsed.ok) {
		return parsed;
	}
	const {agentTranscriptPath, ...rest} = parsed.value;
	const own = agentTranscriptPath !== undefined && agentTranscriptPath !== rest.transcriptPath ? {agentTranscriptPath} : {};
	return {ok: true, value: {...rest, ...own, provider: 'qwen'}};
}

/** PostToolUse of Qwen's `agent` tool: the agent it launched is `<subagent name>-<tool_call_id>`. */
function parseQwenAgentCall(o: Record<string, unknown>): Outcome<HookEvent> {
	const tool = str(o.tool_name);
	if (tool === undefined || !QWEN_AGENT_TOOLS.includes(tool)) {
		return skip(`PostToolUse of ${JSON.stringify(o.tool_name)} is not an agent call`);
	}
	if (!isSafeId(o.session_id)) {
		return skip(`unsafe or missing session_id ${JSON.stringify(o.session_id)}`);
	}
	const {agentId, call, reason} = qwenAgentCall(o);
	if (!isSafeId(agentId)) {
		return skip(`PostToolUse: unsafe or missing agent id ${JSON.stringify(agentId)} (from tool_call_id)`);
	}
	const caller = o.agent_id;
	return {
		ok: true,
		value: {
			event: 'PostToolUse',
			sessionId: o.session_id,
			agentId,
			agentType: call.subagentType ?? '',
			cwd: str(o.cwd),
			transcriptPath: str(o.transcript_path),
			call,
			...(reason === undefined ? {} : {error: reason}),
			parentAgentId: isSafeId(caller) && caller !== agentId ? caller : undefined,
			provider: 'qwen',
		},
	};
}

function parsePayload(json: unknown): Outcome<HookEvent> {
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
	if (event === 'PostToolUse') {
		return parseAgentCall(o, sessionId);
	}
	if (event === 'PermissionRequest' || event === 'Notification') {
		return parseAsk(event, o, sessionId);
	}
	if (event === 'SessionStart' || event === 'SessionEnd') {
		return {
			ok: true,
			value: {
				event,
				sessionId,
				agentType: '',
				cwd: str(o.cwd),
				transcriptPath: str(o.transcript_path),
				source: str(o.source),
				model: str(o.model),
				reason: str(o.reason),
			},
		};
	}
	const agentId = o.agent_id;
	if (event === 'StopFailure' && agentId === undefined) {
		// The main session's own API error: no agent of it failed.
		return skip('StopFailure of the main session: no agent file of its own');
	}
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
			...(event === 'StopFailure' ? {error: str(o.error)} : {}),
			teammateName,
			teamName: str(o.team_name),
		},
	};
}

/**
 * What a permission prompt asks, in a line: `Bash: npm publish` (the command itself, which is what
 * is approved, not its description), `Edit: src/app.ts`, else the tool's usual one-line summary.
 */
export function askText(tool: string, input: unknown, cwd: string | undefined): string {
	const command = isObject(input) ? str(input.command) : undefined;
	const summary = toolSummary(tool, input, cwd);
	const detail =
		tool === 'Bash' && command
			? (command.trim().split('\n', 1)[0] ?? '')
			: summary.startsWith(`${tool} `)
				? summary.slice(tool.length + 1)
				: summary === tool
					? ''
					: summary;
	return detail === '' ? tool : `${tool}: ${detail}`;
}

/**
 * PermissionRequest (a tool waits for the user's yes) and Notification: inside a subagent they
 * carry its `agent_id` (since 2.1.69); without one it is the main session that asks.
 */
function parseAsk(event: 'PermissionRequest' | 'Notification', o: Record<string, unknown>, sessionId: string): Outcome<HookEvent> {
	const agentId = isSafeId(o.agent_id) ? o.agent_id : undefined;
	const cwd = str(o.cwd);
	let waitingFor: string | undefined;
	if (event === 'PermissionRequest') {
		waitingFor = head(askText(str(o.tool_name) ?? 'a tool', o.tool_input, cwd), WAITING_CHARS);
	} else {
		const message = str(o.message);
		waitingFor = message === undefined ? undefined : head(message.split('\n', 1)[0] ?? message, WAITING_CHARS);
	}
	return {
		ok: true,
		value: {
			event,
			sessionId,
			agentId,
			agentType: str(o.agent_type) ?? '',
			cwd,
			transcriptPath: str(o.transcript_path),
			waitingFor,
			notificationType: str(o.notification_type),
			message: str(o.message),
		},
	};
}

/** PostToolUse: only a call of the Agent/Task tool that names the agent it launched is recorded. */
function parseAgentCall(o: Record<string, unknown>, sessionId: string): Outcome<HookEvent> {
	const tool = str(o.tool_name);
	if (tool === undefined || !AGENT_TOOLS.includes(tool)) {
		return skip(`PostToolUse of ${JSON.stringify(o.tool_name)} is not an Agent call`);
	}
	const agentId = launchedAgentId(o);
	if (!isSafeId(agentId)) {
		return skip(`PostToolUse: unsafe or missing tool_response.agentId ${JSON.stringify(agentId)}`);
	}
	const call = agentCallOf(o);
	const caller = o.agent_id;
	return {
		ok: true,
		value: {
			event: 'PostToolUse',
			sessionId,
			agentId,
			agentType: call.subagentType ?? '',
			cwd: str(o.cwd),
			transcriptPath: str(o.transcript_path),
			call,
			parentAgentId: isSafeId(caller) && caller !== agentId ? caller : undefined,
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

/** `<dir>/<session>.jsonl` → `<dir>/<session>/subagents/agent-<id>.jsonl` (docs/claude-code-hooks.md#subagent-transcripts). */
export function subagentTranscriptPath(mainTranscript: string | undefined, agentId: string): string | undefined {
	if (!mainTranscript?.endsWith('.jsonl')) {
		return undefined;
	}
	return `${mainTranscript.slice(0, -'.jsonl'.length)}/subagents/agent-${agentId}.jsonl`;
}

/** The agent's own transcript, as far as a Claude Code event names it: a stop's `agent_transcript_path`, else the one derived from the session's. */
export function agentTranscriptOf(event: HookEvent, agentId: string): string | undefined {
	return event.agentTranscriptPath || sessionChildTranscript(event, agentId);
}

/** The agent's own transcript derived from the session's: Qwen Code's layout, else Claude Code's. */
function sessionChildTranscript(event: HookEvent, agentId: string): string | undefined {
	return event.provider === 'qwen'
		? qwenSubagentTranscriptPath(event.transcriptPath, event.sessionId, agentId)
		: subagentTranscriptPath(event.transcriptPath, agentId);
}

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

/** The agent's own transcript on SubagentStart: Claude Code's is derived from the session's; Codex's `transcript_path` is the child's rollout itself. */
function childTranscript(event: HookEvent, agentId: string): string | undefined {
	return event.provider === 'codex' ? event.transcriptPath : sessionChildTranscript(event, agentId);
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
