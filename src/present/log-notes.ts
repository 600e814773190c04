// The notes about lines skipped and logs not read, as the reading commands print them on stderr:
// the first few, then how many more, every string from the logs made safe.
import {safeLine} from '../core/text/safe-text.js';

export interface LogNotesShown {
	readonly notes: readonly {readonly file: string; readonly lineNumber?: number; readonly reason: string}[];
	/** All of them, the ones not in `notes` too. */
	readonly count: number;
}

/** One line a note, then one for the rest; '' when there is none. */
export function logNotesText(notes: LogNotesShown): string {
	let text = '';
	for (const n of notes.notes) {
		const where = n.lineNumber === undefined ? safeLine(n.file) : `${safeLine(n.file)} line ${n.lineNumber}`;
		text += `agentlog: skipped ${where}: ${safeLine(n.reason)}\n`;
	}
	const more = notes.count - notes.notes.length;
	if (more > 0) {
		text += `agentlog: and ${more} more skipped (lines that could not be read, or logs that could not be opened)\n`;
	}
	return text;
}
