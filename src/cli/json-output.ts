// Printing a long JSON array without building it as one string: the same text as
// safeJsonStringify(items, 2), written a megabyte at a time, so `history --events --json` over
// 100,000 lines does not hold a second copy of every line as text, nor `history --json` every agent.
import {safeJsonStringify} from '../core/text/safe-text.js';

const CHUNK_CHARS = 1024 * 1024;

/**
 * Writes `items` as a 2-space JSON array and a newline, exactly as `safeJsonStringify([...items], 2)`
 * would. Items are taken one at a time: an iterable that makes each as it is asked for never has
 * them all in memory.
 */
export function writeJsonArray(items: Iterable<unknown>, write: (text: string) => void = text => void process.stdout.write(text)): void {
	let chunk = '';
	let first = true;
	for (const item of items) {
		// JSON text has no raw newline inside a string, so every line break is structure: indent them all.
		chunk += `${first ? '[\n' : ',\n'}  ${safeJsonStringify(item, 2).replaceAll('\n', '\n  ')}`;
		first = false;
		if (chunk.length >= CHUNK_CHARS) {
			write(chunk);
			chunk = '';
		}
	}
	write(first ? '[]\n' : `${chunk}\n]\n`);
}
