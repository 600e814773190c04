// The task of a workflow agent, not its frame: Claude Code puts a ~420-character notice
// (`[Workflow harness — computed task] … The computed task text follows:`) before the task a
// workflow script computed, and indents every line of that task. Pure.

/** How the frame starts (docs/claude-code-hooks.md#workflows). */
export const WORKFLOW_FRAME_START = '[Workflow harness';

/** A frame is one paragraph: past this, it is not one. */
const FRAME_MAX = 4096;

/** True when a prompt starts with the workflow harness's frame. */
export function isFramed(prompt: string | undefined): boolean {
	return prompt !== undefined && prompt.trimStart().startsWith(WORKFLOW_FRAME_START);
}

/** The smallest indent of the lines that have text. */
function commonIndent(lines: readonly string[]): number {
	let indent = Number.POSITIVE_INFINITY;
	for (const line of lines) {
		if (line.trim() !== '') {
			indent = Math.min(indent, line.length - line.trimStart().length);
		}
	}
	return Number.isFinite(indent) ? indent : 0;
}

/**
 * The task of a prompt: the text after the frame with the frame's indent taken off, when the
 * prompt has the frame; else the prompt as it is. A frame with nothing after it leaves undefined
 * (the frame is never the task).
 */
export function taskOfPrompt(prompt: string | undefined): string | undefined {
	if (prompt === undefined || !isFramed(prompt)) {
		return prompt;
	}
	const start = prompt.length - prompt.trimStart().length;
	const nl = prompt.indexOf('\n', start);
	if (nl < 0 || nl - start > FRAME_MAX) {
		return undefined;
	}
	const lines = prompt.slice(nl + 1).split('\n');
	const indent = commonIndent(lines);
	const task = lines
		.map(line => line.slice(Math.min(indent, line.length - line.trimStart().length)))
		.join('\n')
		.trim();
	return task === '' ? undefined : task;
}
