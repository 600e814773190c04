// Scans a parent transcript (the main session's, or a parent agent's) for the Agent/Task calls
// and results that describe its subagents, however far back they are: the whole file is read
// once, in chunks, and then only what is appended. Memory is one chunk plus the index of short
// strings (ParentIndex); a line longer than MAX_PARENT_LINE (a huge tool result) is skipped.
import {closeSync} from 'node:fs';
import {ParentIndex, type ParentFacts} from '../../core/transcript/parent-index.js';
import {openRegularFile} from '../fs/safe-file.js';
import {readLineChunksSync} from './files.js';
import {stampOfStats, type FileStamp} from './state-cache.js';

/** Agent/Task lines are short; a longer line in a parent transcript is another tool's output. */
export const MAX_PARENT_LINE = 16 * 1024 * 1024;
const CHUNK_BYTES = 1024 * 1024;

export class ParentScanner {
	private index: ParentIndex;
	private offset = 0;
	private ino: number | undefined;
	private skipping = false;
	/** Bumped each time the scan reads something new. */
	version = 0;
	/** The file as it was when the last scan read it to its end without an error (the stamp taken before reading). */
	scanned: FileStamp | undefined;

	/** `file` must already be allowed (TranscriptRoots). `wants`: the agents whose results to keep. */
	constructor(
		readonly file: string,
		private readonly wants?: (agentId: string) => boolean,
		/** Lines stamped later than this (ms) are left out. */
		private readonly until?: number,
	) {
		this.index = new ParentIndex(wants, until);
	}

	/** Size of the file not scanned yet (0 when it is gone or not a regular file). */
	pending(): number {
		const opened = openRegularFile(this.file, false);
		if (!opened.ok) {
			return 0;
		}
		closeSync(opened.fd);
		const {size, ino} = opened.stats;
		return ino !== this.ino || size < this.offset ? size : size - this.offset;
	}

	/**
	 * Reads what was appended since the last scan, at most `maxBytes` of it (the rest on the next
	 * call). Starts over when the file was replaced or truncated. True when something new was read.
	 */
	scan(maxBytes = Number.POSITIVE_INFINITY): boolean {
		const opened = openRegularFile(this.file, false);
		if (!opened.ok) {
			return false;
		}
		const {fd, stats} = opened;
		try {
			if (this.ino !== undefined && (stats.ino !== this.ino || stats.size < this.offset)) {
				this.index = new ParentIndex(this.wants, this.until);
				this.offset = 0;
				this.skipping = false;
			}
			this.ino = stats.ino;
			this.scanned = undefined;
			if (stats.size <= this.offset) {
				this.scanned = stampOfStats(this.file, stats);
				return false;
			}
			const end = Math.min(stats.size, this.offset + maxBytes);
			const read = readLineChunksSync(fd, this.offset, end, bytes => this.index.addBytes(bytes), {
				chunkBytes: CHUNK_BYTES,
				maxLine: MAX_PARENT_LINE,
				skipping: this.skipping,
			});
			const moved = read.position !== this.offset;
			this.offset = read.position;
			this.skipping = read.skipping;
			if (end === stats.size) {
				this.scanned = stampOfStats(this.file, stats);
			}
			if (moved) {
				this.version += 1;
			}
			return moved;
		} catch {
			return false;
		} finally {
			closeSync(fd);
		}
	}

	/** Scans to the end in steps of `stepBytes`, letting the event loop run between them. */
	async scanInSteps(stepBytes: number, wanted: () => boolean): Promise<void> {
		while (wanted() && this.scan(stepBytes) && this.pending() > 0) {
			await new Promise(resolve => setImmediate(resolve));
		}
	}

	lookup(agentId: string, toolUseId?: string): ParentFacts {
		return this.index.lookup(agentId, toolUseId);
	}
}
