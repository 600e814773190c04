// The hook's side of the user's stop (`agentlog stop`, `x` in watch): asked about a subagent's
// tool call while a stop is pending (the launcher saw the flag), it reads the session's stop file
// (store/stop/stop-files.ts), decides whether a request covers the agent
// (core/stop/stop-decision.ts) and, when one does, answers Claude Code with `continue: false`
// (denying the call on PreToolUse) and records the stop itself: no SubagentStop will come.
//
// It never stops the main session (its events carry no agent id), an agent no request covers,
// or anything when the file is not one only agentlog could have written; what it refuses goes to
// the hook's log. Node built-ins only: the hook bundles this.
import {lstatSync} from 'node:fs';
import {join} from 'node:path';
import {isSafeId, type AgentRecord} from '../../core/record/agent-record.js';
import {isObject, str} from '../../core/record/json.js';
import {formatEventLine} from '../../core/record/event-line.js';
import {AGENT_TOOLS} from '../../core/hook/agent-call.js';
import {stopByUser} from '../../core/hook/apply-event.js';
import {subagentTranscriptPath} from '../../core/hook/agent-transcript-path.js';
import {coveringRequest, requestDoneIn, stopAnswer, userStopLine, type Covered, type KnownAgent, type SessionLookup} from '../../core/stop/stop-decision.js';
import {isLive, type StopFile, type StopRequest} from '../../core/stop/stop-request.js';
import {readLineage} from './agent-meta.js';
import {agentLockFile, listAgentFiles, readAgentFile} from './session.js';
import {acquireLock, releaseLock} from './lock.js';
import {writeAtomic} from '../fs/atomic-write.js';
import {appendEventLine} from './event-append.js';
import {readStopFile, removeStopFile} from '../stop/stop-files.js';

/** How long to wait for another hook updating the same agent. */
const AGENT_LOCK_WAIT_MS = 1000;

/** The facts of a tool-call payload the stop needs. */
interface ToolCallPayload {
	readonly hookEvent: 'PreToolUse' | 'PostToolUse';
	readonly sessionId: string;
	readonly agentId: string;
	readonly tool: string | undefined;
	readonly toolUseId: string | undefined;
	readonly transcriptPath: string | undefined;
	readonly cwd: string | undefined;
	readonly agentType: string;
}

/** A PreToolUse, or a PostToolUse of an Agent call, made inside a subagent; undefined for anything else. */
function toolCallOf(payload: unknown): ToolCallPayload | undefined {
	if (!isObject(payload)) {
		return undefined;
	}
	const hookEvent = payload.hook_event_name;
	if (hookEvent !== 'PreToolUse' && hookEvent !== 'PostToolUse') {
		return undefined;
	}
	const tool = str(payload.tool_name);
	if (hookEvent === 'PostToolUse' && (tool === undefined || !AGENT_TOOLS.includes(tool))) {
		// After any other call the agent makes a next one, and PreToolUse stops it there.
		return undefined;
	}
	const {session_id: sessionId, agent_id: agentId} = payload;
	if (!isSafeId(sessionId) || !isSafeId(agentId)) {
		// No agent id: the main session, which this never stops.
		return undefined;
	}
	return {
		hookEvent,
		sessionId,
		agentId,
		tool,
		toolUseId: str(payload.tool_use_id),
		transcriptPath: str(payload.transcript_path),
		cwd: str(payload.cwd),
		agentType: str(payload.agent_type) ?? '',
	};
}

/** `<…>/<session>.jsonl` → `<…>/<session>`: the folder of the session's subagents and workflows. */
function sessionFolderOf(mainTranscript: string | undefined): string | undefined {
	return mainTranscript?.endsWith('.jsonl') ? mainTranscript.slice(0, -'.jsonl'.length) : undefined;
}

function exists(path: string, kind: 'file' | 'dir'): boolean {
	try {
		const st = lstatSync(path, {throwIfNoEntry: false});
		return st !== undefined && (kind === 'file' ? st.isFile() : st.isDirectory());
	} catch {
		return false;
	}
}

/** The session's agents as the decision sees them: records read once each, lineage from `.meta.json` when a record has none, only when asked. */
class SessionAgents {
	private readonly cache = new Map<string, AgentRecord | undefined>();
	private readonly known = new Map<string, KnownAgent | undefined>();
	private listed: string[] | undefined;

	constructor(
		private readonly sessionDir: string,
		private readonly mainTranscript: string | undefined,
	) {}

	record(agentId: string): AgentRecord | undefined {
		if (!this.cache.has(agentId)) {
			this.cache.set(agentId, isSafeId(agentId) ? readAgentFile(join(this.sessionDir, `${agentId}.json`)).record : undefined);
		}
		return this.cache.get(agentId);
	}

	/** The agent's record as this hook just left it; undefined: read its file again at the next look. */
	wrote(agentId: string, record: AgentRecord | undefined): void {
		this.known.delete(agentId);
		if (record === undefined) {
			this.cache.delete(agentId);
		} else {
			this.cache.set(agentId, record);
		}
	}

	facts(agentId: string): KnownAgent | undefined {
		if (!this.known.has(agentId)) {
			this.known.set(agentId, this.readFacts(agentId));
		}
		return this.known.get(agentId);
	}

	private readFacts(agentId: string): KnownAgent | undefined {
		const record = this.record(agentId);
		const parent = record?.parentAgentId ?? readLineage(subagentTranscriptPath(this.mainTranscript, agentId))?.parentAgentId;
		if (record === undefined && parent === undefined) {
			return undefined;
		}
		return {
			agentId,
			status: record?.status ?? 'active',
			...(parent === undefined || parent === agentId ? {} : {parentAgentId: parent}),
			...(record?.resumedAt === undefined ? {} : {resumedAt: record.resumedAt}),
		};
	}

	/** The ids of the session's agent files, listed once. */
	ids(): string[] {
		if (this.listed === undefined) {
			try {
				this.listed = listAgentFiles(this.sessionDir).map(name => name.slice(0, -'.json'.length));
			} catch {
				this.listed = [];
			}
		}
		return this.listed;
	}

	lookup(runOf: (agentId: string) => string | undefined): SessionLookup {
		return {ids: this.ids(), stopped: id => this.record(id)?.status === 'stopped', agentOf: id => this.facts(id), runOf};
	}
}

/** Why a request names something that is not there (an agent file, a run's folder): it is not one agentlog made. */
function unknownTarget(request: StopRequest, sessionDir: string, runsDir: string | undefined): string | undefined {
	const agent = request.agents.find(id => !exists(join(sessionDir, `${id}.json`), 'file'));
	if (agent !== undefined) {
		return `agent ${agent} has no agent file in the session`;
	}
	const run = request.runs.find(id => runsDir === undefined || !exists(join(runsDir, id), 'dir'));
	return run === undefined ? undefined : `workflow run ${run} has no folder in the session`;
}

export interface StopOutcome {
	/** The line to print for Claude Code; undefined: nothing to say. */
	readonly answer: string | undefined;
}

/**
 * The user's stop for this tool call, if any: the answer for Claude Code, after the stop is
 * recorded (agent file and event log, once). `now` is the event's time (ISO).
 */
export function carryOutStop(activity: string, payload: unknown, now: string, log: (message: string) => void): StopOutcome {
	const call = toolCallOf(payload);
	if (call === undefined) {
		return {answer: undefined};
	}
	const read = readStopFile(activity, call.sessionId);
	if (read.kind === 'none') {
		return {answer: undefined};
	}
	if (read.kind === 'refused') {
		log(`stop request ignored: ${read.problem}`);
		return {answer: undefined};
	}
	const nowMs = Date.parse(now);
	const sessionDir = join(activity, call.sessionId);
	const sessionFolder = sessionFolderOf(call.transcriptPath);
	const runsDir = sessionFolder === undefined ? undefined : join(sessionFolder, 'subagents', 'workflows');
	const live: StopRequest[] = [];
	for (const request of read.file.requests) {
		if (!isLive(request, nowMs)) {
			continue;
		}
		const unknown = unknownTarget(request, sessionDir, runsDir);
		if (unknown !== undefined) {
			log(`stop request ${request.id} ignored: ${unknown}`);
			continue;
		}
		live.push(request);
	}
	const agents = new SessionAgents(sessionDir, call.transcriptPath);
	const runs = new Set(live.flatMap(r => r.runs));
	const runOf = (agentId: string): string | undefined =>
		runsDir === undefined ? undefined : [...runs].find(run => exists(join(runsDir, run, `agent-${agentId}.jsonl`), 'file'));
	const covered = coveringRequest(live, {agentId: call.agentId, agentOf: id => agents.facts(id), runId: runOf(call.agentId), nowMs});
	if (covered === undefined) {
		tidy(activity, read.file, live, agents, runOf, sessionFolder, nowMs);
		return {answer: undefined};
	}
	agents.wrote(call.agentId, recordStop(sessionDir, call, covered, now, log));
	tidy(activity, read.file, live, agents, runOf, sessionFolder, nowMs);
	return {answer: stopAnswer(call.hookEvent)};
}

/**
 * The stop in the agent file and the event log, once: parallel calls of the agent each ask, the
 * first records it. Returns the agent's record as it is now (read under its lock, or written);
 * undefined when it has no file.
 */
function recordStop(sessionDir: string, call: ToolCallPayload, covered: Covered, now: string, log: (message: string) => void): AgentRecord | undefined {
	const file = join(sessionDir, `${call.agentId}.json`);
	const lock = acquireLock(agentLockFile(sessionDir, call.agentId), AGENT_LOCK_WAIT_MS);
	try {
		const existing = readAgentFile(file).record;
		if (existing === undefined) {
			log(`${call.agentId}: stopped for the user, but it has no agent file to record it in`);
			return undefined;
		}
		const next = stopByUser(existing, now);
		if (next === undefined) {
			// Recorded already (another call of the same batch), or it had ended.
			return existing;
		}
		writeAtomic(file, `${JSON.stringify(next, null, 2)}\n`);
		const line = userStopLine({
			at: now,
			sessionId: call.sessionId,
			agentId: call.agentId,
			type: next.type,
			hookEvent: call.hookEvent,
			tool: call.tool,
			toolUseId: call.toolUseId,
			requestId: covered.request.id,
			via: covered.via,
			cwd: call.cwd,
		});
		// The log line says what was done (request, via, tool); the hook's own log is for problems
		// (doctor shows its lines as such), so a stop carried out adds nothing there.
		const problem = appendEventLine(sessionDir, formatEventLine(line));
		if (problem) {
			log(problem);
		}
		return next;
	} finally {
		if (lock) {
			releaseLock(lock);
		}
	}
}

/** Removes the session's stop file once every request in it is carried out or expired (and the flag with the last one). */
function tidy(
	activity: string,
	file: StopFile,
	live: readonly StopRequest[],
	agents: SessionAgents,
	runOf: (agentId: string) => string | undefined,
	sessionFolder: string | undefined,
	nowMs: number,
): void {
	const pending = file.requests.filter(r => isLive(r, nowMs));
	if (pending.length > live.length) {
		// A request this hook refused: agentlog's next write tells the user; leave it.
		return;
	}
	const runEnded = (run: string) => sessionFolder !== undefined && exists(join(sessionFolder, 'workflows', `${run}.json`), 'file');
	if (live.every(r => requestDoneIn(r, agents.lookup(runOf), runEnded))) {
		removeStopFile(activity, file.sessionId);
	}
}
