// Reading transcript files: byte ranges, line starts, tails, and streaming in chunks. Small
// synchronous reads for what the screen needs at once; an async stream for history. Every open
// goes through `openRegularFile`: a FIFO, socket or device in a transcript's place is refused
// (opening a FIFO blocks until a writer comes), never waited on.
import {close, closeSync, read, readSync} from 'node:fs';
import path from 'node:path';
import {promisify} from 'node:util';
import {completeLines} from '../../core/transcript/sources.js';
import {openRegularFile} from '../fs/safe-file.js';
import {readFull} from '../fs/read-full.js';

const readAsync = promisify(read);
const closeAsync = promisify(close);

/** A transcript path from an agent record: a symlink to a regular file is followed. */
function openTranscript(file: string): {fd: number; size: number} {
	const opened = openRegularFile(file, true);
	if (!opened.ok) {
		throw Object.assign(new Error(`${file} ${opened.message}`), {code: opened.reason === 'missing' ? 'ENOENT' : 'EINVAL'});
	}
	return {fd: opened.fd, size: opened.stats.size};
}

export const META_SUFFIX = '.meta.json';

export function metaPath(transcript: string): string {
	return transcript.replace(/\.jsonl$/u, META_SUFFIX);
}

/**
 * `<dir>/<session>/subagents/agent-<id>.jsonl` (or a workflow agent's
 * `<dir>/<session>/subagents/workflows/<run>/agent-<id>.jsonl`) → `<dir>/<session>.jsonl`, the
 * parent session's.
 */
export function mainTranscriptOf(transcript: string): string | undefined {
	let subagents = path.dirname(transcript);
	if (path.basename(path.dirname(subagents)) === 'workflows') {
		subagents = path.dirname(path.dirname(subagents));
	}
	if (path.basename(subagents) !== 'subagents') {
		return undefined;
	}
	return `${path.dirname(subagents)}.jsonl`;
}

/** Reads `[start, end)` of a regular file synchronously (small reads only); throws otherwise. */
export function readRange(file: string, start: number, end: number): Uint8Array {
	const {fd} = openTranscript(file);
	try {
		const buf = Buffer.allocUnsafe(Math.max(0, end - start));
		return buf.subarray(0, readFull(fd, buf, start));
	} finally {
		closeSync(fd);
	}
}

/** Where the line holding byte `position` starts: just after the newline before it, or 0. */
export function lineStart(file: string, position: number): number {
	const step = 64 * 1024;
	for (let end = position; end > 0; end -= step) {
		const begin = Math.max(0, end - step);
		const nl = readRange(file, begin, end).lastIndexOf(0x0a);
		if (nl >= 0) {
			return begin + nl + 1;
		}
	}
	return 0;
}

/**
 * Reads `[0, end)` of a file in chunks, handing over complete lines and the position reached;
 * yields to the event loop between chunks (keys stay responsive). `onLines` returning false
 * stops it. Resolves true when it read to `end`, false when stopped or the file failed.
 */
export async function streamLines(file: string, end: number, chunkBytes: number, onLines: (lines: string[], position: number) => boolean): Promise<boolean> {
	let fd: number | undefined;
	try {
		fd = openTranscript(file).fd;
		let carry: Uint8Array = new Uint8Array(0);
		let position = 0;
		// No bigger than what is read: a 1 MiB buffer per small file is a gigabyte for a thousand.
		const buf = Buffer.allocUnsafe(Math.max(1, Math.min(chunkBytes, end)));
		while (position < end) {
			const {bytesRead} = await readAsync(fd, buf, 0, Math.min(buf.length, end - position), position);
			if (bytesRead === 0) {
				break;
			}
			position += bytesRead;
			const joined = Buffer.concat([carry, buf.subarray(0, bytesRead)]);
			const {lines, consumed} = completeLines(joined);
			carry = joined.subarray(consumed);
			if (!onLines(lines, position)) {
				return false;
			}
			await new Promise(resolve => setImmediate(resolve));
		}
		return true;
	} catch {
		return false;
	} finally {
		if (fd !== undefined) {
			await closeAsync(fd).catch(() => undefined);
		}
	}
}

export interface LineChunks {
	/** Where the next read starts: after the last complete line handed over (or skipped). */
	readonly position: number;
	/** True when it stopped inside a line longer than `maxLine`, which the next read skips. */
	readonly skipping: boolean;
}

/**
 * Reads `[start, end)` of an open file synchronously in chunks of `chunkBytes`, handing over
 * complete lines as bytes (each ending with its newline): memory is one chunk plus the longest
 * line. A line longer than `maxLine` is skipped without being kept (`skipping` carries that over
 * to the next call); a last line without its newline yet is left for the next call.
 */
export function readLineChunksSync(
	fd: number,
	start: number,
	end: number,
	/** Returns false to stop reading (the rest is not read). */
	onLines: (bytes: Buffer) => boolean | void,
	options: {chunkBytes?: number; maxLine?: number; skipping?: boolean} = {},
): LineChunks {
	const chunkBytes = options.chunkBytes ?? 1024 * 1024;
	const maxLine = options.maxLine ?? Number.POSITIVE_INFINITY;
	// No bigger than what is read: a 1 MiB buffer per small file is a gigabyte for a thousand.
	const buf = Buffer.allocUnsafe(Math.max(1, Math.min(chunkBytes, end - start)));
	let skipping = options.skipping ?? false;
	let carry: Buffer | undefined;
	let position = start;
	let consumed = start;
	while (position < end) {
		const n = readSync(fd, buf, 0, Math.min(chunkBytes, end - position), position);
		if (n === 0) {
			break;
		}
		position += n;
		let data = buf.subarray(0, n);
		if (skipping) {
			const nl = data.indexOf(0x0a);
			if (nl < 0) {
				consumed = position;
				continue;
			}
			skipping = false;
			data = data.subarray(nl + 1);
			consumed = position - data.length;
		}
		const joined = carry ? Buffer.concat([carry, data]) : data;
		const last = joined.lastIndexOf(0x0a);
		if (last >= 0 && onLines(joined.subarray(0, last + 1)) === false) {
			consumed = position - (joined.length - last - 1);
			break;
		}
		const rest = joined.subarray(last + 1);
		carry = rest.length === 0 ? undefined : Buffer.from(rest);
		consumed = position - (carry?.length ?? 0);
		if (carry && carry.length > maxLine) {
			carry = undefined;
			skipping = true;
			consumed = position;
		}
	}
	return {position: consumed, skipping};
}
