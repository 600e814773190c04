// A session argument → one session id, by one rule for every command (core/monitor/sessions.ts):
// an exact id, a team name, `session-<8>`, or a unique prefix, among Claude Code's session folders
// and Codex's sessions.
import {resolveSession} from '../../core/monitor/sessions.js';
import type {RuleOptions} from '../../core/monitor/view.js';
import {closestWord} from '../../core/text/suggest.js';
import {CliError} from '../../core/user-error.js';
import {readSessionInfos, sessionDirInfos} from '../../store/activity/session-listing.js';
import {readTeams} from '../../store/activity/teams.js';
import {withCodexSessions} from '../../store/codex/codex-listings.js';
import {env, clockNow} from '../env.js';
import {codexSessionInfos, newestAnySession, scanCodex, type CodexOptions} from './codex-scan.js';
import {opencodeListings} from './opencode-scan.js';
import {geminiSessionInfos, listGemini, scanGemini} from './gemini-scan.js';
import {withGeminiSessions} from '../../store/gemini/gemini-sessions.js';
import {statSync} from 'node:fs';
import path from 'node:path';
import {isSessionDirName} from '../../core/record/file-names.js';

/** What a session's counts are read with, when a message lists the sessions. */
export interface SessionRules extends CodexOptions {
	readonly stale: number;
	readonly dedup: boolean;
}

/** The rules as the monitor takes them, from the options as commander names them (`--stale`, `--no-dedup`): the one place they are renamed. */
export function ruleOptions(options: Pick<SessionRules, 'stale' | 'dedup'>): RuleOptions {
	return {staleMs: options.stale, dedup: options.dedup};
}

/**
 * A session argument → a session id: exact id, team name, `session-<8>` or a unique prefix.
 * Ambiguous or unknown: exit 1 with the closest or most recent sessions, and, when the word
 * looks like a mistyped command (`agentlog wach`: watch is the default command, so the word
 * arrives here as a session), the command it was probably meant to be.
 */
export function resolveSessionArg(arg: string, activity: string, options: SessionRules, commands: readonly string[]): string {
	const teams = readTeams(env().claude);
	const folders = sessionDirInfos(activity);
	const ids = new Set(folders.map(s => s.id));
	const scan = scanCodex(options);
	const codex = codexSessionInfos(scan).filter(c => !ids.has(c.id));
	const gemini = geminiSessionInfos(listGemini(options)).filter(g => !ids.has(g.id) && !codex.some(c => c.id === g.id));
	const quick = resolveSession(arg, [...folders, ...codex, ...gemini, ...opencodeListings()], teams);
	if (quick.ok) {
		return quick.sessionId;
	}
	// Read the sessions' files only now, so the message can give their counts: those `sessions` gives
	// (the transcripts that can change a count are read).
	const rules = {now: clockNow(), ...ruleOptions(options)};
	const full = resolveSession(
		arg,
		[
			...withGeminiSessions(withCodexSessions(activity, readSessionInfos(activity, rules, {claudeDir: env().claude}), scan, rules), scanGemini(options), rules),
			...opencodeListings(rules),
		],
		teams,
	);
	if (full.ok) {
		return full.sessionId;
	}
	const command = closestWord(arg, commands);
	const hint = command ? `\nDid you mean the command \`agentlog ${command}\`? (\`agentlog --help\` lists the commands)` : '';
	// A word that is a command's name mistyped is a usage error, like an unknown option.
	throw new CliError(`${full.message}\n(sessions are read from ${activity}; \`agentlog sessions\` lists them)${hint}`, command ? 2 : 1);
}

/** `name` is one of the session folders listSessionDirs gives (a folder name it reads, not a path). */
function isSessionFolder(activity: string, name: string): boolean {
	if (name === '' || !isSessionDirName(name) || name.includes('/') || name.includes(path.sep) || name.includes('\0')) {
		return false;
	}
	try {
		return statSync(path.join(activity, name), {throwIfNoEntry: false})?.isDirectory() === true;
	} catch {
		return false;
	}
}

/**
 * The session a session argument names, found without opening an agent file (exact id, team
 * name, `session-<8>`, a unique prefix: resolveSession's rules); undefined when the argument
 * needs more (ambiguous or unknown: the full resolution, with its message, is the main CLI's).
 * No argument: the newest session (newestSessionId), `{sessionId: undefined}` when there is none.
 */
export function quickResolveSession(arg: string | undefined, activity: string, codex: CodexOptions = {}): {readonly sessionId: string | undefined} | undefined {
	if (arg === undefined) {
		// The newest session of either kind (Claude Code's folders, Codex's rollouts).
		return {sessionId: newestAnySession(activity, codex)};
	}
	if (isSessionFolder(activity, arg.trim())) {
		// resolveSession's first rule (an exact id among the session folders), without listing them all.
		return {sessionId: arg.trim()};
	}
	const folders = sessionDirInfos(activity);
	const ids = new Set(folders.map(f => f.id));
	const codexSessions = codexSessionInfos(scanCodex(codex)).filter(c => !ids.has(c.id));
	const geminiSessions = geminiSessionInfos(listGemini(codex)).filter(g => !ids.has(g.id) && !codexSessions.some(c => c.id === g.id));
	const resolved = resolveSession(arg, [...folders, ...codexSessions, ...geminiSessions, ...opencodeListings()], readTeams(env().claude));
	return resolved.ok ? {sessionId: resolved.sessionId} : undefined;
}
