// What could not be read of the event logs: the first few problems with their details, and a count.

/** How many problems are kept with their details; the rest are only counted. */
export const MAX_NOTES = 5;

/** A line skipped or a log not read: where (the session folder's safe label) and why. */
export interface LogNote {
	/** `<activity>/<session label>/events.jsonl`. Not yet display-safe: print through safeLine. */
	readonly file: string;
	readonly lineNumber?: number;
	readonly reason: string;
}

export interface LogNotes {
	/** The first `MAX_NOTES`. */
	readonly notes: LogNote[];
	/** All of them. */
	count: number;
}

export function note(notes: LogNotes, item: LogNote): void {
	notes.count += 1;
	if (notes.notes.length < MAX_NOTES) {
		notes.notes.push(item);
	}
}
