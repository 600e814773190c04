// Short lock files for the agent-spy hook: one hook process at a time updates an agent file or
// prunes a session folder. A lock is a file created with O_EXCL ('wx', which also never follows a
// planted link) holding "pid time host". It is stale when older than STALE_MS or when its process
// is gone (same host only: a pid means nothing across machines or containers). Waiting is
// bounded, with short sleeps (Atomics.wait: no busy loop and no event loop needed). Node
// built-ins only: the hook bundles this.
import {closeSync, constants, linkSync, lstatSync, openSync, readSync, renameSync, type Stats} from 'node:fs';
import {writeNewFile} from '../fs/atomic-write.js';
import {requireBuiltin} from './builtin.js';
import {readRegularText} from '../fs/safe-file.js';
import {codeOf, removeFile} from '../fs/errors.js';
import {utf8Text} from '../fs/utf8-text.js';

/** A lock held longer than this is taken to be left behind by a crashed or stuck process. */
export const STALE_MS = 2000;

const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** Sleeps the whole thread for `ms` (fractions allowed) without using the CPU. */
export function sleepMs(ms: number): void {
	Atomics.wait(sleeper, 0, 0, ms);
}

export interface Lock {
	readonly file: string;
	/** The lock file's inode and time: releasing removes it only if it is still this one. */
	readonly ino: number;
	readonly mtimeMs: number;
}

let counter = 0;
let host: string | undefined;

/**
 * This machine's name (as os.hostname(): the kernel's node name). On Linux it is read from
 * /proc/sys/kernel/hostname, the same value: node:os is not loaded at start-up, and loading it
 * would cost every hook run ~0.15 ms. Read once per process.
 */
export function hostName(): string {
	host ??= procHostName() ?? requireBuiltin<{hostname(): string}>('node:os').hostname();
	return host;
}

function procHostName(): string | undefined {
	if (process.platform !== 'linux') {
		return undefined;
	}
	try {
		const fd = openSync('/proc/sys/kernel/hostname', constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
		try {
			const buf = Buffer.allocUnsafe(256);
			const read = utf8Text(buf, 0, readSync(fd, buf, 0, buf.length, null));
			const name = read.endsWith('\n') ? read.slice(0, -1) : read;
			return name === '' ? undefined : name;
		} finally {
			closeSync(fd);
		}
	} catch {
		return undefined;
	}
}

/** Creates the lock file, or undefined when it exists. */
function create(file: string, now: number): Lock | undefined {
	let st: Stats;
	try {
		// A lock whose content could not be written (a full disk) is removed, not left empty.
		st = writeNewFile(file, `${process.pid} ${now} ${hostName()}`);
	} catch (error) {
		if (codeOf(error) === 'EEXIST') {
			return undefined;
		}
		throw error;
	}
	return {file, ino: st.ino, mtimeMs: st.mtimeMs};
}

/** One attempt: the lock, or undefined when another process holds it (a stale one is broken). */
export function tryLock(file: string, now = Date.now()): Lock | undefined {
	return create(file, now) ?? (breakIfStale(file, now) ? create(file, now) : undefined);
}

/**
 * Waits up to `maxWaitMs` for the lock. Undefined when the wait ran out: the caller decides
 * whether to go on without it.
 */
export function acquireLock(file: string, maxWaitMs: number): Lock | undefined {
	const until = Date.now() + maxWaitMs;
	let pause = 0.5;
	for (;;) {
		const lock = tryLock(file);
		if (lock || Date.now() >= until) {
			return lock;
		}
		// Jitter, so that processes woken together do not collide again.
		sleepMs(pause * (0.5 + Math.random()));
		pause = Math.min(pause * 2, 8);
	}
}

/** Removes the lock if it is still this one (a stale-breaker may have replaced it). */
export function releaseLock(lock: Lock): void {
	try {
		const st = lstatSync(lock.file);
		if (st.ino !== lock.ino || st.mtimeMs !== lock.mtimeMs) {
			return;
		}
	} catch {
		return;
	}
	removeFile(lock.file);
}

function isStale(file: string, st: Stats, now: number): boolean {
	if (now - st.mtimeMs > STALE_MS) {
		return true;
	}
	const held = readRegularText(file, {maxBytes: 512});
	if (!held.ok) {
		return false;
	}
	const [pid, , host] = held.text.split(' ');
	if (host !== hostName() || !/^\d+$/.test(pid ?? '')) {
		return false;
	}
	try {
		process.kill(Number(pid), 0);
		return false;
	} catch (error) {
		return codeOf(error) === 'ESRCH';
	}
}

/**
 * Breaks a stale lock: renames it to a name of its own first (atomic, so that two breakers cannot
 * both remove it), then checks that what it moved is the stale lock it looked at. If a fresh lock
 * took its place in between, it is put back (link fails rather than overwrite a newer one).
 */
function breakIfStale(file: string, now: number): boolean {
	let st: Stats;
	try {
		st = lstatSync(file);
	} catch {
		return true;
	}
	if (!isStale(file, st, now)) {
		return false;
	}
	const aside = `${file}.${process.pid}.${++counter}.stale`;
	try {
		renameSync(file, aside);
	} catch {
		return true;
	}
	try {
		const moved = lstatSync(aside);
		if (moved.ino !== st.ino || moved.mtimeMs !== st.mtimeMs) {
			try {
				linkSync(aside, file);
			} catch {
				// Someone holds a newer lock already; the moved one is dropped.
			}
		}
	} finally {
		removeFile(aside);
	}
	return true;
}
