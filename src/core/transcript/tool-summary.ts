// One line about a tool call (`Grep router\\.(get|post)`, `Edit src/app.ts`), and the files
// the editing tools change. Pure.
import {isObject, str} from '../record/json.js';
import {truncate} from '../text/cut.js';
import {safeLine} from '../text/safe-text.js';

const SUMMARY_LENGTH = 120;

/**
 * Whitespace folded, cut to `max` characters + `…`, and made safe for a terminal (`safeLine`,
 * after the cut: a long tool result costs a scan, not a sanitised copy).
 */
export function oneLine(text: string, max: number): string {
	return safeLine(truncate(text, max));
}

/** A path shown relative to the agent's working folder when it is inside it. */
export function shortPath(file: string, cwd: string | undefined): string {
	if (cwd && file.startsWith(`${cwd}/`)) {
		return file.slice(cwd.length + 1);
	}
	return file;
}

/** One line about a tool call: the tool and the input that matters (`Grep router\.(get|post)`). */
export function toolSummary(name: string, input: unknown, cwd?: string): string {
	const o = isObject(input) ? input : {};
	const path = str(o.file_path) ?? str(o.notebook_path) ?? str(o.path);
	let detail: string | undefined;
	switch (name) {
		case 'Bash':
			detail = str(o.description) ?? str(o.command)?.split('\n')[0];
			break;
		case 'Grep':
		case 'Glob':
			detail = [str(o.pattern), path ? shortPath(path, cwd) : undefined].filter(Boolean).join(' in ');
			break;
		case 'WebFetch':
			detail = str(o.url);
			break;
		case 'WebSearch':
			detail = str(o.query);
			break;
		case 'Agent':
		case 'Task':
			detail = str(o.description) ?? str(o.subagent_type);
			break;
		case 'TodoWrite':
			detail = Array.isArray(o.todos) ? `${o.todos.length} todos` : undefined;
			break;
		default:
			detail = path ? shortPath(path, cwd) : Object.values(o).find((v): v is string => typeof v === 'string');
	}
	return oneLine(detail ? `${name} ${detail}` : name, SUMMARY_LENGTH);
}

const EDIT_TOOLS = new Set(['Write', 'Edit', 'MultiEdit', 'NotebookEdit']);

/** The file a Write/Edit/MultiEdit/NotebookEdit call changes. */
export function editedFile(name: string, input: unknown): string | undefined {
	if (!EDIT_TOOLS.has(name) || !isObject(input)) {
		return undefined;
	}
	return str(input.file_path) ?? str(input.notebook_path);
}
