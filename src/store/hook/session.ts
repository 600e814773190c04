// The agent-spy hook's files in one session folder: <activity>/<sessionId>/<agentId>.json, plus
// its dot files (temp files, lock files), which readers skip. Nothing here follows a symlink:
// not the session folder, not an agent file (read through safe-file, which also refuses FIFOs
// and devices), not a temp or lock file (created with O_EXCL). Only the activity folder itself
// may be a link (a dotfiles setup). Node built-ins only: the hook bundles this.
import {existsSync, lstatSync, mkdirSync, readdirSync, writeFileSync, type Stats} from 'node:fs';
import {dirname, join} from 'node:path';
import {parseAgentRecord, type AgentRecord} from '../../core/record/agent-record.js';
import {filesOverCap, type AgentFileInfo} from '../../core/hook/hook-event.js';
import {releaseLock, tryLock, type Lock} from './lock.js';
import {readRegularText} from '../fs/safe-file.js';
import {codeOf, removeFile} from '../fs/errors.js';
import {CAP_AGAIN_NAME, CAP_LOCK_NAME, isAgentFileName} from '../../core/record/file-names.js';

/** An agent file larger than this is not read (the hook's own records stay far below it). */
export const MAX_AGENT_FILE_BYTES = 256 * 1024 * 1024;

export {CAP_AGAIN_NAME, CAP_LOCK_NAME};

/** `.<agentId>.lock`; `+` is not allowed in ids, so no agent lock is the cap lock. */
export function agentLockFile(sessionDir: string, agentId: string): string {
	return join(sessionDir, `.${agentId}.lock`);
}

export type SessionFolder = {readonly ok: true; readonly exists: boolean; readonly created?: true} | {readonly ok: false; readonly problem: string};

/** Whether `dir` is a real folder (not a link to one), creating it when `create` (`created`: this call made it). */
export function checkSessionFolder(dir: string, create: boolean): SessionFolder {
	for (let attempt = 0; attempt < 2; attempt++) {
		// No exception for the usual "not there" (each costs a new process ~0.05 ms).
		const st: Stats | undefined = lstatSync(dir, {throwIfNoEntry: false});
		if (st === undefined) {
			if (!create) {
				return {ok: true, exists: false};
			}
			mkdirSync(dirname(dir), {recursive: true});
			try {
				mkdirSync(dir);
				return {ok: true, exists: true, created: true};
			} catch (mkdirError) {
				if (codeOf(mkdirError) !== 'EEXIST') {
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

/** An agent file's record: undefined when missing; a problem when it is a link, a FIFO, too big or not a record. */
export function readAgentFile(file: string): AgentFileRead {
	const read = readRegularText(file, {maxBytes: MAX_AGENT_FILE_BYTES});
	if (!read.ok) {
		return read.reason === 'missing' ? {record: undefined} : {record: undefined, problem: `${file} ${read.message}`};
	}
	try {
		const parsed = parseAgentRecord(JSON.parse(read.text));
		return parsed.ok ? {record: parsed.value, mtimeMs: read.mtimeMs} : {record: undefined, problem: `${file}: ${parsed.error}`};
	} catch {
		return {record: undefined, problem: `${file} is not JSON`};
	}
}

/**
 * Removes the oldest stopped agent files while the folder holds more than `cap` (docs/design.md#the-file-cap).
 * Safe with any number of hooks at once: pruning happens under the session's cap lock, from a
 * listing made after taking it, and stops at the cap; a file is removed only under its agent's
 * lock, after reading it again (an agent resumed meanwhile is kept). A hook that finds the cap
 * lock taken leaves a marker and goes: the holder prunes once more when it sees it, so the last
 * file written is always counted. Never waits. `log` gets anything worth knowing.
 */
export function enforceCap(sessionDir: string, cap: number, log: (message: string) => void): void {
	// A quick count first (names only: no type look-up); the pass itself lists exactly.
	if (readdirSync(sessionDir).filter(n => n.endsWith('.json') && !n.startsWith('.')).length <= cap) {
		return;
	}
	const lockFile = join(sessionDir, CAP_LOCK_NAME);
	const again = join(sessionDir, CAP_AGAIN_NAME);
	let lock = tryLock(lockFile);
	if (!lock) {
		try {
			writeFileSync(again, '', {flag: 'wx'});
		} catch (error) {
			if (codeOf(error) !== 'EEXIST') {
				throw error;
			}
		}
		// The holder may have looked for the marker just before it was made: try once more.
		lock = tryLock(lockFile);
	}
	for (let pass = 0; lock && pass < 20; pass++) {
		removeFile(again);
		try {
			prune(sessionDir, cap, log);
		} finally {
			releaseLock(lock);
		}
		lock = existsSync(again) ? tryLock(lockFile) : undefined;
	}
	if (lock) {
		releaseLock(lock);
	}
}

function prune(sessionDir: string, cap: number, log: (message: string) => void): void {
	const names = listAgentFiles(sessionDir);
	if (names.length <= cap) {
		return;
	}
	const infos: AgentFileInfo[] = names.map(name => {
		const read = readAgentFile(join(sessionDir, name));
		// A file that cannot be read as a record counts, but is never removed (status undefined).
		return {name, mtimeMs: read.record ? (read.mtimeMs ?? 0) : 0, status: read.record?.status};
	});
	for (const name of filesOverCap(infos, cap)) {
		const agentLock: Lock | undefined = tryLock(agentLockFile(sessionDir, name.slice(0, -'.json'.length)));
		if (!agentLock) {
			// Being updated right now; its writer prunes again after it.
			continue;
		}
		try {
			const file = join(sessionDir, name);
			if (readAgentFile(file).record?.status === 'stopped') {
				removeFile(file);
			}
		} catch (error) {
			log(`cap: cannot remove ${name}: ${error instanceof Error ? error.message : String(error)}`);
		} finally {
			releaseLock(agentLock);
		}
	}
}
