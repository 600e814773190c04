// Tolerant reading of agent files. Small files, read synchronously: measured here, a
// readFileSync loop over 2,000 files takes 34 ms against 235 ms for fs.promises, and never
// opens more than one file at a time.
//
// This is where agent files and session folder names enter: records are made safe for the
// terminal here (`displayRecord`), folder names get a safe `label`. Only regular files are
// opened (a FIFO named `x.json` would block `open` for good), and never more than a bound.
import {lstatSync, readdirSync, type Stats} from 'node:fs';
import path from 'node:path';
import {displayRecord, type AgentRecord} from '../../core/record/agent-record.js';
import {byRecent} from '../../core/monitor/sessions.js';
import {safeLine} from '../../core/text/safe-text.js';
import {readAgentRecord} from './agent-file.js';
import {isAgentFileName, isSessionDirName} from '../../core/record/file-names.js';

export type AgentFileResult =
	| {
			readonly ok: true;
			/** Safe to show: every string made safe for a terminal (`displayRecord`). */
			readonly record: AgentRecord;
			/** The record exactly as parsed, for `--json`; never to be written to a terminal as text. */
			readonly raw: AgentRecord;
	  }
	| {readonly ok: false; readonly error: string; readonly missing?: boolean};

/**
 * What tells one version of an agent file from the next: the hook renames a new file into place
 * (a new inode), and a file written twice in one timestamp tick still differs in size or ctime.
 */
export function fileVersion(st: Stats): string {
	return `${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}`;
}

/**
 * Reads one agent file. A missing, half-written or invalid file is an error value, never a throw;
 * so is a FIFO, a folder, a device or a file over MAX_AGENT_FILE_BYTES (agent-file.ts).
 */
export function readAgentFile(file: string): AgentFileResult {
	return readAgentFileVersion(file).result;
}

/**
 * `readAgentFile`, with the version of the file it read (`fileVersion` of the open file's own
 * stat, exactly what was read): `watch` keeps it to skip a file unchanged since, without a stat
 * of its own per file (a thousand agents' first read spent ~15 % of its time in those).
 */
export function readAgentFileVersion(file: string): {readonly result: AgentFileResult; readonly version?: string} {
	// The hook renames regular files into place; a symlink here was planted, and is not followed.
	const read = readAgentRecord(file);
	if (read.ok) {
		return {result: {ok: true, record: displayRecord(read.record), raw: read.record}, version: fileVersion(read.stats)};
	}
	return {
		result:
			read.reason === 'missing'
				? {ok: false, error: read.message, missing: true}
				: {ok: false, error: read.reason === 'too-large' ? `too large: ${read.message}` : read.message},
	};
}

export function listAgentFiles(sessionDir: string): string[] {
	try {
		return readdirSync(sessionDir).filter(isAgentFileName).sort();
	} catch {
		return [];
	}
}

/**
 * A session folder's name made safe to show. Folder names come from `readdir` and may hold
 * anything; the hook's are plain ids, for which the label is the name itself.
 */
export function sessionLabel(id: string): string {
	return safeLine(id);
}

export interface SessionDirInfo {
	/** The folder's name, exactly: for paths and matching, never to be shown (see `label`). */
	readonly id: string;
	/** `sessionLabel(id)`: what is shown. */
	readonly label: string;
	/** The folder's mtime: it changes whenever the hook renames a file into it. */
	readonly mtimeMs: number;
}

/** Session folders under the activity folder, newest first, without opening any agent file. */
export function listSessionDirs(activity: string): SessionDirInfo[] {
	let names: string[];
	try {
		names = readdirSync(activity);
	} catch {
		return [];
	}
	const out: SessionDirInfo[] = [];
	for (const name of names) {
		if (!isSessionDirName(name)) {
			continue;
		}
		try {
			// lstat: a symlinked session folder is not one the hook wrote (it skips them), and would count a session twice.
			const st = lstatSync(path.join(activity, name));
			if (st.isDirectory()) {
				out.push({id: name, label: sessionLabel(name), mtimeMs: st.mtimeMs});
			}
		} catch {
			// Removed while listing.
		}
	}
	// Newest first by the one rule (core/monitor/sessions.ts): folder mtime, ties by the larger id.
	return out.sort((a, b) => byRecent({id: a.id, lastActivity: a.mtimeMs}, {id: b.id, lastActivity: b.mtimeMs}));
}

export interface SessionRead {
	/** Safe to show (see readAgentFile). */
	readonly agents: AgentRecord[];
	/** Each shown record → the record exactly as parsed, for `--json`. */
	readonly raw: ReadonlyMap<AgentRecord, AgentRecord>;
	/** Files that could not be read: `file` is the path as it is, `error` says why. */
	readonly invalid: ReadonlyArray<{readonly file: string; readonly error: string}>;
}

/** Every agent file of one session folder, read once (for `ls`, `sessions` and the first frame). */
export function readSessionDir(sessionDir: string): SessionRead {
	const agents: AgentRecord[] = [];
	const raw = new Map<AgentRecord, AgentRecord>();
	const invalid: Array<{file: string; error: string}> = [];
	for (const name of listAgentFiles(sessionDir)) {
		const file = path.join(sessionDir, name);
		const r = readAgentFile(file);
		if (r.ok) {
			agents.push(r.record);
			raw.set(r.record, r.raw);
		} else if (!r.missing) {
			invalid.push({file, error: r.error});
		}
	}
	return {agents, raw, invalid};
}
