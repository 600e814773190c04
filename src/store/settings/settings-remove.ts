// A settings file removed by uninstall-hook only when it still holds the bytes read, so a write by
// Claude Code at any moment is never lost.
import {linkSync, renameSync, rmSync} from 'node:fs';
import path from 'node:path';
import {readIfExists, type SettingsFile} from './hook-files.js';

/**
 * Removes the settings file when it still holds the bytes read: it is first renamed aside (atomic),
 * then compared, so a write by Claude Code at any moment is never lost. A file that changed is put
 * back (unless an even newer one took its place) and the caller merges into it as for any write.
 */
export function removeIfUnchanged(file: SettingsFile): boolean {
	const aside = path.join(path.dirname(file.target), `.${path.basename(file.target)}.agentlog-removing-${process.pid}`);
	try {
		renameSync(file.target, aside);
	} catch {
		return false;
	}
	const moved = readIfExists(aside);
	if (moved !== undefined && file.bytes !== undefined && moved.equals(file.bytes)) {
		rmSync(aside, {force: true});
		return true;
	}
	try {
		// link, not rename: never over a file written meanwhile, which is newer than this one.
		linkSync(aside, file.target);
	} catch {
		// A newer file is in place: it supersedes the one set aside.
	}
	rmSync(aside, {force: true});
	return false;
}
