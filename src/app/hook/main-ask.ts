// A PermissionRequest or Notification without an agent: the main session's, or a subagent's
// prompt whose request stands.
import {existsSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {askingAgentOf, asksUser} from '../../core/hook/event-owner.js';
import type {HookEvent} from '../../core/hook/hook-event.js';
import type {AgentRecord} from '../../core/record/agent-record.js';
import {MAIN_WAITING_NAME} from '../../core/record/file-names.js';
import {listAgentFiles, readAgentFile} from '../../store/hook/session.js';
import {appendLine, gitOf, noteNewest, sessionFolderExists, setMainWaiting} from './session-notes.js';

/**
 * Only for a session that has a folder. A PermissionRequest is the main session's; a dialog's
 * Notification (`permission_prompt`) is the main session's when its PermissionRequest came (its
 * wait keeps the start that gave it), else the prompt of a subagent whose request stands
 * (askingAgentOf: Claude Code sends it with no agent_id; the subagent's wait keeps its start,
 * and the line is logged as that agent's); any other asking Notification is the main session's.
 */
export function recordMainAsk(sessionDir: string, event: HookEvent, now: string, log: (message: string) => void): void {
	if (!sessionFolderExists(sessionDir, log)) {
		return;
	}
	let owner: AgentRecord | undefined;
	if (asksUser(event)) {
		// A dialog's Notification follows its PermissionRequest, which wrote the main session's file when it was the main session's.
		const dialog = event.event === 'Notification' && event.notificationType === 'permission_prompt';
		const mainAsked = dialog && existsSync(join(sessionDir, MAIN_WAITING_NAME));
		owner =
			dialog && !mainAsked
				? askingAgentOf(
						listAgentFiles(sessionDir)
							.map(n => readAgentFile(join(sessionDir, n)).record)
							.filter(a => a !== undefined),
					)
				: undefined;
		if (!mainAsked && owner === undefined) {
			setMainWaiting(sessionDir, {
				since: now,
				waitingFor: event.waitingFor ?? 'input',
				...(event.transcriptPath ? {transcriptPath: event.transcriptPath} : {}),
			});
		}
	} else if (event.notificationType === 'idle_prompt') {
		// The main agent finished its turn: whatever it asked was answered.
		setMainWaiting(sessionDir, undefined);
	}
	appendLine(
		sessionDir,
		{
			event: owner === undefined ? event : {...event, agentId: owner.agentId},
			at: now,
			git: gitOf(event.cwd, log),
			...(owner === undefined ? {} : {record: owner}),
		},
		log,
	);
	noteNewest(dirname(sessionDir), event.sessionId, log);
}
