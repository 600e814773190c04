// Whose event a hook event is when the payload does not say: an ask without `agent_id` (the
// subagent whose request stands, else the main session), a TeammateIdle (the teammate's agent).
import {isSafeId, type AgentRecord} from '../record/agent-record.js';
import {fail} from '../result.js';
import type {HookEvent, Outcome} from './hook-event.js';

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
	return isSafeId(id) ? {ok: true, value: id} : fail(`TeammateIdle: unsafe teammate id ${JSON.stringify(id)}`);
}
