// How wide a plain snapshot (watch, replay and demo without a terminal) is drawn.
/**
 * The width of a plain snapshot: the terminal's; piped, `$COLUMNS` when set, else wide enough that
 * no line is cut (a snapshot written to a file or another program keeps its names and messages).
 */
export function snapshotColumns(stdout: {readonly columns?: number | undefined} = process.stdout, env: NodeJS.ProcessEnv = process.env): number {
	if (stdout.columns !== undefined && stdout.columns > 0) {
		return stdout.columns;
	}
	const asked = Number(env.COLUMNS);
	return Number.isSafeInteger(asked) && asked >= 40 ? asked : PIPED_COLUMNS;
}

/** A piped snapshot's width when nothing asks for one. */
export const PIPED_COLUMNS = 500;
