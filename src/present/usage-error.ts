// A usage error as commander words it, made safe and bounded: commander quotes the argument it
// refused whole (`argument '<130 KB>' is invalid.`), so a long one is cut in the quote, and any
// line still too long at its end. Pure.
import {head} from '../core/text/bounded.js';
import {safeText} from '../core/text/safe-text.js';

/** The most of a refused argument quoted (UTF-16 units). */
export const QUOTED_MAX = 200;
/** The longest line of a usage error. */
export const LINE_MAX = 2000;

const cut = (text: string, max: number): string => (text.length <= max ? text : `${head(text, max - 1)}…`);

export function usageErrorText(text: string): string {
	const quoted = text.replace(
		/(argument ')([\s\S]*)(' is invalid\.)/u,
		(_all, open: string, value: string, close: string) => `${open}${cut(value, QUOTED_MAX)}${close}`,
	);
	return safeText(quoted)
		.split('\n')
		.map(line => cut(line, LINE_MAX))
		.join('\n');
}
