// `agentlog import`: the subagent transcripts Claude Code keeps under
// `<claude>/projects/<project>/<sessionId>/subagents/agent-<id>.jsonl` (and
// `subagents/workflows/<run>/agent-<id>.jsonl`) added to the history as `Imported` lines
// (core/history/imported.ts) appended to `<activity>/<sessionId>/events.jsonl`.
//
// - Finding the transcripts: import-scan.ts; reading one, its meta file and its parents:
//   import-read.ts. This file turns what was read into lines and writes them, a session at a
//   time: a nested agent's parent may be named only in its parent's own transcript, read later.
// - Idempotent and incremental from the session's own log (readImportState, line by line): an agent the hook
//   recorded gets nothing; a transcript already imported at the same size and mtime gets nothing;
//   a new or grown one gets one line. The log is already read by every history command, so this
//   costs no state file of its own.
// - The session folder's mtime is the "newest session" rule of watch, ls and sessions: after
//   writing, it is put back (a folder the import made gets the time of its last imported line).
import {hookStopReason} from '../../core/transcript/hook-stop.js';
import {mkdirSync, statSync, utimesSync} from 'node:fs';
import path from 'node:path';
import {formatEventLine} from '../../core/record/event-line.js';
import {importDecision, importedLine, type TranscriptImport} from '../../core/history/imported.js';
import {isSafeId} from '../../core/record/agent-record.js';
import {promptFirstLine} from '../../core/transcript/activity.js';
import {tokenTotals, turnOutcome} from '../../core/transcript/summary.js';
import {appendEventLine} from '../hook/event-append.js';
import {readImportState} from './event-log.js';
import {IMPORT_CHUNK_BYTES, Parents, readMeta, readTranscript, SessionLaunches, type TranscriptRead} from './import-read.js';
import {findTranscripts, isRealDir, type Candidate} from './import-scan.js';
import {codexImportLines} from './import-codex.js';
import {qwenImportLines} from './import-qwen.js';
import {geminiImportLines} from './import-gemini.js';
import {opencodeImportLines} from './import-opencode.js';

export {IMPORT_CHUNK_BYTES, MAX_TRANSCRIPT_LINE} from './import-read.js';

export interface ImportOptions {
	/** `<claude>`: transcripts are looked for under `<claude>/projects`. */
	readonly claudeDir: string;
	/** The activity folder the logs are in. */
	readonly activity: string;
	/** Only transcripts written since then (mtime, ms). */
	readonly sinceMs?: number;
	/** Only project folders whose name holds this (or this path with its non-alphanumerics made `-`, as Claude Code names them). */
	readonly project?: string;
	/** Read and count, write nothing. */
	readonly dryRun?: boolean;
	/** `$CODEX_HOME`: its subagents' rollouts are imported too; absent: Claude Code's only. */
	readonly codexHome?: string;
	/** Qwen Code's `<qwen>/projects`: its subagents' transcripts are imported too. */
	readonly qwenProjects?: string;
	/** Gemini CLI's folder (core/paths.ts geminiHomeDir): its subagents' files are imported too. */
	readonly geminiHome?: string;
	/** opencode's data folder (store/opencode opencodeDataDir): the subagents in its databases are imported too. */
	readonly opencodeDataDir?: string;
	readonly chunkBytes?: number;
	/** Told after each chunk and each file. */
	readonly onProgress?: (progress: ImportProgress) => void;
}

export interface ImportProgress {
	readonly filesDone: number;
	readonly filesTotal: number;
	readonly bytesDone: number;
	readonly bytesTotal: number;
	readonly agentsFound: number;
}

export interface ImportSummary {
	readonly dryRun: boolean;
	/** Agents given a new Imported line (or that would be, in a dry run). */
	readonly imported: number;
	/** Transcripts read. */
	readonly transcripts: number;
	/** Bytes of the transcripts read. */
	readonly bytes: number;
	/** Sessions whose log was written to (or would be). */
	readonly sessions: number;
	/** Already imported at the same size and mtime. */
	readonly upToDate: number;
	/** Recorded by the hook: never imported over. */
	readonly hooked: number;
	readonly skipped: {
		/** Compaction agents (`acompact-…`). */
		readonly internal: number;
		/** Not a regular file, a symlink, unreadable. */
		readonly unreadable: number;
		/** No line with a timestamp. */
		readonly empty: number;
		/** A session or agent id that is not a safe id. */
		readonly badName: number;
	};
	/** Problems writing a log (one per session), safe to print after safeLine. */
	readonly errors: string[];
	readonly durationMs: number;
}

function sum(counts: Readonly<Record<string, number>>): number {
	let n = 0;
	for (const v of Object.values(counts)) {
		n += v;
	}
	return n;
}

/** The facts of one transcript, read; undefined when it has no timestamped line or cannot be read. */
/** What is left to find of an agent once its transcript is read: who launched it, from its siblings' transcripts. */
interface Unresolved {
	readonly toolUseId: string | undefined;
	/** The description is only the prompt's first line (or none): the call's is better. */
	readonly describedByPrompt: boolean;
}

interface Read {
	readonly facts: TranscriptImport;
	/** Set when no parent is named and the main session did not launch it. */
	readonly unresolved?: Unresolved;
}

/**
 * The facts of one transcript, read; undefined when it has no timestamped line. The parent is
 * what `.meta.json` or the transcript names; with none named, the main transcript is asked
 * whether it launched the agent (unless `.meta.json` says depth 1 already), and an agent it did
 * not launch is left `unresolved`: its parent is looked for in the session's subagent transcripts
 * once all of them are read.
 */
function importOf(c: Candidate, read: TranscriptRead, parents: Parents): Read | undefined {
	const {summary} = read;
	if (summary.lastAt === undefined) {
		return undefined;
	}
	const meta = readMeta(c.file);
	const named = meta?.parentAgentId ?? summary.parentAgentId;
	const parentAgentId = named !== undefined && isSafeId(named) && named !== c.agentId ? named : undefined;
	const needCall = !meta?.agentType || !meta.description;
	const topLevel = parentAgentId === undefined && meta?.spawnDepth === 1;
	const parentFile = parentAgentId === undefined ? c.main : path.join(c.subagents, `agent-${parentAgentId}.jsonl`);
	// With no parent named (and none said to be the session), the main transcript is asked whether it launched it.
	const parent = needCall || (parentAgentId === undefined && !topLevel) ? parents.lookup(parentFile, c.agentId, meta?.toolUseId) : undefined;
	const launchedByMain = parent !== undefined && (parent.taskResult !== undefined || parent.description !== undefined);
	const {endedTurn, finalReport} = turnOutcome(summary.turn);
	const t = tokenTotals(summary);
	const tokens = t.input + t.output + t.cacheWrite + t.cacheRead;
	const given = meta?.description || parent?.description;
	const description = given || promptFirstLine(summary.prompt);
	const facts: TranscriptImport = {
		sessionId: c.sessionId,
		agentId: c.agentId,
		type: meta?.agentType || parent?.subagentType || '',
		finished: endedTurn,
		...(read.firstAt === undefined ? {} : {startedAt: read.firstAt}),
		lastAt: new Date(summary.lastAt).toISOString(),
		...(description ? {description} : {}),
		...(summary.model === undefined ? {} : {model: summary.model}),
		...(summary.usage.size > 0 || tokens > 0 ? {tokens} : {}),
		toolCalls: sum(summary.toolCounts),
		files: summary.files.slice(0, 50),
		...(finalReport === undefined ? {} : {report: finalReport}),
		transcriptPath: c.file,
		transcriptBytes: c.size,
		transcriptMtimeMs: c.mtimeMs,
		...(parentAgentId === undefined ? {} : {parentAgentId}),
		...(read.cwd === undefined ? {} : {cwd: read.cwd}),
		...(summary.hookStop === undefined
			? {}
			: {
					hookStop: {
						reason: hookStopReason(summary.hookStop),
						...(summary.hookStop.at === undefined ? {} : {at: new Date(summary.hookStop.at).toISOString()}),
					},
				}),
	};
	const unresolved = (parentAgentId === undefined && !topLevel && !launchedByMain) || (parentAgentId !== undefined && needCall && !given);
	return unresolved ? {facts, unresolved: {toolUseId: meta?.toolUseId, describedByPrompt: !given}} : {facts};
}

/** An agent's parent and its call's words, from the subagent transcript that launched it (SessionLaunches). */
function resolved(read: Read, launches: SessionLaunches): TranscriptImport {
	const {facts, unresolved} = read;
	if (unresolved === undefined) {
		return facts;
	}
	const launch = launches.lookup(facts.agentId, unresolved.toolUseId);
	if (launch === undefined || (facts.parentAgentId !== undefined && facts.parentAgentId !== launch.parentAgentId)) {
		return facts;
	}
	return {
		...facts,
		parentAgentId: launch.parentAgentId,
		...(unresolved.describedByPrompt && launch.description ? {description: launch.description} : {}),
		...(facts.type === '' && launch.subagentType ? {type: launch.subagentType} : {}),
	};
}

function mtimeOf(dir: string): {atime: Date; mtime: Date; mtimeMs: number} | undefined {
	try {
		const st = statSync(dir);
		return {atime: st.atime, mtime: st.mtime, mtimeMs: st.mtimeMs};
	} catch {
		return undefined;
	}
}

/**
 * Appends the lines to the session's log and puts the folder's mtime back (for a folder made
 * here: the time of its last line). Only a real folder is written into (a symlink is refused).
 * Returns a problem, or undefined.
 */
function writeSession(activity: string, sessionId: string, lines: readonly string[], lastAtMs: number): string | undefined {
	const dir = path.join(activity, sessionId);
	let before = mtimeOf(dir);
	if (before !== undefined && !isRealDir(dir)) {
		return `session ${sessionId}: its folder is not a folder (a symlink?); nothing imported`;
	}
	const created = before === undefined;
	if (created) {
		try {
			mkdirSync(dir, {recursive: true, mode: 0o700});
		} catch (error) {
			return `session ${sessionId}: ${error instanceof Error ? error.message : String(error)}`;
		}
		before = undefined;
	}
	let problem: string | undefined;
	for (const line of lines) {
		problem = appendEventLine(dir, line);
		if (problem !== undefined) {
			break;
		}
	}
	const after = mtimeOf(dir);
	try {
		if (created) {
			const at = new Date(lastAtMs);
			utimesSync(dir, at, at);
		} else if (before !== undefined && after !== undefined && after.mtimeMs !== before.mtimeMs) {
			// Creating events.jsonl changed it (appending to one does not).
			utimesSync(dir, before.atime, before.mtime);
		}
	} catch {
		// The mtime stays as the write left it.
	}
	return problem;
}

/** Imports every selected transcript (see the file's head). Never throws for a bad file. */
export function importTranscripts(options: ImportOptions, clock: () => number = Date.now): ImportSummary {
	const started = clock();
	const found = findTranscripts(options.claudeDir, options);
	const bySession = new Map<string, Candidate[]>();
	for (const c of found.candidates) {
		let list = bySession.get(c.sessionId);
		if (!list) {
			list = [];
			bySession.set(c.sessionId, list);
		}
		list.push(c);
	}
	const progress = {filesDone: 0, filesTotal: found.candidates.length, bytesDone: 0, bytesTotal: 0, agentsFound: 0};
	for (const c of found.candidates) {
		progress.bytesTotal += c.size;
	}
	const tell = (): void => options.onProgress?.({...progress});
	const parents = new Parents();
	const chunkBytes = options.chunkBytes ?? IMPORT_CHUNK_BYTES;
	let imported = 0;
	let transcripts = 0;
	let bytes = 0;
	let sessions = 0;
	let upToDate = 0;
	let hooked = 0;
	let empty = 0;
	let unreadable = found.unreadable;
	const errors: string[] = [];
	tell();
	for (const [sessionId, candidates] of bySession) {
		const state = readImportState(path.join(options.activity, sessionId), sessionId);
		const reads: Read[] = [];
		const launches = new SessionLaunches(candidates[0]!.subagents);
		for (const c of candidates) {
			const decision = importDecision(state, c.agentId, c.size, c.mtimeMs);
			if (decision !== 'import') {
				if (decision === 'hooked') {
					hooked += 1;
				} else {
					upToDate += 1;
				}
				progress.filesDone += 1;
				progress.bytesDone += c.size;
				tell();
				continue;
			}
			const doneBefore = progress.bytesDone;
			const read = readTranscript(
				c.file,
				chunkBytes,
				n => {
					progress.bytesDone += n;
					tell();
				},
				bytes => launches.feed(c.agentId, bytes),
			);
			progress.filesDone += 1;
			progress.bytesDone = doneBefore + c.size;
			if (read === undefined) {
				unreadable += 1;
				tell();
				continue;
			}
			transcripts += 1;
			bytes += c.size;
			const found = importOf(c, read, parents);
			if (found === undefined) {
				empty += 1;
				tell();
				continue;
			}
			reads.push(found);
			imported += 1;
			progress.agentsFound += 1;
			tell();
		}
		// Every transcript of the session read: a nested agent's parent is one of them.
		const lines: string[] = [];
		let lastAtMs = 0;
		for (const read of reads) {
			const line = importedLine(resolved(read, launches));
			lines.push(formatEventLine(line));
			lastAtMs = Math.max(lastAtMs, Date.parse(line.at));
		}
		if (lines.length === 0) {
			continue;
		}
		sessions += 1;
		if (!options.dryRun) {
			const problem = writeSession(options.activity, sessionId, lines, lastAtMs);
			if (problem !== undefined) {
				errors.push(problem);
			}
		}
	}
	const others = [
		...(options.codexHome === undefined ? [] : [() => codexImportLines(options.codexHome!, options.activity, options.sinceMs)]),
		...(options.qwenProjects === undefined ? [] : [() => qwenImportLines(options.qwenProjects!, options.activity, options.sinceMs)]),
		...(options.geminiHome === undefined ? [] : [() => geminiImportLines(options.geminiHome!, options.activity, options.sinceMs)]),
		...(options.opencodeDataDir === undefined ? [] : [() => opencodeImportLines(options.opencodeDataDir!, options.activity, options.sinceMs)]),
	];
	for (const other of options.project === undefined ? others : []) {
		// Codex's, Qwen Code's, Gemini CLI's and opencode's subagents, by the same rules (import-codex.ts, import-qwen.ts, import-gemini.ts, import-opencode.ts).
		const codex = other();
		imported += codex.imported;
		transcripts += codex.transcripts;
		bytes += codex.bytes;
		upToDate += codex.upToDate;
		hooked += codex.hooked;
		unreadable += codex.unreadable;
		empty += codex.empty;
		for (const [sessionId, session] of codex.sessions) {
			sessions += 1;
			if (!options.dryRun) {
				const problem = writeSession(options.activity, sessionId, session.lines, session.lastAtMs);
				if (problem !== undefined) {
					errors.push(problem);
				}
			}
		}
	}
	return {
		dryRun: options.dryRun === true,
		imported,
		transcripts,
		bytes,
		sessions,
		upToDate,
		hooked,
		skipped: {internal: found.internal, unreadable, empty, badName: found.badName},
		errors,
		durationMs: clock() - started,
	};
}
