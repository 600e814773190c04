// Sessions under the activity folder, for `sessions`, `ls` and resolving a session argument.
// A session's last activity is its folder's mtime (the one rule: core/monitor/sessions.ts).
//
// The counts are those `ls` and `watch` give (the one monitor model's rules): agent files are
// read through the session cache (only what changed since the last run; a session whose folder
// did not change is counted from its cached summary), and transcripts only for the agents whose
// transcripts can change a count (core/monitor/session-counts.ts: active records, and ghosts
// without work), with one scan of the session's parent transcript.
import {lstatSync, statSync} from 'node:fs';
import path from 'node:path';
import {isSafeId} from '../../core/record/agent-record.js';
import {isSessionDirName, NEWEST_SESSION_NAME} from '../../core/record/file-names.js';
import {readRegularText} from '../fs/safe-file.js';
import {TranscriptRoots} from '../transcripts/transcript-paths.js';
import {readMainWaiting} from './main-waiting.js';
import type {TranscriptFacts} from '../../core/monitor/inferred-stop.js';
import {countSession, countSummary, summaryCandidates, transcriptCandidates} from '../../core/monitor/session-counts.js';
import type {SessionInfo} from '../../core/monitor/sessions.js';
import {readCountFacts} from '../transcripts/count-facts.js';
import type {FollowTarget} from '../transcripts/reader.js';
import {listAgentFiles, listSessionDirs, readAgentFile, type SessionDirInfo} from './read-agents.js';
import {readSessionFacts, type SessionAgent, type SessionFacts} from './session-cache.js';
import type {RuleOptions} from '../../core/monitor/session-counts.js';

/** A session with its folder's name made safe to show (`label`; `id` is the name as it is). */
export interface SessionListing extends SessionInfo {
	readonly label: string;
	/** The main session waits for the user (`.main-waiting.json` and the waiting rule); false when not read. */
	readonly mainWaiting?: boolean;
	/** Agent files that could not be read (invalid, not regular files, too large). */
	readonly warnings: number;
}

export interface SessionReadOptions {
	/** The session cache (`sessionCacheFile`); without it every agent file is read. */
	readonly cacheFile?: string;
	/** The transcripts' count facts cache (core/paths.ts countFactsCacheFile); without it candidate transcripts are read whole. */
	readonly countCacheFile?: string;
	/**
	 * `<claude>`: when given, the transcripts that can change a count are read (only under
	 * `<claude>/projects/`), so the counts are what `ls` shows; without it, records alone.
	 */
	readonly claudeDir?: string;
}

/** The agents whose transcripts can change the counts and whose records name one: file and agentId. */
function candidatesOf(facts: SessionFacts, dedup: boolean): ReadonlyArray<{readonly file: string; readonly agentId: string}> {
	if (facts.summary !== undefined) {
		return summaryCandidates(facts.summary, dedup);
	}
	const agents: readonly SessionAgent[] = facts.agents ?? [];
	const wanted = new Set(transcriptCandidates(agents, dedup));
	return agents.filter(agent => agent.hasTranscript && wanted.has(agent.agentId));
}

/** The transcripts of a session's candidates (see session-counts.ts), read once; their record files are read again for the paths. */
function candidateTranscripts(
	sessionDir: string,
	facts: SessionFacts,
	dedup: boolean,
	claudeDir: string,
	countCache: string | undefined,
): ReadonlyMap<string, TranscriptFacts> | undefined {
	const targets: FollowTarget[] = [];
	for (const agent of candidatesOf(facts, dedup)) {
		const read = readAgentFile(path.join(sessionDir, agent.file));
		// The same fields readSessionModel follows (ls): the display record's path and cwd.
		if (read.ok && read.record.agentId === agent.agentId && read.record.transcriptPath) {
			targets.push({agentId: agent.agentId, transcriptPath: read.record.transcriptPath, cwd: read.record.cwd});
		}
	}
	// Only what the counts read, and only what was appended since the last run (count-facts.ts).
	return targets.length === 0 ? undefined : readCountFacts(targets, {claudeDir, ...(countCache === undefined ? {} : {cacheFile: countCache})});
}

/**
 * A session folder without any agent file (only the event log `agentlog import` wrote, say) is
 * no session to show or follow: it is history only (`history` reads it).
 */
function hasAgentFiles(activity: string, dir: SessionDirInfo): boolean {
	return listAgentFiles(path.join(activity, dir.id)).length > 0;
}

/** Every session with its counts, newest first (see the file's head for what is read); folders without agent files are left out. */
export function readSessionInfos(activity: string, rules: RuleOptions, options: SessionReadOptions = {}): SessionListing[] {
	const {dedup} = rules;
	const dirs = listSessionDirs(activity);
	const facts = readSessionFacts(activity, dirs, options.cacheFile);
	const roots = new TranscriptRoots(options.claudeDir);
	const out: SessionListing[] = [];
	for (const dir of dirs) {
		const session = facts.get(dir.id) ?? {agents: [], invalid: 0};
		const transcripts =
			options.claudeDir === undefined
				? undefined
				: candidateTranscripts(path.join(activity, dir.id), session, dedup, options.claudeDir, options.countCacheFile);
		const countOptions = {...rules, ...(transcripts === undefined ? {} : {transcripts})};
		const counts = session.summary === undefined ? countSession(session.agents ?? [], countOptions) : countSummary(session.summary, countOptions);
		if (counts.waiting + counts.active + counts.idle + counts.stopped === 0 && session.invalid === 0 && !hasAgentFiles(activity, dir)) {
			continue;
		}
		const mainWaiting = readMainWaiting(path.join(activity, dir.id), roots) !== undefined;
		out.push({
			id: dir.id,
			label: dir.label,
			lastActivity: dir.mtimeMs,
			counts,
			warnings: session.invalid,
			mainWaiting,
			...(session.provider === undefined ? {} : {provider: session.provider}),
		});
	}
	return out;
}

/** Sessions from folder names and mtimes only, without opening an agent file (fast), newest first. */
export function sessionDirInfos(activity: string): SessionListing[] {
	return listSessionDirs(activity).map(dir => ({
		id: dir.id,
		label: dir.label,
		lastActivity: dir.mtimeMs,
		counts: {waiting: 0, active: 0, idle: 0, stopped: 0, stale: 0},
		warnings: 0,
	}));
}

/**
 * The session `.newest-session` names (the session of the hook's last recorded event), while it is usable: a
 * safe id, a real folder with agent files, and no session folder came or went since it was
 * written (the activity folder is not newer). Undefined otherwise.
 */
function hintedSession(activity: string): string | undefined {
	const read = readRegularText(path.join(activity, NEWEST_SESSION_NAME), {maxBytes: 256});
	if (!read.ok) {
		return undefined;
	}
	const id = read.text.split('\n', 1)[0]?.trim() ?? '';
	if (!isSafeId(id) || !isSessionDirName(id)) {
		return undefined;
	}
	try {
		if (read.mtimeMs < statSync(activity).mtimeMs || lstatSync(path.join(activity, id), {throwIfNoEntry: false})?.isDirectory() !== true) {
			return undefined;
		}
	} catch {
		return undefined;
	}
	return hasAgentFiles(activity, {id, label: id, mtimeMs: read.mtimeMs}) ? id : undefined;
}

/**
 * The newest session's id, or undefined when there is none; opens no agent file. The one rule:
 * the session folder with the newest time (the hook sets it at every event it records), skipping
 * folders without agent files. `.newest-session`, which the hook writes just after, names it
 * while no session folder came or went since; else every folder is looked at. watch, ls, replay and status
 * all ask here. (The hint saves a stat of every folder, which with 1,000 sessions cost `status`
 * ~6 ms, a third of `node -e 0`.)
 */
export function newestSessionId(activity: string): string | undefined {
	const hinted = hintedSession(activity);
	if (hinted !== undefined) {
		return hinted;
	}
	// sessionDirInfos is newest first by folder time (latestSession's); a folder without agent
	// files is skipped (usually one readdir: the newest has some).
	for (const session of sessionDirInfos(activity)) {
		if (hasAgentFiles(activity, {id: session.id, label: session.label, mtimeMs: session.lastActivity})) {
			return session.id;
		}
	}
	return undefined;
}
