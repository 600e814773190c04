// A hook's stdin JSON read into a `HookEvent` (hook-event.ts): Claude Code's payloads, Codex's
// (codex-payload.ts) and Qwen Code's (qwen-payload.ts); anything else is a reason to skip, never
// a throw. Payload facts: docs/claude-code-hooks.md#hook-payloads and
// docs/claude-code-hooks.md#example-payloads.
import {isCodexPayload, rolloutThreadId} from './codex-payload.js';
import {isQwenPayload, qwenAgentCall, QWEN_AGENT_TOOLS} from './qwen-payload.js';
import {isSafeId} from '../record/agent-record.js';
import {fail} from '../result.js';
import {isObject} from '../record/json.js';
import {AGENT_TOOLS, agentCallOf, launchedAgentId} from './agent-call.js';
import {toolSummary} from '../transcript/tool-summary.js';
import {head} from '../text/bounded.js';
import {HOOK_EVENTS, type HookEvent, type HookEventName, type Outcome} from './hook-event.js';

/** How much of a waiting text is kept. */
const WAITING_CHARS = 200;

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
