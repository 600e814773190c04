// What a rollout's items say as text (docs/codex-rollouts.md#rollout-files): the files a patch
// names, a message's text, a tool's output without Codex's wrapping, a call's one-line summary, a
// time; and each string made safe and bounded as it is kept. Pure.
import {isObject, str, type Json} from '../record/json.js';
import {head} from '../text/bounded.js';
import {safeLine, safeText} from '../text/safe-text.js';
import {oneLine} from '../transcript/tool-summary.js';

/** The longest report, task or result text kept (UTF-16 units). */
export const CODEX_TEXT_MAX = 1 << 20;
/** A tool call's one-line summary (UTF-16 units). */
export const SUMMARY_LENGTH = 120;

/** An id as Codex writes one (letters, digits and `._:@-`, at most 128), else undefined. */
export const safeId = (v: unknown): string | undefined => {
	const s = str(v);
	return s !== undefined && /^[A-Za-z0-9][A-Za-z0-9._:@-]{0,127}$/.test(s) ? s : undefined;
};
/** A string kept as safe text, cut to `max`. */
export const text = (v: unknown, max = CODEX_TEXT_MAX): string | undefined => {
	const s = str(v);
	return s === undefined ? undefined : head(safeText(head(s, max)), max);
};
/** A short name kept as one safe line, cut to 256; an empty one is none. */
export const label = (v: unknown): string | undefined => {
	const s = str(v);
	return s === undefined || s.trim() === '' ? undefined : safeLine(head(s, 256));
};

const PATCH_FILE = /^\*\*\* (?:Add File|Update File|Delete File|Move to): (.+)$/gmu;

/** The files an apply_patch input names, in order, once each. */
export function patchFiles(patch: string): string[] {
	const out: string[] = [];
	for (const m of patch.matchAll(PATCH_FILE)) {
		const file = m[1]!.trim();
		if (file !== '' && !out.includes(file)) {
			out.push(file);
		}
	}
	return out;
}

/** The patch text of an apply_patch call: its raw input (custom tool), or the `input` of its JSON arguments. */
export function patchText(payload: Json): string | undefined {
	const raw = str(payload.input) ?? str(payload.arguments);
	if (raw === undefined) {
		return undefined;
	}
	if (raw.trimStart().startsWith('{')) {
		try {
			const json: unknown = JSON.parse(raw);
			return isObject(json) ? str(json.input) : undefined;
		} catch {
			return raw;
		}
	}
	return raw;
}

/** A Unix time in seconds (task_started.started_at) or an ISO line time, as ISO; undefined when neither. */
export function isoOf(seconds: unknown, lineTime: string | undefined): string | undefined {
	// Dates reach ±8.64e15 ms: a larger value (1e300) would throw.
	if (typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 && seconds * 1000 <= 8.64e15) {
		return new Date(seconds * 1000).toISOString();
	}
	return lineTime;
}

/** The text of a message's content parts (`input_text` / `output_text`). */
export function contentText(content: unknown): string {
	if (typeof content === 'string') {
		return content;
	}
	if (!Array.isArray(content)) {
		return '';
	}
	return content
		.map(part => (isObject(part) ? (str(part.text) ?? '') : ''))
		.filter(Boolean)
		.join('\n');
}

const EXEC_HEADER = /^Chunk ID: [^\n]*\nWall time: [^\n]*\n(?:Process exited with code (-?\d+)\n)?(?:Original token count: [^\n]*\n)?Output:\n?/u;
const SCRIPT_HEADER = /^Script completed\nWall time [^\n]*\nOutput:\n/u;

/**
 * A tool's output as Codex wrapped it, unwrapped to what the tool printed: exec_command's
 * `Chunk ID … Output:` header and code mode's `Script completed … Output:` with its JSON are
 * dropped; a non-zero exit code is kept in front (`exit 1: …`).
 */
export function outputText(output: unknown): string {
	const text = typeof output === 'string' ? output : Array.isArray(output) ? contentText(output) : isObject(output) ? (str(output.content) ?? '') : '';
	const exec = EXEC_HEADER.exec(text);
	if (exec !== null) {
		const rest = text.slice(exec[0].length);
		return exec[1] !== undefined && exec[1] !== '0' ? `exit ${exec[1]}: ${rest}` : rest;
	}
	const script = SCRIPT_HEADER.exec(text);
	if (script !== null) {
		let json: unknown;
		try {
			json = JSON.parse(text.slice(script[0].length));
		} catch {
			return text.slice(script[0].length);
		}
		if (isObject(json) && typeof json.output === 'string') {
			const code = json.exit_code;
			return typeof code === 'number' && code !== 0 ? `exit ${code}: ${json.output}` : json.output;
		}
		return text.slice(script[0].length);
	}
	return text;
}

/** A user message that is Codex's own context, not a task (`<environment_context>`, `<user_instructions>`…). */
export function isContextMessage(t: string): boolean {
	return /^\s*<[a-z_]+>/.test(t);
}

export function callSummary(name: string, args: unknown): string {
	let detail: string | undefined;
	const raw = str(args);
	let parsed: unknown;
	try {
		parsed = raw === undefined ? args : JSON.parse(raw);
	} catch {
		parsed = undefined;
	}
	if (isObject(parsed)) {
		const command = parsed.command ?? parsed.cmd;
		detail = Array.isArray(command)
			? command.filter(c => typeof c === 'string').join(' ')
			: (str(command) ?? str(parsed.message) ?? str(parsed.task_name) ?? str(parsed.path));
	}
	return oneLine(detail ? `${name} ${detail}` : name, SUMMARY_LENGTH);
}
