// The agent-spy hook's files in one session folder: <activity>/<sessionId>/<agentId>.json, plus
// its dot files (temp files, lock files), which readers skip. Nothing here follows a symlink:
// not the session folder, not an agent file (read through safe-file, which also refuses FIFOs
// and devices), not a temp or lock file (created with O_EXCL). Only the activity folder itself
// may be a link (a dotfiles setup). Node built-ins only: the hook bundles this.
import {lstatSync, mkdirSync, readdirSync, type Stats} from 'node:fs';
import {dirname, join} from 'node:path';
import type {AgentRecord} from '../../core/record/agent-record.js';
import {readAgentRecord} from '../activity/agent-file.js';
import {codeOf} from '../fs/errors.js';
import {isAgentFileName} from '../../core/record/file-names.js';

/** `.<agentId>.lock`; `+` is not allowed in ids, so no agent lock is one of the session's own (`.+notify.lock`). */
export function agentLockFile(sessionDir: string, agentId: string): string {
	return join(sessionDir, `.${agentId}.lock`);
}

export type SessionFolder = {readonly ok: true; readonly exists: boolean; readonly created?: true} | {readonly ok: false; readonly problem: string};

/** Whether `dir` is a real folder (not a link to one), creating it when `create` (`created`: this call made it). */
export function checkSessionFolder(dir: string, create: boolean): SessionFolder {
	for (let attempt = 0; attempt < 3; attempt++) {
		// No exception for the usual "not there" (each costs a new process ~0.05 ms).
		const st: Stats | undefined = lstatSync(dir, {throwIfNoEntry: false});
		if (st === undefined) {
			if (!create) {
				return {ok: true, exists: false};
			}
			try {
				// The activity folder is there but on a first run: the session's folder first.
				mkdirSync(dir);
				return {ok: true, exists: true, created: true};
			} catch (mkdirError) {
				const code = codeOf(mkdirError);
				if (code === 'ENOENT') {
					mkdirSync(dirname(dir), {recursive: true});
				} else if (code !== 'EEXIST') {
					throw mkdirError;
				}
				continue;
			}
		}
		if (st.isSymbolicLink()) {
			return {ok: false, problem: `session folder ${dir} is a symbolic link`};
		}
		if (!st.isDirectory()) {
			return {ok: false, problem: `session folder ${dir} is not a folder`};
		}
		return {ok: true, exists: true};
	}
	return {ok: false, problem: `session folder ${dir} keeps changing`};
}

/** The agent files of a session folder: regular `*.json` files not starting with a dot. */
export function listAgentFiles(sessionDir: string): string[] {
	return readdirSync(sessionDir, {withFileTypes: true})
		.filter(d => d.isFile() && isAgentFileName(d.name))
		.map(d => d.name);
}

export type AgentFileRead =
	{readonly record: AgentRecord | undefined; readonly mtimeMs?: number; readonly problem?: undefined} | {readonly record: undefined; readonly problem: string};

/** An agent file's record (readAgentRecord): undefined when missing; a problem, for the hook's log, when it is a link, a FIFO, too big or not a record. */
export function readAgentFile(file: string): AgentFileRead {
	const read = readAgentRecord(file);
	if (read.ok) {
		return {record: read.record, mtimeMs: read.mtimeMs};
	}
	switch (read.reason) {
		case 'missing':
			return {record: undefined};
		case 'empty':
		case 'not-json':
			return {record: undefined, problem: `${file} is not JSON`};
		case 'invalid':
			return {record: undefined, problem: `${file}: ${read.message}`};
		default:
			return {record: undefined, problem: `${file} ${read.message}`};
	}
}
