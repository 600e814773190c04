// Codex sessions beside Claude Code's, for `sessions`, the session argument and the
// newest-session rule: each Codex session with a subagent is listed with the same counts rules as
// a session folder; a Codex session that also has a folder (agentlog's hook on Codex's events
// wrote it) is one session, its agents the hook's records merged with the rollouts'.
import {lstatSync} from 'node:fs';
import path from 'node:path';
import {codexCountFacts, mergeCodexRecords} from '../../core/codex/codex-agent.js';
import {agentCountFacts, countSession} from '../../core/monitor/session-counts.js';
import type {StatusCounts} from '../../core/monitor/view.js';
import type {AgentRecord} from '../../core/record/agent-record.js';
import {readSessionDir, sessionLabel} from '../activity/read-agents.js';
import type {SessionListing} from '../activity/session-listing.js';
import {codexSessionRecords, type CodexScan, type CodexSession} from './codex-sessions.js';
import type {RuleOptions} from '../../core/monitor/session-counts.js';
import type {Provider} from '../../core/record/provider.js';

/** A listing with the tool it belongs to. */
export interface ProviderListing extends SessionListing {
	readonly provider: Provider;
}

/** The session's agents: the hook's records (when it has a folder) merged by id with the rollouts'. */
export function mergedCodexRecords(activity: string, session: CodexSession, hooked?: readonly AgentRecord[]): AgentRecord[] {
	const fromHook = hooked ?? hookRecords(activity, session.sessionId);
	const byId = new Map(fromHook.map(r => [r.agentId, r]));
	const out: AgentRecord[] = fromHook.filter(r => !session.threads.some(t => t.read.thread.meta?.threadId === r.agentId));
	for (const record of codexSessionRecords(session)) {
		const hook = byId.get(record.agentId);
		out.push(hook === undefined ? record : mergeCodexRecords(hook, record));
	}
	return out;
}

/**
 * A Codex session's counts by display status: its agents (the hook's merged with the rollouts')
 * and each child's rollout as its transcript facts (a write is a sign of life, as for a Claude
 * transcript). The one count `sessions`, `status` and the session argument's message give.
 */
export function codexSessionCounts(activity: string, session: CodexSession, options: RuleOptions, hooked?: readonly AgentRecord[]): StatusCounts {
	const facts = new Map(
		session.threads.flatMap(t => (t.read.thread.meta?.isChild ? [[t.read.thread.meta.threadId, codexCountFacts(t.read.thread, t.read.mtimeMs)] as const] : [])),
	);
	return countSession(mergedCodexRecords(activity, session, hooked).map(agentCountFacts), {...options, transcripts: facts});
}

function hookRecords(activity: string, sessionId: string): AgentRecord[] {
	const dir = path.join(activity, sessionId);
	try {
		if (!lstatSync(dir).isDirectory()) {
			return [];
		}
	} catch {
		return [];
	}
	return readSessionDir(dir).agents;
}

/**
 * The Claude sessions (`readSessionInfos`) and the Codex sessions of `scan`, newest first; a
 * session in both is one, counted from the merged agents, its last activity the later of the two.
 */
export function withCodexSessions(activity: string, claude: readonly SessionListing[], scan: CodexScan, options: RuleOptions): ProviderListing[] {
	const codexIds = new Map(scan.sessions.map(s => [s.sessionId, s]));
	const out: ProviderListing[] = [];
	for (const listing of claude) {
		const codex = codexIds.get(listing.id);
		if (codex === undefined) {
			// A folder without Codex rollouts of that id: the tool its records name (kept by the session cache), else Claude Code's.
			out.push({...listing, provider: listing.provider ?? 'claude'});
			continue;
		}
		codexIds.delete(listing.id);
		const counts = codexSessionCounts(activity, codex, options);
		out.push({...listing, provider: 'codex', counts, lastActivity: Math.max(listing.lastActivity, codex.lastActivity)});
	}
	for (const codex of codexIds.values()) {
		const counts = codexSessionCounts(activity, codex, options, []);
		out.push({
			id: codex.sessionId,
			label: sessionLabel(codex.sessionId),
			lastActivity: codex.lastActivity,
			counts,
			warnings: 0,
			mainWaiting: false,
			provider: 'codex',
		});
	}
	return out.sort((a, b) => b.lastActivity - a.lastActivity);
}
