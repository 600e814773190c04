// The one place the text of an event-log line is made safe for a terminal (as `displayRecord` is
// for agent files). The log is read exactly (src/store/history/event-log.ts) so that `--json` and
// `--events` print the values as written (through safeJsonStringify); anything that shows a line
// or a value from it on the screen or in a table goes through `displayEventLine` first. Pure.
import {isObject, type Json} from '../record/json.js';
import {safeJson, safeLine} from '../text/safe-text.js';
import type {EventLine, GitState} from '../record/event-line.js';

/** Keys of `data` that keep their newlines (shown as Markdown or a block); every other string there is one line. */
const MULTILINE_DATA_KEYS: ReadonlySet<string> = new Set(['lastMessage', 'prompt']);

function lineOrSame(value: string | undefined): string | undefined {
	return value === undefined ? undefined : safeLine(value);
}

function displayGit(git: GitState): GitState {
	const head = lineOrSame(git.head);
	const branch = lineOrSame(git.branch);
	return head === git.head && branch === git.branch ? git : {...(head === undefined ? {} : {head}), ...(branch === undefined ? {} : {branch})};
}

function displayData(data: Json): Json {
	const safe = safeJson(data);
	let out: Json | undefined;
	for (const [key, value] of Object.entries(safe)) {
		if (MULTILINE_DATA_KEYS.has(key)) {
			continue;
		}
		let shown: unknown = value;
		if (typeof value === 'string') {
			shown = safeLine(value);
		} else if (Array.isArray(value)) {
			const items: readonly unknown[] = value;
			if (items.some(v => typeof v === 'string' && safeLine(v) !== v)) {
				shown = items.map((v: unknown) => (typeof v === 'string' ? safeLine(v) : v));
			}
		}
		if (shown !== value) {
			out ??= {...safe};
			out[key] = shown;
		}
	}
	return out ?? safe;
}

/**
 * An event line as it is shown: every string in it (keys of `data` included) made safe for a
 * terminal (`safeText`: controls made visible, bidi and zero-width characters removed); the
 * one-line fields (`at`, `event`, ids, `type`, `cwd`, `git`, and every string of `data` but
 * `lastMessage` and `prompt`, also in arrays such as SessionEnd's `interrupted`) also flattened
 * (`safeLine`). Returns the same object when nothing changes (the usual case).
 */
export function displayEventLine(line: EventLine): EventLine {
	const shown: {-readonly [K in keyof EventLine]: EventLine[K]} = {
		...line,
		at: safeLine(line.at),
		event: safeLine(line.event),
		sessionId: safeLine(line.sessionId),
	};
	if (line.agentId !== undefined) {
		shown.agentId = safeLine(line.agentId);
	}
	if (line.type !== undefined) {
		shown.type = safeLine(line.type);
	}
	if (line.cwd !== undefined) {
		shown.cwd = safeLine(line.cwd);
	}
	if (line.git !== undefined) {
		shown.git = displayGit(line.git);
	}
	if (line.data !== undefined && isObject(line.data)) {
		shown.data = displayData(line.data);
	}
	const keys = Object.keys(shown) as (keyof EventLine)[];
	return keys.every(key => shown[key] === line[key]) ? line : shown;
}
