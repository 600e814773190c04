// Codex CLI rollout files on disk (docs/codex-rollouts.md#rollout-files): `$CODEX_HOME/sessions/YYYY/MM/DD/rollout-*.jsonl`,
// one per thread. Listed without following a link or opening anything but regular files; read in
// chunks up to their size when opened, complete lines only, a line over the bound skipped without
// being held; read again from where the last read stopped (a growing file is folded once).
import {closeSync, lstatSync, readdirSync, readSync, type Stats} from 'node:fs';
import path from 'node:path';
import {codexTally} from '../../core/codex/codex-agent.js';
import {EMPTY_THREAD, foldRollout, type CodexThread, type FoldOptions} from '../../core/codex/rollout.js';
import type {Pricer} from '../../core/cost/cost.js';
import type {TranscriptTally} from '../../core/transcript/tally.js';
import {openRegularFile} from '../fs/safe-file.js';
import {readLineChunksSync} from '../transcripts/files.js';

/** A rollout line longer than this is skipped (a first line is tens of KB; 300 KB has been seen). */
export const MAX_ROLLOUT_LINE_BYTES = 8 * 1024 * 1024;

export interface RolloutFile {
	readonly path: string;
	readonly size: number;
	readonly mtimeMs: number;
	readonly ino: number;
}

export interface RolloutListing {
	/** Newest first (by mtime). */
	readonly files: RolloutFile[];
	/** Entries named like rollouts that are not regular files (FIFOs, folders, links): skipped. */
	readonly skipped: number;
}

const ROLLOUT_NAME = /^rollout-.+\.jsonl$/;
const YEAR = /^\d{4}$/;
const TWO = /^\d{2}$/;

function folders(dir: string, name: RegExp): string[] {
	try {
		return readdirSync(dir, {withFileTypes: true})
			.filter(e => e.isDirectory() && name.test(e.name))
			.map(e => e.name)
			.sort()
			.reverse();
	} catch {
		return [];
	}
}

/**
 * The rollout files under `<codexHome>/sessions`, newest first. `sinceMs`: only date folders of
 * that day or later (a day's margin for time zones), for live state; none: every folder.
 */
export function listRollouts(codexHome: string, options: {readonly sinceMs?: number} = {}): RolloutListing {
	const root = path.join(codexHome, 'sessions');
	const since = options.sinceMs === undefined ? undefined : new Date(options.sinceMs - 24 * 3_600_000).toISOString().slice(0, 10);
	const files: RolloutFile[] = [];
	let skipped = 0;
	for (const year of folders(root, YEAR)) {
		if (since !== undefined && year < since.slice(0, 4)) {
			break;
		}
		for (const month of folders(path.join(root, year), TWO)) {
			if (since !== undefined && `${year}-${month}` < since.slice(0, 7)) {
				break;
			}
			for (const day of folders(path.join(root, year, month), TWO)) {
				if (since !== undefined && `${year}-${month}-${day}` < since) {
					break;
				}
				const dir = path.join(root, year, month, day);
				let names: string[];
				try {
					names = readdirSync(dir);
				} catch {
					continue;
				}
				for (const name of names) {
					if (!ROLLOUT_NAME.test(name)) {
						continue;
					}
					const file = path.join(dir, name);
					let st: Stats;
					try {
						st = lstatSync(file);
					} catch {
						continue;
					}
					if (!st.isFile()) {
						skipped += 1;
						continue;
					}
					files.push({path: file, size: st.size, mtimeMs: st.mtimeMs, ino: st.ino});
				}
			}
		}
	}
	files.sort((a, b) => b.mtimeMs - a.mtimeMs);
	return {files, skipped};
}

/** These rollouts as they are now (a session's own files, wherever their date folders are), newest first. */
export function statRollouts(paths: readonly string[]): RolloutListing {
	const files: RolloutFile[] = [];
	let skipped = 0;
	for (const file of paths) {
		try {
			const st = lstatSync(file);
			if (st.isFile()) {
				files.push({path: file, size: st.size, mtimeMs: st.mtimeMs, ino: st.ino});
			} else {
				skipped += 1;
			}
		} catch {
			// Gone since it was listed.
		}
	}
	files.sort((a, b) => b.mtimeMs - a.mtimeMs);
	return {files, skipped};
}

/** A rollout folded so far, and where the next read starts. */
export interface RolloutRead {
	readonly thread: CodexThread;
	readonly ino: number;
	/** Bytes folded (complete lines). */
	readonly offset: number;
	/** True when the read stopped inside a line over the bound, which the next read skips. */
	readonly skipping: boolean;
	readonly size: number;
	readonly mtimeMs: number;
	/** Lines over the bound, skipped. */
	readonly longLines: number;
	/**
	 * The last bytes before `offset` (base64, up to TAIL_BYTES): a file rewritten in place (same
	 * inode, longer: `cp`, an editor, a restore) no longer has them there, and is read from its start.
	 */
	readonly tail?: string;
}

const TAIL_BYTES = 64;

function tailAt(fd: number, offset: number): string {
	const from = Math.max(0, offset - TAIL_BYTES);
	const buf = Buffer.alloc(offset - from);
	const n = buf.length === 0 ? 0 : readSync(fd, buf, 0, buf.length, from);
	return buf.subarray(0, n).toString('base64');
}

/**
 * Folds a rollout from where `previous` stopped (the same file: same inode, not shorter), else
 * from its start. A FIFO, folder or link is never opened: `{problem}`. `options.calls` false:
 * tool calls counted, not kept (core/codex/rollout.ts FoldOptions).
 */
export function readRollout(file: string, previous?: RolloutRead, options: FoldOptions = {}): RolloutRead | {readonly problem: string} {
	const opened = openRegularFile(file);
	if (!opened.ok) {
		return {problem: opened.message};
	}
	try {
		const {ino, size, mtimeMs} = opened.stats;
		// The same file, not shorter, with the same bytes where the last read stopped: go on from there.
		const resume = previous !== undefined && previous.ino === ino && previous.offset <= size && previous.tail === tailAt(opened.fd, previous.offset);
		let thread = resume ? previous.thread : EMPTY_THREAD;
		let longLines = resume ? previous.longLines : 0;
		const from = resume ? previous.offset : 0;
		if (from === size) {
			return {thread, ino, offset: from, skipping: resume ? previous.skipping : false, size, mtimeMs, longLines, tail: tailAt(opened.fd, from)};
		}
		const decoder = new TextDecoder();
		const wasSkipping = resume ? previous.skipping : false;
		const read = readLineChunksSync(
			opened.fd,
			from,
			size,
			bytes => {
				thread = foldRollout(thread, decoder.decode(bytes.subarray(0, bytes.length - 1)).split('\n'), options);
			},
			{maxLine: MAX_ROLLOUT_LINE_BYTES, skipping: wasSkipping},
		);
		if (read.skipping && !wasSkipping) {
			longLines += 1;
		}
		return {thread, ino, offset: read.position, skipping: read.skipping, size, mtimeMs, longLines, tail: tailAt(opened.fd, read.position)};
	} catch (error) {
		return {problem: error instanceof Error ? error.message : String(error)};
	} finally {
		closeSync(opened.fd);
	}
}

/** What the past keeps of a rollout read whole: its tally (core/codex/codex-agent.ts codexTally) and which file it was. */
export interface RolloutTally {
	readonly ino: number;
	readonly size: number;
	readonly mtimeMs: number;
	readonly tally: TranscriptTally;
}

/** A rollout read whole, its requests priced by `pricer`, as the history keeps a transcript; undefined when it cannot be read. */
export function readRolloutTally(file: string, pricer: Pricer): RolloutTally | undefined {
	const read = readRollout(file, undefined, {calls: false, pricer});
	if ('problem' in read) {
		return undefined;
	}
	const tally = codexTally(read.thread);
	return tally === undefined ? undefined : {ino: read.ino, size: read.size, mtimeMs: read.mtimeMs, tally};
}
