// Printing a long JSON array without building it as one string: the same text as
// safeJsonStringify(items, 2), written a megabyte at a time, so `history --events --json` over
// 100,000 lines does not hold a second copy of every line as text.
import {safeJsonStringify} from '../core/text/safe-text.js';

const CHUNK_CHARS = 1024 * 1024;

/** Writes `items` as a 2-space JSON array and a newline, exactly as `safeJsonStringify(items, 2)` would. */
export function writeJsonArray(items: readonly unknown[], write: (text: string) => void = text => void process.stdout.write(text)): void {
	if (items.length === 0) {
		write('[]\n');
		return;
	}
	let chunk = '[\n';
	for (let i = 0; i < items.length; i++) {
		// JSON text has no raw newline inside a string, so every line break is structure: indent them all.
		chunk += `  ${safeJsonStringify(items[i], 2).replaceAll('\n', '\n  ')}${i < items.length - 1 ? ',' : ''}\n`;
		if (chunk.length >= CHUNK_CHARS) {
			write(chunk);
			chunk = '';
		}
	}
	write(`${chunk}]\n`);
}
