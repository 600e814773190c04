// Word-wrapping text to a width, for the detail pane and the lifecycle lines. Pure.
import {foldedHead, pointsUpTo} from './bounded.js';
import {fit} from './cut.js';

/** Word-wraps `text` (whitespace folded) into at most `lines` lines of `width`; a cut last line ends in `…`. */
export function wrapText(text: string, width: number, lines: number): string[] {
	// A few lines need only the start of a huge text; past that, `more` marks the last line cut.
	const bounded = lines < 10_000;
	const {flat, more} = bounded ? foldedHead(text, (lines + 1) * (width + 1)) : {flat: text, more: false};
	const all: string[] = [];
	let line = '';
	for (const word of flat.split(/\s+/).filter(Boolean)) {
		const next = line ? `${line} ${word}` : word;
		if (pointsUpTo(next, width) <= width || !line) {
			line = next;
		} else {
			all.push(line);
			line = word;
		}
	}
	if (line) {
		all.push(line);
	}
	if (more && all.length > 0 && all.length <= lines) {
		all[all.length - 1] = fit(`${all[all.length - 1]} …`, Math.max(1, Math.min(width, pointsUpTo(all[all.length - 1] ?? '', width) + 1)));
	}
	if (all.length <= lines) {
		return all.map(l => fit(l, width));
	}
	const kept = all.slice(0, lines - 1).map(l => fit(l, width));
	return [...kept, fit(all.slice(lines - 1).join(' '), width)];
}
