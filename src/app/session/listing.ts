// Every session, newest first, with its counts: Claude Code's folders (through the session cache)
// and Codex's sessions beside them. What `agentlog sessions` prints and watch's session picker lists.
import {ruleOptions} from './resolve.js';
import {scanCodex} from './codex-scan.js';
import {opencodeListings} from './opencode-scan.js';
import {prices} from '../../store/cost/prices.js';
import {scanGemini} from './gemini-scan.js';
import {withGeminiSessions} from '../../store/gemini/gemini-sessions.js';
import {readSessionModel, type ReadTranscripts} from './load.js';
import {roundUsd, sumCosts, type AgentCost} from '../../core/cost/cost.js';
import {monitorFigures} from '../../core/monitor/figures.js';
import type {SessionRules} from './resolve.js';
import {env} from '../env.js';
import {readSessionInfos} from '../../store/activity/session-listing.js';
import {withCodexSessions, type ProviderListing} from '../../store/codex/codex-listings.js';

export interface SessionsListed {
	readonly sessions: readonly ProviderListing[];
	/** Codex rollout files (and Gemini session files) that could not be read as one (not a regular file, unreadable, no thread id). */
	readonly skipped: number;
}

export function listSessions(activity: string, options: SessionRules, now: number): SessionsListed {
	const rules = {now, ...ruleOptions(options)};
	// Counts as ls gives them: records through the session cache, transcripts where they can change a count.
	const claude = readSessionInfos(activity, rules, {
		cacheFile: env().sessionCacheFile,
		countCacheFile: env().countFactsCacheFile,
		claudeDir: env().claude,
	});
	const codex = scanCodex(options);
	const gemini = scanGemini(options);
	const sessions = [...withGeminiSessions(withCodexSessions(activity, claude, codex, rules), gemini, rules), ...opencodeListings(rules, prices())].sort(
		(a, b) => b.lastActivity - a.lastActivity,
	);
	return {sessions, skipped: codex.skipped + gemini.skipped};
}

/**
 * What a session's agents cost, summed: the agents and costs `ls --json` gives for it (every agent,
 * no ghosts, transcripts read whole), so the two always agree. Undefined when no agent's cost is known.
 */
export async function sessionCost(
	activity: string,
	sessionId: string,
	options: SessionRules,
	readTranscripts: ReadTranscripts,
): Promise<AgentCost | undefined> {
	const {model} = await readSessionModel(activity, sessionId, {...ruleOptions(options), showGhosts: false, showAll: true}, readTranscripts, options);
	// Each agent's dollars as ls prints them (to the millionth), so a script adding up ls's gets the same sum.
	return sumCosts(
		model.items.map(item => {
			const cost = monitorFigures(item).figures.cost;
			return cost === undefined ? undefined : {...cost, usd: roundUsd(cost.usd)};
		}),
	);
}
