// The one JSON line the hook prints for Claude Code: a stop's answer and a notification's
// `terminalSequence` in one object when both are due (Claude Code reads one JSON value). Pure.

/** The line to print, or undefined when there is nothing to say. Each part is one JSON object line. */
export function oneAnswer(stop: string | undefined, notify: string | undefined): string | undefined {
	if (stop === undefined || notify === undefined) {
		return stop ?? notify;
	}
	try {
		const merged = {...(JSON.parse(notify) as object), ...(JSON.parse(stop) as object)};
		return `${JSON.stringify(merged)}\n`;
	} catch {
		// A stop matters more than a bell.
		return stop;
	}
}
