// One session's counts by display status, as `sessions --json` gives them: the agent files read
// once, the transcripts of the agents whose transcripts can change a count read under
// `<claude>/projects/` (only what was appended since the last run: count-facts.ts), and
// summarizeSession's rules; a Codex session counted from its rollouts. What `agentlog status`
// shows, run every few seconds by a status bar: no npm package is reached from here.
import {ruleOptions} from './resolve.js';
import path from 'node:path';
import {summarizeSession} from '../../core/monitor/sessions.js';
import {transcriptCandidates, agentCountFacts} from '../../core/monitor/session-counts.js';
import type {StatusCounts} from '../../core/monitor/view.js';
import type {Provider} from '../../core/record/provider.js';
import {NO_COUNTS} from '../../present/status-line.js';
import {readSessionDir} from '../../store/activity/read-agents.js';
import {readMainWaiting} from '../../store/activity/main-waiting.js';
import {codexSessionCounts} from '../../store/codex/codex-listings.js';
import type {CodexSession} from '../../store/codex/codex-sessions.js';
import {TranscriptRoots} from '../../store/transcripts/transcript-paths.js';
import {readCountFacts} from '../../store/transcripts/count-facts.js';
import {env} from '../env.js';
import {codexSessionOf, scanCodex} from './codex-scan.js';
import {opencodeCounts, opencodeTreeOf} from './opencode-scan.js';
import {geminiSessionFor} from './gemini-scan.js';
import {geminiSessionCounts} from '../../store/gemini/gemini-sessions.js';
import type {SessionRules} from './resolve.js';

/** Whether a session's main session waits for the user, as `sessions --json` says it (mainWaiting). */
export function statusMainWaiting(activity: string, sessionId: string | undefined): boolean {
	return sessionId !== undefined && readMainWaiting(path.join(activity, sessionId), new TranscriptRoots(env().claude)) !== undefined;
}

/** One session's counts by display status, as `sessions --json` gives them, and whose session it is. */
export function statusCounts(
	activity: string,
	sessionId: string | undefined,
	options: SessionRules,
	now: number,
): {readonly counts: StatusCounts; readonly provider: Provider} {
	if (sessionId === undefined) {
		return {counts: NO_COUNTS, provider: 'claude'};
	}
	const folder = readSessionDir(path.join(activity, sessionId));
	// The live window first (cheap, shared with the newest-session rule); a session named that is
	// not in it and is not Claude Code's (no folder, or the hook's Codex records) in the listing's.
	const older = (): CodexSession | undefined =>
		folder.agents.length === 0 || folder.agents.some(a => a.provider === 'codex') ? codexSessionOf(scanCodex(options), sessionId) : undefined;
	const codexSession = codexSessionOf(scanCodex(options, true), sessionId) ?? older();
	if (codexSession !== undefined) {
		// A Codex session: counted as `sessions` counts it.
		return {counts: codexSessionCounts(activity, codexSession, {now, ...ruleOptions(options)}, folder.agents), provider: 'codex'};
	}
	// A Gemini CLI session (no hook writes a folder for it): counted from its files.
	const geminiSession = folder.agents.length === 0 ? geminiSessionFor(options, sessionId) : undefined;
	if (geminiSession !== undefined) {
		return {counts: geminiSessionCounts(geminiSession, {now, ...ruleOptions(options)}), provider: 'gemini'};
	}
	const opencode = folder.agents.length === 0 ? opencodeTreeOf(sessionId) : undefined;
	if (opencode !== undefined) {
		return {counts: opencodeCounts(opencode, {now, ...ruleOptions(options)}), provider: 'opencode'};
	}
	const {agents} = folder;
	const wanted = new Set(transcriptCandidates(agents.map(agentCountFacts), options.dedup));
	const targets = agents.flatMap(agent =>
		wanted.has(agent.agentId) && agent.transcriptPath ? [{agentId: agent.agentId, transcriptPath: agent.transcriptPath, cwd: agent.cwd}] : [],
	);
	// Only what the counts read, and only what was appended since the last run (a status bar runs this every few seconds).
	const transcripts = targets.length === 0 ? undefined : readCountFacts(targets, {claudeDir: env().claude, cacheFile: env().countFactsCacheFile});
	// Whose session it is, as `sessions` says it: the first of its agents that names a tool (Qwen Code's, by the hook), else Claude Code's.
	return {
		counts: summarizeSession(agents, {now, ...ruleOptions(options)}, transcripts),
		provider: agents.find(a => a.provider !== undefined)?.provider ?? 'claude',
	};
}
