// The file side of install-hook / uninstall-hook: reading a settings file (through a symlink,
// only ever as a regular file: a FIFO at the path must not hang the command), and writing files
// atomically (temp file in the same folder + rename), staged so that nothing lands on disk until
// every temp file is ready. The retry loop for a settings file another program is writing is in
// settings-write.ts.
import {randomBytes} from 'node:crypto';
import {chmodSync, lstatSync, mkdirSync, readlinkSync, closeSync, realpathSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {singleQuoteBody} from '../../core/install/shell-command.js';
import {openRegularFile, refusalOf} from '../fs/safe-file.js';
import {CliError} from '../../core/user-error.js';
import {NODE_PLACEHOLDER} from './assets.js';
import {readFull} from '../fs/read-full.js';

/** Suffix of the one-time backups: `<settings>.agentlog-backup`, `agent-spy.sh.agentlog-backup`. */
export const BACKUP_SUFFIX = '.agentlog-backup';

export interface SettingsFile {
	/** The path asked for (absolute). */
	readonly path: string;
	/** The file that is read and written: `path`, or where its symlink chain ends. */
	readonly target: string;
	readonly symlink: boolean;
	/** The bytes read; undefined when the file does not exist. */
	readonly bytes: Buffer | undefined;
	readonly text: string;
	/** The target's permission bits; undefined when it does not exist. */
	readonly mode: number | undefined;
}

function errorCode(error: unknown): string | undefined {
	return (error as NodeJS.ErrnoException | undefined)?.code;
}

function ioError(what: string, file: string, error: unknown): CliError {
	const detail = error instanceof Error ? error.message : String(error);
	return new CliError(`cannot ${what} ${file}: ${detail}`);
}

/** Follows a symlink chain to its end, also when the end does not exist yet. */
function resolveTarget(file: string): {target: string; symlink: boolean} {
	let stats;
	try {
		stats = lstatSync(file);
	} catch (error) {
		if (errorCode(error) === 'ENOENT') {
			return {target: file, symlink: false};
		}
		throw ioError('read', file, error);
	}
	if (!stats.isSymbolicLink()) {
		return {target: file, symlink: false};
	}
	try {
		return {target: realpathSync(file), symlink: true};
	} catch {
		// A dangling link: write the file it names.
		let current = file;
		for (let hops = 0; hops < 40; hops++) {
			try {
				if (!lstatSync(current).isSymbolicLink()) {
					break;
				}
			} catch {
				break;
			}
			current = path.resolve(path.dirname(current), readlinkSync(current));
		}
		return {target: current, symlink: true};
	}
}

/** Settings files and hook scripts are small; anything bigger is not one. */
export const MAX_READ_BYTES = 16 * 1024 * 1024;

export interface RegularFile {
	readonly data: Buffer;
	/** Permission bits. */
	readonly mode: number;
}

/**
 * A regular file's bytes and mode, through symlinks (a symlinked settings file is followed by
 * design); undefined when it does not exist. Opened non-blocking and checked with fstat, so a
 * FIFO, socket or device at the path is refused at once instead of blocking forever.
 */
export function readRegular(file: string): RegularFile | undefined {
	const opened = openRegularFile(file, true);
	if (!opened.ok) {
		if (opened.reason === 'missing') {
			return undefined;
		}
		throw new CliError(`${file} ${refusalOf(opened)}`);
	}
	const {fd, stats} = opened;
	try {
		if (stats.size > MAX_READ_BYTES) {
			throw new CliError(`${file} is ${stats.size} bytes, over the ${MAX_READ_BYTES}-byte limit for a settings or hook file`);
		}
		const data = Buffer.alloc(stats.size);
		const got = readFull(fd, data, 0);
		return {data: data.subarray(0, got), mode: stats.mode & 0o7777};
	} catch (error) {
		throw error instanceof CliError ? error : ioError('read', file, error);
	} finally {
		closeSync(fd);
	}
}

export function readIfExists(file: string): Buffer | undefined {
	return readRegular(file)?.data;
}

export function readSettingsFile(file: string): SettingsFile {
	const absolute = path.resolve(file);
	const {target, symlink} = resolveTarget(absolute);
	let read: RegularFile | undefined;
	try {
		read = readRegular(target);
	} catch (error) {
		if (error instanceof CliError && target !== absolute) {
			throw new CliError(`${absolute} (symlink to ${error.message})`);
		}
		throw error;
	}
	return {path: absolute, target, symlink, bytes: read?.data, text: read?.data.toString('utf8') ?? '', mode: read?.mode};
}

/** What tells one version of a file from another without reading it; undefined when it does not exist. */
export interface FileStamp {
	readonly dev: bigint;
	readonly ino: bigint;
	readonly size: bigint;
	readonly mtimeNs: bigint;
	readonly ctimeNs: bigint;
}

/** The stamp of the file at `file` (through links): a rename over it changes its inode, a write in place its times or size. */
export function fileStamp(file: string): FileStamp | undefined {
	const st = statSync(file, {bigint: true, throwIfNoEntry: false});
	return st === undefined ? undefined : {dev: st.dev, ino: st.ino, size: st.size, mtimeNs: st.mtimeNs, ctimeNs: st.ctimeNs};
}

export function sameStamp(a: FileStamp | undefined, b: FileStamp | undefined): boolean {
	return a === undefined || b === undefined
		? a === b
		: a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs;
}

/** True when the settings file still holds exactly the bytes `file` was read with. */
export function unchangedSince(file: SettingsFile): boolean {
	const now = readIfExists(file.target);
	return now === undefined || file.bytes === undefined ? now === file.bytes : now.equals(file.bytes);
}

export interface Staged {
	readonly temp: string;
	readonly dest: string;
	committed: boolean;
}

/** Temp files and folders made for an update, so a failure can take them back. */
export class Staging {
	private readonly staged: Staged[] = [];
	private readonly createdDirs: string[] = [];

	/** Creates `dir` and its missing parents; returns the topmost folder it made, if any. */
	ensureDir(dir: string): string | undefined {
		let first: string | undefined;
		try {
			first = mkdirSync(dir, {recursive: true});
		} catch (error) {
			throw ioError('create the folder', dir, error);
		}
		// Remember each level made, deepest last, so abort() can remove them deepest first.
		for (let d = dir; first !== undefined && d.length >= first.length; d = path.dirname(d)) {
			this.createdDirs.push(d);
			if (d === first) {
				break;
			}
		}
		return first;
	}

	/** Writes `content` to a temp file beside `dest`; `mode` undefined keeps the umask default. */
	stage(dest: string, content: string | Buffer, mode: number | undefined): Staged {
		const temp = path.join(path.dirname(dest), `.${path.basename(dest)}.agentlog-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
		const entry: Staged = {temp, dest, committed: false};
		try {
			writeFileSync(temp, content, {flag: 'wx'});
			this.staged.push(entry);
			if (mode !== undefined) {
				chmodSync(temp, mode);
			}
		} catch (error) {
			throw ioError('write', temp, error);
		}
		return entry;
	}

	/** Removes a temp file that will not be committed. */
	discard(entry: Staged): void {
		if (!entry.committed) {
			rmSync(entry.temp, {force: true});
		}
	}

	commit(entry: Staged | undefined): void {
		if (!entry) {
			return;
		}
		try {
			renameSync(entry.temp, entry.dest);
		} catch (error) {
			throw ioError('replace', entry.dest, error);
		}
		entry.committed = true;
	}

	/** Removes the temp files not committed and the folders made that are still empty. */
	abort(): void {
		for (const entry of this.staged) {
			if (!entry.committed) {
				rmSync(entry.temp, {force: true});
			}
		}
		for (const dir of [...this.createdDirs].sort((a, b) => b.length - a.length)) {
			try {
				rmdirSync(dir);
			} catch {
				// Not empty (something was committed there) or already gone.
			}
		}
	}
}

/** A copy of `data` at `file`, only if `file` does not exist yet. Returns whether it was made. */
export function writeBackupOnce(file: string, data: Buffer, mode: number | undefined): boolean {
	try {
		writeFileSync(file, data, {flag: 'wx'});
	} catch (error) {
		if (errorCode(error) === 'EEXIST') {
			return false;
		}
		throw ioError('write the backup', file, error);
	}
	if (mode !== undefined) {
		chmodSync(file, mode);
	}
	return true;
}

/** `<base>` if free, else `<base>-2`, `<base>-3`, … */
export function freeBackupPath(base: string, exists: (file: string) => boolean): string {
	if (!exists(base)) {
		return base;
	}
	for (let n = 2; ; n++) {
		if (!exists(`${base}-${n}`)) {
			return `${base}-${n}`;
		}
	}
}

/** Is this an agent-spy.sh that agentlog installed (any version, any Node path)? */
export function isAgentlogLauncher(text: string): boolean {
	return text.includes("agentlog's agent-spy hook launcher");
}

/** hooks/agent-spy.sh with the Node path filled in. The placeholder sits inside '…'. */
export function renderLauncher(template: string, nodePath: string): string {
	return template.split(NODE_PLACEHOLDER).join(singleQuoteBody(nodePath));
}

/** A copy of `data` at `file` (mode `mode`), which must not exist yet. */
export function writeNewCopy(file: string, data: Buffer, mode: number): void {
	try {
		writeFileSync(file, data, {flag: 'wx', mode});
		chmodSync(file, mode);
	} catch (error) {
		throw ioError('write the backup', file, error);
	}
}

/**
 * Stages the new settings text beside the target. `backUp` keeps the original (once: the first
 * backup stays) and says so; `commit` renames the temp file over the target.
 */
export function stageSettings(
	staging: Staging,
	file: SettingsFile,
	text: string,
	keepBackup = true,
): {readonly staged: Staged; readonly backUp: () => string; readonly commit: () => void} {
	staging.ensureDir(path.dirname(file.target));
	const staged = staging.stage(file.target, text, file.mode);
	const backUp = (): string => {
		const backup = file.target + BACKUP_SUFFIX;
		const made = keepBackup && file.bytes !== undefined && writeBackupOnce(backup, file.bytes, file.mode);
		return made ? `  backed up the original settings to ${backup}\n` : '';
	};
	return {staged, backUp, commit: () => staging.commit(staged)};
}
