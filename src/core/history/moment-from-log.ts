// A session as it was at a moment (replay, `watch --at`, `ls --at`), rebuilt from its
// event log alone: the lines up to that moment folded (foldEvents), each agent turned back into
// the record the hook would have written then, so the monitor model shows it with the rules it
// shows the live files with. Pure: the moment is a parameter.
import type {AgentLifecycle, SessionLifecycle} from '../record/lifecycle.js';
import {isObject, str} from '../record/json.js';
import {isSpawnDepth, type AgentRecord} from '../record/agent-record.js';
import type {EventLine} from '../record/event-line.js';
import {foldEvents, hasEnded, type AgentHistory} from './fold.js';
import {WAITING_NOTIFICATIONS} from '../hook/event-owner.js';

/** The lines at or before `at` (ms), in their order; a line whose time does not parse is left out. */
export function linesUpTo(lines: readonly EventLine[], at: number): EventLine[] {
	return lines.filter(line => {
		const ms = Date.parse(line.at);
		return !Number.isNaN(ms) && ms <= at;
	});
}

/** The newest line of an agent that carries `key` in its data (its current run's stop message, its transcript). */
function latestData(history: AgentHistory, key: string, since?: string): unknown {
	for (let i = history.events.length - 1; i >= 0; i--) {
		const line = history.events[i]!;
		if (since !== undefined && Date.parse(line.at) < Date.parse(since)) {
			break;
		}
		const data = line.data;
		if (isObject(data) && data[key] !== undefined) {
			return data[key];
		}
	}
	return undefined;
}

/** The status of the latest Agent call result that named it (the hook keeps it as `resultStatus`). */
function latestResultStatus(history: AgentHistory): string | undefined {
	for (let i = history.events.length - 1; i >= 0; i--) {
		const line = history.events[i]!;
		const status = line.event === 'PostToolUse' && isObject(line.data) ? str(line.data.status) : undefined;
		if (status) {
			return status;
		}
	}
	return undefined;
}

function latestCwd(history: AgentHistory): string | undefined {
	for (let i = history.events.length - 1; i >= 0; i--) {
		const cwd = history.events[i]!.cwd;
		if (cwd !== undefined) {
			return cwd;
		}
	}
	return undefined;
}

/**
 * The agent file the hook would have written by then: status within active/idle/stopped (the
 * monitor applies the stale rule itself), the lifecycle fields, the call's facts, the stop's
 * message (of its last run only), its transcript.
 */
export function recordOf(history: AgentHistory): AgentRecord {
	const stopped = hasEnded(history.status);
	const status = stopped ? 'stopped' : history.status === 'idle' ? 'idle' : 'active';
	// The message of the last stop, not of one before a resume.
	// An imported agent's report is its Imported line's `report`.
	const message = stopped ? (str(latestData(history, 'lastMessage', history.resumedAt)) ?? str(latestData(history, 'report'))) : undefined;
	const cut = stopped && latestData(history, 'lastMessageCut', history.resumedAt) === true;
	const transcriptPath = str(latestData(history, 'agentTranscriptPath')) ?? str(latestData(history, 'transcriptPath'));
	const cwd = latestCwd(history);
	const teammate = history.events.map(line => str(line.data?.teammateName)).find(name => name !== undefined);
	// Its latest line asked the user something (the hook then set waitingFor and waitingSince = its time).
	const last = history.events.at(-1);
	const asked = !stopped && last !== undefined && isAsk(last) ? {waitingFor: str(last.data?.waitingFor) ?? 'input', waitingSince: last.at} : undefined;
	const resultStatus = latestResultStatus(history);
	const spawnDepth = latestData(history, 'spawnDepth');
	return {
		agentId: history.agentId,
		type: history.type,
		status,
		startedAt: history.startedAt,
		// A session's end that interrupted it names it in no line of its own, but the hook wrote its file then.
		updatedAt:
			stopped && history.stoppedAt !== undefined && Date.parse(history.stoppedAt) > Date.parse(history.lastEventAt) ? history.stoppedAt : history.lastEventAt,
		...(stopped && history.stoppedAt !== undefined ? {stoppedAt: history.stoppedAt} : {}),
		...(message === undefined ? {} : {lastMessage: message}),
		sessionId: history.sessionId,
		...(cwd === undefined ? {} : {cwd}),
		...(transcriptPath === undefined ? {} : {transcriptPath}),
		...(teammate === undefined ? {} : {teammateName: teammate}),
		...(history.startUnknown ? {startUnknown: true} : {}),
		...(cut ? {lastMessageCut: true} : {}),
		...(history.status === 'interrupted' ? {interrupted: true} : {}),
		...(stopped && history.stopReason !== undefined ? {stopReason: history.stopReason} : {}),
		...(history.resumedAt === undefined ? {} : {resumedAt: history.resumedAt}),
		...(history.resumeCount > 0 ? {resumeCount: history.resumeCount} : {}),
		...(history.description === undefined ? {} : {description: history.description}),
		...(history.model === undefined ? {} : {model: history.model}),
		...(history.tokens === undefined ? {} : {totalTokens: history.tokens}),
		...(history.toolCalls === undefined ? {} : {totalToolUseCount: history.toolCalls}),
		...(resultStatus === undefined ? {} : {resultStatus}),
		...(history.parentAgentId === undefined ? {} : {parentAgentId: history.parentAgentId}),
		...(isSpawnDepth(spawnDepth) ? {spawnDepth} : {}),
		...(asked ?? {}),
	};
}

/** A line of a PermissionRequest, or of a Notification that asks for input (event-owner.ts asksUser). */
function isAsk(line: EventLine): boolean {
	return line.event === 'PermissionRequest' || (line.event === 'Notification' && WAITING_NOTIFICATIONS.includes(str(line.data?.notificationType) ?? ''));
}

export interface Moment {
	/** The moment (ms). */
	readonly at: number;
	/** The agents as the hook would have recorded them by then, in the order of their first line. */
	readonly records: readonly AgentRecord[];
	/** Each agent's lifecycle steps up to then (for the detail pane). */
	readonly lifecycle: SessionLifecycle;
	/** How many of the session's lines were written by then. */
	readonly linesSeen: number;
}

/** A session at `at` (ms) from its log lines (of that session, any order: folded by time). */
export function momentOf(lines: readonly EventLine[], at: number): Moment {
	const seen = linesUpTo(lines, at);
	// The clock of the fold does not matter here: the statuses kept are the hook's, not stale.
	const histories = foldEvents(seen, {now: at, staleMs: Number.POSITIVE_INFINITY});
	const agents = new Map<string, AgentLifecycle>();
	for (const history of histories) {
		agents.set(history.agentId, {steps: history.lifecycle, dropped: 0});
	}
	return {at, records: histories.map(recordOf), lifecycle: {agents, skipped: 0}, linesSeen: seen.length};
}
