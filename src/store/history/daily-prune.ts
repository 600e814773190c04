// Once a day: the stamp that says when the hook last pruned (`<activity>/.agentlog-prune-stamp`,
// its mtime) and the claim of the day's prune, which one hook of all those running wins. The
// prune itself is prune.ts's (`runDailyPrune`, in agent-prune.cjs). This file needs only node:fs
// and lock.ts: the hook bundles it and runs it on every event, so on most days a run costs one
// lstat here and never loads the prune code.
import {lstatSync, renameSync, utimesSync, type Stats} from 'node:fs';
import {join} from 'node:path';
import {writeNewFile} from '../fs/atomic-write.js';
import {codeOf, removeFile} from '../fs/errors.js';
import {releaseLock, tryLock} from '../hook/lock.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `<activity>/.agentlog-prune-stamp`: its mtime is when the hook last pruned. */
export const PRUNE_STAMP_NAME = '.agentlog-prune-stamp';
/** Held (a lock file, lock.ts) while a hook checks and renews the stamp. */
export const PRUNE_LOCK_NAME = '.agentlog-prune.lock';
/** The hook prunes at most this often. */
export const PRUNE_INTERVAL_MS = DAY_MS;

let stampCounter = 0;

/** Whether the stamp says the last prune was less than a day ago (a stamp more than a day in the future is not believed). */
function stampIsRecent(stamp: Stats, now: number): boolean {
	return stamp.isFile() && stamp.mtimeMs > now - PRUNE_INTERVAL_MS && stamp.mtimeMs < now + PRUNE_INTERVAL_MS;
}

/** Writes the stamp whole (temp file + rename: a link at the stamp's name is replaced, not followed), with `now` as its mtime. */
function renewStamp(stamp: string, now: number): void {
	const tmp = `${stamp}.${process.pid}.${++stampCounter}.tmp`;
	// A temp file that could not be written whole (a full disk) is removed by writeNewFile.
	writeNewFile(tmp, `${new Date(now).toISOString()}\n`);
	try {
		utimesSync(tmp, now / 1000, now / 1000);
		renameSync(tmp, stamp);
	} catch (error) {
		removeFile(tmp);
		throw error;
	}
}

/**
 * Claims today's prune: true for one caller a day. When the stamp is less than a day old this is
 * one lstat (false). Else, under a lock file (never waited for), the stamp is looked at again and
 * renewed before this returns true, so two hooks never both claim it. Throws on a file-system
 * error (`pruneOnceADay` catches).
 */
export function claimDailyPrune(activity: string, now: number): boolean {
	const stamp = join(activity, PRUNE_STAMP_NAME);
	const before = lstatSync(stamp, {throwIfNoEntry: false});
	if (before !== undefined && stampIsRecent(before, now)) {
		return false;
	}
	// The lock's own staleness is measured on the wall clock (lock.ts), whatever `now` says.
	let lock;
	try {
		lock = tryLock(join(activity, PRUNE_LOCK_NAME));
	} catch (error) {
		// No activity folder yet (a fresh install's first event made none): nothing to prune, and
		// the folder is not created for this.
		if (codeOf(error) === 'ENOENT') {
			return false;
		}
		throw error;
	}
	if (!lock) {
		return false;
	}
	try {
		const again = lstatSync(stamp, {throwIfNoEntry: false});
		if (again !== undefined && stampIsRecent(again, now)) {
			return false;
		}
		renewStamp(stamp, now);
		return true;
	} finally {
		releaseLock(lock);
	}
}
