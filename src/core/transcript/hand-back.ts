// Claude Code's hand-back frame: the text it wraps a subagent's report in for the parent model
// (`[Subagent hand-back] The text below is the final report of a subagent … The report follows:`,
// the report indented by two spaces, then `agentId: … (use SendMessage …)` and `<usage>…</usage>`;
// 2.1.328). The frame is Claude Code's words, never the agent's report: an agent stopped by a
// hook has an empty report, and its result's text is the frame alone. Pure.

/** How the frame starts, at the start of a line. */
export const HAND_BACK_MARK = '[Subagent hand-back]';
const REPORT_FOLLOWS = 'The report follows:';
const TRAILER = /\n(?:agentId: |<usage>)/u;

function markAt(text: string): number {
	if (text.startsWith(HAND_BACK_MARK)) {
		return 0;
	}
	const at = text.indexOf(`\n${HAND_BACK_MARK}`);
	return at < 0 ? -1 : at + 1;
}

/** Whether the text holds the hand-back frame (at the start of a line). */
export function hasHandBack(text: string): boolean {
	return markAt(text) >= 0;
}

/**
 * The report in a result's model-facing text: the text itself when it holds no hand-back frame;
 * else what the frame wraps, its two-space indent and the trailer removed; undefined when that is
 * empty (the frame alone is no report).
 */
export function reportWithoutHandBack(text: string): string | undefined {
	const mark = markAt(text);
	if (mark < 0) {
		return text.trim() === '' ? undefined : text;
	}
	const follows = text.indexOf(REPORT_FOLLOWS, mark);
	if (follows < 0) {
		return undefined;
	}
	let body = text.slice(follows + REPORT_FOLLOWS.length);
	const trailer = TRAILER.exec(body);
	if (trailer !== null) {
		body = body.slice(0, trailer.index);
	}
	const report = body
		.split('\n')
		.map(line => (line.startsWith('  ') ? line.slice(2) : line))
		.join('\n')
		.trim();
	return report === '' ? undefined : report;
}
