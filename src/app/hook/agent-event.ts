// An event of one agent (SubagentStart, SubagentStop, StopFailure, TeammateIdle, an Agent call's
// PostToolUse, a subagent's ask): its agent file upserted under the agent's lock (temp file +
// rename; the record merge is order-independent, apply-event.ts) and its line appended to the
// session's event log. The session folder is made by the first event that writes a file.
import {join} from 'node:path';
import {applyHookEvent} from '../../core/hook/apply-event.js';
import {agentTranscriptOf} from '../../core/hook/agent-transcript-path.js';
import {teammateAgentId} from '../../core/hook/event-owner.js';
import {LINEAGE_EVENTS, type HookEvent} from '../../core/hook/hook-event.js';
import type {AgentRecord} from '../../core/record/agent-record.js';
import {writeAtomic} from '../../store/fs/atomic-write.js';
import {readLineage} from '../../store/hook/agent-meta.js';
import {acquireLock, releaseLock} from '../../store/hook/lock.js';
import {agentLockFile, checkSessionFolder, listAgentFiles, readAgentFile} from '../../store/hook/session.js';
import {pendingStarts} from '../../store/hook/session-starts.js';
import {AGENT_LOCK_WAIT_MS, type HookRun} from './hook-context.js';
import {noteForNotify} from './notify-step.js';
import {appendLine, appendRaw, gitOf, noteNewest, noteProcess, sessionStartOf, setMainWaiting} from './session-notes.js';

export function recordAgentEvent(run: HookRun, given: HookEvent, now: string): void {
	const {dir, log, ppid} = run.input;
	let event = given;
	const sessionDir = join(dir, event.sessionId);
	const folder = checkSessionFolder(sessionDir, false);
	if (!folder.ok) {
		log(`skipped: ${folder.problem}`);
		return;
	}
	let agentId = event.agentId;
	if (agentId === undefined) {
		const names = folder.exists ? listAgentFiles(sessionDir) : [];
		const agents = names.map(n => readAgentFile(join(sessionDir, n)).record).filter(a => a !== undefined);
		const target = teammateAgentId(event, agents);
		if (!target.ok) {
			log(`skipped: ${target.error}`);
			return;
		}
		agentId = target.value;
	}
	if (!folder.exists) {
		// Nothing is on disk yet: an event that would be skipped anyway creates no folder.
		const first = applyHookEvent(event, agentId, undefined, now);
		if (!first.ok) {
			log(`skipped: ${first.error}`);
			return;
		}
		const created = checkSessionFolder(sessionDir, true);
		if (!created.ok) {
			log(`skipped: ${created.problem}`);
			return;
		}
		if (created.created) {
			// The session's own start goes first in its log (the folder was not there for it).
			const starts = pendingStarts(dir, event.sessionId);
			if (starts.length > 0) {
				appendRaw(sessionDir, starts.join(''), log);
			}
		}
	}
	noteProcess(sessionDir, ppid, false, log);
	const git = gitOf(event.cwd, log);
	// Its place in the tree, from its `.meta.json` (Claude Code's and Qwen Code's): known from its start, and kept if it is cut off.
	const lineage =
		(event.provider === undefined || event.provider === 'qwen') && LINEAGE_EVENTS.includes(event.event)
			? readLineage(agentTranscriptOf(event, agentId))
			: undefined;
	if (lineage !== undefined) {
		event = {...event, lineage};
	}
	const file = join(sessionDir, `${agentId}.json`);
	const lock = acquireLock(agentLockFile(sessionDir, agentId), AGENT_LOCK_WAIT_MS);
	if (!lock) {
		log(`${agentId}: its lock stayed taken for ${AGENT_LOCK_WAIT_MS} ms; writing without it`);
	}
	let written: AgentRecord | undefined;
	try {
		const existing = readAgentFile(file);
		if (existing.problem) {
			log(`${existing.problem}; replacing it`);
		}
		if (existing.record?.status === 'stopped' && (event.event === 'SubagentStart' || event.event === 'TeammateIdle')) {
			// A start of a stopped agent (rare: a resume): whether the session came back since its stop.
			const startAt = sessionStartOf(sessionDir, log);
			if (startAt !== undefined) {
				event = {...event, sessionStartAt: startAt};
			}
		}
		const next = applyHookEvent(event, agentId, existing.record, now);
		if (!next.ok) {
			log(`skipped: ${next.error}`);
			return;
		}
		writeAtomic(file, `${JSON.stringify(next.value, null, 2)}\n`);
		written = next.value;
		// Under the agent's lock: one agent's lines are in the order its file was written.
		appendLine(sessionDir, {event, at: now, record: next.value, git}, log);
		noteNewest(dir, event.sessionId, log, true);
		if (event.event === 'PostToolUse' && event.parentAgentId === undefined) {
			// The main session's Agent call came back (or launched): it is working, not waiting.
			setMainWaiting(sessionDir, undefined);
		}
	} finally {
		if (lock) {
			releaseLock(lock);
		}
	}
	if (written !== undefined) {
		noteForNotify(run, sessionDir, event, written);
	}
}
