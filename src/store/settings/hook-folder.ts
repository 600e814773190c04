// The hook's folder (`<claude>/hooks/`, `$CODEX_HOME/hooks/`, Qwen's) as install-hook and
// uninstall-hook see it: what is there, and the files they remove or put back. Never through a
// link where it matters (lstat for the code caches); every failure that only means "not there"
// is a value, not a throw.
import {existsSync, lstatSync, readdirSync, renameSync, rmdirSync, rmSync, statSync} from 'node:fs';
import path from 'node:path';
import {isCodeCacheName} from '../../core/install/code-cache.js';

/** Whether anything is at `file` (a file, a folder, a link to either). */
export function pathExists(file: string): boolean {
	return existsSync(file);
}

/** Files removed; one already gone is fine. */
export function removeFiles(files: readonly string[]): void {
	for (const file of files) {
		rmSync(file, {force: true});
	}
}

/** A file set aside (the launcher's backup) put back in its place. */
export function putBack(saved: string, file: string): void {
	renameSync(saved, file);
}

/** The hooks folder (`<claude>/hooks/`, `$CODEX_HOME/hooks/`) once agentlog's files are gone from it, if nothing else is there. */
export function removeIfEmpty(dir: string): void {
	try {
		rmdirSync(dir);
	} catch {
		// Not empty (another tool's files), or already gone.
	}
}

/** The hook's code cache files in `dir` (regular files with the cache's name). */
export function codeCaches(dir: string): string[] {
	let names: string[];
	try {
		names = readdirSync(dir);
	} catch {
		return [];
	}
	return names
		.filter(name => isCodeCacheName(name))
		.map(name => path.join(dir, name))
		.filter(file => lstatSync(file, {throwIfNoEntry: false})?.isFile() === true);
}

/** A regular file at `file`, a link to one counting (the launcher's backup). */
export function isRegularFile(file: string): boolean {
	try {
		return statSync(file).isFile();
	} catch {
		return false;
	}
}
