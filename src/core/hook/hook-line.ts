// The event-log line the hook appends for one hook event (docs/design.md#the-event-log): which facts of the
// payload go into `data`, and the agent's state after the event. Pure; formatEventLine bounds it.
import {EVENT_LINE_VERSION, type EventLine, type EventState, type GitState} from '../record/event-line.js';
import type {Json} from '../record/json.js';
import {isSafeId, isSpawnDepth, type AgentRecord} from '../record/agent-record.js';
import type {HookEvent} from './hook-event.js';

/** The state an agent file says, as a log line says it: a stop that was an interruption is `interrupted`. */
export function lineState(record: AgentRecord): EventState {
	return record.status === 'stopped' && record.interrupted ? 'interrupted' : record.status;
}

function compact(data: Record<string, unknown>): Json | undefined {
	const out: Json = {};
	for (const [key, value] of Object.entries(data)) {
		if (value !== undefined && value !== '') {
			out[key] = value;
		}
	}
	return Object.keys(out).length === 0 ? undefined : out;
}

/** What the agent's `.meta.json` said of its place in the tree, as the hook read it for this event. */
function lineageOf(event: HookEvent): {parentAgentId?: string; spawnDepth?: number} {
	const lineage = event.lineage;
	if (lineage === undefined) {
		return {};
	}
	return {
		...(isSafeId(lineage.parentAgentId) && lineage.parentAgentId !== event.agentId ? {parentAgentId: lineage.parentAgentId} : {}),
		...(isSpawnDepth(lineage.spawnDepth) ? {spawnDepth: lineage.spawnDepth} : {}),
	};
}

function dataOf(event: HookEvent, interrupted: readonly string[], record: AgentRecord | undefined): Json | undefined {
	switch (event.event) {
		case 'SubagentStart': {
			// Where its transcript is, so that the session can be looked at again (replay, --at) before any stop.
			return compact({agentTranscriptPath: record?.transcriptPath, ...lineageOf(event)});
		}
		case 'SubagentStop': {
			return compact({
				lastMessage: event.lastMessage,
				lastMessageCut: event.lastMessageCut ? true : undefined,
				agentTranscriptPath: event.agentTranscriptPath,
				...lineageOf(event),
			});
		}
		case 'StopFailure': {
			return compact({error: event.error, lastMessage: event.lastMessage, agentTranscriptPath: event.agentTranscriptPath, ...lineageOf(event)});
		}
		case 'TeammateIdle': {
			return compact({teammateName: event.teammateName, teamName: event.teamName});
		}
		case 'PostToolUse': {
			// `error`: why Qwen Code's agent call failed (its `terminateReason`).
			return compact({...event.call, parentAgentId: event.parentAgentId, error: event.error});
		}
		case 'SessionStart': {
			return compact({source: event.source, model: event.model});
		}
		case 'SessionEnd': {
			return {...compact({reason: event.reason}), interrupted: [...interrupted]};
		}
		case 'PermissionRequest': {
			return compact({waitingFor: event.waitingFor});
		}
		case 'Notification': {
			return compact({notificationType: event.notificationType, message: event.message, waitingFor: event.waitingFor});
		}
	}
}

export interface HookLineInput {
	readonly event: HookEvent;
	/** When the hook ran (ISO). */
	readonly at: string;
	/** The agent file written for it (absent on session events, and on a request of the main session). */
	readonly record?: AgentRecord;
	/** SessionEnd: the agents it interrupted. */
	readonly interrupted?: readonly string[];
	readonly git?: GitState;
}

/** The log line of one hook event. */
export function hookEventLine(input: HookLineInput): EventLine {
	const {event, record} = input;
	const data = dataOf(event, input.interrupted ?? [], record);
	return {
		v: EVENT_LINE_VERSION,
		at: input.at,
		event: event.event,
		sessionId: event.sessionId,
		...(record ? {agentId: record.agentId, type: record.type, state: lineState(record)} : {}),
		...(data === undefined ? {} : {data}),
		...(event.cwd === undefined ? {} : {cwd: event.cwd}),
		...(input.git === undefined ? {} : {git: input.git}),
		...(event.provider === undefined ? {} : {provider: event.provider}),
	};
}
