// Printing a long JSON array without building it as one string: the same text as
// safeJsonStringify(items, 2), written a megabyte at a time, so `history --events --json` over
// 100,000 lines does not hold a second copy of every line as text, nor `history --json` every agent.
import {writeSync} from 'node:fs';
import {safeJsonStringify} from '../../core/text/safe-text.js';

const CHUNK_CHARS = 1024 * 1024;

/** How long to wait for a full pipe that does not block (ms). */
const FULL_PIPE_WAIT_MS = 2;

/**
 * Writes `text` to stdout (fd 1) before returning: a reader slower than agentlog makes it wait,
 * never queues the text in memory (process.stdout keeps every write a pipe has not taken yet, and
 * a loop writing a 1 GB export never yields for it to drain). A reader that closed the pipe ends
 * the run quietly, at once, as the EPIPE handler in index.ts does for process.stdout.
 */
export function writeStdout(text: string): void {
	const bytes = Buffer.from(text);
	let offset = 0;
	while (offset < bytes.length) {
		try {
			offset += writeSync(1, bytes, offset);
		} catch (error) {
			const code = (error as NodeJS.ErrnoException).code;
			if (code === 'EAGAIN' || code === 'EWOULDBLOCK') {
				Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, FULL_PIPE_WAIT_MS);
				continue;
			}
			if (code === 'EPIPE') {
				process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
			}
			throw error;
		}
	}
}

/**
 * Writes `items` as a 2-space JSON array and a newline, exactly as `safeJsonStringify([...items], 2)`
 * would. Items are taken one at a time: an iterable that makes each as it is asked for never has
 * them all in memory.
 */
export function writeJsonArray(items: Iterable<unknown>, write: (text: string) => void = writeStdout): void {
	let chunk = '';
	let first = true;
	for (const item of items) {
		// The item as an array's only element is already indented as one: its text without `[\n` and
		// `\n]` (twice as fast as indenting each of its lines after; undefined is `null`, as in an array).
		chunk += `${first ? '[\n' : ',\n'}${safeJsonStringify([item], 2).slice(2, -2)}`;
		first = false;
		if (chunk.length >= CHUNK_CHARS) {
			write(chunk);
			chunk = '';
		}
	}
	write(first ? '[]\n' : `${chunk}\n]\n`);
}
